import Foundation

/// The motion of one coordinate after a release, from `segments[0].start` on: a sequence of laws (momentum, then maybe a
/// bounce; or one settling motion), each exact at any instant, so results do not depend on the frame rate they are
/// sampled at. Times are absolute seconds, as the simulation's clock gives them.
///
/// This is FlickCore's `AxisAnimation` with every law of `PhysicsPreset`: with `.deceleration` and `.spring` pieces,
/// built by `momentum(from:…)` and `spring(from:…)`, it performs the same operations in the same order, and so gives the
/// same numbers to the last bit.
public struct AxisMotion: Hashable, Sendable {
    /// What a segment is doing, so each component can name its phase.
    public enum Phase: Hashable, Sendable {
        /// Momentum after a release.
        case momentum
        /// The spring back to an edge.
        case bounce
        /// A motion to a target (a page, a detent, a dismissal).
        case spring
    }

    /// One law of motion, in time since its segment started.
    public enum Law: Hashable, Sendable {
        /// UIScrollView's momentum.
        case deceleration(Deceleration)
        /// A closed-form spring (Flick's page and sheet springs).
        case spring(SpringMotion)
        /// UIScrollView's bounce at an edge.
        case edgeBounce(EdgeBounceMotion)
        /// Flutter's friction (`BouncingScrollSimulation`'s momentum).
        case friction(FrictionSimulation)
        /// Flutter's `SpringSimulation`/`ScrollSpringSimulation`.
        case flutterSpring(SpringSimulation)
        /// Flutter's `ClampingScrollSimulation`.
        case clamping(ClampingScrollSimulation)
        /// Android's spline fling.
        case spline(SplineOverScroller)
        /// FloatingPanel's stepped attraction.
        case stepped(NumericSpringAnimator)
        /// Flutter's linear sheet snap.
        case snapping(SnappingSimulation)
        /// A UIView animation along a timing curve (a refresh control's release of its held inset).
        case timed(TimedCurve)

        public func position(at t: Double) -> Double {
            switch self {
            case .deceleration(let d): d.position(at: t)
            case .spring(let m): m.position(at: t)
            case .edgeBounce(let b): b.position(at: t)
            case .friction(let f): f.x(t)
            case .flutterSpring(let s): s.x(t)
            case .clamping(let c): c.x(t)
            case .spline(let s): s.position(at: t)
            case .stepped(let s): s.position(at: t)
            case .snapping(let s): s.x(t)
            case .timed(let c): c.position(at: t)
            }
        }

        public func velocity(at t: Double) -> Double {
            switch self {
            case .deceleration(let d): d.velocity(at: t)
            case .spring(let m): m.velocity(at: t)
            case .edgeBounce(let b): b.velocity(at: t)
            case .friction(let f): f.dx(t)
            case .flutterSpring(let s): s.dx(t)
            case .clamping(let c): c.dx(t)
            case .spline(let s): s.velocity(at: t)
            case .stepped(let s): s.velocity(at: t)
            case .snapping(let s): s.dx(t)
            case .timed(let c): c.velocity(at: t)
            }
        }
    }

    public struct Segment: Hashable, Sendable {
        /// Absolute start time, in seconds.
        public var start: Double
        public var law: Law
        public var phase: Phase
    }

    public let segments: [Segment]
    /// When the motion has settled (absolute seconds).
    public let endTime: Double
    /// Where it rests from `endTime` on.
    public let finalPosition: Double
    /// How far the whole motion has been moved along the axis since its laws were built (`shifted(by:)`).
    public private(set) var shift = 0.0
    /// How much the whole motion has been stretched about the axis's origin since its laws were built (`scaled(by:)`).
    public private(set) var scale = 1.0

    public init(segments: [Segment], endTime: Double, finalPosition: Double) {
        precondition(!segments.isEmpty, "a motion has at least one segment")
        self.segments = segments
        self.endTime = endTime
        self.finalPosition = finalPosition
    }

