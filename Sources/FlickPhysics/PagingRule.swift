import Foundation

/// Where a paging scroll view's release goes (`Paging`), and how it gets there.
public struct PagingRule: Hashable, Sendable {
    /// A release faster than this (pt/s) adds half a page in its direction: UIKit 50, Flutter its tolerance velocity.
    public var velocityThreshold: Double
    /// UIKit: a release moves at most one page from the page the drag started on. Flutter has no such limit.
    public var limitsToAdjacentPage: Bool
    /// How the page settles.
    public var settle: Settle
    /// The drag-end fling gate, if any.
    public var gate: FlingGate?
    /// The rate Flick's snapped scrolling (`paging: {snap: p}`) projects a release with: UIScrollView's.
    public var projectionRate: DecelerationRate = .normal

    public enum Settle: Hashable, Sendable {
        /// UIScrollView's paging motion (`UIKitPaging`), whose constants depend on the scroll view's width, ending
        /// within `threshold`.
        case uikit(threshold: Double)
        /// A closed-form spring (`physics.pagingSpring`), ending within `threshold`.
        case spring(Spring, threshold: Double)
        /// Flutter's `ScrollSpringSimulation` with the default spring, ending by the tolerance.
        case flutterSpring(Spring, Tolerance)
    }

    public init(velocityThreshold: Double, limitsToAdjacentPage: Bool, settle: Settle, gate: FlingGate? = nil) {
        self.velocityThreshold = velocityThreshold
        self.limitsToAdjacentPage = limitsToAdjacentPage
        self.settle = settle
        self.gate = gate
    }

    /// UIScrollView's paging as Flick models it.
    public static func uikit(display: PhysicsDisplay) -> PagingRule {
        PagingRule(velocityThreshold: Paging.defaultVelocityThreshold, limitsToAdjacentPage: true,
                   settle: .uikit(threshold: display.halfPixel))
    }

    /// Flutter's `PageScrollPhysics` (`widgets/page_view.dart`).
    public static func flutter(tolerance: Tolerance, gate: FlingGate?) -> PagingRule {
        PagingRule(velocityThreshold: tolerance.velocity, limitsToAdjacentPage: false,
                   settle: .flutterSpring(BouncingScrollPhysics.defaultSpring, tolerance), gate: gate)
    }

    /// The page a release of mode `page` goes to (`Paging.targetPage`), limited to the neighbours of `dragStartPage`
    /// when the system does so, and to `0..<pageCount`.
    public func targetPage(offset: Double, pageWidth: Double, velocity: Double, dragStartPage: Int,
                           pageCount: Int) -> Int {
        pageDecision(offset: offset, pageWidth: pageWidth, velocity: velocity, dragStartPage: dragStartPage,
                     pageCount: pageCount).page
    }

    /// Why a release goes to its page: the page position at the release, the half page its velocity added, the
    /// page that rounds to, and the limits that moved it.
    public struct PageDecision: Hashable, Sendable {
        /// The chosen page.
        public var page: Int
        /// offset ÷ page width at the release.
        public var position: Double
        /// +0.5 or −0.5 when the velocity passed `velocityThreshold` that way, else 0.
        public var nudge: Double
        /// The page `position + nudge` rounds to (halves away from zero), before any limit.
        public var rounded: Int
        /// The page the drag started on, when the one-page limit moved the choice.
        public var limitedFrom: Int?
    }

    /// `targetPage`, with its reasons.
    public func pageDecision(offset: Double, pageWidth: Double, velocity: Double, dragStartPage: Int,
                             pageCount: Int) -> PageDecision {
        guard pageWidth > 0, pageCount > 0 else {
            return PageDecision(page: 0, position: 0, nudge: 0, rounded: 0, limitedFrom: nil)
        }
        let rounded = Paging.targetPage(offset: offset, pageWidth: pageWidth, velocity: velocity,
                                        velocityThreshold: velocityThreshold)
        var page = rounded
        if limitsToAdjacentPage { page = min(max(page, dragStartPage - 1), dragStartPage + 1) }
        let nudge = velocity > velocityThreshold ? 0.5 : velocity < -velocityThreshold ? -0.5 : 0
        return PageDecision(page: min(max(page, 0), pageCount - 1), position: offset / pageWidth, nudge: nudge,
                            rounded: rounded, limitedFrom: page != rounded ? dragStartPage : nil)
    }

    /// A scroll to a page that no release started (a tab tap: UIKit's `setContentOffset(_:animated:)`, whose curve is
    /// not published): `Spring.standard` from the current velocity under UIKit's rules, else the release's motion.
    public func scroll(from position: Double, to target: Double, velocity: Double, width: Double,
                       start: Double) -> AxisMotion {
        if case .uikit(let threshold) = settle {
            return .spring(from: position, to: target, velocity: velocity, spring: .standard, threshold: threshold,
                           start: start)
        }
        return self.settle(from: position, to: target, velocity: velocity, width: width, start: start)
    }

    /// The motion to a released page's offset; `width` is the scroll view's size along its axis, on which
    /// UIKit's paging constants depend.
    public func settle(from position: Double, to target: Double, velocity: Double, width: Double,
                       start: Double) -> AxisMotion {
        switch settle {
        case .uikit(let threshold):
            let paging = UIKitPaging(width: width)
            return .spring(from: position, to: target, velocity: paging.continuousVelocity(displacement: position - target,
                                                                                           velocity: velocity),
                           spring: paging.spring, threshold: threshold, start: start)
        case .spring(let spring, let threshold):
            return .spring(from: position, to: target, velocity: velocity, spring: spring, threshold: threshold,
                           start: start)
        case .flutterSpring(let spring, let tolerance):
            return .flutterSpring(.scroll(spring: spring, start: position, end: target, velocity: velocity,
                                          tolerance: tolerance), start: start)
        }
    }
}
