import Foundation
import FlickPhysics

/// What an animation segment is doing, so each component can name its phase.
enum AnimationKind: Hashable, Sendable {
    /// Momentum after a release (UIScrollView deceleration).
    case momentum
    /// The bounce spring back to an edge.
    case bounce
    /// A spring to a target (a page, a detent, a programmatic scroll).
    case spring
}

/// A closed-form motion of one coordinate from `startTime` on: momentum that may run into an edge and bounce,
/// or a spring to a target. Position and velocity are exact at any instant, so results do not depend on the
/// frame rate they are sampled at.
struct AxisAnimation: Sendable {
    enum Piece: Sendable {
        case decay(Deceleration)
        case spring(SpringMotion)
    }

    struct Segment: Sendable {
        /// Absolute start time, in seconds.
        var start: Double
        var piece: Piece
        var kind: AnimationKind
    }

    var segments: [Segment]
    /// When the motion has settled (absolute seconds).
    let endTime: Double
    /// Where it rests from `endTime` on.
    let finalPosition: Double

    private func segment(at t: Double) -> Segment? {
        guard t < endTime else { return nil }
        return segments.last { $0.start <= t } ?? segments.first
    }

    func position(at t: Double) -> Double {
        guard let s = segment(at: t) else { return finalPosition }
        let local = max(0, t - s.start)
        switch s.piece {
        case .decay(let d): return d.position(at: local)
        case .spring(let m): return m.position(at: local)
        }
    }

    func velocity(at t: Double) -> Double {
        guard let s = segment(at: t) else { return 0 }
        let local = max(0, t - s.start)
        switch s.piece {
        case .decay(let d): return d.velocity(at: local)
        case .spring(let m): return m.velocity(at: local)
        }
    }

    /// The kind of motion at `t`, or nil once settled.
    func kind(at t: Double) -> AnimationKind? { segment(at: t)?.kind }

    /// The same motion `delta` points further along the axis, as when its target moves with a layout change: the
    /// position at every instant moves by `delta`; velocity, timing and when it settles do not change. Shifts add
    /// up, so shifting by a target's moves one at a time gives the motion shifted by the whole move.
    func shifted(by delta: Double) -> AxisAnimation {
        let moved = segments.map { segment -> Segment in
            var segment = segment
            switch segment.piece {
            case .decay(var d):
                d.origin += delta
                segment.piece = .decay(d)
            case .spring(let m):
                segment.piece = .spring(SpringMotion(spring: m.spring, from: m.from + delta, to: m.to + delta,
                                                     initialVelocity: m.initialVelocity))
            }
            return segment
        }
        return AxisAnimation(segments: moved, endTime: endTime, finalPosition: finalPosition + delta)
    }

    /// UIScrollView's release: momentum with `rate`, which, if it would cross an edge of `limits`, meets the
    /// edge and continues as the bounce spring with the velocity it had there; released outside `limits`, the
    /// bounce spring returns to the nearer edge starting from `velocity`. Nil when there is nothing to animate.
    /// - Parameter threshold: the motion ends when the remaining distance is under this (0.5/scale pt).
    static func momentum(from x: Double, velocity v: Double, limits: ClosedRange<Double>,
                                rate: DecelerationRate, bounce: Spring = .bounce, threshold: Double,
                                start: Double) -> AxisAnimation? {
        if x < limits.lowerBound || x > limits.upperBound {
            let edge = x < limits.lowerBound ? limits.lowerBound : limits.upperBound
            return spring(from: x, to: edge, velocity: v, spring: bounce, threshold: threshold, start: start,
                          kind: .bounce)
        }
        let decay = Deceleration(origin: x, initialVelocity: v, rate: rate)
        let destination = decay.destination
        if destination >= limits.lowerBound && destination <= limits.upperBound {
            let duration = decay.duration(threshold: threshold)
            guard duration > 0 else { return nil }
            return AxisAnimation(segments: [Segment(start: start, piece: .decay(decay), kind: .momentum)],
                                 endTime: start + duration, finalPosition: decay.position(at: duration))
        }
        let edge = destination > limits.upperBound ? limits.upperBound : limits.lowerBound
        let hit = decay.time(toReach: edge) ?? 0
        let edgeVelocity = decay.velocity(at: hit)
        let motion = SpringMotion(spring: bounce, from: edge, to: edge, initialVelocity: edgeVelocity)
        let settle = motion.settlingDuration(threshold: threshold)
        return AxisAnimation(segments: [Segment(start: start, piece: .decay(decay), kind: .momentum),
                                        Segment(start: start + hit, piece: .spring(motion), kind: .bounce)],
                             endTime: start + hit + settle, finalPosition: edge)
    }

    /// A spring from `x` to `target` starting with `velocity`; it settles when its displacement stays under `threshold`.
    static func spring(from x: Double, to target: Double, velocity: Double, spring: Spring,
                              threshold: Double, start: Double, kind: AnimationKind = .spring) -> AxisAnimation {
        let motion = SpringMotion(spring: spring, from: x, to: target, initialVelocity: velocity)
        let settle = motion.settlingDuration(threshold: threshold)
        return AxisAnimation(segments: [Segment(start: start, piece: .spring(motion), kind: kind)],
                             endTime: start + settle, finalPosition: target)
    }
}
