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
    /// Nothing jumps when a finger comes down (a moving scroll view or sheet is caught where it is).
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

// MARK: - The parts that move

/// A sheet or a scroll view on its scrolling axis, in nested-scroll delta space: positive is forward (content
/// offset growing, a sheet rising), so a finger moving up or left moves every part forward.
struct MovingPart {
    var path: String
    var velocityPath: String
    var axis: Axis
    /// Shown position in delta space (contentOffset, or −top for a sheet).
    var position: Double
    /// Velocity in delta space.
    var velocity: Double
    var tracking: Bool
    /// The position before the rubber band: what the finger moves 1:1.
    var raw: Double
    /// d(shown)/d(raw) here: 1 inside the limits, the rubber band's slope beyond them.
    var slope: Double
    /// Whether it is at one of its edges or past it (within the position tolerance): where a clamping rule stops it and
    /// Flutter's resistance slows it.
    var atEdge = false
    /// Whether it is past an edge further than the rubber band can show (its whole length): no raw position shows
    /// it, and a finger that catches it holds the rest as an excess (`RubberBand.caught`).
    var beyondReach = false
}

extension ScrollRule.Overscroll {
    /// The raw position for a shown one and the slope there (the overshoot past the edge of `limits` measured from
    /// the shown position), where the rule makes the raw position a function of the shown one. Flutter's resistance
    /// depends on the drag's path and a clamped edge loses the finger's excess: for those the shown position is
    /// the best estimate, and `exact` is false.
    func undo(shown x: Double, limits: ClosedRange<Double>, dimension: Double)
        -> (raw: Double, slope: Double, exact: Bool, beyondReach: Bool) {
        let past = x < limits.lowerBound ? limits.lowerBound - x : x > limits.upperBound ? x - limits.upperBound : 0
        switch self {
        case .rubberBand(let c):
            return (RubberBand(coefficient: c, dimension: dimension).raw(forDisplayed: x, limits: limits),
                    SceneFacts.slope(overshoot: past, dimension: dimension, coefficient: c), true,
                    dimension > 0 && past >= dimension)
        case .follow: return (x, 1, true, false)
        case .clamp: return (x, 1, false, false)
        case .resistance(let physics):
            return (x, past > 0 && dimension > 0 ? physics.frictionFactor(past / dimension) : 1, false, false)
        }
    }
}

/// What the checker needs to know of the scene beyond the states.
struct SceneFacts {
    var scrollAxis: [String: Axis] = [:]
    var dismissible: [String: Bool] = [:]
    /// Pagers whose tabs have given widths (their indicator interpolates between tab origins).
    var customTabWidths: Set<String> = []
    /// The rules of the scenario's physics preset: how the parts track a finger past their edges.
    var rules: PhysicsPreset = .uikit

    init(_ scene: Scene, rules: PhysicsPreset = .uikit) {
        self.rules = rules
        for component in scene.root.allComponents {
            switch component.kind {
            case .list(let spec): scrollAxis[component.key] = spec.axis
            case .pager(let spec):
                scrollAxis[component.key] = .horizontal
                if spec.tabBar.widths != nil { customTabWidths.insert(component.key) }
            case .carousel: scrollAxis[component.key] = .horizontal
            case .sheet(let spec): dismissible[component.key] = spec.dismissible
            case .stack: break
            }
        }
    }

    func parts(of state: FrameState) -> [MovingPart] {
        var parts: [MovingPart] = []
        for view in state.scrollViews {
            let axis = scrollAxis[view.key] ?? .vertical
            let low = -view.adjustedContentInset.leading(axis)
            let high = max(low, view.contentSize[axis] + view.adjustedContentInset.trailing(axis) - view.frame.size[axis])
            let x = view.contentOffset[axis]
            let undone = rules.list.overscroll.undo(shown: x, limits: low...high, dimension: view.frame.size[axis])
            let name = axis == .horizontal ? "x" : "y"
            parts.append(MovingPart(
                path: "\(view.key).contentOffset.\(name)", velocityPath: "\(view.key).velocity.\(name)", axis: axis,
                position: x, velocity: view.velocity[axis], tracking: view.phase == .tracking,
                raw: undone.raw, slope: undone.slope, atEdge: Self.atEdge(x, low...high), beyondReach: undone.beyondReach))
        }
        for (i, sheet) in state.sheets.enumerated() {
            let tops = sheet.detents.map(\.top)
            guard let highest = tops.min(), let lowest = tops.max() else { continue }
            // A card follows the finger 1:1 below its lowest detent.
            let limits = highest...((dismissible[sheet.key] ?? false) ? .infinity : lowest)
            let undone = rules.sheet.overscroll.undo(shown: sheet.top, limits: limits, dimension: state.viewport.height)
            let prefix = i == 0 ? "sheet" : "sheets.\(sheet.key)"
            parts.append(MovingPart(
                path: "\(prefix).top", velocityPath: "\(prefix).velocity", axis: .vertical,
                position: -sheet.top, velocity: -sheet.velocity, tracking: sheet.phase == .tracking, raw: -undone.raw,
                slope: undone.slope, atEdge: Self.atEdge(sheet.top, limits), beyondReach: undone.beyondReach))
        }
        return parts
    }

