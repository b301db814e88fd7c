import FlickCore
import Foundation

/// An expectation of a scenario (`expect:`) that did not hold, with where and by how much.
public struct ExpectationFailure: Sendable, CustomStringConvertible {
    public var expectation: Expectation
    /// The frame it failed in (the first failing frame of a span); nil when no frame lies where it looks.
    public var frame: Int?
    /// That frame's time in seconds.
    public var time: Double?
    /// What the state held there; nil when the path names nothing in that frame.
    public var actual: StateValue?
    /// For a span: how many of its frames failed, and how many it covers (1 and 1 otherwise).
    public var failedFrames: Int
    public var coveredFrames: Int
    /// One line: `expect[2]: sheet.top was 431.2, expected 422 ± 0.5 (off by 9.2) at 1.2 s (frame 72)`.
    public var description: String
}

/// Checks a scenario's expectations against its simulated states, one frame at a time.
///
/// Feed it every frame in order with `observe(_:)` (it keeps only the few values it needs, so memory stays flat
/// however long the scenario is), then read `failures`:
///
///     var evaluator = ExpectationEvaluator(scenario: scenario)
///     Simulation(scenario: scenario).run { evaluator.observe($0) }
///     for failure in evaluator.failures { print(failure) }
///
/// `at: t` looks at the frame nearest to `t`; `at: end` at the last frame; `from: a, to: b` at every frame whose
/// time lies in `a...b`. Numbers compare to the state document's precision (1e-6) unless a tolerance is given
/// (`{near: 120, within: 0.5}`).
public struct ExpectationEvaluator {
    /// Two numbers this close are equal: the state document writes numbers rounded to 1e-6.
    public static let numberPrecision = 1e-6

    private struct Pending {
        var expectation: Expectation
        /// Frames it looks at.
        var frames: ClosedRange<Int>?
        /// Why it looks at no frame, when `frames` is nil.
        var outside: String?
        var failure: ExpectationFailure?
        var failedFrames = 0
    }

    public let scenario: Scenario
    private var pending: [Pending]

    public init(scenario: Scenario) {
        self.scenario = scenario
        let last = scenario.frameCount - 1
        let lastTime = scenario.time(ofFrame: last)
        pending = scenario.expectations.map { expectation in
            var entry = Pending(expectation: expectation)
            switch expectation.time {
            case .at(let t):
                let index = (t * scenario.fps).rounded()
                if t.isFinite, index >= 0, index <= Double(last) {
                    entry.frames = Int(index)...Int(index)
                } else {
                    entry.outside = "no frame at \(Self.seconds(t)) (frames run from 0 s to \(Self.seconds(lastTime)))"
                }
            case .end:
                entry.frames = last...last
            case .span(let from, let to):
                // Frames whose time lies in from...to, to within a nanosecond (frame times are i/fps).
                let first = max(0, (from * scenario.fps - 1e-9 * scenario.fps).rounded(.up))
                let final = min(Double(last), (to * scenario.fps + 1e-9 * scenario.fps).rounded(.down))
                if from.isFinite, to.isFinite, first <= final {
                    entry.frames = Int(first)...Int(final)
                } else {
                    entry.outside = "no frame from \(Self.seconds(from)) to \(Self.seconds(to)) (frames run from 0 s to \(Self.seconds(lastTime)) at \(JSONValue.format(scenario.fps)) fps)"
                }
            case .reference:
                break // judged on the recorded samples, in `failures`
            }
            return entry
        }
    }

    /// Checks the expectations that look at this frame.
    public mutating func observe(_ frame: FrameState) {
        for i in pending.indices {
            guard let frames = pending[i].frames, frames.contains(frame.index) else { continue }
            let expectation = pending[i].expectation
            let actual = frame.value(atPath: expectation.path)
            guard !Self.holds(expectation.condition, actual) else { continue }
            pending[i].failedFrames += 1
            if pending[i].failure == nil {
                pending[i].failure = ExpectationFailure(
                    expectation: expectation, frame: frame.index, time: frame.time, actual: actual,
                    failedFrames: 1, coveredFrames: frames.count, description: "")
            }
        }
    }

