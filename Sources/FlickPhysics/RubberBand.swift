import Foundation

/// UIScrollView's rubber band (attributed to @chpwn): past an edge by `x`, the content shows
/// `(1 − 1/(x·c/d + 1))·d`, which starts at slope `c` and tends to `d`, the scroll view's size on that axis.
public struct RubberBand: Hashable, Sendable {
    /// UIKit's coefficient: the displayed overshoot starts at 0.55 pt per point dragged.
    public static let defaultCoefficient = 0.55

    public var coefficient: Double
    /// The scroll view's size on the axis, in points.
    public var dimension: Double

    public init(coefficient: Double = RubberBand.defaultCoefficient, dimension: Double) {
        self.coefficient = coefficient
        self.dimension = dimension
    }

    /// The displayed overshoot for a distance `x ≥ 0` dragged past the edge.
    public func overshoot(for distance: Double) -> Double {
        guard dimension > 0, distance > 0 else { return 0 }
        return (1 - 1 / (distance * coefficient / dimension + 1)) * dimension
    }

    /// The distance dragged past the edge that displays `overshoot` (the inverse, for grabbing again while overscrolled).
    public func distance(for overshoot: Double) -> Double {
        guard dimension > 0, overshoot > 0 else { return 0 }
        let b = min(overshoot, dimension * (1 - 1e-12))
        return b * dimension / (coefficient * (dimension - b))
    }

    /// d(overshoot)/d(distance) at `distance` past the edge: `c·d²/(d + c·x)²`, which starts at `c` and falls towards 0
    /// (0 for a view without size, whose overshoot is always 0).
    public func slope(for distance: Double) -> Double {
        let d = dimension, c = coefficient
        return c * d * d / ((d + c * distance) * (d + c * distance))
    }

    /// d(displayed)/d(raw) at `raw`: 1 inside `limits` and on them, the rubber band's slope past them. It turns a
    /// finger's velocity into the content's while tracking.
    public func slope(at raw: Double, limits: ClosedRange<Double>) -> Double {
        let past = raw < limits.lowerBound ? limits.lowerBound - raw : raw > limits.upperBound ? raw - limits.upperBound : 0
        guard past > 0 else { return 1 }
        return slope(for: past)
    }

    /// Maps a raw position to the displayed one: unchanged inside `limits`, rubber-banded on the side where it left them.
    public func displayed(_ raw: Double, limits: ClosedRange<Double>) -> Double {
        if raw < limits.lowerBound { return limits.lowerBound - overshoot(for: limits.lowerBound - raw) }
        if raw > limits.upperBound { return limits.upperBound + overshoot(for: raw - limits.upperBound) }
        return raw
    }

    /// The furthest overshoot a catch maps back through the band when the shown one is beyond its reach: what a drag of
    /// one whole `dimension` past the edge shows, `c·d/(1 + c)` (0.355·d at UIKit's 0.55).
    public var catchReach: Double { overshoot(for: dimension) }

    /// Where a finger that comes down at `shown` catches the content: the raw position, and the excess (signed like
    /// the position, 0 or beyond the edge) the finger holds on top of the band. Within the band's reach (an overshoot
    /// under `dimension`) that is `raw(forDisplayed:)` and no excess. A bounce flung further than the band can ever
    /// show has no raw position: it is caught at `catchReach` plus the rest as excess, which a move back towards the
    /// edge takes 1:1 before the band resists again (docs/physics.md, "Tracking and the rubber band").
    public func caught(shown: Double, limits: ClosedRange<Double>) -> (raw: Double, excess: Double) {
        let past = shown < limits.lowerBound ? limits.lowerBound - shown : shown > limits.upperBound ? shown - limits.upperBound : 0
        guard dimension > 0, past >= dimension else { return (raw(forDisplayed: shown, limits: limits), 0) }
        let reach = catchReach
        let excess = (past - reach) * (shown < limits.lowerBound ? -1 : 1)
        return (raw(forDisplayed: shown - excess, limits: limits), excess)
    }

    /// The raw position that displays `shown`: the inverse of `displayed(_:limits:)`.
    public func raw(forDisplayed shown: Double, limits: ClosedRange<Double>) -> Double {
        if shown < limits.lowerBound { return limits.lowerBound - distance(for: limits.lowerBound - shown) }
        if shown > limits.upperBound { return limits.upperBound + distance(for: shown - limits.upperBound) }
        return shown
    }
}
