import Foundation
import FlickPhysics

/// The `navigationBar` kind (docs/scenario-format.md, "navigationBar"): its node is `NavigationBarNode`, its state a
/// `NavigationBarState`, its drawing FlickRender's `NavigationBarDrawing`.
extension NavigationBarSpec: ComponentSpec {
    static let key = ComponentKey.navigationBar
    static let doc = "A large-title navigation bar (prefersLargeTitles) over one component: it collapses into the inline title as the content's first vertical list scrolls, and stretches while the list is pulled past its top."
    static let isScrollView = false
    static func read(_ m: Mapping, depth: Int, format: ScenarioFormat) -> NavigationBarSpec? {
        format.navigationBar(m, depth: depth)
    }

    var kind: ComponentKind { .navigationBar(self) }
    var components: [Component] { [content] }
    mutating func updateChildren(_ body: (inout Component) -> Void) { body(&content) }
    func node(key: String, builder: SceneBuilder) -> ComponentNode {
        NavigationBarNode(spec: self, key: key, content: builder.node(for: content))
    }
    func icons(at path: String) -> [(name: String, keyPath: String)] { content.icons(at: path + ".content") }
    func pictures(at path: String) -> [(file: String, keyPath: String)] { content.pictures(at: path + ".content") }
}

extension Component {
    /// A `navigationBar` component.
    public static func navigationBar(_ spec: NavigationBarSpec, id: String? = nil) -> Component {
        Component(.navigationBar(spec), id: id)
    }
}
