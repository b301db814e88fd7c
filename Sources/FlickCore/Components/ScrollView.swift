import Foundation
import FlickPhysics

/// A scroll view's phase (docs/states.md).
public enum ScrollPhase: String, Hashable, Sendable {
    case idle, tracking, decelerating, bouncing, animating
}

/// When the scroll indicator shows and fades.
public enum IndicatorFade {
    /// The indicator stays this long after motion ends (CupertinoScrollbar's timeToFade): 1.2 s.
    public static let delay = 1.2
    /// Then it fades out linearly over this long: 0.25 s.
    public static let duration = 0.25

    /// Alpha at `t` for motion that ended at `end` (nil: never moved).
    public static func alpha(motionEnded end: Double?, at t: Double) -> Double {
        guard let end else { return 0 }
        let elapsed = t - end
        if elapsed < delay { return 1 }
        if elapsed < delay + duration { return 1 - (elapsed - delay) / duration }
        return 0
    }
}

/// UIScrollView's model on one scrolling axis: geometry (frame, contentSize, contentInset, safe area,
/// adjustedContentInset, as in the Vimeo article on paging tab views) and motion (tracking, momentum, edges, animated
/// scrolls), whose rules come from the scenario's physics preset (`ScrollRule`, `PagingRule`).
final class ScrollView: NestedScrollParticipant {
    enum Motion {
        case resting(Double)
        /// Following the finger: `raw` is the rule's tracking coordinate (for UIKit the unclamped position, whose
        /// rubber band is shown).
        case tracking(raw: Double)
        case animating(AxisMotion)
    }

    /// Its name in frame states.
    public let key: String
    public let scrollAxis: Axis
    /// In viewport coordinates.
    public internal(set) var frame: Rect = .zero
    public internal(set) var contentSize: Size = .zero
    public let contentInset: EdgeInsets
    /// The part of the viewport's safe area this scroll view's frame overlaps.
    public internal(set) var safeAreaInsets: EdgeInsets = .zero
    /// The preset's rules.
    let physics: PhysicsPreset
    /// How it tracks, flings and meets its edges: `physics.list`.
    var rule: ScrollRule { physics.list }
    /// contentOffset on the axis it does not scroll.
    private var crossOffset: Double?

    private(set) var motion: Motion
    /// When motion last came to rest (nil: never moved): anchors the indicator's fade.
    private var restedAt: Double?
    /// Whether the content moved during the current touch (or was caught moving).
    private var activeWhileTracking = false
    /// While tracking: what the finger holds beyond the rubber band's reach (`RubberBand.caught`), added to the shown
    /// position and taken back first by moves towards the edge; 0 almost always.
    private var trackingExcess = 0.0
    /// The content's velocity while tracking, set by the touch router from the finger's.
    var trackingVelocity = TrackingVelocity()
    /// Flutter's momentum carried into the current drag from the motion it caught (`flutter-ios` only).
    private var carried: CarriedMomentum?
    /// While tracking: the position at the last touch sample, and whether the drag has moved the content yet (Flutter
    /// counts a still finger only once its drag has begun).
    private var lastTrackedRaw: Double?
    private var trackingStarted = false
    /// Its behaviours (docs/architecture.md, "Behaviours as attachments"), called in this order at each hook point.
    private(set) var attachments: [ScrollAttachment]
    /// The space its attachments hold open above the content (a refreshing list's: docs/physics.md, "Pull to
    /// refresh"), in points: part of `adjustedContentInset.top`, as UIRefreshControl's is; 0 otherwise.
    var heldLeadingInset: Double { attachments.reduce(0) { $0 + $1.heldLeadingInset } }
    /// Whether an attachment claims a pull past its leading edge from a sheet around it (a refresh control).
    var claimsLeadingPull: Bool { attachments.contains { $0.claimsLeadingPull } }
    /// Set for a paging scroll view: where a release comes to rest.
    let paging: PagingBehavior?
    /// The distance between two pages when it is not the frame's size (a carousel's card plus its spacing).
    let pageLengthOverride: Double?
    /// The distance between two pages on the scroll axis.
    var pageLength: Double { pageLengthOverride ?? frame.size[scrollAxis] }
    /// The offset when the current drag began, and the page it started from (or was heading to).
    private(set) var dragStartOffset = 0.0
    private(set) var dragStartPage = 0
    /// The page a paging animation is heading to.
    private(set) var targetPage: Int?
    /// Where its decisions are explained (`flick states --explain`), when asked for.
    var log: ExplanationLog?
    /// What it is, in the words of an explanation (`list`, `pager`, `carousel`: its node names it), and its
    /// pages' names.
    let noun: String
    let pageNames: [String]

