import FlickCore
import FlickPhysics
import Foundation

/// A rule that every frame of every scenario must keep, whatever the gestures (`flick check`).
public enum InvariantRule: String, Sendable, CaseIterable {
    /// Every number of the state document is finite.
    case finite = "finite numbers"
    /// While a finger is down, the parts it moves (sheets and scroll views, rubber band undone) move together by
    /// exactly what the finger moved: a hand-off from the sheet to its list (or back) loses or adds nothing.
    case followsFinger = "follows the finger"
    /// Nothing jumps when a finger comes down (a moving scroll view or sheet is caught where it is; one the finger does
    /// not catch goes on as it would have without the finger).
    case grab = "no jump at touch-down"
    /// When a finger lifts, the motion starts with the velocity the parts had under the finger.
    case releaseVelocity = "velocity continuous at lift"
    /// Between input events, every content offset and sheet top moves continuously.
    case continuity = "continuous motion"
    /// A scroll indicator stays inside its track (and at least a dot long).
    case indicatorInTrack = "indicator inside its track"
    /// An info panel stays inside its list's track, beside the indicator.
    case panelInTrack = "panel inside its track"
    /// A pager's tab indicator is where its scroll fraction puts it, so it moves only as the content moves.
    case tabIndicator = "tab indicator follows the scroll"
    /// A large-title navigation bar's bottom edge rides on its list's content between the inline and the expanded
    /// (or stretched) height; its fractions and alphas stay in 0...1 and its two titles' alphas add up to 1.
    case navigationBar = "navigation bar rides on its list"
    /// A list's refresh control agrees with its list: the opened space, the progress, the held height while
    /// refreshing, a trigger only under a finger, the spinner's ticks.
    case refresh = "refresh control follows its list"
    /// The scenario sampled at twice (or half) its frame rate gives the same states at the shared instants.
    case frameRates = "frame rates agree"
}

/// One broken invariant: where (frame, time, state path) and by how much.
public struct InvariantViolation: Sendable, CustomStringConvertible {
    public var rule: InvariantRule
    /// The frame at or nearest to `time`.
    public var frame: Int
    /// Seconds; an instant between frames for what happens at a touch-down or a lift.
    public var time: Double
    /// The state path of the value (or values, joined by `+`) concerned: `sheet.top`, `list.contentOffset.y`.
    public var path: String
    /// The numbers: what was found and what was allowed.
    public var detail: String

    public var description: String {
        "frame \(frame) (\(JSONValue.format(time)) s) \(path): \(detail) [\(rule.rawValue)]"
    }
}

/// What `InvariantChecker.check` found.
public struct InvariantReport: Sendable {
    /// The violations in time order (at most `InvariantChecker.Options.maximumViolations`).
    public var violations: [InvariantViolation]
    /// Violations found beyond the kept ones.
    public var omitted: Int
    /// Frames checked.
    public var frames: Int
    /// How many times each rule was checked (a frame, a touch-down, a lift, a pair of frames…): a rule checked
    /// 0 times says nothing about the scenario.
    public var checks: [InvariantRule: Int]

    public var passed: Bool { violations.isEmpty }

    /// One entry per rule and path, with the first violation and how many frames broke it.
    public var grouped: [(first: InvariantViolation, count: Int)] {
        var order: [String] = []
        var groups: [String: (InvariantViolation, Int)] = [:]
        for v in violations {
            let key = v.rule.rawValue + "|" + v.path
            if let g = groups[key] { groups[key] = (g.0, g.1 + 1) } else { groups[key] = (v, 1); order.append(key) }
        }
        return order.map { (groups[$0]!.0, groups[$0]!.1) }
    }

    /// The rules checked and how often, in the order of `InvariantRule`: `follows the finger 120, …`.
    public var checkSummary: String {
        InvariantRule.allCases.compactMap { rule in checks[rule].map { "\(rule.rawValue) \($0)" } }.joined(separator: ", ")
    }

    /// Lines for a person: the first violation of each rule and path, with how often it recurs.
    public var lines: [String] {
        var lines = grouped.map { g in
            g.count > 1 ? "\(g.first) (and \(g.count - 1) more time\(g.count == 2 ? "" : "s"))" : "\(g.first)"
        }
        if omitted > 0 { lines.append("\(omitted) more violation\(omitted == 1 ? "" : "s") not listed") }
        return lines
    }
}

/// Checks the invariants of `InvariantRule` on every frame of a scenario, plus the instants at which a finger
/// comes down and lifts (sampled exactly with `Simulation.state(at:)`, between frames).
public enum InvariantChecker {
    public struct Options: Sendable {
        /// Also run the scenario at twice its frame rate (half, above 120 fps) and compare the shared instants.
        public var compareFrameRates = true
        /// Violations kept in the report; the rest are counted.
        public var maximumViolations = 1000

        public init(compareFrameRates: Bool = true, maximumViolations: Int = 1000) {
            self.compareFrameRates = compareFrameRates
            self.maximumViolations = maximumViolations
        }
    }

    // Tolerances, each with its reason.

    /// Positions compared after undoing the rubber band: the inverse is exact up to rounding, so 0.02 pt is
    /// already far beyond any arithmetic error and far below a visible jump (a tenth of a pixel at 3x).
    static let positionTolerance = 0.02
    /// Velocities compared at a lift: both sides come from the same velocity tracker fit, so 1 pt/s is far beyond
    /// any arithmetic difference.
    static let velocityTolerance = 1.0
    /// How far before an event the "just before" state is sampled: far beyond the simulation's 1 ns event
    /// tolerance, and short enough that nothing moving under 100 000 pt/s covers 0.01 pt in it.
    static let instantBefore = 1e-7
    /// States at the shared instants of two frame rates may differ by this much (pt, pt/s): any difference at all
    /// means a motion depends on how it is sampled, but half a point is the tolerance the product promises. (An
    /// animated resize used to re-aim a settling sheet at every sampled instant, which needed a looser velocity
    /// tolerance; the settle is now shifted with its target, so 60 and 120 fps agree exactly there.)
    static let frameRateTolerance = 0.5
    /// The same for unit-less values (alpha, dimming, scroll fraction).
    static let frameRateUnitTolerance = 0.001

    /// Runs `scenario` and checks every invariant.
    public static func check(_ scenario: Scenario, options: Options = Options()) -> InvariantReport {
        check(scenario, options: options) { Simulation(scenario: $0) }
    }

    /// Checks the states that `source` gives for a scenario (the simulation; a test of the checker alters them).
    static func check(_ scenario: Scenario, options: Options = Options(),
                      source: @escaping (Scenario) -> StateSource) -> InvariantReport {
        var run = Run(scenario: scenario, options: options, source: source)
        run.execute()
        return InvariantReport(violations: run.violations, omitted: run.omitted, frames: scenario.frameCount,
                               checks: run.checks)
    }
}

/// Where the checker reads states: a simulation, or in tests of the checker one whose states are altered.
protocol StateSource: AnyObject {
    func nextFrame() -> FrameState?
    func state(at t: Double) -> FrameState
    func send(_ kind: InputEvent.Kind, at time: Double) throws
}

extension Simulation: StateSource {}
