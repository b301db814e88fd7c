import Foundation
import Testing
@testable import FlickPhysics

/// Android's spline fling (`OverScroller.java`, `SplineOverScroller`). AOSP has no unit test asserting its distances or
/// durations; the anchors are values computed by transcribing `fling` and `update` with Java's `float` arithmetic, and
/// Flutter's port (`ClampingScrollSimulation`), whose tests pin the same law at density 1.
@Suite struct SplineOverScrollerTests {
    @Test func splineTable() {
        let p = SplineOverScroller.splinePosition
        #expect(p.count == 101)
        expectClose(Double(p[1]), 0.028561, tolerance: 1e-6, "P[1]")
        expectClose(Double(p[10]), 0.274002, tolerance: 1e-6, "P[10]")
        expectClose(Double(p[50]), 0.858411, tolerance: 1e-6, "P[50]")
        expectClose(Double(p[99]), 0.999960, tolerance: 1e-6, "P[99]")
        #expect(p[100] == 1)
        #expect(zip(p, p.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// Density 3 (velocities in px/s = 3 × pt/s): duration in ms, distance in px, positions in px at 100/250/500/1000 ms.
    @Test(arguments: [
        (1000, 247, 86, [67, 86, 86, 86]),
        (3000, 555, 582, [266, 478, 580, 582]),
        (8000, 1143, 3200, [774, 1697, 2591, 3179]),
        (24000, 2566, 21559, [2385, 5765, 10473, 16492]),
        (-3000, 555, -582, [-266, -478, -580, -582]),
    ])
    func densityThree(velocityPixels: Int, duration: Int, distance: Int, positions: [Int]) {
        let fling = SplineOverScroller(start: 0, velocity: Double(velocityPixels) / 3, density: 3)
        #expect(fling.velocityPixels == velocityPixels)
        #expect(fling.durationMilliseconds == duration)
        #expect(fling.distancePixels == distance)
        for (ms, expected) in zip([100, 250, 500, 1000], positions) {
            #expect(fling.state(atMilliseconds: ms).pixels == expected, "at \(ms) ms")
        }
    }

    @Test func velocityAndPoints() {
        let fling = SplineOverScroller(start: 100, velocity: 1000, density: 3)
        expectClose(Double(fling.state(atMilliseconds: 100).velocity), 2096.36, tolerance: 0.01, "px/s at 100 ms")
        expectClose(fling.velocity(at: 0.1), 2096.36 / 3, tolerance: 0.01, "pt/s at 0.1 s")
        expectClose(fling.position(at: 0.1), 100 + 266.0 / 3, tolerance: 1e-12, "pt at 0.1 s")
        #expect(fling.position(at: 0) == 100)
        #expect(fling.velocity(at: 0) == 3000.0 / 3)
        #expect(fling.position(at: 2) == fling.finalPosition)
        #expect(fling.velocity(at: 2) == 0)
        expectClose(fling.finalPosition, 100 + 582.0 / 3, tolerance: 1e-12, "rest")
    }

    /// At 420 ppi (density 2.625).
    @Test func densityTwoPointSixTwoFive() {
        let fling = SplineOverScroller(start: 0, velocity: 3000 / 2.625, density: 2.625)
        #expect(fling.durationMilliseconds == 612)
        #expect(fling.distancePixels == 643)
        #expect(fling.state(atMilliseconds: 250).pixels == 504)
    }

    /// Flutter's port travels the same distance: at density d, Android's px distance for v px/s is d × Flutter's for
    /// v/d pt/s, and its duration is Flutter's `T_android` (`ClampingScrollSimulation.duration / (d·INFLEXION)`).
    @Test(arguments: [1.0, 2.0, 3.0])
    func sameDistanceAsFlutterPort(density: Double) {
        for velocity in [500.0, 1000.0, 3000.0, 8000.0] {
            let android = SplineOverScroller(start: 0, velocity: velocity, density: density)
            let flutter = ClampingScrollSimulation(position: 0, velocity: Double(android.velocityPixels) / density)
            expectClose(Double(android.distancePixels), flutter.distance * density, tolerance: 1.001, "distance at \(velocity)")
            let androidDuration = flutter.duration / (ClampingScrollSimulation.decelerationRate * ClampingScrollSimulation.inflexion)
            expectClose(Double(android.durationMilliseconds), androidDuration * 1000, tolerance: 1.001, "duration at \(velocity)")
        }
    }

    @Test func timeToReach() {
        let fling = SplineOverScroller(start: 0, velocity: 1000, density: 3)
        let t = fling.time(toReach: 50)!
        #expect(fling.position(at: t) >= 50)
        #expect(fling.position(at: t - 0.001) < 50)
        #expect(fling.time(toReach: 1000) == nil)
        #expect(fling.time(toReach: -5) == nil)
        #expect(SplineOverScroller(start: 0, velocity: 0, density: 3).durationMilliseconds == 0)
    }
}
