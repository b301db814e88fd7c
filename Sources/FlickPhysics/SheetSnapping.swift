import Foundation

/// Flutter's `DraggableScrollableSheet` snapping (`packages/flutter/lib/src/widgets/draggable_scrollable_sheet.dart`,
/// `_impliedSnapSizes` and `_SnappingSimulation`): a released sheet goes to the nearest snap size when the release is
/// slower than the scroll tolerance, else to the next snap size in the fling's direction, and it gets there in a
/// straight line at the fling's speed, at least 1600 pt/s.
///
/// Sizes are the sheet's height (points, or fractions when both sides agree); velocities are positive when the sheet
/// grows.
public struct SnappingSimulation: Hashable, Sendable {
    /// The size at release.
    public let position: Double
    /// The size it snaps to.
    public let target: Double
    /// The constant speed of the motion, signed (points, or fractions, per second).
    public let velocity: Double

    /// `_SnappingSimulation.minimumSpeed`: "a minimum speed to snap at", 1600 pt/s.
    public static let minimumSpeed = 1600.0

    /// - Parameters:
    ///   - snapSizes: the sizes in increasing order (see `impliedSnapSizes`).
    ///   - tolerance: a release slower than `tolerance.velocity` snaps to the nearest size (Flutter passes the scroll
    ///     tolerance, 20/dpr pt/s).
    ///   - snapAnimationDuration: when set, the motion takes exactly this long (seconds) instead.
    public init(position: Double, velocity: Double, snapSizes: [Double], tolerance: Tolerance,
                snapAnimationDuration: Double? = nil) {
        self.position = position
        let target = Self.snapSize(position: position, velocity: velocity, snapSizes: snapSizes, tolerance: tolerance)
        self.target = target
        if let duration = snapAnimationDuration, duration > 0 {
            self.velocity = (target - position) / duration
        } else if target < position {
            // The direction of the target decides, not the velocity's: a slow release may snap against it.
            self.velocity = min(-Self.minimumSpeed, velocity)
        } else {
            self.velocity = max(Self.minimumSpeed, velocity)
        }
    }

    /// `_getSnapSize`: the first size at or above `position` and the one before it; the nearer of the two (the upper on
    /// a tie) for a release no faster than the tolerance, else the one in the velocity's direction. A fling up from
    /// exactly a snap size goes to the next one.
    public static func snapSize(position: Double, velocity: Double, snapSizes: [Double], tolerance: Tolerance) -> Double {
        guard let first = snapSizes.first else { return position }
        guard let next = snapSizes.firstIndex(where: { $0 >= position }) else { return snapSizes[snapSizes.count - 1] }
        if next == 0 { return first }
        let nextSize = snapSizes[next], previousSize = snapSizes[next - 1]
        if abs(velocity) <= tolerance.velocity {
            return position - previousSize < nextSize - position ? previousSize : nextSize
        }
        if velocity < 0 { return previousSize }
        if velocity > 0 && position == nextSize && next + 1 < snapSizes.count { return snapSizes[next + 1] }
        return nextSize
    }

    /// `_impliedSnapSizes`: the given sizes with `min` before and `max` after them unless already there; nil or empty
    /// gives `[min, max]`.
    public static func impliedSnapSizes(min: Double, max: Double, snapSizes: [Double]?) -> [Double] {
        guard let sizes = snapSizes, let first = sizes.first, let last = sizes.last else { return [min, max] }
        return (first != min ? [min] : []) + sizes + (last != max ? [max] : [])
    }

    /// The size at `t`: a straight line at `velocity`, stopped at the target.
    public func x(_ t: Double) -> Double {
        let moved = position + velocity * t
        if (velocity >= 0 && moved > target) || (velocity < 0 && moved < target) { return target }
        return moved
    }

    public func dx(_ t: Double) -> Double { isDone(t) ? 0 : velocity }

    public func isDone(_ t: Double) -> Bool { x(t) == target }

    /// How long the snap takes, in seconds.
    public var duration: Double { velocity == 0 ? 0 : max(0, (target - position) / velocity) }
}