    /// A scroll view is configured once: everything but its key, axis, inset, initial offset and physics has a default
    /// (no paging, pages the frame's size, "scroll view", no page names, no attachments). An attachment of a component
    /// around it is added later with `attach(_:)`.
    init(key: String, axis: Axis, contentInset: EdgeInsets, initialOffset: InitialOffset?, physics: PhysicsPreset,
         paging: PagingBehavior? = nil, pageLength: Double? = nil, noun: String = "scroll view", pageNames: [String] = [],
         attachments: [ScrollAttachment] = []) {
        self.key = key
        self.scrollAxis = axis
        self.contentInset = contentInset
        self.physics = physics
        self.paging = paging
        self.pageLengthOverride = pageLength
        self.noun = noun
        self.pageNames = pageNames
        self.attachments = attachments
        self.motion = .resting(initialOffset?[axis] ?? .nan)
        self.crossOffset = initialOffset?[axis == .horizontal ? .vertical : .horizontal] ?? nil
    }

    /// Adds a behaviour of a component around it (a large-title bar's snap), called after those it was made with.
    func attach(_ attachment: ScrollAttachment) {
        attachments.append(attachment)
    }

    /// contentInset plus the safe area it overlaps (contentInsetAdjustmentBehavior `.always`, as the Vimeo article uses).
    public var adjustedContentInset: EdgeInsets {
        heldLeadingInset == 0 ? contentInset + safeAreaInsets
            : contentInset + safeAreaInsets + EdgeInsets(top: heldLeadingInset)
    }

    /// The resting range of contentOffset on the scrolling axis: from −adjusted leading inset to
    /// contentSize + adjusted trailing inset − bounds.
    public var limits: ClosedRange<Double> {
        let low = -adjustedContentInset.leading(scrollAxis)
        let high = contentSize[scrollAxis] + adjustedContentInset.trailing(scrollAxis) - frame.size[scrollAxis]
        return low...max(low, high)
    }

    /// Whether content exceeds the bounds on the scrolling axis (otherwise it neither scrolls nor bounces).
    public var canScroll: Bool { limits.upperBound > limits.lowerBound }

    /// The length of the frame on the scrolling axis (the rubber band's and Flutter's resistance's dimension).
    private var dimension: Double { frame.size[scrollAxis] }

    /// The shown position for a tracking coordinate (and the excess held beyond the rubber band's reach).
    private func shown(tracking raw: Double) -> Double {
        rule.shown(tracking: raw, limits: limits, dimension: dimension) + trackingExcess
    }

    /// The tracking coordinate that keeps `shown` exactly, setting the excess held beyond the rubber band's reach.
    private func catchTracking(shown: Double) -> Double {
        if case .rubberBand(let c) = rule.overscroll {
            let caught = RubberBand(coefficient: c, dimension: dimension).caught(shown: shown, limits: limits)
            trackingExcess = caught.excess
            return caught.raw
        }
        trackingExcess = 0
        return rule.trackingPosition(shown: shown, limits: limits, dimension: dimension)
    }

    /// Lays the scroll view out; the first layout resolves the initial offset (the top of the content by default).
    func layout(frame: Rect, contentSize: Size, safeAreaInsets: EdgeInsets) {
        self.frame = frame
        self.contentSize = contentSize
        self.safeAreaInsets = safeAreaInsets
        if case .resting(let x) = motion, x.isNaN { motion = .resting(limits.lowerBound) }
    }

    /// Brings its attachments up to `t` (a refresh's end at `refreshEnds`); called after its node laid it out.
    func advanceAttachments(to t: Double) {
        for attachment in attachments { attachment.advance(self, to: t) }
    }

    /// Adds its attachments' states to the frame at `t`.
    func snapshotAttachments(at t: Double, into state: inout FrameState) {
        for attachment in attachments { attachment.snapshot(self, at: t, into: &state) }
    }

    // MARK: State at a time

    public func offset(at t: Double) -> Double {
        switch motion {
        case .resting(let x): return x
        case .tracking(let raw): return shown(tracking: raw)
        case .animating(let a): return a.position(at: t)
        }
    }

