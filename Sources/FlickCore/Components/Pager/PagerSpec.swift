import Foundation
import FlickPhysics

public struct Page: Sendable {
    public var title: String
    public var icon: String?
    public var color: String?
    public var content: Component?
    /// A PNG or SVG file (absolute path) scaled to fill the page, under its content.
    public var image: String? = nil

    public init(title: String, icon: String? = nil, color: String? = nil, content: Component? = nil) {
        self.title = title
        self.icon = icon
        self.color = color
        self.content = content
    }
}

public enum TabIndicatorStyle: String, Hashable, Sendable, CaseIterable {
    case underline, pill
}

public struct TabBarSpec: Hashable, Sendable {
    /// Default 44 pt.
    public var height: Double
    public var indicator: TabIndicatorStyle
    /// Tab widths in points; nil shares the bar's width equally, or sizes tabs to their titles when scrollable.
    public var widths: [Double]?
    /// Whether the bar scrolls, its tabs sized to their titles (Parchment, Tabman). Nil decides: it scrolls when
    /// equal shares of the bar would not hold every title at the smallest size the renderer shrinks titles to.
    public var scrollable: Bool?

    public static let defaultHeight = 44.0
    /// The smallest size in points the renderer sets a fixed bar's titles at (all of them at one size) before the
    /// bar counts as too narrow for its tabs and scrolls instead.
    public static let smallestTitleSize = 10.0

    public init(height: Double = TabBarSpec.defaultHeight, indicator: TabIndicatorStyle = .underline,
                widths: [Double]? = nil, scrollable: Bool? = nil) {
        self.height = height
        self.indicator = indicator
        self.widths = widths
        self.scrollable = scrollable
    }
}

public enum PagingMode: Hashable, Sendable {
    /// UIScrollView paging: one page per release.
    case page
    /// Snapped scrolling from the projected offset, with a snap point (docs/physics.md, "Snapping").
    case snap(Double)
    /// One-page-at-a-time pagination by direction, with a snap point.
    case pagination(Double)
}

/// A `pager`: a paging scroll view of pages under a tab bar.
public struct PagerSpec: Sendable {
    public var pages: [Page]
    public var initialPage: Int
    public var tabBar: TabBarSpec
    public var paging: PagingMode
    public var contentInset: EdgeInsets
    /// After a resize, show the same page aligned to the new width (the Vimeo article's fix). False reproduces
    /// the bug it describes: contentSize changes and contentOffset does not, so two pages show side by side.
    public var keepsPageOnResize: Bool

    public init(pages: [Page], initialPage: Int = 0, tabBar: TabBarSpec = TabBarSpec(), paging: PagingMode = .page,
                contentInset: EdgeInsets = .zero, keepsPageOnResize: Bool = true) {
        self.pages = pages
        self.initialPage = initialPage
        self.tabBar = tabBar
        self.paging = paging
        self.contentInset = contentInset
        self.keepsPageOnResize = keepsPageOnResize
    }
}
