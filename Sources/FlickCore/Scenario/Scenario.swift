import Foundation
import FlickPhysics

/// One scenario file (SPEC §2): a scene, the gestures performed on it, and how to sample it.
public struct Scenario: Sendable {
    public var name: String
    public var viewport: Viewport
    /// Frames per second of the sampled sequence, 1...240.
    public var fps: Double
    /// Seconds; frames are at t = i/fps for i = 0 ... round(duration·fps).
    public var duration: Double
    /// Touch samples per second fed to the velocity tracker.
    public var touchRate: Double
    public var physics: PhysicsSettings
    public var theme: Theme
    public var scene: Scene
    public var gestures: [Gesture]

    /// Number of frames: round(duration·fps) + 1.
    public var frameCount: Int { Int((duration * fps).rounded()) + 1 }
    /// The time of frame `index`.
    public func time(ofFrame index: Int) -> Double { Double(index) / fps }
}

public struct Viewport: Hashable, Sendable {
    public var width: Double
    public var height: Double
    /// Pixels per point of PNG output.
    public var scale: Double
    public var safeArea: EdgeInsets
    public var size: Size { Size(width: width, height: height) }
}

public struct PhysicsSettings: Hashable, Sendable {
    public var decelerationRate: DecelerationRate = .normal
}

public enum Theme: String, Hashable, Sendable, CaseIterable {
    case light, dark
}

public struct Scene: Sendable {
    public var background: Background
    public var root: Component
}

public enum Background: Hashable, Sendable {
    case map
    case plain
    /// A solid colour, `#rrggbb`.
    case color(String)
}

/// A component of the scene tree (SPEC §2): each case is one key of the scenario file.
public indirect enum Component: Sendable {
    case list(ListSpec)
    case pager(PagerSpec)
    case stack(StackSpec)
    case sheet(SheetSpec)

    /// The key that introduces this component in a scenario file.
    public var kind: String {
        switch self {
        case .list: "list"
        case .pager: "pager"
        case .stack: "stack"
        case .sheet: "sheet"
        }
    }
}

public struct Section: Hashable, Sendable {
    public var title: String
    public var rows: Int
}

/// An initial contentOffset whose components may be left to their default.
public struct InitialOffset: Hashable, Sendable {
    public var x: Double?
    public var y: Double?
    public subscript(axis: Axis) -> Double? { axis == .horizontal ? x : y }
}

/// Path 2's info panel beside the scroll indicator (seed 002).
public struct InfoPanelSpec: Hashable, Sendable {
    /// Points; nil sizes it once for the longest section title, so it never changes width while scrolling.
    public var width: Double?
    public var height: Double = InfoPanelSpec.defaultHeight
    public static let defaultHeight = 28.0
}

public struct ListSpec: Sendable {
    public var id: String?
    /// The name of its scroll view in frame states: `id`, or `list`, `list2`, ... in document order.
    public var key: String
    public var rows: Int
    public var rowHeight: Double
    public var sections: [Section]
    public var axis: Axis = .vertical
    /// The initial contentOffset; a missing component means the start of the content on that axis.
    public var offset: InitialOffset?
    public var indicator: Bool = true
    public var infoPanel: InfoPanelSpec?
    public var contentInset: EdgeInsets = .zero
}

public struct Page: Sendable {
    public var title: String
    public var icon: String?
    public var color: String?
    public var content: Component?
}

public enum TabIndicatorStyle: String, Hashable, Sendable, CaseIterable {
    case underline, pill
}

public struct TabBarSpec: Hashable, Sendable {
    /// Default 44 pt (SPEC §3).
    public var height: Double = 44
    public var indicator: TabIndicatorStyle = .underline
    /// Tab widths in points; nil shares the bar's width equally.
    public var widths: [Double]?
}

public enum PagingMode: Hashable, Sendable {
    /// UIScrollView paging: one page per release.
    case page
    /// Seed 004's snapped scrolling from the projected offset, with a snap point.
    case snap(Double)
    /// Seed 004's one-page-at-a-time pagination, with a snap point.
    case pagination(Double)
}