    public func contentOffset(at t: Double) -> Point {
        let cross: Axis = scrollAxis == .horizontal ? .vertical : .horizontal
        var p = Point.zero
        p[scrollAxis] = offset(at: t)
        p[cross] = crossOffset ?? -adjustedContentInset.leading(cross)
        return p
    }

    public func velocity(at t: Double) -> Double {
        switch motion {
        case .resting: return 0
        case .tracking: return trackingVelocity.at(t)
        case .animating(let a): return a.velocity(at: t)
        }
    }

    public func phase(at t: Double) -> ScrollPhase {
        switch motion {
        case .resting: return .idle
        case .tracking: return .tracking
        case .animating(let a):
            switch a.phase(at: t) {
            case .momentum: return .decelerating
            case .bounce: return .bouncing
            case .spring: return .animating
            case nil: return .idle
            }
        }
    }

    /// Whether a finger holds it.
    var isTracking: Bool {
        if case .tracking = motion { return true }
        return false
    }

    /// Whether the content is moving or being moved at `t` (what keeps the indicator up).
    func isActive(at t: Double) -> Bool {
        switch motion {
        case .resting: return false
        case .tracking: return activeWhileTracking
        case .animating(let a): return t < a.endTime
        }
    }

    /// When motion last ended before or at `t`, if it has.
    func motionEnded(at t: Double) -> Double? {
        if case .animating(let a) = motion, t >= a.endTime { return a.endTime }
        return restedAt
    }

    public func indicatorAlpha(at t: Double) -> Double {
        guard canScroll else { return 0 }
        if isActive(at: t) { return 1 }
        return IndicatorFade.alpha(motionEnded: motionEnded(at: t), at: t)
    }

    /// The indicator's frame in viewport coordinates (docs/physics.md, "Scroll indicator").
    public func indicatorFrame(at t: Double, geometry: ScrollIndicatorGeometry = ScrollIndicatorGeometry()) -> Rect {
        let inset = adjustedContentInset
        let thumb = geometry.thumb(offset: offset(at: t), minOffset: limits.lowerBound, maxOffset: limits.upperBound,
                                   viewport: frame.size[scrollAxis],
                                   paddingStart: inset.leading(scrollAxis), paddingEnd: inset.trailing(scrollAxis))
        switch scrollAxis {
        case .vertical:
            return Rect(x: frame.maxX - geometry.margin - geometry.thickness, y: frame.minY + thumb.start,
                        width: geometry.thickness, height: thumb.length)
        case .horizontal:
            return Rect(x: frame.minX + thumb.start, y: frame.maxY - geometry.margin - geometry.thickness,
                        width: thumb.length, height: geometry.thickness)
        }
    }

    // MARK: Motion

    /// Settles whatever finished before `t` into a rest, so later changes start from a clean state.
    private func settle(before t: Double) {
        if case .animating(let a) = motion, t >= a.endTime {
            motion = .resting(a.finalPosition)
            restedAt = a.endTime
        }
    }

    /// Starts an animated scroll to `page` of a paging scroll view, from the current position and velocity.
    func animate(toPage page: Int, at t: Double) {
        guard let paging else { return }
        targetPage = page
        settle(before: t)
        let x = offset(at: t)
        let v = velocity(at: t)
        let target = offset(ofPage: page, paging)
        if x == target && v == 0 { return }
        let animation = paging.rule.scroll(from: x, to: target, velocity: v, width: dimension, start: t)
        motion = .animating(animation)
        log?.record(explainTabTap(page: page, from: x, motion: animation, at: t))
    }

    /// The contentOffset of `page` for this scroll view's page width.
    private func offset(ofPage page: Int, _ paging: PagingBehavior) -> Double {
        paging.offset(ofPage: page, pageWidth: pageLength)
    }

    /// The page a paging scroll view shows or is heading to.
    func currentPage(at t: Double) -> Int {
        guard let paging else { return 0 }
        if case .animating = motion, let targetPage { return targetPage }
        return paging.nearestPage(offset: offset(at: t), pageWidth: pageLength)
    }

    /// Moves to `position` at once (layout changes such as a resize).
    func jump(to position: Double, at t: Double) {
        settle(before: t)
        if case .tracking = motion {
            motion = .tracking(raw: catchTracking(shown: position))
        } else {
            motion = .resting(position)
        }
    }

