import Foundation
import Testing
@testable import FlickPhysics

/// Damped springs in closed form: docs/physics.md, "Reference vectors" (S1–S4, B1–B4, and Flutter's BF3–BF5).
@Suite struct SpringTests {
    // MARK: Parameterisation (3.2)

    /// S1–S4: k = (2π/response)², c = 4π·ζ/response, mass 1.
    @Test(arguments: [
        (0.5, 0.825, 157.9137, 20.7345),   // S1: SwiftUI's default
        (0.55, 0.825, 130.5072, 18.8496),  // S2: the older documented default
        (0.15, 0.86, 1754.5963, 72.0472),  // S3: interactiveSpring
        (0.2, 0.8, 986.9604, 50.2655),     // S4: Wave interactive
        (0.82, 1.0, 58.7127, 15.3248),     // S4: Wave animated
    ])
    func responseAndDampingRatio(response: Double, dampingRatio: Double, stiffness: Double, damping: Double) {
        let spring = Spring(response: response, dampingRatio: dampingRatio)
        #expect(spring.mass == 1)
        expectClose(spring.stiffness, stiffness, tolerance: 1e-4, "k")
        expectClose(spring.damping, damping, tolerance: 1e-4, "c")
        // The designer's parameters read back.
        expectClose(spring.response, response, tolerance: 1e-12, "response")
        expectClose(spring.dampingRatio, dampingRatio, tolerance: 1e-12, "ζ")
    }

    /// Flutter's `withDampingRatio`: c = 2ζ√(mk).
    @Test(arguments: [(100.0, 1.0, 20.0), (100.0, 1.25, 25.0), (100.0, 0.25, 5.0), (170.0, 1.1, 28.68449)])
    func stiffnessAndDampingRatio(stiffness: Double, dampingRatio: Double, damping: Double) {
        let spring = Spring(stiffness: stiffness, dampingRatio: dampingRatio)
        #expect(spring.stiffness == stiffness)
        expectClose(spring.damping, damping, tolerance: 1e-5, "c")
    }

    /// The critically damped spring Flick bounced with before the two-rate bounce (`EdgeBounce`): ω = 10.91/s, fitted
    /// to the same device recordings in that form; it stays here as a spring with known numbers.
    static let criticalBounce = Spring(mass: 1, stiffness: 10.91 * 10.91, damping: 2 * 10.91)

    @Test func criticalBounceNumbers() {
        // m = 1, critically damped at ω = 10.91/s, k = ω², c = 2ω.
        #expect(Self.criticalBounce.mass == 1)
        expectClose(Self.criticalBounce.stiffness, 119.0281, tolerance: 1e-9, "k")
        expectClose(Self.criticalBounce.damping, 21.82, tolerance: 1e-12, "c")
        expectClose(Self.criticalBounce.dampingRatio, 1, tolerance: 1e-12, "ζ")
        expectClose(Self.criticalBounce.response, 2 * Double.pi / 10.91, tolerance: 1e-12, "response")
        #expect(SpringMotion(spring: Self.criticalBounce, from: 0, to: 0, initialVelocity: 1).regime == .critical)
    }

    @Test func standardPreset() {
        // docs/physics.md, "Springs": response 0.3 s, ζ = 1: k = (2π/0.3)², c = 4π/0.3.
        #expect(Spring.standard.mass == 1)
        expectClose(Spring.standard.stiffness, 438.6491, tolerance: 1e-4, "k")
        expectClose(Spring.standard.damping, 41.8879, tolerance: 1e-4, "c")
        expectClose(Spring.standard.dampingRatio, 1, tolerance: 1e-12, "ζ")
        #expect(SpringMotion(spring: .standard, from: 0, to: 100, initialVelocity: 0).regime == .critical)
    }

