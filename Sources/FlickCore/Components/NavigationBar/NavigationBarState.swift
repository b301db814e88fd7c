import Foundation

/// A large-title navigation bar in one frame (docs/states.md, "Navigation bars"): everything its drawing needs.
public struct NavigationBarState: Hashable, Sendable {
    public var key: String
    /// The key of the scroll view it collapses with.
    public var tracks: String
    /// 0 expanded (the large title's whole 52 pt shown), 1 collapsed to the inline bar.
    public var collapse: Double
    /// Points the bar is pulled beyond its expanded height (0 unless its list is pulled past its top).
    public var stretch: Double
    /// The bar's height below the status bar: 44 + 52 × (1 − collapse) + stretch.
    public var height: Double
    /// The bar in the viewport, the status bar's part included: what its background fills.
    public var frame: Rect
    /// The background's and the hairline's alpha: 0 at the scroll edge, 1 once content scrolls under the bar.
    public var backgroundAlpha: Double
    /// The centre of the inline title, in the middle of the 44 pt bar.
    public var titleCenter: Point
    public var titleAlpha: Double
    public var titleFontSize: Double
    /// The box the large title is drawn in (its cap height centred), scaled about its bottom-left corner.
    public var largeTitleFrame: Rect
    /// The part of the bar below the inline bar: the large title is clipped to it.
    public var largeTitleClip: Rect
    public var largeTitleAlpha: Double
    /// 1, up to 1.1 while stretched.
    public var largeTitleScale: Double
    /// 34 pt × the scale.
    public var largeTitleFontSize: Double
}

extension NavigationBarState: ComponentState {
    static let collection = StateCollection("navigationBars", NavigationBarState.self)
}

extension FrameState {
    /// Every large-title navigation bar, in document order, each with its component's key.
    public var navigationBars: [NavigationBarState] {
        get { states(NavigationBarState.self) }
        set { setStates(newValue) }
    }
    public func navigationBar(_ key: String) -> NavigationBarState? { navigationBars.first { $0.key == key } }
}

extension NavigationBarState {
    var json: JSONValue {
        .object([
            ("tracks", .string(tracks)),
            ("collapse", .number(collapse)),
            ("stretch", .number(stretch)),
            ("height", .number(height)),
            ("frame", frame.json),
            ("backgroundAlpha", .number(backgroundAlpha)),
            ("titleCenter", titleCenter.json),
            ("titleAlpha", .number(titleAlpha)),
            ("titleFontSize", .number(titleFontSize)),
            ("largeTitleFrame", largeTitleFrame.json),
            ("largeTitleClip", largeTitleClip.json),
            ("largeTitleAlpha", .number(largeTitleAlpha)),
            ("largeTitleScale", .number(largeTitleScale)),
            ("largeTitleFontSize", .number(largeTitleFontSize)),
        ])
    }
}

extension NavigationBarState {
    init(json: JSONField, key: String) throws(StatesReadError) {
        self.init(key: key, tracks: try json.string("tracks"), collapse: try json.number("collapse"),
                  stretch: try json.number("stretch"), height: try json.number("height"), frame: try Rect(json: try json.field("frame")),
                  backgroundAlpha: try json.number("backgroundAlpha"), titleCenter: try Point(json: try json.field("titleCenter")),
                  titleAlpha: try json.number("titleAlpha"), titleFontSize: try json.number("titleFontSize"),
                  largeTitleFrame: try Rect(json: try json.field("largeTitleFrame")),
                  largeTitleClip: try Rect(json: try json.field("largeTitleClip")),
                  largeTitleAlpha: try json.number("largeTitleAlpha"), largeTitleScale: try json.number("largeTitleScale"),
                  largeTitleFontSize: try json.number("largeTitleFontSize"))
    }
}

extension NavigationBarState: PlottedState {
    /// Its large title's collapse: 0 expanded, 1 collapsed into the inline bar (its 52 pt gone).
    func plotted(in frame: FrameState, pageTitles: [String: [String]]) -> [PlottedValue] {
        [.fraction(key: key, name: "collapse", label: "collapse", statePath: Self.collection.path(of: key, in: frame) + ".collapse", value: collapse,
                   references: [("expanded", 0), ("collapsed", 1)], pointsPerUnit: NavigationBarGeometry.largeTitleExtension)]
    }
}
