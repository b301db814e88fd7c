import Foundation
import Testing
@testable import FlickPhysics

/// UIKit's bounce held against three bounces recorded on devices (`UIKitBounceRecording`; docs/physics.md, "Bounce").
@Suite struct DeviceBounceTests {
    /// Each recording alone: x(t) = (x₀ + (v₀ + ω·x₀)·t)·e^(−ω·t) with ω, x₀, v₀ free. The worst residuals are the
    /// recordings' own quantisation (⅓ pt at 3x, ½ pt at 2x, of which a rounded pixel is off by up to half).
    @Test(arguments: [
        (0, 10.9256, 35.960, 3495.55, 0.2987),
        (1, 10.9272, 9.549, 2024.85, 0.3246),
        (2, 10.8847, 393.730, -258.42, 0.3686),
    ])
    func eachRecordingIsACriticalSpring(index: Int, omega: Double, x0: Double, v0: Double, worst: Double) throws {
        let recording = UIKitBounceRecording.all[index]
        let fit = try #require(CriticalSpringFit(times: recording.times, displacements: recording.overscroll))
        expectClose(fit.omega, omega, tolerance: 1e-3, "\(recording.name): ω")
        expectClose(fit.displacement, x0, tolerance: 0.01, "\(recording.name): x₀")
        expectClose(fit.velocity, v0, tolerance: 0.5, "\(recording.name): v₀")
        expectClose(fit.maxAbsoluteResidual, worst, tolerance: 1e-3, "\(recording.name): worst residual")
        #expect(fit.maxAbsoluteResidual < 0.5 / recording.scale + 0.21)
    }

    /// One ω for all three (each keeps its own x₀ and v₀): 10.907/s, which Flick rounds to 10.91/s.
    @Test func oneOmegaForAllThree() {
        let recordings = UIKitBounceRecording.all
        var start = [10.0]
        for r in recordings { start += [r.overscroll[0], (r.overscroll[1] - r.overscroll[0]) * 60] }
        let fit = LeastSquaresFit(initial: start, scales: [1] + Array(repeating: [1, 100], count: 3).flatMap { $0 }) { p in
            recordings.indices.flatMap { i in
                zip(recordings[i].times, recordings[i].overscroll).map {
                    CriticalSpringFit.displacement(at: $0.0, omega: p[0], x0: p[1 + 2 * i], v0: p[2 + 2 * i]) - $0.1
                }
            }
        }
        #expect(fit.converged)
        expectClose(fit.parameters[0], 10.9071, tolerance: 1e-3, "joint ω")
        expectClose((fit.parameters[0] * 100).rounded() / 100, Spring.bounceFrequency, tolerance: 0, "Flick's ω")
        expectClose(Spring.bounce.stiffness, 119.0281, tolerance: 1e-9, "k")
        expectClose(Spring.bounce.damping, 21.82, tolerance: 1e-12, "c")
    }

    /// Critical damping is measured too: with ζ free as well, the recordings give ζ = 1.006, 1.001 and 1.004.
    @Test(arguments: [(0, 1.00598), (1, 1.00125), (2, 1.00355)])
    func theBounceIsCriticallyDamped(index: Int, dampingRatio: Double) {
        let recording = UIKitBounceRecording.all[index]
        let fit = LeastSquaresFit(initial: [10.9, 1.05, recording.overscroll[0], 100], scales: [1, 0.1, 1, 100]) { p in
            let motion = SpringMotion(spring: Spring(stiffness: p[0] * p[0], dampingRatio: p[1]), from: p[2], to: 0,
                                      initialVelocity: p[3])
            return zip(recording.times, recording.overscroll).map { motion.displacement(at: $0.0) - $0.1 }
        }
        expectClose(fit.parameters[1], dampingRatio, tolerance: 1e-4, "\(recording.name): ζ")
    }

    /// Flick's UIKit list, released from each recording's state fitted at Flick's ω (x₀ past the top edge, moving at
    /// v₀), stays within 0.5 pt of every recorded frame: worst 0.47, 0.39 and 0.48 pt.
    @Test(arguments: [(0, 0.467), (1, 0.389), (2, 0.476)])
    func flickFollowsEveryRecordedFrame(index: Int, worst: Double) throws {
        let recording = UIKitBounceRecording.all[index]
        let state = try #require(CriticalSpringFit(times: recording.times, displacements: recording.overscroll,
                                                   omega: Spring.bounceFrequency))
        let display = PhysicsDisplay(scale: recording.scale)
        let preset = PhysicsPreset(.uikit, display: display)
        // contentOffset grows downwards: past the top edge is negative.
        let motion = try #require(preset.list.release(from: -state.displacement, velocity: -state.velocity,
                                                      limits: 0...2000, display: display, start: 0))
        let errors = zip(recording.times, recording.overscroll).map { abs(-motion.position(at: $0.0) - $0.1) }
        let measured = errors.max() ?? .infinity
        #expect(measured < 0.5, "\(recording.name): worst frame \(measured) pt off")
        expectClose(measured, worst, tolerance: 2e-3, "\(recording.name): worst frame")
    }

    /// ScrollMechanics' ω = 10/s, from the state fitted at 10/s, is 11.4, 6.1 and 10.8 pt off at its worst frame.
    @Test(arguments: [(0, 11.379), (1, 6.143), (2, 10.819)])
    func theOldBounceWasOff(index: Int, worst: Double) throws {
        let recording = UIKitBounceRecording.all[index]
        let fit = try #require(CriticalSpringFit(times: recording.times, displacements: recording.overscroll, omega: 10))
        expectClose(fit.maxAbsoluteResidual, worst, tolerance: 2e-3, "\(recording.name): worst frame at ω = 10")
    }

    @Test func theRecordingsAreAsPublished() {
        #expect(UIKitBounceRecording.all.map(\.values.count) == [49, 45, 50])
        expectClose(UIKitBounceRecording.flingInto3x.overscroll.max() ?? 0, 145, tolerance: 1e-9, "peak, 3x")
        expectClose(UIKitBounceRecording.releaseFromPull2x.overscroll.first ?? 0, 393.5, tolerance: 1e-9, "release")
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
