import FlickCore
import Foundation

/// A `carousel`: the cards on screen at the frames its state gives, each with its title and subtitle, and the
/// page dots under them, the current one lit in proportion to how close the scroll is to its card.
enum CarouselDrawing {
    static let titleSize = 20.0
    static let subtitleSize = 13.0
    static let textInset = 16.0

    static func draw(_ spec: CarouselSpec, key: String, in context: DrawContext) {
        guard let state = context.frame.scrollView(key), let carousel = context.frame.carousel(key) else { return }
        let canvas = context.canvas
        let palette = context.palette
        canvas.saved {
            canvas.clip(state.frame)
            for card in carousel.cards where spec.cards.indices.contains(card.index) {
                drawCard(spec.cards[card.index], index: card.index, frame: card.frame, radius: spec.cornerRadius,
                         in: context)
            }
        }
        for (i, centre) in carousel.dots.enumerated() {
            let lit = max(0, 1 - abs(carousel.fraction - Double(i)))
            canvas.fillCircle(center: centre, radius: carousel.dotRadius,
                              palette.label.withAlpha(0.25 + 0.65 * lit))
        }
    }

    static func drawCard(_ card: Card, index: Int, frame: Rect, radius: Double, in context: DrawContext) {
        let canvas = context.canvas
        let palette = context.palette
        let fill = card.color.flatMap { Color(hex: $0) } ?? palette.accent(index)
        canvas.fill(roundedRect: frame.offsetBy(dx: 0, dy: 2), radius: radius, Color.black.withAlpha(0.10))
        canvas.fill(roundedRect: frame, radius: radius, fill)
        let ink = fill.luminance > 0.6 ? Color.black.withAlpha(0.82) : Color.white
        let width = frame.width - 2 * textInset
        var baseline = frame.maxY - textInset
        if let subtitle = card.subtitle {
            canvas.drawText(subtitle, x: frame.minX + textInset, baseline: baseline, font: .regular, size: subtitleSize,
                            color: ink.withAlpha(0.85), maxWidth: width)
            baseline -= subtitleSize + 6
        }
        canvas.drawText(card.title, x: frame.minX + textInset, baseline: baseline, font: .bold, size: titleSize,
                        color: ink, maxWidth: width)
    }
}
