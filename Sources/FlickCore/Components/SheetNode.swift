import Foundation
import FlickPhysics

/// The background map's parallax under a sheet (ClassPass).
public enum MapParallax {
    /// How far the map moves up for each point the sheet rises above its lowest detent.
    public static let factor = 0.3
}

/// DeckTransition's look behind a card (`presentation: deck`), from the library's `Constants.swift`,
/// `ManualLayout.swift` and `DeckPresentationController.swift`: the presenting view (Flick's background) is scaled
/// about its centre by 1 − 2·inset/H, so its top sits at the inset and its bottom `inset` above the viewport's
/// bottom; it shows at alpha 0.8 over black (the library lays black at 0.2 over it) with rounded top corners; the
/// card rests 8 pt below the presenting view's top. While the card moves from its lowest detent down to the
/// viewport's bottom the presenting view goes back to full size, opaque and square-cornered in proportion (the
/// library's dismissal animates the same properties from those values to identity alongside the card).
public enum DeckPresentation {
    /// `Constants.cornerRadius`: the presenting view's corner radius before scaling (shown at 8 × scale).
    public static let cornerRadius = 8.0
    /// `Constants.alphaForPresentingView`.
    public static let presentingAlpha = 0.8
    /// `Constants.insetForPresentedView`: the card's top is this far below the presenting view's top.
    public static let presentedInset = 8.0

    /// `ManualLayout.presentingViewTopInset` for a status bar as tall as the safe area's top: 8 without a status bar
    /// (landscape iPhone), 20 under the double-height (40 pt) bar, else the bar's height.
    public static func topInset(statusBarHeight: Double) -> Double {
        switch statusBarHeight {
        case 0: 8
        case 40: 20
        default: statusBarHeight
        }
    }

    /// `scaleForPresentingView`: 1 − 2·inset/H.
    public static func restingScale(topInset: Double, viewportHeight: Double) -> Double {
        viewportHeight > 0 ? 1 - 2 * topInset / viewportHeight : 1
    }

    /// Where DeckTransition's card rests (`frameOfPresentedViewInContainerView`): the inset plus 8 pt.
    public static func cardTop(statusBarHeight: Double) -> Double {
        topInset(statusBarHeight: statusBarHeight) + presentedInset
    }

    /// The presenting view when the card is `progress` of the way from its lowest detent (0) to gone (1).
    public static func presenting(progress: Double, viewport: Size, statusBarHeight: Double) -> PresentingState {
        let p = min(max(progress, 0), 1)
        let inset = topInset(statusBarHeight: statusBarHeight)
        let rest = restingScale(topInset: inset, viewportHeight: viewport.height)
        let scale = rest + (1 - rest) * p
        let width = viewport.width * scale, height = viewport.height * scale
        return PresentingState(scale: scale,
                               frame: Rect(x: (viewport.width - width) / 2, y: (viewport.height - height) / 2,
                                           width: width, height: height),
                               alpha: presentingAlpha + (1 - presentingAlpha) * p,
                               cornerRadius: cornerRadius * rest * (1 - p))
    }
}

/// A sheet's resting positions and release rule (ClassPass, DeckTransition; docs/physics.md, "Sheets" and "Card dismissal").
///
/// Positions are the sheet's `top` in viewport coordinates. In nested-scroll delta space a positive delta raises
/// the sheet, so the participant works on `r = −top`.
final class Sheet: NestedScrollParticipant {
    enum Motion {
        case resting(top: Double)
        case tracking(rawTop: Double)
        case animating(AxisMotion, dismissing: Bool)
        /// Off screen, its top `beyond` points below the viewport's bottom (FloatingPanel hides 100 pt below it).
        case dismissed(beyond: Double)
    }

    static let parallaxFactor = MapParallax.factor

    let spec: SheetSpec
    /// The preset's rules; the sheet's are `physics.sheet`.
    let physics: PhysicsPreset
    var rule: SheetRule { physics.sheet }
    var scrollAxis: Axis { .vertical }

