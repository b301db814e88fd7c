import Foundation

/// How a sheet picks its detent (or leaves) on release, and how it gets there.
public struct SheetRule: Hashable, Sendable {
    /// The rule that picks the detent.
    public enum Target: Hashable, Sendable {
        /// UIKit's sheet: the detent nearest to the top projected at this rate (UIKit's sheet interaction, 0.99; a
        /// release slower than `minimumProjectionSpeed` projects nowhere), among the detents of the segment the sheet is
        /// in when the finger lifts and one more on either side (all detents with `projectsAcrossDetents`); the
        /// sheet's own spring.
        case uikit(DecelerationRate)
        /// FloatingPanel's `targetState` and its stepped attraction.
        case floatingPanel(FloatingPanelBehavior)
        /// Flutter's `DraggableScrollableSheet` snapping (linear, at least 1600 pt/s).
        case flutterSnapping(Tolerance, snapAnimationDuration: Double?)
    }

    /// The rule that lets a dismissible sheet (a card) leave.
    public enum Removal: Hashable, Sendable {
        /// Flick's cards: released past `dismiss.distance` below the lowest detent or faster than `dismiss.velocity`
        /// downwards; the sheet's own spring takes it off screen.
        case uikit
        /// FloatingPanel's `shouldRemove`: velocity ÷ distance to hidden ≥ the behaviour's threshold (5.5 /s); its
        /// removal animator (a spring of response 0.25 s, ζ from `UIScrollView.DecelerationRate.fast`).
        case floatingPanel
        /// Flutter's Material `BottomSheet`: released faster than 700 pt/s downwards, or with less than half of it
        /// showing; `AnimationController.fling`'s spring (mass 1, stiffness 500, critical) takes it off screen.
        case materialBottomSheet
    }

    public var target: Target
    public var removal: Removal
    /// What a drag past the highest detent (or below the lowest, when not dismissible) does.
    public var overscroll: ScrollRule.Overscroll
    /// The drag-end fling gate, if any.
    public var gate: FlingGate?
    /// UIKit's settle threshold, half a pixel.
    public var restThreshold: Double
    /// The display FloatingPanel steps at.
    public var display: PhysicsDisplay
    /// UIKit: a release slower than this (pt/s) projects the sheet where it is (`_UIHyperInteractor`'s minimum speed).
    public var minimumProjectionSpeed = 0.0
    /// Replace the response and the damping ratio of each sheet's own spring (`Release.spring`), when set.
    public var springResponse: Double?
    public var springDampingRatio: Double?

    public init(target: Target, removal: Removal, overscroll: ScrollRule.Overscroll, gate: FlingGate? = nil,
                restThreshold: Double, display: PhysicsDisplay) {
        self.target = target
        self.removal = removal
        self.overscroll = overscroll
        self.gate = gate
        self.restThreshold = restThreshold
        self.display = display
    }

    /// The rate UIKit's sheets project a release with: 0.99 per millisecond, `UIScrollView.DecelerationRate.fast`
    /// (docs/physics.md, "Sheets").
    public static let uikitProjectionRate = DecelerationRate.fast
    /// The slowest release UIKit's sheets project: 250 pt/s (docs/physics.md, "Sheets").
    public static let uikitMinimumProjectionSpeed = 250.0

    /// Where UIKit's sheet interaction projects a release: `top + v·r/(1 − r)/1000`, the distance a velocity
    /// multiplied by `r` every millisecond covers (`_UIHyperInteractor`'s projected point; 0.099 s of the velocity at
    /// 0.99). Flick's scroll projection is the continuous form of the same sum, `−v/(1000·ln r)` (0.0995 s).
    public static func uikitProjection(top: Double, velocity: Double, rate: DecelerationRate) -> Double {
        top + velocity * rate.rawValue / (1 - rate.rawValue) / 1000
    }

    public static func uikit(display: PhysicsDisplay, rate: DecelerationRate = uikitProjectionRate) -> SheetRule {
        var rule = SheetRule(target: .uikit(rate), removal: .uikit,
                             overscroll: .rubberBand(coefficient: RubberBand.defaultCoefficient),
                             restThreshold: display.halfPixel, display: display)
        rule.minimumProjectionSpeed = uikitMinimumProjectionSpeed
        return rule
    }

