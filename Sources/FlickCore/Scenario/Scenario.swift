import Foundation
import FlickPhysics

/// One scenario (docs/scenario-format.md): a scene, the gestures performed on it, and how to sample it.
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
    /// Checks on the simulated states, run by `flick test`.
    public var expectations: [Expectation]
    /// Motion recorded on a device, held beside the simulation (`reference:`).
    public var references: [Reference] = []
    /// Frames compared with stored images by `flick test`.
    public var goldens: GoldenSpec?
    /// The keys the file sweeps (`sweep:`), each with its values; empty for a file without a sweep. A sweep is
    /// decoded as variants by `ScenarioSweep`; this scenario is the file as written.
    public var sweep: [SweepAxis] = []
    /// A TrueType or OpenType file (absolute path) that draws the scene's regular and bold text instead of DejaVu Sans.
    public var font: String? = nil

    public static let defaultFPS = 60.0
    public static let defaultTouchRate = 120.0

    public init(name: String, viewport: Viewport = Viewport(), fps: Double = Scenario.defaultFPS, duration: Double,
                touchRate: Double = Scenario.defaultTouchRate, physics: PhysicsSettings = PhysicsSettings(),
                theme: Theme = .light, scene: Scene, gestures: [Gesture] = [], expectations: [Expectation] = [],
                goldens: GoldenSpec? = nil) {
        self.name = name
        self.viewport = viewport
        self.fps = fps
        self.duration = duration
        self.touchRate = touchRate
        self.physics = physics
        self.theme = theme
        self.scene = scene
        self.gestures = gestures.enumerated().map { i, g in var g = g; g.index = i; return g }
        self.expectations = expectations
        self.goldens = goldens
    }

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

    public static let defaultScale = 3.0

    /// Defaults to an iPhone 15 in portrait: 393 × 852 pt at 3x, safe area 59 pt at the top and 34 at the bottom.
    public init(width: Double = 393, height: Double = 852, scale: Double = Viewport.defaultScale,
                safeArea: EdgeInsets = EdgeInsets(top: 59, bottom: 34)) {
        self.width = width
        self.height = height
        self.scale = scale
        self.safeArea = safeArea
    }
}

public enum Theme: String, Hashable, Sendable, CaseIterable {
    case light, dark
}

public struct Scene: Sendable {
    public var background: Background
    /// The root component, with every component's `key` assigned.
    public var root: Component

    /// A scene over `background`; names every component (see `Component.key`).
    public init(background: Background = .map, root: Component) {
        self.background = background
        var root = root
        var counts: [String: Int] = [:]
        root.assignKeys(counts: &counts)
        self.root = root
    }
}

public enum Background: Hashable, Sendable {
    case map
    case plain
    /// A solid colour, `#rrggbb`.
    case color(String)
    /// A PNG or SVG file (absolute path) scaled to fill the viewport.
    case image(String)
}

/// A component of the scene tree: one kind (one key of the scenario file) with its spec, and the name its
/// states go by.
public struct Component: Sendable {
    /// The `id` given in the scenario, if any.
    public var id: String?
    /// The name of its states in the frame document: its `id`, else its kind numbered in document order among
    /// the components of that kind without an id (`list`, `list2`, …). Set by `Scene`.
    public internal(set) var key: String
    public var kind: ComponentKind

    public init(_ kind: ComponentKind, id: String? = nil) {
        self.kind = kind
        self.id = id
        self.key = id ?? kind.name
    }

    public static func list(_ spec: ListSpec, id: String? = nil) -> Component { Component(.list(spec), id: id) }
    public static func pager(_ spec: PagerSpec, id: String? = nil) -> Component { Component(.pager(spec), id: id) }
    public static func stack(_ spec: StackSpec, id: String? = nil) -> Component { Component(.stack(spec), id: id) }
    public static func sheet(_ spec: SheetSpec, id: String? = nil) -> Component { Component(.sheet(spec), id: id) }
    public static func carousel(_ spec: CarouselSpec, id: String? = nil) -> Component {
        Component(.carousel(spec), id: id)
    }

    /// The components directly inside this one, in document order.
    public var children: [Component] {
        switch kind {
        case .list, .carousel: []
        case .pager(let spec): spec.pages.compactMap(\.content)
        case .stack(let spec): spec.children.map(\.component)
        case .sheet(let spec): [spec.content]
        }
    }

