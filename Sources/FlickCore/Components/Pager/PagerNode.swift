import Foundation
import FlickPhysics

/// Where a paging scroll view comes to rest after a release (docs/physics.md, "Paging" and "Snapping").
struct PagingBehavior {
    let mode: PagingMode
    let pageCount: Int
    /// The preset's paging rule: the page of a release in `page` mode, the fling gate, and the settle of paging
    /// animations and tab taps (UIKit: a spring of response 0.3, critically damped).
    let rule: PagingRule

    func nearestPage(offset: Double, pageWidth: Double) -> Int {
        guard pageWidth > 0 else { return 0 }
        return clamp(Int(saturating: (offset / pageWidth).rounded(.toNearestOrAwayFromZero)))
    }

    func clamp(_ page: Int) -> Int { min(max(page, 0), pageCount - 1) }

    func offset(ofPage page: Int, pageWidth: Double) -> Double {
        Double(clamp(page)) * pageWidth
    }

    /// The page a release goes to.
    /// - `page`: the preset's rule (UIKit: ±0.5 page from a release faster than 50 pt/s, halves away from zero, at
    ///   most one page from the page the drag started on).
    /// - `snap(p)`: snapped scrolling (docs/physics.md, "Snapping") from the projected offset (any number of pages).
    /// - `pagination(p)`: one page at a time (docs/physics.md, "Snapping") by the direction from the offset at drag start.
    func releasePage(offset: Double, velocity: Double, dragStartOffset: Double, dragStartPage: Int,
                     pageWidth: Double) -> Int {
        releaseDecision(offset: offset, velocity: velocity, dragStartOffset: dragStartOffset,
                        dragStartPage: dragStartPage, pageWidth: pageWidth).page
    }

    /// `releasePage` with the rule it followed and its reasons in words (for `--explain`).
    func releaseDecision(offset: Double, velocity: Double, dragStartOffset: Double, dragStartPage: Int,
                         pageWidth: Double) -> (page: Int, rule: String, projected: Double?, reason: String) {
        guard pageWidth > 0, pageCount > 0 else { return (0, "paging", nil, "no page to go to") }
        let oneFromStart = { (page: Int) in self.clamp(min(max(page, dragStartPage - 1), dragStartPage + 1)) }
        switch mode {
        case .page:
            let d = rule.pageDecision(offset: offset, pageWidth: pageWidth, velocity: velocity,
                                      dragStartPage: dragStartPage, pageCount: pageCount)
            let speed = Say.number(rule.velocityThreshold)
            var reason = d.nudge == 0
                ? "not faster than \(speed) pt/s, so the nearest page: \(Say.number(d.position, digits: 2)) rounds to \(d.rounded)"
                : "faster than \(speed) pt/s, so half a page \(d.nudge > 0 ? "forward" : "back"): "
                    + "\(Say.number(d.position + d.nudge, digits: 2)) rounds to \(d.rounded)"
            if let from = d.limitedFrom { reason += "; at most one page from page \(from), where the drag began" }
            if d.page != d.rounded && d.limitedFrom == nil { reason += "; the pager has pages 0 to \(pageCount - 1)" }
            let name: String
            switch rule.settle {
            case .uikit, .spring: name = "uikit.paging"
            case .flutterSpring: name = "flutter.pageScrollPhysics"
            }
            return (d.page, name, nil, reason)
        case .snap(let snapPoint):
            let projected = project(position: offset, velocity: velocity, rate: rule.projectionRate)
            let page = clamp(Paging.snapPage(projectedPage: projected / pageWidth, movingForward: projected >= offset,
                                             snapPoint: snapPoint))
            return (page, "snap", projected,
                    "snapped scrolling: projected to page \(Say.number(projected / pageWidth, digits: 2)) "
                    + "(rate \(Say.number(rule.projectionRate.rawValue, digits: 4))); a page counts once "
                    + "\(Say.number(snapPoint * 100))% of it is covered moving \(projected >= offset ? "forward" : "back")")
        case .pagination(let snapPoint):
            let forward = offset > dragStartOffset
            let page = Paging.paginationPage(currentPage: offset / pageWidth, movingForward: forward,
                                             snapPoint: snapPoint)
            return (oneFromStart(page), "pagination",  nil,
                    "one page at a time: moved \(forward ? "forward" : "back") to page "
                    + "\(Say.number(offset / pageWidth, digits: 2)); a page counts once "
                    + "\(Say.number(snapPoint * 100))% of it is covered")
        }
    }
}

