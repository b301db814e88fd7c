import Foundation

/// Flutter's iOS-like scroll physics, `BouncingScrollPhysics` (`packages/flutter/lib/src/widgets/scroll_physics.dart`):
/// resistance while dragged past an edge, the fling gate, and the ballistic simulation after a release.
///
/// Ported from Flutter before PR #187568 (checked against flutter/flutter `scroll_physics.dart` at `000a6d6`): every
/// return to an edge uses `defaultSpring`, not the later "rubber band" spring for releases at rest past an edge
/// (docs/physics.md, "Flutter on iOS"). Scroll views apply `carriedMomentum` through `CarriedMomentum`.
public struct BouncingScrollPhysics: Hashable, Sendable {
    /// Flutter's `ScrollDecelerationRate`: `normal` is iOS's, `fast` the macOS default.
    public enum Rate: Hashable, Sendable { case normal, fast }

    public var rate: Rate

    public init(rate: Rate = .normal) { self.rate = rate }

    /// `frictionFactor`'s factor at the edge for `.normal`: a drag moves overscrolled content 0.52 pt per point.
    public static let normalEdgeFriction = 0.52
    /// `frictionFactor`'s factor at the edge for `.fast`: 0.26 pt per point.
    public static let fastEdgeFriction = 0.26
    /// `ScrollPhysics._kDefaultSpring`: mass 0.5, stiffness 100, damping ratio 1.1 (over-damped).
    public static let defaultSpring = Spring(stiffness: 100, dampingRatio: 1.1, mass: 0.5)
    /// `BouncingScrollPhysics.spring` for `.fast`: mass 0.3, stiffness 75, damping ratio 1.3.
    public static let fastSpring = Spring(stiffness: 75, dampingRatio: 1.3, mass: 0.3)
    /// `kMinFlingVelocity` (`gestures/constants.dart`): 50 pt/s; a drag ending slower is not a fling.
    public static let baseMinFlingVelocity = 50.0
    /// `kMaxFlingVelocity`: fling velocities are clamped to 8000 pt/s.
    public static let baseMaxFlingVelocity = 8000.0
    /// `kTouchSlop`: a drag must cover 18 pt to count as a fling (`minFlingDistance`).
    public static let touchSlop = 18.0
    /// `createBallisticSimulation`'s constant deceleration for `.fast`: 1400 pt/s².
    public static let fastConstantDeceleration = 1400.0
    /// `dragStartDistanceMotionThreshold`: after a pause, a drag must move 3.5 pt before the content follows.
    public static let dragStartDistanceMotionThreshold = 3.5

    /// `(1 − f)²·0.52` (`.fast`: `·0.26`), with `f` the overscroll as a fraction of the viewport: how far the content
    /// moves per point dragged while past an edge.
    public func frictionFactor(_ overscrollFraction: Double) -> Double {
        pow(1 - overscrollFraction, 2) * (rate == .fast ? Self.fastEdgeFriction : Self.normalEdgeFriction)
    }

    /// `applyPhysicsToUserOffset`: the part of a drag of `offset` points that moves the content at `pixels`.
    ///
    /// Flutter's sign convention: `offset` is the finger's movement (positive = towards the start edge, i.e. the
    /// content offset decreases by the result). Inside the range the offset passes unchanged; past an edge it is
    /// scaled by `frictionFactor` of the overscroll before the move (tensioning) or after it (easing back), and a
    /// `.fast` rate eases back without resistance.
    public func applyPhysicsToUserOffset(_ offset: Double, pixels: Double, range: ClosedRange<Double>,
                                         viewport: Double) -> Double {
        guard pixels < range.lowerBound || pixels > range.upperBound else { return offset }
        let pastStart = max(range.lowerBound - pixels, 0)
        let pastEnd = max(pixels - range.upperBound, 0)
        let past = max(pastStart, pastEnd)
        let easing = (pastStart > 0 && offset < 0) || (pastEnd > 0 && offset > 0)
        let friction = easing ? frictionFactor((past - abs(offset)) / viewport) : frictionFactor(past / viewport)
        let direction = FrictionSimulation.sign(offset)
        if easing && rate == .fast { return direction * abs(offset) }
        return direction * Self.applyFriction(extentOutside: past, absDelta: abs(offset), gamma: friction)
    }