    @Test(arguments: [(0.25, SpringMotion.Regime.underDamped), (0.5, .underDamped), (1.0, .critical),
                      (1.25, .overDamped), (2.0, .overDamped)])
    func regime(dampingRatio: Double, expected: SpringMotion.Regime) {
        let spring = Spring(stiffness: 100, dampingRatio: dampingRatio)
        #expect(SpringMotion(spring: spring, from: 0, to: 500, initialVelocity: 0).regime == expected)
    }

    // MARK: Flutter golden values (newton_test.dart), compared as Flutter does: floor of x and dx

    /// BF3: critical (m 1, k 100, ζ 1) from 0 to 500 at rest.
    @Test(arguments: [(0.25, 356.0, 1026.0), (0.5, 479.0, 168.0), (0.75, 497.0, 20.0)])
    func criticalGolden(t: Double, x: Double, dx: Double) {
        let motion = SpringMotion(spring: Spring(stiffness: 100, dampingRatio: 1), from: 0, to: 500, initialVelocity: 0)
        #expect(motion.regime == .critical)
        #expect(motion.position(at: t).rounded(.down) == x, "x(\(t)) = \(motion.position(at: t))")
        #expect(motion.velocity(at: t).rounded(.down) == dx, "dx(\(t)) = \(motion.velocity(at: t))")
    }

    @Test func criticalGoldenEnd() {
        let motion = SpringMotion(spring: Spring(stiffness: 100, dampingRatio: 1), from: 0, to: 500, initialVelocity: 0)
        #expect(motion.position(at: 0) == 0)
        #expect(motion.velocity(at: 0) == 0)
        #expect(motion.position(at: 1.5) > 499 && motion.position(at: 1.5) < 501)
        #expect(motion.velocity(at: 1.5) < 0.1)
    }

    /// BF4: over-damped (ζ 1.25) from 0 to 500 at rest.
    @Test(arguments: [(0.5, 445.0, 273.0), (1.0, 495.0, 22.0), (1.5, 499.0, 1.0)])
    func overDampedGolden(t: Double, x: Double, dx: Double) {
        let motion = SpringMotion(spring: Spring(stiffness: 100, dampingRatio: 1.25), from: 0, to: 500,
                                  initialVelocity: 0)
        #expect(motion.regime == .overDamped)
        #expect(motion.position(at: t).rounded(.down) == x, "x(\(t)) = \(motion.position(at: t))")
        #expect(motion.velocity(at: t).rounded(.down) == dx, "dx(\(t)) = \(motion.velocity(at: t))")
    }

    /// BF5: under-damped (ζ 0.25) from 0 to 300 at rest: it overshoots and comes back.
    @Test func underDampedGolden() {
        let motion = SpringMotion(spring: Spring(stiffness: 100, dampingRatio: 0.25), from: 0, to: 300,
                                  initialVelocity: 0)
        #expect(motion.regime == .underDamped)
        #expect(motion.position(at: 1).rounded(.down) == 325, "x(1) = \(motion.position(at: 1))")
        #expect(motion.velocity(at: 1).rounded(.down) == -65, "dx(1) = \(motion.velocity(at: 1))")
        #expect(motion.position(at: 6).rounded(.down) == 299, "x(6) = \(motion.position(at: 6))")
        #expect(motion.velocity(at: 6).rounded(.down) == 0, "dx(6) = \(motion.velocity(at: 6))")
    }

    // MARK: Bounce springs

    /// ScrollMechanics' bounce (mass 1, stiffness 100, critical), which Flick used before measuring UIKit's.
    static let scrollMechanicsBounce = Spring(mass: 1, stiffness: 100, damping: 20)