/// The `pager` component: a paging scroll view of pages under a tab bar whose indicator follows the scroll
/// (the Vimeo article on paging tab views: the scroll view drives the indicator, never the reverse; a tap on a tab scrolls, and the indicator
/// follows the scroll).
final class PagerNode: ComponentNode {
    let spec: PagerSpec
    let key: String
    let scrollView: ScrollView
    let pages: [ComponentNode?]
    private(set) var frame: Rect = .zero
    /// The tab bar, in viewport coordinates: at the top of the pager, below the safe area.
    private(set) var tabBarFrame: Rect = .zero

    init(spec: PagerSpec, key: String, physics: PhysicsPreset, builder: SceneBuilder) {
        self.spec = spec
        self.key = key
        // Without a contentInset, pages start below the tab bar; with one, it is used as given (the Vimeo article's 40 pt).
        let inset = spec.contentInset == .zero ? EdgeInsets(top: spec.tabBar.height) : spec.contentInset
        self.scrollView = ScrollView(key: key, axis: .horizontal, contentInset: inset,
                                     initialOffset: nil, physics: physics,
                                     paging: PagingBehavior(mode: spec.paging, pageCount: spec.pages.count, rule: physics.paging),
                                     noun: "pager", pageNames: spec.pages.map(\.title))
        self.pages = spec.pages.map { $0.content.map(builder.node(for:)) }
    }

    var pageWidth: Double { frame.width }

    /// contentOffset.x at the latest layout (hit-testing happens right after one).
    private var laidOutOffset = 0.0

    func layout(frame: Rect, context: LayoutContext, at t: Double) {
        let firstLayout = self.frame == .zero
        let oldWidth = self.frame.width
        self.frame = frame
        let safeArea = context.safeAreaOverlap(frame)
        tabBarFrame = Rect(x: frame.minX, y: frame.minY + safeArea.top, width: frame.width, height: spec.tabBar.height)
        let inset = scrollView.contentInset + safeArea
        let contentSize = Size(width: Double(spec.pages.count) * frame.width,
                               height: max(0, frame.height - inset.top - inset.bottom))
        scrollView.layout(frame: frame, contentSize: contentSize, safeAreaInsets: safeArea)
        if firstLayout {
            scrollView.jump(to: Double(spec.initialPage) * frame.width, at: t)
        } else if oldWidth != frame.width, oldWidth > 0, spec.keepsPageOnResize {
            // The Vimeo article's iPad bug: after a resize the same page is shown, aligned to the new width; a drag or a
            // settle in progress keeps the page it was heading to.
            scrollView.rescale(by: frame.width / oldWidth, at: t)
        }
        let x = scrollView.offset(at: t)
        laidOutOffset = x
        for (i, page) in pages.enumerated() {
            guard let page else { continue }
            page.layout(frame: Rect(x: frame.minX + Double(i) * frame.width - x, y: frame.minY + inset.top,
                                    width: frame.width, height: contentSize.height),
                        context: context, at: t)
        }
    }

    /// Tabs of a scrollable bar: the title set in bold at `tabTitleSize`, with `tabPadding` on each side (and the
    /// icon beside it in a bar too low to stack them), at least `minimumTabWidth` (Parchment's `.sizeToFit`).
    static let tabTitleSize = 15.0
    static let tabPadding = 16.0
    static let minimumTabWidth = 56.0
    /// The smallest size the renderer shrinks the titles to before a fixed bar counts as too narrow for its tabs.
    static let smallestTitleSize = TabBarSpec.smallestTitleSize
    /// An inline icon and the gap after it.
    static let inlineIconWidth = 16.0 + 5.0
    /// Bars this tall stack the icon above the title.
    static let stackedBarHeight = 56.0

