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
}
