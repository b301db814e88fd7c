import Foundation

/// The large-title bar's snap (docs/physics.md, "Large-title navigation bar"), attached to the list the bar collapses
/// with (`ScrollAttachment`): a release that comes to rest with the large title partly collapsed is snapped on to
/// expanded or collapsed (`NavigationBarGeometry.snapTarget`).
final class LargeTitleSnap: ScrollAttachment {
    func restSnap(_ view: ScrollView, offset: Double, limits: ClosedRange<Double>) -> RestSnap? {
        NavigationBarGeometry.snapTarget(offset: offset, limits: limits)
    }
}
