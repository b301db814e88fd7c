import Foundation
import Testing
@testable import FlickPhysics

/// FloatingPanel's attraction animator (`NumericSpringAnimator`, `Sources/Core.swift`) stepped frame by frame.
/// FloatingPanel's own tests assert no numbers for it; these values were computed by transcribing its step and its stop
/// rule (half 417 → full 20, defaults, display scale 3).
@Suite struct NumericSpringAnimatorTests {
    func attraction(velocity: Double, refreshRate: Double) -> NumericSpringAnimator {
        FloatingPanelBehavior.default.attraction(from: 417, to: 20, velocity: velocity, displayScale: 3,
                                                 refreshRate: refreshRate)
    }

    @Test func dampingRatioFromTheDecelerationRate() {
        expectClose(attraction(velocity: -1000, refreshRate: 60).zeta, 0.5755516802484569, tolerance: 1e-12, "ζ")
        #expect(attraction(velocity: -300, refreshRate: 60).zeta == 1, "at or below 300 pt/s the spring is critical")
        expectClose(attraction(velocity: 0, refreshRate: 60).omega, 2 * Double.pi / 0.4, tolerance: 1e-12, "ω")
    }

    /// 60 Hz, released still (ζ = 1): it never overshoots and stops after 49 frames.
    @Test func sixtyHertzFromRest() {
        let spring = attraction(velocity: 0, refreshRate: 60)
        let expected: [(Int, Double)] = [(1, 399.9098), (3, 342.0712), (6, 247.0226), (12, 117.4165), (18, 59.1301),
                                         (24, 35.4242)]
        for (frame, x) in expected {
            expectClose(spring.positions[frame], x, tolerance: 1e-4, "frame \(frame)")
        }
        #expect(spring.frameCount == 49)
        expectClose(spring.duration, 49.0 / 60, tolerance: 1e-12, "duration")
        #expect(spring.positions.allSatisfy { $0 >= 20 })
    }

    /// 60 Hz after a −1000 pt/s release (ζ 0.5756): it overshoots full by 12.2 pt and stops after 32 frames.
    @Test func sixtyHertzFling() {
        let spring = attraction(velocity: -1000, refreshRate: 60)
        let expected: [(Int, Double)] = [(1, 384.9709), (3, 300.1991), (6, 173.3311), (12, 33.0208), (18, 7.8036),
                                         (24, 14.0046)]
        for (frame, x) in expected {
            expectClose(spring.positions[frame], x, tolerance: 1e-4, "frame \(frame)")
        }
        expectClose(spring.positions.min()!, 7.8036, tolerance: 1e-4, "deepest")
        #expect(spring.frameCount == 32)
    }

    /// 120 Hz after the same release: a different path (the step is frame-rate dependent), 23.5 pt of overshoot.
    @Test func oneHundredTwentyHertzFling() {
        let spring = attraction(velocity: -1000, refreshRate: 120)
        let expected: [(Int, Double)] = [(1, 404.0392), (3, 368.0962), (6, 299.9774), (12, 161.4652), (18, 62.8386),
                                         (24, 12.5226)]
        for (frame, x) in expected {
            expectClose(spring.positions[frame], x, tolerance: 1e-4, "frame \(frame)")
        }
        expectClose(spring.positions.min()!, -3.5465, tolerance: 1e-4, "deepest")
        #expect(spring.frameCount == 82)
    }

    /// Sampled at any time, it shows the last display frame: the output frame rate changes nothing.
    @Test func sampledAtAnyTimeShowsTheLastDisplayFrame() {
        let spring = attraction(velocity: -1000, refreshRate: 120)
        #expect(spring.position(at: 0) == 417)
        #expect(spring.position(at: 0.004) == 417)
        #expect(spring.position(at: 1.0 / 120) == spring.positions[1])
        #expect(spring.position(at: 0.1) == spring.positions[12])
        #expect(spring.position(at: 0.1) == spring.position(at: 0.1 + 1.0 / 240))
        #expect(spring.velocity(at: 0.1) == spring.velocities[12])
        #expect(spring.position(at: spring.duration) == 20)
        #expect(spring.velocity(at: 10) == 0)
        // Every 60 fps sample is a 120 Hz frame.
        for i in 0..<40 {
            #expect(spring.position(at: Double(i) / 60) == spring.positions[min(2 * i, spring.frameCount)])
        }
    }

    @Test func alreadyAtTheTargetDoesNotMove() {
        let still = FloatingPanelBehavior.default.attraction(from: 20, to: 20, velocity: 500, displayScale: 3)
        #expect(still.frameCount == 0)
        #expect(still.position(at: 0.5) == 20)
        #expect(still.velocity(at: 0) == 0)
    }
}
