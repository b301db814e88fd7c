/// A timing curve as Core Animation defines one: the cubic Bézier from (0, 0) to (1, 1) with control points
/// (x1, y1) and (x2, y2), read as progress y for time progress x (`CAMediaTimingFunction(controlPoints:)`).
///
/// For a time progress `u`, `progress(u)` finds the curve parameter `s` with x(s) = u (x is monotonic because
/// x1 and x2 lie in [0, 1]) and returns y(s). The solve follows WebKit's
/// `Source/WebCore/platform/graphics/UnitBezier.h` (the curve as polynomial coefficients; a few Newton steps from
/// s = u, then bisection on [0, 1] when Newton does not converge) with a tolerance of `solveTolerance`.
public struct UnitBezier: Hashable, Sendable {
    /// The first control point's time coordinate, in [0, 1].
    public let x1: Double
    /// The first control point's progress coordinate (may leave [0, 1]: an overshooting curve).
    public let y1: Double
    /// The second control point's time coordinate, in [0, 1].
    public let x2: Double
    /// The second control point's progress coordinate (may leave [0, 1]).
    public let y2: Double

    /// `kCAMediaTimingFunctionEaseIn`: control points (0.42, 0) and (1, 1) (Apple's CAMediaTimingFunctionName.easeIn
    /// documentation); UIView's `.curveEaseIn`.
    public static let easeIn = UnitBezier(0.42, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseOut`: control points (0, 0) and (0.58, 1) (Apple's CAMediaTimingFunctionName.easeOut
    /// documentation); UIView's `.curveEaseOut`.
    public static let easeOut = UnitBezier(0, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`: control points (0.42, 0) and (0.58, 1) (Apple's
    /// CAMediaTimingFunctionName.easeInEaseOut documentation); UIView's `.curveEaseInOut`.
    public static let easeInEaseOut = UnitBezier(0.42, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionDefault`: control points (0.25, 0.1) and (0.25, 1) (Apple's
    /// CAMediaTimingFunctionName.default documentation), the curve of an implicit layer animation.
    public static let systemDefault = UnitBezier(0.25, 0.1, 0.25, 1)

    /// How far x(s) may be from the time progress asked for, as a fraction of the duration.
    public static let solveTolerance = 1e-9
    /// Newton steps tried before bisecting (WebKit's UnitBezier tries 8).
    static let newtonSteps = 8
    /// Bisection halvings at most: 2⁻⁶⁴ of [0, 1] is below a double's resolution there.
    static let bisectionSteps = 64

    // x(s) = ((ax·s + bx)·s + cx)·s, and the same for y: the Bernstein form with end points (0, 0) and (1, 1).
    private let ax, bx, cx, ay, by, cy: Double

    /// A curve with control points (x1, y1) and (x2, y2); x1 and x2 are clamped to [0, 1], where x stays monotonic
    /// (the scenario decoder refuses others with a message, so the clamp only guards direct callers).
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        let x1 = min(1, max(0, x1)), x2 = min(1, max(0, x2))
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// The control points as `[x1, y1, x2, y2]`, the order of the scenario key `cubicBezier`.
    public var controlPoints: [Double] { [x1, y1, x2, y2] }

    /// The curve's time coordinate at parameter `s`.
    public func x(at s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    /// The curve's progress coordinate at parameter `s`.
    public func y(at s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    /// dx/ds at `s`.
    func dx(at s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The parameter `s` in [0, 1] where x(s) = `u` (within `solveTolerance`), for `u` in [0, 1].
    public func parameter(forTime u: Double) -> Double {
        var s = u
        for _ in 0..<Self.newtonSteps {
            let error = x(at: s) - u
            if abs(error) < Self.solveTolerance, (0...1).contains(s) { return s }
            let slope = dx(at: s)
            // A flat x (a control point at an end with x1 = 0 or x2 = 1) stalls Newton: bisect instead.
            guard abs(slope) > 1e-6 else { break }
            s -= error / slope
        }
        var low = 0.0, high = 1.0
        s = u
        for _ in 0..<Self.bisectionSteps {
            let value = x(at: s)
            if abs(value - u) < Self.solveTolerance { return s }
            if value < u { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// Progress along the curve for time progress `u`; 0 before the start and 1 after the end.
    public func progress(_ u: Double) -> Double {
        if u <= 0 { return 0 }
        if u >= 1 { return 1 }
        return y(at: parameter(forTime: u))
    }
}
