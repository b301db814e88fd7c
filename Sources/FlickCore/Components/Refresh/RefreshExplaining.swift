import Foundation

// The refresh control's decisions, put into words (`flick states --explain`, docs/states.md "Explanations"): when it
// triggers, holds its space at the lift and ends.

extension RefreshControl {
    private func name(_ scrollView: ScrollView) -> String { "\(scrollView.noun) `\(scrollView.key)`" }

    private func entry(_ scrollView: ScrollView, _ t: Double, chosen phase: RefreshPhase, position: Double) -> Explanation {
        Explanation(time: t, event: .refresh, component: scrollView.key, rule: "uikit.refreshControl",
                    position: position, chosen: phase.rawValue, reason: "", text: "")
    }

    /// The pull reached the trigger distance at `t`, the finger still down.
    func explainTrigger(_ scrollView: ScrollView, at t: Double) -> Explanation {
        var e = entry(scrollView, t, chosen: .triggered, position: scrollView.offset(at: t))
        e.reason = "pulled \(Say.pt(pulledExtent(scrollView, at: t))) below its top, at least the trigger distance "
            + "\(Say.pt(spec.triggerDistance)), the finger still down (UIRefreshControl begins before the lift)"
        e.text = "\(Say.time(t)), \(name(scrollView)) triggers its refresh: \(e.reason)"
        return e
    }

    /// The finger lifted at `t` (at offset `x`) after the trigger at `at`: the space is held (the scroll view's inset
    /// has grown).
    func explainHold(_ scrollView: ScrollView, at t: Double, position x: Double, triggeredAt at: Double) -> Explanation {
        var e = entry(scrollView, t, chosen: .refreshing, position: x)
        let top = restingTop(scrollView), held = restingTop(scrollView) - spec.height
        e.destination = held
        let until: String
        if let ends = spec.refreshEnds {
            if ends >= at { scrollView.log?.scheduleTakeover(of: scrollView.key, at: ends, words: "the refresh's end (`refreshEnds`)") }
            until = ends >= at ? "until `refreshEnds` at \(Say.time(ends))"
                : "to the end of the run: `refreshEnds` (\(Say.time(ends))) came before the refresh began, and UIKit "
                + "ignores endRefreshing() before beginRefreshing()"
        } else {
            until = "to the end of the run (no `refreshEnds`)"
        }
        e.reason = "the finger lifted after the refresh triggered (at \(Say.time(at))); it holds \(Say.pt(spec.height)) open above "
            + "its content (its top inset \(Say.pt(-top)) → \(Say.pt(-held))), so its top rests at offset "
            + "\(Say.pt(held)) instead of \(Say.pt(top)), \(until)"
        e.text = "\(Say.time(t)), \(name(scrollView)) refreshing: \(e.reason)"
        return e
    }

    /// `refreshEnds` came while the finger held the list; at the lift (`t`, at offset `x`) the `held` points are given
    /// back at once.
    func explainEndAtLift(_ scrollView: ScrollView, at t: Double, position x: Double, held: Double) -> Explanation {
        var e = entry(scrollView, t, chosen: .ending, position: x)
        let ends = spec.refreshEnds ?? t
        e.reason = "`refreshEnds` (\(Say.time(ends))) came while the finger held the list; "
            + (held > 0 ? "the \(Say.pt(held)) held above its content are given back at once"
                : "nothing was held yet")
            + (x < restingTop(scrollView) ? ", so the release returns to its top, \(Say.pt(restingTop(scrollView)))" : "")
        e.text = "\(Say.time(t)), \(name(scrollView)) ends its refresh at the lift: \(e.reason)"
        return e
    }

    /// `refreshEnds` at `t` with the list at offset `x` and no finger on it: the held space closes (the scroll view
    /// has already given back its inset and, if the content was above its top, started the closing animation).
    func explainEnd(_ scrollView: ScrollView, at t: Double, from x: Double) -> Explanation {
        var e = entry(scrollView, t, chosen: .ending, position: x)
        let top = restingTop(scrollView)
        let closing = "the \(Say.pt(spec.height)) held above its content close in \(Say.number(spec.endDuration, digits: 2)) s "
            + "along easeInOut (a UIView animation)"
        if x < top {
            e.destination = top
            e.settles = t + spec.endDuration
            e.reason = "\(closing); the content moves from offset \(Say.pt(x)) to its top, \(Say.pt(top))"
            e.text = "\(Say.time(t)), \(name(scrollView)) ends its refresh (`refreshEnds`): \(e.reason); "
                + (scrollView.log?.settleWords(t + spec.endDuration, decidedAt: t) ?? "")
        } else {
            e.destination = x
            e.reason = "\(closing); the content is at offset \(Say.pt(x)), past its top (\(Say.pt(top))): it stays where "
                + "it is (endRefreshing() stops any motion)"
            e.text = "\(Say.time(t)), \(name(scrollView)) ends its refresh (`refreshEnds`): \(e.reason)"
        }
        return e
    }
}

extension Explanation.Event {
    /// A list's refresh control changed phase: triggered, began to hold its space, or ended.
    public static let refresh = Explanation.Event("refresh")
}
