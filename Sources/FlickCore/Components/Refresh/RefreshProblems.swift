import Foundation

/// A refresh control's state agrees with its list and its rules (docs/physics.md, "Pull to refresh"): the opened space
/// runs from the top of the visible area to the content's top; `progress` is the pull over the trigger distance; a
/// refresh is triggered only under a finger; while refreshing it holds exactly its height open when the list rests at
/// its top; and the spinner shows the ticks its phase gives. `flick check` reports what this finds under its rule
/// "refresh control follows its list" (FlickRunner's `InvariantRule.refresh`, docs/testing.md).
extension RefreshState {
    /// The ways this state disagrees with `spec` and with its list's state `view` in a frame whose finger is `touch`:
    /// each a key path below the control's own (`gap`, `spinner.ticks`) and what is wrong. Positions agree within
    /// 1e-6 pt; a list resting at its top, within `positionTolerance` (the checker's).
    public func problems(spec: RefreshSpec, view: ScrollViewState, touch: TouchState?,
                         positionTolerance: Double) -> [(path: String, detail: String)] {
        let tolerance = 1e-6
        var problems: [(path: String, detail: String)] = []
        func fail(_ path: String, _ detail: String) { problems.append((path, detail)) }
        func number(_ x: Double) -> String { x.isFinite ? JSONValue.format(x) : "\(x)" }
        // The model's held inset is part of the adjusted inset only while refreshing.
        let held = phase == .refreshing ? spec.height : 0
        let visibleTop = view.frame.minY + view.adjustedContentInset.top - held
        let contentTop = view.frame.minY - view.contentOffset.y
        let pulled = max(0, contentTop - visibleTop)
        if abs(pulledExtent - pulled) > tolerance || abs(gap.height - pulled) > tolerance
            || abs(gap.minY - visibleTop) > tolerance {
            fail("gap", "the opened space is \(number(gap.minY)) + \(number(gap.height)) pt "
                 + "(pulled \(number(pulledExtent))); the list shows \(number(visibleTop)) + "
                 + "\(number(pulled)) pt between the top of its visible area and its content")
        }
        let expected = min(1, pulled / spec.triggerDistance)
        if abs(progress - expected) > tolerance {
            fail("progress", "\(number(progress)), not pulled ÷ trigger = \(number(expected))")
        }
        if phase == .triggered, touch == nil || touch?.phase == .ended {
            fail("phase", "triggered without a finger down: a refresh begins only while the list is pulled")
        }
        if phase == .refreshing {
            if abs(heldInset - spec.height) > tolerance {
                fail("heldInset", "\(number(heldInset)) pt while refreshing, not the height \(number(spec.height)) pt")
            }
            let atTop = abs(view.contentOffset.y + view.adjustedContentInset.top) <= positionTolerance
            if view.phase == .idle, atTop, abs(pulled - spec.height) > positionTolerance {
                fail("pulledExtent", "resting at its top while refreshing, the list holds \(number(pulled)) pt "
                     + "open, not \(number(spec.height)) pt")
            }
        }
        let ticks = spinner.spinning ? RefreshSpinner.tickCount
            : Int((Double(RefreshSpinner.tickCount) * expected).rounded(.up))
        if spinner.ticks != ticks {
            fail("spinner.ticks", "\(spinner.ticks) ticks \(spinner.spinning ? "spinning" : "at progress \(number(expected))"), not \(ticks)")
        }
        if !(0...1).contains(spinner.alpha) || !(0...1).contains(progress) {
            fail("spinner.alpha", "alpha \(number(spinner.alpha)) or progress \(number(progress)) is outside 0...1")
        }
        return problems
    }
}
