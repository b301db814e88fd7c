import Foundation

/// The systems whose scrolling rules Flick reproduces (docs/physics.md, "Presets").
public enum PhysicsSystem: String, CaseIterable, Hashable, Sendable {
    /// UIKit: UIScrollView and Flick's iOS-style sheets (the default).
    case uikit
    /// scenee/FloatingPanel's default behaviour for sheets; lists and pagers stay UIKit.
    case floatingpanel
    /// Flutter on iOS: `BouncingScrollPhysics`, `DraggableScrollableSheet` snapping.
    case flutterIOS = "flutter-ios"
    /// Flutter on Android: `ClampingScrollPhysics`, the same sheet snapping.
    case flutterAndroid = "flutter-android"
    /// Android's `OverScroller` spline fling, clamped at the edges.
    case android
}

/// The screen a preset runs on: the numbers some systems round to or step at.
public struct PhysicsDisplay: Hashable, Sendable {
    /// Pixels per point (`UIScreen.scale`, Flutter's `devicePixelRatio`, Android's `density`).
    public var scale: Double
    /// Display refreshes per second, at which FloatingPanel steps its spring.
    public var refreshRate: Double

    public init(scale: Double = 3, refreshRate: Double = NumericSpringAnimator.defaultRefreshRate) {
        self.scale = scale
        self.refreshRate = refreshRate
    }

    /// Half a pixel, in points: where UIKit's motions count as settled.
    public var halfPixel: Double { 0.5 / scale }
}

/// Every rule by which lists, pagers and sheets move, as one value: `PhysicsPreset(.flutterIOS)` gives Flutter's,
/// and single fields can be overridden after (`preset.sheet.floatingPanel.springResponseTime = 0.5`).
///
/// Components ask the preset, never the system's name: a list calls `preset.list`, a pager `preset.paging`, a sheet
/// `preset.sheet`.
public struct PhysicsPreset: Hashable, Sendable {
    public var system: PhysicsSystem
    public var display: PhysicsDisplay
    /// Scroll views that do not page: tracking past an edge, the fling and the bounce.
    public var list: ScrollRule
    /// Paging scroll views (pagers, carousels): their tracking and fling are `list`'s; the release picks a page.
    public var paging: PagingRule
    /// Sheets and cards.
    public var sheet: SheetRule

    public init(_ system: PhysicsSystem = .uikit, display: PhysicsDisplay = PhysicsDisplay()) {
        self.system = system
        self.display = display
        let flutterTolerance = Tolerance.scroll(devicePixelRatio: display.scale)
        switch system {
        case .uikit, .floatingpanel:
            list = .uikit(display: display)
            paging = .uikit(display: display)
            sheet = system == .uikit ? .uikit(display: display) : .floatingPanel(display: display)
        case .flutterIOS:
            let physics = BouncingScrollPhysics()
            list = ScrollRule(momentum: .flutterBouncing(physics), overscroll: .resistance(physics),
                              gate: FlingGate(minVelocity: physics.minFlingVelocity, maxVelocity: physics.maxFlingVelocity,
                                              minDistance: BouncingScrollPhysics.touchSlop),
                              restThreshold: flutterTolerance.distance, tolerance: flutterTolerance)
            paging = .flutter(tolerance: flutterTolerance, gate: list.gate)
            sheet = .flutter(display: display, gate: list.gate)
        case .flutterAndroid, .android:
            let gate = FlingGate(minVelocity: ClampingScrollPhysics.minFlingVelocity,
                                 maxVelocity: ClampingScrollPhysics.maxFlingVelocity,
                                 minDistance: BouncingScrollPhysics.touchSlop)
            if system == .android {
                list = ScrollRule(momentum: .androidSpline(friction: SplineOverScroller.scrollFriction),
                                  overscroll: .clamp,
                                  gate: FlingGate(minVelocity: SplineOverScroller.minimumFlingVelocity,
                                                  maxVelocity: SplineOverScroller.maximumFlingVelocity, minDistance: 0),
                                  restThreshold: 1 / display.scale, tolerance: flutterTolerance)
            } else {
                list = ScrollRule(momentum: .flutterClamping(friction: ClampingScrollSimulation.defaultFriction),
                                  overscroll: .clamp, gate: gate, restThreshold: flutterTolerance.distance,
                                  tolerance: flutterTolerance)
            }
            // Android's own ViewPager2 and BottomSheetBehavior are not modelled: Flutter's Android rules stand in.
            paging = .flutter(tolerance: flutterTolerance, gate: gate)
            sheet = .flutter(display: display, gate: gate)
        }
    }

    /// UIKit with Flick's defaults: today's numbers.
    public static let uikit = PhysicsPreset(.uikit)