    private func titleWidth(_ page: Page, size: Double) -> Double {
        let icon = page.icon != nil && spec.tabBar.height < Self.stackedBarHeight ? Self.inlineIconWidth : 0
        return TextMetrics.width(of: page.title, size: size, bold: true) + icon
    }

    /// Whether the bar scrolls: as the spec says, else when an equal share cannot hold every title at the smallest
    /// size (with 6 pt on each side).
    private func decidesScrolling(barWidth: Double) -> Bool {
        if let scrollable = spec.tabBar.scrollable { return scrollable }
        guard spec.tabBar.widths == nil, !spec.pages.isEmpty else { return false }
        let share = barWidth / Double(spec.pages.count)
        return spec.pages.contains { titleWidth($0, size: Self.smallestTitleSize) + 12 > share }
    }

    /// The tab bar's layout for the width it was last worked out for: measuring every title is done once per
    /// width, not for each of the several reads of a frame.
    private var tabLayout: (barWidth: Double, scrolls: Bool, widths: [Double], origins: [Double], total: Double)?

    private func layoutTabs() -> (barWidth: Double, scrolls: Bool, widths: [Double], origins: [Double], total: Double) {
        if let tabLayout, tabLayout.barWidth == frame.width { return tabLayout }
        let scrolls = spec.tabBar.widths == nil && decidesScrolling(barWidth: frame.width)
        let widths: [Double]
        if let given = spec.tabBar.widths {
            widths = given
        } else if scrolls {
            widths = spec.pages.map { max(Self.minimumTabWidth, titleWidth($0, size: Self.tabTitleSize) + 2 * Self.tabPadding) }
        } else {
            widths = Array(repeating: frame.width / Double(max(1, spec.pages.count)), count: spec.pages.count)
        }
        var x = 0.0
        let origins = widths.map { w in defer { x += w }; return x }
        let layout = (frame.width, spec.tabBar.scrollable ?? scrolls, widths, origins, widths.reduce(0, +))
        tabLayout = layout
        return layout
    }

    /// Whether the tab bar scrolls (decided for the current width).
    var tabBarScrolls: Bool { layoutTabs().scrolls }

    /// Tab widths: as given; sized to their titles in a scrollable bar; else the bar's width shared equally.
    var tabWidths: [Double] { layoutTabs().widths }

    /// Tab origins relative to the bar's content.
    var tabOrigins: [Double] { layoutTabs().origins }

    /// How far the bar's content is scrolled for a content offset, driven one way by the pager's offset, as
    /// Parchment's `.centered` selected scroll position does it: each tab has its resting bar offset, the one that
    /// centres it, clamped to the bar's content (`PagingDistance.swift`, `distanceCentered` and its edge cases);
    /// between two pages the bar moves from the current tab's to the next one's in proportion to the page fraction
    /// (`PagingController.swift`: initial offset + distance × progress).
    func tabBarOffset(offset: Double) -> Double {
        let layout = layoutTabs()
        guard layout.scrolls else { return 0 }
        let widths = layout.widths, origins = layout.origins
        let limit = max(0, layout.total - frame.width)
        func resting(_ tab: Int) -> Double { min(max(origins[tab] + widths[tab] / 2 - frame.width / 2, 0), limit) }
        let (i, j, f) = neighbours(offset: offset)
        return resting(i) + (resting(j) - resting(i)) * f
    }

    /// The tab of the page at or before `offset`, the next one (the same at the end) and the fraction of the way
    /// between their pages, in 0...1.
    private func neighbours(offset: Double) -> (Int, Int, Double) {
        let count = spec.pages.count
        let position = offset / pageWidth
        let i = min(max(Int(saturating: position.rounded(.down)), 0), count - 1)
        let j = min(i + 1, count - 1)
        return (i, j, min(max(position - Double(i), 0), 1))
    }

