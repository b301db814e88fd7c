import Foundation
import FlickPhysics

/// The passes in which a drag delta is offered to the components under the finger (docs/physics.md, "Nested scrolling").
///
/// A delta is positive when it moves content forward: the finger moving up (vertical) or left (horizontal),
/// which increases a scroll view's contentOffset and raises a sheet.
enum NestedScrollPass: Hashable, Sendable {
    /// Offered to the target's ancestors, outermost first, before the target scrolls: a sheet takes upward deltas
    /// until it reaches its highest detent.
    case preScroll
    /// The target scrolls within its bounds (never into overscroll).
    case scroll
    /// What the target could not use, offered to its ancestors, innermost first: a sheet takes the downward
    /// deltas its list cannot use at the top.
    case postScroll
    /// What is still left, offered innermost first to whoever rubber-bands (or, for a card, follows the finger
    /// below its lowest detent).
    case overscroll
}

/// A component that takes part in nested scrolling along one axis: a scroll view or a sheet.
protocol NestedScrollParticipant: AnyObject {
    /// Its key in the frame document.
    var key: String { get }
    /// The axis along which it takes deltas.
    var scrollAxis: Axis { get }
    /// The finger came down on it: stop any animation and follow the finger from where it is now.
    func beginTracking(at time: Double)
    /// Takes part of `delta` in `pass`; returns the part it used.
    func consume(_ delta: Double, pass: NestedScrollPass, at time: Double) -> Double
    /// While tracking: the finger's velocity in delta space if this participant moved last, else 0, measured at
    /// the touch sample at `time`; it reports its own velocity from it.
    func updateTrackingVelocity(_ deltaVelocity: Double, at time: Double)
    /// The finger lifted; `velocity` (pt/s, in delta space) is the release velocity for the component that moved
    /// last and 0 for the others; `dragDistance` is how far the finger travelled along the drag's axis (a preset's
    /// fling gate asks for it).
    func endTracking(velocity: Double, dragDistance: Double, at time: Double)
}

/// Offers a drag delta to a chain of participants (outermost first, the target last) in the four passes.
struct NestedScrollDispatcher {
    private(set) var chain: [NestedScrollParticipant]
    /// The participant that last used a non-zero part of a delta: it gets the release velocity.
    private(set) var lastMover: NestedScrollParticipant?
    /// Who took the drag in which pass, run by run (kept when `recordsPasses`, for `--explain`).
    private(set) var passes: [Explanation.Pass] = []
    var recordsPasses = false

    init(chain: [NestedScrollParticipant]) { self.chain = chain }

    /// Distributes `delta`; returns what nobody used.
    @discardableResult
    mutating func dispatch(_ delta: Double, at time: Double) -> Double {
        guard let target = chain.last, delta != 0 else { return delta }
        let ancestors = chain.dropLast()
        var remaining = delta
        func offer(_ participant: NestedScrollParticipant, _ pass: NestedScrollPass) {
            guard remaining != 0 else { return }
            let used = participant.consume(remaining, pass: pass, at: time)
            if used != 0 {
                remaining -= used
                lastMover = participant
                if recordsPasses { record(participant.key, pass, used, at: time) }
            }
        }
        for ancestor in ancestors { offer(ancestor, .preScroll) }
        offer(target, .scroll)
        for ancestor in ancestors.reversed() { offer(ancestor, .postScroll) }
        for participant in chain.reversed() { offer(participant, .overscroll) }
        return remaining
    }

    /// Adds `used` to the current run when the same participant takes it in the same pass, else starts a run.
    private mutating func record(_ key: String, _ pass: NestedScrollPass, _ used: Double, at time: Double) {
        if var last = passes.last, last.component == key, last.pass == pass.name, (last.distance > 0) == (used > 0) {
            last.distance += used
            last.to = time
            passes[passes.count - 1] = last
        } else {
            passes.append(Explanation.Pass(component: key, pass: pass.name, distance: used, from: time, to: time))
        }
    }
}

/// The velocity of content under a finger: the finger's as measured at its latest touch sample, until the finger
/// has been still for longer than the velocity tracker's pause rule, when it is 0 — the velocity a lift at that
/// instant releases with, so the velocity stays continuous when the finger lifts after holding still.
public struct TrackingVelocity: Hashable, Sendable {
    /// pt/s.
    public var value: Double
    /// When the sample it was measured at was taken.
    public var sampleTime: Double

    public init(value: Double = 0, sampleTime: Double = -.infinity) {
        self.value = value
        self.sampleTime = sampleTime
    }

    /// The velocity at `t`: 0 once no sample came for `VelocityTracker.defaultAssumePointerStoppedTime` (40 ms).
    public func at(_ t: Double) -> Double {
        t - sampleTime > VelocityTracker.defaultAssumePointerStoppedTime ? 0 : value
    }
}