    public static func floatingPanel(display: PhysicsDisplay,
                                     behavior: FloatingPanelBehavior = .default) -> SheetRule {
        SheetRule(target: .floatingPanel(behavior), removal: .floatingPanel, overscroll: .follow,
                  restThreshold: display.halfPixel, display: display)
    }

    public static func flutter(display: PhysicsDisplay, gate: FlingGate?) -> SheetRule {
        let tolerance = Tolerance.scroll(devicePixelRatio: display.scale)
        return SheetRule(target: .flutterSnapping(tolerance, snapAnimationDuration: nil), removal: .materialBottomSheet,
                         overscroll: .clamp, gate: gate, restThreshold: tolerance.distance, display: display)
    }

    /// `FloatingPanelBehavior`, when the sheet follows FloatingPanel (for overrides such as its spring response).
    public var floatingPanel: FloatingPanelBehavior? {
        get { if case .floatingPanel(let b) = target { b } else { nil } }
        set { if let newValue { target = .floatingPanel(newValue) } }
    }

    /// Material `BottomSheet`'s `_minFlingVelocity`: 700 pt/s downwards closes it.
    public static let materialMinFlingVelocity = 700.0
    /// Material `BottomSheet`'s `_closeProgressThreshold`: released with less than half showing, it closes.
    public static let materialCloseProgressThreshold = 0.5
    /// `AnimationController.fling`'s spring (`_kFlingSpringDescription`): mass 1, stiffness 500, damping ratio 1.
    public static let materialFlingSpring = Spring(stiffness: 500, dampingRatio: 1)
    /// FloatingPanel's removal animator's response (`removePanelAnimator`): 0.25 s.
    public static let floatingPanelRemovalResponse = 0.25

    /// A release, as the sheet sees it.
    public struct Release: Hashable, Sendable {
        /// The sheet's top when the finger lifts, in viewport points.
        public var top: Double
        /// d(top)/dt, pt/s (positive = moving down), already through the gate.
        public var velocity: Double
        /// Every detent's top, in document order.
        public var detentTops: [Double]
        /// The detent the sheet rests at or was last settling to (index into `detentTops`).
        public var current: Int
        public var viewportHeight: Double
        public var dismissible: Bool
        /// Flick's card thresholds (`dismiss.distance`, `dismiss.velocity`).
        public var dismissDistance: Double
        public var dismissVelocity: Double
        public var projectsAcrossDetents: Bool
        /// The sheet's own spring (UIKit's settle).
        public var spring: Spring
        /// The release time, in absolute seconds.
        public var time: Double

        public init(top: Double, velocity: Double, detentTops: [Double], current: Int, viewportHeight: Double,
                    dismissible: Bool = false, dismissDistance: Double = 240, dismissVelocity: Double = 1000,
                    projectsAcrossDetents: Bool = false, spring: Spring = .standard, time: Double) {
            self.top = top
            self.velocity = velocity
            self.detentTops = detentTops
            self.current = current
            self.viewportHeight = viewportHeight
            self.dismissible = dismissible
            self.dismissDistance = dismissDistance
            self.dismissVelocity = dismissVelocity
            self.projectsAcrossDetents = projectsAcrossDetents
            self.spring = spring
            self.time = time
        }
    }

    /// What a release decides.
    public struct Decision: Hashable, Sendable {
        public enum Outcome: Hashable, Sendable {
            /// Settle at this detent (index into `detentTops`).
            case detent(Int)
            /// Leave the screen.
            case dismiss
        }
        public var outcome: Outcome
        /// The top the motion ends at.
        public var destination: Double
        /// The motion; nil when the sheet is already there and still.
        public var motion: AxisMotion?
        /// The projected top the rule looked at, if it projects.
        public var projected: Double?
        /// The detents the rule chose among (indices into `detentTops`).
        public var candidates: [Int]
        /// Why the rule chose what it chose.
        public var reason: Reason = .stayed
        /// For a dismissible sheet: what the removal rule measured, whether it removed the sheet or not.
        public var removal: RemovalCheck?
    }

