import FlickPhysics
import Testing

/// A motion stretched with a layout (a pager's settle during a resize: its offset is `page × width`).
@Suite struct AxisMotionScaleTests {
    static let halfPixel = 0.5 / 3
    /// From 100 pt to 390 pt (page 1 of a 390-pt pager) at 800 pt/s, starting at 1 s.
    static let settle = AxisMotion.spring(from: 100, to: 390, velocity: 800, spring: .standard,
                                          threshold: halfPixel, start: 1)

    @Test("Stretched in two steps or in one, positions and velocities are multiplied by the product")
    func stepsCompose() {
        let once = Self.settle.scaled(by: 844.0 / 390, threshold: Self.halfPixel)
        let twice = Self.settle.scaled(by: 600.0 / 390, threshold: Self.halfPixel)
            .scaled(by: 844.0 / 600, threshold: Self.halfPixel)
        for t in [1.0, 1.05, 1.1, 1.2, 1.4] {
            let factor = 844.0 / 390
            #expect(abs(once.position(at: t) - factor * Self.settle.position(at: t)) < 1e-9)
            #expect(abs(twice.position(at: t) - once.position(at: t)) < 1e-9)
            #expect(abs(twice.velocity(at: t) - factor * Self.settle.velocity(at: t)) < 1e-9)
        }
        #expect(abs(once.finalPosition - 844) < 1e-9)
        #expect(abs(twice.endTime - once.endTime) < 1e-12)
    }

    @Test("It rests where it is told, and a stretched spring settles when its stretched distance stays under the threshold")
    func restAndEnd() {
        let grown = Self.settle.scaled(by: 2, restingAt: 780, threshold: Self.halfPixel)
        #expect(grown.finalPosition == 780)
        let spring = SpringMotion(spring: .standard, from: 100, to: 390, initialVelocity: 800)
        #expect(grown.endTime == 1 + spring.settlingDuration(threshold: Self.halfPixel / 2))
        #expect(grown.endTime > Self.settle.endTime)
        // Just before its end it is within the threshold of its rest; after, exactly there.
        #expect(abs(grown.position(at: grown.endTime - 1e-9) - 780) < Self.halfPixel)
        #expect(grown.position(at: grown.endTime) == 780)
    }

    @Test("Never stretched, a motion gives its laws' numbers to the last bit")
    func unscaledIsExact() {
        let shifted = Self.settle.shifted(by: 10)
        for t in [1.0, 1.07, 1.3] {
            #expect(shifted.position(at: t) == Self.settle.position(at: t) + 10)
            #expect(shifted.velocity(at: t) == Self.settle.velocity(at: t))
        }
    }
}
