import Foundation

/// The systems whose scrolling rules Flick reproduces (docs/physics.md, "Presets").
public enum PhysicsSystem: String, CaseIterable, Hashable, Sendable {
    /// UIKit: UIScrollView and Flick's iOS-style sheets (the default).
    case uikit
    /// scenee/FloatingPanel's default behaviour for sheets; lists and pagers stay UIKit.
    case floatingpanel
    /// Flutter on iOS: `BouncingScrollPhysics`, `DraggableScrollableSheet` snapping.
    case flutterIOS = "flutter-ios"
    /// Flutter on Android: `ClampingScrollPhysics`, the same sheet snapping.
    case flutterAndroid = "flutter-android"
    /// Android's `OverScroller` spline fling, clamped at the edges.
    case android
}

/// The screen a preset runs on: the numbers some systems round to or step at.
public struct PhysicsDisplay: Hashable, Sendable {
    /// Pixels per point (`UIScreen.scale`, Flutter's `devicePixelRatio`, Android's `density`).
    public var scale: Double
    /// Display refreshes per second, at which FloatingPanel steps its spring.
    public var refreshRate: Double

    public init(scale: Double = 3, refreshRate: Double = NumericSpringAnimator.defaultRefreshRate) {
        self.scale = scale
        self.refreshRate = refreshRate
    }

    /// Half a pixel, in points: where UIKit's motions count as settled.
    public var halfPixel: Double { 0.5 / scale }
}

/// Every rule by which lists, pagers and sheets move, as one value: `PhysicsPreset(.flutterIOS)` gives Flutter's,
/// and single fields can be overridden after (`preset.sheet.floatingPanel.springResponseTime = 0.5`).
///
/// Components ask the preset, never the system's name: a list calls `preset.list`, a pager `preset.paging`, a sheet
/// `preset.sheet`.
public struct PhysicsPreset: Hashable, Sendable {
    public var system: PhysicsSystem
    public var display: PhysicsDisplay
    /// Scroll views that do not page: tracking past an edge, the fling and the bounce.
    public var list: ScrollRule
    /// Paging scroll views (pagers, carousels): their tracking and fling are `list`'s; the release picks a page.
    public var paging: PagingRule
    /// Sheets and cards.
    public var sheet: SheetRule

    public init(_ system: PhysicsSystem = .uikit, display: PhysicsDisplay = PhysicsDisplay()) {
        self.system = system
        self.display = display
        let flutterTolerance = Tolerance.scroll(devicePixelRatio: display.scale)
        switch system {
        case .uikit, .floatingpanel:
            list = .uikit(display: display)
            paging = .uikit(display: display)
            sheet = system == .uikit ? .uikit(display: display) : .floatingPanel(display: display)
        case .flutterIOS:
            let physics = BouncingScrollPhysics()
            list = ScrollRule(momentum: .flutterBouncing(physics), overscroll: .resistance(physics),
                              gate: FlingGate(minVelocity: physics.minFlingVelocity, maxVelocity: physics.maxFlingVelocity,
                                              minDistance: BouncingScrollPhysics.touchSlop),
                              restThreshold: flutterTolerance.distance, tolerance: flutterTolerance)
            paging = .flutter(tolerance: flutterTolerance, gate: list.gate)
            sheet = .flutter(display: display, gate: list.gate)
        case .flutterAndroid, .android:
            let gate = FlingGate(minVelocity: ClampingScrollPhysics.minFlingVelocity,
                                 maxVelocity: ClampingScrollPhysics.maxFlingVelocity,
                                 minDistance: BouncingScrollPhysics.touchSlop)
            if system == .android {
                list = ScrollRule(momentum: .androidSpline(friction: SplineOverScroller.scrollFriction),
                                  overscroll: .clamp,
                                  gate: FlingGate(minVelocity: SplineOverScroller.minimumFlingVelocity,
                                                  maxVelocity: SplineOverScroller.maximumFlingVelocity, minDistance: 0),
                                  restThreshold: 1 / display.scale, tolerance: flutterTolerance)
            } else {
                list = ScrollRule(momentum: .flutterClamping(friction: ClampingScrollSimulation.defaultFriction),
                                  overscroll: .clamp, gate: gate, restThreshold: flutterTolerance.distance,
                                  tolerance: flutterTolerance)
            }
            // Android's own ViewPager2 and BottomSheetBehavior are not modelled: Flutter's Android rules stand in.
            paging = .flutter(tolerance: flutterTolerance, gate: gate)
            sheet = .flutter(display: display, gate: gate)
        }
    }

    /// UIKit with Flick's defaults: today's numbers.
    public static let uikit = PhysicsPreset(.uikit)

    /// The largest jump with which a motion of these rules may end (its final snap to rest): UIKit's half pixel;
    /// Flutter's tolerance distance and Android's whole pixels, a pixel; FloatingPanel, which lays the panel out
    /// at its anchor once its last display frame came within a pixel, moving at most a pixel, two.
    public var restDistance: Double {
        var distance = max(list.restThreshold, sheet.restThreshold)
        switch list.momentum {
        case .uikit: break
        case .flutterBouncing, .flutterClamping, .androidSpline: distance = max(distance, list.tolerance.distance, 1 / display.scale)
        }
        if case .flutterSpring(_, let tolerance) = paging.settle { distance = max(distance, tolerance.distance) }
        if case .floatingPanel = sheet.target { distance = max(distance, 2 / display.scale) }
        if case .flutterSnapping(let tolerance, _) = sheet.target { distance = max(distance, tolerance.distance) }
        return distance
    }

    /// Whether every motion after a lift starts with the velocity the content had under the finger: false when a
    /// fling gate zeroes slow releases or clamps fast ones, or the sheet snaps at its own speed (Flutter's 1600 pt/s).
    public var releasesWithFingerVelocity: Bool {
        guard list.gate == nil, paging.gate == nil, sheet.gate == nil else { return false }
        if case .flutterSnapping = sheet.target { return false }
        return true
    }
}
