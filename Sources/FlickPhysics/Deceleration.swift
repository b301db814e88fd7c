import Foundation

/// How quickly momentum dies after the finger lifts: the factor the velocity is multiplied by every millisecond.
public struct DecelerationRate: Hashable, Sendable {
    /// The per-millisecond factor, in (0, 1).
    public let rawValue: Double

    public init(_ rawValue: Double) {
        precondition(rawValue > 0 && rawValue < 1, "a deceleration rate lies in (0, 1)")
        self.rawValue = rawValue
    }

    /// `UIScrollView.DecelerationRate.normal`: velocity is multiplied by 0.998 every millisecond.
    public static let normal = DecelerationRate(0.998)
    /// `UIScrollView.DecelerationRate.fast`: velocity is multiplied by 0.99 every millisecond.
    public static let fast = DecelerationRate(0.99)

    /// `1000·ln d`, the exponent per second of the continuous model (negative).
    public var coefficient: Double { 1000 * log(rawValue) }
}

/// UIScrollView's momentum after a release, in the continuous model (Lobanov, ScrollMechanics):
/// `v(t) = v₀·d^(1000t)`, `x(t) = x₀ + v₀·(d^(1000t) − 1)/(1000·ln d)`.
public struct Deceleration: Hashable, Sendable {
    /// Where the motion starts, in points.
    public var origin: Double
    /// The release velocity, in points per second.
    public var initialVelocity: Double
    public var rate: DecelerationRate

    public init(origin: Double, initialVelocity: Double, rate: DecelerationRate = .normal) {
        self.origin = origin
        self.initialVelocity = initialVelocity
        self.rate = rate
    }

    /// Where the motion comes to rest: `x₀ − v₀/(1000·ln d)`. This is also the **projection** used to pick snap targets.
    public var destination: Double { origin - initialVelocity / rate.coefficient }

    public func position(at t: Double) -> Double {
        origin + initialVelocity * (exp(rate.coefficient * t) - 1) / rate.coefficient
    }

    public func velocity(at t: Double) -> Double {
        initialVelocity * exp(rate.coefficient * t)
    }

    /// The time after which the remaining distance `|v(t)/(1000·ln d)|` is under `threshold` points.
    public func duration(threshold: Double) -> Double {
        let k = rate.coefficient
        guard abs(initialVelocity) > -k * threshold else { return 0 }
        return log(-k * threshold / abs(initialVelocity)) / k
    }

    /// The time at which the motion reaches `point`, or nil if it comes to rest before it.
    public func time(toReach point: Double) -> Double? {
        let k = rate.coefficient
        let distance = point - origin
        guard initialVelocity != 0 else { return distance == 0 ? 0 : nil }
        guard distance == 0 || (distance > 0) == (initialVelocity > 0) else { return nil }
        let argument = 1 + k * abs(distance) / abs(initialVelocity)
        guard argument > 0 else { return nil }
        return log(argument) / k
    }
}

/// The resting point of a release, as `Deceleration.destination` (the continuous model).
public func project(position: Double, velocity: Double, rate: DecelerationRate = .normal) -> Double {
    Deceleration(origin: position, initialVelocity: velocity, rate: rate).destination
}
