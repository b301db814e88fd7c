import Foundation
import FlickPhysics

/// One card of a carousel.
public struct Card: Hashable, Sendable {
    public var title: String
    public var subtitle: String?
    /// `#rrggbb`; nil takes the theme's accent for the card's index.
    public var color: String?

    public init(title: String, subtitle: String? = nil, color: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.color = color
    }
}

/// A `carousel`: horizontally paged cards narrower than the screen, centred, with the neighbours peeking
/// (App Store, Maps). A page is one card width plus the spacing, not the frame's width.
public struct CarouselSpec: Sendable {
    public var cards: [Card]
    /// Points.
    public var cardWidth: Double
    /// Points between two cards.
    public var spacing: Double
    public var initialCard: Int
    public var paging: PagingMode
    /// Page dots under the cards.
    public var pageControl: Bool
    public var cornerRadius: Double

    public static let defaultSpacing = 12.0
    public static let defaultCornerRadius = 14.0

    public init(cards: [Card], cardWidth: Double, spacing: Double = CarouselSpec.defaultSpacing, initialCard: Int = 0,
                paging: PagingMode = .page, pageControl: Bool = true,
                cornerRadius: Double = CarouselSpec.defaultCornerRadius) {
        self.cards = cards
        self.cardWidth = cardWidth
        self.spacing = spacing
        self.initialCard = initialCard
        self.paging = paging
        self.pageControl = pageControl
        self.cornerRadius = cornerRadius
    }

    /// The distance between two resting positions: a card and the gap after it.
    public var pageWidth: Double { cardWidth + spacing }
}
