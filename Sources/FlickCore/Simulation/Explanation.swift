import FlickOutput
import Foundation
import FlickPhysics

/// Why something moved where it did (`flick states --explain`, docs/states.md "Explanations"): at each release the
/// rule a component followed and the numbers behind its decision, at each tab tap the page it goes to, and for a
/// drag handed between nested components which one took it in which pass.
///
/// Explanations are recorded from the decisions the components act on (the preset's `SheetRule.Decision`,
/// `PagingRule.PageDecision`, the `AxisMotion` of a fling), not computed a second time.
public struct Explanation: Hashable, Sendable {
    /// What an entry is about: a release, a tap or a drag of the script; a list's behaviour declares its own in its
    /// folder (`refresh`: `Components/Refresh/`; `ListAttachment.explanationEvents`).
    public struct Event: RawRepresentable, Hashable, Sendable {
        /// Its name in the `event` field (docs/states.md, "Explanations").
        public let rawValue: String

        init(_ name: String) { rawValue = name }

        /// The event named `rawValue`; nil when no entry has it.
        public init?(rawValue: String) {
            guard Self.all.contains(where: { $0.rawValue == rawValue }) else { return nil }
            self.rawValue = rawValue
        }

        /// A finger lifted from a component it moved (or that was moving).
        public static let release = Event("release")
        /// A tap on a tab.
        public static let tap = Event("tap")
        /// A drag that moved more than one component, or that a card did not follow.
        public static let drag = Event("drag")

        /// Every event, the script's first, then the list behaviours' in `ListAttachmentKind`'s order.
        public static var all: [Event] { [.release, .tap, .drag] + ListAttachmentKind.allCases.flatMap { $0.type.explanationEvents } }
    }

    /// A detent or a page the rule chose among.
    public struct Candidate: Hashable, Sendable {
        public var name: String
        /// Its top (a detent) or content offset (a page), in points.
        public var position: Double
    }

    /// One run of a drag in which one component took the finger's movement in one nested-scroll pass.
    public struct Pass: Hashable, Sendable {
        public var component: String
        /// preScroll, scroll, postScroll or overscroll (docs/physics.md, "Nested scrolling").
        public var pass: String
        /// Points of finger movement it took (positive: forward, content offset growing or a sheet rising).
        public var distance: Double
        public var from: Double
        public var to: Double
    }

    /// The scroll view a card watches for dismissal, and why that one.
    public struct Tracking: Hashable, Sendable {
        public var view: String?
        public var why: String
    }

    /// Seconds: the release, tap or end of the drag.
    public var time: Double
    public var event: Event
    /// The component's key in the frame document.
    public var component: String
    /// The rule, as `system.rule` (e.g. `uikit.sheet`, `floatingpanel.targetState`, `flutter.clamping`).
    public var rule: String
    /// The sheet's top or the content offset on the scrolling axis at the event, in points.
    public var position: Double?
    /// The velocity the rule used, pt/s (a sheet's top: positive downwards; a content offset: positive forwards).
    public var velocity: Double?
    /// The finger's velocity when a fling gate changed it.
    public var fingerVelocity: Double?
    /// Where the rule projected the release to, if it projects.
    public var projected: Double?
    public var candidates: [Candidate] = []
    /// The detent, page or outcome chosen (`dismiss`, `rest`).
    public var chosen: String?
    /// Where the motion comes to rest, in points.
    public var destination: Double?
    /// When it comes to rest: the time of the first frame at which it is at rest (docs/states.md, "Settled").
    public var settles: Double?
    /// That frame's index.
    public var settlesFrame: Int?
    /// Whether that frame lies after the run's last frame: the run ends with it still moving.
    public var afterLastFrame = false
    /// The next touch-down of the script, in seconds, when it comes before that frame: it may stop the motion first
    /// (when it lands on this component or one that moves it).
    public var nextTouchDown: Double?
    /// The decision in words.
    public var reason: String
    /// For a drag: who took it in which pass.
    public var passes: [Pass] = []
    /// For a card: the scroll view it tracks.
    public var tracks: Tracking?
    /// The whole explanation in one line a designer reads.
    public var text: String

    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [("time", .number(time)), ("event", .string(event.rawValue)),
                                            ("component", .string(component)), ("rule", .string(rule))]
        func add(_ key: String, _ value: Double?) { if let value { pairs.append((key, .number(value))) } }
        add("position", position)
        add("velocity", velocity)
        add("fingerVelocity", fingerVelocity)
        add("projected", projected)
        if !candidates.isEmpty {
            pairs.append(("candidates", .array(candidates.map {
                .object([("name", .string($0.name)), ("position", .number($0.position))])
            })))
        }
        if let chosen { pairs.append(("chosen", .string(chosen))) }
        add("destination", destination)
        add("settles", settles)
        add("settlesFrame", settlesFrame.map(Double.init))
        if afterLastFrame { pairs.append(("afterLastFrame", .bool(true))) }
        add("nextTouchDown", nextTouchDown)
        pairs.append(("reason", .string(reason)))
        if !passes.isEmpty {
            pairs.append(("passes", .array(passes.map {
                .object([("component", .string($0.component)), ("pass", .string($0.pass)),
                         ("distance", .number($0.distance)), ("from", .number($0.from)), ("to", .number($0.to))])
            })))
        }
        if let tracks {
            pairs.append(("tracks", .object([("view", tracks.view.map(JSONValue.string) ?? .null),
                                             ("why", .string(tracks.why))])))
        }
        pairs.append(("text", .string(text)))
        return .object(pairs)
    }
}