    /// `_applyFriction`: `absDelta·γ` while that stays within the overscroll, then the rest 1:1.
    static func applyFriction(extentOutside: Double, absDelta: Double, gamma: Double) -> Double {
        var total = 0.0
        var delta = absDelta
        if extentOutside > 0 {
            let deltaToLimit = extentOutside / gamma
            if delta < deltaToLimit { return delta * gamma }
            total += extentOutside
            delta -= deltaToLimit
        }
        return total + delta
    }

    /// The bounce spring back to an edge.
    public var spring: Spring { rate == .fast ? Self.fastSpring : Self.defaultSpring }
    /// The constant deceleration added to the friction: 0, or 1400 pt/s² for `.fast`.
    public var constantDeceleration: Double { rate == .fast ? Self.fastConstantDeceleration : 0 }
    /// `minFlingVelocity`: `kMinFlingVelocity·2`, 100 pt/s ("decelerates more slowly than ClampingScrollPhysics so
    /// we require a more deliberate input gesture").
    public var minFlingVelocity: Double { Self.baseMinFlingVelocity * 2 }
    /// `maxFlingVelocity`: 8000 pt/s, or `kMaxFlingVelocity·8` for `.fast`.
    public var maxFlingVelocity: Double { rate == .fast ? Self.baseMaxFlingVelocity * 8 : Self.baseMaxFlingVelocity }

    /// `carriedMomentum`: the velocity a new fling in the same direction inherits from a running one,
    /// `sign(v)·min(0.000816·|v|^1.967, 40000)`.
    public func carriedMomentum(_ existingVelocity: Double) -> Double {
        FrictionSimulation.sign(existingVelocity) * min(0.000816 * pow(abs(existingVelocity), 1.967), 40000)
    }

    /// `createBallisticSimulation`: nil when slower than `tolerance.velocity` and inside the range.
    public func ballistic(position: Double, velocity: Double, range: ClosedRange<Double>,
                          tolerance: Tolerance) -> BouncingScrollSimulation? {
        let outOfRange = position < range.lowerBound || position > range.upperBound
        guard abs(velocity) >= tolerance.velocity || outOfRange else { return nil }
        return BouncingScrollSimulation(position: position, velocity: velocity, leadingExtent: range.lowerBound,
                                        trailingExtent: range.upperBound, spring: spring,
                                        constantDeceleration: constantDeceleration, tolerance: tolerance)
    }
}

/// Flutter's momentum carried into a drag that caught a moving scroll view (`ScrollDragController`,
/// `packages/flutter/lib/src/widgets/scroll_activity.dart`): the caught velocity through `carriedMomentum`, lost if the
/// finger rests too long, added at the lift to a fling in the same direction that is not much slower.
public struct CarriedMomentum: Hashable, Sendable {
    /// `momentumRetainStationaryDurationThreshold`: a finger still for more than 20 ms (an update that does not move
    /// the content) loses the momentum.
    public static let stationaryDurationThreshold = 0.020
    /// `momentumRetainVelocityThresholdFactor`: the release must be faster than half the carried velocity to keep it
    /// (flutter/flutter PR #79382).
    public static let velocityThresholdFactor = 0.5

    /// `carriedVelocity`: `carriedMomentum` of the velocity caught, in points per second along the content offset.
    public let velocity: Double
    /// `_retainMomentum`: false once lost.
    public private(set) var isRetained: Bool
    /// `_lastNonStationaryTimestamp`, in seconds.
    private var lastMoveTime: Double

    /// A drag beginning at `time` on content moving at `caughtVelocity` under `physics`.
    public init(caught caughtVelocity: Double, physics: BouncingScrollPhysics, at time: Double) {
        velocity = physics.carriedMomentum(caughtVelocity)
        isRetained = velocity != 0
        lastMoveTime = time
    }

    /// `update` / `_maybeLoseMomentum`: a drag update at `time` that moved the content (`moved`) or did not.
    public mutating func update(moved: Bool, at time: Double) {
        if moved {
            lastMoveTime = time
        } else if time - lastMoveTime > Self.stationaryDurationThreshold {
            isRetained = false
        }
    }

    /// `end`: the velocity the release goes ballistic with, given the fling's own `velocity` (after the fling gate).
    public func releaseVelocity(_ velocity: Double) -> Double {
        let sameDirection = FrictionSimulation.sign(velocity) == FrictionSimulation.sign(self.velocity)
        let notMuchSlower = abs(velocity) > abs(self.velocity) * Self.velocityThresholdFactor
        return isRetained && sameDirection && notMuchSlower ? velocity + self.velocity : velocity
    }
}