    /// Calls `body` on each direct child, in document order, letting it change the child.
    mutating func updateChildren(_ body: (inout Component) -> Void) {
        switch kind {
        case .list, .carousel: break
        case .pager(var spec):
            for i in spec.pages.indices { if spec.pages[i].content != nil { body(&spec.pages[i].content!) } }
            kind = .pager(spec)
        case .stack(var spec):
            for i in spec.children.indices { body(&spec.children[i].component) }
            kind = .stack(spec)
        case .sheet(var spec):
            body(&spec.content)
            kind = .sheet(spec)
        }
    }

    mutating func assignKeys(counts: inout [String: Int]) {
        if let id {
            key = id
        } else {
            let n = (counts[kind.name] ?? 0) + 1
            counts[kind.name] = n
            key = n == 1 ? kind.name : "\(kind.name)\(n)"
        }
        updateChildren { $0.assignKeys(counts: &counts) }
    }

    /// This component and every one inside it, in document order.
    public var allComponents: [Component] { [self] + children.flatMap(\.allComponents) }
}

/// What a component is: one case per key of the scenario file. Every place that treats components by kind
/// (decoding, the scene builder, the state writer, the renderer) switches over it without a `default`, so a new
/// case makes the compiler list each place to extend.
public indirect enum ComponentKind: Sendable {
    case list(ListSpec)
    case pager(PagerSpec)
    case stack(StackSpec)
    case sheet(SheetSpec)
    case carousel(CarouselSpec)

    /// The key that introduces this component in a scenario file.
    public var name: String {
        switch self {
        case .list: "list"
        case .pager: "pager"
        case .stack: "stack"
        case .sheet: "sheet"
        case .carousel: "carousel"
        }
    }
}

public struct Section: Hashable, Sendable {
    public var title: String
    public var rows: Int

    public init(title: String, rows: Int) {
        self.title = title
        self.rows = rows
    }
}

/// An initial contentOffset whose components may be left to their default.
public struct InitialOffset: Hashable, Sendable {
    public var x: Double?
    public var y: Double?

    public init(x: Double? = nil, y: Double? = nil) {
        self.x = x
        self.y = y
    }

    public subscript(axis: Axis) -> Double? { axis == .horizontal ? x : y }
}

/// Path 2's info panel beside the scroll indicator (docs/physics.md, "Info panel").
public struct InfoPanelSpec: Hashable, Sendable {
    /// Points; nil sizes it once for the longest section title, so it never changes width while scrolling.
    public var width: Double?
    public var height: Double
    public static let defaultHeight = 28.0

    public init(width: Double? = nil, height: Double = InfoPanelSpec.defaultHeight) {
        self.width = width
        self.height = height
    }
}

/// A `list`: rows of equal height, optionally grouped in sections, in a scroll view.
public struct ListSpec: Sendable {
    public var rows: Int
    public var rowHeight: Double
    public var sections: [Section]
    public var axis: Axis
    /// The initial contentOffset; a missing component means the start of the content on that axis.
    public var offset: InitialOffset?
    public var indicator: Bool
    public var infoPanel: InfoPanelSpec?
    public var contentInset: EdgeInsets
    /// The rows' text and thumbnails when they come from a file (`rows: {file: …}`), one per row; empty: made-up rows.
    public var content: [ListRow] = []

    /// A list of `rows` rows; with `sections`, `rows` may be nil and is their total.
    public init(rows: Int? = nil, rowHeight: Double, sections: [Section] = [], axis: Axis = .vertical,
                offset: InitialOffset? = nil, indicator: Bool = true, infoPanel: InfoPanelSpec? = nil,
                contentInset: EdgeInsets = .zero) {
        self.rows = rows ?? sections.reduce(0) { $0 + $1.rows }
        self.rowHeight = rowHeight
        self.sections = sections
        self.axis = axis
        self.offset = offset
        self.indicator = indicator
        self.infoPanel = infoPanel
        self.contentInset = contentInset
    }
}

public struct Page: Sendable {
    public var title: String
    public var icon: String?
    public var color: String?
    public var content: Component?
    /// A PNG or SVG file (absolute path) scaled to fill the page, under its content.
    public var image: String? = nil

    public init(title: String, icon: String? = nil, color: String? = nil, content: Component? = nil) {
        self.title = title
        self.icon = icon
        self.color = color
        self.content = content
    }
}