    /// The largest jump with which a motion of these rules may end (its final snap to rest): UIKit's half pixel;
    /// Flutter's tolerance distance and Android's whole pixels, a pixel; FloatingPanel, which lays the panel out
    /// at its anchor once its last display frame came within a pixel, moving at most a pixel, two.
    public var restDistance: Double {
        var distance = max(list.restThreshold, sheet.restThreshold)
        switch list.momentum {
        case .uikit: break
        case .flutterBouncing, .flutterClamping, .androidSpline: distance = max(distance, list.tolerance.distance, 1 / display.scale)
        }
        if case .flutterSpring(_, let tolerance) = paging.settle { distance = max(distance, tolerance.distance) }
        if case .floatingPanel = sheet.target { distance = max(distance, 2 / display.scale) }
        if case .flutterSnapping(let tolerance, _) = sheet.target { distance = max(distance, tolerance.distance) }
        return distance
    }

    /// Whether every motion after a lift starts with the velocity the content had under the finger: false when a
    /// fling gate zeroes slow releases or clamps fast ones, or the sheet snaps at its own speed (Flutter's 1600 pt/s).
    public var releasesWithFingerVelocity: Bool {
        guard list.gate == nil, paging.gate == nil, sheet.gate == nil else { return false }
        if case .flutterSnapping = sheet.target { return false }
        return true
    }
}

// MARK: - Lists

/// How a scroll view tracks a finger past its edges, and moves after a release.
public struct ScrollRule: Hashable, Sendable {
    /// The law of the motion after a release.
    public enum Momentum: Hashable, Sendable {
        /// UIScrollView: `Deceleration` at this rate, then `bounce` at an edge.
        case uikit(DecelerationRate)
        /// Flutter's `BouncingScrollSimulation` (friction 0.135, its own spring at an edge).
        case flutterBouncing(BouncingScrollPhysics)
        /// Flutter's `ClampingScrollSimulation` with this friction, stopped at the edges.
        case flutterClamping(friction: Double)
        /// Android's `SplineOverScroller` at the display's density, stopped at the edges.
        case androidSpline(friction: Float)
    }

    /// What a drag past an edge does.
    public enum Overscroll: Hashable, Sendable {
        /// UIKit: the shown position is the rubber band of the finger's (`RubberBand`, coefficient 0.55).
        case rubberBand(coefficient: Double)
        /// Flutter's `BouncingScrollPhysics.applyPhysicsToUserOffset`: each move is resisted by `(1 − f)²·0.52`.
        case resistance(BouncingScrollPhysics)
        /// No resistance: the content follows the finger 1:1 past its edges (FloatingPanel's panel by default).
        case follow
        /// Clamping: the content stops at its edges; the rest of the drag is left to the parent.
        case clamp
    }

    public var momentum: Momentum
    public var overscroll: Overscroll
    /// UIKit's bounce spring at an edge (for `.uikit` momentum): `Spring.bounce`, critically damped at ω = 10.91/s.
    public var bounce: Spring
    /// The drag-end fling gate, if the system has one (UIKit passes every release velocity on).
    public var gate: FlingGate?
    /// UIKit: a motion ends once within this distance of rest, half a pixel (0.5/scale pt).
    public var restThreshold: Double
    /// Flutter: the scroll tolerance, a pixel and a pixel per 50 ms.
    public var tolerance: Tolerance

    public init(momentum: Momentum, overscroll: Overscroll, bounce: Spring = .bounce, gate: FlingGate? = nil,
                restThreshold: Double, tolerance: Tolerance) {
        self.momentum = momentum
        self.overscroll = overscroll
        self.bounce = bounce
        self.gate = gate
        self.restThreshold = restThreshold
        self.tolerance = tolerance
    }

    /// UIScrollView: normal deceleration, the 0.55 rubber band, the critically damped bounce, half-pixel rest.
    public static func uikit(display: PhysicsDisplay, rate: DecelerationRate = .normal) -> ScrollRule {
        ScrollRule(momentum: .uikit(rate), overscroll: .rubberBand(coefficient: RubberBand.defaultCoefficient),
                   restThreshold: display.halfPixel, tolerance: .scroll(devicePixelRatio: display.scale))
    }

    // MARK: Tracking (see `Overscroll`)

    /// Whether the content may be dragged past its edges at all.
    public var allowsOverscroll: Bool { overscroll.allowsOverscroll }

    /// `overscroll.trackingPosition`: the coordinate a node keeps while tracking.
    public func trackingPosition(shown: Double, limits: ClosedRange<Double>, dimension: Double) -> Double {
        overscroll.trackingPosition(shown: shown, limits: limits, dimension: dimension)
    }

