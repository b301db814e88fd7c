import FlickPhysics
import Foundation

/// UIRefreshControl on a vertical list (docs/physics.md, "Pull to refresh"): a pull that brings the content's top
/// `triggerDistance` below the top of the visible area while the finger is down begins a refresh; on release the list
/// keeps `height` points open above its content (its adjusted top inset grows by that much, so the bounce comes to rest
/// there); at `refreshEnds` the space closes in a UIView animation.
///
/// It is an attachment of its list's scroll view (`ScrollAttachment`): it watches each touch sample that moved the
/// content (`tracked`), the finger's lift (`willRelease`, before the release is worked out) and every layout
/// (`advance`), so that the refresh's end happens at `refreshEnds` exactly whatever the frame rate; it holds its space
/// open through `heldLeadingInset`, claims the pull from a sheet around the list, and writes its state.
final class RefreshControl: ScrollAttachment {
    /// Where the control is in its cycle; the phase at an instant follows from it and the scroll view.
    enum Stage: Equatable {
        case idle
        /// The pull reached the trigger distance at `at`, the finger still down.
        case triggered(at: Double)
        /// Released after triggering at `triggeredAt`: the space is held.
        case refreshing(triggeredAt: Double)
        /// The held space (`from` points at `start`) closes over the end duration.
        case ending(start: Double, from: Double, triggeredAt: Double)
    }

    let spec: RefreshSpec
    private(set) var stage = Stage.idle
    /// The space it holds open above the content at the moment (`spec.height` from the lift after the trigger until
    /// the end), part of the scroll view's adjusted top inset.
    private(set) var heldLeadingInset = 0.0
    /// A sheet around the list leaves it the pulls at its lowest detent.
    var claimsLeadingPull: Bool { true }

    init(spec: RefreshSpec) {
        self.spec = spec
    }

    // MARK: Events

    /// A touch sample moved the content: a pull that reaches the trigger distance begins the refresh
    /// (UIRefreshControl begins while the finger is still down).
    func tracked(_ scrollView: ScrollView, at t: Double) {
        if stage == .idle, pulledExtent(scrollView, at: t) >= spec.triggerDistance {
            stage = .triggered(at: t)
            scrollView.log?.record(explainTrigger(scrollView, at: t))
        }
    }

    /// The finger lifts at `t`: a triggered refresh holds its space (the release then bounces to the grown inset); a
    /// refresh whose end came while the finger was down ends now.
    func willRelease(_ scrollView: ScrollView, at t: Double) {
        // Where the finger leaves the content, read before the held inset changes the limits it is shown against.
        let x = scrollView.log == nil ? 0 : scrollView.offset(at: t)
        switch stage {
        case .triggered(let at):
            if endsBy(t, triggeredAt: at) {
                stage = .ending(start: t, from: 0, triggeredAt: at)
                scrollView.log?.record(explainEndAtLift(scrollView, at: t, position: x, held: 0))
            } else {
                heldLeadingInset = spec.height
                stage = .refreshing(triggeredAt: at)
                scrollView.log?.record(explainHold(scrollView, at: t, position: x, triggeredAt: at))
            }
        case .refreshing(let at) where endsBy(t, triggeredAt: at):
            heldLeadingInset = 0
            stage = .ending(start: t, from: spec.height, triggeredAt: at)
            scrollView.log?.record(explainEndAtLift(scrollView, at: t, position: x, held: spec.height))
        case .idle, .refreshing, .ending:
            break
        }
    }

    /// Whether `refreshEnds` falls between the trigger at `at` and `t` (an end before the refresh began is ignored,
    /// as UIKit ignores `endRefreshing()` before `beginRefreshing()`).
    private func endsBy(_ t: Double, triggeredAt at: Double) -> Bool {
        guard let ends = spec.refreshEnds else { return false }
        return ends >= at && ends <= t
    }

    /// Applies what happens by `t` without input: the end at `refreshEnds` (deferred to the lift while a finger holds
    /// the list) and, after the end duration, the return to idle.
    func advance(_ scrollView: ScrollView, to t: Double) {
        if case .refreshing(let at) = stage, endsBy(t, triggeredAt: at), !scrollView.isTracking, let ends = spec.refreshEnds {
            let from = scrollView.offset(at: ends)
            scrollView.releaseHeldInset(duration: spec.endDuration, at: ends) { heldLeadingInset = 0 }
            stage = .ending(start: ends, from: spec.height, triggeredAt: at)
            scrollView.log?.record(explainEnd(scrollView, at: ends, from: from))
        }
        if case .ending(let start, _, _) = stage, t >= start + spec.endDuration { stage = .idle }
    }

