import Foundation
import Testing
@testable import FlickPhysics

/// Flutter's own assertions on springs and `BouncingScrollSimulation`, ported one for one from
/// `packages/flutter/test/physics/newton_test.dart`: `spring_types`, `crit_spring`, `overdamped_spring`,
/// `underdamped_spring`, `test_kinetic_scroll`, `scroll_with_inf_edge_ends`, `over/under scroll spring`
/// (72 expectations; the friction tests of the same file are in `FlutterFrictionSimulationTests`).
/// `test_gravity` is not ported: Flick has no gravity law and no preset uses one.
@Suite struct FlutterNewtonTests {
    static let precisionErrorTolerance = 1e-10

    /// Flutter's `SpringDescription.withDampingRatio(mass:stiffness:ratio:)`.
    static func spring(mass: Double = 1, stiffness: Double, ratio: Double = 1) -> Spring {
        Spring(stiffness: stiffness, dampingRatio: ratio, mass: mass)
    }

    /// 'spring_types'.
    @Test func springTypes() {
        var crit = SpringSimulation(spring: Self.spring(stiffness: 100), start: 0, end: 300, velocity: 0)
        #expect(crit.type == .critical)
        crit = SpringSimulation(spring: Self.spring(stiffness: 100), start: 0, end: 300, velocity: 0)
        #expect(crit.type == .critical)
        let under = SpringSimulation(spring: Self.spring(stiffness: 100, ratio: 0.75), start: 0, end: 300, velocity: 0)
        #expect(under.type == .underDamped)
        let over = SpringSimulation(spring: Self.spring(stiffness: 100, ratio: 1.25), start: 0, end: 300, velocity: 0)
        #expect(over.type == .overDamped)
        let other = SpringSimulation(spring: Spring(mass: 1, stiffness: 100, damping: 20), start: 0, end: 20, velocity: 20)
        #expect(other.type == .critical)
    }

    /// 'crit_spring'.
    @Test func critSpring() {
        var crit = SpringSimulation(spring: Self.spring(stiffness: 100), start: 0, end: 500, velocity: 0)
        crit.tolerance = Tolerance(distance: 0.01, velocity: 0.01)
        #expect(crit.type == .critical)
        #expect(!crit.isDone(0))
        #expect(crit.x(0) == 0)
        #expect(crit.dx(0) == 0)
        #expect(crit.x(0.25).rounded(.down) == 356)
        #expect(crit.x(0.50).rounded(.down) == 479)
        #expect(crit.x(0.75).rounded(.down) == 497)
        #expect(crit.dx(0.25).rounded(.down) == 1026)
        #expect(crit.dx(0.50).rounded(.down) == 168)
        #expect(crit.dx(0.75).rounded(.down) == 20)
        #expect(crit.x(1.5) > 499 && crit.x(1.5) < 501)
        #expect(crit.dx(1.5) < 0.1)
        #expect(crit.isDone(1.60))
    }

    /// 'overdamped_spring'.
    @Test func overdampedSpring() {
        var over = SpringSimulation(spring: Self.spring(stiffness: 100, ratio: 1.25), start: 0, end: 500, velocity: 0)
        over.tolerance = Tolerance(distance: 0.01, velocity: 0.01)
        #expect(over.type == .overDamped)
        #expect(!over.isDone(0))
        #expect(over.x(0) == 0)
        expectClose(over.dx(0), 0, tolerance: Self.precisionErrorTolerance, "dx(0)")
        #expect(over.x(0.5).rounded(.down) == 445)
        #expect(over.x(1.0).rounded(.down) == 495)
        #expect(over.x(1.5).rounded(.down) == 499)
        #expect(over.dx(0.5).rounded(.down) == 273)
        #expect(over.dx(1.0).rounded(.down) == 22)
        #expect(over.dx(1.5).rounded(.down) == 1)
        #expect(over.isDone(3.0))
    }

