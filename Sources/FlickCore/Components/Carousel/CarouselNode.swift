import Foundation
import FlickPhysics

/// The `carousel` component: cards narrower than the screen in a horizontal paging scroll view, each resting
/// centred with its neighbours peeking in at the sides (the App Store's and Maps' card rows).
///
/// A page is one card plus the spacing after it, so paging moves by that distance rather than by the frame's
/// width; the paging rules are the pager's (docs/physics.md, "Paging" and "Snapping").
final class CarouselNode: ComponentNode {
    /// Space above the cards, in points.
    static let topPadding = 8.0
    /// The strip under the cards that holds the page dots, in points (the bottom padding without dots).
    static let pageControlHeight = 24.0
    static let bottomPaddingWithoutDots = 8.0
    /// UIPageControl's look: 7 pt dots, 16 pt from centre to centre.
    static let dotRadius = 3.5
    static let dotPitch = 16.0

    let spec: CarouselSpec
    let key: String
    let scrollView: ScrollView
    private(set) var frame: Rect = .zero

    init(spec: CarouselSpec, key: String, physics: PhysicsPreset) {
        self.spec = spec
        self.key = key
        scrollView = ScrollView(key: key, axis: .horizontal, contentInset: .zero,
                                initialOffset: InitialOffset(x: Double(spec.initialCard) * spec.pageWidth),
                                physics: physics,
                                paging: PagingBehavior(mode: spec.paging, pageCount: spec.cards.count, rule: physics.paging),
                                pageLength: spec.pageWidth, noun: "carousel", pageNames: spec.cards.map(\.title))
    }

    /// The margin that centres a card in the frame.
    var sideMargin: Double { (frame.width - spec.cardWidth) / 2 }

    func layout(frame: Rect, context: LayoutContext, at t: Double) {
        self.frame = frame
        // The last card rests at (count − 1) pages, centred like the others.
        let width = Double(max(0, spec.cards.count - 1)) * spec.pageWidth + frame.width
        scrollView.layout(frame: frame, contentSize: Size(width: width, height: frame.height),
                          safeAreaInsets: .zero)
    }

    func participants(at point: Point, axis: Axis, into chain: inout [NestedScrollParticipant]) {
        if axis == .horizontal && frame.contains(point) { chain.append(scrollView) }
    }

    var ownScrollView: ScrollView? { scrollView }

    func viewportDidResize(at t: Double) {
        scrollView.clampRestingOffset(at: t)
    }

    /// Card `index`'s frame in the viewport for a content offset.
    func cardFrame(_ index: Int, offset: Double) -> Rect {
        let bottom = spec.pageControl ? Self.pageControlHeight : Self.bottomPaddingWithoutDots
        return Rect(x: frame.minX + sideMargin + Double(index) * spec.pageWidth - offset,
                    y: frame.minY + Self.topPadding, width: spec.cardWidth,
                    height: max(0, frame.height - Self.topPadding - bottom))
    }

    func snapshot(at t: Double, into state: inout FrameState) {
        let scroll = ScrollViewState(scrollView, at: t, showsIndicator: false)
        state.scrollViews.append(scroll)
        let offset = scroll.contentOffset.x
        let position = spec.pageWidth > 0 ? offset / spec.pageWidth : 0
        // Only the cards that reach into the frame: a carousel of a thousand cards costs what three cost.
        let first = max(0, Int(saturating: ((offset - sideMargin - spec.cardWidth) / spec.pageWidth).rounded(.down)))
        let last = min(spec.cards.count - 1, Int(saturating: ((offset + frame.width) / spec.pageWidth).rounded(.up)))
        var cards: [CardState] = []
        if first <= last {
            for i in first...last {
                let card = cardFrame(i, offset: offset)
                if card.maxX > frame.minX && card.minX < frame.maxX { cards.append(CardState(index: i, frame: card)) }
            }
        }
        var dots: [Point] = []
        if spec.pageControl {
            let y = frame.maxY - Self.pageControlHeight / 2
            let start = frame.midX - Double(spec.cards.count - 1) * Self.dotPitch / 2
            dots = spec.cards.indices.map { Point(x: start + Double($0) * Self.dotPitch, y: y) }
        }
        state.append(CarouselState(key: key, page: scrollView.currentPage(at: t), fraction: position,
                                   cards: cards, dots: dots, dotRadius: Self.dotRadius))
    }
}