    // MARK: State at a time

    /// contentOffset on the axis when the content rests at its top without the held space.
    func restingTop(_ scrollView: ScrollView) -> Double {
        -(scrollView.adjustedContentInset.top - scrollView.heldLeadingInset)
    }

    /// How far the content's top is below the top of the visible area at `t`.
    func pulledExtent(_ scrollView: ScrollView, at t: Double) -> Double {
        max(0, restingTop(scrollView) - scrollView.offset(at: t))
    }

    /// The held space at `t`: `height` while refreshing, closing along the end animation's curve while ending.
    func heldInset(at t: Double) -> Double {
        switch stage {
        case .idle, .triggered: return 0
        case .refreshing: return spec.height
        case .ending(let start, let from, _):
            let curve = TimedCurve(from: from, to: 0, duration: spec.endDuration)
            return curve.position(at: t - start)
        }
    }

    func phase(_ scrollView: ScrollView, at t: Double) -> RefreshPhase {
        switch stage {
        case .idle: return pulledExtent(scrollView, at: t) > 0 ? .pulling : .idle
        case .triggered: return .triggered
        case .refreshing: return .refreshing
        case .ending(let start, _, _):
            if t < start + spec.endDuration { return .ending }
            return pulledExtent(scrollView, at: t) > 0 ? .pulling : .idle
        }
    }

    /// Its state, under its list's key.
    func snapshot(_ scrollView: ScrollView, at t: Double, into state: inout FrameState) {
        state.append(self.state(scrollView, at: t))
    }

    func state(_ scrollView: ScrollView, at t: Double) -> RefreshState {
        let key = scrollView.key
        let pulled = pulledExtent(scrollView, at: t)
        let progress = min(1, pulled / spec.triggerDistance)
        let phase = self.phase(scrollView, at: t)
        let held = heldInset(at: t)
        let frame = scrollView.frame
        let visibleTop = frame.minY + scrollView.adjustedContentInset.top - scrollView.heldLeadingInset
        // The spinner's box opens at the top of the visible area, or hangs `held` above the content's top when the
        // list is scrolled into the held space (Flutter's sliver paints its box from there).
        let boxTop = visibleTop - max(0, held - pulled)
        var radius = RefreshSpinner.radius
        let spinning: Bool, ticks: Int, step: Int, alpha: Double
        switch phase {
        case .idle, .pulling:
            spinning = false
            ticks = Int((Double(RefreshSpinner.tickCount) * progress).rounded(.up))
            step = 0
            alpha = RefreshSpinner.fadeInCurve.progress(progress / RefreshSpinner.fadeInEnd)
        case .triggered, .refreshing, .ending:
            spinning = true
            ticks = RefreshSpinner.tickCount
            step = spinStep(at: t)
            alpha = 1
            if phase == .ending { radius *= min(1, pulled / spec.height) }
        }
        let spinner = RefreshSpinnerState(center: Point(x: frame.midX, y: boxTop + RefreshSpinner.margin + radius),
                                          radius: radius, ticks: ticks, spinning: spinning, activeTick: step,
                                          alpha: alpha)
        return RefreshState(key: key, phase: phase, progress: progress, pulledExtent: pulled, heldInset: held,
                            gap: Rect(x: frame.minX, y: visibleTop, width: frame.width, height: pulled),
                            spinner: spinner)
    }

    /// The spin's step at `t`: one of 8 per turn, counted from the trigger (CupertinoActivityIndicator's
    /// `activeTick`, `(tickCount × position).floor()`).
    private func spinStep(at t: Double) -> Int {
        let since: Double
        switch stage {
        case .triggered(let at), .refreshing(let at), .ending(_, _, let at): since = at
        case .idle: return 0
        }
        let turns = max(0, t - since) / RefreshSpinner.period
        let fraction = turns - turns.rounded(.down)
        return min(RefreshSpinner.tickCount - 1, Int((Double(RefreshSpinner.tickCount) * fraction).rounded(.down)))
    }
}