    /// 'underdamped_spring'.
    @Test func underdampedSpring() {
        let under = SpringSimulation(spring: Self.spring(stiffness: 100, ratio: 0.25), start: 0, end: 300, velocity: 0)
        #expect(under.type == .underDamped)
        #expect(!under.isDone(0))
        expectClose(under.x(0), 0, tolerance: Self.precisionErrorTolerance, "x(0)")
        expectClose(under.dx(0), 0, tolerance: Self.precisionErrorTolerance, "dx(0)")
        #expect(under.x(1.0).rounded(.down) == 325)
        #expect(under.dx(1.0).rounded(.down) == -65)
        #expect(under.dx(6.0).rounded(.down) == 0)
        #expect(under.x(6.0).rounded(.down) == 299)
        #expect(under.isDone(6.0))
    }

    /// 'test_kinetic_scroll'.
    @Test(arguments: [800.0, -800.0])
    func testKineticScroll(velocity: Double) {
        let scroll = BouncingScrollSimulation(position: 100, velocity: velocity, leadingExtent: 0, trailingExtent: 300,
                                              spring: Self.spring(stiffness: 50, ratio: 0.5),
                                              tolerance: Tolerance(distance: 0.1, velocity: 0.5))
        #expect(!scroll.isDone(0))
        #expect(!scroll.isDone(0.5), "switch from friction to spring")
        #expect(scroll.isDone(3.5))
    }

    /// 'scroll_with_inf_edge_ends'.
    @Test func scrollWithInfEdgeEnds() {
        let scroll = BouncingScrollSimulation(position: 100, velocity: 400, leadingExtent: 0, trailingExtent: .infinity,
                                              spring: Self.spring(stiffness: 50, ratio: 0.5),
                                              tolerance: Tolerance(velocity: 1))
        #expect(!scroll.isDone(0))
        #expect(scroll.x(0) == 100)
        #expect(scroll.dx(0) == 400)
        expectClose(scroll.x(1.0), 272, tolerance: 1, "x(1)")
        expectClose(scroll.dx(1.0), 54, tolerance: 1, "dx(1)")
        expectClose(scroll.dx(2.0), 7, tolerance: 1, "dx(2)")
        #expect(scroll.dx(3.0) < 1)
        #expect(scroll.isDone(5.0))
        expectClose(scroll.x(5.0), 300, tolerance: 1, "x(5)")
    }

    /// 'over/under scroll spring'.
    @Test func overUnderScrollSpring() {
        let scroll = BouncingScrollSimulation(position: 500, velocity: -7500, leadingExtent: 0, trailingExtent: 1000,
                                              spring: Self.spring(stiffness: 170, ratio: 1.1),
                                              tolerance: Tolerance(distance: 1.5, velocity: 45))
        let e = Self.precisionErrorTolerance
        #expect(!scroll.isDone(0))
        expectClose(scroll.x(0), 500, tolerance: e, "x(0)")
        expectClose(scroll.dx(0), -7500, tolerance: e, "dx(0)")
        // Reaches 0 at about t = 0.07, where the friction hands over to the spring.
        #expect(!scroll.isDone(0.065))
        expectClose(scroll.x(0.065), 42, tolerance: 1, "x(0.065)")
        expectClose(scroll.dx(0.065), -6584, tolerance: 1, "dx(0.065)")
        // Underscrolled: the spring reverses the motion.
        #expect(!scroll.isDone(0.1))
        expectClose(scroll.x(0.1), -123, tolerance: 1, "x(0.1)")
        expectClose(scroll.dx(0.1), -2613, tolerance: 1, "dx(0.1)")
        // Heading back to 0 and slowing down.
        #expect(!scroll.isDone(0.5))
        expectClose(scroll.x(0.5), -15, tolerance: 1, "x(0.5)")
        expectClose(scroll.dx(0.5), 124, tolerance: 1, "dx(0.5)")
        // Back to the beginning, because it is a function of time.
        #expect(!scroll.isDone(0))
        expectClose(scroll.x(0), 500, tolerance: e, "x(0) again")
        expectClose(scroll.dx(0), -7500, tolerance: e, "dx(0) again")
        #expect(scroll.isDone(2.0))
        #expect(scroll.x(2.0) == 0)
        expectClose(scroll.dx(2.0), 0, tolerance: 1, "dx(2)")
    }

    // MARK: Flick's checks of the transcription against values computed from the source

