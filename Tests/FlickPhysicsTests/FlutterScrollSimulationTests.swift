import Foundation
import Testing
@testable import FlickPhysics

/// Flutter's own assertions on `ClampingScrollSimulation` and `BouncingScrollPhysics`, ported one for one:
/// every test of `packages/flutter/test/widgets/scroll_simulation_test.dart` (and 'velocity eventually reaches zero'
/// from its earlier version), the 'BouncingScrollPhysics test' group of
/// `packages/flutter/test/widgets/scroll_physics_test.dart`, and that file's
/// "Creating the simulation doesn't alter the velocity for time 0".
@Suite struct FlutterScrollSimulationTests {
    static let precisionErrorTolerance = 1e-10

    /// The (position, velocity) pairs of 'has a stable initial conditions' and 'satisfies a physical acceleration
    /// formula'.
    static let pairs: [(Double, Double)] = [
        (51.0, 2866.91537), (584.0, 2617.294734), (345.0, 1982.785934), (0.0, 1831.366634), (-156.2, 1541.57665),
        (4.0, 1139.250439), (4534.0, 1073.553798), (75.0, 614.2093), (5469.0, 182.114534),
    ]

    // MARK: scroll_simulation_test.dart

    /// 'ClampingScrollSimulation has a stable initial conditions'.
    @Test(arguments: pairs)
    func stableInitialConditions(position: Double, velocity: Double) {
        let simulation = ClampingScrollSimulation(position: position, velocity: velocity)
        expectClose(simulation.x(0), position, tolerance: Self.precisionErrorTolerance, "x(0)")
        expectClose(simulation.dx(0), velocity, tolerance: Self.precisionErrorTolerance, "dx(0)")
    }

    /// 'ClampingScrollSimulation velocity eventually reaches zero' (the file's earlier version).
    @Test(arguments: pairs + [(51.0, 2000.0)])
    func velocityEventuallyReachesZero(position: Double, velocity: Double) {
        #expect(ClampingScrollSimulation(position: position, velocity: velocity).dx(10) == 0)
    }

    /// 'ClampingScrollSimulation only decelerates, never speeds up'.
    @Test func onlyDecelerates() {
        let simulation = ClampingScrollSimulation(position: 0, velocity: 8000)
        var time = 0.0
        var velocity = simulation.dx(time)
        while !simulation.isDone(time) {
            #expect(time < 3)
            time += 1.0 / 60
            let next = simulation.dx(time)
            #expect(next <= velocity)
            velocity = next
        }
    }

    /// 'ClampingScrollSimulation reaches a smooth stop: velocity is continuous and goes to zero'.
    @Test func reachesASmoothStop() {
        let maxDeceleration = 5130.0
        let simulation = ClampingScrollSimulation(position: 0, velocity: 8000)
        var time = 0.0
        var velocity = simulation.dx(time)
        let delta = 1.0 / 60
        repeat {
            #expect(time < 3)
            time += delta
            let next = simulation.dx(time)
            #expect(abs(next - velocity) < delta * maxDeceleration)
            velocity = next
        } while !simulation.isDone(time)
        expectClose(velocity, 0, tolerance: Self.precisionErrorTolerance, "final velocity")
    }

    /// 'ClampingScrollSimulation is ballistic': restarting from the current state every frame follows the same path.
    @Test func isBallistic() {
        let delta = 1.0 / 90
        let undisturbed = ClampingScrollSimulation(position: 0, velocity: 8000)
        var time = 0.0
        var restarted = undisturbed
        var xsRestarted: [Double] = [], xsUndisturbed: [Double] = []
        var dxsRestarted: [Double] = [], dxsUndisturbed: [Double] = []
        repeat {
            #expect(time < 4)
            time += delta
            restarted = ClampingScrollSimulation(position: restarted.x(delta), velocity: restarted.dx(delta))
            xsRestarted.append(restarted.x(0))
            xsUndisturbed.append(undisturbed.x(time))
            dxsRestarted.append(restarted.dx(0))
            dxsUndisturbed.append(undisturbed.dx(time))
        } while !restarted.isDone(0) || !undisturbed.isDone(time)
        expectClose(xsRestarted.last!, xsUndisturbed.last!, tolerance: Self.precisionErrorTolerance, "distance")
        for i in xsRestarted.indices {
            expectClose(xsRestarted[i], xsUndisturbed[i], tolerance: Self.precisionErrorTolerance, "x[\(i)]")
            expectClose(dxsRestarted[i], dxsUndisturbed[i], tolerance: Self.precisionErrorTolerance, "dx[\(i)]")
        }
    }