    /// `overscroll.shown`: the shown position for a tracking coordinate.
    public func shown(tracking: Double, limits: ClosedRange<Double>, dimension: Double) -> Double {
        overscroll.shown(tracking: tracking, limits: limits, dimension: dimension)
    }

    /// `overscroll.tracking(_:movedBy:…)`: the tracking coordinate after an accepted move.
    public func tracking(_ tracking: Double, movedBy delta: Double, limits: ClosedRange<Double>,
                         dimension: Double) -> Double {
        overscroll.tracking(tracking, movedBy: delta, limits: limits, dimension: dimension)
    }

    /// `overscroll.trackingSlope`: d(shown)/d(finger) at a tracking coordinate.
    public func trackingSlope(tracking: Double, limits: ClosedRange<Double>, dimension: Double,
                              movingForward: Bool) -> Double {
        overscroll.trackingSlope(tracking: tracking, limits: limits, dimension: dimension, movingForward: movingForward)
    }

    // MARK: Release

    /// The release velocity the scroll view gets, after the fling gate (`dragDistance`: the drag's length on its axis).
    public func releaseVelocity(_ velocity: Double, dragDistance: Double) -> Double {
        gate?.velocity(velocity, dragDistance: dragDistance) ?? velocity
    }

    /// The motion after a release at `position` with `velocity` (already through `releaseVelocity`), starting at
    /// `start`; nil when nothing moves.
    public func release(from position: Double, velocity: Double, limits: ClosedRange<Double>, display: PhysicsDisplay,
                        start: Double) -> AxisMotion? {
        let outside = position < limits.lowerBound || position > limits.upperBound
        switch momentum {
        case .uikit(let rate):
            return AxisMotion.momentum(from: position, velocity: velocity, limits: limits, rate: rate, bounce: bounce,
                                       threshold: restThreshold, start: start)
        case .flutterBouncing(let physics):
            guard let simulation = physics.ballistic(position: position, velocity: velocity, range: limits,
                                                     tolerance: tolerance) else { return nil }
            return .bouncing(simulation, start: start)
        case .flutterClamping(let friction):
            if outside { return edgeReturn(from: position, velocity: velocity, limits: limits, start: start) }
            guard ClampingScrollPhysics.ballistic(position: position, velocity: velocity, range: limits,
                                                  tolerance: tolerance) != nil else { return nil }
            return .clamping(ClampingScrollSimulation(position: position, velocity: velocity, friction: friction),
                             limits: limits, start: start)
        case .androidSpline(let friction):
            if outside { return edgeReturn(from: position, velocity: velocity, limits: limits, start: start) }
            if velocity > 0 && position >= limits.upperBound || velocity < 0 && position <= limits.lowerBound { return nil }
            let fling = SplineOverScroller(start: position, velocity: velocity, density: display.scale, friction: friction)
            guard fling.durationMilliseconds > 0, fling.distancePixels != 0 else { return nil }
            return .spline(fling, limits: limits, start: start)
        }
    }

    /// Flutter's `ClampingScrollPhysics` outside the range: `ScrollSpringSimulation` with the default spring and
    /// `min(0, v)` (a clamping view only gets there when a layout change leaves it there).
    private func edgeReturn(from position: Double, velocity: Double, limits: ClosedRange<Double>,
                            start: Double) -> AxisMotion {
        let edge = position < limits.lowerBound ? limits.lowerBound : limits.upperBound
        return .flutterSpring(.scroll(spring: BouncingScrollPhysics.defaultSpring, start: position, end: edge,
                                      velocity: min(0, velocity), tolerance: tolerance), start: start, phase: .bounce)
    }
}

// MARK: - Tracking past an edge

extension ScrollRule.Overscroll {
    /// Whether the content may be dragged past its edges at all.
    public var allowsOverscroll: Bool { self != .clamp }

    /// The coordinate a node keeps while tracking, from the position shown when the finger comes down: the raw
    /// (finger) position for the rubber band, the shown position otherwise.
    public func trackingPosition(shown: Double, limits: ClosedRange<Double>, dimension: Double) -> Double {
        switch self {
        case .rubberBand(let c): RubberBand(coefficient: c, dimension: dimension).raw(forDisplayed: shown, limits: limits)
        case .resistance, .follow: shown
        case .clamp: min(max(shown, limits.lowerBound), limits.upperBound)
        }
    }

    /// The shown position for a tracking coordinate.
    public func shown(tracking: Double, limits: ClosedRange<Double>, dimension: Double) -> Double {
        switch self {
        case .rubberBand(let c): RubberBand(coefficient: c, dimension: dimension).displayed(tracking, limits: limits)
        case .resistance, .follow: tracking
        case .clamp: min(max(tracking, limits.lowerBound), limits.upperBound)
        }
    }

