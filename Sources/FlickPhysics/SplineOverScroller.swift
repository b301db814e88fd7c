import Foundation

/// Android's fling (`android.widget.OverScroller`, inner class `SplineOverScroller`, `fling` and `update`): a
/// precomputed spline of distance against time, stretched to a duration and a distance that grow with the velocity
/// as powers of it. Android works in physical pixels, whole milliseconds and Java `float`s; this value does too,
/// at `density` pixels per point, so positions move by whole pixels as on a device.
///
/// The spline runs unbounded; a clamping list stops where it meets an edge (`time(toReach:)`), as `RecyclerView`
/// does when it absorbs the rest of a fling into its edge effect.
public struct SplineOverScroller: Hashable, Sendable {
    /// Where the fling starts, in points.
    public let start: Double
    /// Pixels per point (`DisplayMetrics.density`; Flick's `viewport.scale`).
    public let density: Double
    /// The release velocity in whole pixels per second, as `VelocityTracker` hands it to `fling` (truncated).
    public let velocityPixels: Int
    /// `mSplineDuration`: the fling's length in whole milliseconds.
    public let durationMilliseconds: Int
    /// `mSplineDistance`: how far it travels, in whole pixels (signed, truncated).
    public let distancePixels: Int

    /// `SensorManager.GRAVITY_EARTH`: 9.80665 m/s².
    public static let gravityEarth: Float = 9.80665
    /// Inches per metre, as `SplineOverScroller` writes it: 39.37.
    public static let inchesPerMeter: Float = 39.37
    /// Android's "look and feel tuning" of the physical coefficient: 0.84.
    public static let lookAndFeelTuning: Float = 0.84
    /// Pixels per inch at density 1 (mdpi): 160.
    public static let mdpiPixelsPerInch: Float = 160
    /// `ViewConfiguration.SCROLL_FRICTION`: 0.015.
    public static let scrollFriction: Float = 0.015
    /// `DECELERATION_RATE`: `(float)(ln 0.78 / ln 0.9)`.
    public static let decelerationRate = Float(log(0.78) / log(0.9))
    /// `INFLEXION`: 0.35.
    public static let inflexion: Float = 0.35
    /// `START_TENSION`: 0.5.
    public static let startTension: Float = 0.5
    /// `END_TENSION`: 1.0.
    public static let endTension: Float = 1.0
    /// `NB_SAMPLES`: the spline is tabulated at 100 equal steps of time.
    public static let sampleCount = 100
    /// `ViewConfiguration`'s minimum fling velocity: 50 dp/s (`(int)(density·50 + 0.5)` px/s).
    public static let minimumFlingVelocity = 50.0
    /// `ViewConfiguration`'s maximum fling velocity: 8000 dp/s.
    public static let maximumFlingVelocity = 8000.0

    /// `SPLINE_POSITION`: the distance covered (0...1) at each hundredth of the duration.
    public static let splinePosition: [Float] = {
        let p1 = startTension * inflexion
        let p2 = 1 - endTension * (1 - inflexion)
        var table = [Float](repeating: 0, count: sampleCount + 1)
        var xMin: Float = 0
        for i in 0..<sampleCount {
            let alpha = Float(i) / Float(sampleCount)
            var xMax: Float = 1
            var x: Float = 0, coef: Float = 0
            // Bisection for the spline parameter whose time is alpha, in float as Android computes it.
            while true {
                x = xMin + (xMax - xMin) / 2
                coef = 3 * x * (1 - x)
                let tx = coef * ((1 - x) * p1 + x * p2) + x * x * x
                if Double(abs(tx - alpha)) < 1e-5 { break }
                if tx > alpha { xMax = x } else { xMin = x }
            }
            table[i] = coef * ((1 - x) * startTension + x) + x * x * x
        }
        table[sampleCount] = 1
        return table
    }()

