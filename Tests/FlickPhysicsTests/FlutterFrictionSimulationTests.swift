import Foundation
import Testing
@testable import FlickPhysics

/// Flutter's own assertions on `FrictionSimulation`, ported one for one:
/// `packages/flutter/test/physics/friction_simulation_test.dart` (3 tests, 36 expectations) and the friction tests of
/// `packages/flutter/test/physics/newton_test.dart` (`test_friction`, `test_friction_through`,
/// `BoundedFrictionSimulation control test`: 28 expectations).
/// `moreOrLessEquals` without an epsilon is Flutter's `precisionErrorTolerance`, 1e-10.
@Suite struct FlutterFrictionSimulationTests {
    static let precisionErrorTolerance = 1e-10

    // MARK: friction_simulation_test.dart

    /// 'Friction simulation positive velocity'.
    @Test func frictionSimulationPositiveVelocity() {
        let friction = FrictionSimulation(drag: 0.135, position: 100, velocity: 100)
        let e = Self.precisionErrorTolerance
        expectClose(friction.x(0), 100, tolerance: e, "x(0)")
        expectClose(friction.dx(0), 100, tolerance: e, "dx(0)")
        expectClose(friction.x(0.1), 110, tolerance: 1, "x(0.1)")
        expectClose(friction.x(0.5), 131, tolerance: 1, "x(0.5)")
        expectClose(friction.x(2.0), 149, tolerance: 1, "x(2.0)")
        expectClose(friction.finalX, 149, tolerance: 1, "finalX")
        #expect(friction.timeAtX(100) == 0)
        expectClose(friction.timeAtX(friction.x(0.1)), 0.1, tolerance: e, "timeAtX(x(0.1))")
        expectClose(friction.timeAtX(friction.x(0.5)), 0.5, tolerance: e, "timeAtX(x(0.5))")
        expectClose(friction.timeAtX(friction.x(2.0)), 2.0, tolerance: e, "timeAtX(x(2.0))")
        #expect(friction.timeAtX(-1) == .infinity)
        #expect(friction.timeAtX(200) == .infinity)
    }

    /// 'Friction simulation negative velocity'.
    @Test func frictionSimulationNegativeVelocity() {
        let friction = FrictionSimulation(drag: 0.135, position: 100, velocity: -100)
        let e = Self.precisionErrorTolerance
        expectClose(friction.x(0), 100, tolerance: e, "x(0)")
        expectClose(friction.dx(0), -100, tolerance: e, "dx(0)")
        expectClose(friction.x(0.1), 91, tolerance: 1, "x(0.1)")
        expectClose(friction.x(0.5), 68, tolerance: 1, "x(0.5)")
        expectClose(friction.x(2.0), 51, tolerance: 1, "x(2.0)")
        expectClose(friction.finalX, 50, tolerance: 1, "finalX")
        #expect(friction.timeAtX(100) == 0)
        expectClose(friction.timeAtX(friction.x(0.1)), 0.1, tolerance: e, "timeAtX(x(0.1))")
        expectClose(friction.timeAtX(friction.x(0.5)), 0.5, tolerance: e, "timeAtX(x(0.5))")
        expectClose(friction.timeAtX(friction.x(2.0)), 2.0, tolerance: e, "timeAtX(x(2.0))")
        #expect(friction.timeAtX(101) == .infinity)
        #expect(friction.timeAtX(40) == .infinity)
    }

    /// 'Friction simulation constant deceleration'.
    @Test func frictionSimulationConstantDeceleration() {
        let friction = FrictionSimulation(drag: 0.135, position: 100, velocity: -100, constantDeceleration: 100)
        let e = Self.precisionErrorTolerance
        expectClose(friction.x(0), 100, tolerance: e, "x(0)")
        expectClose(friction.dx(0), -100, tolerance: e, "dx(0)")
        expectClose(friction.x(0.1), 91, tolerance: 1, "x(0.1)")
        expectClose(friction.x(0.5), 80, tolerance: 1, "x(0.5)")
        expectClose(friction.x(2.0), 80, tolerance: 1, "x(2.0)")
        expectClose(friction.finalX, 80, tolerance: 1, "finalX")
        #expect(friction.timeAtX(100) == 0)
        expectClose(friction.timeAtX(friction.x(0.1)), 0.1, tolerance: e, "timeAtX(x(0.1))")
        expectClose(friction.timeAtX(friction.x(0.2)), 0.2, tolerance: e, "timeAtX(x(0.2))")
        expectClose(friction.timeAtX(friction.x(0.3)), 0.3, tolerance: e, "timeAtX(x(0.3))")
        #expect(friction.timeAtX(101) == .infinity)
        #expect(friction.timeAtX(40) == .infinity)
    }

    // MARK: newton_test.dart

