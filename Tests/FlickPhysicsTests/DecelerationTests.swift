import Foundation
import Testing
@testable import FlickPhysics

/// Momentum after the finger lifts, in the continuous model: docs/physics.md, "Reference vectors", rows D4–D10.
@Suite struct DecelerationTests {
    /// v₀ = 2000 pt/s from 0 at the normal rate, the fling of rows D4 and D6–D9.
    let fling = Deceleration(origin: 0, initialVelocity: 2000, rate: .normal)

    @Test func rateConstantsAreUIKits() {
        #expect(DecelerationRate.normal.rawValue == 0.998)
        #expect(DecelerationRate.fast.rawValue == 0.99)
        // 1000·ln 0.998 (the "UIKit" figure in section 1, next to Flutter's ln 0.135).
        expectClose(DecelerationRate.normal.coefficient, -2.002003, tolerance: 1e-6, "1000·ln 0.998")
    }

    /// D4, D5: where the motion comes to rest, which is also the projection.
    @Test(arguments: [
        (DecelerationRate.normal, 998.9997),  // D4
        (DecelerationRate.fast, 198.9983),    // D5
    ])
    func destination(rate: DecelerationRate, expected: Double) {
        let motion = Deceleration(origin: 0, initialVelocity: 2000, rate: rate)
        expectClose(motion.destination, expected, tolerance: 1e-4, "destination")
        expectClose(project(position: 0, velocity: 2000, rate: rate), expected, tolerance: 1e-4, "project")
    }

    @Test func destinationIsSymmetricAndTranslates() {
        let backwards = Deceleration(origin: 500, initialVelocity: -2000)
        expectClose(backwards.destination, 500 - 998.9997, tolerance: 1e-4, "destination from 500 at −2000")
        #expect(Deceleration(origin: 42, initialVelocity: 0).destination == 42)
    }

    /// D1–D3 are the WWDC projection `(v/1000)·d/(1 − d)`, not Flick's numbers. Flick's destination `−v/(1000·ln d)`
    /// relates to them by the factor `−1000·ln d·d/(1000·(1 − d))`, which is 0.1 % short of 1 at the normal rate.
    @Test(arguments: [
        (2000.0, DecelerationRate.normal, 998.0),   // D1
        (2000.0, DecelerationRate.fast, 198.0),     // D2
        (-1500.0, DecelerationRate.normal, -748.5), // D3
    ])
    func projectionAgainstWWDC(velocity: Double, rate: DecelerationRate, wwdc: Double) {
        let d = rate.rawValue
        let projected = project(position: 0, velocity: velocity, rate: rate)
        expectClose(projected * -rate.coefficient * d / (1000 * (1 - d)), wwdc, tolerance: 1e-9, "scaled projection")
        #expect(abs(projected) > abs(wwdc), "the continuous model coasts slightly further: \(projected) vs \(wwdc)")
        if rate == .normal {
            expectClose(projected / wwdc - 1, 1e-3, tolerance: 5e-6, "relative gap at 0.998")
        }
    }

    /// D6: x(t) for v₀ = 2000 at 0.998.
    @Test(arguments: [
        (0.1, 181.2517), (0.25, 393.3790), (0.5, 631.8560), (1.0, 864.0703), (2.0, 980.7755),
    ])
    func position(t: Double, expected: Double) {
        expectClose(fling.position(at: t), expected, tolerance: 1e-4, "x(\(t))")
        // The same path run backwards, and from another origin.
        expectClose(Deceleration(origin: 0, initialVelocity: -2000).position(at: t), -expected, tolerance: 1e-4,
                    "x(\(t)) at −2000")
        expectClose(Deceleration(origin: -300, initialVelocity: 2000).position(at: t), expected - 300,
                    tolerance: 1e-4, "x(\(t)) from −300")
    }

    /// D7: v(t) for v₀ = 2000 at 0.998.
    @Test(arguments: [(0.1, 1637.1336), (0.5, 735.0225), (1.0, 270.1290), (2.0, 36.4849)])
    func velocity(t: Double, expected: Double) {
        expectClose(fling.velocity(at: t), expected, tolerance: 1e-4, "v(\(t))")
        expectClose(Deceleration(origin: 0, initialVelocity: -2000).velocity(at: t), -expected, tolerance: 1e-4,
                    "v(\(t)) at −2000")
    }

    @Test func startsAtTheOriginWithTheReleaseVelocity() {
        #expect(fling.position(at: 0) == 0)
        #expect(fling.velocity(at: 0) == 2000)
    }

    @Test func velocityIsTheDerivativeOfPosition() {
        let h = 1e-6
        for t in [0.0, 0.1, 0.5, 1, 2, 3] {
            let slope = (fling.position(at: t + h) - fling.position(at: t - h)) / (2 * h)
            expectClose(slope, fling.velocity(at: t), tolerance: 1e-4, "dx/dt at \(t)")
        }
    }

