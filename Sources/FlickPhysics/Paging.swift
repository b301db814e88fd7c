import Foundation

/// Where a paging scroll view comes to rest after a release.
public enum Paging {
    /// A release faster than this (pt/s) adds half a page in its direction (docs/physics.md, "Paging").
    public static let defaultVelocityThreshold = 50.0

    /// UIScrollView-style paging (Flutter's `PageScrollPhysics` rule): `page = offset / pageWidth`, ±0.5 when the
    /// release velocity beyond `velocityThreshold` points that way, halves rounded away from zero.
    public static func targetPage(offset: Double, pageWidth: Double, velocity: Double,
                                  velocityThreshold: Double = defaultVelocityThreshold) -> Int {
        guard pageWidth > 0 else { return 0 }
        var page = offset / pageWidth
        if velocity > velocityThreshold { page += 0.5 } else if velocity < -velocityThreshold { page -= 0.5 }
        return Int(saturating: page.rounded(.toNearestOrAwayFromZero))
    }

    /// Absorbs binary rounding, so that decimal page positions such as 3.3 + 0.7 land on the integer they denote.
    static let pageTolerance = 1e-9

    /// Snapped scrolling (docs/physics.md, "Snapping"): from the page position of the projected offset, a page counts as reached once
    /// `snapPoint` of it is covered in the direction of motion (0.3: 3.25 → 3, 3.3 → 4 moving forward).
    public static func snapPage(projectedPage: Double, movingForward: Bool, snapPoint: Double) -> Int {
        if movingForward {
            return Int(saturating: (projectedPage + (1 - snapPoint) + pageTolerance).rounded(.down))
        } else {
            return Int(saturating: (projectedPage - (1 - snapPoint) - pageTolerance).rounded(.up))
        }
    }

    /// True pagination (docs/physics.md, "Snapping"): one page at a time, by the direction from the offset at drag start. Moving forward
    /// the next page is reached past `snapPoint` of it (0.1: 3.05 → 3, 3.1 → 4); moving backward the previous page is
    /// reached past `1 − snapPoint` of it (2.91 → 3, 2.89 → 2).
    public static func paginationPage(currentPage: Double, movingForward: Bool, snapPoint: Double) -> Int {
        let delta = movingForward ? 1 - snapPoint : snapPoint
        return Int(saturating: (currentPage + delta + pageTolerance).rounded(.down))
    }
}

extension Int {
    /// `x` converted to an integer, saturating at ±2³¹ instead of trapping (NaN gives 0): page and row indices
    /// come from user-sized geometry, which may be absurd but must never crash.
    package init(saturating x: Double) {
        guard !x.isNaN else { self = 0; return }
        let limit = Double(Int32.max)
        self = Int(Swift.min(Swift.max(x, -limit), limit))
    }
}
