import Foundation

/// scenee/FloatingPanel's release rules for a panel (`FloatingPanelDefaultBehavior` in `Sources/Behavior.swift`;
/// `targetState`, `shouldRemove` and `NumericSpringAnimator` in `Sources/Core.swift`), "fine-tuned to behave as a
/// search panel (card) in Apple Maps".
///
/// Positions are coordinates along the panel's axis (a bottom sheet's top edge, in viewport points) and velocities are
/// their rates of change (positive = the coordinate grows; for a bottom sheet, moving down).
public struct FloatingPanelBehavior: Hashable, Sendable {
    /// `springDecelerationRate`: how fast the attraction spring's oscillation dies after a fling, the UIScrollView rate
    /// `fast + 0.001` = 0.991 (it sets the damping ratio, see `NumericSpringAnimator`).
    public var springDecelerationRate: Double
    /// `springResponseTime`: the attraction spring's period, 0.4 s.
    public var springResponseTime: Double
    /// `momentumProjectionRate`: the rate of the WWDC projection used to pick the target, UIScrollView's `normal`, 0.998.
    public var momentumProjectionRate: Double
    /// `redirectionalProgress`: a release goes on to the next state once the projection covers more than this
    /// fraction of the way there, 0.5 (pinned to 0...1).
    public var redirectionalProgress: Double
    /// `shouldProjectMomentum`: false lets a release move at most one state beyond the segment it is in.
    public var projectsMomentum: Bool
    /// `removalInteractionVelocityThreshold`: a removable panel is removed when its velocity divided by its distance
    /// to the hidden position reaches this, 5.5 per second.
    public var removalVelocityThreshold: Double

    public init(springDecelerationRate: Double = FloatingPanelBehavior.defaultSpringDecelerationRate,
                springResponseTime: Double = 0.4,
                momentumProjectionRate: Double = DecelerationRate.normal.rawValue,
                redirectionalProgress: Double = 0.5, projectsMomentum: Bool = false,
                removalVelocityThreshold: Double = 5.5) {
        self.springDecelerationRate = springDecelerationRate
        self.springResponseTime = springResponseTime
        self.momentumProjectionRate = momentumProjectionRate
        self.redirectionalProgress = redirectionalProgress
        self.projectsMomentum = projectsMomentum
        self.removalVelocityThreshold = removalVelocityThreshold
    }

    /// `UIScrollView.DecelerationRate.fast.rawValue + 0.001`, computed as FloatingPanel computes it.
    public static let defaultSpringDecelerationRate = DecelerationRate.fast.rawValue + 0.001
    /// `FloatingPanelDefaultBehavior`.
    public static let `default` = FloatingPanelBehavior()
    /// The hidden position of a panel without a `.hidden` anchor lies this far beyond the screen's edge
    /// (`LayoutAdapter.hiddenAnchor`, an absolute inset of −100 pt from the superview).
    public static let hiddenInset = 100.0

    /// The WWDC 2018 "Designing Fluid Interfaces" projection FloatingPanel uses: `(v/1000)·r/(1 − r)`, the distance
    /// travelled after a release at `velocity` (pt/s).
    public static func project(velocity: Double, rate: Double) -> Double {
        (velocity / 1000) * rate / (1 - rate)
    }

    /// Why `targetState` chose what it chose (for explanations).
    public struct Target: Hashable, Sendable {
        /// The index of the chosen anchor in the array given.
        public var index: Int
        /// The projected position, after the one-segment limit when it applied.
        public var projected: Double
        /// The anchors the decision was between (indices), and how far from `from` to `to` the projection got.
        public var from: Int
        public var to: Int
        public var progress: Double
    }

    /// `targetState(from:with:)`: where a release at `position` with `velocity` goes.
    /// - Parameters:
    ///   - anchors: the anchors' positions in increasing order (a bottom sheet: full, half, tip).
    ///   - current: the index of the state the panel was in (it decides the direction of a release without velocity).
    public func targetState(anchors: [Double], current: Int, position: Double, velocity: Double) -> Target {
        guard anchors.count > 1 else {
            return Target(index: current, projected: position, from: current, to: current, progress: 0)
        }
        let last = anchors.count - 1
        // baseY cancels out; it is kept so that the arithmetic is FloatingPanel's.
        let baseY = abs(anchors[0] - anchors[last])
        var projected = baseY > 0
            ? Self.project(velocity: velocity / baseY, rate: momentumProjectionRate) * baseY + position
            : Self.project(velocity: velocity, rate: momentumProjectionRate) + position
        let forward = velocity == 0 ? (position - anchors[current]) > 0 : velocity > 0

        func segment(at pos: Double) -> (lower: Int, upper: Int) {
            let upper = forward ? anchors.firstIndex { pos < $0 } : anchors.firstIndex { pos <= $0 }
            switch upper {
            case 0?: return (0, 0)                  // (nil, first): the missing end is the first
            case let upper?: return (upper - 1, upper)
            case nil: return (last, last)           // (last, nil): the missing end is the last
            }
        }

        var (lower, upper) = segment(at: projected)
        var (from, to) = forward ? (lower, upper) : (upper, lower)
        if !projectsMomentum {
            (lower, upper) = segment(at: position)
            if lower == upper {
                if forward { upper = min(lower + 1, last) } else { lower = max(lower - 1, 0) }
            }
            (from, to) = forward ? (lower, upper) : (upper, lower)
            // At most one state past the current segment.
            if forward {
                projected = max(min(projected, anchors[min(to + 1, last)]), anchors[from])
            } else {
                projected = max(min(projected, anchors[from]), anchors[max(to - 1, 0)])
            }
        }
        let redirect = max(min(redirectionalProgress, 1), 0)
        let progress = abs(projected - anchors[from]) / abs(anchors[from] - anchors[to])
        return Target(index: progress > redirect ? to : from, projected: projected, from: from, to: to,
                      progress: progress)
    }

