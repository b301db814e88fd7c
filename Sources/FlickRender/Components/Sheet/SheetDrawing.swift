import FlickCore
import Foundation

/// A sheet (or card) at `sheet.top`: the dimming under it, a soft shadow, the body with rounded top
/// corners, the grabber, the header with its title, and its content clipped to the body.
enum SheetDrawing {
    /// The grabber's size and distance from the sheet's top edge (UISheetPresentationController: 36×5 at 5 pt).
    static let grabberSize = Size(width: 36, height: 5)
    static let grabberInset = 5.0
    /// How far the body is drawn below the viewport, so a sheet rubber-banding upwards shows no bottom edge.
    static let overhang = 400.0
    /// Layers of the shadow; each adds a little darkness, spreading `shadowSpread` points above the edge.
    static let shadowLayers = 8
    static let shadowSpread = 12.0

    static func draw(_ spec: SheetSpec, key: String, in context: DrawContext) {
        guard let sheet = context.frame.sheet(key) else { return }
        let canvas = context.canvas
        let palette = context.palette
        let view = context.viewport
        if sheet.dimming > 0 {
            canvas.fill(view, Color.black.withAlpha(min(1, sheet.dimming)))
        }
        let top = sheet.top
        guard top < view.maxY else { return }
        let body = Rect(x: sheet.frame.minX, y: top, width: sheet.frame.width, height: max(0, view.maxY - top) + overhang)
        let radius = spec.cornerRadius
        let corners = CornerRadii(top: radius, bottom: 0)

        // Shadow: stacked translucent outlines, darkest nearest the edge. Only a band at the top edge is ever
        // visible (the opaque body covers the rest), so the layers stop there: full-height layers cost more
        // than the whole map. A deck card has none (DeckTransition draws the card flat on the presenting view).
        let band = shadowSpread + 2 * radius + 8
        for layer in (1...shadowLayers).reversed() where spec.presentation == .plain {
            let spread = shadowSpread * Double(layer) / Double(shadowLayers)
            let rect = Rect(x: body.minX - spread, y: body.minY - spread, width: body.width + 2 * spread,
                            height: band + spread)
            canvas.fill(roundedRect: rect, radii: CornerRadii(top: radius + spread, bottom: 0),
                        palette.shadow.withAlpha(context.scenario.theme == .dark ? 0.05 : 0.022))
        }
        canvas.fill(roundedRect: body, radii: corners, palette.sheet)

        let headerHeight = spec.header?.height ?? 0
        // Content first, clipped to the body below the header; the header draws over it.
        canvas.saved {
            canvas.clip(roundedRect: Rect(x: body.minX, y: body.minY + headerHeight, width: body.width,
                                          height: body.height - headerHeight),
                        radii: headerHeight > 0 ? CornerRadii(0) : corners)
            if let image = spec.image { context.pictures?.draw(image, filling: body, on: canvas) }
            ComponentDrawing.draw(spec.content, in: context)
        }
        if let header = spec.header {
            drawHeader(header, top: top, width: body.width, hasGrabber: spec.grabber, corners: corners, in: context)
        }
        if spec.grabber {
            let grabber = Rect(x: body.minX + (body.width - grabberSize.width) / 2, y: top + grabberInset,
                               width: grabberSize.width, height: grabberSize.height)
            canvas.fill(roundedRect: grabber, radius: grabberSize.height / 2, palette.grabber)
        }
    }

    /// The header: the title in bold at the leading margin, its buttons (if any) at the trailing one, a separator below.
    static func drawHeader(_ header: SheetHeader, top: Double, width: Double, hasGrabber: Bool, corners: CornerRadii,
                           in context: DrawContext) {
        let canvas = context.canvas
        let palette = context.palette
        let rect = Rect(x: 0, y: top, width: width, height: header.height)
        canvas.fill(roundedRect: rect, radii: corners, palette.sheet)
        // Below the grabber when there is one.
        let textTop = top + (hasGrabber ? grabberInset + grabberSize.height : 0)
        let midY = (textTop + rect.maxY) / 2
        let titleSize = min(22, max(13, header.height * 0.36))
        var titleRight = width - ListDrawing.margin
        // The buttons it was given, trailing edge first, when the header is tall enough for a title and buttons side by side.
        if header.height >= 44 {
            let buttonSize = min(15, titleSize * 0.72)
            let buttonHeight = buttonSize + 14
            var right = width - ListDrawing.margin
            for buttonTitle in header.buttons.reversed() {
                let buttonWidth = canvas.width(of: buttonTitle, font: .bold, size: buttonSize) + 24
                let button = Rect(x: right - buttonWidth, y: midY - buttonHeight / 2, width: buttonWidth, height: buttonHeight)
                canvas.fill(roundedRect: button, radius: buttonHeight / 2, palette.tint.withAlpha(0.14))
                canvas.drawText(buttonTitle, x: button.minX + button.width / 2,
                                baseline: canvas.baseline(centeringOn: button.minY + button.height / 2, size: buttonSize),
                                font: .bold, size: buttonSize, color: palette.tint, alignment: .center)
                titleRight = button.minX - 12
                right = button.minX - 8
            }
        }
        if !header.title.isEmpty {
            canvas.drawText(header.title, x: ListDrawing.margin, baseline: canvas.baseline(centeringOn: midY, size: titleSize),
                            font: .bold, size: titleSize, color: palette.label, maxWidth: titleRight - ListDrawing.margin)
        }
        canvas.fill(Rect(x: 0, y: context.pixelAligned(rect.maxY) - context.hairline, width: width, height: context.hairline),
                    palette.separator)
    }
}
