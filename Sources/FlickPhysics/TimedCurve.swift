import Foundation

/// A UIView animation of one coordinate: from `from` to `to` over `duration` seconds along a Core Animation timing
/// curve (`UIView.animate(withDuration:)` uses `.curveEaseInOut` unless told otherwise). It carries no velocity in:
/// a view animation starts from rest, whatever the value was doing.
public struct TimedCurve: Hashable, Sendable {
    public let from: Double
    public let to: Double
    /// Seconds; at least a microsecond, so a zero duration is a jump that still has an end.
    public let duration: Double
    public let curve: UnitBezier

    public init(from: Double, to: Double, duration: Double, curve: UnitBezier = .easeInEaseOut) {
        self.from = from
        self.to = to
        self.duration = max(duration, 1e-6)
        self.curve = curve
    }

    /// The value `t` seconds after the start.
    public func position(at t: Double) -> Double {
        from + (to - from) * curve.progress(t / duration)
    }

    /// d(value)/dt at `t` seconds after the start: the curve's slope dy/dx times (to − from)/duration.
    public func velocity(at t: Double) -> Double {
        let u = t / duration
        guard u > 0, u < 1 else { return 0 }
        let s = curve.parameter(forTime: u)
        let dx = curve.dx(at: s)
        guard dx > 1e-12 else { return 0 }
        return curve.dy(at: s) / dx * (to - from) / duration
    }
}

extension UnitBezier {
    /// dy/ds at `s`.
    func dy(at s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * y1 + 6 * u * s * (y2 - y1) + 3 * s * s * (1 - y2)
    }
}