public enum TabIndicatorStyle: String, Hashable, Sendable, CaseIterable {
    case underline, pill
}

public struct TabBarSpec: Hashable, Sendable {
    /// Default 44 pt.
    public var height: Double
    public var indicator: TabIndicatorStyle
    /// Tab widths in points; nil shares the bar's width equally, or sizes tabs to their titles when scrollable.
    public var widths: [Double]?
    /// Whether the bar scrolls, its tabs sized to their titles (Parchment, Tabman). Nil decides: it scrolls when
    /// equal shares of the bar would not hold every title at the smallest size the renderer shrinks titles to.
    public var scrollable: Bool?

    public static let defaultHeight = 44.0

    public init(height: Double = TabBarSpec.defaultHeight, indicator: TabIndicatorStyle = .underline,
                widths: [Double]? = nil, scrollable: Bool? = nil) {
        self.height = height
        self.indicator = indicator
        self.widths = widths
        self.scrollable = scrollable
    }
}

public enum PagingMode: Hashable, Sendable {
    /// UIScrollView paging: one page per release.
    case page
    /// Snapped scrolling from the projected offset, with a snap point (docs/physics.md, "Snapping").
    case snap(Double)
    /// One-page-at-a-time pagination by direction, with a snap point.
    case pagination(Double)
}

/// A `pager`: a paging scroll view of pages under a tab bar.
public struct PagerSpec: Sendable {
    public var pages: [Page]
    public var initialPage: Int
    public var tabBar: TabBarSpec
    public var paging: PagingMode
    public var contentInset: EdgeInsets
    /// After a resize, show the same page aligned to the new width (the Vimeo article's fix). False reproduces
    /// the bug it describes: contentSize changes and contentOffset does not, so two pages show side by side.
    public var keepsPageOnResize: Bool

    public init(pages: [Page], initialPage: Int = 0, tabBar: TabBarSpec = TabBarSpec(), paging: PagingMode = .page,
                contentInset: EdgeInsets = .zero, keepsPageOnResize: Bool = true) {
        self.pages = pages
        self.initialPage = initialPage
        self.tabBar = tabBar
        self.paging = paging
        self.contentInset = contentInset
        self.keepsPageOnResize = keepsPageOnResize
    }
}

public struct StackChild: Sendable {
    public var height: Double
    public var component: Component

    public init(height: Double, _ component: Component) {
        self.height = height
        self.component = component
    }
}

/// A `stack`: children laid out top to bottom; the last one takes the rest of the height.
public struct StackSpec: Sendable {
    public var children: [StackChild]

    public init(children: [StackChild]) { self.children = children }
}

/// One card of a carousel.
public struct Card: Hashable, Sendable {
    public var title: String
    public var subtitle: String?
    /// `#rrggbb`; nil takes the theme's accent for the card's index.
    public var color: String?

    public init(title: String, subtitle: String? = nil, color: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.color = color
    }
}

/// A `carousel`: horizontally paged cards narrower than the screen, centred, with the neighbours peeking
/// (App Store, Maps). A page is one card width plus the spacing, not the frame's width.
public struct CarouselSpec: Sendable {
    public var cards: [Card]
    /// Points.
    public var cardWidth: Double
    /// Points between two cards.
    public var spacing: Double
    public var initialCard: Int
    public var paging: PagingMode
    /// Page dots under the cards.
    public var pageControl: Bool
    public var cornerRadius: Double

    public static let defaultSpacing = 12.0
    public static let defaultCornerRadius = 14.0

    public init(cards: [Card], cardWidth: Double, spacing: Double = CarouselSpec.defaultSpacing, initialCard: Int = 0,
                paging: PagingMode = .page, pageControl: Bool = true,
                cornerRadius: Double = CarouselSpec.defaultCornerRadius) {
        self.cards = cards
        self.cardWidth = cardWidth
        self.spacing = spacing
        self.initialCard = initialCard
        self.paging = paging
        self.pageControl = pageControl
        self.cornerRadius = cornerRadius
    }

    /// The distance between two resting positions: a card and the gap after it.
    public var pageWidth: Double { cardWidth + spacing }
}

public struct Detent: Hashable, Sendable {
    public enum Measure: Hashable, Sendable {
        /// Points of sheet visible above the viewport's bottom edge.
        case height(Double)
        /// A fraction of the viewport height.
        case fraction(Double)
        /// Points from the viewport's top edge down to the sheet's top (a DeckTransition card rests 8 pt below the
        /// presenting view's top inset).
        case top(Double)
    }
    public var name: String
    public var measure: Measure

