import Foundation
import Testing
import FlickPhysics

/// Spring parametrisations against the tools' published numbers (Sources/FlickPhysics/SpringConversions.swift cites them).
@Suite struct SpringConversionTests {
    /// Apple's `Spring` documentation: `Spring(duration: 0.5, bounce: 0.3)` is mass 1, stiffness 157.9, damping 17.6.
    @Test func swiftUIDurationAndBounceAsAppleDocumentsIt() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        expectClose(spring.stiffness, 157.9, tolerance: 0.05, "k")
        expectClose(spring.damping, 17.6, tolerance: 0.05, "c")
        // Exactly: k = (2π/0.5)², c = 2·0.7·√k.
        expectClose(spring.stiffness, pow(4 * Double.pi, 2), tolerance: 1e-9, "k")
        expectClose(spring.damping, 1.4 * 4 * Double.pi, tolerance: 1e-9, "c")
    }

    /// Apple's second example: `Spring(mass: 1, stiffness: 100, damping: 10)` has duration 0.63 and bounce 0.5.
    @Test func massStiffnessDampingReadAsDurationAndBounce() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        expectClose(spring.swiftUIDuration, 0.63, tolerance: 0.005, "duration")
        expectClose(spring.swiftUIDuration, 2 * Double.pi / 10, tolerance: 1e-12, "duration")
        expectClose(spring.swiftUIBounce, 0.5, tolerance: 1e-12, "bounce")
    }

    /// The piecewise damping fraction: 0 is critical, 1 undamped, −0.5 a damping ratio of 2.
    @Test(arguments: [(0.0, 1.0), (1.0, 0.0), (0.3, 0.7), (-0.5, 2.0), (-0.2, 1.25)])
    func dampingRatioOfABounce(bounce: Double, ratio: Double) {
        expectClose(Spring.dampingRatio(bounce: bounce), ratio, tolerance: 1e-12, "ζ")
        // And back, through a spring.
        expectClose(Spring(duration: 0.4, bounce: bounce).swiftUIBounce, bounce, tolerance: 1e-12, "bounce")
        expectClose(Spring(duration: 0.4, bounce: bounce).swiftUIDuration, 0.4, tolerance: 1e-12, "duration")
    }

    /// Rebound's default Origami spring, tension 40 and friction 7 (`SpringConfig.fromOrigamiTensionAndFriction(40, 7)`):
    /// stiffness (40 − 30)·3.62 + 194 = 230.2, damping (7 − 8)·3 + 25 = 22.
    @Test func reboundsDefaultOrigamiSpring() {
        let spring = Spring(origamiTension: 40, friction: 7)
        expectClose(spring.stiffness, 230.2, tolerance: 1e-9, "k")
        expectClose(spring.damping, 22, tolerance: 1e-9, "c")
        expectClose(spring.origamiTension, 40, tolerance: 1e-9, "tension")
        expectClose(spring.origamiFriction, 7, tolerance: 1e-9, "friction")
        // Rebound maps 0 to 0 both ways.
        #expect(Origami.stiffness(tension: 0) == 0)
        #expect(Origami.friction(damping: 0) == 0)
    }

    /// Flick's sheet spring (response 0.3 s, critical) in every tool's terms, and back to the same spring.
    @Test func theStandardSpringRoundTrips() {
        let spring = Spring.standard
        expectClose(spring.swiftUIBounce, 0, tolerance: 1e-12, "bounce")
        expectClose(spring.swiftUIDuration, 0.3, tolerance: 1e-12, "duration")
        let origami = Spring(origamiTension: spring.origamiTension, friction: spring.origamiFriction)
        expectClose(origami.stiffness, spring.stiffness, tolerance: 1e-9, "k")
        expectClose(origami.damping, spring.damping, tolerance: 1e-9, "c")
        // A mass-2 spring converts through its unit-mass equivalent: the same motion.
        let heavy = Spring(mass: 2, stiffness: 2 * spring.stiffness, damping: 2 * spring.damping)
        expectClose(heavy.origamiTension, spring.origamiTension, tolerance: 1e-9, "tension")
        expectClose(heavy.swiftUIBounce, 0, tolerance: 1e-12, "bounce")
    }
}