    /// Whether the caught parts together follow the finger exactly (their overscroll rules can be undone); else
    /// they follow it at most (a clamped edge stops them, Flutter's resistance moves them less).
    var tracksFingerExactly: Bool {
        for rule in [rules.list.overscroll, rules.sheet.overscroll] {
            switch rule {
            case .rubberBand, .follow: continue
            case .clamp, .resistance: return false
            }
        }
        return true
    }

    /// Whether `x` is at an edge of `limits` or beyond it.
    static func atEdge(_ x: Double, _ limits: ClosedRange<Double>) -> Bool {
        x <= limits.lowerBound + InvariantChecker.positionTolerance
            || x >= limits.upperBound - InvariantChecker.positionTolerance
    }

    /// The rubber band's slope at a shown overshoot `y`: c·(1 − y/D)².
    static func slope(overshoot y: Double, dimension d: Double, coefficient c: Double) -> Double {
        guard y > 0, d > 0 else { return 1 }
        let u = max(0, 1 - y / d)
        return c * u * u
    }
}

// MARK: - One run of the checker

/// A finger's stay on the screen: down, moves, up.
private struct TouchSession {
    var down: Double
    var downPoint: Point
    var up: Double
    /// The touch samples after the down: when, and where the finger was.
    var moves: [(time: Double, point: Point)] = []
}

private struct Run {
    let scenario: Scenario
    let options: InvariantChecker.Options
    let facts: SceneFacts
    let restThreshold: Double
    let source: (Scenario) -> StateSource
    var violations: [InvariantViolation] = []
    var omitted = 0
    var checks: [InvariantRule: Int] = [:]

    private let sessions: [TouchSession]
    private let eventTimes: [Double]
    /// When the viewport changes size: at once (a zero-length span) or animated.
    private let resizes: [ClosedRange<Double>]
    /// The input events with each lift 0.1 µs late, and the sessions whose lift could be delayed (see checkRelease).
    private let lateLiftEvents: [InputEvent]
    private let lateLiftSessions: Set<Int>
    private var lateLifts: StateSource?

    init(scenario: Scenario, options: InvariantChecker.Options, source: @escaping (Scenario) -> StateSource) {
        self.scenario = scenario
        self.source = source
        self.options = options
        let rules = scenario.physics.rules(scale: scenario.viewport.scale)
        facts = SceneFacts(scenario.scene, rules: rules)
        restThreshold = rules.restDistance
        let events = scenario.inputEvents
        eventTimes = events.map(\.time)
        var sessions: [TouchSession] = []
        var open: TouchSession?
        var resizes: [ClosedRange<Double>] = []
        var late: [InputEvent] = []
        var lateSessions = Set<Int>()
        for (k, event) in events.enumerated() {
            var delayed = event
            switch event.kind {
            case .down(let p):
                if var s = open { s.up = event.time; sessions.append(s) }
                open = TouchSession(down: event.time, downPoint: p, up: .infinity)
            case .move(let p):
                open?.moves.append((event.time, p))
            case .up:
                if var s = open { s.up = event.time; sessions.append(s) }
                open = nil
                // The same lift 0.1 µs late, unless another event follows within that time.
                if k + 1 == events.count || events[k + 1].time > event.time + 2 * InvariantChecker.instantBefore {
                    delayed.time += InvariantChecker.instantBefore
                    lateSessions.insert(sessions.count - 1)
                }
            case .resize(_, let duration, _):
                resizes.append(event.time...(event.time + max(0, duration)))
            }
            late.append(delayed)
        }
        if let s = open { sessions.append(s) }
        self.sessions = sessions
        self.resizes = resizes
        lateLiftEvents = late
        lateLiftSessions = lateSessions
    }

    /// Whether the viewport changed size at some time from `a` through `b` (geometry moved under the finger:
    /// positions from before no longer compare).
    func resizing(from a: Double, through b: Double) -> Bool {
        resizes.contains { $0.lowerBound <= b + 1e-9 && $0.upperBound >= a - 1e-9 }
    }

    mutating func count(_ rule: InvariantRule) { checks[rule, default: 0] += 1 }

    mutating func report(_ rule: InvariantRule, at time: Double, _ path: String, _ detail: String) {
        guard violations.count < options.maximumViolations else { omitted += 1; return }
        let frame = min(max(0, Int((time * scenario.fps).rounded())), scenario.frameCount - 1)
        violations.append(InvariantViolation(rule: rule, frame: frame, time: time, path: path, detail: detail))
    }

