import Foundation
import FlickPhysics

// A list's info panel in a frame (docs/states.md, "panel").

public struct PanelState: Hashable, Sendable {
    /// The key of the list it rides on.
    public var key: String
    public var frame: Rect
    public var alpha: Double
    public var text: String
}

extension PanelState: ComponentState {
    static let collection = StateCollection("panels", PanelState.self, firstAtTop: true)
}

extension FrameState {
    /// Every info panel, in document order, each with its component's key; the first is also the document's top-level `panel`.
    public var panels: [PanelState] {
        get { states(PanelState.self) }
        set { setStates(newValue) }
    }
    public var panel: PanelState? { panels.first }
    public func panel(_ key: String) -> PanelState? { panels.first { $0.key == key } }
}

extension PanelState {
    var json: JSONValue {
        .object([("frame", frame.json), ("alpha", .number(alpha)), ("text", .string(text))])
    }
}

extension PanelState {
    init(json: JSONField, key: String) throws(StatesReadError) {
        self.init(key: key, frame: try Rect(json: try json.field("frame")), alpha: try json.number("alpha"), text: try json.string("text"))
    }
}