    private func segment(at t: Double) -> Segment? {
        guard t < endTime else { return nil }
        return segments.last { $0.start <= t } ?? segments.first
    }

    public func position(at t: Double) -> Double {
        guard let s = segment(at: t) else { return finalPosition }
        return placed(s.law.position(at: max(0, t - s.start)))
    }

    /// A position of the laws as this motion shows it: stretched by `scale`, then moved by `shift` (each left out while
    /// it does nothing, so a motion never scaled gives its laws' numbers to the last bit).
    private func placed(_ x: Double) -> Double {
        let stretched = scale == 1 ? x : x * scale
        return shift == 0 ? stretched : stretched + shift
    }

    /// The same motion `delta` points further along the axis, as when its target moves with a layout change (a sheet's
    /// detent during an animated resize): the position at every instant and where it rests move by `delta`; velocity,
    /// timing and when it settles do not. Shifts add up, so shifting by a target's moves one at a time gives the motion
    /// shifted by the whole move, however many steps it took.
    public func shifted(by delta: Double) -> AxisMotion {
        var moved = AxisMotion(segments: segments, endTime: endTime, finalPosition: finalPosition + delta)
        moved.shift = shift + delta
        moved.scale = scale
        return moved
    }

    /// The same motion with every position multiplied by `factor`, as when the coordinate it moves is measured in
    /// units that change with a layout (a pager's offset, `page × width`, during an animated resize): positions,
    /// velocities and where it rests are multiplied, the timing of its laws is kept. So the motion at an instant
    /// depends only on the product of the factors up to then, not on how many layouts it was stretched in.
    /// - Parameters:
    ///   - rest: where it rests from `endTime` on, when known exactly (a page's offset at the new width); else
    ///     `finalPosition × factor`.
    ///   - threshold: the distance under which it counts as settled, in the stretched units. A motion ending in a
    ///     closed-form spring settles again when the stretched spring stays under it (so growing it leaves no jump
    ///     of more than `threshold` at its end); any other law keeps its end.
    public func scaled(by factor: Double, restingAt rest: Double? = nil, threshold: Double) -> AxisMotion {
        let newScale = scale * factor
        var end = endTime
        if let last = segments.last, case .spring(let spring) = last.law, newScale != 0 {
            end = last.start + spring.settlingDuration(threshold: threshold / abs(newScale))
        }
        var stretched = AxisMotion(segments: segments, endTime: end, finalPosition: rest ?? finalPosition * factor)
        stretched.shift = shift * factor
        stretched.scale = newScale
        return stretched
    }

    public func velocity(at t: Double) -> Double {
        guard let s = segment(at: t) else { return 0 }
        let v = s.law.velocity(at: max(0, t - s.start))
        return scale == 1 ? v : v * scale
    }

    /// The phase at `t`, or nil once settled.
    public func phase(at t: Double) -> Phase? { segment(at: t)?.phase }

    /// Where a finger coming down at `t` catches the motion: the position shown just before `t`. For the laws shown in
    /// steps (FloatingPanel's display frames, Android's whole milliseconds) a step due at `t` itself is never shown:
    /// the finger stops the animator first, so the content stays exactly where it was on screen (docs/physics.md,
    /// "Presets"). Every other law is continuous, and this is `position(at: t)`. A shift (`shifted(by:)`) moves it too.
    public func caughtPosition(at t: Double) -> Double {
        guard let s = segments.last(where: { $0.start <= t }) ?? segments.first else { return position(at: t) }
        switch s.law {
        case .stepped(let animator):
            return placed(animator.positions[animator.frame(justBefore: t - s.start)])
        case .spline(let fling):
            let ms = SplineOverScroller.milliseconds(justBefore: t - s.start)
            let endMilliseconds = Int(((endTime - s.start) * 1000).rounded())
            return ms >= endMilliseconds ? finalPosition : placed(fling.position(atMilliseconds: ms))
        case .deceleration, .spring, .edgeBounce, .friction, .flutterSpring, .clamping, .snapping, .timed:
            return position(at: t)
        }
    }

