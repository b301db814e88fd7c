import Foundation

extension Defaults {
    static let navigationBar = NavigationBarSpec(title: "", content: placeholder)
}

extension ScenarioFormat {
    /// The keys of a `navigationBar` (docs/scenario-format.md is generated from them).
    func navigationBar(_ m: Mapping, depth: Int) -> NavigationBarSpec? {
        let defaults = Defaults.navigationBar
        let title = m.required("title", .text(), "The title: 34 pt bold under the bar while expanded, 17 pt centred in the bar once collapsed.")
        let content = m.required("content", content(depth: depth),
                                 "The component under the bar, laid out over the whole frame; its first vertical list collapses the bar.")
        let stretches = m.value("stretches", .bool, default: defaults.stretches,
                                "While the list is pulled past its top, the bar grows with it and the large title scales up (at most 1.1×); false keeps the expanded height.")
        let snaps = m.value("snaps", .bool, default: defaults.snaps,
                            "When the list comes to rest with the large title partly collapsed, it scrolls on to expanded or collapsed, whichever is nearer, over 0.3 s (iOS 18; Flutter's CupertinoSliverNavigationBar); false leaves it where it stopped.")
        guard !m.failed, let title, let content, let stretches, let snaps else { return nil }
        // Only a list scrolls vertically.
        let lists = content.allComponents.contains { $0.scrollAxis == .vertical }
        if !lists {
            m.fail("content", "a navigation bar collapses with a vertical list, and its content holds none")
            return nil
        }
        return NavigationBarSpec(title: title, content: content, stretches: stretches, snaps: snaps)
    }
}