    /// D8, D9: the time until the remaining distance is under the threshold.
    @Test(arguments: [
        (DecelerationRate.normal, 0.5, 3.7961),      // D8
        (DecelerationRate.fast, 0.5, 0.5956),        // D8
        (DecelerationRate.normal, 0.5 / 3, 4.3449),  // D9: 0.5 pt at screen scale 3
    ])
    func duration(rate: DecelerationRate, threshold: Double, expected: Double) {
        let motion = Deceleration(origin: 0, initialVelocity: 2000, rate: rate)
        let duration = motion.duration(threshold: threshold)
        expectClose(duration, expected, tolerance: 1e-4, "T")
        // At that time exactly `threshold` points remain.
        expectClose(motion.destination - motion.position(at: duration), threshold, tolerance: 1e-9, "remaining at T")
        expectClose(Deceleration(origin: 0, initialVelocity: -2000, rate: rate).duration(threshold: threshold),
                    expected, tolerance: 1e-4, "T at −2000")
    }

    @Test func aFlingShorterThanTheThresholdTakesNoTime() {
        // v₀ = 0.5 pt/s travels 0.25 pt in all, under a 0.5 pt threshold.
        #expect(Deceleration(origin: 0, initialVelocity: 0.5).duration(threshold: 0.5) == 0)
        #expect(Deceleration(origin: 0, initialVelocity: 0).duration(threshold: 0.5) == 0)
    }

    /// D10: a fling at 3000 pt/s reaches an edge 1000 pt away after 0.54976 s, at 997.9973 pt/s.
    @Test(arguments: [(0.0, 3000.0, 1000.0), (1000.0, -3000.0, 0.0), (-250.0, 3000.0, 750.0)])
    func timeAndVelocityAtAnEdge(origin: Double, velocity: Double, edge: Double) throws {
        let motion = Deceleration(origin: origin, initialVelocity: velocity)
        let t = try #require(motion.time(toReach: edge))
        expectClose(t, 0.54976, tolerance: 1e-5, "t(edge)")
        expectClose(motion.position(at: t), edge, tolerance: 1e-9, "x(t(edge))")
        let sign: Double = velocity > 0 ? 1 : -1
        expectClose(motion.velocity(at: t), sign * 997.9973, tolerance: 1e-4, "v at the edge")
    }

    /// Section 1: the velocity at a point is linear in the distance travelled, v(p) = v₀ + k·(p − x₀).
    @Test(arguments: [100.0, 500.0, 900.0, 998.0])
    func velocityIsLinearInDistance(point: Double) throws {
        let motion = Deceleration(origin: 0, initialVelocity: 2000)
        let t = try #require(motion.time(toReach: point))
        expectClose(motion.velocity(at: t), 2000 + DecelerationRate.normal.coefficient * point, tolerance: 1e-6,
                    "v at \(point)")
    }

    @Test func pointsOffThePathAreNeverReached() {
        #expect(fling.time(toReach: 999.5) == nil, "beyond the destination 998.9997")
        #expect(fling.time(toReach: -10) == nil, "behind the release")
        #expect(Deceleration(origin: 5, initialVelocity: 0).time(toReach: 6) == nil)
        #expect(fling.time(toReach: 0) == 0)
    }

    /// BF2 (Flutter newton_test `scroll_with_inf_edge_ends`): a `BouncingScrollSimulation` from 100 at 400 pt/s
    /// with extents 0…∞ never reaches an edge, so its spring never runs and it is pure friction with drag 0.135,
    /// which is the normal rate (0.998¹⁰⁰⁰ = 0.135065). Flutter's tolerances: ±1 pt, ±1 pt/s.
    @Test func matchesFluttersFrictionWithAnOpenEnd() {
        let motion = Deceleration(origin: 100, initialVelocity: 400, rate: .normal)
        expectClose(motion.position(at: 1), 272, tolerance: 1, "x(1)")
        expectClose(motion.velocity(at: 1), 54, tolerance: 1, "dx(1)")
        expectClose(motion.velocity(at: 2), 7, tolerance: 1, "dx(2)")
        #expect(motion.velocity(at: 3) < 1)
        expectClose(motion.position(at: 5), 300, tolerance: 1, "x(5)")
    }
}

/// Flick's continuous deceleration against UIKit's own loop (docs/physics.md, "How close to a device").
@Suite struct DecelerationAgainstTheLoopTests {
    /// UIScrollView multiplies the velocity by the rate and adds it every millisecond (`v ← v·d; x ← x + v`, pt/ms; a
    /// third-party decompilation of `-[UIScrollView _getStandardDecelerationOffset:…]`): it rests `v·d/(1 − d)` ms of
    /// velocity away, 1497.0 pt from 3000 pt/s at 0.998. The continuous model rests `v/(−ln d)`, 1498.5 pt: 0.1 %
    /// further, and within 1.5 pt of the loop at every millisecond.
    @Test func theContinuousModelIsTheLoopWithin0_1Percent() {
        let decay = Deceleration(origin: 0, initialVelocity: 3000, rate: .normal)
        expectClose(decay.destination, 1498.5, tolerance: 0.01, "continuous")
        var x = 0.0, v = 3.0
        var worst = 0.0
        for ms in 1...8000 {
            v *= 0.998
            x += v
            worst = max(worst, abs(decay.position(at: Double(ms) / 1000) - x))
        }
        expectClose(x, 1497.0, tolerance: 0.01, "the loop")
        #expect(worst <= 1.5)
    }
}
