import FlickOutput
import Foundation
import FlickPhysics

/// Runs a scenario: applies its input events at their exact times and samples the scene at any instant.
///
/// Every motion between events is a closed form of time, so the state at an instant does not depend on the
/// frame rate it is sampled at: 60 and 120 fps agree at the instants they share.
///
/// Input comes from the scenario's gestures and, live, from `send(_:at:)`. Asking for an instant before the
/// last event already applied replays the events from the start, so `state(at:)` may be called in any order.
public final class Simulation {
    public let scenario: Scenario
    /// The rules the components follow: the scenario's physics preset with its overrides.
    private let physics: PhysicsPreset
    private(set) var root: ComponentNode
    private var router = TouchRouter()
    private var context: LayoutContext
    /// Scripted and live events, in time order (a live event at the same time as a scripted one comes after it).
    private var events: [InputEvent]
    private var liveEvents: [InputEvent] = []
    private var nextEvent = 0
    /// The time of the last state made, for `touch.phase` (began and ended show on the first frame after).
    private var previousStateTime: Double?
    private var nextFrameIndex = 0
    /// An animated resize in progress: the viewport moves from `from` to `to` over `duration` along `curve`.
    private var resizing: (from: Size, to: Size, start: Double, duration: Double, curve: TimingCurve)?

    /// Events this close to a frame's time count as before it (touch samples and frames share instants).
    static let timeTolerance = 1e-9

    /// Records why each release and tap went where it did, attached to the frames (`FrameState.explanations`).
    private let explanationLog: ExplanationLog?
    /// How many of the log's entries earlier states carry.
    private var explained = 0

    /// - Parameter explains: record the decisions behind every release and tap (`flick states --explain`).
    public init(scenario: Scenario, explains: Bool = false) {
        Simulation.counter?.add()
        self.scenario = scenario
        self.physics = scenario.physics.rules(scale: scenario.viewport.deviceScale)
        self.root = SceneBuilder(physics: physics).node(for: scenario.scene.root)
        self.explanationLog = explains ? ExplanationLog(fps: scenario.fps, lastFrame: scenario.frameCount - 1,
                                                        touchDowns: scenario.inputEvents.compactMap(\.touchDownTime),
                                                        recordingNotes: scenario.recordingNotes) : nil
        if let explanationLog {
            root.attachExplanations(explanationLog)
            router.log = explanationLog
        }
        self.context = LayoutContext(viewport: scenario.viewport.size, safeArea: scenario.viewport.safeArea)
        self.events = scenario.inputEvents
        layout(at: 0)
    }

    /// Starts again from time 0 with the same events.
    private func reset() {
        root = SceneBuilder(physics: physics).node(for: scenario.scene.root)
        router = TouchRouter()
        if let explanationLog {
            explanationLog.clear()
            explained = 0
            root.attachExplanations(explanationLog)
            router.log = explanationLog
        }
        context = LayoutContext(viewport: scenario.viewport.size, safeArea: scenario.viewport.safeArea)
        nextEvent = 0
        previousStateTime = nil
        resizing = nil
        layout(at: 0)
    }

    private func layout(at t: Double) {
        if let r = resizing {
            let u = r.curve.progress(min(1, max(0, (t - r.start) / r.duration)))
            let size = Size(width: r.from.width + (r.to.width - r.from.width) * u,
                            height: r.from.height + (r.to.height - r.from.height) * u)
            if t >= r.start + r.duration { resizing = nil }
            if size != context.viewport {
                // Every step of the animation is a size change: UIKit animates the new layout along with it, so a
                // pager stays aligned to its page at every frame (its offset is page × the current width).
                context.viewport = size
                root.layout(frame: Rect(x: 0, y: 0, width: size.width, height: size.height), context: context, at: t)
                root.viewportDidResize(at: t)
            }
        }
        root.layout(frame: Rect(x: 0, y: 0, width: context.viewport.width, height: context.viewport.height),
                    context: context, at: t)
    }