    /// The tracking coordinate after a move of `delta` (positive = contentOffset grows) the node accepted.
    public func tracking(_ tracking: Double, movedBy delta: Double, limits: ClosedRange<Double>,
                         dimension: Double) -> Double {
        switch self {
        case .rubberBand, .follow: tracking + delta
        case .resistance(let physics):
            // Flutter's offset is the finger's movement: the opposite of the content's.
            tracking - physics.applyPhysicsToUserOffset(-delta, pixels: tracking, range: limits, viewport: dimension)
        case .clamp: min(max(tracking + delta, limits.lowerBound), limits.upperBound)
        }
    }

    /// d(shown)/d(finger) at a tracking coordinate: converts the finger's velocity into the content's.
    /// `movingForward` is the direction of the finger's delta (it matters to Flutter's easing).
    public func trackingSlope(tracking: Double, limits: ClosedRange<Double>, dimension: Double,
                              movingForward: Bool) -> Double {
        switch self {
        case .rubberBand(let c): return RubberBand(coefficient: c, dimension: dimension).slope(at: tracking, limits: limits)
        case .follow: return 1
        case .clamp: return tracking < limits.lowerBound || tracking > limits.upperBound ? 0 : 1
        case .resistance(let physics):
            let pastStart = limits.lowerBound - tracking, pastEnd = tracking - limits.upperBound
            guard pastStart > 0 || pastEnd > 0, dimension > 0 else { return 1 }
            let easing = (pastStart > 0 && movingForward) || (pastEnd > 0 && !movingForward)
            if easing && physics.rate == .fast { return 1 }
            return physics.frictionFactor(max(pastStart, pastEnd) / dimension)
        }
    }
}

// MARK: - Paging

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
        /// Flick's closed-form spring (response 0.3 s, critically damped), ending within `threshold`.
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
                   settle: .spring(.standard, threshold: display.halfPixel))
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

    /// The motion to a page's offset (also a tab tap's).
    public func settle(from position: Double, to target: Double, velocity: Double, start: Double) -> AxisMotion {
        switch settle {
        case .spring(let spring, let threshold):
            return .spring(from: position, to: target, velocity: velocity, spring: spring, threshold: threshold,
                           start: start)
        case .flutterSpring(let spring, let tolerance):
            return .flutterSpring(.scroll(spring: spring, start: position, end: target, velocity: velocity,
                                          tolerance: tolerance), start: start)
        }
    }
}

// MARK: - Sheets

/// How a sheet picks its detent (or leaves) on release, and how it gets there.
public struct SheetRule: Hashable, Sendable {
    /// The rule that picks the detent.
    public enum Target: Hashable, Sendable {
        /// Flick's UIKit sheet: the detent nearest to the top projected at this rate, among the one it was last at and
        /// that one's neighbours (all detents with `projectsAcrossDetents`); the sheet's own spring.
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

    public static func uikit(display: PhysicsDisplay, rate: DecelerationRate = .normal) -> SheetRule {
        SheetRule(target: .uikit(rate), removal: .uikit,
                  overscroll: .rubberBand(coefficient: RubberBand.defaultCoefficient),
                  restThreshold: display.halfPixel, display: display)
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
        /// UIKit: the candidate nearest to the top projected with this deceleration rate.
        case nearestToProjection(rate: Double)
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
        // Detent indices from the lowest to the highest (by top, descending; ties in document order).
        let order = tops.indices.sorted { tops[$0] > tops[$1] || (tops[$0] == tops[$1] && $0 < $1) }
        let check = r.dismissible ? removalCheck(r, lowestTop: lowestTop) : nil
        if let check, check.removes, var leave = removal(r, lowestTop: lowestTop) {
            leave.removal = check
            return leave
        }
        switch target {
        case .uikit(let rate):
            let projected = project(position: r.top, velocity: r.velocity, rate: rate)
            let position = order.firstIndex(of: r.current) ?? 0
            let candidates = r.projectsAcrossDetents
                ? order : Array(order[max(0, position - 1)...min(order.count - 1, position + 1)])
            let chosen = candidates.min { abs(tops[$0] - projected) < abs(tops[$1] - projected) }!
            let destination = tops[chosen]
            let motion: AxisMotion? = r.top == destination && r.velocity == 0 ? nil
                : .spring(from: r.top, to: destination, velocity: r.velocity, spring: r.spring,
                          threshold: restThreshold, start: r.time)
            return Decision(outcome: .detent(chosen), destination: destination, motion: motion, projected: projected,
                            candidates: candidates, reason: .nearestToProjection(rate: rate.rawValue), removal: check)
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
