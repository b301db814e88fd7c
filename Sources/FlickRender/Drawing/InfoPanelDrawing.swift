import FlickCore
import Foundation

/// The info panel riding beside the scroll indicator (seed 002, Path 2): a dark rounded panel with a
/// small clock and the text of the section at its centre, pointing at the indicator, faded by `panel.alpha`.
enum InfoPanelDrawing {
    static let cornerRadius = 7.0
    /// The notch on the trailing edge that points at the indicator.
    static let notchSize = 5.0

    static func draw(_ panel: PanelState, in context: DrawContext) {
        let frame = panel.frame
        guard panel.alpha > 0, frame.width > 0, frame.height > 0 else { return }
        let canvas = context.canvas
        let palette = context.palette
        canvas.withOpacity(min(1, panel.alpha)) {
            canvas.fill(roundedRect: frame.offsetBy(dx: 0, dy: 1), radius: cornerRadius, Color.black.withAlpha(0.12))
            canvas.fill(roundedRect: frame, radius: cornerRadius, palette.panel)
            let midY = frame.minY + frame.height / 2
            canvas.fillPolygon([Point(x: frame.maxX - 0.5, y: midY - notchSize), Point(x: frame.maxX + notchSize, y: midY),
                                Point(x: frame.maxX - 0.5, y: midY + notchSize)], palette.panel)
            let size = min(13, frame.height * 0.46)
            var textLeft = frame.minX + 8
            // Times get a clock, as Path's panel shows.
            if panel.text.contains(":"), frame.width >= 64 {
                let r = size * 0.46
                let center = Point(x: textLeft + r, y: midY)
                canvas.strokeCircle(center: center, radius: r, palette.panelText, width: 1.3)
                canvas.strokeLine([Point(x: center.x, y: center.y - r * 0.62), center,
                                   Point(x: center.x + r * 0.5, y: center.y)], palette.panelText, width: 1.3, roundCaps: true)
                textLeft += 2 * r + 6
            }
            let available = frame.maxX - 8 - textLeft
            let width = min(canvas.width(of: panel.text, font: .bold, size: size), available)
            canvas.drawText(panel.text, x: textLeft + (available - width) / 2, baseline: canvas.baseline(centeringOn: midY, size: size),
                            font: .bold, size: size, color: palette.panelText, maxWidth: available)
        }
    }
}