    /// Scales the position by `factor` at once, keeping the motion's target page (a paging view after a resize).
    func rescale(by factor: Double, at t: Double) {
        switch motion {
        case .resting(let x):
            if let paging {
                let page = paging.nearestPage(offset: x * factor, pageWidth: pageLength)
                motion = .resting(offset(ofPage: page, paging))
            } else {
                motion = .resting(x * factor)
            }
        case .tracking(let raw):
            motion = .tracking(raw: raw * factor)
            trackingExcess *= factor
            dragStartOffset *= factor
        case .animating(let a):
            // The settle goes on in page units: its position at every instant is stretched with the width, its laws'
            // timing kept, so the state at an instant depends only on the width then (restarting a spring at each
            // layout made it depend on how many layouts an animated resize took: 60 and 120 fps disagreed). Whether
            // it has settled is asked after the stretch, which can move its end; one already over rests on its page.
            let target = paging.flatMap { p in targetPage.map { offset(ofPage: $0, p) } }
            motion = .animating(a.scaled(by: factor, restingAt: target, threshold: physics.display.halfPixel))
            settle(before: t)
        }
    }

    /// Gives back the space an attachment held (a refresh control's `endRefreshing()`; `giveBack` sets its held inset
    /// to 0): the inset changes at once, as in UIKit's
    /// animation block, and content above the new top moves there along easeInOut over `duration` (MJRefresh's
    /// `UIView` animation); any other motion stops where it is, as `endRefreshing()` stops a fling (docs/physics.md,
    /// "Pull to refresh"). Not called while a finger holds the list.
    func releaseHeldInset(duration: Double, at t: Double, giveBack: () -> Void) {
        settle(before: t)
        let x = offset(at: t)
        let wasActive = isActive(at: t)
        giveBack()
        if case .tracking = motion { return }
        if x < limits.lowerBound {
            motion = .animating(.timed(from: x, to: limits.lowerBound, duration: duration, start: t))
        } else {
            motion = .resting(x)
            if wasActive { restedAt = t }
        }
    }

    /// Keeps a resting offset inside the limits after a layout change.
    func clampRestingOffset(at t: Double) {
        settle(before: t)
        if case .resting(let x) = motion {
            motion = .resting(min(max(x, limits.lowerBound), limits.upperBound))
        }
    }

    public func beginTracking(at t: Double) {
        // Caught where it is shown just before the touch (Android's fling step due at `t` is never shown).
        var caught: Double?
        var caughtVelocity = 0.0
        if case .animating(let a) = motion {
            caught = a.caughtPosition(at: t)
            caughtVelocity = a.velocity(at: t)
        }
        carried = nil
        if case .flutterBouncing(let physics) = rule.momentum, caughtVelocity != 0 {
            carried = CarriedMomentum(caught: caughtVelocity, physics: physics, at: t)
        }
        settle(before: t)
        activeWhileTracking = isActive(at: t)
        let shown = caught ?? offset(at: t)
        dragStartOffset = shown
        if let paging {
            if case .animating = motion, let heading = targetPage { dragStartPage = heading }
            else { dragStartPage = paging.nearestPage(offset: shown, pageWidth: pageLength) }
        }
        let raw = catchTracking(shown: shown)
        motion = .tracking(raw: raw)
        trackingVelocity = TrackingVelocity()
        lastTrackedRaw = raw
        trackingStarted = false
    }

    public func consume(_ delta: Double, pass: NestedScrollPass, at t: Double) -> Double {
        guard case .tracking(let raw) = motion else { return 0 }
        let used: Double
        switch pass {
        case .preScroll, .postScroll:
            // A scroll view leaves deltas meant for a scroll view inside it alone (UIKit: the inner one bounces).
            used = 0
        case .scroll:
            // Content that fits its frame does not scroll at all, not even back to its range when a resize left it past
            // an edge: UIScrollView allows no drag on an axis whose content is smaller than the bounds unless
            // `alwaysBounceVertical`/`Horizontal` (default false, UIScrollView.h).
            used = canScroll ? Self.withinBounds(delta, raw: raw, limits: limits) : 0
        case .overscroll:
            // Past an edge: rubber band or resistance where the rule allows it; a clamping view leaves it to its parent.
            used = canScroll && rule.allowsOverscroll ? delta : 0
        }
        if used != 0 {
            // A move back towards the edge first takes back what is held beyond the rubber band's reach, 1:1.
            var rest = used
            if trackingExcess != 0, (trackingExcess < 0) != (used < 0) {
                let taken = abs(used) < abs(trackingExcess) ? used : -trackingExcess
                trackingExcess += taken
                rest -= taken
            }
            motion = .tracking(raw: rest == 0 ? raw : rule.tracking(raw, movedBy: rest, limits: limits, dimension: dimension))
            if !activeWhileTracking { for attachment in attachments { attachment.dragBegan(self, at: t) } }
            activeWhileTracking = true
            for attachment in attachments { attachment.tracked(self, at: t) }
        }
        return used
    }