    private func apply(_ event: InputEvent) {
        let t = event.time
        layout(at: t)
        switch event.kind {
        case .down(let p): router.down(p, at: t, root: root, viewport: context.viewport)
        case .move(let p): router.move(p, at: t)
        case .up(let p): router.up(p, at: t, root: root)
        case .resize(let size, let duration, let curve):
            if duration > 0 {
                resizing = (context.viewport, size, t, duration, curve)
            } else {
                resizing = nil
                context.viewport = size
                layout(at: t)
                root.viewportDidResize(at: t)
            }
        }
        layout(at: t)
    }

    // MARK: Live input

    /// Why `send(_:at:)` refused an event.
    public enum InputError: Error, Equatable, CustomStringConvertible {
        /// The event is earlier than one already sent.
        case outOfOrder(time: Double, latest: Double)
        case notFinite(Double)

        public var description: String {
            switch self {
            case .outOfOrder(let time, let latest):
                "an input event at \(time) s comes before one already sent at \(latest) s; send events in time order"
            case .notFinite(let time): "an input event's time must be a finite number, not \(time)"
            }
        }
    }

    /// Feeds one input event: the finger going down, moving or lifting, or the viewport changing size.
    /// Events are sent in time order; they join the scenario's own gestures.
    public func send(_ kind: InputEvent.Kind, at time: Double) throws(InputError) {
        guard time.isFinite else { throw .notFinite(time) }
        if let latest = liveEvents.last?.time, time < latest { throw .outOfOrder(time: time, latest: latest) }
        let event = InputEvent(time: time, kind: kind)
        liveEvents.append(event)
        let position = events.firstIndex { $0.time > time } ?? events.endIndex
        events.insert(event, at: position)
        if position < nextEvent { reset() }
    }

    // MARK: States

    /// The state at time `t` (seconds). Its `index` is the nearest frame's.
    public func state(at t: Double) -> FrameState {
        if nextEvent > 0, events[nextEvent - 1].time > t + Self.timeTolerance { reset() }
        if let previous = previousStateTime, previous > t { reset() }
        let index = Int(saturating: (t * scenario.fps).rounded())
        return makeState(at: t, index: index)
    }

    private func makeState(at t: Double, index: Int) -> FrameState {
        while nextEvent < events.count, events[nextEvent].time <= t + Self.timeTolerance {
            apply(events[nextEvent])
            nextEvent += 1
        }
        layout(at: t)
        var state = FrameState(index: index, time: t, viewport: context.viewport)
        state.touch = router.touchState(at: t, previousFrame: previousStateTime)
        state.trail = FingerTrail.points(at: t) { self.fingerPosition(at: $0) }
        root.snapshot(at: t, into: &state)
        if let explanationLog, explanationLog.entries.count > explained {
            state.explanations = Array(explanationLog.entries[explained...])
            explained = explanationLog.entries.count
        }
        previousStateTime = t
        return state
    }

    /// Where the finger is at `t`: on a scripted gesture's exact path, else between the live samples around `t`.
    func fingerPosition(at t: Double) -> Point? {
        for gesture in scenario.gestures {
            if let p = gesture.fingerPosition(at: t) { return p }
        }
        return FingerTrail.position(in: liveEvents, at: t)
    }

    /// What in the scene will not behave as its author probably expects, in words that name the fix: a card that
    /// tracks a horizontal scroll view (DeckTransition's default picks the first scroll view, whatever its axis).
    public var warnings: [String] {
        func walk(_ node: ComponentNode) -> [String] { node.warnings + node.directChildren.flatMap(walk) }
        let recorded = scenario.gestures.flatMap { g -> [String] in
            guard case .touches(_, _, let ignored) = g.action else { return [] }
            return ignored.map { "gestures[\(g.index)].touches: \($0.words(at: g.at))" }
        }
        return walk(root) + recorded + missedGestures
    }