    /// Why a release went where it went.
    public enum Reason: Hashable, Sendable {
        /// UIKit: the candidate nearest to the top projected with this deceleration rate; `minimumSpeed` when the
        /// release was slower than it and so projected nowhere.
        case nearestToProjection(rate: Double, minimumSpeed: Double?)
        /// FloatingPanel's `targetState`: the (clipped) projection covered `progress` of the way from candidate
        /// `from` to candidate `to` (indices into `detentTops`); past `redirect` it goes on to `to`.
        case redirect(from: Int, to: Int, progress: Double, redirect: Double, rate: Double)
        /// Flutter's snapping: released no faster than `tolerance`, the nearest size.
        case nearestSize(tolerance: Double)
        /// Flutter's snapping: a fling, the next size in its direction, at `speed` pt/s.
        case nextSizeInDirection(speed: Double)
        /// Flutter: already at a size and still, it does not move.
        case atSnapSize
        /// The removal rule let it leave (`removal` says with which numbers).
        case removed
        /// Nothing to decide.
        case stayed
    }

    /// What a removal rule measured at a release.
    public struct RemovalCheck: Hashable, Sendable {
        public enum Rule: Hashable, Sendable {
            /// Flick's cards: `distance` below the lowest detent against `distanceThreshold`, or `velocity` against
            /// `velocityThreshold`.
            case distanceOrVelocity
            /// FloatingPanel: `velocity ÷ distance` (to the hidden position) against `ratioThreshold`.
            case velocityOverDistance
            /// Material `BottomSheet`: `velocity` against 700 pt/s, or the fraction showing against one half.
            case flingOrHalf
        }
        public var rule: Rule
        /// Points: below the lowest detent (Flick), to the hidden position (FloatingPanel), or the fraction of
        /// the lowest detent still showing (Material, 0...1).
        public var distance: Double
        public var distanceThreshold: Double?
        /// d(top)/dt, pt/s, positive downwards.
        public var velocity: Double
        public var velocityThreshold: Double?
        /// FloatingPanel's velocity ÷ distance, 1/s, and its threshold.
        public var ratio: Double?
        public var ratioThreshold: Double?
        public var removes: Bool
    }