extension Explanation {
    /// Reads an entry of a frame's `explain` list back (docs/states.md, "Explanations").
    public init(json: JSONField) throws(StatesReadError) {
        time = try json.number("time")
        event = try json.field("event").name(Event.self, Say.list(Event.all.map(\.rawValue)))
        component = try json.string("component")
        rule = try json.string("rule")
        position = try json.optionalNumber("position")
        velocity = try json.optionalNumber("velocity")
        fingerVelocity = try json.optionalNumber("fingerVelocity")
        projected = try json.optionalNumber("projected")
        candidates = try (json.optional("candidates")?.items() ?? []).map { c throws(StatesReadError) in
            Candidate(name: try c.string("name"), position: try c.number("position"))
        }
        chosen = try json.optional("chosen")?.string()
        destination = try json.optionalNumber("destination")
        settles = try json.optionalNumber("settles")
        settlesFrame = try json.optional("settlesFrame")?.int()
        afterLastFrame = try json.optional("afterLastFrame")?.bool() ?? false
        nextTouchDown = try json.optionalNumber("nextTouchDown")
        reason = try json.string("reason")
        passes = try (json.optional("passes")?.items() ?? []).map { p throws(StatesReadError) in
            Pass(component: try p.string("component"), pass: try p.string("pass"), distance: try p.number("distance"),
                 from: try p.number("from"), to: try p.number("to"))
        }
        if let tracks = try json.optional("tracks") {
            self.tracks = Tracking(view: try tracks.optional("view")?.string(), why: try tracks.string("why"))
        } else {
            self.tracks = nil
        }
        text = try json.string("text")
    }
}

/// Collects explanations while a simulation runs (only when asked for: `Simulation(scenario:explains:)`).
final class ExplanationLog {
    private(set) var entries: [Explanation] = []
    /// The run's frame rate: a motion's end is said as the first frame at rest.
    let fps: Double
    /// The run's last frame: a rest after it is said as one the run does not reach.
    let lastFrame: Int
    /// The script's touch-downs, in seconds, in order: one before a rest may stop the motion first.
    let touchDowns: [Double]
    /// Said at touch-down, attached to the drag's entry when the finger lifts.
    var notes: [String] = []
    /// What a recorded touch held that is not replayed (a second finger, a palm), by the time of its touch-down:
    /// said with that touch's drag, whatever its axis.
    let recordingNotes: [(down: Double, text: String)]

    init(fps: Double, lastFrame: Int, touchDowns: [Double], recordingNotes: [(down: Double, text: String)] = []) {
        self.fps = fps
        self.lastFrame = lastFrame
        self.touchDowns = touchDowns.sorted()
        self.recordingNotes = recordingNotes
    }

    /// Changes the script schedules that take a component's motion over, by component key: a refresh's
    /// `refreshEnds` while the list holds its space (the ending's animation replaces whatever the list was doing).
    private var takeovers: [String: (time: Double, words: String)] = [:]

    /// From `time` on, `words` (`refreshEnds` at 3.4 s) replaces `component`'s motion: a motion decided before it
    /// that would rest after it is said to be taken over, not to settle.
    func scheduleTakeover(of component: String, at time: Double, words: String) {
        takeovers[component] = (time, words)
    }

