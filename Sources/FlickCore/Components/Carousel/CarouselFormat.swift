import Foundation
import FlickPhysics

// The keys of the component (docs/scenario-format.md): they drive the decoder, the JSON Schema and the docs.
extension ScenarioFormat {
    func carousel(_ m: Mapping) -> CarouselSpec? {
        let d = Defaults.carousel
        let cards = m.required("cards", .list(of: card, minCount: 1), "The cards, left to right.")
        let width = m.required("cardWidth", .number(.positive.upTo(ScenarioDecoder.maximumCardWidth)),
                               "Points; a page is one card and the spacing after it.")
        let spacing = m.value("spacing", .number(.nonNegative.upTo(ScenarioDecoder.maximumCardWidth)), default: d.spacing,
                              "Points between two cards.")
        let initialCard = m.value("initialCard", .integer(.nonNegative), default: d.initialCard, "The card centred first (from 0).")
        let paging = m.value("paging", paging, default: d.paging, "Where a release comes to rest.")
        let pageControl = m.value("pageControl", .bool, default: d.pageControl, "Draws page dots under the cards.")
        let cornerRadius = m.value("cornerRadius", .number(.margin), default: d.cornerRadius, "Points.")
        guard !m.failed, let cards, let width, let spacing, let initialCard, let paging, let pageControl, let cornerRadius else {
            return nil
        }
        let length = Double(cards.count) * (width + spacing)
        if initialCard >= cards.count {
            m.fail("initialCard", "card \(initialCard) does not exist; the carousel has \(cards.count) card\(cards.count == 1 ? "" : "s") (0...\(cards.count - 1))")
        } else if length > ScenarioDecoder.maximumContentLength {
            m.fail("\(cards.count) cards of \(say(width + spacing)) pt make \(say(length)) pt of content; the limit is \(say(ScenarioDecoder.maximumContentLength)) pt")
        }
        return CarouselSpec(cards: cards, cardWidth: width, spacing: spacing, initialCard: initialCard, paging: paging,
                            pageControl: pageControl, cornerRadius: cornerRadius)
    }

    var card: Value<Card> {
        .object("card", "One card of a carousel.") { m in
            let title = m.required("title", .text(), "Drawn on the card.")
            let subtitle = m.optional("subtitle", .text(), "Drawn under the title.")
            let color = m.optional("color", .color, "The card's colour, \"#rrggbb\". Default: the theme's accent for its index.")
            return title.map { Card(title: $0, subtitle: subtitle, color: color) }
        }
    }
}

extension Defaults {
    static let carousel = CarouselSpec(cards: [], cardWidth: 1)
}
