import Foundation

/// The iOS scroll indicator's geometry on one axis (the CupertinoScrollbar constants and Flutter's
/// `ScrollbarPainter` rules): length proportional to the visible fraction, shrinking while over-scrolled.
public struct ScrollIndicatorGeometry: Hashable, Sendable {
    /// Width of the bar across the axis, in points.
    public var thickness = 3.0
    /// Distance from the scroll view's edge and from both ends of the track, in points.
    public var margin = 3.0
    /// Shortest bar while content lies both before and after the viewport, in points.
    public var minimumLength = 36.0
    /// Shortest bar while over-scrolled: a dot, in points.
    public var minimumOverscrollLength = 8.0

    public init() {}

    /// The bar's start (from the scroll view's frame origin on this axis) and length.
    /// - Parameters:
    ///   - offset: contentOffset on the axis; `minOffset...maxOffset` is its resting range.
    ///   - viewport: the scroll view's size on the axis.
    ///   - paddingStart, paddingEnd: insets the track keeps clear of (adjustedContentInset's safe-area part).
    public func thumb(offset: Double, minOffset: Double, maxOffset: Double, viewport: Double,
                      paddingStart: Double = 0, paddingEnd: Double = 0) -> (start: Double, length: Double) {
        let padding = paddingStart + paddingEnd
        let travel = max(0, viewport - padding - 2 * margin)
        let maxOffset = max(minOffset, maxOffset)
        let extentInside = viewport
            - min(max(minOffset - offset, 0), viewport)
            - min(max(offset - maxOffset, 0), viewport)
        let total = maxOffset - minOffset + viewport - padding
        let fractionVisible = total > 0 ? min(max((extentInside - padding) / total, 0), 1) : 1
        var length = max(min(travel, minimumOverscrollLength), travel * fractionVisible)
        let contentBeforeAndAfter = offset > minOffset && offset < maxOffset
        let floorLength: Double
        if contentBeforeAndAfter {
            floorLength = min(minimumLength, travel)
        } else {
            let overscrolled = min(max(1 - extentInside / viewport, 0), 0.2)
            floorLength = min(minimumLength, travel) * (1 - overscrolled / 0.2)
        }
        length = min(max(length, floorLength), travel)
        let progress = maxOffset > minOffset ? min(max((offset - minOffset) / (maxOffset - minOffset), 0), 1) : 0
        return (progress * (travel - length) + paddingStart + margin, length)
    }
}