    /// The expectations that did not hold, in the order of the file. Expectations whose frames were not all
    /// observed are judged on the frames that were.
    public var failures: [ExpectationFailure] {
        let residuals = pending.contains { if case .reference = $0.expectation.time { true } else { false } }
            ? ReferenceResidual.measure(scenario) : []
        return pending.compactMap { entry in
            if case .reference(let index) = entry.expectation.time {
                guard residuals.indices.contains(index) else { return nil }
                return Self.referenceFailure(entry.expectation, residuals[index], fps: scenario.fps)
            }
            if let outside = entry.outside {
                return ExpectationFailure(expectation: entry.expectation, frame: nil, time: nil, actual: nil,
                                          failedFrames: 0, coveredFrames: 0,
                                          description: "expect[\(entry.expectation.index)]: \(entry.expectation.path): \(outside)")
            }
            guard var failure = entry.failure else { return nil }
            failure.failedFrames = entry.failedFrames
            failure.description = Self.describe(failure)
            return failure
        }
    }

    /// Runs `scenario` and checks its expectations: a fold over `run`, the scenario's run (simulated here when nil).
    public static func check(_ scenario: Scenario, run: FlickCore.Run? = nil) -> [ExpectationFailure] {
        var evaluator = ExpectationEvaluator(scenario: scenario)
        guard !scenario.expectations.isEmpty else { return [] }
        for state in run ?? FlickCore.Run(scenario: scenario) { evaluator.observe(state) }
        return evaluator.failures
    }

    /// A reference expectation that did not hold: the worst recorded sample is further than `within` from the
    /// simulation, or no sample lies inside the scenario's time.
    static func referenceFailure(_ e: Expectation, _ residual: ReferenceResidual, fps: Double) -> ExpectationFailure? {
        guard case .near(_, let within) = e.condition else { return nil }
        let name = "expect[\(e.index)]: reference[\(residual.reference.index)] \(e.path) vs \(residual.reference.file)"
        guard let worst = residual.worst else {
            return ExpectationFailure(expectation: e, frame: nil, time: nil, actual: nil, failedFrames: 0, coveredFrames: 0,
                                      description: "\(name): no recorded sample lies inside the scenario's time")
        }
        guard residual.maximum > within + numberPrecision else { return nil }
        let failed = residual.differences.filter { abs($0.value) > within + numberPrecision }.count
        let frame = Int((worst.t * fps).rounded())
        return ExpectationFailure(
            expectation: e, frame: frame, time: worst.t, actual: .number(worst.value), failedFrames: failed,
            coveredFrames: residual.differences.count,
            description: "\(name): off by up to \(ReferenceResidual.format(residual.maximum)) pt, expected within \(JSONValue.format(within)), worst at \(seconds((worst.t * 1000).rounded() / 1000)) (frame \(frame)); \(failed) of the \(residual.differences.count) samples are further (rms \(ReferenceResidual.format(residual.rms)))")
    }

    // MARK: Comparing and describing

    static func holds(_ condition: Expectation.Condition, _ actual: StateValue?) -> Bool {
        guard let actual else { return false }
        switch condition {
        case .equals(.number(let expected)):
            guard case .number(let x) = actual else { return false }
            return abs(x - expected) <= numberPrecision
        case .equals(let expected):
            return actual == expected
        case .near(let expected, let within):
            guard case .number(let x) = actual else { return false }
            return abs(x - expected) <= within + numberPrecision
        }
    }

    static func describe(_ failure: ExpectationFailure) -> String {
        let e = failure.expectation
        var text = "expect[\(e.index)]: \(e.path) "
        if let actual = failure.actual {
            text += "was \(quoted(actual)), expected "
            switch e.condition {
            case .equals(let expected):
                text += quoted(expected)
                if case .number(let x) = actual, case .number(let y) = expected {
                    text += " (off by \(JSONValue.format(abs(x - y))))"
                }
            case .near(let expected, let within):
                text += "\(JSONValue.format(expected)) ± \(JSONValue.format(within))"
                if case .number(let x) = actual { text += " (off by \(JSONValue.format(abs(x - expected))))" }
            }
        } else {
            text += "names nothing in the frame"
        }
        if let frame = failure.frame, let time = failure.time {
            switch e.time {
            case .at:
                text += " at \(seconds(time)) (frame \(frame))"
            case .end:
                text += " at the end, \(seconds(time)) (frame \(frame))"
            case .span(let from, let to):
                text += " at \(seconds(time)) (frame \(frame)); \(failure.failedFrames) of the \(failure.coveredFrames) frames from \(seconds(from)) to \(seconds(to)) fail"
            case .reference:
                break // described by `referenceFailure`
            }
        }
        return text
    }

    static func quoted(_ value: StateValue) -> String {
        switch value {
        case .string(let s):
            var out = ""
            JSONValue.string(s).write(to: &out)
            return out
        case .number, .bool, .null:
            return value.description
        }
    }

    static func seconds(_ t: Double) -> String { "\(JSONValue.format(t)) s" }
}
