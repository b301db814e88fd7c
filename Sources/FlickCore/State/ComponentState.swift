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

/// The keyed collections of component states in the state document, in the document's order. A kind with a
/// state of its own adds its case (its state's `collection` names it); the names are what tools outside read.
public enum StateCollection: String, CaseIterable, Hashable, Sendable {
    case sheets, pagers, panels, carousels, navigationBars, refreshControls, keyboards

    /// The collections whose first member is also at the top of the document under a singular key (`sheet`
    /// for `sheets`): the first kinds' states kept that way; a new collection has no such key.
    static let withFirstAtTop: [StateCollection] = [.sheets, .pagers, .panels, .refreshControls]

    /// The state type whose collection this is: what the states document's reader makes of each member.
    var stateType: any ComponentState.Type {
        switch self {
        case .sheets: SheetState.self
        case .pagers: PagerState.self
        case .panels: PanelState.self
        case .carousels: CarouselState.self
        case .navigationBars: NavigationBarState.self
        case .refreshControls: RefreshState.self
        case .keyboards: KeyboardState.self
        }
    }

    /// The singular key of the first member at the top, or nil.
    var firstAtTop: String? { Self.withFirstAtTop.contains(self) ? String(rawValue.dropLast()) : nil }
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