    /// A fling from `start` (pt) at `velocity` (pt/s) on a screen of `density` pixels per point.
    public init(start: Double, velocity: Double, density: Double, friction: Float = SplineOverScroller.scrollFriction) {
        self.start = start
        self.density = density
        let v = Int(velocity * density)
        velocityPixels = v
        guard v != 0 else {
            durationMilliseconds = 0
            distancePixels = 0
            return
        }
        let ppi = Float(density) * Self.mdpiPixelsPerInch
        let physicalCoefficient = Self.gravityEarth * Self.inchesPerMeter * ppi * Self.lookAndFeelTuning
        // getSplineDeceleration: a float ratio, a double logarithm.
        let ratio = Self.inflexion * Float(abs(v)) / (friction * physicalCoefficient)
        let l = log(Double(ratio))
        let decelMinusOne = Double(Self.decelerationRate) - 1
        durationMilliseconds = Int(1000 * exp(l / decelMinusOne))
        let distance = Double(friction * physicalCoefficient) * exp(Double(Self.decelerationRate) / decelMinusOne * l)
        distancePixels = Int(distance * (v > 0 ? 1 : -1))
    }

    /// `update()`'s spline phase at `milliseconds` after the release: the displacement in whole pixels and the
    /// velocity in pixels per second.
    public func state(atMilliseconds ms: Int) -> (pixels: Int, velocity: Float) {
        if ms <= 0 { return (0, Float(velocityPixels)) }
        if ms > durationMilliseconds { return (distancePixels, 0) }
        let t = Float(ms) / Float(durationMilliseconds)
        let index = Int(Float(Self.sampleCount) * t)
        var distanceCoef: Float = 1
        var velocityCoef: Float = 0
        if index < Self.sampleCount {
            let tInf = Float(index) / Float(Self.sampleCount)
            let tSup = Float(index + 1) / Float(Self.sampleCount)
            let dInf = Self.splinePosition[index]
            let dSup = Self.splinePosition[index + 1]
            velocityCoef = (dSup - dInf) / (tSup - tInf)
            distanceCoef = dInf + (t - tInf) * velocityCoef
        }
        let distance = Double(distanceCoef * Float(distancePixels))
        let velocity = velocityCoef * Float(distancePixels) / Float(durationMilliseconds) * 1000
        return (Int((distance + 0.5).rounded(.down)), velocity)
    }

    /// Whole milliseconds elapsed at `t` seconds (Android's animation clock).
    static func milliseconds(_ t: Double) -> Int { Int(saturating: (t * 1000 + 1e-6).rounded(.down)) }

    /// The whole milliseconds shown just before `t` seconds: `milliseconds(t)`, but one fewer when a new one begins
    /// at `t` itself.
    static func milliseconds(justBefore t: Double) -> Int {
        guard t > 0 else { return 0 }
        return max(Int(saturating: (t * 1000 - 1e-6).rounded(.up)) - 1, 0)
    }

    /// Position at `t` seconds, in points.
    public func position(at t: Double) -> Double { position(atMilliseconds: Self.milliseconds(t)) }

    /// Position `ms` whole milliseconds after the release, in points.
    public func position(atMilliseconds ms: Int) -> Double {
        start + Double(state(atMilliseconds: ms).pixels) / density
    }

    /// Velocity at `t` seconds, in points per second.
    public func velocity(at t: Double) -> Double {
        Double(state(atMilliseconds: Self.milliseconds(t)).velocity) / density
    }

    /// How long the fling lasts, in seconds.
    public var duration: Double { Double(durationMilliseconds) / 1000 }

    /// Where it comes to rest, in points.
    public var finalPosition: Double { start + Double(distancePixels) / density }

    /// The first whole millisecond at which the fling has reached `point` (pt), or nil if it rests before it.
    public func time(toReach point: Double) -> Double? {
        let target = (point - start) * density
        if target == 0 { return 0 }
        guard distancePixels != 0, (target > 0) == (distancePixels > 0),
              abs(Double(distancePixels)) >= abs(target) else { return nil }
        // The displacement grows monotonically with time: bisect on whole milliseconds.
        var low = 0, high = durationMilliseconds + 1
        while low < high {
            let mid = (low + high) / 2
            let covered = Double(state(atMilliseconds: mid).pixels)
            if abs(covered) >= abs(target) { high = mid } else { low = mid + 1 }
        }
        return Double(low) / 1000
    }
}
