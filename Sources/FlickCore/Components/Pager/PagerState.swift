import Foundation
import FlickPhysics

// The pager's state in a frame (docs/states.md, "pager").

/// A horizontal span inside a tab bar: x from the bar's leading edge.
public struct TabSpan: Hashable, Sendable {
    public var x: Double
    public var width: Double
}

public typealias PagerIndicatorState = TabSpan

public struct PagerState: Hashable, Sendable {
    public var key: String
    public var page: Int
    /// contentOffset.x / contentSize.width (the Vimeo article's scrollFraction).
    public var fraction: Double
    public var indicator: TabSpan
    /// The tab bar in viewport coordinates.
    public var tabBar: Rect
    /// Each tab's span within the bar (a scrolled bar's tabs start left of it).
    public var tabs: [TabSpan]
    /// How far a scrollable tab bar is scrolled, in points (0 for a fixed bar).
    public var tabBarOffset: Double
    /// contentOffset.x / the frame's width: where it is in pages of its width (not written; a sweep's caption).
    public var pages: Double = 0
}

extension PagerState: ComponentState {
    static let collection = StateCollection.pagers
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
    var json: JSONValue {
        .object([
            ("page", .number(Double(page))),
            ("fraction", .number(fraction)),
            ("indicator", indicator.json),
            ("tabBar", tabBar.json),
            ("tabs", .array(tabs.map(\.json))),
            ("tabBarOffset", .number(tabBarOffset)),
        ])
    }
}
