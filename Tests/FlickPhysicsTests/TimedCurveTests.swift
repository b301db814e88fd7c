import FlickPhysics
import Testing

/// A UIView animation along a timing curve (a refresh control's release of its held inset).
@Suite struct TimedCurveTests {
    @Test func easeInOutFromRestToRest() {
        let c = TimedCurve(from: -107, to: -47, duration: 0.4)
        #expect(c.position(at: 0) == -107 && c.position(at: 0.4) == -47 && c.position(at: 1) == -47)
        // easeInOut is symmetric: halfway in time is halfway in value.
        #expect(abs(c.position(at: 0.2) - -77) < 1e-9)
        #expect(c.velocity(at: 0) == 0 && c.velocity(at: 0.4) == 0)
        // The velocity is the position's derivative (central difference, 1 µs).
        for t in [0.05, 0.13, 0.2, 0.31, 0.39] {
            let h = 1e-6
            let numeric = (c.position(at: t + h) - c.position(at: t - h)) / (2 * h)
            #expect(abs(c.velocity(at: t) - numeric) < 1e-3, "at \(t): \(c.velocity(at: t)) vs \(numeric)")
        }
        // Faster than the average speed in the middle, as an ease-in-out is.
        #expect(c.velocity(at: 0.2) > 60 / 0.4)
    }

    @Test func axisMotionSettlesAtItsEnd() {
        let m = AxisMotion.timed(from: -107, to: -47, duration: 0.4, start: 3)
        #expect(m.endTime == 3.4 && m.finalPosition == -47)
        #expect(m.position(at: 2.9) == -107 && abs(m.position(at: 3.2) - -77) < 1e-9 && m.position(at: 3.5) == -47)
        #expect(m.phase(at: 3.1) == .spring && m.phase(at: 3.4) == nil)
    }

    /// Flutter's `Curves.fastEaseInToSlowEaseOut`, computed here as `ThreePointCubic.transformInternal` computes it
    /// (two cubics, each solved for its time by bisection to 1e-12, not Flutter's 1e-3), against the motion's two
    /// timed segments. The curve's own points: through (0.198, 0.541) and ending at (1, 1).
    @Test func fastEaseInToSlowEaseOutIsFlutterCurve() {
        func cubic(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ t: Double) -> Double {
            func bez(_ p1: Double, _ p2: Double, _ s: Double) -> Double { 3 * p1 * (1 - s) * (1 - s) * s + 3 * p2 * (1 - s) * s * s + s * s * s }
            var lo = 0.0, hi = 1.0
            for _ in 0..<200 where hi - lo > 1e-12 {
                let mid = (lo + hi) / 2
                if bez(a, c, mid) < t { lo = mid } else { hi = mid }
            }
            return bez(b, d, (lo + hi) / 2)
        }
        func flutter(_ t: Double) -> Double {
            let (a1, b1, m, a2, b2) = ((0.056, 0.024), (0.108, 0.3085), (0.198, 0.541), (0.3655, 1.0), (0.5465, 0.989))
            if t < m.0 {
                return cubic(a1.0 / m.0, a1.1 / m.1, b1.0 / m.0, b1.1 / m.1, t / m.0) * m.1
            }
            let sx = 1 - m.0, sy = 1 - m.1
            return cubic((a2.0 - m.0) / sx, (a2.1 - m.1) / sy, (b2.0 - m.0) / sx, (b2.1 - m.1) / sy, (t - m.0) / sx) * sy + m.1
        }
        let motion = AxisMotion.fastEaseInToSlowEaseOut(from: -113, to: -91, duration: 0.3, start: 2)
        #expect(motion.endTime == 2.3 && motion.finalPosition == -91 && motion.segments.count == 2)
        for u in [0.01, 0.05, 0.1, 0.15, 0.198, 0.25, 0.3655, 0.5, 0.7, 0.9, 0.99] {
            let expected = -113 + 22 * flutter(u)
            #expect(abs(motion.position(at: 2 + 0.3 * u) - expected) < 1e-7, "at \(u): \(motion.position(at: 2 + 0.3 * u)) vs \(expected)")
        }
        #expect(abs(motion.position(at: 2 + 0.3 * 0.198) - (-113 + 22 * 0.541)) < 1e-9)
        #expect(motion.position(at: 2.3) == -91 && motion.phase(at: 2.1) == .spring && motion.phase(at: 2.3) == nil)
        // It starts moving at once (the curve's first slope, 0.024 / 0.056 of the average speed), and is 95 % of the
        // way by 60 % of its time: the slow ease-out.
        #expect(motion.velocity(at: 2.0001) > 0.3 * 22 / 0.3)
        #expect(abs(motion.position(at: 2 + 0.3 * 0.6) - -91) < 0.05 * 22)
    }
}
