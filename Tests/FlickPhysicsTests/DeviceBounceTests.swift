import Foundation
import Testing
@testable import FlickPhysics

/// UIKit's bounce held against three bounces recorded on devices (`UIKitBounceRecording`; docs/physics.md, "Bounce").
@Suite struct DeviceBounceTests {
    /// λ of the recordings' views: `UIScrollView.DecelerationRate.normal`, −1000·ln 0.998 per second.
    static let lambda = -DecelerationRate.normal.coefficient

    /// The two-rate bounce (`EdgeBounceMotion`) with k, x₀ and u₀ free, fitted to one recording.
    static func fit(_ recording: UIKitBounceRecording, rate: Double? = nil) -> (rate: Double, x0: Double, u0: Double, worst: Double) {
        let start = [rate ?? 10, recording.overscroll[0], 1000]
        func motion(_ p: [Double]) -> EdgeBounceMotion {
            EdgeBounceMotion(rate: rate ?? p[0], decelerationRate: lambda, edge: 0, overshoot: p[1], velocity: p[2])
        }
        let fit = LeastSquaresFit(initial: start, scales: [1, 1, 100]) { p in
            zip(recording.times, recording.overscroll).map { motion(p).displacement(at: $0.0) - $0.1 }
        }
        let m = motion(fit.parameters)
        let worst = zip(recording.times, recording.overscroll).map { abs(m.displacement(at: $0.0) - $0.1) }.max() ?? .infinity
        return (m.rate, m.overshoot, m.velocity, worst)
    }

    /// Each recording alone, k free: 9.994, 9.993 and 9.997/s, every frame within 0.3 pt (the recordings are whole
    /// pixels: a third of a point at 3x, half at 2x).
    @Test(arguments: [(0, 9.99415, 35.7488, 3875.90, 0.22148), (1, 9.99349, 9.4342, 2131.76, 0.25235),
                      (2, 9.99679, 393.5100, 3699.35, 0.24334)])
    func eachRecordingIsATwoRateBounce(index: Int, rate: Double, x0: Double, u0: Double, worst: Double) {
        let recording = UIKitBounceRecording.all[index]
        let fit = Self.fit(recording)
        expectClose(fit.rate, rate, tolerance: 2e-4, "\(recording.name): k")
        expectClose(fit.x0, x0, tolerance: 0.01, "\(recording.name): x₀")
        expectClose(fit.u0, u0, tolerance: 0.5, "\(recording.name): u₀")
        expectClose(fit.worst, worst, tolerance: 1e-3, "\(recording.name): worst residual")
        #expect(fit.worst <= 0.3)
        // UIKit's stepping at the recordings' 60 Hz gives k within 0.005/s of each.
        #expect(abs(fit.rate - EdgeBounce.uikitRate(refreshRate: 60)) < 0.005)
    }

    /// UIKit multiplies the overshoot by `1 + x + x²/2`, x = −0.01005·(ms per frame), once per display frame.
    @Test func uikitRatePerRefreshRate() {
        expectClose(EdgeBounce.uikitRate(refreshRate: 60), 9.996711, tolerance: 1e-6, "60 Hz")
        expectClose(EdgeBounce.uikitRate(refreshRate: 120), 10.037489, tolerance: 1e-6, "120 Hz")
        // The exact exponential would be 10.05/s; a very slow display steps with exp itself (x < −0.5).
        expectClose(EdgeBounce.uikitRate(refreshRate: 10), 10.05, tolerance: 1e-9, "10 Hz")
        #expect(EdgeBounce.defaultRate == EdgeBounce.uikitRate(refreshRate: 120))
    }

    /// Flick's UIKit list at 60 Hz, released from each recording's state fitted at its k (x₀ past the top edge, moving
    /// at u₀), stays within 0.3 pt of every recorded frame: worst 0.206, 0.261 and 0.243 pt.
    @Test(arguments: [(0, 0.20572), (1, 0.26081), (2, 0.24300)])
    func flickFollowsEveryRecordedFrame(index: Int, worst: Double) throws {
        let recording = UIKitBounceRecording.all[index]
        let display = PhysicsDisplay(scale: recording.scale, refreshRate: 60)
        let preset = PhysicsPreset(.uikit, display: display)
        let state = Self.fit(recording, rate: preset.list.bounce.rate)
        // contentOffset grows downwards: past the top edge is negative.
        let motion = try #require(preset.list.release(from: -state.x0, velocity: -state.u0, limits: 0...2000,
                                                      display: display, start: 0))
        let errors = zip(recording.times, recording.overscroll).map { abs(-motion.position(at: $0.0) - $0.1) }
        let measured = errors.max() ?? .infinity
        #expect(measured <= 0.3, "\(recording.name): worst frame \(measured) pt off")
        expectClose(measured, worst, tolerance: 1e-3, "\(recording.name): worst frame")
    }

    /// The critically damped spring Flick used before (ω 10.91/s, each recording's state fitted at it) is 0.47, 0.39
    /// and 0.48 pt off at its worst frame; at ScrollMechanics' ω = 10/s, 11.4, 6.1 and 10.8 pt.
    @Test(arguments: [(0, 10.91, 0.467), (1, 10.91, 0.389), (2, 10.91, 0.476),
                      (0, 10, 11.379), (1, 10, 6.143), (2, 10, 10.819)])
    func theCriticalSpringWasOff(index: Int, omega: Double, worst: Double) throws {
        let recording = UIKitBounceRecording.all[index]
        let fit = try #require(CriticalSpringFit(times: recording.times, displacements: recording.overscroll, omega: omega))
        expectClose(fit.maxAbsoluteResidual, worst, tolerance: 2e-3, "\(recording.name): worst frame at ω = \(omega)")
    }

    @Test func theRecordingsAreAsPublished() {
        #expect(UIKitBounceRecording.all.map(\.values.count) == [49, 45, 50])
        expectClose(UIKitBounceRecording.flingInto3x.overscroll.max() ?? 0, 145, tolerance: 1e-9, "peak, 3x")
        expectClose(UIKitBounceRecording.releaseFromPull2x.overscroll.first ?? 0, 393.5, tolerance: 1e-9, "release")
    }
}