    private(set) var viewportHeight: Double = 0
    /// Detents in document order (`order` gives them from the lowest to the highest).
    let detents: [Detent]
    private(set) var motion: Motion = .resting(top: .nan)
    /// The detent the sheet rests at, or was last settling to: the release rule picks among it and its neighbours.
    private(set) var currentDetent: Int
    var trackingVelocity = TrackingVelocity()
    /// Where its releases are explained (`flick states --explain`), when asked for; its key there, and for a card the
    /// scroll view it tracks.
    var log: ExplanationLog?
    var key = "sheet"
    var tracking: Explanation.Tracking?
    /// Whether the current touch moved it (or caught it moving).
    private var movedWhileTracking = false

    init(spec: SheetSpec, physics: PhysicsPreset) {
        self.spec = spec
        self.physics = physics
        // Fractions and heights compare only once the viewport is known: `order` sorts them by top when asked.
        self.detents = spec.detents
        self.currentDetent = spec.detents.firstIndex { $0.name == spec.initial } ?? 0
    }

    /// Detent indices from the lowest to the highest for the current viewport.
    private var order: [Int] {
        detents.indices.sorted { top(of: $0) > top(of: $1) || (top(of: $0) == top(of: $1) && $0 < $1) }
    }

    func top(of index: Int) -> Double { viewportHeight - detents[index].height(viewportHeight: viewportHeight) }

    /// The top at the highest detent and at the lowest.
    var highestTop: Double { detents.indices.map(top(of:)).min() ?? 0 }
    var lowestTop: Double { detents.indices.map(top(of:)).max() ?? 0 }

    /// The sheet's height: from its highest detent to the viewport's bottom.
    var height: Double { viewportHeight - highestTop }

    func layout(viewportHeight: Double, at t: Double) {
        let old = self.viewportHeight
        self.viewportHeight = viewportHeight
        if case .resting(let top) = motion, top.isNaN { motion = .resting(top: self.top(of: currentDetent)) }
        if old != 0 && old != viewportHeight { viewportDidResize(at: t) }
    }

    /// The range of tops the sheet moves in 1:1: between its detents, and below the lowest too for a card (it
    /// follows the finger down to be dismissed). Beyond it the preset's overscroll rule applies.
    private var trackingLimits: ClosedRange<Double> {
        highestTop...(spec.dismissible ? .infinity : max(highestTop, lowestTop))
    }

    /// The shown top for a raw one: 1:1 within `trackingLimits`; beyond them as the preset says (UIKit
    /// rubber-bands, FloatingPanel follows the finger, Flutter stops at the detent).
    func shownTop(raw: Double) -> Double {
        rule.overscroll.shown(tracking: raw, limits: trackingLimits, dimension: viewportHeight)
    }

    func rawTop(shown: Double) -> Double {
        rule.overscroll.trackingPosition(shown: shown, limits: trackingLimits, dimension: viewportHeight)
    }

    // MARK: State at a time

    func top(at t: Double) -> Double {
        switch motion {
        case .resting(let top): return top
        case .tracking(let raw): return shownTop(raw: raw)
        case .animating(let a, _): return a.position(at: t)
        case .dismissed(let beyond): return viewportHeight + beyond
        }
    }

    func velocity(at t: Double) -> Double {
        switch motion {
        case .resting, .dismissed: return 0
        case .tracking: return trackingVelocity.at(t)
        case .animating(let a, _): return a.velocity(at: t)
        }
    }

    func phase(at t: Double) -> SheetPhase {
        switch motion {
        case .resting: return .idle
        case .tracking: return .tracking
        case .animating(let a, let dismissing):
            if t >= a.endTime { return dismissing ? .dismissed : .idle }
            return dismissing ? .dismissing : .settling
        case .dismissed: return .dismissed
        }
    }

