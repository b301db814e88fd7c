import Foundation

/// UIScrollView's bounce at an edge, as device recordings show it (docs/physics.md, "Bounce"): two rates.
///
/// The overshoot `x` (distance past the edge) is drawn back at a fixed rate `k`, and the velocity `u` that carries the
/// content out is decayed by `k` and by the scroll view's own deceleration rate `d` per millisecond
/// (`λ = −1000·ln d`), so a `.fast` view (0.99) bounces shorter than a `.normal` one (0.998):
///
///     x′ = u − k·x,   u′ = −(k + λ)·u
///     x(t) = e^(−k·t)·(x₀ + u₀·(1 − e^(−λ·t))/λ)          (x₀ + u₀·t when λ = 0)
///
/// A release held still past the edge (`u₀ = 0`) decays from its first instant, `x₀·e^(−k·t)`, where a spring would
/// start at zero speed and ease out. A fling meets the edge with `x₀ = 0` and `u₀` its velocity there.
public struct EdgeBounce: Hashable, Sendable {
    /// `k`, the rate (1/s) at which the overshoot is drawn back.
    public var rate: Double

    public init(rate: Double) {
        self.rate = rate
    }

    /// UIKit's bounce on a display refreshing `refreshRate` times a second: `k = uikitRate(refreshRate:)`.
    public init(refreshRate: Double) {
        self.init(rate: Self.uikitRate(refreshRate: refreshRate))
    }

    /// UIKit's overshoot factor per millisecond as an exponent, `−0.01005` (`e^(−0.01005)` = 0.99000): the constant
    /// of `-[UIScrollView _getBouncingDecelerationOffset:…]` in a third-party decompilation of UIKitCore (iOS 26.1)
    /// published in the EthanArbuckle/iPhone18-3_26.1_23B85_Restore repository; the same routine is in Books'
    /// `THGuidedPanColumnAnimator` (iPadOS 18.0 decompilation, EthanArbuckle/iPad_10.2_18.0_22A3354_Restore).
    public static let exponentPerMillisecond = -0.01005

    /// The rate `k` (1/s) that UIKit's stepping gives on a display of `refreshRate` Hz. UIKit multiplies the
    /// overshoot once per display frame of `r = 1000/refreshRate` ms by `E(−0.01005·r)`, where `E(x)` is
    /// `1 + x + x²/2` for x ≥ −0.5 (the same decompilation); so the rate per second is `−refreshRate·ln E(−0.01005·r)`:
    /// 9.9967/s at 60 Hz, 10.0375/s at 120 Hz, against 10.05/s for the exact exponential. Three bounces recorded at
    /// 60 Hz fit 9.994, 9.994 and 9.997/s (docs/physics.md, "Bounce").
    public static func uikitRate(refreshRate: Double) -> Double {
        let x = exponentPerMillisecond * 1000 / refreshRate
        let factor = x >= -0.5 ? 1 + x + x * x / 2 : exp(x)
        return -refreshRate * log(factor)
    }

    /// UIKit's rate on a 120 Hz display, Flick's default refresh rate.
    public static let defaultRate = uikitRate(refreshRate: 120)
    /// UIScrollView's bounce on a 120 Hz display.
    public static let uikit = EdgeBounce(rate: defaultRate)

    /// The bounce of a scroll view decelerating at `deceleration`, from `position` towards `edge`, starting with
    /// `velocity` (pt/s, positive when the position grows).
    public func motion(from position: Double, edge: Double, velocity: Double,
                       deceleration: DecelerationRate) -> EdgeBounceMotion {
        EdgeBounceMotion(rate: rate, decelerationRate: -deceleration.coefficient, edge: edge,
                         overshoot: position - edge, velocity: velocity)
    }
}

/// One bounce (`EdgeBounce`): exact position and velocity at any time.
public struct EdgeBounceMotion: Hashable, Sendable {
    /// `k` (1/s).
    public let rate: Double
    /// `λ = −1000·ln d` (1/s), from the scroll view's deceleration rate.
    public let decelerationRate: Double
    /// Where the content rests.
    public let edge: Double
    /// `x₀`: the distance past the edge at t = 0, signed as positions are.
    public let overshoot: Double
    /// `u₀`: the velocity at t = 0 (pt/s).
    public let velocity: Double

    public init(rate: Double, decelerationRate: Double, edge: Double, overshoot: Double, velocity: Double) {
        self.rate = rate
        self.decelerationRate = decelerationRate
        self.edge = edge
        self.overshoot = overshoot
        self.velocity = velocity
    }

    /// `(1 − e^(−λ·t))/λ`, the distance a unit velocity decaying at λ covers by `t` (t itself when λ = 0).
    private func carried(_ t: Double) -> Double {
        let lambda = decelerationRate
        return lambda * t < 1e-12 ? t : -expm1(-lambda * t) / lambda
    }

    /// Position minus edge at `t`.
    public func displacement(at t: Double) -> Double {
        exp(-rate * t) * (overshoot + velocity * carried(t))
    }

    public func position(at t: Double) -> Double { edge + displacement(at: t) }

    public func velocity(at t: Double) -> Double {
        let u = velocity * exp(-decelerationRate * t)
        return exp(-rate * t) * u - rate * displacement(at: t)
    }

    /// The time after which the displacement stays under `threshold` points, to a nanosecond.
    public func settlingDuration(threshold: Double) -> Double {
        guard rate > 0, threshold > 0 else { return 0 }
        // `x₀ + u₀·(1 − e^(−λt))/λ` moves monotonically from x₀ to x₀ + u₀/λ, so `e^(−k·t)` times the larger of the
        // two bounds the displacement from t on. From the first millisecond where that bound is under the threshold,
        // step back by milliseconds to the last one where the displacement is not, then bisect.
        let far = max(abs(overshoot), abs(overshoot + velocity / max(decelerationRate, 1e-12)))
        guard far >= threshold else { return 0 }
        var t = (log(far / threshold) / rate * 1000).rounded(.up) / 1000
        while t > 0 && abs(displacement(at: t)) < threshold { t -= 0.001 }
        var low = max(0, t), high = low + 0.001
        if abs(displacement(at: low)) < threshold { return 0 }
        while high - low > 1e-9 {
            let mid = (low + high) / 2
            if abs(displacement(at: mid)) >= threshold { low = mid } else { high = mid }
        }
        return high
    }

    /// When the content is furthest past the edge, and how far (`x′ = 0`): `e^(−λt) = k·(λ·x₀ + u₀) / (u₀·(λ + k))`;
    /// t = 0 when it only comes back.
    public var peak: (time: Double, overshoot: Double) {
        let k = rate, lambda = decelerationRate
        guard velocity != 0, lambda > 0 else { return (0, overshoot) }
        let decayed = k * (lambda * overshoot + velocity) / (velocity * (lambda + k))
        guard decayed > 0, decayed < 1 else { return (0, overshoot) }
        let time = -log(decayed) / lambda
        return (time, displacement(at: time))
    }
}