    /// Drags that move nothing because nothing they could move is under the finger when it goes down (outside the
    /// viewport, on the map above a sheet): `--explain`'s drag entries without a component, found by running the
    /// scenario once with explanations.
    private var missedGestures: [String] {
        guard scenario.gestures.contains(where: { if case .resize = $0.action { false } else { true } }) else { return [] }
        var words: [String] = []
        Simulation(scenario: scenario, explains: true).run { state in
            for entry in state.explanations where entry.event == .drag && entry.component.isEmpty {
                let gesture = scenario.gestures.first { $0.usesFinger && abs($0.at + $0.fingerDuration - entry.time) < 1e-6 }
                let name = gesture.map { "gestures[\($0.index)].\($0.kind)" } ?? "the touch lifted at \(Say.time(entry.time))"
                let reason = entry.reason.hasPrefix("nothing moved: ") ? String(entry.reason.dropFirst(15)) : entry.reason
                words.append("\(name) moves nothing: \(reason)")
            }
        }
        return words
    }

    /// The next frame's state; frames come in order, 0 ..< scenario.frameCount.
    public func nextFrame() -> FrameState? {
        guard nextFrameIndex < scenario.frameCount else { return nil }
        let index = nextFrameIndex
        let t = scenario.time(ofFrame: index)
        if let previous = previousStateTime, previous > t { reset() }
        nextFrameIndex += 1
        return makeState(at: t, index: index)
    }

    /// Runs the whole scenario, handing each frame to `body` as it is made (memory stays flat).
    public func run(_ body: (FrameState) throws -> Void) rethrows {
        while let frame = nextFrame() { try body(frame) }
    }

    /// All frames of `scenario`.
    public static func frames(of scenario: Scenario) -> [FrameState] {
        var frames: [FrameState] = []
        frames.reserveCapacity(scenario.frameCount)
        Simulation(scenario: scenario).run { frames.append($0) }
        return frames
    }
}

extension Simulation {
    /// Counts the simulations made in a task, for tests (`Simulation.$counter.withValue(SimulationCounter()) { … }`):
    /// how many times an output simulated its scenario.
    @TaskLocal public static var counter: SimulationCounter?
}

/// How many simulations were made while it was `Simulation.counter`.
public final class SimulationCounter: Sendable {
    private let made = Locked(0)

    public init() {}

    func add() { made.withLock { $0 += 1 } }

    public var count: Int { made.current }
}

/// The finger's recent path, as the review overlay draws it.
public enum FingerTrail {
    /// How far back the trail reaches, in seconds.
    public static let duration = 0.3
    /// Samples along it, oldest to newest.
    public static let steps = 24

    /// The trail at `t` for a finger at `position(time)` (nil while it is up).
    static func points(at t: Double, position: (Double) -> Point?) -> [TrailPoint] {
        var points: [TrailPoint] = []
        var joined = false
        for s in 0...steps {
            let age = duration * Double(steps - s) / Double(steps)
            guard let p = position(t - age) else { joined = false; continue }
            points.append(TrailPoint(x: p.x, y: p.y, age: age, startsStroke: !joined))
            joined = true
        }
        return points
    }

    /// The finger between the samples of live input events around `t`.
    static func position(in events: [InputEvent], at t: Double) -> Point? {
        var previous: (time: Double, point: Point)?
        for event in events {
            if event.time > t {
                guard let previous else { return nil }
                switch event.kind {
                case .move(let p), .up(let p):
                    let span = event.time - previous.time
                    let u = span > 0 ? (t - previous.time) / span : 1
                    return Point(x: previous.point.x + (p.x - previous.point.x) * u,
                                 y: previous.point.y + (p.y - previous.point.y) * u)
                case .down, .resize: return previous.point
                }
            }
            switch event.kind {
            case .down(let p), .move(let p): previous = (event.time, p)
            case .up(let p): previous = event.time == t ? (event.time, p) : nil
            case .resize: break
            }
        }
        return previous?.point
    }
}

/// Builds the node tree of a scene.
struct SceneBuilder {
    let physics: PhysicsPreset

    /// The node of `component`, built by its kind (`ComponentSpec.node(key:builder:)`).
    func node(for component: Component) -> ComponentNode {
        component.kind.spec.node(key: component.key, builder: self)
    }
}

