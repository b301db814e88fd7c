import Foundation
import FlickPhysics

// The carousel's state in a frame (docs/states.md, "carousel").

/// A card of a carousel on screen.
public struct CardState: Hashable, Sendable {
    public var index: Int
    public var frame: Rect
}

public struct CarouselState: Hashable, Sendable {
    public var key: String
    /// The card it rests at or is settling to.
    public var page: Int
    /// contentOffset.x / page width: 1.5 is halfway between the second and the third card.
    public var fraction: Double
    /// The cards at least partly inside the carousel's frame.
    public var cards: [CardState]
    /// Centres of the page dots, one per card; empty without a page control.
    public var dots: [Point]
    /// The dots' radius in points.
    public var dotRadius: Double
}

extension CarouselState: ComponentState {
    static let collection = StateCollection("carousels", CarouselState.self)
    var paging: PagePosition? { PagePosition(page: page, fraction: fraction, pages: fraction, noun: "card") }
}

extension FrameState {
    /// Every carousel, in document order, each with its component's key.
    public var carousels: [CarouselState] {
        get { states(CarouselState.self) }
        set { setStates(newValue) }
    }
    public func carousel(_ key: String) -> CarouselState? { carousels.first { $0.key == key } }
}

extension CarouselState {
    var json: JSONValue {
        .object([
            ("page", .number(Double(page))),
            ("fraction", .number(fraction)),
            ("cards", .array(cards.map { .object([("index", .number(Double($0.index))), ("frame", $0.frame.json)]) })),
            ("dots", .array(dots.map(\.json))),
            ("dotRadius", .number(dotRadius)),
        ])
    }
}

extension CarouselState {
    init(json: JSONField, key: String) throws(StatesReadError) {
        self.init(key: key, page: try json.int("page"), fraction: try json.number("fraction"),
                  cards: try json.field("cards").items().map { card throws(StatesReadError) in
                      CardState(index: try card.int("index"), frame: try Rect(json: try card.field("frame")))
                  },
                  dots: try json.field("dots").items().map { dot throws(StatesReadError) in try Point(json: dot) },
                  dotRadius: try json.number("dotRadius"))
    }
}