    public init(name: String, _ measure: Measure) {
        self.name = name
        self.measure = measure
    }

    public static func height(_ name: String, _ points: Double) -> Detent { Detent(name: name, .height(points)) }
    public static func fraction(_ name: String, _ fraction: Double) -> Detent { Detent(name: name, .fraction(fraction)) }
    public static func top(_ name: String, _ top: Double) -> Detent { Detent(name: name, .top(top)) }

    /// Visible height for a viewport of `viewportHeight` points.
    public func height(viewportHeight: Double) -> Double {
        switch measure {
        case .height(let h): h
        case .fraction(let f): f * viewportHeight
        case .top(let top): viewportHeight - top
        }
    }
}

public struct SheetHeader: Hashable, Sendable {
    public var height: Double
    public var title: String
    /// Titles of the buttons at the trailing edge, leading to trailing; none by default.
    public var buttons: [String]

    public init(height: Double, title: String = "", buttons: [String] = []) {
        self.height = height
        self.title = title
        self.buttons = buttons
    }
}

public struct DismissSettings: Hashable, Sendable {
    /// Released this far below the lowest detent (pt), the card leaves: default 240.
    public var distance: Double
    /// Released faster than this downwards (pt/s), the card leaves: default 1000.
    public var velocity: Double

    public init(distance: Double = 240, velocity: Double = 1000) {
        self.distance = distance
        self.velocity = velocity
    }
}

public struct DimmingSpec: Hashable, Sendable {
    /// The detent at which dimming is 0.
    public var from: String
    /// The detent at which dimming reaches `alpha`.
    public var to: String
    public var alpha: Double
    public static let defaultAlpha = 0.4

    public init(from: String, to: String, alpha: Double = DimmingSpec.defaultAlpha) {
        self.from = from
        self.to = to
        self.alpha = alpha
    }
}

/// What is drawn behind a sheet.
public enum SheetPresentation: String, Hashable, Sendable, CaseIterable {
    /// The background as it is, under the sheet.
    case plain
    /// DeckTransition's card look: the background (the presenting view) scaled down over black, translucent, with
    /// rounded top corners, growing back to full size as the card is pulled down (`DeckPresentation`).
    case deck
}

/// A `sheet`: a panel with detents over the background, holding one content component (a card when dismissible).
public struct SheetSpec: Sendable {
    public var detents: [Detent]
    public var initial: String
    /// A PNG or SVG file (absolute path) scaled to fill the sheet's body, under its content.
    public var image: String? = nil
    public var header: SheetHeader?
    public var content: Component
    public var dismissible: Bool
    public var dismiss: DismissSettings
    /// The key of the scroll view a card watches for dismissal.
    public var tracks: String?
    public var spring: Spring
    public var dimming: DimmingSpec?
    public var cornerRadius: Double
    public var grabber: Bool
    /// Lifts the rule that a release moves at most one detent from the one the sheet was last at.
    public var projectsAcrossDetents: Bool
    /// What is drawn behind it: `.deck` only for a card (dismissible).
    public var presentation: SheetPresentation

    public static let defaultCornerRadius = 10.0

    public init(detents: [Detent], initial: String, header: SheetHeader? = nil, content: Component,
                dismissible: Bool = false, dismiss: DismissSettings = DismissSettings(), tracks: String? = nil,
                spring: Spring = .standard, dimming: DimmingSpec? = nil,
                cornerRadius: Double = SheetSpec.defaultCornerRadius, grabber: Bool = true,
                projectsAcrossDetents: Bool = false, presentation: SheetPresentation = .plain) {
        self.detents = detents
        self.initial = initial
        self.header = header
        self.content = content
        self.dismissible = dismissible
        self.dismiss = dismiss
        self.tracks = tracks
        self.spring = spring
        self.dimming = dimming
        self.cornerRadius = cornerRadius
        self.grabber = grabber
        self.projectsAcrossDetents = projectsAcrossDetents
        self.presentation = presentation
    }
}

/// A named curve for how a drag's finger, or an animated resize, moves between its ends: linear, or one of Core
/// Animation's named timing functions (docs/physics.md, "Timing curves").
public enum DragCurve: String, Hashable, Sendable, CaseIterable {
    case linear, easeIn, easeOut, easeInOut

