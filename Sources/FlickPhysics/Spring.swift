import Foundation

/// A damped harmonic oscillator `m·x″ + c·x′ + k·x = 0`, described the way a designer tunes it:
/// by `response` (the period of the undamped spring, in seconds) and `dampingRatio` (1 is critical).
public struct Spring: Hashable, Sendable {
    /// Mass, in arbitrary units (Flick's springs all use 1).
    public var mass: Double
    /// Stiffness `k`, in N/m for a unit mass.
    public var stiffness: Double
    /// Damping coefficient `c`.
    public var damping: Double

    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// SwiftUI's `spring(response:dampingFraction:)`: `k = (2π/response)²·m`, `c = 4π·ζ·m/response`.
    public init(response: Double, dampingRatio: Double, mass: Double = 1) {
        self.init(mass: mass,
                  stiffness: pow(2 * Double.pi / response, 2) * mass,
                  damping: 4 * Double.pi * dampingRatio * mass / response)
    }

    /// Flutter's `SpringDescription.withDampingRatio`: `c = 2ζ·√(m·k)`.
    public init(stiffness: Double, dampingRatio: Double, mass: Double = 1) {
        self.init(mass: mass, stiffness: stiffness, damping: 2 * dampingRatio * (mass * stiffness).squareRoot())
    }

    /// `ζ = c / (2√(m·k))`.
    public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }
    /// The period of the undamped spring, `2π·√(m/k)`, in seconds.
    public var response: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }

    /// The default spring of sheets and pages: response 0.3 s, critically damped.
    public static let standard = Spring(response: 0.3, dampingRatio: 1)
}

/// A spring released from `from` towards `to` with `initialVelocity`: exact position and velocity at any time,
/// in whichever of the three regimes the spring is.
public struct SpringMotion: Hashable, Sendable {
    public enum Regime: Hashable, Sendable { case underDamped, critical, overDamped }

    public let spring: Spring
    public let from: Double
    public let to: Double
    /// Velocity at t = 0, in points per second (positive means increasing position, whatever the target).
    public let initialVelocity: Double

    public init(spring: Spring, from: Double, to: Double, initialVelocity: Double) {
        self.spring = spring
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
    }

    private var x0: Double { from - to }
    /// β = c/(2m).
    private var beta: Double { spring.damping / (2 * spring.mass) }

    /// The regime, from the sign of `c² − 4mk`; within a relative 1e-9 of zero it is critical, so that
    /// `dampingRatio: 1` built from a response is not split into a numerically unstable neighbour.
    public var regime: Regime {
        let c = spring.damping, m = spring.mass, k = spring.stiffness
        let discriminant = c * c - 4 * m * k
        if abs(discriminant) <= 1e-9 * 4 * m * k { return .critical }
        return discriminant < 0 ? .underDamped : .overDamped
    }

    /// Position minus target at `t`.
    public func displacement(at t: Double) -> Double {
        let v0 = initialVelocity, b = beta
        switch regime {
        case .underDamped:
            let wd = dampedFrequency
            let c2 = (v0 + b * x0) / wd
            return exp(-b * t) * (x0 * cos(wd * t) + c2 * sin(wd * t))
        case .critical:
            return (x0 + (v0 + b * x0) * t) * exp(-b * t)
        case .overDamped:
            let (r1, r2, c1, c2) = overDampedTerms
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    public func position(at t: Double) -> Double { to + displacement(at: t) }

    public func velocity(at t: Double) -> Double {
        let v0 = initialVelocity, b = beta
        switch regime {
        case .underDamped:
            let wd = dampedFrequency
            let c2 = (v0 + b * x0) / wd
            let e = exp(-b * t), s = sin(wd * t), co = cos(wd * t)
            return e * (c2 * wd * co - x0 * wd * s) - b * e * (c2 * s + x0 * co)
        case .critical:
            let e = exp(-b * t)
            return e * (v0 + b * x0 - b * (x0 + (v0 + b * x0) * t))
        case .overDamped:
            let (r1, r2, c1, c2) = overDampedTerms
            return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
        }
    }

    /// The time after which the displacement stays under `threshold` points: Lobanov's envelope bounds,
    /// which hold for every later instant (so the motion can snap to its target then).
    public func settlingDuration(threshold: Double) -> Double {
        let v0 = initialVelocity, b = beta
        func atLeastZero(_ t: Double) -> Double { t.isFinite ? max(0, t) : 0 }
        switch regime {
        case .underDamped:
            let c2 = (v0 + b * x0) / dampedFrequency
            return atLeastZero(log((abs(x0) + abs(c2)) / threshold) / b)
        case .critical:
            let c2 = v0 + b * x0
            let first = log(2 * abs(x0) / threshold) / b
            let second = (2 / b) * log(4 * abs(c2) / (M_E * b * threshold))
            return max(atLeastZero(first), atLeastZero(second))
        case .overDamped:
            let (r1, r2, c1, c2) = overDampedTerms
            let first = log(2 * abs(c1) / threshold) / -r1
            let second = log(2 * abs(c2) / threshold) / -r2
            return max(atLeastZero(first), atLeastZero(second))
        }
    }

    private var dampedFrequency: Double {
        let w0 = (spring.stiffness / spring.mass).squareRoot()
        return w0 * (1 - spring.dampingRatio * spring.dampingRatio).squareRoot()
    }

    private var overDampedTerms: (Double, Double, Double, Double) {
        let c = spring.damping, m = spring.mass, k = spring.stiffness
        let root = (c * c - 4 * m * k).squareRoot()
        let r1 = (-c - root) / (2 * m)
        let r2 = (-c + root) / (2 * m)
        let c2 = (initialVelocity - r1 * x0) / (r2 - r1)
        return (r1, r2, x0 - c2, c2)
    }
}
