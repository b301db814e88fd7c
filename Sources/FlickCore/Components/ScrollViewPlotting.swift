import Foundation

// What a scroll view's state plots (docs/review-page.md, the motion plot's panels): its content offset on each axis
// between its content's edges, or a pager's or carousel's position in pages.

extension ScrollViewState: PlottedState {
    /// A paging component's scroll view (one `pageTitles` names) plots its position in pages, its boundaries named by
    /// page; any other its content offset on both axes (the review draws those that moved).
    func plotted(in frame: FrameState, pageTitles: [String: [String]]) -> [PlottedValue] {
        if let titles = pageTitles[key] {
            // Its position in pages as the component counts them (`PagePosition.pages`: a pager's contentOffset.x /
            // its frame's width, a carousel's / its card plus spacing), so that page n rests on the line at n. Not a
            // pager's `fraction` (contentOffset.x / contentSize.width), which is 0.75 on the fourth of four pages.
            let width = self.frame.width
            let pages = frame.pagePosition(key)?.pages ?? (width > 0 ? contentOffset.x / width : 0)
            // A page's width in points, measured once the position is off the first page.
            let measured = abs(pages) > 1e-6
            let position = PlottedQuantity(key: key, name: "pages", label: "page", unit: "pages", unitNote: "pages (0 is the first page)",
                                           velocityCaption: Self.pagesVelocityCaption, statePath: nil)
            return [PlottedValue(quantity: position, value: pages, velocity: velocity.x,
                                 references: titles.enumerated().map { ($0.element, Double($0.offset)) },
                                 pointsPerUnit: measured ? max(1, abs(contentOffset.x / pages)) : max(1, width),
                                 measuresPointsPerUnit: measured)]
        }
        return [Axis.vertical, .horizontal].map { axis in
            let name = axis == .vertical ? "y" : "x"
            // A list's offset is drawn with larger values up, so its content's end edge (the right one of a
            // horizontal list) is the upper line.
            let up = axis == .vertical ? "bottom edge (larger contentOffset.y)" : "right edge (larger contentOffset.x)"
            let offset = PlottedQuantity(key: key, name: "contentOffset.\(name)", label: "content offset \(name)", unit: "pt",
                                         unitNote: "pt; up is toward the \(up)", velocityCaption: Self.velocityCaption(name),
                                         statePath: "\(key).contentOffset.\(name)")
            return PlottedValue(quantity: offset, value: contentOffset[axis], velocity: velocity[axis], references: edges(axis))
        }
    }

    /// The velocity caption of a scroll view's offset on axis `name` (`x` or `y`), with its sign convention.
    public static func velocityCaption(_ name: String) -> String {
        "velocity (pt/s): d(contentOffset.\(name))/dt; positive is scrolling toward the end and is drawn up"
    }

    /// The velocity caption of a pager's or carousel's position: its value is in pages but its velocity is its scroll
    /// view's, in pt/s as UIKit and the states give it, signed by direction (later pages are higher on both graphs).
    public static let pagesVelocityCaption = "velocity (pt/s): d(contentOffset.x)/dt; positive is toward later pages and is drawn up"

    /// Its smallest and largest resting offsets on `axis`: where its content's edges meet the frame's.
    func edges(_ axis: Axis) -> [(label: String, value: Double)] {
        let inset = adjustedContentInset
        let leading = axis == .vertical ? -inset.top : -inset.left
        let extent = axis == .vertical
            ? contentSize.height + inset.bottom - frame.height
            : contentSize.width + inset.right - frame.width
        let trailing = max(leading, extent)
        let names = axis == .vertical ? ("top edge", "bottom edge") : ("left edge", "right edge")
        return leading == trailing ? [(names.0, leading)] : [(names.0, leading), (names.1, trailing)]
    }
}
