import Foundation

/// Flutter's Android-like fling, `ClampingScrollSimulation` (`packages/flutter/lib/src/widgets/scroll_simulation.dart`,
/// "based on OverScroller.java from Android"): the same total distance and nearly the same duration as Android's
/// spline fling at one pixel per point, but ballistic (its deceleration depends on the velocity only):
/// `x(t) = x₀ + D·(1 − (1 − t/T)^d)`, `v(t) = v₀·(1 − t/T)^(d − 1)`.
public struct ClampingScrollSimulation: Hashable, Sendable {
    /// Where the fling starts, in points.
    public let position: Double
    /// The release velocity, in points per second.
    public let velocity: Double
    /// `mFlingFriction`: the more friction, the shorter the fling (0.015 travels Android's distance).
    public let friction: Double
    /// `_duration`: how long the fling lasts, in seconds.
    public let duration: Double
    /// `_distance`: how far it travels, signed, in points.
    public let distance: Double

    /// `ViewConfiguration.SCROLL_FRICTION` (Android) and the simulation's default: 0.015.
    public static let defaultFriction = 0.015
    /// `DECELERATION_RATE` (Android) / `_kDecelerationRate`: `ln 0.78 / ln 0.9` ≈ 2.358, the exponent of the curve.
    public static let decelerationRate = log(0.78) / log(0.9)
    /// `INFLEXION`: "tension lines cross at (INFLEXION, 1)", 0.35.
    public static let inflexion = 0.35
    /// `_physicalCoeff`: 0.84 g in points per second² at 160 points per inch,
    /// `9.80665 m/s² · 39.37 in/m · 160 pt/in · 0.84` ("look and feel tuning").
    public static let physicalCoefficient = 9.80665 * 39.37 * 160.0 * 0.84

    public init(position: Double, velocity: Double, friction: Double = ClampingScrollSimulation.defaultFriction) {
        self.position = position
        self.velocity = velocity
        self.friction = friction
        let d = Self.decelerationRate
        // getSplineFlingDuration(), in seconds: (|v|/v_ref)^(1/(d − 1)) with v_ref = friction·g'/INFLEXION; the
        // simulation ends sooner by d·INFLEXION so as to travel the same distance.
        let referenceVelocity = friction * Self.physicalCoefficient / Self.inflexion
        let androidDuration = pow(abs(velocity) / referenceVelocity, 1 / (d - 1))
        duration = d * Self.inflexion * androidDuration
        distance = velocity * duration / d
    }

    /// Progress through the fling in [0, 1] (Dart's `clampDouble` sends NaN, a zero-length fling, to 1).
    private func progress(_ t: Double) -> Double {
        let u = t / duration
        if u.isNaN { return 1 }
        return min(max(u, 0), 1)
    }

    public func x(_ t: Double) -> Double {
        position + distance * (1 - pow(1 - progress(t), Self.decelerationRate))
    }

    public func dx(_ t: Double) -> Double {
        velocity * pow(1 - progress(t), Self.decelerationRate - 1)
    }

    public func isDone(_ t: Double) -> Bool { t >= duration }

    /// Where it comes to rest: `x₀ + distance`.
    public var finalX: Double { position + distance }

    /// When the fling reaches `point` (the inverse of `x`), or nil if it stops before it.
    public func time(toReach point: Double) -> Double? {
        let covered = point - position
        if covered == 0 { return 0 }
        guard distance != 0, covered / distance <= 1, covered / distance > 0 else { return nil }
        return duration * (1 - pow(1 - covered / distance, 1 / Self.decelerationRate))
    }
}

/// Flutter's `ClampingScrollPhysics` (`widgets/scroll_physics.dart`): no overscroll while dragging (the content stops
/// at its edges), `ClampingScrollSimulation` after a release, and Flutter's base fling gate.
public enum ClampingScrollPhysics {
    /// `kMinFlingVelocity`: 50 pt/s.
    public static let minFlingVelocity = BouncingScrollPhysics.baseMinFlingVelocity
    /// `kMaxFlingVelocity`: 8000 pt/s.
    public static let maxFlingVelocity = BouncingScrollPhysics.baseMaxFlingVelocity

    /// `createBallisticSimulation` inside the range: nil when slower than `tolerance.velocity` or moving outwards at an
    /// edge. (Released outside the range, Flutter springs back with the default spring and `min(0, v)`; a clamping
    /// scroll view never gets there by dragging.)
    public static func ballistic(position: Double, velocity: Double, range: ClosedRange<Double>,
                                 tolerance: Tolerance) -> ClampingScrollSimulation? {
        guard abs(velocity) >= tolerance.velocity else { return nil }
        if velocity > 0 && position >= range.upperBound { return nil }
        if velocity < 0 && position <= range.lowerBound { return nil }
        return ClampingScrollSimulation(position: position, velocity: velocity)
    }
}
