import FlickCore
import FlickPhysics
import Foundation

extension Run {
    // MARK: Refresh controls

    /// A refresh control's state agrees with its list and its rules (docs/physics.md, "Pull to refresh"): the opened
    /// space runs from the top of the visible area to the content's top; `progress` is the pull over the trigger
    /// distance; a refresh is triggered only under a finger; while refreshing it holds exactly its height open when
    /// the list rests at its top; and the spinner shows the ticks its phase gives.
    mutating func checkRefreshes(_ state: FrameState) {
        let tolerance = 1e-6
        for (i, refresh) in state.refreshControls.enumerated() {
            guard let view = state.scrollView(refresh.key), let spec = facts.refreshSpecs[refresh.key] else { continue }
            let prefix = i == 0 ? "refreshControl" : "refreshControls.\(refresh.key)"
            count(.refresh)
            func fail(_ path: String, _ detail: String) { report(.refresh, at: state.time, "\(prefix).\(path)", detail) }
            // The model's held inset is part of the adjusted inset only while refreshing.
            let held = refresh.phase == .refreshing ? spec.height : 0
            let visibleTop = view.frame.minY + view.adjustedContentInset.top - held
            let contentTop = view.frame.minY - view.contentOffset.y
            let pulled = max(0, contentTop - visibleTop)
            if abs(refresh.pulledExtent - pulled) > tolerance || abs(refresh.gap.height - pulled) > tolerance
                || abs(refresh.gap.minY - visibleTop) > tolerance {
                fail("gap", "the opened space is \(Self.number(refresh.gap.minY)) + \(Self.number(refresh.gap.height)) pt "
                     + "(pulled \(Self.number(refresh.pulledExtent))); the list shows \(Self.number(visibleTop)) + "
                     + "\(Self.number(pulled)) pt between the top of its visible area and its content")
            }
            let progress = min(1, pulled / spec.triggerDistance)
            if abs(refresh.progress - progress) > tolerance {
                fail("progress", "\(Self.number(refresh.progress)), not pulled ÷ trigger = \(Self.number(progress))")
            }
            if refresh.phase == .triggered, state.touch == nil || state.touch?.phase == .ended {
                fail("phase", "triggered without a finger down: a refresh begins only while the list is pulled")
            }
            if refresh.phase == .refreshing {
                if abs(refresh.heldInset - spec.height) > tolerance {
                    fail("heldInset", "\(Self.number(refresh.heldInset)) pt while refreshing, not the height \(Self.number(spec.height)) pt")
                }
                let atTop = abs(view.contentOffset.y + view.adjustedContentInset.top) <= InvariantChecker.positionTolerance
                if view.phase == .idle, atTop, abs(pulled - spec.height) > InvariantChecker.positionTolerance {
                    fail("pulledExtent", "resting at its top while refreshing, the list holds \(Self.number(pulled)) pt "
                         + "open, not \(Self.number(spec.height)) pt")
                }
            }
            let spinner = refresh.spinner
            let ticks = spinner.spinning ? RefreshSpinner.tickCount
                : Int((Double(RefreshSpinner.tickCount) * progress).rounded(.up))
            if spinner.ticks != ticks {
                fail("spinner.ticks", "\(spinner.ticks) ticks \(spinner.spinning ? "spinning" : "at progress \(Self.number(progress))"), not \(ticks)")
            }
            if !(0...1).contains(spinner.alpha) || !(0...1).contains(refresh.progress) {
                fail("spinner.alpha", "alpha \(Self.number(spinner.alpha)) or progress \(Self.number(refresh.progress)) is outside 0...1")
            }
        }
    }
}