    func detentName(at t: Double) -> String? {
        switch phase(at: t) {
        case .idle, .settling: return detents[currentDetent].name
        case .tracking, .dismissing, .dismissed: return nil
        }
    }

    /// The dimming alpha: linear in `top` between the `dimming` detents.
    func dimming(at t: Double) -> Double {
        guard let d = spec.dimming,
              let from = detents.firstIndex(where: { $0.name == d.from }),
              let to = detents.firstIndex(where: { $0.name == d.to }) else { return 0 }
        let a = top(of: from), b = top(of: to)
        guard a != b else { return top(at: t) <= b ? d.alpha : 0 }
        return d.alpha * min(max((top(at: t) - a) / (b - a), 0), 1)
    }

    /// How far a card is from its lowest detent (0) to the viewport's bottom (1), clamped: what the deck look follows.
    func dismissProgress(at t: Double) -> Double {
        let span = viewportHeight - lowestTop
        guard span > 0 else { return 1 }
        return min(max((top(at: t) - lowestTop) / span, 0), 1)
    }

    func parallax(at t: Double) -> Double {
        max(0, lowestTop - max(top(at: t), highestTop)) * Self.parallaxFactor
    }

    // MARK: Motion

    private func settle(before t: Double) {
        if case .animating(let a, let dismissing) = motion, t >= a.endTime {
            motion = dismissing ? .dismissed(beyond: a.finalPosition - viewportHeight) : .resting(top: a.finalPosition)
        }
    }

    func beginTracking(at t: Double) {
        // Caught where it is shown just before the touch (a stepped attraction's frame due at `t` is never shown).
        var shown: Double?
        if case .animating(let a, _) = motion { shown = a.caughtPosition(at: t) }
        settle(before: t)
        if case .dismissed = motion { return }
        if case .animating(let a, _) = motion { movedWhileTracking = t < a.endTime } else { movedWhileTracking = false }
        motion = .tracking(rawTop: rawTop(shown: shown ?? top(at: t)))
        trackingVelocity = TrackingVelocity()
    }

    func consume(_ delta: Double, pass: NestedScrollPass, at t: Double) -> Double {
        guard case .tracking(let rawTop) = motion else { return 0 }
        let r = -rawTop
        let limits = -lowestTop ... -highestTop
        let used: Double
        switch pass {
        case .preScroll:
            // Rises until the highest detent before the content scrolls; also gives back an overshoot above it.
            if delta > 0 { used = min(delta, max(0, limits.upperBound - r)) }
            else { used = max(delta, min(0, limits.upperBound - r)) }
        case .scroll:
            used = ScrollView.withinBounds(delta, raw: r, limits: limits)
        case .postScroll:
            // Whatever the content cannot use going down (it is at its top) lowers the sheet, past the lowest
            // detent too: rubber-banded, or 1:1 for a card about to be dismissed.
            used = delta < 0 ? delta : 0
        case .overscroll:
            used = delta
        }
        guard used != 0 else { return 0 }
        // Without overscroll (Flutter's sheets) the sheet takes only what keeps it within its detents.
        let moved = rule.overscroll.allowsOverscroll ? used
            : -(min(max(rawTop - used, trackingLimits.lowerBound), trackingLimits.upperBound) - rawTop)
        if moved != 0 {
            movedWhileTracking = true
            motion = .tracking(rawTop: rule.overscroll.tracking(rawTop, movedBy: -moved, limits: trackingLimits,
                                                                 dimension: viewportHeight))
        }
        return moved
    }

    /// The release as the preset's sheet rule sees it.
    func release(top: Double, velocity v: Double, at t: Double) -> SheetRule.Release {
        SheetRule.Release(top: top, velocity: v, detentTops: detents.indices.map(top(of:)), current: currentDetent,
                          viewportHeight: viewportHeight, dismissible: spec.dismissible,
                          dismissDistance: spec.dismiss.distance, dismissVelocity: spec.dismiss.velocity,
                          projectsAcrossDetents: spec.projectsAcrossDetents, spring: spec.spring, time: t)
    }