    // MARK: UIKit

    /// UIScrollView's release: momentum with `rate`, which, if it would cross an edge of `limits`, meets the edge and
    /// continues as the `bounce` (`EdgeBounce`) with the velocity it had there; released outside `limits`, the bounce
    /// returns to the nearer edge starting from `velocity`. Nil when there is nothing to animate.
    /// - Parameter threshold: the motion ends when the remaining distance is under this (0.5/scale pt).
    public static func momentum(from x: Double, velocity v: Double, limits: ClosedRange<Double>,
                                rate: DecelerationRate, bounce: EdgeBounce = .uikit, threshold: Double,
                                start: Double) -> AxisMotion? {
        if x < limits.lowerBound || x > limits.upperBound {
            let edge = x < limits.lowerBound ? limits.lowerBound : limits.upperBound
            return edgeBounce(bounce.motion(from: x, edge: edge, velocity: v, deceleration: rate), threshold: threshold,
                              start: start)
        }
        let decay = Deceleration(origin: x, initialVelocity: v, rate: rate)
        let destination = decay.destination
        if destination >= limits.lowerBound && destination <= limits.upperBound {
            let duration = decay.duration(threshold: threshold)
            guard duration > 0 else { return nil }
            return AxisMotion(segments: [Segment(start: start, law: .deceleration(decay), phase: .momentum)],
                              endTime: start + duration, finalPosition: decay.position(at: duration))
        }
        let edge = destination > limits.upperBound ? limits.upperBound : limits.lowerBound
        let hit = decay.time(toReach: edge) ?? 0
        let motion = bounce.motion(from: edge, edge: edge, velocity: decay.velocity(at: hit), deceleration: rate)
        let settle = motion.settlingDuration(threshold: threshold)
        return AxisMotion(segments: [Segment(start: start, law: .deceleration(decay), phase: .momentum),
                                     Segment(start: start + hit, law: .edgeBounce(motion), phase: .bounce)],
                          endTime: start + hit + settle, finalPosition: edge)
    }

    /// A bounce back to its edge from `start` on; it settles when its distance past the edge stays under `threshold`.
    public static func edgeBounce(_ motion: EdgeBounceMotion, threshold: Double, start: Double) -> AxisMotion {
        let settle = motion.settlingDuration(threshold: threshold)
        return AxisMotion(segments: [Segment(start: start, law: .edgeBounce(motion), phase: .bounce)],
                          endTime: start + settle, finalPosition: motion.edge)
    }

    /// A closed-form spring from `x` to `target` starting with `velocity`; it settles when its displacement stays under
    /// `threshold`.
    public static func spring(from x: Double, to target: Double, velocity: Double, spring: Spring,
                              threshold: Double, start: Double, phase: Phase = .spring) -> AxisMotion {
        let motion = SpringMotion(spring: spring, from: x, to: target, initialVelocity: velocity)
        let settle = motion.settlingDuration(threshold: threshold)
        return AxisMotion(segments: [Segment(start: start, law: .spring(motion), phase: phase)],
                          endTime: start + settle, finalPosition: target)
    }

    /// A UIView animation from `x` to `target` over `duration` seconds along `curve`, starting at `start`.
    public static func timed(from x: Double, to target: Double, duration: Double, curve: UnitBezier = .easeInEaseOut,
                             start: Double, phase: Phase = .spring) -> AxisMotion {
        let law = TimedCurve(from: x, to: target, duration: duration, curve: curve)
        return AxisMotion(segments: [Segment(start: start, law: .timed(law), phase: phase)],
                          endTime: start + law.duration, finalPosition: target)
    }