/// Flutter's drag-end fling gate (`gestures/monodrag.dart`, `isFlingGesture`/`considerFling`): a release counts as
/// a fling only faster than `minVelocity` after a drag longer than `minDistance`; its speed is clamped to
/// `maxVelocity`. Anything else ends with velocity 0.
public struct FlingGate: Hashable, Sendable {
    /// Points per second.
    public var minVelocity: Double
    /// Points per second.
    public var maxVelocity: Double
    /// Points along the drag's axis.
    public var minDistance: Double

    public init(minVelocity: Double, maxVelocity: Double, minDistance: Double) {
        self.minVelocity = minVelocity
        self.maxVelocity = maxVelocity
        self.minDistance = minDistance
    }

    /// The release velocity the scroll view receives.
    public func velocity(_ velocity: Double, dragDistance: Double) -> Double {
        guard abs(velocity) > minVelocity && abs(dragDistance) > minDistance else { return 0 }
        return min(max(velocity, -maxVelocity), maxVelocity)
    }
}

/// Flutter's `BouncingScrollSimulation` (`packages/flutter/lib/src/widgets/scroll_simulation.dart`): UIKit-like momentum
/// (`FrictionSimulation` with drag 0.135) that, if it would pass an edge, switches at the edge to a
/// `ScrollSpringSimulation` back to it, carrying the velocity it had there (at most 5000 pt/s). Started outside the
/// range it is that spring from the start.
public struct BouncingScrollSimulation: Hashable, Sendable {
    public let leadingExtent: Double
    public let trailingExtent: Double
    /// The momentum phase (nil when released outside the range).
    public let friction: FrictionSimulation?
    /// The spring to an edge, if any; it starts at `springTime`.
    public let spring: SpringSimulation?
    /// When the spring takes over: −∞ if released outside the range, +∞ if the momentum stays inside it.
    public let springTime: Double

    /// `maxSpringTransferVelocity`: the most velocity carried from momentum into the bounce, 5000 pt/s. Flutter applies
    /// it with `min` at both edges, so only positive velocities are capped.
    public static let maxSpringTransferVelocity = 5000.0

    public init(position: Double, velocity: Double, leadingExtent: Double, trailingExtent: Double,
                spring: Spring, constantDeceleration: Double = 0, tolerance: Tolerance = .default) {
        precondition(leadingExtent <= trailingExtent, "the leading extent comes first")
        self.leadingExtent = leadingExtent
        self.trailingExtent = trailingExtent
        if position < leadingExtent || position > trailingExtent {
            let edge = position < leadingExtent ? leadingExtent : trailingExtent
            self.friction = nil
            self.spring = .scroll(spring: spring, start: position, end: edge, velocity: velocity, tolerance: tolerance)
            self.springTime = -.infinity
            return
        }
        let friction = FrictionSimulation(drag: FrictionSimulation.uiScrollViewDrag, position: position,
                                          velocity: velocity, constantDeceleration: constantDeceleration,
                                          tolerance: tolerance)
        self.friction = friction
        let finalX = friction.finalX
        let edge: Double?
        if velocity > 0 && finalX > trailingExtent { edge = trailingExtent }
        else if velocity < 0 && finalX < leadingExtent { edge = leadingExtent }
        else { edge = nil }
        if let edge {
            let time = friction.timeAtX(edge)
            self.springTime = time
            self.spring = .scroll(spring: spring, start: edge, end: edge,
                                  velocity: min(friction.dx(time), Self.maxSpringTransferVelocity),
                                  tolerance: tolerance)
        } else {
            self.springTime = .infinity
            self.spring = nil
        }
    }

    /// Whether the spring runs at `t`, and the time within it.
    private func springPhase(_ t: Double) -> (SpringSimulation, Double)? {
        guard t > springTime, let spring else { return nil }
        return (spring, t - (springTime.isFinite ? springTime : 0))
    }

    public func x(_ t: Double) -> Double {
        if let (spring, local) = springPhase(t) { return spring.x(local) }
        return friction!.x(t)
    }

    public func dx(_ t: Double) -> Double {
        if let (spring, local) = springPhase(t) { return spring.dx(local) }
        return friction!.dx(t)
    }

    public func isDone(_ t: Double) -> Bool {
        if let (spring, local) = springPhase(t) { return spring.isDone(local) }
        return friction!.isDone(t)
    }

    /// Whether the bounce spring runs at `t`.
    public func isBouncing(at t: Double) -> Bool { springPhase(t) != nil }
}