    /// 'ClampingScrollSimulation satisfies a physical acceleration formula'.
    @Test(arguments: pairs)
    func satisfiesAPhysicalAccelerationFormula(position: Double, velocity: Double) {
        let rate = log(0.78) / log(0.9)
        let referenceVelocity = 0.015 * 9.80665 * 39.37 * 160.0 * 0.84 / 0.35
        let referenceDuration = rate * 0.35
        let referenceDeceleration = (rate - 1) * referenceVelocity / referenceDuration
        func acceleration(_ v: Double) -> Double {
            -FrictionSimulation.sign(v) * referenceDeceleration * pow(abs(v) / referenceVelocity, (rate - 2) / (rate - 1))
        }
        func jerk(_ v: Double) -> Double {
            referenceVelocity / referenceDuration / referenceDuration * (rate - 1) * (rate - 2)
                * pow(abs(v) / referenceVelocity, (rate - 3) / (rate - 1))
        }
        let simulation = ClampingScrollSimulation(position: position, velocity: velocity)
        let delta = 1.0 / 60
        var time = 0.0
        while time < 2 {
            let difference = simulation.dx(time + delta) - simulation.dx(time)
            let predicted = delta * acceleration(simulation.dx(time + delta / 2))
            let bound = jerk(simulation.dx(time + delta)) * pow(delta, 2) / 2
            #expect(abs(difference - predicted) < bound, "t = \(time)")
            time += delta
        }
    }

    // MARK: scroll_physics_test.dart, group 'BouncingScrollPhysics test' (min 0, viewport 100)

    let physics = BouncingScrollPhysics()

    func applied(_ offset: Double, pixels: Double, max: Double = 1000) -> Double {
        physics.applyPhysicsToUserOffset(offset, pixels: pixels, range: 0...max, viewport: 100)
    }

    /// 'overscroll is progressively harder'.
    @Test func overscrollIsProgressivelyHarder() {
        let less = applied(10, pixels: -20)
        let more = applied(10, pixels: -40)
        #expect(less > 1)
        #expect(less < 20)
        #expect(more > 1)
        #expect(more < 20)
        #expect(abs(less) > abs(more))
    }

    /// 'easing an overscroll still has resistance'.
    @Test func easingAnOverscrollStillHasResistance() {
        let easing = applied(-10, pixels: -20)
        #expect(easing < -1)
        #expect(easing > -10)
    }

    /// 'no resistance when not overscrolled'.
    @Test func noResistanceWhenNotOverscrolled() {
        #expect(applied(10, pixels: 300) == 10)
        #expect(applied(-10, pixels: 300) == -10)
    }

    /// 'easing an overscroll meets less resistance than tensioning'.
    @Test func easingMeetsLessResistanceThanTensioning() {
        #expect(abs(applied(-10, pixels: -20)) > abs(applied(10, pixels: -20)))
    }

    /// 'overscroll a small list and a big list works the same way'.
    @Test func smallAndBigListsOverscrollTheSameWay() {
        let small = applied(10, pixels: -20, max: 10)
        let big = applied(10, pixels: -20, max: 1000)
        #expect(small == big)
        #expect(small > 1)
        #expect(small < 20)
    }

    /// "ScrollPhysics scrolling subclasses - Creating the simulation doesn't alter the velocity for time 0"
    /// (min 0, max 100, pixels 20, viewport 500; Flutter's test binding has a device pixel ratio of 3).
    @Test func creatingTheSimulationDoesNotAlterTheVelocity() {
        let tolerance = Tolerance.scroll(devicePixelRatio: 3)
        let bounce = BouncingScrollPhysics().ballistic(position: 20, velocity: 1000, range: 0...100, tolerance: tolerance)
        expectClose(bounce!.dx(0), 1000, tolerance: Self.precisionErrorTolerance, "bouncing")
        let clamp = ClampingScrollPhysics.ballistic(position: 20, velocity: 1000, range: 0...100, tolerance: tolerance)
        expectClose(clamp!.dx(0), 1000, tolerance: Self.precisionErrorTolerance, "clamping")
        // PageScrollPhysics: a ScrollSpringSimulation to the next page.
        let page = Paging.targetPage(offset: 20, pageWidth: 500, velocity: 1000, velocityThreshold: tolerance.velocity)
        let spring = SpringSimulation.scroll(spring: BouncingScrollPhysics.defaultSpring, start: 20,
                                             end: Double(page) * 500, velocity: 1000, tolerance: tolerance)
        expectClose(spring.dx(0), 1000, tolerance: Self.precisionErrorTolerance, "page")
    }

    // MARK: Flick's checks of the transcription (values computed from the source formulas)