    /// The hand-off of 'over/under scroll spring' happens where the friction reaches the edge, at 0.0715571 s; the
    /// negative velocity passes uncapped (Flutter caps with `min` at both edges).
    @Test func handOffTimeAndUncappedNegativeVelocity() {
        let scroll = BouncingScrollSimulation(position: 500, velocity: -7500, leadingExtent: 0, trailingExtent: 1000,
                                              spring: Self.spring(stiffness: 170, ratio: 1.1),
                                              tolerance: Tolerance(distance: 1.5, velocity: 45))
        expectClose(scroll.springTime, 0.0715571, tolerance: 1e-6, "springTime")
        expectClose(scroll.x(0.065), 42.8939, tolerance: 1e-4, "x(0.065)")
        expectClose(scroll.x(0.1), -123.5177, tolerance: 1e-4, "x(0.1)")
        expectClose(scroll.dx(0.5), 124.3931, tolerance: 1e-4, "dx(0.5)")
        #expect(scroll.spring!.motion.initialVelocity < -5000)
    }

    /// Flutter's default bounce (mass 0.5, stiffness 100, ratio 1.1) flung into the end, at dpr 3 (values computed from `scroll_simulation.dart`).
    @Test func defaultSpringFlingIntoTheEnd() {
        let physics = BouncingScrollPhysics()
        #expect(physics.spring.dampingRatio > 1)
        expectClose(physics.spring.damping, 15.556349186104047, tolerance: 1e-12, "c")
        let scroll = physics.ballistic(position: 900, velocity: 3000, range: 0...1000,
                                       tolerance: .scroll(devicePixelRatio: 3))!
        expectClose(scroll.springTime, 0.034497946, tolerance: 1e-8, "springTime")
        expectClose(scroll.spring!.motion.initialVelocity, 2799.75195, tolerance: 1e-4, "hand-off velocity")
        expectClose(scroll.x(0.10), 1068.2034, tolerance: 1e-4, "x(0.1)")
        expectClose(scroll.x(0.30), 1018.7870, tolerance: 1e-4, "x(0.3)")
        #expect(scroll.x(1.0) == 1000)
        // A very fast fling is capped at 5000 pt/s at the edge.
        let fast = physics.ballistic(position: 0, velocity: 8000, range: 0...1000, tolerance: .scroll(devicePixelRatio: 3))!
        #expect(fast.spring!.motion.initialVelocity == BouncingScrollSimulation.maxSpringTransferVelocity)
        // Released 100 pt past the end with no velocity: the spring alone (BF9).
        let back = physics.ballistic(position: 1100, velocity: 0, range: 0...1000, tolerance: .scroll(devicePixelRatio: 3))!
        expectClose(back.x(0.05), 1084.7360, tolerance: 1e-4, "x(0.05)")
        expectClose(back.x(0.20), 1026.8290, tolerance: 1e-4, "x(0.2)")
        expectClose(back.dx(0.05), -467.4895, tolerance: 1e-4, "dx(0.05)")
        #expect(!back.isDone(0.68))
        #expect(back.isDone(0.69))
        #expect(back.x(0.75) == 1000)
    }

    /// `SpringDescription.withDurationAndBounce` (`spring_simulation_test.dart` 'creates spring with expected results'
    /// and 'creates spring with negative bounce').
    @Test func durationAndBounce() {
        let bouncy = Spring(duration: 0.5, bounce: 0.3)
        #expect(bouncy.mass == 1)
        expectClose(bouncy.stiffness, 157.91, tolerance: 0.01, "k")
        expectClose(bouncy.damping, 17.59, tolerance: 0.01, "c")
        let slow = Spring(duration: 0.5, bounce: -0.3)
        expectClose(slow.stiffness, 157.91, tolerance: 0.01, "k")
        expectClose(slow.damping, 35.90, tolerance: 0.01, "c")
        // 'get duration and bounce based on mass and stiffness'.
        let described = Spring(mass: 1, stiffness: 157.91, damping: 17.59)
        #expect((described.perceptualDuration * 1000).rounded() == 500)
        expectClose(described.bounce, 0.3, tolerance: 0.001, "bounce")
    }
}