    func participants(at point: Point, axis: Axis, into chain: inout [NestedScrollParticipant]) {
        guard frame.contains(point), !tabBarFrame.contains(point) else { return }
        if axis == .horizontal { chain.append(scrollView) }
        let index = Int(saturating: ((point.x - frame.minX + laidOutOffset) / pageWidth).rounded(.down))
        if pages.indices.contains(index), let page = pages[index] {
            page.participants(at: point, axis: axis, into: &chain)
        }
    }

    func tap(at point: Point, time: Double) -> Bool {
        if tabBarFrame.contains(point) {
            let x = point.x - tabBarFrame.minX + tabBarOffset(offset: scrollView.offset(at: time))
            let origins = tabOrigins, widths = tabWidths
            guard let tab = origins.indices.first(where: { x >= origins[$0] && x < origins[$0] + widths[$0] }) else {
                return false
            }
            // The tap only asks the scroll view to scroll; the indicator follows the scroll frame by frame.
            scrollView.animate(toPage: tab, at: time)
            return true
        }
        return pages.compactMap { $0 }.first { $0.frame.contains(point) }?.tap(at: point, time: time) ?? false
    }

    var ownScrollView: ScrollView? { scrollView }
    var directChildren: [ComponentNode] { pages.compactMap { $0 } }

    func viewportDidResize(at t: Double) {
        for page in pages { page?.viewportDidResize(at: t) }
    }

    /// The tab indicator for a content offset: x = the bar's width × scrollFraction (contentOffset.x /
    /// contentSize.width), width interpolated between neighbouring tabs. With unequal tabs, x interpolates between
    /// tab origins instead, which the fraction rule would not land on.
    func indicator(offset: Double) -> PagerIndicatorState {
        let widths = tabWidths, origins = tabOrigins
        let position = offset / pageWidth
        let i = min(max(Int(saturating: position.rounded(.down)), 0), widths.count - 1)
        let j = min(i + 1, widths.count - 1)
        let f = min(max(position - Double(i), 0), 1)
        let width = widths[i] + (widths[j] - widths[i]) * f
        guard spec.tabBar.widths != nil || tabBarScrolls else {
            return PagerIndicatorState(x: frame.width * offset / (Double(spec.pages.count) * pageWidth), width: width)
        }
        // Past either end the indicator keeps moving with the end tab's width per page (it follows the rubber band).
        let beyond = position < 0 ? position * widths[0]
            : max(0, position - Double(widths.count - 1)) * widths[widths.count - 1]
        return PagerIndicatorState(x: origins[i] + (origins[j] - origins[i]) * f + beyond, width: width)
    }

    func snapshot(at t: Double, into state: inout FrameState) {
        let scroll = ScrollViewState(scrollView, at: t, showsIndicator: false)
        state.scrollViews.append(scroll)
        let fraction = scroll.contentSize.width > 0 ? scroll.contentOffset.x / scroll.contentSize.width : 0
        let barOffset = tabBarOffset(offset: scroll.contentOffset.x)
        // The spans laid out for this width, shared with every frame at it; only the bar's offset is this frame's.
        let layout = layoutTabs()
        let tabs = TabSpans(origins: layout.origins, widths: layout.widths, offset: barOffset)
        var indicator = indicator(offset: scroll.contentOffset.x)
        indicator.x -= barOffset
        let position = scroll.frame.width > 0 ? scroll.contentOffset.x / scroll.frame.width : 0
        state.append(PagerState(key: key, page: scrollView.currentPage(at: t), fraction: fraction, indicator: indicator,
                                tabBar: tabBarFrame, tabs: tabs, tabBarOffset: barOffset, pages: position))
        for page in pages { page?.snapshot(at: t, into: &state) }
    }
}