    /// B1: from the edge at the velocity D10 leaves (997.997 pt/s), the k 100 bounce peaks 0.1 s later at v/(10e);
    /// the critical spring of ω 10.91/s peaks 1/ω later at v/(ω·e) = 33.6519 pt.
    @Test(arguments: [(scrollMechanicsBounce, 0.1, 36.7143, 1.35624), (criticalBounce, 1 / 10.91, 33.6519, 1.22715)])
    func bounceFromTheEdgePeaks(spring: Spring, peakTime: Double, peak: Double, settle: Double) {
        let motion = SpringMotion(spring: spring, from: 0, to: 0, initialVelocity: 997.997)
        expectClose(motion.position(at: peakTime), peak, tolerance: 1e-4, "x(\(peakTime))")
        expectClose(motion.velocity(at: peakTime), 0, tolerance: 1e-9, "v(\(peakTime))")
        // The peak is the maximum: no other instant goes further out.
        for step in 0...300 {
            let t = Double(step) / 100
            #expect(motion.position(at: t) <= peak + 1e-4, "x(\(t)) = \(motion.position(at: t))")
        }
        expectClose(motion.settlingDuration(threshold: 1.0 / 6), settle, tolerance: 1e-5, "T")
    }

    /// B2: released 100 pt overscrolled at rest (k 100; then the critical spring of ω 10.91/s).
    @Test(arguments: [(scrollMechanicsBounce, 0.1, -73.5759, 1.35664), (scrollMechanicsBounce, 0.2, -40.6006, 1.35664),
                      (scrollMechanicsBounce, 0.5, -4.0428, 1.35664), (criticalBounce, 0.1, -70.2326, 1.24349),
                      (criticalBounce, 0.2, -35.8979, 1.24349), (criticalBounce, 0.5, -2.7594, 1.24349)])
    func bounceBackFromOverscroll(spring: Spring, t: Double, expected: Double, settle: Double) {
        let motion = SpringMotion(spring: spring, from: -100, to: 0, initialVelocity: 0)
        expectClose(motion.position(at: t), expected, tolerance: 1e-4, "x(\(t))")
        expectClose(motion.settlingDuration(threshold: 1.0 / 6), settle, tolerance: 1e-5, "T")
    }

    /// B3: under-damped k 100, ζ 0.5 from 100 at rest, threshold 0.5.
    @Test(arguments: [(0.1, 65.97, 0.005), (0.2, 15.0574, 1e-4), (0.4, -15.3123, 1e-4)])
    func underDampedBounce(t: Double, expected: Double, tolerance: Double) {
        let motion = SpringMotion(spring: Spring(stiffness: 100, dampingRatio: 0.5), from: 100, to: 0,
                                  initialVelocity: 0)
        expectClose(motion.position(at: t), expected, tolerance: tolerance, "x(\(t))")
        expectClose(motion.settlingDuration(threshold: 0.5), 1.15081, tolerance: 1e-5, "T")
    }

    /// B4: the PiP spring, k 200, ζ 1, from 300 at rest, threshold 0.5.
    @Test func pipSpringSettles() {
        let motion = SpringMotion(spring: Spring(stiffness: 200, dampingRatio: 1), from: 300, to: 0, initialVelocity: 0)
        #expect(motion.regime == .critical)
        expectClose(motion.settlingDuration(threshold: 0.5), 0.95929, tolerance: 1e-5, "T")
    }

    /// Over-damped settling is not in the reference (Lobanov rejects ζ > 1). Flick bounds each exponential term by
    /// thr/2: for ζ 1.25 (roots −20 and −5) from −500 at rest, C₂ = −2000/3, so T = ln(4·2000/3)/5 = ln(2666.67)/5.
    @Test func overDampedSettling() {
        let motion = SpringMotion(spring: Spring(stiffness: 100, dampingRatio: 1.25), from: -500, to: 0,
                                  initialVelocity: 0)
        expectClose(motion.settlingDuration(threshold: 0.5), log(8000.0 / 3) / 5, tolerance: 1e-9, "T")
        expectClose(motion.settlingDuration(threshold: 0.5), 1.57772, tolerance: 1e-5, "T")
    }

