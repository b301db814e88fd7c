import Foundation
import FlickPhysics

/// The `pager` kind (docs/scenario-format.md, "pager"): its node is `PagerNode`, its state a `PagerState`, its
/// drawing FlickRender's `PagerDrawing`.
extension PagerSpec: ComponentSpec {
    static let key = ComponentKey.pager
    static let doc = "A paging scroll view of pages under a tab bar."
    static let isScrollView = true
    static func read(_ m: Mapping, depth: Int, format: ScenarioFormat) -> PagerSpec? { format.pager(m, depth: depth) }

    var kind: ComponentKind { .pager(self) }
    var components: [Component] { pages.compactMap(\.content) }
    mutating func updateChildren(_ body: (inout Component) -> Void) {
        for i in pages.indices { if pages[i].content != nil { body(&pages[i].content!) } }
    }
    func node(key: String, builder: SceneBuilder) -> ComponentNode {
        PagerNode(spec: self, key: key, physics: builder.physics, builder: builder)
    }
    var scrollAxis: Axis? { .horizontal }
    var pageTitles: [String]? { pages.map(\.title) }
    var tabStates: Int { pages.count }
    var hasGivenTabWidths: Bool { tabBar.widths != nil }
    func icons(at path: String) -> [(name: String, keyPath: String)] {
        pages.indices.flatMap { i -> [(name: String, keyPath: String)] in
            let page = "\(path).pages[\(i)]"
            return (pages[i].icon.map { [($0, page + ".icon")] } ?? []) + (pages[i].content?.icons(at: page + ".content") ?? [])
        }
    }
    func pictures(at path: String) -> [(file: String, keyPath: String)] {
        pages.indices.flatMap { i -> [(file: String, keyPath: String)] in
            let page = "\(path).pages[\(i)]"
            return (pages[i].image.map { [($0, page + ".image")] } ?? []) + (pages[i].content?.pictures(at: page + ".content") ?? [])
        }
    }
}

extension Component {
    /// A `pager` component.
    public static func pager(_ spec: PagerSpec, id: String? = nil) -> Component { Component(.pager(spec), id: id) }
}
