import FlickPhysics
import Foundation

/// A list's pull to refresh (UIRefreshControl; docs/physics.md, "Pull to refresh"): pulled past its top by the
/// trigger distance, the list refreshes, holds `height` points open above its content while it does, and releases
/// them at `refreshEnds`.
public struct RefreshSpec: Hashable, Sendable {
    /// When the app calls `endRefreshing()`, in seconds since the start; nil: the refresh never ends in this run.
    /// A refresh that begins after it never ends either (UIKit ignores an `endRefreshing()` before `beginRefreshing()`).
    public var refreshEnds: Double?
    /// How far the content must be pulled below its resting top, while the finger is down, to trigger a refresh.
    public var triggerDistance: Double
    /// The space held open above the content while refreshing, in points.
    public var height: Double
    /// How long the held space takes to close after `refreshEnds`, in seconds.
    public var endDuration: Double

    /// CupertinoSliverRefreshControl's `_defaultRefreshTriggerPullDistance`: 100 pt (Flutter's cupertino/refresh.dart).
    public static let defaultTriggerDistance = 100.0
    /// CupertinoSliverRefreshControl's `_defaultRefreshIndicatorExtent`: 60 pt held while refreshing (Flutter's
    /// cupertino/refresh.dart).
    public static let defaultHeight = 60.0
    /// MJRefresh's `MJRefreshSlowAnimationDuration`: 0.4 s, the `UIView` animation that gives back the header's inset
    /// when a refresh ends (MJRefreshConst.m, MJRefreshHeader.m).
    public static let defaultEndDuration = 0.4

    public init(refreshEnds: Double? = nil, triggerDistance: Double = RefreshSpec.defaultTriggerDistance,
                height: Double = RefreshSpec.defaultHeight, endDuration: Double = RefreshSpec.defaultEndDuration) {
        self.refreshEnds = refreshEnds
        self.triggerDistance = triggerDistance
        self.height = height
        self.endDuration = endDuration
    }
}

/// The spinner of a refresh control: CupertinoActivityIndicator's geometry, which Flutter measured on iOS.
public enum RefreshSpinner {
    /// The spinner's radius in a refresh control: `_kActivityIndicatorRadius`, 14 pt (Flutter's cupertino/refresh.dart).
    public static let radius = 14.0
    /// From the top of the opened space to the spinner's top: `_kActivityIndicatorMargin`, 16 pt (cupertino/refresh.dart).
    public static let margin = 16.0
    /// Ticks around the spinner: the length of `_kAlphaValues`, 8 (Flutter's cupertino/activity_indicator.dart).
    public static let tickCount = 8
    /// One turn of the spinning ticks: the indicator's `AnimationController` duration, 1 s (activity_indicator.dart).
    public static let period = 1.0
    /// While pulling, the spinner fades in over the first 35 % of the pull along easeInOut:
    /// `Interval(0.0, 0.35, curve: Curves.easeInOut)`, which Flutter measured in Xcode on iOS 13.5 (cupertino/refresh.dart).
    public static let fadeInEnd = 0.35
    public static let fadeInCurve = UnitBezier.easeInEaseOut
}

extension RefreshControl: ListAttachment {
    static let key = "refresh"
    static let keyDoc = "Pull to refresh (UIRefreshControl) on a vertical list."
    static var format: Value<RefreshSpec> { ScenarioFormat.refresh }
    static func problem(_ spec: RefreshSpec, axis: Axis) -> String? {
        axis == .vertical ? nil : "pull to refresh pulls a vertical list down from its top; this list is horizontal"
    }
    static var stateCollection: StateCollection? { RefreshState.collection }
    static var explanationEvents: [Explanation.Event] { [.refresh] }
}

extension ListSpec {
    /// Its pull to refresh (UIRefreshControl), if it has one.
    public var refresh: RefreshSpec? {
        get { self[RefreshControl.self] }
        set { self[RefreshControl.self] = newValue }
    }
}
