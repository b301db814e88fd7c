import Foundation

/// Estimates a finger's velocity on one axis from its samples: a least-squares quadratic fit (LSQ2)
/// over the last `horizon` seconds, as Flutter's and Android's default trackers do.
public struct VelocityTracker: Sendable {
    /// Samples older than this (relative to the newest) are ignored: 100 ms.
    public static let defaultHorizon = 0.1
    /// A gap between samples (or between the newest sample and the release) longer than this means the finger stopped: 40 ms.
    public static let defaultAssumePointerStoppedTime = 0.04
    /// Fewer samples than this give a velocity of 0.
    public static let minimumSampleCount = 3

    public var horizon: Double
    public var assumePointerStoppedTime: Double
    private var samples: [(time: Double, position: Double)] = []

    public init(horizon: Double = VelocityTracker.defaultHorizon,
                assumePointerStoppedTime: Double = VelocityTracker.defaultAssumePointerStoppedTime) {
        self.horizon = horizon
        self.assumePointerStoppedTime = assumePointerStoppedTime
    }

    /// Adds a sample; times must not decrease.
    public mutating func add(time: Double, position: Double) {
        samples.append((time, position))
        // Only the samples within the horizon can matter; keep the buffer small.
        if samples.count > 64, let newest = samples.last?.time {
            samples.removeAll { newest - $0.time > horizon }
        }
    }

    public mutating func reset() { samples.removeAll() }

    /// The velocity in points per second. `releaseTime`, when given, is when the finger lifted: if the newest
    /// sample is older than `assumePointerStoppedTime` by then, the finger had stopped and the velocity is 0.
    public func velocity(releaseTime: Double? = nil) -> Double {
        guard let newest = samples.last else { return 0 }
        if let releaseTime, releaseTime - newest.time > assumePointerStoppedTime { return 0 }
        var window: [(Double, Double)] = []
        var previousTime = newest.time
        for sample in samples.reversed() {
            let age = newest.time - sample.time
            if age > horizon + 1e-12 || previousTime - sample.time > assumePointerStoppedTime { break }
            // Times in milliseconds relative to the newest sample, as Flutter's solver uses them.
            window.append(((sample.time - newest.time) * 1000, sample.position))
            previousTime = sample.time
        }
        guard window.count >= Self.minimumSampleCount else { return 0 }
        guard let slopePerMillisecond = Self.quadraticFitSlope(window) else { return 0 }
        return slopePerMillisecond * 1000
    }

    /// Fits `x = a + b·t + c·t²` by least squares and returns `b`, or nil if the times do not determine a quadratic.
    static func quadraticFitSlope(_ points: [(Double, Double)]) -> Double? {
        // Normal equations of the 3×3 system, solved by Gaussian elimination with partial pivoting.
        var s = [Double](repeating: 0, count: 5)   // Σ tⁿ for n = 0...4
        var r = [Double](repeating: 0, count: 3)   // Σ x·tⁿ for n = 0...2
        for (t, x) in points {
            var p = 1.0
            for n in 0..<5 {
                s[n] += p
                if n < 3 { r[n] += x * p }
                p *= t
            }
        }
        var m: [[Double]] = [[s[0], s[1], s[2], r[0]], [s[1], s[2], s[3], r[1]], [s[2], s[3], s[4], r[2]]]
        for column in 0..<3 {
            let pivot = (column..<3).max { abs(m[$0][column]) < abs(m[$1][column]) }!
            guard abs(m[pivot][column]) > 1e-12 * max(1, abs(s[4])) else { return nil }
            m.swapAt(column, pivot)
            for row in 0..<3 where row != column {
                let factor = m[row][column] / m[column][column]
                for k in column..<4 { m[row][k] -= factor * m[column][k] }
            }
        }
        let b = m[1][3] / m[1][1]
        return b.isFinite ? b : nil
    }
}
