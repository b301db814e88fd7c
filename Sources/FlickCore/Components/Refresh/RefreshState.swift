import Foundation

/// A refresh control's phase (docs/states.md, "Refresh controls").
public enum RefreshPhase: String, Hashable, Sendable, CaseIterable {
    /// Nothing pulled, no refresh running.
    case idle
    /// Pulled below its top, not yet far enough to trigger.
    case pulling
    /// Pulled past the trigger distance with the finger still down: the refresh has begun, the spinner spins.
    case triggered
    /// Released after triggering: the held space stays open above the content until `refreshEnds`.
    case refreshing
    /// After `refreshEnds`: the held space closes (an animation of the refresh's `endDuration`).
    case ending
}

/// The refresh control's spinner: what its drawing needs, from the state alone.
public struct RefreshSpinnerState: Hashable, Sendable {
    /// Its centre in viewport coordinates.
    public var center: Point
    /// Its radius in points (shrinks while the held space closes).
    public var radius: Double
    /// How many of its ticks show, 0…8: they appear one by one while pulling.
    public var ticks: Int
    /// Whether it spins (triggered, refreshing, ending): then its ticks fade behind `activeTick`.
    public var spinning: Bool
    /// The brightest tick while spinning (0 at twelve o'clock, clockwise); 0 while pulling.
    public var activeTick: Int
    /// Its opacity.
    public var alpha: Double
}

/// A list's refresh control at one frame (docs/states.md, "Refresh controls").
public struct RefreshState: Hashable, Sendable {
    /// The key of the list it belongs to.
    public var key: String
    public var phase: RefreshPhase
    /// How far the pull is towards the trigger distance: pulled extent ÷ trigger distance, clamped to 0…1.
    public var progress: Double
    /// How far the content's top is below the top of the visible area, in points (0 when not pulled).
    public var pulledExtent: Double
    /// The space held open above the content, in points: the refresh's `height` while refreshing, closing while
    /// ending, 0 otherwise.
    public var heldInset: Double
    /// The opened space between the top of the visible area and the content's top, in viewport coordinates: the
    /// spinner shows only inside it.
    public var gap: Rect
    public var spinner: RefreshSpinnerState
}

extension RefreshState: ComponentState {
    static let collection = StateCollection("refreshControls", RefreshState.self, firstAtTop: true)
}

extension RefreshState: EventfulState {
    /// The control triggered: its phase became `triggered`.
    static let triggered = StateEventKind(name: "refresh", label: "refresh triggered", symbol: "↻")
    /// Its refresh ended: `refreshEnds` came and the held space starts to close (its phase became `ending`).
    static let ended = StateEventKind(name: "refreshed", label: "refresh ended", symbol: "↻")
    static var eventKinds: [StateEventKind] { [triggered, ended] }

    func events(after previous: RefreshState?) -> [StateEventKind] {
        guard phase != previous?.phase else { return [] }
        switch phase {
        case .triggered: return [Self.triggered]
        case .ending: return [Self.ended]
        case .idle, .pulling, .refreshing: return []
        }
    }

    /// Its phase under its list's key and `.refresh`: its cycle (triggered, refreshing, ending) makes key frames.
    /// `pulling` counts as idle here: it only says the content is below its top, which the list's own phase (tracking,
    /// bouncing) and the picture already show.
    var reviewPhase: String? { "\(key).refresh \((phase == .pulling ? RefreshPhase.idle : phase).rawValue)" }
}

extension FrameState {
    /// Every list's refresh control, in document order, each with its list's key; the first is also the document's
    /// top-level `refreshControl`.
    public var refreshControls: [RefreshState] {
        get { states(RefreshState.self) }
        set { setStates(newValue) }
    }
    public var refreshControl: RefreshState? { refreshControls.first }
    public func refreshControl(_ key: String) -> RefreshState? { refreshControls.first { $0.key == key } }
}

extension RefreshState {
    var json: JSONValue {
        .object([
            ("phase", .string(phase.rawValue)),
            ("progress", .number(progress)),
            ("pulledExtent", .number(pulledExtent)),
            ("heldInset", .number(heldInset)),
            ("gap", gap.json),
            ("spinner", .object([
                ("center", spinner.center.json),
                ("radius", .number(spinner.radius)),
                ("ticks", .number(Double(spinner.ticks))),
                ("spinning", .bool(spinner.spinning)),
                ("activeTick", .number(Double(spinner.activeTick))),
                ("alpha", .number(spinner.alpha)),
            ])),
        ])
    }
}

extension RefreshState {
    init(json: JSONField, key: String) throws(StatesReadError) {
        let spinner = try json.field("spinner")
        self.init(key: key, phase: try json.field("phase").name(RefreshPhase.self, "idle, pulling, triggered, refreshing or ending"),
                  progress: try json.number("progress"), pulledExtent: try json.number("pulledExtent"),
                  heldInset: try json.number("heldInset"), gap: try Rect(json: try json.field("gap")),
                  spinner: RefreshSpinnerState(center: try Point(json: try spinner.field("center")), radius: try spinner.number("radius"),
                                               ticks: try spinner.int("ticks"), spinning: try spinner.field("spinning").bool(),
                                               activeTick: try spinner.int("activeTick"), alpha: try spinner.number("alpha")))
    }
}
