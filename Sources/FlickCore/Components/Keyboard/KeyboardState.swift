import Foundation

/// Where the keyboard over a list is in its dismissal (docs/states.md, "Keyboards").
public enum KeyboardPhase: String, Hashable, Sendable, CaseIterable {
    /// Up, covering the bottom of the viewport.
    case shown
    /// Going down: a drag of the list began (`dismissMode: onDrag`) less than `duration` ago.
    case hiding
    /// Down below the viewport's bottom.
    case hidden
}

/// The keyboard over a list at one frame (docs/states.md, "Keyboards"), under the list's key.
public struct KeyboardState: Hashable, Sendable {
    /// The key of the list whose drag dismisses it.
    public var key: String
    public var phase: KeyboardPhase
    /// The keyboard in viewport coordinates: the viewport's width and the keyboard's height, its top moving from
    /// the viewport's height less the keyboard's (up) to the viewport's height (down).
    public var frame: Rect
}

extension KeyboardState: ComponentState {
    static let collection = StateCollection("keyboards", KeyboardState.self)
}

extension KeyboardState: EventfulState {
    /// The keyboard started down (its phase left `shown`).
    static let dismissed = StateEventKind(name: "keyboard", label: "keyboard dismissed", symbol: "↓")
    static var eventKinds: [StateEventKind] { [dismissed] }

    func events(after previous: KeyboardState?) -> [StateEventKind] {
        phase != .shown && (previous.map { $0.phase == .shown } ?? true) ? [Self.dismissed] : []
    }

    /// Its phase under its list's key and `.keyboard`: going down and gone make key frames.
    var reviewPhase: String? { "\(key).keyboard \(phase.rawValue)" }
}

extension FrameState {
    /// Every list's keyboard, in document order, each with its list's key.
    public var keyboards: [KeyboardState] {
        get { states(KeyboardState.self) }
        set { setStates(newValue) }
    }
    public func keyboard(_ key: String) -> KeyboardState? { keyboards.first { $0.key == key } }
}

extension KeyboardState {
    var json: JSONValue {
        .object([("phase", .string(phase.rawValue)), ("frame", frame.json)])
    }

    init(json: JSONField, key: String) throws(StatesReadError) {
        self.init(key: key, phase: try json.field("phase").name(KeyboardPhase.self, "shown, hiding or hidden"),
                  frame: try Rect(json: try json.field("frame")))
    }
}
