import CFlickCairo
import FlickCore
import Foundation

/// The pinned typefaces, for drawing outside this module (charts and contact sheets).
public enum TextWeight: Sendable {
    case regular, bold, mono

    var font: Font {
        switch self {
        case .regular: .regular
        case .bold: .bold
        case .mono: .mono
        }
    }
}

/// Where a line of text sits relative to the x it is drawn at.
public enum TextAnchor: Sendable {
    case left, center, right

    var alignment: TextAlignment {
        switch self {
        case .left: .left
        case .center: .center
        case .right: .right
        }
    }
}

/// The drawing operations other modules use (FlickReview's contact sheet and motion plot), in the canvas's
/// current units, with the same pinned text settings as the frames.
extension Canvas {
    /// Fails when the pinned font cannot be loaded; call before drawing text.
    public static func requireFonts() throws { try FontBook.require() }

    /// Runs `body` between cairo_save and cairo_restore.
    public func preservingState<R>(_ body: () throws -> R) rethrows -> R { try saved(body) }

    public func clip(to rect: Rect) { clip(rect) }

    public func fill(_ rect: Rect, color: Color) { fill(rect, color) }

    public func fill(_ rect: Rect, cornerRadius: Double, color: Color) { fill(roundedRect: rect, radius: cornerRadius, color) }

    public func stroke(_ rect: Rect, color: Color, width: Double) {
        strokeLine([Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY),
                    Point(x: rect.minX, y: rect.maxY), Point(x: rect.minX, y: rect.minY)], color, width: width)
    }

    /// Strokes a polyline through `points` (round joins, butt caps; `dash` lengths alternate on and off).
    public func stroke(polyline points: [Point], color: Color, width: Double, dash: [Double] = []) {
        strokeLine(points, color, width: width, dash: dash)
    }

    public func fill(polygon points: [Point], color: Color) { fillPolygon(points, color) }

    public func fill(circle center: Point, radius: Double, color: Color) { fillCircle(center: center, radius: radius, color) }

    /// The advance width of `text`.
    public func textWidth(_ text: String, weight: TextWeight, size: Double) -> Double {
        width(of: text, font: weight.font, size: size)
    }

    /// One line of text with its baseline at `y`; wider than `maxWidth`, it is cut with an ellipsis.
    public func text(_ text: String, x: Double, baseline y: Double, weight: TextWeight = .regular, size: Double,
                     color: Color, anchor: TextAnchor = .left, maxWidth: Double = .infinity) {
        drawText(text, x: x, baseline: y, font: weight.font, size: size, color: color, alignment: anchor.alignment,
                 maxWidth: maxWidth)
    }

    /// Paints `image` scaled into `rect` with Cairo's GOOD filter (a box filter when shrinking).
    public func draw(_ image: ImageSurface, in rect: Rect) {
        saved {
            cairo_new_path(context)
            cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(context)
            cairo_translate(context, rect.minX, rect.minY)
            cairo_scale(context, rect.width / Double(image.pixelWidth), rect.height / Double(image.pixelHeight))
            cairo_set_source_surface(context, image.pointer, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_paint(context)
        }
    }

    /// Copies `image` with its top-left corner at device pixel (`x`, `y`): no resampling.
    public func copy(_ image: ImageSurface, toDevicePixelX x: Int, y: Int) { paint(image, atDevicePixelX: x, y: y) }
}