    /// The Core Animation curve of this name (nil for `linear`, which is exact without one).
    public var bezier: UnitBezier? {
        switch self {
        case .linear: nil
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .easeInOut: .easeInEaseOut
        }
    }

    /// Progress along the path for time progress `u` in [0, 1].
    public func progress(_ u: Double) -> Double { bezier?.progress(u) ?? u }
}

/// How a drag's finger, or an animated resize, moves between its ends: a named curve (`curve`) or the user's own
/// cubic Bézier (`cubicBezier: [x1, y1, x2, y2]`).
public enum TimingCurve: Hashable, Sendable {
    case named(DragCurve)
    case cubicBezier(UnitBezier)

    public static let linear = TimingCurve.named(.linear)
    public static let easeIn = TimingCurve.named(.easeIn)
    public static let easeOut = TimingCurve.named(.easeOut)
    public static let easeInOut = TimingCurve.named(.easeInOut)

    /// Progress along the path for time progress `u` in [0, 1].
    public func progress(_ u: Double) -> Double {
        switch self {
        case .named(let name): name.progress(u)
        case .cubicBezier(let bezier): bezier.progress(u)
        }
    }
}

/// One entry of `gestures`: something the finger (or the window) does, starting at `at`.
public struct Gesture: Sendable {
    public enum Action: Sendable {
        case drag(from: Point, to: Point, duration: Double, curve: TimingCurve, hold: Double)
        /// Raw samples `(t relative to at, x, y)` of one finger.
        case touches([(t: Double, point: Point)])
        case tap(Point)
        /// The viewport changes to `Size`, at once or animated over `duration` seconds along `curve`
        /// (an iPad size transition).
        case resize(Size, duration: Double = Gesture.defaultResizeDuration, curve: TimingCurve = .named(Gesture.defaultResizeCurve))
    }
    /// Start time in seconds.
    public var at: Double
    public var action: Action
    /// Where it sits in the file, for messages that name it (`gestures[2]`).
    public var index: Int

    public init(at: Double, _ action: Action, index: Int = 0) {
        self.at = at
        self.action = action
        self.index = index
    }

    /// A drag's curve when none is given.
    public static let defaultCurve = DragCurve.linear
    /// Seconds a drag's finger rests at its end before lifting, when none is given.
    public static let defaultHold = 0.0

    public static func drag(at: Double, from: Point, to: Point, duration: Double, curve: TimingCurve = .named(Gesture.defaultCurve),
                            hold: Double = Gesture.defaultHold) -> Gesture {
        Gesture(at: at, .drag(from: from, to: to, duration: duration, curve: curve, hold: hold))
    }
    public static func tap(at: Double, _ point: Point) -> Gesture { Gesture(at: at, .tap(point)) }
    public static func touches(at: Double, _ samples: [(t: Double, point: Point)]) -> Gesture {
        Gesture(at: at, .touches(samples))
    }
    /// A resize's duration when none is given: at once.
    public static let defaultResizeDuration = 0.0
    /// An animated resize's curve when none is given.
    public static let defaultResizeCurve = DragCurve.easeInOut

    public static func resize(at: Double, to size: Size, duration: Double = Gesture.defaultResizeDuration,
                              curve: TimingCurve = .named(Gesture.defaultResizeCurve)) -> Gesture {
        Gesture(at: at, .resize(size, duration: duration, curve: curve))
    }

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

    /// Where this gesture's finger is at time `t`, or nil when it is not down then.
    public func fingerPosition(at t: Double) -> Point? {
        let local = t - at
        guard usesFinger, local >= 0, local <= fingerDuration else { return nil }
        switch action {
        case .drag(let from, let to, let duration, let curve, _):
            let u = curve.progress(duration > 0 ? min(1, local / duration) : 1)
            return Point(x: from.x + (to.x - from.x) * u, y: from.y + (to.y - from.y) * u)
        case .touches(let samples):
            guard var previous = samples.first else { return nil }
            for sample in samples {
                if sample.t >= local {
                    let span = sample.t - previous.t
                    let u = span > 0 ? (local - previous.t) / span : 1
                    return Point(x: previous.point.x + (sample.point.x - previous.point.x) * u,
                                 y: previous.point.y + (sample.point.y - previous.point.y) * u)
                }
                previous = sample
            }
            return previous.point
        case .tap(let p):
            return p
        case .resize:
            return nil
        }
    }
}
