import Foundation

/// A behaviour a list can have attached under a key of its own (docs/architecture.md, "How to add a behaviour"): the
/// refresh control (`refresh`, `Components/Refresh/`) and the keyboard it dismisses (`keyboard`,
/// `Components/Keyboard/`). The type is the attachment its list's scroll view calls (`ScrollAttachment`); its folder
/// says everything else about it, and the list, the decoder, the state document and the explanations ask it through
/// `ListAttachmentKind` without naming it.
protocol ListAttachment: ScrollAttachment {
    /// What its key holds (`RefreshSpec`).
    associatedtype Spec: Sendable
    /// Its key in a list's mapping (`refresh`).
    static var key: String { get }
    /// What the key is, in the list's keys of docs/scenario-format.md and the JSON Schema.
    static var keyDoc: String { get }
    /// Its own keys: their decoder, JSON Schema and docs.
    static var format: Value<Spec> { get }
    /// Why it cannot be attached to a list that scrolls along `axis` (the problem the decoder reports at its key),
    /// or nil (the default).
    static func problem(_ spec: Spec, axis: Axis) -> String?
    /// Its state's collection in the state document, after the component kinds' (nil: it writes no state).
    static var stateCollection: StateCollection? { get }
    /// The events of its entries in `flick states --explain` (docs/states.md, "Explanations"); none by default.
    static var explanationEvents: [Explanation.Event] { get }
    /// The attachment of a list whose key holds `spec`.
    init(spec: Spec)
}

extension ListAttachment {
    static func problem(_ spec: Spec, axis: Axis) -> String? { nil }
    static var explanationEvents: [Explanation.Event] { [] }

    /// Reads its key of a list's mapping `m` into `specs` (a list's `attachmentSpecs`).
    static func read(_ m: Mapping, into specs: inout [String: any Sendable]) {
        if let spec = m.optional(key, format, keyDoc) { specs[key] = spec }
    }

    /// Its key and the problem of attaching what `specs` holds for it to a list that scrolls along `axis`, if it is
    /// there and there is one.
    static func problem(in specs: [String: any Sendable], axis: Axis) -> (key: String, problem: String)? {
        (specs[key] as? Spec).flatMap { problem($0, axis: axis) }.map { (key, $0) }
    }

    /// Its attachment to `list`'s scroll view; nil when the list does not have it.
    static func attachment(to list: ListSpec) -> ScrollAttachment? { list[Self.self].map(Self.init(spec:)) }
}

/// The behaviours a list can have attached, in the order its scroll view calls them, the decoder reads their keys
/// (after the list's own) and the state document writes their collections. A new behaviour adds its case; the
/// compiler then points to `type` here and to FlickRender's `ListAttachmentKind.drawing`.
public enum ListAttachmentKind: CaseIterable, Sendable {
    case refresh, keyboard

    /// The attachment, which answers for its behaviour: FlickCore's one switch over the behaviours.
    var type: any ListAttachment.Type {
        switch self {
        case .refresh: RefreshControl.self
        case .keyboard: KeyboardDismissal.self
        }
    }

    /// Its key in a list's mapping (`refresh`).
    public var key: String { type.key }
}

extension ListSpec {
    /// What the list's key of behaviour `A` holds; nil when the list does not have it.
    subscript<A: ListAttachment>(_ attachment: A.Type) -> A.Spec? {
        get { attachmentSpecs[A.key] as? A.Spec }
        set { attachmentSpecs[A.key] = newValue }
    }

    /// Whether the list has the behaviour `kind`.
    public func has(_ kind: ListAttachmentKind) -> Bool { attachmentSpecs[kind.key] != nil }
}
