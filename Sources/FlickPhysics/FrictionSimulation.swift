import Foundation

/// Flutter's `FrictionSimulation` (`packages/flutter/lib/src/physics/friction_simulation.dart`): a particle slowed by
/// fluid drag, `v(t) = v₀·dragᵗ`, optionally also by a constant deceleration (Flutter's desktop "fast" rate).
///
/// With `drag = 0.135` it is UIKit's momentum in Flutter's words (`0.998^1000 ≈ 0.135`, see `Deceleration`):
/// `x(t) = x₀ + v₀·(dragᵗ − 1)/ln drag − c·t²/2`. The stop time and `timeAtX` are found as Flutter finds them,
/// with ten Newton steps from t = 0, so that every number matches Flutter's own, cut-off included.
public struct FrictionSimulation: Hashable, Sendable {
    /// The drag coefficient: the fraction of the velocity left after one second, in (0, 1).
    public let drag: Double
    /// Where the particle starts, in points.
    public let position: Double
    /// Its velocity at t = 0, in points per second.
    public let velocity: Double
    /// The constant deceleration opposing the motion, in pt/s² (0 except for Flutter's `ScrollDecelerationRate.fast`).
    public let constantDeceleration: Double
    /// `isDone` compares |dx| with `tolerance.velocity`.
    public var tolerance: Tolerance
    /// The time after which the particle rests at `finalX` (Newton's estimate of dx = 0; `−10/ln drag` without a
    /// constant deceleration, 4.99 s at drag 0.135).
    public let finalTime: Double

    private let dragLog: Double
    /// `constantDeceleration·sign(velocity)`.
    private let signedDeceleration: Double

    /// `_newtonsMethod`'s iteration count in `friction_simulation.dart`: 10.
    public static let newtonIterations = 10

    /// `BouncingScrollSimulation`'s drag: "Taken from UIScrollView.decelerationRate (.normal = 0.998)
    /// 0.998^1000 = ~0.135" (`widgets/scroll_simulation.dart`).
    public static let uiScrollViewDrag = 0.135

    public init(drag: Double, position: Double, velocity: Double, constantDeceleration: Double = 0,
                tolerance: Tolerance = .default) {
        self.drag = drag
        self.position = position
        self.velocity = velocity
        self.constantDeceleration = constantDeceleration
        self.tolerance = tolerance
        let dragLog = Foundation.log(drag)
        let signed = constantDeceleration * Self.sign(velocity)
        self.dragLog = dragLog
        self.signedDeceleration = signed
        // Newton on dx(t) = 0 from t = 0, with dx uncut (the stop time is not known yet).
        var guess = 0.0
        for _ in 0..<Self.newtonIterations {
            let f = velocity * pow(drag, guess) - signed * guess
            let df = velocity * pow(drag, guess) * dragLog - signed
            guess -= f / df
        }
        self.finalTime = guess
    }

    /// `FrictionSimulation.through`: the drag that takes the particle from (`startPosition`, `startVelocity`) to
    /// (`endPosition`, `endVelocity`); it counts as done once slower than `endVelocity`.
    public static func through(startPosition: Double, endPosition: Double, startVelocity: Double,
                               endVelocity: Double) -> FrictionSimulation {
        let drag = pow(M_E, (startVelocity - endVelocity) / (startPosition - endPosition))
        return FrictionSimulation(drag: drag, position: startPosition, velocity: startVelocity,
                                  tolerance: Tolerance(velocity: abs(endVelocity)))
    }

    /// Position at `t` seconds; `finalX` after `finalTime`.
    public func x(_ t: Double) -> Double {
        if t > finalTime { return finalX }
        return unclampedX(t)
    }

    /// Velocity at `t` seconds; 0 after `finalTime`.
    public func dx(_ t: Double) -> Double {
        if t > finalTime { return 0 }
        return velocity * pow(drag, t) - signedDeceleration * t
    }

    /// Where the particle comes to rest: `x₀ − v₀/ln drag`, or `x(finalTime)` with a constant deceleration.
    public var finalX: Double {
        if signedDeceleration == 0 { return position - velocity / dragLog }
        return unclampedX(finalTime)
    }

    /// When the particle reaches `target` (ten Newton steps from t = 0), or `.infinity` if it never does.
    public func timeAtX(_ target: Double) -> Double {
        if target == position { return 0 }
        let end = finalX
        if velocity == 0 || (velocity > 0 ? (target < position || target > end) : (target > position || target < end)) {
            return .infinity
        }
        var guess = 0.0
        for _ in 0..<Self.newtonIterations {
            guess -= (x(guess) - target) / dx(guess)
        }
        return guess
    }

    /// Slower than `tolerance.velocity`.
    public func isDone(_ t: Double) -> Bool { abs(dx(t)) < tolerance.velocity }

    private func unclampedX(_ t: Double) -> Double {
        position + velocity * pow(drag, t) / dragLog - velocity / dragLog - (signedDeceleration / 2) * t * t
    }

    /// Dart's `double.sign`: −1, 0 or 1.
    static func sign(_ x: Double) -> Double { x > 0 ? 1 : x < 0 ? -1 : 0 }
}

/// Flutter's `BoundedFrictionSimulation`: a `FrictionSimulation` whose position is clamped to `range`; done when the
/// friction is, or within `tolerance.distance` of either bound.
public struct BoundedFrictionSimulation: Hashable, Sendable {
    public var friction: FrictionSimulation
    public let range: ClosedRange<Double>

    public init(drag: Double, position: Double, velocity: Double, range: ClosedRange<Double>,
                tolerance: Tolerance = .default) {
        friction = FrictionSimulation(drag: drag, position: position, velocity: velocity, tolerance: tolerance)
        self.range = range
    }

    public func x(_ t: Double) -> Double { min(max(friction.x(t), range.lowerBound), range.upperBound) }
    /// The unclamped velocity, as Flutter reports it.
    public func dx(_ t: Double) -> Double { friction.dx(t) }

    public func isDone(_ t: Double) -> Bool {
        let x = self.x(t)
        return friction.isDone(t) || abs(x - range.lowerBound) < friction.tolerance.distance
            || abs(x - range.upperBound) < friction.tolerance.distance
    }
}
