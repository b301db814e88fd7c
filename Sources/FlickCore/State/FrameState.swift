import Foundation

/// Everything about one frame (SPEC §4): what the renderer draws and what `flick states` prints.
public struct FrameState: Sendable {
    public var index: Int
    /// Seconds since the start.
    public var time: Double
    /// The viewport at this frame (it changes on a resize).
    public var viewport: Size
    /// The finger, or nil when no finger is down (and none lifted since the previous frame).
    public var touch: TouchState?
    /// Scroll views in document order.
    public var scrollViews: [ScrollViewState] = []
    public var sheet: SheetState?
    public var pager: PagerState?
    public var panel: PanelState?

    public init(index: Int, time: Double, viewport: Size) {
        self.index = index
        self.time = time
        self.viewport = viewport
    }

    public func scrollView(_ key: String) -> ScrollViewState? { scrollViews.first { $0.key == key } }
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

/// A sheet's phase (SPEC §4).
public enum SheetPhase: String, Hashable, Sendable {
    case idle, tracking, settling, dismissing, dismissed
}

public struct SheetState: Hashable, Sendable {
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
}

public struct PagerIndicatorState: Hashable, Sendable {
    public var x: Double
    public var width: Double
}

public struct PagerState: Hashable, Sendable {
    public var page: Int
    /// contentOffset.x / contentSize.width (seed 001's scrollFraction).
    public var fraction: Double
    public var indicator: PagerIndicatorState
}

public struct PanelState: Hashable, Sendable {
    public var frame: Rect
    public var alpha: Double
    public var text: String
}