    /// Decides where a released sheet goes and how.
    public func release(_ release: Release) -> Decision {
        var r = release
        if springResponse != nil || springDampingRatio != nil {
            r.spring = Spring(response: springResponse ?? r.spring.response,
                              dampingRatio: springDampingRatio ?? r.spring.dampingRatio)
        }
        let tops = r.detentTops
        let lowestTop = tops.max() ?? r.viewportHeight
        let order = Self.lowestFirst(tops)
        let check = r.dismissible ? removalCheck(r, lowestTop: lowestTop) : nil
        if let check, check.removes, var leave = removal(r, lowestTop: lowestTop) {
            leave.removal = check
            return leave
        }
        switch target {
        case .uikit(let rate):
            let slow = abs(r.velocity) < minimumProjectionSpeed
            let projected = Self.uikitProjection(top: r.top, velocity: slow ? 0 : r.velocity, rate: rate)
            let segment = Self.segment(containing: r.top, order: order, tops: tops)
            let candidates = r.projectsAcrossDetents
                ? order : Array(order[max(0, segment.lowerBound - 1)...min(order.count - 1, segment.upperBound + 1)])
            let chosen = candidates.min { abs(tops[$0] - projected) < abs(tops[$1] - projected) }!
            let destination = tops[chosen]
            let motion: AxisMotion? = r.top == destination && r.velocity == 0 ? nil
                : .spring(from: r.top, to: destination, velocity: r.velocity, spring: r.spring,
                          threshold: restThreshold, start: r.time)
            return Decision(outcome: .detent(chosen), destination: destination, motion: motion, projected: projected,
                            candidates: candidates,
                            reason: .nearestToProjection(rate: rate.rawValue, minimumSpeed: slow ? minimumProjectionSpeed : nil),
                            removal: check)
        case .floatingPanel(let behavior):
            // FloatingPanel's anchors in increasing position: the highest detent first.
            let anchors = order.reversed().map { tops[$0] }
            let indices = Array(order.reversed())
            let current = indices.firstIndex(of: r.current) ?? 0
            let decision = behavior.targetState(anchors: anchors, current: current, position: r.top, velocity: r.velocity)
            let chosen = indices[decision.index]
            let destination = tops[chosen]
            let motion: AxisMotion? = r.top == destination ? nil
                : .stepped(behavior.attraction(from: r.top, to: destination, velocity: r.velocity,
                                               displayScale: display.scale, refreshRate: display.refreshRate),
                           start: r.time)
            return Decision(outcome: .detent(chosen), destination: destination, motion: motion,
                            projected: decision.projected, candidates: [indices[decision.from], indices[decision.to]],
                            reason: .redirect(from: indices[decision.from], to: indices[decision.to],
                                              progress: decision.progress,
                                              redirect: max(min(behavior.redirectionalProgress, 1), 0),
                                              rate: behavior.momentumProjectionRate),
                            removal: check)
        case .flutterSnapping(let tolerance, let duration):
            // Sizes (heights) in increasing order: the lowest detent first; the sheet grows when its top rises.
            let sizes = order.map { r.viewportHeight - tops[$0] }
            let size = r.viewportHeight - r.top
            let growth = -r.velocity
            if growth == 0, let at = sizes.firstIndex(where: { abs(size - $0) <= tolerance.distance }) {
                // Already at a snap size: Flutter does not snap (`_isAtSnapSize`).
                let chosen = order[at]
                return Decision(outcome: .detent(chosen), destination: r.top, motion: nil, projected: nil,
                                candidates: [chosen], reason: .atSnapSize, removal: check)
            }
            let snap = SnappingSimulation(position: size, velocity: growth, snapSizes: sizes, tolerance: tolerance,
                                          snapAnimationDuration: duration)
            let chosen = order[sizes.firstIndex(of: snap.target) ?? 0]
            // The motion in tops: the snap's size mirrored about the viewport's bottom.
            let inTops = SnappingSimulation(position: r.top, target: tops[chosen], velocity: -snap.velocity)
            let reason: Reason = abs(growth) <= tolerance.velocity ? .nearestSize(tolerance: tolerance.velocity)
                : .nextSizeInDirection(speed: abs(snap.velocity))
            return Decision(outcome: .detent(chosen), destination: tops[chosen],
                            motion: snap.duration > 0 ? .snapping(inTops, start: r.time) : nil, projected: nil,
                            candidates: neighbours(of: snap.target, in: sizes).map { order[$0] }, reason: reason,
                            removal: check)
        }
    }

    /// The dismissal, when the removal rule says the card leaves.
    private func removal(_ r: Release, lowestTop: Double) -> Decision? {
        switch removal {
        case .uikit:
            guard r.top > lowestTop,
                  r.top - lowestTop > r.dismissDistance || r.velocity > r.dismissVelocity else { return nil }
            let motion = AxisMotion.spring(from: r.top, to: r.viewportHeight, velocity: r.velocity, spring: r.spring,
                                           threshold: restThreshold, start: r.time)
            return Decision(outcome: .dismiss, destination: r.viewportHeight, motion: motion, projected: nil,
                            candidates: [], reason: .removed)
        case .floatingPanel:
            let behavior = floatingPanel ?? .default
            let hidden = r.viewportHeight + FloatingPanelBehavior.hiddenInset
            guard behavior.shouldRemove(position: r.top, velocity: r.velocity, hidden: hidden) else { return nil }
            let ratio = log(DecelerationRate.fast.rawValue) / (-4 * Double.pi * 0.001)
            let spring = Spring(response: Self.floatingPanelRemovalResponse, dampingRatio: ratio)
            let motion = AxisMotion.spring(from: r.top, to: hidden, velocity: r.velocity, spring: spring,
                                           threshold: restThreshold, start: r.time)
            return Decision(outcome: .dismiss, destination: hidden, motion: motion, projected: nil, candidates: [],
                            reason: .removed)
        case .materialBottomSheet:
            let childHeight = r.viewportHeight - lowestTop
            guard childHeight > 0 else { return nil }
            let value = (r.viewportHeight - r.top) / childHeight
            guard r.velocity > Self.materialMinFlingVelocity || value < Self.materialCloseProgressThreshold else {
                return nil
            }
            // `fling` animates the controller's value towards −0.01 with tolerance 0.01; the sheet is gone when the
            // value reaches 0, i.e. the top reaches the viewport's bottom.
            let target = r.viewportHeight + 0.01 * childHeight
            let velocity = r.velocity > Self.materialMinFlingVelocity ? r.velocity : childHeight
            let spring = SpringSimulation(spring: Self.materialFlingSpring, start: r.top, end: target, velocity: velocity,
                                          tolerance: Tolerance(distance: 0.01 * childHeight, velocity: .infinity))
            let gone = AxisMotion.firstTime(after: 0) { spring.x($0) >= r.viewportHeight || spring.isDone($0) }
            let motion = AxisMotion(segments: [.init(start: r.time, law: .flutterSpring(spring), phase: .spring)],
                                    endTime: r.time + gone, finalPosition: r.viewportHeight)
            return Decision(outcome: .dismiss, destination: r.viewportHeight, motion: motion, projected: nil,
                            candidates: [], reason: .removed)
        }
    }