    /// The preset's rule decides: a detent and the motion there, or a dismissal (docs/physics.md, "Sheets", "Card
    /// dismissal" and "Presets").
    func endTracking(velocity: Double, dragDistance: Double, at t: Double) {
        guard case .tracking = motion else { return }
        let top = self.top(at: t)
        // d(top)/dt, through the preset's fling gate.
        let v = rule.gate?.velocity(-velocity, dragDistance: dragDistance) ?? -velocity
        trackingVelocity = TrackingVelocity()
        let released = release(top: top, velocity: v, at: t)
        let decision = rule.release(released)
        if let log, movedWhileTracking || v != 0 || decision.motion != nil {
            log.record(explain(decision, release: released, fingerVelocity: velocity))
        }
        movedWhileTracking = false
        switch decision.outcome {
        case .dismiss:
            if let motion = decision.motion {
                self.motion = .animating(motion, dismissing: true)
            } else {
                self.motion = .dismissed(beyond: decision.destination - viewportHeight)
            }
        case .detent(let target):
            currentDetent = target
            if let motion = decision.motion {
                self.motion = .animating(motion, dismissing: false)
            } else {
                self.motion = .resting(top: top)
            }
        }
    }

    func updateTrackingVelocity(_ deltaVelocity: Double, at time: Double) {
        guard case .tracking(let raw) = motion else { return }
        // d(shown)/d(raw): 1 between the detents, the preset's slope beyond them (below the lowest only when the
        // sheet is not dismissible: a card follows the finger 1:1 there).
        let slope = rule.overscroll.trackingSlope(tracking: raw, limits: trackingLimits, dimension: viewportHeight,
                                                  movingForward: deltaVelocity < 0)
        trackingVelocity = TrackingVelocity(value: -deltaVelocity * slope, sampleTime: time)
    }

    func viewportDidResize(at t: Double) {
        switch motion {
        case .resting:
            motion = .resting(top: top(of: currentDetent))
        case .animating(let a, let dismissing) where t < a.endTime:
            // The settle goes on relative to its target, which moves with the viewport: the spring is shifted by
            // the target's move, not re-aimed from where it is. An animated resize calls this at every sampled
            // instant; the shifts add up to the target's whole move, so the top at an instant depends only on the
            // viewport's size then, not on how often the resize was sampled (60 and 120 fps agree).
            let target = dismissing ? viewportHeight : top(of: currentDetent)
            motion = .animating(a.shifted(by: target - a.finalPosition), dismissing: dismissing)
        case .animating(_, let dismissing):
            motion = dismissing ? .dismissed(beyond: 0) : .resting(top: top(of: currentDetent))
        case .tracking, .dismissed:
            break
        }
    }
}

/// The `sheet` component: a panel over the background with detents, holding one content component that moves
/// with it, connected to the scroll views inside it through the nested-scroll protocol.
final class SheetNode: ComponentNode {
    let spec: SheetSpec
    let key: String
    let sheet: Sheet
    let content: ComponentNode
    private(set) var frame: Rect = .zero
    /// The viewport and its safe area at the latest layout (the deck look is sized from them).
    private var context: LayoutContext?
    /// Where a drag its card does not follow is explained, when asked for.
    var log: ExplanationLog?

    init(spec: SheetSpec, key: String, content: ComponentNode, physics: PhysicsPreset) {
        self.spec = spec
        self.key = key
        self.content = content
        self.sheet = Sheet(spec: spec, physics: physics)
    }

    var headerHeight: Double { spec.header?.height ?? 0 }

