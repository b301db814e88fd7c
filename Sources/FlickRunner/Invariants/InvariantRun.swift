import FlickCore
import FlickPhysics
import Foundation

// MARK: - One run of the checker

/// A finger's stay on the screen: down, moves, up.
struct TouchSession {
    var down: Double
    var downPoint: Point
    /// The index of the touch-down among the scenario's input events.
    var downEvent: Int
    var up: Double
    /// The touch samples after the down: when, and where the finger was.
    var moves: [(time: Double, point: Point)] = []
}

struct Run {
    let scenario: Scenario
    let options: InvariantChecker.Options
    let facts: SceneFacts
    let restThreshold: Double
    let source: (Scenario) -> StateSource
    var violations: [InvariantViolation] = []
    var omitted = 0
    var checks: [InvariantRule: Int] = [:]

    let sessions: [TouchSession]
    let events: [InputEvent]
    let eventTimes: [Double]
    /// When the viewport changes size: at once (a zero-length span) or animated.
    let resizes: [ClosedRange<Double>]
    /// The input events with each lift 0.1 µs late, and the sessions whose lift could be delayed (see checkRelease).
    let lateLiftEvents: [InputEvent]
    let lateLiftSessions: Set<Int>
    var lateLifts: StateSource?
    /// A simulation reused by `locateJump` (motion between events).
    var scratch: StateSource?

    init(scenario: Scenario, options: InvariantChecker.Options, source: @escaping (Scenario) -> StateSource) {
        self.scenario = scenario
        self.source = source
        self.options = options
        let rules = scenario.physics.rules(scale: scenario.viewport.deviceScale)
        facts = SceneFacts(scenario.scene, rules: rules)
        restThreshold = rules.restDistance
        let events = scenario.inputEvents
        self.events = events
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
                open = TouchSession(down: event.time, downPoint: p, downEvent: k, up: .infinity)
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

    /// The state at session `i`'s touch-down instant of the run without that finger: the same scenario given only
    /// the input events before its touch-down (see checkGrab).
    func stateWithoutFinger(session i: Int) -> FrameState {
        var live = scenario
        live.gestures = []
        let simulation = source(live)
        for event in events[..<sessions[i].downEvent] { try? simulation.send(event.kind, at: event.time) }
        return simulation.state(at: sessions[i].down)
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

    func probes() -> [Probe] {
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
    func moveProbes(session i: Int) -> [Probe] {
        let s = sessions[i]
        return s.moves.enumerated().compactMap { k, move in
            move.time > s.down + 1e-9 && move.time < s.up - 1e-9
                && (k + 1 == s.moves.count || s.moves[k + 1].time > move.time + 1e-9)
                ? Probe(time: move.time, kind: .move(index: k), session: i) : nil
        }
    }

    /// Whether an input event falls in (a, b] (the events of frame a's instant are in frame a).
    func hasEvent(after a: Double, through b: Double) -> Bool {
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
            checkNavigationBars(state)
            checkRefreshes(state)
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
}

/// The same scenario at twice its frame rate (half above 120 fps), stepped along with the checked one.
struct OtherRate {
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
