import Foundation

/// A component's own state in a frame, one type per collection of the state document (docs/states.md): the
/// type, its accessors on `FrameState` (`sheets`, `sheet(_:)`) and its JSON live in its kind's folder
/// (`Components/<Kind>/<Kind>State.swift`). A component that is a scroll view writes a `ScrollViewState` too.
protocol ComponentState: Sendable {
    /// Its collection in the state document.
    static var collection: StateCollection { get }
    /// Its component's key.
    var key: String { get }
    /// The state as docs/states.md spells it.
    var json: JSONValue { get }
    /// The state as the states document writes it, leaving out what the document's header holds (`headerTabs`:
    /// each pager's tab spans by key; docs/states.md, "Pagers").
    func json(header headerTabs: [String: TabSpans]) -> JSONValue
    /// Where it is among its pages, for the review (motion plot, sweeps); nil when it does not page.
    var paging: PagePosition? { get }
    /// Reads the state back from its `json` (the states document's reader, `Run.read(json:file:)`).
    init(json: JSONField, key: String) throws(StatesReadError)
    /// Reads the state as the states document writes it: what `json(header:)` leaves out comes from `headerTabs`.
    static func read(_ json: JSONField, key: String, header headerTabs: [String: TabSpans]) throws(StatesReadError) -> Self
}

extension ComponentState {
    var paging: PagePosition? { nil }
    func json(header headerTabs: [String: TabSpans]) -> JSONValue { json }
    static func read(_ json: JSONField, key: String, header headerTabs: [String: TabSpans]) throws(StatesReadError) -> Self {
        try Self(json: json, key: key)
    }
}

/// A keyed collection of component states in the state document (`sheets`, `refreshControls`). Each kind's or
/// behaviour's state declares its own (`SheetState.collection`, in its folder); `allCases` puts them in the document's
/// order. The names are what tools outside read.
public struct StateCollection: Hashable, Sendable {
    /// Its key in the state document.
    public let rawValue: String
    /// The state type whose collection this is: what the states document's reader makes of each member.
    let stateType: any ComponentState.Type
    /// Whether its first member is also at the top of the document under a singular key (`sheet` for `sheets`): the
    /// first kinds' states kept that way; a new collection has no such key.
    let hasFirstAtTop: Bool

    init(_ name: String, _ stateType: any ComponentState.Type, firstAtTop: Bool = false) {
        rawValue = name
        self.stateType = stateType
        hasFirstAtTop = firstAtTop
    }

    public static func == (a: StateCollection, b: StateCollection) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Every collection in the document's order: the component kinds' (a kind with a state of its own adds it
    /// here), then the list behaviours' in `ListAttachmentKind`'s order.
    static let allCases: [StateCollection] = [SheetState.collection, PagerState.collection, PanelState.collection,
                                              CarouselState.collection, NavigationBarState.collection]
        + ListAttachmentKind.allCases.compactMap { $0.type.stateCollection }

    /// The collections whose first member is also at the top of the document under a singular key.
    static let withFirstAtTop = allCases.filter(\.hasFirstAtTop)

    /// The singular key of the first member at the top, or nil.
    var firstAtTop: String? { hasFirstAtTop ? String(rawValue.dropLast()) : nil }

    /// Where the member `key`'s state stands in `frame`'s document, as a state path names it (docs/states.md): the
    /// first under the singular key when the collection has one (`sheet`, whatever its key), any other under its key
    /// in the collection (`sheets.card`, `navigationBars.inbox`).
    func path(of key: String, in frame: FrameState) -> String {
        if let single = firstAtTop, frame.componentStates[self]?.first?.key == key { return single }
        return "\(rawValue).\(key)"
    }
}

/// Where a paging component is among its pages (a pager's tabs, a carousel's cards).
public struct PagePosition: Hashable, Sendable {
    /// The page it rests at or is settling to.
    public var page: Int
    /// Its state's `fraction` (docs/states.md).
    public var fraction: Double
    /// Where it is in pages, as a caption shows it (`card 1.50`).
    public var pages: Double
    /// What a page is called in a caption (`page`, `card`).
    public var noun: String
}