/// What the two rates predict where people look first.
@Suite struct EdgeBounceTests {
    /// A release held still 100 pt past the edge decays from its first instant: 36.65 pt after 0.1 s at 120 Hz
    /// (e^(−1.0037)), where the critically damped spring kept 70.2 pt.
    @Test func aStillReleaseDecaysAtOnce() throws {
        let preset = PhysicsPreset.uikit
        let motion = try #require(preset.list.release(from: -100, velocity: 0, limits: 0...1000, display: preset.display,
                                                      start: 0))
        expectClose(motion.position(at: 0.1), -36.6503, tolerance: 1e-3, "after 0.1 s")
        #expect((33...40).contains(-motion.position(at: 0.1)))
        expectClose(motion.velocity(at: 0), 1003.7489, tolerance: 1e-3, "velocity at the lift: k·x₀")
        #expect(motion.phase(at: 0) == .bounce)
    }

    /// A 2000 pt/s hit peaks 49.79 pt out 69 ms later on a `.fast` view (0.99), 66.75 pt 91 ms later on a
    /// `.normal` one: the deceleration rate shortens the bounce.
    @Test(arguments: [(0.99, 2000.0, 49.7937, 0.06903), (0.998, 2000.0, 66.7456, 0.09084), (0.998, 3000.0, 100.1184, 0.09084)])
    func theDecelerationRateShortensTheBounce(rate: Double, velocity: Double, peak: Double, time: Double) {
        let bounce = EdgeBounce.uikit.motion(from: 0, edge: 0, velocity: velocity, deceleration: DecelerationRate(rate))
        let found = bounce.peak
        expectClose(found.overshoot, peak, tolerance: 1e-3, "peak")
        expectClose(found.time, time, tolerance: 1e-4, "when")
        expectClose(bounce.velocity(at: 0), velocity, tolerance: 1e-9, "no jump in velocity at the edge")
        if rate == 0.99 { #expect((45...54).contains(found.overshoot)) }
    }

    /// The motion settles when it stays within the threshold, to a nanosecond, and its velocity is the derivative of
    /// its position.
    @Test(arguments: [(-100.0, 0.0), (0.0, 3000.0), (50.0, -4000.0), (-20.0, 500.0)])
    func settlesAndDifferentiates(overshoot: Double, velocity: Double) {
        let bounce = EdgeBounce.uikit.motion(from: overshoot, edge: 0, velocity: velocity, deceleration: .normal)
        let threshold = 1.0 / 6
        let settle = bounce.settlingDuration(threshold: threshold)
        #expect(abs(bounce.displacement(at: settle)) < threshold)
        #expect(abs(bounce.displacement(at: settle - 1e-6)) >= threshold)
        for t in stride(from: settle, through: settle + 3, by: 0.0005) { #expect(abs(bounce.displacement(at: t)) < threshold) }
        for t in [0.01, 0.05, 0.2, 0.6] {
            let numeric = (bounce.position(at: t + 1e-6) - bounce.position(at: t - 1e-6)) / 2e-6
            expectClose(bounce.velocity(at: t), numeric, tolerance: 1e-3, "velocity at \(t)")
        }
    }
}

/// Levenberg–Marquardt on problems with known answers.
@Suite struct LeastSquaresTests {
    /// Noise-free samples of a known critical spring give it back.
    @Test func recoversACriticalSpring() throws {
        let times = (0..<40).map { Double($0) / 60 }
        let samples = times.map { CriticalSpringFit.displacement(at: $0, omega: 13.5, x0: 20, v0: 1500) }
        let fit = try #require(CriticalSpringFit(times: times, displacements: samples))
        expectClose(fit.omega, 13.5, tolerance: 1e-7, "ω")
        expectClose(fit.displacement, 20, tolerance: 1e-6, "x₀")
        expectClose(fit.velocity, 1500, tolerance: 1e-4, "v₀")
        #expect(fit.maxAbsoluteResidual < 1e-6)
    }

    /// The least-squares line through (0, 1), (1, 3), (2, 5), (3, 8): slope Sxy/Sxx = 11.5/5 = 2.3, intercept 0.8.
    @Test func fitsALine() {
        let xs = [0.0, 1, 2, 3], ys = [1.0, 3, 5, 8]
        let fit = LeastSquaresFit(initial: [0, 0]) { p in zip(xs, ys).map { p[0] + p[1] * $0.0 - $0.1 } }
        expectClose(fit.parameters[0], 0.8, tolerance: 1e-9, "intercept")
        expectClose(fit.parameters[1], 2.3, tolerance: 1e-9, "slope")
        #expect(fit.converged)
    }

    @Test func solvesAndRefusesSingularSystems() {
        let x = LeastSquaresFit.solve([[0, 2], [3, 1]], [4, 5])
        #expect(x == [1, 2])
        #expect(LeastSquaresFit.solve([[1, 2], [2, 4]], [1, 2]) == nil)
    }

    /// Too few samples is no fit.
    @Test func tooFewSamples() {
        #expect(CriticalSpringFit(times: [0, 1], displacements: [1, 0]) == nil)
        #expect(CriticalSpringFit(times: [0], displacements: [1], omega: 10) == nil)
    }
}
