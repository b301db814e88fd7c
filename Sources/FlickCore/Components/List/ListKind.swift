import Foundation
import FlickPhysics

/// The `list` kind (docs/scenario-format.md, "list"): its node is `ListNode`, its state a `ScrollViewState` (and
/// a `PanelState` for its info panel), its drawing FlickRender's `ListDrawing`.
extension ListSpec: ComponentSpec {
    static let key = ComponentKey.list
    static let doc = "Rows of equal height, optionally in sections, in a scroll view."
    static let isScrollView = true
    static func read(_ m: Mapping, depth: Int, format: ScenarioFormat) -> ListSpec? { format.list(m) }

    var kind: ComponentKind { .list(self) }
    func node(key: String, builder: SceneBuilder) -> ComponentNode {
        ListNode(spec: self, key: key, physics: builder.physics)
    }
    var scrollAxis: Axis? { axis }
    var briefDescription: String { "a \(axis == .horizontal ? "horizontal" : "vertical") list of \(rows) rows" }
    /// Its rows' thumbnails, each named by its row in the rows file (`scene.list.rows.file (row 2)`).
    func pictures(at path: String) -> [(file: String, keyPath: String)] {
        content.indices.compactMap { i in content[i].thumbnail.map { ($0, "\(path).rows.file (row \(i + 1))") } }
    }
}

extension Component {
    /// A `list` component.
    public static func list(_ spec: ListSpec, id: String? = nil) -> Component { Component(.list(spec), id: id) }
}
