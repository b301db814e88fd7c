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
    /// The components' own states (sheets, pagers, …) by their collection in the document, each in document
    /// order. Each kind reads and writes its own through accessors in its folder (`FrameState.sheets`).
    var componentStates: [StateCollection: [any ComponentState]] = [:]
    /// The decisions taken since the previous frame, with their reasons (only with `Simulation(scenario:explains:)`).
    public var explanations: [Explanation] = []

    public init(index: Int, time: Double, viewport: Size) {
        self.index = index
        self.time = time
        self.viewport = viewport
    }

    public func scrollView(_ key: String) -> ScrollViewState? { scrollViews.first { $0.key == key } }

    /// The states of one type's collection, in document order.
    func states<State: ComponentState>(_ type: State.Type) -> [State] {
        componentStates[State.collection]?.compactMap { $0 as? State } ?? []
    }

    /// Replaces the states of one type's collection.
    mutating func setStates<State: ComponentState>(_ states: [State]) {
        componentStates[State.collection] = states.isEmpty ? nil : states
    }

    /// Adds a component's state at the end of its collection.
    mutating func append<State: ComponentState>(_ state: State) {
        componentStates[State.collection, default: []].append(state)
    }

    /// Where each paging component is (pagers, carousels), in the document's order of collections.
    public var pagePositions: [(key: String, position: PagePosition)] {
        StateCollection.allCases.flatMap { collection in
            (componentStates[collection] ?? []).compactMap { state in state.paging.map { (key: state.key, position: $0) } }
        }
    }

    /// Where the paging component `key` is; nil when it does not page.
    public func pagePosition(_ key: String) -> PagePosition? {
        pagePositions.first { $0.key == key }?.position
    }
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
