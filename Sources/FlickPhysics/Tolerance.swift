import Foundation

/// How close to its end a Flutter simulation must be to count as done (Flutter's `Tolerance`,
/// `packages/flutter/lib/src/physics/tolerance.dart`).
public struct Tolerance: Hashable, Sendable {
    /// A position within this distance of the target counts as there, in points.
    public var distance: Double
    /// A time within this of another counts as the same, in seconds.
    public var time: Double
    /// A speed under this counts as stopped, in points per second.
    public var velocity: Double

    public init(distance: Double = Tolerance.defaultEpsilon, time: Double = Tolerance.defaultEpsilon,
                velocity: Double = Tolerance.defaultEpsilon) {
        self.distance = distance
        self.time = time
        self.velocity = velocity
    }

    /// `Tolerance.defaultTolerance`'s value for each field: 1e-3.
    public static let defaultEpsilon = 1e-3

    /// `Tolerance.defaultTolerance`: 1e-3 pt, 1e-3 s, 1e-3 pt/s.
    public static let `default` = Tolerance()

    /// A scroll view's tolerance (`ScrollPhysics.toleranceFor`, `widgets/scroll_physics.dart`): a physical pixel of
    /// distance, `1/dpr` pt, and a pixel per 50 ms of velocity, `1/(0.050·dpr)` pt/s (6.667 pt/s at 3x).
    public static func scroll(devicePixelRatio dpr: Double) -> Tolerance {
        Tolerance(distance: 1 / dpr, velocity: 1 / (scrollVelocityWindow * dpr))
    }

    /// `ScrollPhysics.toleranceFor`: a scroll view is still while it moves less than a pixel in this long, 0.050 s.
    public static let scrollVelocityWindow = 0.050

    /// Flutter's `nearZero` (`physics/utils.dart`): `a` lies strictly within `epsilon` of 0, or is 0.
    static func nearZero(_ a: Double, _ epsilon: Double) -> Bool { (a > -epsilon && a < epsilon) || a == 0 }
}
