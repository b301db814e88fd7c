import Foundation
import FlickPhysics

// The pager's state in a frame (docs/states.md, "pager").

/// A horizontal span inside a tab bar: x from the bar's leading edge.
public struct TabSpan: Hashable, Sendable {
    public var x: Double
    public var width: Double
}

public typealias PagerIndicatorState = TabSpan

/// A pager's tabs in one frame: each tab's span within the bar. The spans are laid out once for a bar width and
/// shared by every frame at that width (arrays copied on write, so a frame copies nothing); a frame adds only how
/// far its bar is scrolled, and a tab's `x` is worked out when it is read: the bar's content origin minus that
/// offset, the same number a frame stored before. Compared and hashed by its spans, as an array of them would be.
public struct TabSpans: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// Each tab's origin in the bar's content, before the bar scrolls.
    let origins: [Double]
    let widths: [Double]
    /// How far the bar is scrolled: subtracted from each origin.
    let offset: Double

    init(origins: [Double], widths: [Double], offset: Double) {
        precondition(origins.count == widths.count, "one origin per width")
        self.origins = origins
        self.widths = widths
        self.offset = offset
    }

    /// Spans as they are, unscrolled.
    public init(_ spans: [TabSpan]) {
        self.init(origins: spans.map(\.x), widths: spans.map(\.width), offset: 0)
    }

    public init(arrayLiteral spans: TabSpan...) { self.init(spans) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { origins.count }
    public subscript(position: Int) -> TabSpan { TabSpan(x: origins[position] - offset, width: widths[position]) }

    public static func == (a: TabSpans, b: TabSpans) -> Bool { a.elementsEqual(b) }

    /// The same spans before the bar scrolls: each tab's x in the bar's content (what the states document's header
    /// writes, docs/states.md "Pagers").
    var unscrolled: TabSpans { TabSpans(origins: origins, widths: widths, offset: 0) }

    /// Whether these are `other`'s spans, however far each bar is scrolled: the same layout (the frames at one bar
    /// width share its arrays, so this is usually one comparison of storage).
    func hasLayout(of other: TabSpans) -> Bool { origins == other.origins && widths == other.widths }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for span in self { hasher.combine(span) }
    }
}

public struct PagerState: Hashable, Sendable {
    public var key: String
    public var page: Int
    /// contentOffset.x / contentSize.width (the Vimeo article's scrollFraction).
    public var fraction: Double
    public var indicator: TabSpan
    /// The tab bar in viewport coordinates.
    public var tabBar: Rect
    /// Each tab's span within the bar (a scrolled bar's tabs start left of it).
    public var tabs: TabSpans
    /// How far a scrollable tab bar is scrolled, in points (0 for a fixed bar).
    public var tabBarOffset: Double
    /// contentOffset.x / the frame's width: where it is in pages of its width (not written; a sweep's caption).
    public var pages: Double = 0
}

extension PagerState: ComponentState {
    static let collection = StateCollection("pagers", PagerState.self, firstAtTop: true)
    var paging: PagePosition? { PagePosition(page: page, fraction: fraction, pages: pages, noun: "page") }
}

extension FrameState {
    /// Every pager, in document order, each with its component's key; the first is also the document's top-level `pager`.
    public var pagers: [PagerState] {
        get { states(PagerState.self) }
        set { setStates(newValue) }
    }
    public var pager: PagerState? { pagers.first }
    public func pager(_ key: String) -> PagerState? { pagers.first { $0.key == key } }
}

extension TabSpan {
    var json: JSONValue { .object([("x", .number(x)), ("width", .number(width))]) }
}

extension PagerState {
    var json: JSONValue { json(writingTabs: true) }

    /// Without `tabs` when the states document's header holds the same spans (docs/states.md, "Pagers").
    func json(header headerTabs: [String: TabSpans]) -> JSONValue {
        guard let shared = headerTabs[key] else { return json }
        return json(writingTabs: !tabs.hasLayout(of: shared))
    }

    /// Without `tabs` when `writingTabs` is false: the states document's header holds them (docs/states.md, "Pagers").
    private func json(writingTabs: Bool) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("page", .number(Double(page))),
            ("fraction", .number(fraction)),
            ("indicator", indicator.json),
            ("tabBar", tabBar.json),
        ]
        if writingTabs { pairs.append(("tabs", .array(tabs.map(\.json)))) }
        pairs.append(("tabBarOffset", .number(tabBarOffset)))
        return .object(pairs)
    }
}

extension TabSpan {
    init(json: JSONField) throws(StatesReadError) {
        self.init(x: try json.number("x"), width: try json.number("width"))
    }
}

extension PagerState {
    init(json: JSONField, key: String) throws(StatesReadError) {
        self = try Self.read(json, key: key, header: [:])
    }

    /// A pager without `tabs` takes the header's spans, moved by its `tabBarOffset` (docs/states.md, "Pagers"); one
    /// with them keeps them as written. `pages` (not written) is worked out from its scroll view by the frame.
    static func read(_ json: JSONField, key: String, header headerTabs: [String: TabSpans]) throws(StatesReadError) -> PagerState {
        let offset = try json.number("tabBarOffset")
        let tabs: TabSpans
        if let written = try json.optional("tabs") {
            tabs = TabSpans(try written.items().map { span throws(StatesReadError) in try TabSpan(json: span) })
        } else if let shared = headerTabs[key] {
            tabs = TabSpans(origins: shared.origins, widths: shared.widths, offset: offset)
        } else {
            throw StatesReadError(path: json.path + ".tabs", problem: "is missing, and the header's tabs have no \(key)")
        }
        return PagerState(key: key, page: try json.int("page"), fraction: try json.number("fraction"),
                          indicator: try TabSpan(json: try json.field("indicator")), tabBar: try Rect(json: try json.field("tabBar")),
                          tabs: tabs, tabBarOffset: offset)
    }
}
