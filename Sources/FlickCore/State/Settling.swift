import Foundation

/// When a run comes to rest: the one definition of "settled" every output reads (docs/states.md, "Settled").
///
/// A frame is *at rest* when every scroll view's phase is `idle` and every sheet's is `idle` or `dismissed`: the
/// motion each component's physics rule started (a deceleration, a bounce, a spring) has ended by that rule's own
/// test, so the phases in the state document already say it. A *settle* is the first frame at rest, with no finger
/// down, after a frame that was not at rest: the page's ✓ marks, the contact sheet's settled tiles, the sweep
/// table's settle time and `--explain`'s "settles at" all name that frame.
public enum Settling {
    /// What a frame says about rest.
    public struct Sample: Hashable, Sendable {
        /// A finger is on the screen, or lifted since the previous frame (`touch` is not null).
        public var touching: Bool
        /// Every component's phase is at rest.
        public var atRest: Bool
    }

    /// Whether every component in `state` is at rest (its phase `idle`, or a sheet's `dismissed`).
    public static func isAtRest(_ state: FrameState) -> Bool {
        state.scrollViews.allSatisfy { isAtRest($0.phase) } && state.sheets.allSatisfy { isAtRest($0.phase) }
    }

    public static func isAtRest(_ phase: ScrollPhase) -> Bool {
        switch phase {
        case .idle: true
        case .tracking, .decelerating, .bouncing, .animating: false
        }
    }

    public static func isAtRest(_ phase: SheetPhase) -> Bool {
        switch phase {
        case .idle, .dismissed: true
        case .tracking, .settling, .dismissing: false
        }
    }

    /// Positions in `samples` at which the run settled: at rest, no finger, and the frame before was not at rest.
    public static func settles(_ samples: [Sample]) -> [Int] {
        samples.indices.dropFirst().filter { i in
            samples[i].atRest && !samples[i].touching && !samples[i - 1].atRest
        }
    }

    /// Whether something is still moving at the last frame, with no finger down: the run ends before it settles.
    public static func stillMovingAtEnd(_ samples: [Sample]) -> Bool {
        guard let last = samples.last else { return false }
        return !last.atRest && !last.touching
    }

    /// The first frame at or after `time` at `fps` (frame `i` at `i / fps`, as `Scenario.time(ofFrame:)`): a motion
    /// that ends at `time` is at rest from this frame on, since a component is at rest once `t ≥ endTime`.
    public static func firstFrame(atOrAfter time: Double, fps: Double) -> Int {
        guard time.isFinite, fps > 0 else { return 0 }
        var i = max(0, Int(saturating: (time * fps).rounded(.up)))
        while i > 0, Double(i - 1) / fps >= time { i -= 1 }
        while Double(i) / fps < time { i += 1 }
        return i
    }
}

extension Settling.Sample {
    /// What `state` says about rest.
    public init(_ state: FrameState) {
        touching = state.touch != nil
        atRest = Settling.isAtRest(state)
    }
}
