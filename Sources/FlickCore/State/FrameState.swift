import Foundation

/// Everything about one frame (docs/states.md): what the renderer draws and what `flick states` prints.
///
/// Every component's state is keyed like its scroll view (`Component.key`), so a scene with two pagers has
/// two pager states; each carries the geometry its drawing needs, so a frame can be drawn from it alone.
public struct FrameState: Sendable {
    public var index: Int
    /// Seconds since the start.
    public var time: Double
    /// The viewport at this frame (it changes on a resize).
    public var viewport: Size
    /// The finger, or nil when no finger is down (and none lifted since the previous frame).
    public var touch: TouchState?
    /// Where the finger was over the last `FingerTrail.duration` seconds, oldest first; empty when it was not down.
    public var trail: [TrailPoint] = []
    /// Scroll views in document order.
    public var scrollViews: [ScrollViewState] = []
    /// Sheets, pagers, info panels and carousels in document order, each with its component's key.
    public var sheets: [SheetState] = []
    public var pagers: [PagerState] = []
    public var panels: [PanelState] = []
    public var carousels: [CarouselState] = []
    /// The decisions taken since the previous frame, with their reasons (only with `Simulation(scenario:explains:)`).
    public var explanations: [Explanation] = []

    /// The first sheet, pager and panel: the document's top-level `sheet`, `pager` and `panel`.
    public var sheet: SheetState? { sheets.first }
    public var pager: PagerState? { pagers.first }
    public var panel: PanelState? { panels.first }

    public init(index: Int, time: Double, viewport: Size) {
        self.index = index
        self.time = time
        self.viewport = viewport
    }

    public func scrollView(_ key: String) -> ScrollViewState? { scrollViews.first { $0.key == key } }
    public func sheet(_ key: String) -> SheetState? { sheets.first { $0.key == key } }
    public func pager(_ key: String) -> PagerState? { pagers.first { $0.key == key } }
    public func panel(_ key: String) -> PanelState? { panels.first { $0.key == key } }
    public func carousel(_ key: String) -> CarouselState? { carousels.first { $0.key == key } }
}

/// A point of the finger's recent path.
public struct TrailPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double
    /// Seconds before the frame's time.
    public var age: Double
    /// The finger went down at this point: no line joins it to the point before.
    public var startsStroke: Bool
}

public enum TouchPhase: String, Hashable, Sendable {
    case began, moved, ended
}

public struct TouchState: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var phase: TouchPhase
}

public struct IndicatorState: Hashable, Sendable {
    public var frame: Rect
    public var alpha: Double
}

public struct ScrollViewState: Hashable, Sendable {
    public var key: String
    public var contentOffset: Point
    public var contentSize: Size
    public var contentInset: EdgeInsets
    public var adjustedContentInset: EdgeInsets
    public var frame: Rect
    public var velocity: Point
    public var phase: ScrollPhase
    /// Nil when the component hides its indicator.
    public var indicator: IndicatorState?

    init(_ scrollView: ScrollView, at t: Double, showsIndicator: Bool) {
        key = scrollView.key
        contentOffset = scrollView.contentOffset(at: t)
        contentSize = scrollView.contentSize
        contentInset = scrollView.contentInset
        adjustedContentInset = scrollView.adjustedContentInset
        frame = scrollView.frame
        var v = Point.zero
        v[scrollView.scrollAxis] = scrollView.velocity(at: t)
        velocity = v
        phase = scrollView.phase(at: t)
        indicator = showsIndicator
            ? IndicatorState(frame: scrollView.indicatorFrame(at: t), alpha: scrollView.indicatorAlpha(at: t))
            : nil
    }
}

/// A sheet's phase (docs/states.md).
public enum SheetPhase: String, Hashable, Sendable {
    case idle, tracking, settling, dismissing, dismissed
}

/// A detent's name and where the sheet's top is when it rests there, for this frame's viewport.
public struct DetentPosition: Hashable, Sendable {
    public var name: String
    public var top: Double
}

public struct SheetState: Hashable, Sendable {
    public var key: String
    /// The sheet's top edge in viewport coordinates.
    public var top: Double
    /// The detent it rests at or is settling to; nil while tracking.
    public var detent: String?
    public var phase: SheetPhase
    /// d(top)/dt in pt/s (negative while rising).
    public var velocity: Double
    /// The dimming alpha over the background.
    public var dimming: Double
    /// How far the background map is shifted for parallax, in points (positive moves it up).
    public var parallax: Double
    /// The sheet's frame: from its top to the bottom of the viewport or further.
    public var frame: Rect
    /// Every detent, in document order.
    public var detents: [DetentPosition]
    /// The presenting view behind a `presentation: deck` card (written as `presentingScale`, `presentingFrame`,
    /// `presentingAlpha`, `presentingCornerRadius`); nil for a plain sheet.
    public var presenting: PresentingState? = nil
}

/// The presenting view behind a DeckTransition card (`DeckPresentation`): the background drawn scaled into `frame`.
public struct PresentingState: Hashable, Sendable {
    /// The presenting view's scale about the viewport's centre: 1 − 2·inset/H at rest, 1 once dismissed.
    public var scale: Double
    /// Where the scaled presenting view is, in the viewport.
    public var frame: Rect
    /// Its alpha over black.
    public var alpha: Double
    /// The radius of its top corners, in points as shown.
    public var cornerRadius: Double
}

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
}

public struct PanelState: Hashable, Sendable {
    /// The key of the list it rides on.
    public var key: String
    public var frame: Rect
    public var alpha: Double
    public var text: String
}

/// A card of a carousel on screen.
public struct CardState: Hashable, Sendable {
    public var index: Int
    public var frame: Rect
}

public struct CarouselState: Hashable, Sendable {
    public var key: String
    /// The card it rests at or is settling to.
    public var page: Int
    /// contentOffset.x / page width: 1.5 is halfway between the second and the third card.
    public var fraction: Double
    /// The cards at least partly inside the carousel's frame.
    public var cards: [CardState]
    /// Centres of the page dots, one per card; empty without a page control.
    public var dots: [Point]
    /// The dots' radius in points.
    public var dotRadius: Double
}