    // MARK: Probes: exact instants between frames

    enum ProbeKind {
        case beforeDown, atDown, atUp
        /// Right after touch sample `index` of the session (rules that do not track the finger exactly).
        case move(index: Int)
        /// Halfway between frame `index − 1` and frame `index`.
        case midpoint(index: Int)
    }

    struct Probe {
        var time: Double
        var kind: ProbeKind
        var session: Int
    }

    /// What is remembered of a session between its probes.
    struct SessionMemory {
        var downParts: [String: MovingPart] = [:]
        var beforeDown: [String: MovingPart] = [:]
        /// The parts the finger caught (tracking right after touch-down).
        var caught: Set<String> = []
        /// The previous touch sample (or the touch-down): its time, the finger and the parts then.
        var step: (time: Double, finger: Point, parts: [String: MovingPart])?
        /// The farthest the finger has been from where it went down, as the touch router measures it to lock an axis.
        var travelled = 0.0
        /// Whether it caught a part beyond the rubber band's reach: then its raw position is not a function of the
        /// shown one, and the session is checked one touch sample at a time on shown positions.
        var heldBeyondReach = false
    }

    private func probes() -> [Probe] {
        var probes: [Probe] = []
        for (i, s) in sessions.enumerated() {
            probes.append(Probe(time: s.down - InvariantChecker.instantBefore, kind: .beforeDown, session: i))
            probes.append(Probe(time: s.down, kind: .atDown, session: i))
            // Where the finger is not followed exactly, each touch sample is checked against the one before.
            if !facts.tracksFingerExactly { probes += moveProbes(session: i) }
            guard s.up.isFinite else { continue }
            probes.append(Probe(time: s.up, kind: .atUp, session: i))
        }
        for k in 1..<max(1, scenario.frameCount) where !hasEvent(after: scenario.time(ofFrame: k - 1),
                                                                  through: scenario.time(ofFrame: k)) {
            let t = (scenario.time(ofFrame: k - 1) + scenario.time(ofFrame: k)) / 2
            probes.append(Probe(time: t, kind: .midpoint(index: k), session: -1))
        }
        return probes.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element).filter { $0.time >= 0 }
    }

    /// A probe right after each touch sample of session `i` (the last of several at one instant; none at the down's
    /// own instant).
    private func moveProbes(session i: Int) -> [Probe] {
        let s = sessions[i]
        return s.moves.enumerated().compactMap { k, move in
            move.time > s.down + 1e-9 && move.time < s.up - 1e-9
                && (k + 1 == s.moves.count || s.moves[k + 1].time > move.time + 1e-9)
                ? Probe(time: move.time, kind: .move(index: k), session: i) : nil
        }
    }

    /// Whether an input event falls in (a, b] (the events of frame a's instant are in frame a).
    private func hasEvent(after a: Double, through b: Double) -> Bool {
        var lo = 0, hi = eventTimes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if eventTimes[mid] <= a + 1e-9 { lo = mid + 1 } else { hi = mid }
        }
        return lo < eventTimes.count && eventTimes[lo] <= b + 1e-9
    }

    // MARK: The run

    mutating func execute() {
        let frames = source(scenario)
        let probeSimulation = source(scenario)
        var probes = self.probes()
        var nextProbe = 0
        var memory = [SessionMemory](repeating: SessionMemory(), count: sessions.count)
        var midpoint: (index: Int, parts: [String: MovingPart])?
        var previous: (state: FrameState, parts: [String: MovingPart])?

        var other = options.compareFrameRates ? OtherRate(scenario: scenario, source: source) : nil
        var live = scenario
        live.gestures = []
        let late = source(live)
        for event in lateLiftEvents { try? late.send(event.kind, at: event.time) }
        lateLifts = late

        while let state = frames.nextFrame() {
            while nextProbe < probes.count, probes[nextProbe].time <= state.time + 1e-12 {
                let probe = probes[nextProbe]
                nextProbe += 1
                let probeState = probeSimulation.state(at: probe.time)
                let parts = Dictionary(facts.parts(of: probeState).map { ($0.path, $0) }) { a, _ in a }
                switch probe.kind {
                case .midpoint(let index):
                    midpoint = (index, parts)
                case .beforeDown:
                    memory[probe.session].beforeDown = parts
                case .atDown:
                    checkGrab(session: probe.session, before: memory[probe.session].beforeDown, after: parts)
                    memory[probe.session].downParts = parts
                    memory[probe.session].caught = Set(parts.values.filter(\.tracking).map(\.path))
                    let finger = probeState.touch.map { Point(x: $0.x, y: $0.y) } ?? sessions[probe.session].downPoint
                    memory[probe.session].step = (probe.time, finger, parts)
                    let held = parts.values.contains { $0.tracking && $0.beyondReach }
                    memory[probe.session].heldBeyondReach = held
                    if held && facts.tracksFingerExactly {
                        // Checked one sample at a time from here on: the session's move probes join the queue.
                        probes += moveProbes(session: probe.session)
                        let rest = probes[nextProbe...].sorted { $0.time < $1.time }
                        probes.replaceSubrange(nextProbe..., with: rest)
                    }
                case .move(let k):
                    let finger = sessions[probe.session].moves[k].point
                    checkFingerStep(session: probe.session, memory: &memory[probe.session], parts: parts,
                                    finger: finger, at: probe.time)
                case .atUp:
                    let finger = probeState.touch.map { Point(x: $0.x, y: $0.y) }
                    checkFollowsFinger(session: probe.session, memory: memory[probe.session], parts: parts,
                                       finger: finger, at: probe.time, atLift: true)
                    checkRelease(session: probe.session, memory: memory[probe.session], after: parts)
                }
            }

            let parts = Dictionary(facts.parts(of: state).map { ($0.path, $0) }) { a, _ in a }
            checkFinite(state)
            checkIndicators(state)
            checkPanels(state)
            checkTabIndicators(state)
            if let touch = state.touch, touch.phase != .ended,
               let i = sessions.firstIndex(where: { $0.down <= state.time + 1e-9 && state.time < $0.up - 1e-9 }) {
                checkFollowsFinger(session: i, memory: memory[i], parts: parts, finger: Point(x: touch.x, y: touch.y),
                                   at: state.time)
            }
            if let previous, let midpoint, midpoint.index == state.index {
                checkContinuity(from: previous.state, previous.parts, through: midpoint.parts, to: state, parts)
            }
            if var o = other {
                if let otherState = o.state(matching: state) { compareFrameRates(state, otherState, otherFPS: o.fps) }
                other = o
            }
            previous = (state, parts)
        }
    }

    // MARK: Hand-offs: the finger and the parts it moves

    /// Σ raw displacement of the caught parts on each axis equals the finger's displacement (or is 0: the
    /// drag has not locked to that axis, or nothing on it could move).
    ///
    /// At the lift itself a part may also snap to its rest, when the motion it starts with is already within half
    /// a pixel of it (a motion ends as soon as it is that close, as every motion does).
    mutating func checkFollowsFinger(session i: Int, memory: SessionMemory, parts: [String: MovingPart],
                                     finger: Point?, at t: Double, atLift: Bool = false) {
        let s = sessions[i]
        // Rules that stop or resist the parts at an edge lose part of the drag there, however far back, and a part
        // caught beyond the rubber band's reach has no raw position: those are checked one touch sample at a time
        // (`checkFingerStep`).
        guard facts.tracksFingerExactly, !memory.heldBeyondReach else { return }
        guard let finger, !resizing(from: s.down, through: t), !memory.caught.isEmpty else { return }
        for axis in Axis.allCases {
            let caught = memory.caught.sorted().filter { memory.downParts[$0]?.axis == axis }
            guard !caught.isEmpty else { continue }
            var moved = 0.0
            var terms: [String] = []
            for path in caught {
                guard let now = parts[path], let then = memory.downParts[path] else { continue }
                let d = now.raw - then.raw
                moved += d
                if abs(d) > 1e-9 { terms.append("\(path) \(Self.signed(d))") }
            }
            count(.followsFinger)
            let fingerMoved = -(finger[axis] - s.downPoint[axis])
            let tolerance = InvariantChecker.positionTolerance + (atLift ? restThreshold * Double(caught.count) : 0)
            if abs(moved) <= tolerance || abs(moved - fingerMoved) <= tolerance { continue }
            report(.followsFinger, at: t, caught.joined(separator: " + "),
                   "the parts under the finger moved \(Self.number(moved)) pt together (rubber band undone: "
                   + "\(terms.isEmpty ? "none" : terms.joined(separator: ", "))) while the finger moved "
                   + "\(Self.number(fingerMoved)) pt since it went down at \(Self.number(s.down)) s "
                   + "(off by \(Self.number(abs(moved - fingerMoved))) pt; allowed \(Self.number(tolerance)))")
        }
    }

    /// For rules that stop the parts at an edge (clamping: Flutter's `ClampingScrollPhysics`, Android) or resist them
    /// past it (Flutter's `BouncingScrollPhysics`): what the finger moves at an edge is lost for good, so the parts
    /// follow it exactly only from one touch sample to the next. Between two samples the caught parts together move
    /// exactly as the finger did, or (nothing moved aside, as before a drag locks its axis) less than it in the same
    /// direction when one of them is at or past an edge at either sample: clamped there, or resisted
    /// (docs/physics.md, "Flutter on Android"). At the sample that locks the axis (the finger first 10 pt from where
    /// it went down), the parts take the whole way since the touch-down instead. A session that caught a part beyond
    /// the rubber band's reach is checked the same way, on shown positions (docs/physics.md, "Tracking and the
    /// rubber band").
    mutating func checkFingerStep(session i: Int, memory: inout SessionMemory, parts: [String: MovingPart],
                                  finger: Point, at t: Double) {
        let s = sessions[i]
        guard let last = memory.step else { return }
        memory.step = (t, finger, parts)
        let before = memory.travelled
        memory.travelled = max(before, hypot(finger.x - s.downPoint.x, finger.y - s.downPoint.y))
        let locks = before < InputEvent.axisLockDistance && memory.travelled >= InputEvent.axisLockDistance
        guard !resizing(from: last.time, through: t), !memory.caught.isEmpty else { return }
        for axis in Axis.allCases {
            let caught = memory.caught.sorted().filter { memory.downParts[$0]?.axis == axis }
            guard !caught.isEmpty else { continue }
            var moved = 0.0
            var terms: [String] = []
            var atEdge = false
            for path in caught {
                guard let now = parts[path], let then = last.parts[path] else { continue }
                // Caught beyond the rubber band's reach, the finger first takes back the excess 1:1, then the band
                // resists: on shown positions, a move the same as the finger's or less of it past the edge.
                let d = memory.heldBeyondReach ? now.position - then.position : now.raw - then.raw
                moved += d
                if abs(d) > 1e-9 { terms.append("\(path) \(Self.signed(d))") }
                atEdge = atEdge || now.atEdge || then.atEdge
            }
            count(.followsFinger)
            let tolerance = InvariantChecker.positionTolerance
            if abs(moved) <= tolerance { continue }
            let step = -(finger[axis] - last.finger[axis])
            let sinceDown = -(finger[axis] - s.downPoint[axis])
            let allowed = locks ? [step, sinceDown] : [step]
            if allowed.contains(where: { f in
                abs(moved - f) <= tolerance || (atEdge && moved * f > 0 && abs(moved) <= abs(f) + tolerance)
            }) { continue }
            report(.followsFinger, at: t, caught.joined(separator: " + "),
                   "the parts under the finger moved \(Self.number(moved)) pt together (\(terms.joined(separator: ", "))) "
                   + "while the finger moved \(Self.number(step)) pt since its previous sample at "
                   + "\(Self.number(last.time)) s (off by \(Self.number(abs(moved - step))) pt; allowed \(Self.number(tolerance))"
                   + (atEdge ? ", or less in the finger's direction at an edge)" : "; none was at an edge)"))
        }
    }

    /// The finger's velocity as the caught parts carry it: Σ velocity ÷ rubber-band slope per axis.
    func fingerVelocity(_ parts: [String: MovingPart], caught: Set<String>) -> [Axis: Double] {
        var v: [Axis: Double] = [.horizontal: 0, .vertical: 0]
        for path in caught {
            guard let p = parts[path] else { continue }
            v[p.axis, default: 0] += p.tracking ? p.velocity / p.slope : p.velocity
        }
        return v
    }

    /// The velocity the caught parts had under the finger just before the lift equals the one their motion starts
    /// with. Under the finger a part moves at the finger's velocity times the rubber band's slope; the motion
    /// after the lift starts from the release velocity itself (the finger's, as UIKit's bounce does), so both
    /// sides are compared as the finger's velocity.
    ///
    /// The last touch sample often comes at the very instant of the lift, so "just before" is read from a copy of
    /// the run whose lifts come 0.1 µs late: there the finger is still down after that sample, and the velocity it
    /// gives is the one the tracker measured from every sample, as the release does.
    mutating func checkRelease(session i: Int, memory: SessionMemory, after: [String: MovingPart]) {
        let s = sessions[i]
        // A preset with a fling gate or sheet snapping starts some motions at another velocity by design.
        // Caught beyond the rubber band's reach, the slope under the finger is not a function of the shown position.
        guard facts.rules.releasesWithFingerVelocity, !resizing(from: s.down, through: s.up), !memory.caught.isEmpty,
              !memory.heldBeyondReach,
              let late = lateLifts, lateLiftSessions.contains(i) else { return }
        let held = Dictionary(facts.parts(of: late.state(at: s.up)).map { ($0.path, $0) }) { a, _ in a }
        let before = fingerVelocity(held, caught: memory.caught)
        var afterV: [Axis: Double] = [.horizontal: 0, .vertical: 0]
        for path in memory.caught { if let p = after[path] { afterV[p.axis, default: 0] += p.velocity } }
        for axis in Axis.allCases {
            let caught = memory.caught.sorted().filter { memory.downParts[$0]?.axis == axis }
            guard !caught.isEmpty else { continue }
            count(.releaseVelocity)
            let allowed = InvariantChecker.velocityTolerance
            let v0 = before[axis] ?? 0, v1 = afterV[axis] ?? 0
            guard abs(v1 - v0) > allowed else { continue }
            let paths = caught.compactMap { held[$0]?.velocityPath }
            report(.releaseVelocity, at: s.up, paths.joined(separator: " + "),
                   "moved at \(Self.number(v0)) pt/s under the finger (rubber band undone) just before it lifted, and "
                   + "the motion after the lift started at \(Self.number(v1)) pt/s (off by \(Self.number(abs(v1 - v0))) pt/s; "
                   + "allowed \(Self.number(allowed)))")
        }
    }

    /// Nothing moves when a finger comes down: every part is caught where it was.
    mutating func checkGrab(session i: Int, before: [String: MovingPart], after: [String: MovingPart]) {
        let t = sessions[i].down
        guard !resizing(from: t - InvariantChecker.instantBefore, through: t) else { return }
        for path in after.keys.sorted() {
            guard let a = after[path], let b = before[path] else { continue }
            count(.grab)
            let allowed = InvariantChecker.positionTolerance + 2 * abs(b.velocity) * InvariantChecker.instantBefore
            let jump = a.position - b.position
            if abs(jump) > allowed {
                report(.grab, at: t, path, "jumped \(Self.number(abs(jump))) pt when the finger came down, from "
                       + "\(Self.number(Self.shown(path, b.position))) to \(Self.number(Self.shown(path, a.position))) "
                       + "(allowed \(Self.number(allowed)))")
            }
        }
    }

    // MARK: Motion between events

    /// Between two frames with no input event in between, a part not under a finger moves no further than its
    /// velocity explains; if it does, bisection finds whether the motion really jumps.
    mutating func checkContinuity(from a: FrameState, _ aParts: [String: MovingPart], through mid: [String: MovingPart],
                                  to b: FrameState, _ bParts: [String: MovingPart]) {
        guard a.viewport == b.viewport else { return }
        let dt = b.time - a.time
        for path in bParts.keys.sorted() {
            guard let p0 = aParts[path], let p1 = bParts[path], !p0.tracking, !p1.tracking else { continue }
            count(.continuity)
            let speed = max(abs(p0.velocity), abs(p1.velocity), abs(mid[path]?.velocity ?? 0))
            // 25 % over the fastest of three samples covers any smooth motion's peak between them; the rest
            // threshold covers the final snap of a motion that ends within it.
            let bound = 1.25 * speed * dt + restThreshold + InvariantChecker.positionTolerance
            guard abs(p1.position - p0.position) > bound else { continue }
            if let jump = locateJump(path: path, from: a.time, to: b.time) {
                report(.continuity, at: jump.time, path,
                       "jumped \(Self.number(abs(jump.size))) pt at \(Self.number(jump.time)) s with no input event "
                       + "(between frames at \(Self.number(a.time)) s and \(Self.number(b.time)) s it moved "
                       + "\(Self.number(abs(p1.position - p0.position))) pt; its velocity explains \(Self.number(bound)))")
            }
        }
    }

    private var scratch: StateSource?

    /// Bisects (a, b] down to 0.1 µs: a jump keeps its size however short the interval, a motion does not.
    mutating func locateJump(path: String, from a: Double, to b: Double) -> (time: Double, size: Double)? {
        let simulation = scratch ?? source(scenario)
        scratch = simulation
        func position(_ t: Double) -> Double? {
            facts.parts(of: simulation.state(at: t)).first { $0.path == path }?.position
        }
        var lo = a, hi = b
        guard var xl = position(lo), var xh = position(hi) else { return nil }
        while hi - lo > 1e-7 {
            let m = (lo + hi) / 2
            guard let xm = position(m) else { return nil }
            if abs(xm - xl) >= abs(xh - xm) { hi = m; xh = xm } else { lo = m; xl = xm }
        }
        let size = xh - xl
        return abs(size) > restThreshold + InvariantChecker.positionTolerance ? (hi, size) : nil
    }

    // MARK: Geometry of indicators, panels and tabs

    mutating func checkIndicators(_ state: FrameState) {
        let geometry = ScrollIndicatorGeometry()
        let tolerance = 1e-6
        for view in state.scrollViews {
            guard let indicator = view.indicator else { continue }
            let axis = facts.scrollAxis[view.key] ?? .vertical
            let cross: Axis = axis == .horizontal ? .vertical : .horizontal
            let inset = view.adjustedContentInset
            let start = view.frame.origin[axis] + inset.leading(axis) + geometry.margin
            let end = view.frame.origin[axis] + view.frame.size[axis] - inset.trailing(axis) - geometry.margin
            guard end > start else { continue }
            count(.indicatorInTrack)
            let f = indicator.frame
            let name = axis == .horizontal ? "x" : "y"
            let lengthName = axis == .horizontal ? "width" : "height"
            let lo = f.origin[axis], hi = f.origin[axis] + f.size[axis]
            if lo < start - tolerance || hi > end + tolerance {
                report(.indicatorInTrack, at: state.time, "\(view.key).indicator.frame.\(name)",
                       "the indicator spans \(Self.number(lo)) to \(Self.number(hi)), outside its track "
                       + "\(Self.number(start)) to \(Self.number(end))")
            }
            let shortest = min(geometry.minimumOverscrollLength, end - start)
            if f.size[axis] < shortest - tolerance {
                report(.indicatorInTrack, at: state.time, "\(view.key).indicator.frame.\(lengthName)",
                       "the indicator is \(Self.number(f.size[axis])) pt long, shorter than a dot (\(Self.number(shortest)) pt)")
            }
            let across = axis == .vertical
                ? view.frame.maxX - geometry.margin - geometry.thickness
                : view.frame.maxY - geometry.margin - geometry.thickness
            if abs(f.origin[cross] - across) > tolerance || abs(f.size[cross] - geometry.thickness) > tolerance {
                report(.indicatorInTrack, at: state.time, "\(view.key).indicator.frame",
                       "the indicator sits at \(cross == .horizontal ? "x" : "y") \(Self.number(f.origin[cross])), "
                       + "\(Self.number(f.size[cross])) pt thick; its track is at \(Self.number(across)), "
                       + "\(Self.number(geometry.thickness)) pt thick")
            }
            if !(0...1).contains(indicator.alpha) {
                report(.indicatorInTrack, at: state.time, "\(view.key).indicator.alpha",
                       "alpha \(Self.number(indicator.alpha)) is outside 0...1")
            }
        }
    }

    mutating func checkPanels(_ state: FrameState) {
        let margin = ScrollIndicatorGeometry().margin
        let tolerance = 1e-6
        for (i, panel) in state.panels.enumerated() {
            let prefix = i == 0 ? "panel" : "panels.\(panel.key)"
            guard let view = state.scrollView(panel.key), let indicator = view.indicator else { continue }
            count(.panelInTrack)
            let inset = view.adjustedContentInset
            let top = max(view.frame.minY + inset.top + margin, 0)
            let bottom = min(view.frame.maxY - inset.bottom - margin, state.viewport.height)
            let f = panel.frame
            // A track shorter than the panel cannot hold it: it pins to the track's top (the rule of docs/physics.md).
            if bottom - top >= f.height, f.minY < top - tolerance || f.maxY > bottom + tolerance {
                report(.panelInTrack, at: state.time, "\(prefix).frame.y",
                       "the panel spans \(Self.number(f.minY)) to \(Self.number(f.maxY)), outside its track "
                       + "\(Self.number(top)) to \(Self.number(bottom))")
            }
            let gap = indicator.frame.minX - f.maxX
            if abs(gap - 4) > tolerance {
                report(.panelInTrack, at: state.time, "\(prefix).frame.x",
                       "the panel ends \(Self.number(gap)) pt left of the indicator, not 4 pt")
            }
            if !(0...1).contains(panel.alpha) {
                report(.panelInTrack, at: state.time, "\(prefix).alpha", "alpha \(Self.number(panel.alpha)) is outside 0...1")
            }
        }
    }

    /// The indicator is the function of the scroll offset that the Vimeo article gives (x = bar width × fraction,
    /// width interpolated between neighbouring tabs), so it moves exactly as continuously as the content does.
    mutating func checkTabIndicators(_ state: FrameState) {
        for (i, pager) in state.pagers.enumerated() {
            let prefix = i == 0 ? "pager" : "pagers.\(pager.key)"
            guard let view = state.scrollView(pager.key), !pager.tabs.isEmpty else { continue }
            let pageWidth = view.frame.width
            guard pageWidth > 0 else { continue }
            count(.tabIndicator)
            let offset = view.contentOffset.x
            let position = offset / pageWidth
            let n = pager.tabs.count
            let i = min(max(Int(position.rounded(.down)), 0), n - 1)
            let j = min(i + 1, n - 1)
            let f = min(max(position - Double(i), 0), 1)
            let width = pager.tabs[i].width + (pager.tabs[j].width - pager.tabs[i].width) * f
            let x: Double
            // Tabs of their own widths (given, or a scrollable bar's titles): the indicator interpolates the tabs'
            // frames, which a scrolled bar has already moved.
            let unequal = pager.tabs.contains { abs($0.width - pager.tabs[0].width) > 1e-9 }
            if facts.customTabWidths.contains(pager.key) || unequal || pager.tabBarOffset != 0 {
                let beyond = position < 0 ? position * pager.tabs[0].width
                    : max(0, position - Double(n - 1)) * pager.tabs[n - 1].width
                x = pager.tabs[i].x + (pager.tabs[j].x - pager.tabs[i].x) * f + beyond
            } else {
                x = pager.tabBar.width * offset / (Double(n) * pageWidth)
            }
            let tolerance = 1e-6 * max(1, abs(x))
            if abs(pager.indicator.x - x) > tolerance || abs(pager.indicator.width - width) > tolerance {
                report(.tabIndicator, at: state.time, "\(prefix).indicator",
                       "the indicator is at x \(Self.number(pager.indicator.x)), \(Self.number(pager.indicator.width)) wide; "
                       + "contentOffset.x \(Self.number(offset)) puts it at x \(Self.number(x)), \(Self.number(width)) wide")
            }
        }
    }

    // MARK: Numbers

    mutating func checkFinite(_ state: FrameState) {
        count(.finite)
        StatePath.leaves(of: state, .distinctValues) { path, value in
            if case .number(let x) = value, !x.isFinite { report(.finite, at: state.time, path, "is \(x)") }
        }
    }

    mutating func compareFrameRates(_ state: FrameState, _ other: FrameState, otherFPS: Double) {
        var a: [String: JSONValue] = [:]
        var order: [String] = []
        StatePath.leaves(of: state, .distinctValues) { path, value in a[path] = value; order.append(path) }
        var b: [String: JSONValue] = [:]
        StatePath.leaves(of: other, .distinctValues) { path, value in b[path] = value; if a[path] == nil { order.append(path) } }
        count(.frameRates)
        let here = "\(JSONValue.format(scenario.fps)) fps", there = "\(JSONValue.format(otherFPS)) fps"
        for path in order {
            switch (a[path], b[path]) {
            case (.number(let x)?, .number(let y)?):
                let last = path.split(separator: ".").last.map(String.init) ?? path
                let tolerance = ["alpha", "dimming", "fraction"].contains(last)
                    ? InvariantChecker.frameRateUnitTolerance : InvariantChecker.frameRateTolerance
                if !x.isFinite || !y.isFinite {
                    if x.isFinite != y.isFinite || (x.isNaN != y.isNaN) || (!x.isNaN && x != y) {
                        report(.frameRates, at: state.time, path, "is \(Self.number(x)) at \(here) but \(Self.number(y)) at \(there)")
                    }
                } else if abs(x - y) > tolerance {
                    report(.frameRates, at: state.time, path, "is \(Self.number(x)) at \(here) but \(Self.number(y)) at "
                           + "\(there) (off by \(Self.number(abs(x - y))); allowed \(Self.number(tolerance)))")
                }
            case (let x?, let y?):
                if x.text != y.text {
                    report(.frameRates, at: state.time, path, "is \(x.text) at \(here) but \(y.text) at \(there)")
                }
            case (nil, _?):
                report(.frameRates, at: state.time, path, "is absent at \(here) but present at \(there)")
            case (_?, nil):
                report(.frameRates, at: state.time, path, "is present at \(here) but absent at \(there)")
            case (nil, nil):
                break
            }
        }
    }

    static func number(_ x: Double) -> String { x.isFinite ? JSONValue.format(x) : "\(x)" }
    static func signed(_ x: Double) -> String { (x >= 0 ? "+" : "") + number(x) }

    /// A part's delta-space position as the state writes it (a sheet's top is −position).
    static func shown(_ path: String, _ position: Double) -> Double { path.hasSuffix(".top") ? -position : position }
}

/// The same scenario at twice its frame rate (half above 120 fps), stepped along with the checked one.
private struct OtherRate {
    let simulation: StateSource
    let fps: Double
    let ratio: Double
    var last: FrameState?

    init?(scenario: Scenario, source: (Scenario) -> StateSource) {
        var copy = scenario
        copy.fps = scenario.fps <= 120 ? scenario.fps * 2 : scenario.fps / 2
        guard copy.fps >= 1, copy.frameCount <= ScenarioDecoder.maximumFrames else { return nil }
        simulation = source(copy)
        fps = copy.fps
        ratio = copy.fps / scenario.fps
    }

    /// The frame of the other rate at `state`'s instant, if it has one.
    mutating func state(matching state: FrameState) -> FrameState? {
        let target = Double(state.index) * ratio
        guard target == target.rounded() else { return nil }
        let index = Int(target)
        while last.map({ $0.index < index }) ?? true {
            guard let next = simulation.nextFrame() else { return nil }
            last = next
        }
        return last?.index == index ? last : nil
    }
}
