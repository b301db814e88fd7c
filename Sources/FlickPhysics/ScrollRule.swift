import Foundation

/// How a scroll view tracks a finger past its edges, and moves after a release.
public struct ScrollRule: Hashable, Sendable {
    /// The law of the motion after a release.
    public enum Momentum: Hashable, Sendable {
        /// UIScrollView: `Deceleration` at this rate, then `bounce` at an edge.
        case uikit(DecelerationRate)
        /// Flutter's `BouncingScrollSimulation` (friction 0.135, its own spring at an edge).
        case flutterBouncing(BouncingScrollPhysics)
        /// Flutter's `ClampingScrollSimulation` with this friction, stopped at the edges.
        case flutterClamping(friction: Double)
        /// Android's `SplineOverScroller` at the display's density, stopped at the edges.
        case androidSpline(friction: Float)
    }

    /// What a drag past an edge does.
    public enum Overscroll: Hashable, Sendable {
        /// UIKit: the shown position is the rubber band of the finger's (`RubberBand`, coefficient 0.55).
        case rubberBand(coefficient: Double)
        /// Flutter's `BouncingScrollPhysics.applyPhysicsToUserOffset`: each move is resisted by `(1 − f)²·0.52`.
        case resistance(BouncingScrollPhysics)
        /// No resistance: the content follows the finger 1:1 past its edges (FloatingPanel's panel by default).
        case follow
        /// Clamping: the content stops at its edges; the rest of the drag is left to the parent.
        case clamp
    }

    public var momentum: Momentum
    public var overscroll: Overscroll
    /// UIKit's bounce at an edge (for `.uikit` momentum): `EdgeBounce`, its overshoot drawn back at about 10/s.
    public var bounce: EdgeBounce
    /// The drag-end fling gate, if the system has one (UIKit passes every release velocity on).
    public var gate: FlingGate?
    /// UIKit: a motion ends once within this distance of rest, half a pixel (0.5/scale pt).
    public var restThreshold: Double
    /// Flutter: the scroll tolerance, a pixel and a pixel per 50 ms.
    public var tolerance: Tolerance

    public init(momentum: Momentum, overscroll: Overscroll, bounce: EdgeBounce = .uikit, gate: FlingGate? = nil,
                restThreshold: Double, tolerance: Tolerance) {
        self.momentum = momentum
        self.overscroll = overscroll
        self.bounce = bounce
        self.gate = gate
        self.restThreshold = restThreshold
        self.tolerance = tolerance
    }

    /// UIScrollView: normal deceleration, the 0.55 rubber band, the measured edge bounce, half-pixel rest.
    public static func uikit(display: PhysicsDisplay, rate: DecelerationRate = .normal) -> ScrollRule {
        ScrollRule(momentum: .uikit(rate), overscroll: .rubberBand(coefficient: RubberBand.defaultCoefficient),
                   bounce: EdgeBounce(refreshRate: display.refreshRate), restThreshold: display.halfPixel, tolerance: .scroll(devicePixelRatio: display.scale))
    }

    // MARK: Tracking (see `Overscroll`)

    /// Whether the content may be dragged past its edges at all.
    public var allowsOverscroll: Bool { overscroll.allowsOverscroll }

    /// `overscroll.trackingPosition`: the coordinate a node keeps while tracking.
    public func trackingPosition(shown: Double, limits: ClosedRange<Double>, dimension: Double) -> Double {
        overscroll.trackingPosition(shown: shown, limits: limits, dimension: dimension)
    }

    /// `overscroll.shown`: the shown position for a tracking coordinate.
    public func shown(tracking: Double, limits: ClosedRange<Double>, dimension: Double) -> Double {
        overscroll.shown(tracking: tracking, limits: limits, dimension: dimension)
    }

    /// `overscroll.tracking(_:movedBy:…)`: the tracking coordinate after an accepted move.
    public func tracking(_ tracking: Double, movedBy delta: Double, limits: ClosedRange<Double>,
                         dimension: Double) -> Double {
        overscroll.tracking(tracking, movedBy: delta, limits: limits, dimension: dimension)
    }

    /// `overscroll.trackingSlope`: d(shown)/d(finger) at a tracking coordinate.
    public func trackingSlope(tracking: Double, limits: ClosedRange<Double>, dimension: Double,
                              movingForward: Bool) -> Double {
        overscroll.trackingSlope(tracking: tracking, limits: limits, dimension: dimension, movingForward: movingForward)
    }

    // MARK: Release

    /// The release velocity the scroll view gets, after the fling gate (`dragDistance`: the drag's length on its axis).
    public func releaseVelocity(_ velocity: Double, dragDistance: Double) -> Double {
        gate?.velocity(velocity, dragDistance: dragDistance) ?? velocity
    }

