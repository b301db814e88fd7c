import Foundation
import FlickPhysics

/// The scenario's `physics`: which system's rules the components follow (`preset`), the display FloatingPanel steps
/// its spring at, and single constants that replace the preset's (docs/physics.md, "Presets").
///
/// An override applies to the presets whose rules have that constant and leaves the others alone, so that one file
/// can be run under every preset (`flick render X --set physics.preset=uikit,flutter-ios`).
public struct PhysicsSettings: Hashable, Sendable {
    /// The system whose rules lists, pagers and sheets follow.
    public var preset: PhysicsSystem
    /// Display refreshes per second: FloatingPanel steps its attraction spring once per refresh.
    public var refreshRate: Double
    /// UIScrollView's deceleration rate: lists of `uikit` and `floatingpanel`, the projection of `uikit` sheets and
    /// of snapped pagers (`paging: {snap: p}`).
    public var decelerationRate: DecelerationRate
    /// The rubber band's coefficient (0.55) where the preset rubber-bands (`uikit` lists, pagers and sheets;
    /// `floatingpanel` lists and pagers).
    public var rubberBand: Double?
    /// The friction of Flutter's `ClampingScrollSimulation` (`flutter-android`, 0.015) and of Android's
    /// `OverScroller` (`android`, 0.015).
    public var friction: Double?
    /// The slowest release that counts as a fling, pt/s, where the preset has a fling gate (the Flutter and Android
    /// presets).
    public var minFlingVelocity: Double?
    /// The spring that settles sheets: for `uikit` it replaces each sheet's `spring` (either field); for
    /// `floatingpanel` `response` is `springResponseTime` and `dampingRatio` the ratio after a fast release.
    public var sheetSpring: SpringOverride?
    /// FloatingPanel's `redirectionalProgress` (0.5).
    public var redirectionalProgress: Double?
    /// FloatingPanel's `removalInteractionVelocityThreshold` (5.5 /s): velocity ÷ distance to hidden that removes
    /// a dismissible sheet.
    public var removalVelocity: Double?
    /// `k` (1/s), the rate at which UIKit's edge bounce draws the overshoot back (`EdgeBounce`, 10, measured on
    /// devices), where the preset bounces that way (`uikit` and `floatingpanel` lists, pagers and carousels).
    public var bounceRate: Double?
    /// A spring that settles a UIKit page in place of UIKit's width-dependent paging motion (`UIKitPaging`); a field
    /// left out is `Spring.standard`'s.
    public var pagingSpring: SpringOverride?

    public init(preset: PhysicsSystem = .uikit, refreshRate: Double = NumericSpringAnimator.defaultRefreshRate,
                decelerationRate: DecelerationRate = .normal, rubberBand: Double? = nil, friction: Double? = nil,
                minFlingVelocity: Double? = nil, sheetSpring: SpringOverride? = nil,
                redirectionalProgress: Double? = nil, removalVelocity: Double? = nil, bounceRate: Double? = nil,
                pagingSpring: SpringOverride? = nil) {
        self.preset = preset
        self.refreshRate = refreshRate
        self.decelerationRate = decelerationRate
        self.rubberBand = rubberBand
        self.friction = friction
        self.minFlingVelocity = minFlingVelocity
        self.sheetSpring = sheetSpring
        self.redirectionalProgress = redirectionalProgress
        self.removalVelocity = removalVelocity
        self.bounceRate = bounceRate
        self.pagingSpring = pagingSpring
    }

    /// Either field of a spring, replacing the preset's.
    public struct SpringOverride: Hashable, Sendable {
        public var response: Double?
        public var dampingRatio: Double?

        public init(response: Double? = nil, dampingRatio: Double? = nil) {
            self.response = response
            self.dampingRatio = dampingRatio
        }
    }

    /// The rules the components follow on a screen of `scale` pixels per point: the preset with the overrides.
    public func rules(scale: Double) -> PhysicsPreset {
        var rules = PhysicsPreset(preset, display: PhysicsDisplay(scale: scale, refreshRate: refreshRate))
        if case .uikit = rules.list.momentum { rules.list.momentum = .uikit(decelerationRate) }
        rules.paging.projectionRate = decelerationRate
        if let rubberBand {
            if case .rubberBand = rules.list.overscroll { rules.list.overscroll = .rubberBand(coefficient: rubberBand) }
            if case .rubberBand = rules.sheet.overscroll { rules.sheet.overscroll = .rubberBand(coefficient: rubberBand) }
        }
        if let friction {
            switch rules.list.momentum {
            case .flutterClamping: rules.list.momentum = .flutterClamping(friction: friction)
            case .androidSpline: rules.list.momentum = .androidSpline(friction: Float(friction))
            case .uikit, .flutterBouncing: break
            }
        }
        if let bounceRate, case .uikit = rules.list.momentum {
            rules.list.bounce = EdgeBounce(rate: bounceRate)
        }
        if let pagingSpring {
            // A spring in place of UIKit's width-dependent paging motion; a field left out is Spring.standard's (or,
            // where the preset already settles with a spring, that spring's).
            let base: (spring: Spring, threshold: Double)?
            switch rules.paging.settle {
            case .uikit(let threshold): base = (.standard, threshold)
            case .spring(let spring, let threshold): base = (spring, threshold)
            case .flutterSpring: base = nil
            }
            if let base {
                rules.paging.settle = .spring(Spring(response: pagingSpring.response ?? base.spring.response,
                                                     dampingRatio: pagingSpring.dampingRatio ?? base.spring.dampingRatio),
                                              threshold: base.threshold)
            }
        }
        if let minFlingVelocity {
            rules.list.gate?.minVelocity = minFlingVelocity
            rules.paging.gate?.minVelocity = minFlingVelocity
            rules.sheet.gate?.minVelocity = minFlingVelocity
        }
        switch rules.sheet.target {
        case .uikit:
            rules.sheet.springResponse = sheetSpring?.response
            rules.sheet.springDampingRatio = sheetSpring?.dampingRatio
        case .floatingPanel(var behavior):
            if let response = sheetSpring?.response { behavior.springResponseTime = response }
            if let ratio = sheetSpring?.dampingRatio {
                // NumericSpringAnimator's ζ = ln(rate) / (−2π·(1/response)·0.001), solved for the rate.
                behavior.springDecelerationRate = exp(-2 * Double.pi / behavior.springResponseTime
                                                      * NumericSpringAnimator.rateInterval * ratio)
            }
            if let redirectionalProgress { behavior.redirectionalProgress = redirectionalProgress }
            if let removalVelocity { behavior.removalVelocityThreshold = removalVelocity }
            rules.sheet.target = .floatingPanel(behavior)
        case .flutterSnapping:
            break
        }
        return rules
    }
}