    /// `shouldRemove(with:)` for a panel that hides by moving its coordinate up (`hidden` beyond the larger end, as a
    /// bottom sheet): the velocity divided by the distance to `hidden` reaches `removalVelocityThreshold`.
    /// Pass `hidesTowardsLarger: false` for a top panel (it hides upwards).
    public func shouldRemove(position: Double, velocity: Double, hidden: Double, hidesTowardsLarger: Bool = true) -> Bool {
        let distance = abs(position - hidden)
        let vector = distance != 0 ? velocity / distance : 0
        return hidesTowardsLarger ? vector >= removalVelocityThreshold : vector <= -removalVelocityThreshold
    }

    /// The attraction to `target` after a release at `velocity`, stepped as on a display refreshing `refreshRate`
    /// times a second with `displayScale` pixels per point.
    public func attraction(from position: Double, to target: Double, velocity: Double, displayScale: Double,
                           refreshRate: Double = NumericSpringAnimator.defaultRefreshRate) -> NumericSpringAnimator {
        NumericSpringAnimator(from: position, to: target, velocity: velocity, responseTime: springResponseTime,
                              decelerationRate: springDecelerationRate, displayScale: displayScale,
                              refreshRate: refreshRate)
    }
}

/// FloatingPanel's attraction animator (`NumericSpringAnimator`, `Sources/Core.swift`): a spring integrated one display
/// frame at a time by its own semi-implicit step, which stops once within a pixel of the target and moving less than a
/// pixel per frame (the panel is then laid out at the target). Its overshoot depends on the refresh rate; the states
/// are computed once, and `position(at:)` shows the state of the last display frame at or before `t`.
public struct NumericSpringAnimator: Hashable, Sendable {
    public let target: Double
    /// The damping ratio: `ln(rate)/(−2π·(1/response)·0.001)` after a release faster than 300 pt/s (0.5756 with the
    /// defaults), else 1.
    public let zeta: Double
    /// `2π/response`, in radians per second.
    public let omega: Double
    /// The display's frame interval, `1/refreshRate` (CADisplayLink's `targetTimestamp − timestamp`).
    public let step: Double
    /// The state after each display frame: `states[0]` is the release, the last is at the target.
    public let positions: [Double]
    public let velocities: [Double]

    /// ProMotion iPhones' refresh rate, the default: 120 Hz.
    public static let defaultRefreshRate = 120.0
    /// Above this release speed (pt/s) the damping comes from the deceleration rate; at or below it the spring is
    /// critically damped: 300.
    public static let criticalSpeed = 300.0
    /// `duration` in the damping formula: one millisecond, the unit of UIScrollView's deceleration rates.
    public static let rateInterval = 0.001
    /// A bound on the frames stepped (a minute at 120 Hz), so that absurd parameters cannot run forever.
    public static let maximumFrames = 7200

    public init(from position: Double, to target: Double, velocity: Double, responseTime: Double,
                decelerationRate: Double, displayScale: Double, refreshRate: Double = NumericSpringAnimator.defaultRefreshRate) {
        self.target = target
        let frequency = 1 / responseTime
        zeta = abs(velocity) > Self.criticalSpeed
            ? log(decelerationRate) / (-2 * Double.pi * frequency * Self.rateInterval) : 1
        omega = 2 * Double.pi * frequency
        let h = 1 / refreshRate
        step = h
        let pixel = 1 / displayScale
        var x = position, v = velocity
        var xs = [x], vs = [v]
        // Already at the target, FloatingPanel does not attract (`shouldAttract`): nothing moves.
        if position == target { vs = [0] }
        while xs.count <= Self.maximumFrames && position != target {
            let previous = x
            // spring(x:v:xt:zeta:omega:h:): the position step of implicit Euler, then the velocity from the new position.
            let f = 1 + 2 * h * zeta * omega
            let h2 = pow(h, 2)
            let o2 = pow(omega, 2)
            let det = f + h2 * o2
            x = (f * x + h * v + h2 * o2 * target) / det
            v = (v + h * o2 * (target - x)) / det
            if abs(target - x) <= pixel && abs(previous - x) / pixel <= 1 {
                xs.append(target)
                vs.append(0)
                break
            }
            xs.append(x)
            vs.append(v)
        }
        positions = xs
        velocities = vs
    }

    /// The number of display frames until the panel rests at the target.
    public var frameCount: Int { positions.count - 1 }
    /// How long the attraction lasts, in seconds.
    public var duration: Double { Double(frameCount) * step }

    /// The display frame shown at `t` seconds after the release.
    public func frame(at t: Double) -> Int {
        guard t > 0 else { return 0 }
        return min(Int(saturating: (t / step + 1e-9).rounded(.down)), frameCount)
    }

    /// The display frame shown just before `t` seconds after the release: `frame(at:)`, but one frame earlier when a
    /// new one is due at `t` itself (within the same nanosecond tolerance).
    public func frame(justBefore t: Double) -> Int {
        guard t > 0 else { return 0 }
        return min(max(Int(saturating: (t / step - 1e-9).rounded(.up)) - 1, 0), frameCount)
    }

    public func position(at t: Double) -> Double { positions[frame(at: t)] }
    public func velocity(at t: Double) -> Double { velocities[frame(at: t)] }
}
