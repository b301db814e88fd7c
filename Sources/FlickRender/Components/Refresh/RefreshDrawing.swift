import FlickCore
import Foundation

/// A list's refresh control (docs/physics.md, "Pull to refresh"): CupertinoActivityIndicator's ticks, drawn from
/// `RefreshState` alone inside the opened space (`refresh.gap`) above the content.
///
/// While pulling, `spinner.ticks` of the eight ticks show at one alpha, the whole faded by `spinner.alpha`; spinning,
/// all eight show with alphas that trail the spin's step.
enum RefreshDrawing {
    /// The ticks' colour: CupertinoActivityIndicator's `_kActiveTickColor`, 0x3C3C44 in light mode and 0xEBEBF5 in
    /// dark, "extracted from iOS 13.2 Beta" (Flutter's cupertino/activity_indicator.dart).
    static func tickColor(_ theme: Theme) -> Color {
        switch theme {
        case .light: Color(rgb: 0x3C3C44)
        case .dark: Color(rgb: 0xEBEBF5)
        }
    }

    /// Alphas (of 255) of the spinning ticks, from the step's tick on around the turn: `_kAlphaValues`, "extracted from
    /// the native component" (activity_indicator.dart).
    static let spinningAlphas = [47, 47, 47, 47, 72, 97, 122, 147]
    /// The alpha (of 255) of each tick revealed while pulling: `_partiallyRevealedAlpha` (activity_indicator.dart).
    static let revealedAlpha = 147

    static func draw(_ refresh: RefreshState, in context: DrawContext) {
        let spinner = refresh.spinner
        guard refresh.gap.height > 0, spinner.alpha > 0, spinner.ticks > 0, spinner.radius > 0 else { return }
        let canvas = context.canvas
        let color = tickColor(context.scenario.theme)
        let r = spinner.radius
        // A tick: a rounded bar from r/3 to r out from the centre, r/5 wide (the painter's `tickFundamentalShape`).
        let tick = Rect(x: -r / 10, y: -r, width: r / 5, height: r - r / 3)
        let count = spinningAlphas.count
        canvas.saved {
            canvas.clip(refresh.gap)
            canvas.withOpacity(min(1, spinner.alpha)) {
                canvas.translate(spinner.center.x, spinner.center.y)
                for i in 0..<min(spinner.ticks, count) {
                    let alpha = spinner.spinning
                        ? spinningAlphas[((i - spinner.activeTick) % count + count) % count] : revealedAlpha
                    canvas.fill(roundedRect: tick, radius: r / 10, color.withAlpha(Double(alpha) / 255))
                    canvas.rotate(2 * Double.pi / Double(count))
                }
            }
        }
    }
}

extension RefreshDrawing: ListAttachmentDrawing {
    static let layer = ListAttachmentLayer.behindRows
    static func draw(list key: String, in context: DrawContext) {
        if let refresh = context.frame.refreshControl(key) { draw(refresh, in: context) }
    }
}
