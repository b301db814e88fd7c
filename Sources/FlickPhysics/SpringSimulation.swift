import Foundation

/// Flutter's `SpringSimulation` and `ScrollSpringSimulation` (`packages/flutter/lib/src/physics/spring_simulation.dart`):
/// the closed-form spring of `SpringMotion`, with Flutter's end rule: done once both the displacement and the velocity
/// are within the tolerance, after which the position (and, with `snapToEnd`, the velocity) snaps to the end.
public struct SpringSimulation: Hashable, Sendable {
    /// What happens once the simulation is done.
    public enum EndSnap: Hashable, Sendable {
        /// `SpringSimulation`: the formula keeps running.
        case none
        /// `ScrollSpringSimulation`: the position is exactly the end; the velocity keeps the formula's value.
        case position
        /// `SpringSimulation(snapToEnd: true)`: position exactly the end, velocity 0.
        case positionAndVelocity
    }

    public let motion: SpringMotion
    public var tolerance: Tolerance
    public let endSnap: EndSnap

    public init(spring: Spring, start: Double, end: Double, velocity: Double, tolerance: Tolerance = .default,
                endSnap: EndSnap = .none) {
        motion = SpringMotion(spring: spring, from: start, to: end, initialVelocity: velocity)
        self.tolerance = tolerance
        self.endSnap = endSnap
    }

    /// Flutter's `ScrollSpringSimulation`: a spring whose position is exactly `end` once done.
    public static func scroll(spring: Spring, start: Double, end: Double, velocity: Double,
                              tolerance: Tolerance = .default) -> SpringSimulation {
        SpringSimulation(spring: spring, start: start, end: end, velocity: velocity, tolerance: tolerance,
                         endSnap: .position)
    }

    /// Flutter's `SpringType`, read from the sign of `c² − 4mk` (see `SpringMotion.regime` for the one difference:
    /// Flick calls a discriminant within a relative 1e-9 of zero critical, Flutter only an exact zero).
    public var type: SpringMotion.Regime { motion.regime }

    public func x(_ t: Double) -> Double {
        if endSnap != .none && isDone(t) { return motion.to }
        return motion.position(at: t)
    }

    public func dx(_ t: Double) -> Double {
        if endSnap == .positionAndVelocity && isDone(t) { return 0 }
        return motion.velocity(at: t)
    }

    /// Both the displacement and the velocity are near zero (Flutter's `nearZero`).
    public func isDone(_ t: Double) -> Bool {
        Tolerance.nearZero(motion.displacement(at: t), tolerance.distance)
            && Tolerance.nearZero(motion.velocity(at: t), tolerance.velocity)
    }
}

extension Spring {
    /// Flutter's `SpringDescription.withDurationAndBounce` (SwiftUI's `spring(duration:bounce:)`): mass 1,
    /// `k = 4π²/duration²`, `ζ = 1 − bounce` for a bounce above 0, else `1/(1 + bounce)`.
    public init(duration: Double, bounce: Double) {
        let mass = 1.0
        let stiffness = (4 * Double.pi * Double.pi * mass) / pow(duration, 2)
        let ratio = bounce > 0 ? (1 - bounce) : (1 / (bounce + 1))
        self.init(mass: mass, stiffness: stiffness, damping: ratio * 2 * (mass * stiffness).squareRoot())
    }

    /// `SpringDescription.duration`: `√(4π²m/k)`, in seconds (Flutter rounds it to whole milliseconds).
    public var perceptualDuration: Double { ((4 * Double.pi * Double.pi * mass) / stiffness).squareRoot() }

    /// `SpringDescription.bounce`: `1 − ζ` below critical damping, `1/ζ − 1` above.
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio < 1 ? (1 - ratio) : ((1 / ratio) - 1)
    }
}