    /// The motion after a release at `position` with `velocity` (already through `releaseVelocity`), starting at
    /// `start`; nil when nothing moves.
    public func release(from position: Double, velocity: Double, limits: ClosedRange<Double>, display: PhysicsDisplay,
                        start: Double) -> AxisMotion? {
        let outside = position < limits.lowerBound || position > limits.upperBound
        switch momentum {
        case .uikit(let rate):
            return AxisMotion.momentum(from: position, velocity: velocity, limits: limits, rate: rate, bounce: bounce,
                                       threshold: restThreshold, start: start)
        case .flutterBouncing(let physics):
            guard let simulation = physics.ballistic(position: position, velocity: velocity, range: limits,
                                                     tolerance: tolerance) else { return nil }
            return .bouncing(simulation, start: start)
        case .flutterClamping(let friction):
            if outside { return edgeReturn(from: position, velocity: velocity, limits: limits, start: start) }
            guard ClampingScrollPhysics.ballistic(position: position, velocity: velocity, range: limits,
                                                  tolerance: tolerance) != nil else { return nil }
            return .clamping(ClampingScrollSimulation(position: position, velocity: velocity, friction: friction),
                             limits: limits, start: start)
        case .androidSpline(let friction):
            if outside { return edgeReturn(from: position, velocity: velocity, limits: limits, start: start) }
            if velocity > 0 && position >= limits.upperBound || velocity < 0 && position <= limits.lowerBound { return nil }
            let fling = SplineOverScroller(start: position, velocity: velocity, density: display.scale, friction: friction)
            guard fling.durationMilliseconds > 0, fling.distancePixels != 0 else { return nil }
            return .spline(fling, limits: limits, start: start)
        }
    }

    /// Flutter's `ClampingScrollPhysics` outside the range: `ScrollSpringSimulation` with the default spring and
    /// `min(0, v)` (a clamping view only gets there when a layout change leaves it there).
    private func edgeReturn(from position: Double, velocity: Double, limits: ClosedRange<Double>,
                            start: Double) -> AxisMotion {
        let edge = position < limits.lowerBound ? limits.lowerBound : limits.upperBound
        return .flutterSpring(.scroll(spring: BouncingScrollPhysics.defaultSpring, start: position, end: edge,
                                      velocity: min(0, velocity), tolerance: tolerance), start: start, phase: .bounce)
    }
}

// MARK: - Tracking past an edge

extension ScrollRule.Overscroll {
    /// Whether the content may be dragged past its edges at all.
    public var allowsOverscroll: Bool { self != .clamp }

    /// The coordinate a node keeps while tracking, from the position shown when the finger comes down: the raw
    /// (finger) position for the rubber band, the shown position otherwise.
    public func trackingPosition(shown: Double, limits: ClosedRange<Double>, dimension: Double) -> Double {
        switch self {
        case .rubberBand(let c): RubberBand(coefficient: c, dimension: dimension).raw(forDisplayed: shown, limits: limits)
        case .resistance, .follow: shown
        case .clamp: min(max(shown, limits.lowerBound), limits.upperBound)
        }
    }

    /// The shown position for a tracking coordinate.
    public func shown(tracking: Double, limits: ClosedRange<Double>, dimension: Double) -> Double {
        switch self {
        case .rubberBand(let c): RubberBand(coefficient: c, dimension: dimension).displayed(tracking, limits: limits)
        case .resistance, .follow: tracking
        case .clamp: min(max(tracking, limits.lowerBound), limits.upperBound)
        }
    }

    /// The tracking coordinate after a move of `delta` (positive = contentOffset grows) the node accepted.
    public func tracking(_ tracking: Double, movedBy delta: Double, limits: ClosedRange<Double>,
                         dimension: Double) -> Double {
        switch self {
        case .rubberBand, .follow: tracking + delta
        case .resistance(let physics):
            // Flutter's offset is the finger's movement: the opposite of the content's.
            tracking - physics.applyPhysicsToUserOffset(-delta, pixels: tracking, range: limits, viewport: dimension)
        case .clamp: min(max(tracking + delta, limits.lowerBound), limits.upperBound)
        }
    }

    /// d(shown)/d(finger) at a tracking coordinate: converts the finger's velocity into the content's.
    /// `movingForward` is the direction of the finger's delta (it matters to Flutter's easing).
    public func trackingSlope(tracking: Double, limits: ClosedRange<Double>, dimension: Double,
                              movingForward: Bool) -> Double {
        switch self {
        case .rubberBand(let c): return RubberBand(coefficient: c, dimension: dimension).slope(at: tracking, limits: limits)
        case .follow: return 1
        case .clamp: return tracking < limits.lowerBound || tracking > limits.upperBound ? 0 : 1
        case .resistance(let physics):
            let pastStart = limits.lowerBound - tracking, pastEnd = tracking - limits.upperBound
            guard pastStart > 0 || pastEnd > 0, dimension > 0 else { return 1 }
            let easing = (pastStart > 0 && movingForward) || (pastEnd > 0 && !movingForward)
            if easing && physics.rate == .fast { return 1 }
            return physics.frictionFactor(max(pastStart, pastEnd) / dimension)
        }
    }
}
