import Testing
@testable import FlickPhysics

/// The least-squares (LSQ2) velocity tracker: docs/physics.md, "Reference vectors", rows V1–V5.
@Suite struct VelocityTrackerTests {
    /// A tracker fed with samples given in milliseconds, as the reference table gives them.
    static func tracker(_ samples: [(ms: Double, position: Double)]) -> VelocityTracker {
        var tracker = VelocityTracker()
        for sample in samples { tracker.add(time: sample.ms / 1000, position: sample.position) }
        return tracker
    }

    static let v1 = (0..<8).map { (ms: Double($0) * 16, position: Double($0) * 10) }
    static let v2: [(ms: Double, position: Double)] = [(0, 0), (10, 5), (20, 15), (30, 30), (40, 50)]
    static let v3: [(ms: Double, position: Double)] = [(0, 0), (10, 20), (20, 35), (30, 45), (40, 50)]
    static let v4: [(ms: Double, position: Double)] = [(0, 0), (16, 10)]
    static let v5: [(ms: Double, position: Double)] = [(0, 0), (8, 10), (16, 20), (70, 30), (78, 40), (86, 50)]

    @Test func defaults() {
        #expect(VelocityTracker.defaultHorizon == 0.1)
        #expect(VelocityTracker.defaultAssumePointerStoppedTime == 0.04)
        #expect(VelocityTracker.minimumSampleCount == 3)
    }

    @Test(arguments: [
        ("V1: 10 px every 16 ms", v1, 625.0),
        ("V2: accelerating", v2, 2250.0),
        ("V3: decelerating", v3, 250.0),
        ("V4: only 2 samples", v4, 0.0),
        ("V5: a 54 ms gap keeps only the last 3 samples", v5, 1250.0),
    ])
    func leastSquares(name: String, samples: [(ms: Double, position: Double)], expected: Double) {
        expectClose(Self.tracker(samples).velocity(), expected, tolerance: 1e-6, name)
        // Mirrored motion gives the opposite velocity.
        expectClose(Self.tracker(samples.map { ($0.ms, -$0.position) }).velocity(), -expected, tolerance: 1e-6,
                    "\(name), mirrored")
        // Only differences matter: shifting the clock and the origin changes nothing.
        expectClose(Self.tracker(samples.map { ($0.ms + 12_345, $0.position + 700) }).velocity(), expected,
                    tolerance: 1e-6, "\(name), shifted")
    }

    @Test func fewerThanThreeSamplesGiveZero() {
        #expect(VelocityTracker().velocity() == 0)
        #expect(Self.tracker([(0, 0)]).velocity() == 0)
        #expect(Self.tracker([(0, 0), (16, 10)]).velocity() == 0)
        expectClose(Self.tracker([(0, 0), (16, 10), (32, 20)]).velocity(), 625, tolerance: 1e-6, "3 samples")
    }

    @Test func samplesOlderThanTheHorizonAreIgnored() {
        // Still for the first 100 ms, then 1000 px/s: only the last 100 ms (t = 100…200 ms) are on the line.
        let samples = stride(from: 0.0, through: 200, by: 20).map { (ms: $0, position: max(0, $0 - 100)) }
        expectClose(Self.tracker(samples).velocity(), 1000, tolerance: 1e-6, "v")
    }

    @Test func aReleaseLongAfterTheLastSampleGivesZero() {
        let tracker = Self.tracker(Self.v2)  // newest sample at 40 ms
        #expect(tracker.velocity(releaseTime: 0.040 + 0.041) == 0)
        #expect(tracker.velocity(releaseTime: 0.040 + 0.5) == 0)
    }

    @Test func aReleaseWithin40MillisecondsKeepsTheVelocity() {
        let tracker = Self.tracker(Self.v2)
        expectClose(tracker.velocity(releaseTime: 0.040), 2250, tolerance: 1e-6, "release at the last sample")
        expectClose(tracker.velocity(releaseTime: 0.040 + 0.039), 2250, tolerance: 1e-6, "release 39 ms later")
    }

    @Test func resetForgetsTheSamples() {
        var tracker = Self.tracker(Self.v1)
        tracker.reset()
        #expect(tracker.velocity() == 0)
        for (ms, position) in Self.v3 { tracker.add(time: ms / 1000, position: position) }
        expectClose(tracker.velocity(), 250, tolerance: 1e-6, "V3 after reset")
    }

    @Test func aLongDragKeepsTracking() {
        // 1000 samples at 8 ms, 1250 px/s: the buffer trims itself and the estimate stays exact.
        var tracker = VelocityTracker()
        for i in 0..<1000 { tracker.add(time: Double(i) * 0.008, position: Double(i) * 10) }
        expectClose(tracker.velocity(), 1250, tolerance: 1e-6, "v")
    }
}
