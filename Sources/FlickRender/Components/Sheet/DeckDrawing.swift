import FlickCore
import Foundation

/// The presenting view behind a `presentation: deck` card, as its state gives it: black over the viewport, the
/// background drawn scaled into `presentingFrame` under rounded top corners, then black at 1 − alpha over it
/// (DeckTransition's rounded view over its snapshot). Nothing here is worked out from the sheet: the numbers are
/// the state's.
enum DeckDrawing {
    static func draw(_ presenting: PresentingState, background: Background, in context: DrawContext) {
        let canvas = context.canvas
        canvas.paint(Color.black)
        let frame = presenting.frame
        let corners = CornerRadii(top: presenting.cornerRadius, bottom: 0)
        canvas.saved {
            canvas.clip(roundedRect: frame, radii: corners)
            canvas.translate(frame.minX, frame.minY)
            canvas.scale(presenting.scale, presenting.scale)
            // The map's pixel cache holds it unscaled, so the scaled map is drawn as vectors.
            var scaled = context
            scaled.mapCache = nil
            BackgroundDrawing.draw(background, in: scaled)
        }
        if presenting.alpha < 1 {
            canvas.fill(roundedRect: frame, radii: corners, Color.black.withAlpha(1 - presenting.alpha))
        }
    }
}