    /// The takeover that comes before the rest at `frame` of `component`'s motion decided at `time`, if any.
    private func takeover(of component: String?, decidedAt time: Double, restFrame frame: Int) -> (time: Double, words: String)? {
        guard let component, let takeover = takeovers[component], takeover.time > time,
              Settling.firstFrame(atOrAfter: takeover.time, fps: fps) <= min(frame, lastFrame) else { return nil }
        return takeover
    }

    /// Where the rest of a motion decided at `time` that ends at `end` seconds falls: the first frame at rest,
    /// whether the run ends first, and the next touch-down when one comes before it or on that frame (a frame with a
    /// finger down is no rest).
    private func rest(_ end: Double, decidedAt time: Double) -> (frame: Int, afterLastFrame: Bool, touchDown: Double?) {
        let frame = Settling.firstFrame(atOrAfter: end, fps: fps)
        let touchDown = touchDowns.first { $0 > time && Settling.firstFrame(atOrAfter: $0, fps: fps) <= min(frame, lastFrame) }
        return (frame, frame > lastFrame, touchDown)
    }

    /// Records `explanation`, its `settles` (a motion's end time) moved to the first frame at rest; dropped when a
    /// scheduled change takes the motion over first (`scheduleTakeover`).
    func record(_ explanation: Explanation) {
        var e = explanation
        if let end = e.settles {
            let rest = rest(end, decidedAt: e.time)
            if takeover(of: e.component, decidedAt: e.time, restFrame: rest.frame) != nil {
                e.settles = nil
            } else {
                e.settles = Double(rest.frame) / fps
                e.settlesFrame = rest.frame
                e.afterLastFrame = rest.afterLastFrame
                e.nextTouchDown = rest.touchDown
            }
        }
        entries.append(e)
    }

    /// "settles at 3.8 s (frame 228)": the first frame at rest after a motion of `component` decided at `time` that
    /// ends at `end` seconds. A rest after the run's last frame is said as one the run does not reach, a touch-down
    /// before it as one that may stop the motion first, and a scheduled change before it as taking the motion over.
    func settleWords(_ end: Double, decidedAt time: Double, component: String? = nil) -> String {
        let rest = rest(end, decidedAt: time)
        if let takeover = takeover(of: component, decidedAt: time, restFrame: rest.frame) {
            let frame = Settling.firstFrame(atOrAfter: takeover.time, fps: fps)
            return "\(takeover.words) at \(Say.time(takeover.time)) (frame \(frame)) takes the motion over before it settles"
        }
        let at = "\(Say.time(Double(rest.frame) / fps)) (frame \(rest.frame))"
        if let touchDown = rest.touchDown {
            let frame = Settling.firstFrame(atOrAfter: touchDown, fps: fps)
            return "would settle at \(at) if the touch-down at \(Say.time(touchDown)) (frame \(frame)) does not stop it first"
        }
        if rest.afterLastFrame {
            return "would settle at \(at), after the run's last frame (\(lastFrame), \(Say.time(Double(lastFrame) / fps))): it ends still moving"
        }
        return "settles at \(at)"
    }

    func clear() {
        entries = []
        notes = []
        takeovers = [:]
    }
}

// MARK: - Words

/// Numbers as a designer reads them: points and points per second to a tenth, seconds to a hundredth.
enum Say {
    static func number(_ x: Double, digits: Int = 1) -> String { NumberText.short(x, digits: digits) }

    static func pt(_ x: Double) -> String { "\(number(x)) pt" }
    /// "a, b or c".
    static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : "\(names.dropLast().joined(separator: ", ")) or \(names.last!)"
    }
    static func time(_ t: Double) -> String { "\(number(t, digits: 2)) s" }
    /// A sheet's velocity in words: "moving down at 1200 pt/s".
    static func sheetMotion(_ v: Double) -> String {
        Say.number(abs(v)) == "0" ? "still" : "moving \(v > 0 ? "down" : "up") at \(number(abs(v))) pt/s"
    }
    /// A scroll view's velocity in words, for its axis.
    static func contentMotion(_ v: Double, axis: Axis) -> String {
        if Say.number(abs(v)) == "0" { return "still" }
        switch axis {
        case .vertical: return "scrolling \(v > 0 ? "down the content" : "back up the content") at \(number(abs(v))) pt/s"
        case .horizontal: return "moving \(v > 0 ? "forward" : "back") at \(number(abs(v))) pt/s"
        }
    }
}
