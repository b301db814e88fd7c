import Foundation

/// The large-title navigation bar's numbers and its geometry as a function of how far its list has scrolled
/// (docs/physics.md, "Large-title navigation bar"). Every number is Flutter's `CupertinoSliverNavigationBar`
/// (packages/flutter/lib/src/cupertino/nav_bar.dart), which its authors measured on iOS simulators, or Apple's HIG.
public enum NavigationBarGeometry {
    /// The inline bar's height below the status bar, in points: `_kNavBarPersistentHeight`
    /// (`kMinInteractiveDimensionCupertino`), the HIG's 44 pt bar.
    public static let inlineHeight = 44.0
    /// What the large title adds below the inline bar, in points: `_kNavBarLargeTitleHeightExtension`
    /// (44 + 52 = 96 pt, UIKit's large-title bar).
    public static let largeTitleExtension = 52.0
    /// The expanded bar's height below the status bar: 96 pt.
    public static let expandedHeight = inlineHeight + largeTitleExtension
    /// Points before full collapse at which the title moves from the large title to the inline bar:
    /// `_kNavBarShowLargeTitleThreshold`. The large title shows while less than 52 − 10 = 42 pt is scrolled.
    public static let showLargeTitleThreshold = 10.0
    /// Points of scroll over which the bar's background and hairline fade in once the title has moved to the
    /// inline bar: `_kNavBarScrollUnderAnimationExtent` (eyeballed by Flutter on Settings, iOS 17.4).
    public static let scrollUnderExtent = 10.0
    /// The large title's leading inset and its gap above the bar's bottom edge: `_kNavBarEdgePadding`,
    /// `_kNavBarBottomPadding`.
    public static let edgePadding = 16.0
    public static let bottomPadding = 8.0
    /// How long the large and inline titles take to trade places, in seconds: `_kNavBarTitleFadeDuration`
    /// (150 ms, linear: AnimatedOpacity's default curve).
    public static let titleFadeDuration = 0.15
    /// The large title's size: the HIG's Large Title, 34 pt, bold in a bar (Flutter's text_theme.dart
    /// `_kDefaultLargeTitleLightTextStyle`, 34 pt w700).
    public static let largeTitleFontSize = 34.0
    /// The inline title's size: the HIG's Headline, 17 pt semibold (Flutter's `_kDefaultMiddleTitleLightTextStyle`,
    /// 17 pt w600).
    public static let titleFontSize = 17.0
    /// Stretched, the large title grows by this fraction of its box's growth: `_RenderLargeTitle._computeTitleScale`,
    /// scale = 1 + 0.03 × (box height − 44) / 44, where the box is the large-title area less the bottom padding.
    public static let stretchScaleRate = 0.03
    /// …up to this scale (`_computeTitleScale`'s 1.1).
    public static let maximumTitleScale = 1.1

    /// How long the snap to expanded or collapsed takes, in seconds, along `fastEaseInToSlowEaseOut`: the 300 ms
    /// of `_handleScrollChange` ("eyeballed on an iPhone 16 simulator running iOS 18").
    public static let snapDuration = 0.3

    /// Where a list that comes to rest at `offset` is snapped to (`_handleScrollChange`): with the large title partly
    /// collapsed (0 < scrolled < 52 pt), to collapsed (scrolled 52) past half of it, else to expanded (scrolled 0),
    /// when the content reaches that far; nil otherwise.
    static func snapTarget(offset: Double, limits: ClosedRange<Double>) -> RestSnap? {
        let scrolled = offset - limits.lowerBound
        // A rest within a billionth of a point of either end is there already.
        guard scrolled > 1e-9, scrolled < largeTitleExtension - 1e-9 else { return nil }
        let collapses = scrolled > largeTitleExtension / 2
        let target = limits.lowerBound + (collapses ? largeTitleExtension : 0)
        guard target <= limits.upperBound else { return nil }
        return RestSnap(target: target, duration: snapDuration,
                        words: "the large title rests partly collapsed (scrolled \(Say.pt(scrolled))), so the navigation bar snaps it "
                            + (collapses ? "collapsed" : "expanded"))
    }

    /// Where the large title moves to the inline bar: scrolled 42 pt.
    public static var largeTitleLimit: Double { largeTitleExtension - showLargeTitleThreshold }

    /// Whether the large title shows (rather than the inline title) with the list scrolled `scrolled` points past
    /// its top resting position (negative while pulled down).
    public static func showsLargeTitle(scrolled: Double) -> Bool { scrolled < largeTitleLimit }

    /// The bar's geometry for a frame `frame` whose top `safeTop` points are under the status bar, its list scrolled
    /// `scrolled` points from its top resting position, the titles' fade at `largeTitleAlpha`.
    public static func state(key: String, tracks: String, frame: Rect, safeTop: Double, scrolled: Double,
                             stretches: Bool, largeTitleAlpha: Double) -> NavigationBarState {
        let shrink = min(max(scrolled, 0), largeTitleExtension)
        let stretch = stretches ? max(0, -scrolled) : 0
        let height = inlineHeight + (largeTitleExtension - shrink) + stretch
        let barTop = frame.minY + safeTop
        let bar = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: safeTop + height)
        // Flutter's `shrinkAnimationValue`: the scroll past the threshold, less one more extent, over the extent.
        let background = min(max((scrolled - largeTitleLimit - scrollUnderExtent) / scrollUnderExtent, 0), 1)
        let area = largeTitleExtension + stretch
        let box = area - bottomPadding
        let unscaledBox = largeTitleExtension - bottomPadding
        let scale = min(max(1 + stretchScaleRate * (box - unscaledBox) / unscaledBox, 1), maximumTitleScale)
        let boxBottom = bar.maxY - bottomPadding
        let largeTitle = Rect(x: frame.minX + edgePadding, y: boxBottom - unscaledBox * scale,
                              width: max(0, frame.width - 2 * edgePadding) * scale, height: unscaledBox * scale)
        let inlineBottom = barTop + inlineHeight
        return NavigationBarState(
            key: key, tracks: tracks, collapse: shrink / largeTitleExtension, stretch: stretch, height: height,
            frame: bar, backgroundAlpha: background,
            titleCenter: Point(x: frame.midX, y: barTop + inlineHeight / 2), titleAlpha: 1 - largeTitleAlpha,
            titleFontSize: titleFontSize,
            largeTitleFrame: largeTitle,
            largeTitleClip: Rect(x: frame.minX, y: inlineBottom, width: frame.width, height: max(0, bar.maxY - inlineBottom)),
            largeTitleAlpha: largeTitleAlpha, largeTitleScale: scale, largeTitleFontSize: largeTitleFontSize * scale)
    }
}

/// The large and inline titles trading places: each flip of `showsLargeTitle` starts a linear 150 ms fade from the
/// alpha shown at that instant (Flutter's AnimatedOpacity restarts from its current value).
struct TitleFade {
    /// 1 when the large title shows.
    private(set) var target: Double
    private var from: Double
    private var start: Double?

    init(showsLargeTitle: Bool) {
        target = showsLargeTitle ? 1 : 0
        from = target
    }

    /// The large title's alpha at `t`.
    func alpha(at t: Double) -> Double {
        guard let start else { return target }
        let u = min(max((t - start) / NavigationBarGeometry.titleFadeDuration, 0), 1)
        return from + (target - from) * u
    }

    var showsLargeTitle: Bool { target == 1 }

    /// The title changes place at `t`.
    mutating func flip(at t: Double) {
        from = alpha(at: t)
        target = 1 - target
        start = t
    }
}