    /// Flutter's `Curves.fastEaseInToSlowEaseOut` from `x` to `target` over `duration` seconds, starting at `start`:
    /// a `ThreePointCubic` (fitted by Flutter to iOS 16.3 transitions, packages/flutter/lib/src/animation/curves.dart)
    /// of two cubic Béziers that meet at (0.198, 0.541). Each is a timed segment here, over its own part of the time
    /// and of the distance, with its control points scaled as `ThreePointCubic.transformInternal` scales them.
    public static func fastEaseInToSlowEaseOut(from x: Double, to target: Double, duration: Double,
                                               start: Double, phase: Phase = .spring) -> AxisMotion {
        let mid = FastEaseInToSlowEaseOut.midpoint
        let (a1, b1) = (FastEaseInToSlowEaseOut.a1, FastEaseInToSlowEaseOut.b1)
        let (a2, b2) = (FastEaseInToSlowEaseOut.a2, FastEaseInToSlowEaseOut.b2)
        let first = UnitBezier(a1.x / mid.x, a1.y / mid.y, b1.x / mid.x, b1.y / mid.y)
        let second = UnitBezier((a2.x - mid.x) / (1 - mid.x), (a2.y - mid.y) / (1 - mid.y),
                                (b2.x - mid.x) / (1 - mid.x), (b2.y - mid.y) / (1 - mid.y))
        let through = x + (target - x) * mid.y
        let lead = TimedCurve(from: x, to: through, duration: duration * mid.x, curve: first)
        let rest = TimedCurve(from: through, to: target, duration: duration * (1 - mid.x), curve: second)
        return AxisMotion(segments: [Segment(start: start, law: .timed(lead), phase: phase),
                                     Segment(start: start + lead.duration, law: .timed(rest), phase: phase)],
                          endTime: start + max(duration, lead.duration + rest.duration), finalPosition: target)
    }

    /// This motion, then `next` from its start (which should be at or after this one's end).
    public func then(_ next: AxisMotion) -> AxisMotion {
        precondition(shift == 0 && scale == 1 && next.shift == 0 && next.scale == 1, "joins motions as their laws built them")
        return AxisMotion(segments: segments + next.segments, endTime: next.endTime, finalPosition: next.finalPosition)
    }

    /// Where the laws of the last segment put the motion at its end: within the settling threshold of
    /// `finalPosition`, where a motion that follows should start so that nothing jumps.
    public var positionAtEnd: Double {
        guard let last = segments.last else { return finalPosition }
        return placed(last.law.position(at: max(0, endTime - last.start)))
    }

    // MARK: Flutter

    /// Flutter's `BouncingScrollSimulation`: friction, then `ScrollSpringSimulation` from the edge it would cross;
    /// it ends at the first instant `isDone` holds (Flutter checks it every frame).
    public static func bouncing(_ simulation: BouncingScrollSimulation, start: Double) -> AxisMotion {
        var segments: [Segment] = []
        if let friction = simulation.friction {
            segments.append(Segment(start: start, law: .friction(friction), phase: .momentum))
        }
        if let spring = simulation.spring {
            let springStart = simulation.springTime.isFinite ? simulation.springTime : 0
            segments.append(Segment(start: start + springStart, law: .flutterSpring(spring), phase: .bounce))
        }
        let done = firstTime(after: 0) { simulation.isDone($0) }
        return AxisMotion(segments: segments, endTime: start + done, finalPosition: simulation.x(done))
    }

    /// A Flutter `ScrollSpringSimulation` to its end, ending when done.
    public static func flutterSpring(_ simulation: SpringSimulation, start: Double, phase: Phase = .spring) -> AxisMotion {
        let done = firstTime(after: 0) { simulation.isDone($0) }
        return AxisMotion(segments: [Segment(start: start, law: .flutterSpring(simulation), phase: phase)],
                          endTime: start + done, finalPosition: simulation.motion.to)
    }