public struct PagerSpec: Sendable {
    public var id: String?
    /// The name of its scroll view in frame states: `id`, or `pager`, `pager2`, ... in document order.
    public var key: String
    public var pages: [Page]
    public var initialPage: Int = 0
    public var tabBar: TabBarSpec = TabBarSpec()
    public var paging: PagingMode = .page
    public var contentInset: EdgeInsets = .zero
}

public struct StackChild: Sendable {
    public var height: Double
    public var component: Component
}

public struct StackSpec: Sendable {
    public var children: [StackChild]
}

public struct Detent: Hashable, Sendable {
    public enum Measure: Hashable, Sendable {
        /// Points of sheet visible above the viewport's bottom edge.
        case height(Double)
        /// A fraction of the viewport height.
        case fraction(Double)
    }
    public var name: String
    public var measure: Measure

    /// Visible height for a viewport of `viewportHeight` points.
    public func height(viewportHeight: Double) -> Double {
        switch measure {
        case .height(let h): h
        case .fraction(let f): f * viewportHeight
        }
    }
}

public struct SheetHeader: Hashable, Sendable {
    public var height: Double
    public var title: String
}

public struct DismissSettings: Hashable, Sendable {
    /// Released this far below the lowest detent (pt), the card leaves: default 240.
    public var distance: Double = 240
    /// Released faster than this downwards (pt/s), the card leaves: default 1000.
    public var velocity: Double = 1000
}

public struct DimmingSpec: Hashable, Sendable {
    /// The detent at which dimming is 0.
    public var from: String
    /// The detent at which dimming reaches `alpha`.
    public var to: String
    public var alpha: Double
}

public struct SheetSpec: Sendable {
    public var detents: [Detent]
    public var initial: String
    public var header: SheetHeader?
    public var content: Component
    public var dismissible: Bool = false
    public var dismiss: DismissSettings = DismissSettings()
    public var tracks: String?
    public var spring: Spring = .standard
    public var dimming: DimmingSpec?
    public var cornerRadius: Double = 10
    public var grabber: Bool = true
    /// Lifts the rule that a release moves at most one detent from the one the sheet was last at.
    public var projectsAcrossDetents: Bool = false
}

/// How a drag's finger moves between `from` and `to`.
public enum DragCurve: String, Hashable, Sendable, CaseIterable {
    case linear, easeIn, easeOut, easeInOut

    /// Progress along the path for time progress `u` in [0, 1].
    public func progress(_ u: Double) -> Double {
        switch self {
        case .linear: u
        case .easeIn: u * u
        case .easeOut: 1 - (1 - u) * (1 - u)
        case .easeInOut: u < 0.5 ? 2 * u * u : 1 - 2 * (1 - u) * (1 - u)
        }
    }
}

/// One entry of `gestures` (SPEC §2).
public struct Gesture: Sendable {
    public enum Action: Sendable {
        case drag(from: Point, to: Point, duration: Double, curve: DragCurve, hold: Double)
        /// Raw samples `(t relative to at, x, y)` of one finger.
        case touches([(t: Double, point: Point)])
        case tap(Point)
        case resize(Size)
    }
    /// Start time in seconds.
    public var at: Double
    public var action: Action
    /// Where it sits in the file, for messages that name it (`gestures[2]`).
    public var index: Int

    /// How long a `tap` keeps the finger down, in seconds.
    public static let tapDuration = 0.05

    /// Seconds the finger is down (0 for a resize, which uses no finger).
    public var fingerDuration: Double {
        switch action {
        case .drag(_, _, let duration, _, let hold): duration + hold
        case .touches(let samples): samples.last?.t ?? 0
        case .tap: Gesture.tapDuration
        case .resize: 0
        }
    }

    public var usesFinger: Bool {
        if case .resize = action { return false }
        return true
    }

    public var kind: String {
        switch action {
        case .drag: "drag"
        case .touches: "touches"
        case .tap: "tap"
        case .resize: "resize"
        }
    }
}
