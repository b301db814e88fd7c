import Foundation

// The parametrisations the tools people tune springs in, converted exactly into Flick's `Spring` (mass,
// stiffness, damping) and back. Each is the tool's own published formula:
//
// - SwiftUI `Spring(duration:bounce:)` (iOS 17): stiffness `(2π/duration)²·m`, damping ratio `1 − bounce` for
//   `bounce ≥ 0` and `1 / (1 + bounce)` below 0 (overdamped). Apple's `Spring` documentation gives the
//   examples `Spring(duration: 0.5, bounce: 0.3)` → mass 1, stiffness 157.9, damping 17.6 and
//   `Spring(mass: 1, stiffness: 100, damping: 10)` → duration 0.63, bounce 0.5; OpenSwiftUI's
//   `springDampingFraction(bounce:)` (Sources/OpenSwiftUICore/Animation/Animation/SpringAnimation.swift) is the
//   same piecewise rule.
// - UIKit `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)` and Flutter
//   `SpringDescription(mass:stiffness:damping:)` take mass, stiffness and damping as they are.
// - Origami (Quartz Composer) tension and friction, as Rebound and React Native's Animated convert them:
//   stiffness `(tension − 30)·3.62 + 194`, damping `(friction − 8)·3 + 25`, mass 1
//   (facebookarchive/rebound rebound-core/.../OrigamiValueConverter.java; react-native
//   Libraries/Animated/SpringConfig.js `fromOrigamiTensionAndFriction`). Rebound maps 0 to 0.

extension Spring {
    /// SwiftUI's `Spring(duration:bounce:)`: `duration` is the response (the undamped period) and `bounce`
    /// in −1 < bounce ≤ 1 sets the damping ratio.
    public init(duration: Double, bounce: Double, mass: Double = 1) {
        self.init(response: duration, dampingRatio: Spring.dampingRatio(bounce: bounce), mass: mass)
    }

    /// SwiftUI's damping fraction for a bounce: `1 − bounce` from 0 up, `1 / (1 + bounce)` below.
    public static func dampingRatio(bounce: Double) -> Double {
        bounce < 0 ? 1 / (1 + bounce) : 1 - bounce
    }

    /// SwiftUI's `duration` of this spring: its response, `2π·√(m/k)`.
    public var swiftUIDuration: Double { response }

    /// SwiftUI's `bounce` of this spring: `1 − ζ` when ζ ≤ 1, `1/ζ − 1` when overdamped (the inverse of
    /// `dampingRatio(bounce:)`).
    public var swiftUIBounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// A spring tuned in Origami: Rebound's conversion of tension and friction, mass 1.
    public init(origamiTension tension: Double, friction: Double) {
        self.init(mass: 1, stiffness: Origami.stiffness(tension: tension), damping: Origami.damping(friction: friction))
    }

    /// This spring's Origami tension (for mass 1; a spring of another mass is first scaled to mass 1, which
    /// keeps its motion: k/m and c/m).
    public var origamiTension: Double { Origami.tension(stiffness: stiffness / mass) }

    /// This spring's Origami friction (for mass 1, as `origamiTension`).
    public var origamiFriction: Double { Origami.friction(damping: damping / mass) }
}

/// Rebound's `OrigamiValueConverter`: Origami's tension and friction against a unit-mass spring's stiffness and damping.
public enum Origami {
    public static func stiffness(tension: Double) -> Double { tension == 0 ? 0 : (tension - 30) * 3.62 + 194 }
    public static func tension(stiffness: Double) -> Double { stiffness == 0 ? 0 : (stiffness - 194) / 3.62 + 30 }
    public static func damping(friction: Double) -> Double { friction == 0 ? 0 : (friction - 8) * 3 + 25 }
    public static func friction(damping: Double) -> Double { damping == 0 ? 0 : (damping - 25) / 3 + 8 }
}