    /// Flutter's `ClampingScrollSimulation`, stopped where it meets an edge of `limits` (the content cannot pass it).
    public static func clamping(_ simulation: ClampingScrollSimulation, limits: ClosedRange<Double>,
                                start: Double) -> AxisMotion {
        let law = Law.clamping(simulation)
        let segment = Segment(start: start, law: law, phase: .momentum)
        if let edge = edgeCrossed(from: simulation.position, to: simulation.finalX, limits: limits),
           let hit = simulation.time(toReach: edge) {
            return AxisMotion(segments: [segment], endTime: start + hit, finalPosition: edge)
        }
        return AxisMotion(segments: [segment], endTime: start + simulation.duration, finalPosition: simulation.finalX)
    }

    // MARK: Android

    /// Android's spline fling, stopped where it meets an edge of `limits` (`RecyclerView` absorbs the rest).
    public static func spline(_ fling: SplineOverScroller, limits: ClosedRange<Double>, start: Double) -> AxisMotion {
        let segment = Segment(start: start, law: .spline(fling), phase: .momentum)
        if let edge = edgeCrossed(from: fling.start, to: fling.finalPosition, limits: limits),
           let hit = fling.time(toReach: edge) {
            return AxisMotion(segments: [segment], endTime: start + hit, finalPosition: edge)
        }
        return AxisMotion(segments: [segment], endTime: start + fling.duration, finalPosition: fling.finalPosition)
    }

    // MARK: FloatingPanel and sheet snapping

    /// FloatingPanel's attraction, shown display frame by display frame.
    public static func stepped(_ animator: NumericSpringAnimator, start: Double) -> AxisMotion {
        AxisMotion(segments: [Segment(start: start, law: .stepped(animator), phase: .spring)],
                   endTime: start + animator.duration, finalPosition: animator.target)
    }

    /// Flutter's linear snap of a `DraggableScrollableSheet`.
    public static func snapping(_ simulation: SnappingSimulation, start: Double) -> AxisMotion {
        AxisMotion(segments: [Segment(start: start, law: .snapping(simulation), phase: .spring)],
                   endTime: start + simulation.duration, finalPosition: simulation.target)
    }

    // MARK: Helpers

    /// The edge of `limits` a motion from `from` to `to` crosses, if any.
    static func edgeCrossed(from: Double, to: Double, limits: ClosedRange<Double>) -> Double? {
        if to > limits.upperBound && from <= limits.upperBound { return limits.upperBound }
        if to < limits.lowerBound && from >= limits.lowerBound { return limits.lowerBound }
        return nil
    }

    /// Scan step for `firstTime`: a millisecond.
    static let scanStep = 0.001
    /// The longest a Flutter simulation is followed: a minute.
    static let scanLimit = 60.0

    /// The first time after `t0` at which `condition` holds: scanned by milliseconds, then bisected to a nanosecond.
    /// (Flutter asks `isDone` once per frame; Flick answers for any frame rate with the instant it first holds.)
    static func firstTime(after t0: Double, _ condition: (Double) -> Bool) -> Double {
        if condition(t0) { return t0 }
        var low = t0
        var high = t0 + scanStep
        while !condition(high) {
            low = high
            high += scanStep
            if high - t0 > scanLimit { return high }
        }
        while high - low > 1e-9 {
            let mid = (low + high) / 2
            if condition(mid) { high = mid } else { low = mid }
        }
        return high
    }
}

/// The control points of Flutter's `Curves.fastEaseInToSlowEaseOut` (packages/flutter/lib/src/animation/curves.dart):
/// `ThreePointCubic(a1, b1, midpoint, a2, b2)`.
public enum FastEaseInToSlowEaseOut {
    public static let a1 = (x: 0.056, y: 0.024)
    public static let b1 = (x: 0.108, y: 0.3085)
    public static let midpoint = (x: 0.198, y: 0.541)
    public static let a2 = (x: 0.3655, y: 1.0)
    public static let b2 = (x: 0.5465, y: 0.989)
}