    /// What the removal rule measures at a release, and whether the sheet leaves: the same tests `removal` makes.
    private func removalCheck(_ r: Release, lowestTop: Double) -> RemovalCheck {
        switch removal {
        case .uikit:
            let below = r.top - lowestTop
            return RemovalCheck(rule: .distanceOrVelocity, distance: below, distanceThreshold: r.dismissDistance,
                                velocity: r.velocity, velocityThreshold: r.dismissVelocity,
                                removes: r.top > lowestTop && (below > r.dismissDistance || r.velocity > r.dismissVelocity))
        case .floatingPanel:
            let behavior = floatingPanel ?? .default
            let hidden = r.viewportHeight + FloatingPanelBehavior.hiddenInset
            let distance = abs(r.top - hidden)
            return RemovalCheck(rule: .velocityOverDistance, distance: distance, velocity: r.velocity,
                                ratio: distance != 0 ? r.velocity / distance : 0,
                                ratioThreshold: behavior.removalVelocityThreshold,
                                removes: behavior.shouldRemove(position: r.top, velocity: r.velocity, hidden: hidden))
        case .materialBottomSheet:
            let childHeight = r.viewportHeight - lowestTop
            let value = childHeight > 0 ? (r.viewportHeight - r.top) / childHeight : 1
            return RemovalCheck(rule: .flingOrHalf, distance: value,
                                distanceThreshold: Self.materialCloseProgressThreshold, velocity: r.velocity,
                                velocityThreshold: Self.materialMinFlingVelocity,
                                removes: childHeight > 0 && (r.velocity > Self.materialMinFlingVelocity
                                                             || value < Self.materialCloseProgressThreshold))
        }
    }

    /// Detent indices from the lowest to the highest (by top, descending; ties in document order).
    public static func lowestFirst(_ tops: [Double]) -> [Int] {
        tops.indices.sorted { tops[$0] > tops[$1] || (tops[$0] == tops[$1] && $0 < $1) }
    }

    /// The positions in `order` (lowest detent first) of the detents around `top`: the one it is at (a range of
    /// one), or the two it lies between; below the lowest or above the highest, that end's alone.
    public static func segment(containing top: Double, order: [Int], tops: [Double]) -> ClosedRange<Int> {
        guard !order.isEmpty else { return 0...0 }
        // The last detent at or below the top (tops grow downwards), then whether the top is exactly there.
        guard let below = order.lastIndex(where: { tops[$0] >= top }) else { return 0...0 }
        if tops[order[below]] == top || below == order.count - 1 { return below...below }
        return below...(below + 1)
    }

    private func neighbours(of size: Double, in sizes: [Double]) -> [Int] {
        guard let i = sizes.firstIndex(of: size) else { return [] }
        return Array(max(0, i - 1)...min(sizes.count - 1, i + 1))
    }
}

extension SnappingSimulation {
    /// A linear motion from `position` to `target` at `velocity` (for motions mirrored from another coordinate).
    public init(position: Double, target: Double, velocity: Double) {
        self.position = position
        self.target = target
        self.velocity = velocity
    }
}
