import Foundation
import FlickPhysics

// The keys of the component (docs/scenario-format.md): they drive the decoder, the JSON Schema and the docs.
extension ScenarioFormat {
    func pager(_ m: Mapping, depth: Int) -> PagerSpec? {
        let d = Defaults.pager
        let pages = m.required("pages", .list(of: page(depth: depth), minCount: 1), "The pages, left to right.")
        let initialPage = m.value("initialPage", .integer(.nonNegative), default: d.initialPage, "The page shown first (from 0).")
        let tabBar = m.value("tabBar", tabBar, default: d.tabBar, "The tab bar above the pages.")
        let paging = m.value("paging", paging, default: d.paging, "Where a release comes to rest.")
        let contentInset = m.value("contentInset", Self.insets, default: d.contentInset, "UIScrollView's contentInset.")
        let keepsPage = m.value("keepsPageOnResize", .bool, default: d.keepsPageOnResize,
                                "After a resize, shows the same page aligned to the new width; false reproduces the bug of keeping the offset.")
        guard !m.failed, let pages, let initialPage, let tabBar, let paging, let contentInset, let keepsPage else { return nil }
        if initialPage >= pages.count {
            m.fail("initialPage", "page \(initialPage) does not exist; the pager has \(pages.count) pages (0...\(pages.count - 1))")
        } else if let widths = tabBar.widths, widths.count != pages.count {
            m.fail("tabBar", "\(widths.count) tab widths for \(pages.count) pages")
        }
        return PagerSpec(pages: pages, initialPage: initialPage, tabBar: tabBar, paging: paging, contentInset: contentInset,
                         keepsPageOnResize: keepsPage)
    }

    func page(depth: Int) -> Value<Page> {
        .object("page", "One page and its tab.") { m in
            let title = m.required("title", .text(), "The tab's title.")
            let icon = m.optional("icon", .text(), "An SVG drawn in the tab: a path from the scenario's folder, or a bundled icon's name.")
            let color = m.optional("color", .color, "The page's background, \"#rrggbb\". Default: the theme's.")
            let content = m.optional("content", self.content(depth: depth), "The page's component. Default: an empty page.")
            let image = m.optional("image", Self.picture, "A PNG or SVG file, relative to the scenario file, scaled to fill the page under its content.")
            return title.map { var page = Page(title: $0, icon: icon, color: color, content: content); page.image = image; return page }
        }
    }

    var tabBar: Value<TabBarSpec> {
        .object("tabBar", "The tab bar above a pager's pages.") { m in
            let d = TabBarSpec()
            let height = m.value("height", .number(.length), default: d.height, "Points.")
            let indicator = m.value("indicator", .choice, default: d.indicator, "How the current tab is marked.")
            let widths = m.optional("widths", .list(of: .number(.length), minCount: 1),
                                    "Each tab's width in points, one per page. Default: the bar's width shared equally, or each title's width when the bar scrolls.")
            let scrollable = m.optional("scrollable", .bool, "Whether the bar scrolls, its tabs sized to their titles. Default: when equal shares would not hold every title.")
            guard let height, let indicator else { return nil }
            return TabBarSpec(height: height, indicator: indicator, widths: widths, scrollable: scrollable)
        }
    }

    var paging: Value<PagingMode> {
        let snapping = Value<PagingMode>.object("snapping", "Snapping instead of one page per release.") { m in
            let snap = m.optional("snap", .number(.openUnit), "Snapped scrolling from the projected offset; the snap point as a fraction of the page.")
            let pagination = m.optional("pagination", .number(.openUnit), "One page at a time by direction; the snap point as a fraction of the page.")
            m.exactlyOne([["snap"], ["pagination"]])
            if m.has("snap") == m.has("pagination") { m.fail("expected exactly one of snap, pagination") }
            return snap.map(PagingMode.snap) ?? pagination.map(PagingMode.pagination)
        }
        return Value(shape: .anyOf([.words(["page"]), snapping.shape]), read: { field in
            if case .scalar(let s) = field.node, s.string == "page" { return .page }
            guard case .mapping = field.node else {
                field.fail(expected: "page, {snap: p} or {pagination: p}")
                return nil
            }
            return snapping.read(field)
        }, encode: {
            switch $0 {
            case .page: .string("page")
            case .snap(let p): .object([("snap", .number(p))])
            case .pagination(let p): .object([("pagination", .number(p))])
            }
        })
    }
}

extension Defaults {
    static let pager = PagerSpec(pages: [])
}
