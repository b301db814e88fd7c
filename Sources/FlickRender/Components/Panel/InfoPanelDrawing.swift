import FlickCore
import Foundation

/// The info panel riding beside the scroll indicator (Path 2; docs/physics.md, "Info panel"): a dark rounded panel with a
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
            let padding = 8.0
            // 13 pt as FlickCore sizes the panel for, smaller rather than truncated when the text is longer.
            let size = canvas.fittingSize(of: panel.text, font: .bold, size: min(13, frame.height * 0.46), minimumSize: 9,
                                          maxWidth: frame.width - 2 * padding)
            let textWidth = canvas.width(of: panel.text, font: .bold, size: size)
            let clockRadius = size * 0.46, clockGap = 5.0
            // Times get a clock, as Path's panel shows, when there is room for both.
            let showsClock = panel.text.contains(":")
                && textWidth + 2 * clockRadius + clockGap + 2 * padding <= frame.width
            let contentWidth = min(frame.width - 2 * padding, textWidth + (showsClock ? 2 * clockRadius + clockGap : 0))
            var x = frame.minX + (frame.width - contentWidth) / 2
            if showsClock {
                let center = Point(x: x + clockRadius, y: midY)
                canvas.strokeCircle(center: center, radius: clockRadius, palette.panelText, width: 1.3)
                canvas.strokeLine([Point(x: center.x, y: center.y - clockRadius * 0.62), center,
                                   Point(x: center.x + clockRadius * 0.5, y: center.y)], palette.panelText, width: 1.3,
                                  roundCaps: true)
                x += 2 * clockRadius + clockGap
            }
            canvas.drawText(panel.text, x: x, baseline: canvas.baseline(centeringOn: midY, size: size), font: .bold,
                            size: size, color: palette.panelText, maxWidth: frame.maxX - padding - x)
        }
    }
}