    /// The settling duration bounds every later instant, so the motion may snap to its target then.
    @Test(arguments: [
        (criticalBounce, 0.0, 997.997, 1.0 / 6),
        (criticalBounce, -100.0, 0.0, 1.0 / 6),
        (Spring(stiffness: 100, dampingRatio: 0.5), 100.0, 0.0, 0.5),
        (Spring(stiffness: 200, dampingRatio: 1), 300.0, 0.0, 0.5),
        (Spring(stiffness: 100, dampingRatio: 1.25), -500.0, 0.0, 0.5),
        (Spring(stiffness: 100, dampingRatio: 0.25), -300.0, 2000.0, 0.5),
    ])
    func staysSettledAfterTheSettlingDuration(spring: Spring, displacement: Double, velocity: Double,
                                              threshold: Double) {
        let motion = SpringMotion(spring: spring, from: displacement, to: 0, initialVelocity: velocity)
        let settled = motion.settlingDuration(threshold: threshold)
        #expect(settled > 0)
        for step in 0...2000 {
            let t = settled + Double(step) / 200
            #expect(abs(motion.displacement(at: t)) <= threshold, "x(\(t)) = \(motion.displacement(at: t))")
        }
    }

    // MARK: No jump at release, and continuity

    /// Every regime starts at `from` with the release velocity exactly (docs/physics.md, "Springs": no jump when a finger lifts).
    @Test(arguments: [0.25, 0.5, 0.9, 1.0, 1.1, 1.25, 2.0, 5.0])
    func startsWithTheReleasePositionAndVelocity(dampingRatio: Double) {
        for (from, to, velocity) in [(0.0, 500.0, 0.0), (120.0, 0.0, -800.0), (-40.0, 390.0, 2500.0),
                                     (780.0, 780.0, 1234.5)] {
            let motion = SpringMotion(spring: Spring(stiffness: 170, dampingRatio: dampingRatio), from: from, to: to,
                                      initialVelocity: velocity)
            expectClose(motion.position(at: 0), from, tolerance: 1e-9, "x(0), ζ \(dampingRatio)")
            expectClose(motion.velocity(at: 0), velocity, tolerance: 1e-9, "v(0), ζ \(dampingRatio)")
        }
    }

    /// The closed-form velocity is the derivative of the closed-form position, in each regime.
    @Test(arguments: [0.25, 0.5, 1.0, 1.25, 2.0])
    func velocityIsTheDerivativeOfPosition(dampingRatio: Double) {
        let motion = SpringMotion(spring: Spring(stiffness: 100, dampingRatio: dampingRatio), from: -60, to: 300,
                                  initialVelocity: 700)
        let h = 1e-6
        for t in stride(from: 0.05, through: 2, by: 0.05) {
            let slope = (motion.position(at: t + h) - motion.position(at: t - h)) / (2 * h)
            expectClose(slope, motion.velocity(at: t), tolerance: 1e-3, "dx/dt at \(t), ζ \(dampingRatio)")
        }
    }

    /// Position is continuous in time (no step between frames) and across the regime boundary at ζ = 1.
    @Test func positionIsContinuous() {
        let critical = SpringMotion(spring: Spring(stiffness: 100, dampingRatio: 1), from: 0, to: 500,
                                    initialVelocity: 300)
        for dampingRatio in [1 - 1e-7, 1 + 1e-7] {
            let near = SpringMotion(spring: Spring(stiffness: 100, dampingRatio: dampingRatio), from: 0, to: 500,
                                    initialVelocity: 300)
            #expect(near.regime != .critical)
            for t in stride(from: 0.0, through: 2, by: 0.1) {
                expectClose(near.position(at: t), critical.position(at: t), tolerance: 1e-3, "x(\(t)), ζ \(dampingRatio)")
                expectClose(near.velocity(at: t), critical.velocity(at: t), tolerance: 1e-2, "v(\(t)), ζ \(dampingRatio)")
            }
        }
        let dt = 1e-7
        for t in stride(from: 0.0, through: 2, by: 0.01) {
            #expect(abs(critical.position(at: t + dt) - critical.position(at: t)) < 1e-3)
        }
    }
}