    /// 'test_friction'.
    @Test func testFriction() {
        var friction = FrictionSimulation(drag: 0.3, position: 100, velocity: 400)
        friction.tolerance = Tolerance(velocity: 1)
        #expect(!friction.isDone(0))
        #expect(friction.x(0) == 100)
        #expect(friction.dx(0) == 400)
        #expect(friction.x(1) > 330 && friction.x(1) < 335, "x(1) = \(friction.x(1))")
        #expect(friction.dx(1) == 120)
        #expect(friction.dx(2) == 36)
        expectClose(friction.dx(3), 10.8, tolerance: Self.precisionErrorTolerance, "dx(3)")
        #expect(friction.dx(4) < 3.5)
        #expect(friction.isDone(5))
        #expect(friction.x(5) > 431 && friction.x(5) < 432, "x(5) = \(friction.x(5))")
    }

    /// 'test_friction_through'.
    @Test func testFrictionThrough() {
        let e = Self.precisionErrorTolerance
        // Positive velocities.
        var f = FrictionSimulation(drag: 0.025, position: 10, velocity: 600)
        var endPosition = f.x(1), endVelocity = f.dx(1)
        #expect(endPosition > 10)
        #expect(endVelocity < 600)
        var friction = FrictionSimulation.through(startPosition: 10, endPosition: endPosition, startVelocity: 600,
                                                  endVelocity: endVelocity)
        #expect(!friction.isDone(0))
        #expect(friction.x(0) == 10)
        #expect(friction.dx(0) == 600)
        #expect(friction.isDone(1 + e))
        expectClose(friction.x(1), endPosition, tolerance: e, "x(1)")
        expectClose(friction.dx(1), endVelocity, tolerance: e, "dx(1)")
        // The same with negative velocities.
        f = FrictionSimulation(drag: 0.025, position: 1000, velocity: -500)
        endPosition = f.x(1)
        endVelocity = f.dx(1)
        #expect(endPosition < 1000)
        #expect(endVelocity > -500)
        friction = FrictionSimulation.through(startPosition: 1000, endPosition: endPosition, startVelocity: -500,
                                              endVelocity: endVelocity)
        #expect(friction.isDone(1 + e))
        expectClose(friction.x(1), endPosition, tolerance: e, "x(1)")
        expectClose(friction.dx(1), endVelocity, tolerance: e, "dx(1)")
    }

    /// 'BoundedFrictionSimulation control test'.
    @Test func boundedFrictionSimulationControlTest() {
        let friction = BoundedFrictionSimulation(drag: 0.3, position: 100, velocity: 400, range: 50...150,
                                                 tolerance: Tolerance(velocity: 1))
        #expect(!friction.isDone(0))
        #expect(friction.x(0) == 100)
        #expect(friction.dx(0) == 400)
        #expect(friction.x(1) == 150)
        #expect(friction.isDone(1))
    }

    // MARK: Flick's own checks of the transcription (reference values computed from the source formula)

    /// The stop time is Flutter's ten Newton steps: −10/ln(drag) without a constant deceleration.
    @Test func finalTimeIsNewtonsEstimate() {
        let friction = FrictionSimulation(drag: 0.135, position: 0, velocity: 1000)
        expectClose(friction.finalTime, -10 / log(0.135), tolerance: 1e-12, "finalTime")
        expectClose(friction.finalTime, 4.9938064302173375, tolerance: 1e-12, "finalTime")
        // After it the particle rests exactly at finalX; before it the closed form runs.
        #expect(friction.x(5) == friction.finalX)
        #expect(friction.dx(5) == 0)
        expectClose(friction.finalX, 499.38064302173374, tolerance: 1e-9, "finalX = 0.49938·v")
        let decelerated = FrictionSimulation(drag: 0.135, position: 100, velocity: -100, constantDeceleration: 100)
        expectClose(decelerated.finalTime, 0.4260596, tolerance: 1e-6, "finalTime with c = 100")
        expectClose(decelerated.finalX, 80.414866, tolerance: 1e-6, "finalX with c = 100")
        expectClose(decelerated.x(0.1), 91.437624, tolerance: 1e-6, "x(0.1) with c = 100")
    }

    /// Flutter's drag 0.135 is UIKit's 0.998 per millisecond to within 0.03 %.
    @Test func uiScrollViewDragMatchesDecelerationRate() {
        expectClose(pow(DecelerationRate.normal.rawValue, 1000), 0.135064522, tolerance: 1e-9, "0.998^1000")
        let flutter = FrictionSimulation(drag: FrictionSimulation.uiScrollViewDrag, position: 0, velocity: 2000)
        let uikit = Deceleration(origin: 0, initialVelocity: 2000)
        expectClose(flutter.finalX, 998.7613, tolerance: 1e-4, "D12 finalX")
        #expect(abs(flutter.finalX / uikit.destination - 1) < 3e-4)
        expectClose(flutter.x(0.5), 631.793, tolerance: 1e-3, "D12 x(0.5)")
    }
}
