import Foundation

/// UIScrollView's paging motion: each millisecond the velocity is pulled towards the page and damped,
///
///     v ← (v + pull·(target − x))·friction,   x ← x + v        (x in pt, v in pt/ms)
///
/// with constants that depend on the scroll view's width `b` (fixed above 1024 pt):
/// `pull = 0.000359090909 − 1.84659091e−7·b` (0.00017 above 1024) and `friction = 0.966818182 + 9.94318182e−6·b`
/// (0.977 above 1024). Source: `-[UIScrollView setFrame:]` and `-_getPagingDecelerationOffset:forTimeInterval:` in
/// third-party decompilations of UIKitCore (iPadOS 18.0, EthanArbuckle/iPad_10.2_18.0_22A3354_Restore; iOS 26.1,
/// EthanArbuckle/iPhone18-3_26.1_23B85_Restore): the constants and the loop's form, no code (docs/physics.md,
/// "Paging").
///
/// The loop is a linear map of (x − target, v); its two eigenvalues μ are those of the continuous spring with roots
/// `ln μ` per millisecond, which therefore passes through the loop's position at every whole millisecond. Flick
/// animates with that spring (`spring`), so the motion is exact at any instant and the same at any frame rate: at
/// 390 pt, ω = 16.82/s and ζ = 0.884 (about 1 pt of overshoot from a page away).
public struct UIKitPaging: Hashable, Sendable {
    /// The scroll view's width (its size along the paging axis), points.
    public let width: Double

    public init(width: Double) {
        self.width = width
    }

    /// Above this width the constants stop changing.
    public static let widestChange = 1024.0

    /// The pull towards the page per millisecond squared.
    public var pull: Double { width > Self.widestChange ? 0.00017 : 0.000359090909 - 1.84659091e-7 * max(0, width) }
    /// The factor the velocity keeps per millisecond.
    public var friction: Double { width > Self.widestChange ? 0.977 : 0.966818182 + 9.94318182e-6 * max(0, width) }

    /// The eigenvalues of the per-millisecond map `(e, v) → (e + f·(v − p·e), f·(v − p·e))`, `e = x − target`:
    /// the roots of `μ² − (1 + f − f·p)·μ + f`, as (real part, imaginary part) of one of them, or two real ones.
    private var roots: (re: Double, im: Double, real: Bool) {
        let f = friction, p = pull
        let trace = 1 + f - f * p, determinant = f
        let discriminant = trace * trace - 4 * determinant
        if discriminant < 0 { return (trace / 2, (-discriminant).squareRoot() / 2, false) }
        return (trace / 2, discriminant.squareRoot() / 2, true)
    }

    /// The spring (mass 1) whose roots are `1000·ln μ` per second.
    public var spring: Spring {
        let r = roots
        if r.real {
            let s1 = 1000 * log(r.re + r.im), s2 = 1000 * log(r.re - r.im)
            return Spring(mass: 1, stiffness: s1 * s2, damping: -(s1 + s2))
        }
        // ln μ = ln|μ| ± i·arg μ: stiffness |s|², damping −2·Re s.
        let magnitude = (r.re * r.re + r.im * r.im).squareRoot()
        let re = 1000 * log(magnitude), im = 1000 * atan2(r.im, r.re)
        return Spring(mass: 1, stiffness: re * re + im * im, damping: -2 * re)
    }

    /// The spring's initial velocity (pt/s) that makes it pass through the loop's position after its first
    /// millisecond, for a release at `displacement` from the page (x − target) with `velocity` pt/s.
    public func continuousVelocity(displacement e0: Double, velocity: Double) -> Double {
        let f = friction, p = pull
        // The loop's position after one millisecond.
        let e1 = e0 + f * (velocity / 1000 - p * e0)
        // Through e0 at 0 and e1 at 1 ms with the spring's roots: e(t) = A·e^(a·t)·cos(b·t) + B·e^(a·t)·sin(b·t)
        // (t in ms), or c1·e^(s1·t) + c2·e^(s2·t) for real roots; its slope at 0, per second.
        let r = roots
        if r.real {
            let s1 = log(r.re + r.im), s2 = log(r.re - r.im)
            let m1 = r.re + r.im, m2 = r.re - r.im
            let c2 = (e1 - m1 * e0) / (m2 - m1), c1 = e0 - c2
            return 1000 * (c1 * s1 + c2 * s2)
        }
        let magnitude = (r.re * r.re + r.im * r.im).squareRoot()
        let a = log(magnitude), b = atan2(r.im, r.re)
        // e(1) = e^a·(A·cos b + B·sin b) with A = e0.
        let bCoefficient = (e1 / exp(a) - e0 * cos(b)) / sin(b)
        return 1000 * (a * e0 + b * bCoefficient)
    }
}
