import FlickPhysics
import Foundation

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
    /// The scroll view under the current touch when it claims the pull past its top (`claimsLeadingPull`: a list with
    /// a refresh control), set when the touch's chain is built: at the lowest detent of a sheet that cannot be
    /// dismissed the sheet leaves it the pull (docs/physics.md, "Pull to refresh").
    weak var pullClaimant: ScrollView?

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
            // Rises until the highest detent before the content scrolls; also gives back an overshoot above it. A list
            // pulled for a refresh first takes its pull back.
            if delta > 0, let list = pullClaimant, list.offset(at: t) < list.limits.lowerBound { used = 0 }
            else if delta > 0 { used = min(delta, max(0, limits.upperBound - r)) }
            else { used = max(delta, min(0, limits.upperBound - r)) }
        case .scroll:
            used = ScrollView.withinBounds(delta, raw: r, limits: limits)
        case .postScroll:
            // Whatever the content cannot use going down (it is at its top) lowers the sheet, past the lowest
            // detent too: rubber-banded, or 1:1 for a card about to be dismissed. A list that claims the pull (it has a
            // refresh control) in a sheet that cannot be dismissed lowers it only to its lowest detent; the rest is the
            // list's pull.
            if delta < 0, pullClaimant != nil, !spec.dismissible { used = max(delta, min(0, limits.lowerBound - r)) }
            else { used = delta < 0 ? delta : 0 }
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