    /// The part of `delta` that moves `raw` towards or within `limits` without leaving them.
    static func withinBounds(_ delta: Double, raw: Double, limits: ClosedRange<Double>) -> Double {
        if delta > 0 {
            return min(delta, max(raw, limits.upperBound) - raw)
        } else {
            return max(delta, min(raw, limits.lowerBound) - raw)
        }
    }

    public func endTracking(velocity fingerVelocity: Double, dragDistance: Double, at t: Double) {
        guard case .tracking = motion else { return }
        let x = offset(at: t)
        for attachment in attachments { attachment.willRelease(self, at: t) }
        trackingVelocity = TrackingVelocity()
        trackingExcess = 0
        if let paging {
            let gated = paging.rule.gate?.velocity(fingerVelocity, dragDistance: dragDistance) ?? fingerVelocity
            let velocity = carried?.releaseVelocity(gated) ?? gated
            carried = nil
            let decision = paging.releaseDecision(offset: x, velocity: velocity, dragStartOffset: dragStartOffset,
                                                  dragStartPage: dragStartPage, pageWidth: pageLength)
            targetPage = decision.page
            let animation = paging.rule.settle(from: x, to: offset(ofPage: decision.page, paging), velocity: velocity,
                                               width: dimension, start: t)
            motion = .animating(animation)
            if let log, activeWhileTracking || velocity != 0 {
                log.record(explainPageRelease(decision, at: x, velocity: velocity, fingerVelocity: fingerVelocity,
                                              carried: velocity - gated,
                                              motion: animation, time: t))
            }
            activeWhileTracking = false
            return
        }
        let gated = rule.releaseVelocity(fingerVelocity, dragDistance: dragDistance)
        let velocity = carried?.releaseVelocity(gated) ?? gated
        carried = nil
        let release = rule.release(from: x, velocity: velocity, limits: limits, display: physics.display, start: t)
        // Where the release comes to rest may be snapped on from (a large-title bar partly collapsed).
        var snapped: (RestSnap, AxisMotion)?
        let restsAt = release?.finalPosition ?? x
        if let snap = attachments.lazy.compactMap({ $0.restSnap(self, offset: restsAt, limits: self.limits) }).first {
            let from = release?.positionAtEnd ?? x, start = release?.endTime ?? t
            let motion = AxisMotion.fastEaseInToSlowEaseOut(from: from, to: snap.target, duration: snap.duration, start: start)
            snapped = (snap, motion)
        }
        let animation = snapped.map { release?.then($0.1) ?? $0.1 } ?? release
        if let log, activeWhileTracking || velocity != 0 || animation != nil {
            log.record(explainRelease(at: x, velocity: velocity, fingerVelocity: fingerVelocity, carried: velocity - gated,
                                      motion: release, snap: snapped, time: t))
        }
        if let animation {
            motion = .animating(animation)
        } else {
            motion = .resting(x)
            if activeWhileTracking { restedAt = t }
        }
        activeWhileTracking = false
    }

    public func updateTrackingVelocity(_ deltaVelocity: Double, at time: Double) {
        // Called at every touch sample: Flutter loses carried momentum when its drag holds still too long.
        if carried != nil, case .tracking(let raw) = motion {
            let moved = raw != lastTrackedRaw
            trackingStarted = trackingStarted || moved
            if trackingStarted { carried?.update(moved: moved, at: time) }
            lastTrackedRaw = raw
        }
        trackingVelocity = TrackingVelocity(value: deltaVelocity * trackingSlope(movingForward: deltaVelocity > 0),
                                            sampleTime: time)
    }

    /// The slope of the shown position against the finger while tracking (1 inside the limits, less when
    /// rubber-banding or resisting, 0 against a clamped edge): converts the finger's velocity into the content's.
    func trackingSlope(movingForward: Bool) -> Double {
        guard case .tracking(let raw) = motion else { return 1 }
        // Back towards the edge, what is held beyond the rubber band's reach moves 1:1.
        if trackingExcess != 0, (trackingExcess < 0) == movingForward { return 1 }
        return rule.trackingSlope(tracking: raw, limits: limits, dimension: dimension, movingForward: movingForward)
    }
}
