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
    /// The status bar's text and icons (`statusBar:`): dark, light, or chosen by what is drawn under them.
    public var statusBar: StatusBarStyle = .auto
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
    /// Pixels per point of PNG output. A render at another scale (`flick render --scale 1`) changes this one only.
    public var scale: Double
    /// Pixels per point of the device the scenario describes (`viewport.scale` in the file): the physics' pixel,
    /// by which motions come to rest (half a pixel), whatever scale the frames are drawn at (docs/physics.md).
    public var deviceScale: Double
    public var safeArea: EdgeInsets
    public var size: Size { Size(width: width, height: height) }

    public static let defaultScale = 3.0

    /// Defaults to an iPhone 15 in portrait: 393 × 852 pt at 3x, safe area 59 pt at the top and 34 at the bottom.
    /// - Parameter deviceScale: the device's scale, when the frames are drawn at another (default: `scale`).
    public init(width: Double = 393, height: Double = 852, scale: Double = Viewport.defaultScale,
                safeArea: EdgeInsets = EdgeInsets(top: 59, bottom: 34), deviceScale: Double? = nil) {
        self.width = width
        self.height = height
        self.scale = scale
        self.deviceScale = deviceScale ?? scale
        self.safeArea = safeArea
    }
}

public enum Theme: String, Hashable, Sendable, CaseIterable {
    case light, dark
}

/// The status bar's ink (`statusBar:`, docs/scenario-format.md "Viewport and devices"): `dark` and `light` text and
/// icons as UIStatusBarStyle's `.darkContent` and `.lightContent`; `auto` takes black or white from the mean luminance
/// of what is drawn under the bar, measured as the home indicator's colour is.
public enum StatusBarStyle: String, Hashable, Sendable, CaseIterable {
    case auto, dark, light
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
        /// Raw samples `(t relative to at, x, y)` of one finger. A recorded touch (`TouchRecording`) may lift after
        /// its last sample (`lift`, seconds from `at`: the report that lifts it carries no new position, so it is no
        /// sample for the velocity tracker), and may hold contacts that are not replayed (`ignored`: a second
        /// finger, a palm).
        case touches([(t: Double, point: Point)], lift: Double? = nil, ignored: [TouchRecording.Ignored] = [])
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
        case .touches(let samples, let lift, _): max(samples.last?.t ?? 0, lift ?? 0)
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
        case .touches(let samples, _, _):
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