    /// `applyPhysicsToUserOffset` in numbers: f(0.2)·10 = 3.328, f(0.4)·10 = 1.872, easing f(0.1)·10 = 4.212.
    @Test(arguments: [
        (-20.0, 10.0, 3.328, 1.664), (-40.0, 10.0, 1.872, 0.936), (-20.0, -10.0, -4.212, -10.0),
        (-20.0, -30.0, -18.876, -30.0), (-5.0, -10.0, -6.278563, -10.0), (1020.0, 10.0, 4.212, 10.0),
        (1020.0, -10.0, -3.328, -1.664),
    ])
    func userOffsetResistance(pixels: Double, offset: Double, normal: Double, fast: Double) {
        expectClose(applied(offset, pixels: pixels), normal, tolerance: 1e-6, "normal")
        let desktop = BouncingScrollPhysics(rate: .fast)
        expectClose(desktop.applyPhysicsToUserOffset(offset, pixels: pixels, range: 0...1000, viewport: 100), fast,
                    tolerance: 1e-6, "fast")
    }

    @Test func frictionFactorAndCarriedMomentum() {
        expectClose(physics.frictionFactor(0), 0.52, tolerance: 1e-15, "f(0)")
        expectClose(physics.frictionFactor(0.5), 0.13, tolerance: 1e-15, "f(0.5)")
        #expect(physics.frictionFactor(1) == 0)
        expectClose(physics.carriedMomentum(1000), 649.6660, tolerance: 1e-4, "carried 1000")
        expectClose(physics.carriedMomentum(-1000), -649.6660, tolerance: 1e-4, "carried −1000")
        #expect(physics.carriedMomentum(9000) == 40000)
        #expect(physics.minFlingVelocity == 100)
        #expect(physics.maxFlingVelocity == 8000)
        #expect(BouncingScrollPhysics(rate: .fast).maxFlingVelocity == 64000)
    }

    /// `ScrollDragController.end` on a drag that caught 1000 pt/s (carried 649.666 pt/s), one row per release:
    /// added only in the same direction and faster than half the carried velocity (324.833 pt/s).
    @Test(arguments: [
        (500.0, 1149.6660), (325.0, 974.6660), (324.0, 324.0), (-2000.0, -2000.0), (0.0, 0.0),
    ])
    func carriedMomentumAtTheLift(release: Double, expected: Double) {
        let carried = CarriedMomentum(caught: 1000, physics: physics, at: 0)
        expectClose(carried.velocity, 649.6660, tolerance: 1e-4, "carried")
        expectClose(carried.releaseVelocity(release), expected, tolerance: 1e-4, "release \(release)")
    }

    /// `_maybeLoseMomentum`: lost once an update that moves nothing comes more than 20 ms after the last that moved.
    @Test func carriedMomentumIsLostWhenStill() {
        var carried = CarriedMomentum(caught: 1000, physics: physics, at: 0)
        carried.update(moved: true, at: 0.010)
        carried.update(moved: false, at: 0.030)
        #expect(carried.isRetained, "still for exactly 20 ms")
        carried.update(moved: false, at: 0.0301)
        #expect(!carried.isRetained)
        #expect(carried.releaseVelocity(2000) == 2000)
        carried.update(moved: true, at: 0.040)
        #expect(!carried.isRetained, "once lost, lost for the drag")
        #expect(!CarriedMomentum(caught: 0, physics: physics, at: 0).isRetained, "nothing caught")
    }

    /// The clamping fling in numbers (ClampingScrollSimulation at friction 0.015).
    @Test(arguments: [
        (1000.0, 0.458231, 194.3136, 164.0636, 342.5803),
        (3000.0, 1.028900, 1308.9210, 629.9879, 2055.5414),
        (8000.0, 2.118362, 7186.3628, 1842.0140, 6745.5102),
        (-3000.0, 1.028900, -1308.9210, -629.9879, -2055.5414),
    ])
    func clampingFling(velocity: Double, duration: Double, distance: Double, x025: Double, dx025: Double) {
        let fling = ClampingScrollSimulation(position: 0, velocity: velocity)
        expectClose(fling.duration, duration, tolerance: 1e-6, "T")
        expectClose(fling.distance, distance, tolerance: 1e-4, "distance")
        expectClose(fling.x(0.25), x025, tolerance: 1e-4, "x(0.25)")
        expectClose(fling.dx(0.25), dx025, tolerance: 1e-4, "dx(0.25)")
        let half = fling.distance / 2
        expectClose(fling.x(fling.time(toReach: half)!), half, tolerance: 1e-9, "x(time(toReach:))")
        #expect(fling.time(toReach: fling.distance * 1.01) == nil)
    }

    @Test func flingGate() {
        let gate = FlingGate(minVelocity: 100, maxVelocity: 8000, minDistance: BouncingScrollPhysics.touchSlop)
        #expect(gate.velocity(100, dragDistance: 50) == 0)
        #expect(gate.velocity(101, dragDistance: 50) == 101)
        #expect(gate.velocity(-9000, dragDistance: 50) == -8000)
        #expect(gate.velocity(3000, dragDistance: 18) == 0)
    }
}