    func layout(frame: Rect, context: LayoutContext, at t: Double) {
        self.context = context
        sheet.layout(viewportHeight: frame.height, at: t)
        let top = sheet.top(at: t)
        // The sheet reaches the viewport's bottom even while rubber-banding above its highest detent.
        self.frame = Rect(x: frame.minX, y: top, width: frame.width, height: max(sheet.height, frame.maxY - top))
        // The content keeps the size it has at the highest detent and moves with the sheet (ClassPass).
        let contentHeight = max(0, sheet.height - headerHeight)
        content.layout(frame: Rect(x: frame.minX, y: top + headerHeight, width: frame.width, height: contentHeight),
                       context: context, at: t)
    }

    /// The scroll view whose unused downward drag moves a card, as DeckTransition's `ScrollViewDetector` finds it:
    /// `tracks` (its `scrollViewForDeck`), else the content itself when it is a scroll view, else the first scroll
    /// view among the content's direct children — whatever its axis. A horizontal carousel first means no vertical
    /// pull dismisses the card: that is the library's behaviour, and `trackingPitfall` says so.
    lazy var trackedScrollView: ScrollView? = {
        if let id = spec.tracks { return content.scrollViews.first { $0.key == id } }
        if let own = content.ownScrollView { return own }
        return content.directChildren.lazy.compactMap(\.ownScrollView).first
    }()

    /// For a card that tracks a scroll view that cannot scroll vertically: the tracked view's key and the first
    /// vertical scroll view inside the card, whose pulls will never dismiss it. Nil when nothing is amiss.
    var trackingPitfall: (tracked: String, unreachable: String)? {
        guard spec.dismissible, let tracked = trackedScrollView, tracked.scrollAxis != .vertical,
              let vertical = content.scrollViews.first(where: { $0.scrollAxis == .vertical }) else { return nil }
        return (tracked.key, vertical.key)
    }

    /// Whether a drag on `target` reaches the sheet: for a card (or a sheet with `tracks`) only the tracked
    /// scroll view hands over; otherwise every vertical scroll view inside the sheet does (ClassPass).
    func connects(to target: NestedScrollParticipant) -> Bool {
        guard spec.dismissible || spec.tracks != nil else { return true }
        return target === trackedScrollView
    }

    func participants(at point: Point, axis: Axis, into chain: inout [NestedScrollParticipant]) {
        // A dismissed sheet sits below the viewport, so no point inside the viewport reaches it.
        guard frame.contains(point) else { return }
        var inner: [NestedScrollParticipant] = []
        if point.y >= frame.minY + headerHeight { content.participants(at: point, axis: axis, into: &inner) }
        guard axis == .vertical else {
            chain += inner
            return
        }
        guard let target = inner.last else {
            chain.append(sheet)
            return
        }
        if connects(to: target) { chain.append(sheet) } else { noteUntracked(target) }
        chain += inner
    }

    var directChildren: [ComponentNode] { [content] }

    func tap(at point: Point, time: Double) -> Bool {
        guard frame.contains(point), point.y >= frame.minY + headerHeight else { return false }
        return content.tap(at: point, time: time)
    }

    func viewportDidResize(at t: Double) {
        sheet.viewportDidResize(at: t)
        content.viewportDidResize(at: t)
    }

    /// The presenting view behind a `presentation: deck` card; nil for a plain sheet.
    func presenting(at t: Double) -> PresentingState? {
        guard spec.presentation == .deck, let context else { return nil }
        return DeckPresentation.presenting(progress: sheet.dismissProgress(at: t), viewport: context.viewport,
                                           statusBarHeight: context.safeArea.top)
    }

    func snapshot(at t: Double, into state: inout FrameState) {
        let detents = sheet.detents.indices.map { DetentPosition(name: sheet.detents[$0].name, top: sheet.top(of: $0)) }
        state.sheets.append(SheetState(key: key, top: sheet.top(at: t), detent: sheet.detentName(at: t),
                                       phase: sheet.phase(at: t), velocity: sheet.velocity(at: t),
                                       dimming: sheet.dimming(at: t), parallax: sheet.parallax(at: t),
                                       frame: frame, detents: detents, presenting: presenting(at: t)))
        content.snapshot(at: t, into: &state)
    }
}
