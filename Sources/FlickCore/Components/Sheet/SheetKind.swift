import Foundation
import FlickPhysics

/// The `sheet` kind (docs/scenario-format.md, "sheet"): its node is `SheetNode`, its state a `SheetState`, its
/// drawing FlickRender's `SheetDrawing`.
extension SheetSpec: ComponentSpec {
    static let key = ComponentKey.sheet
    static let doc = "A panel with detents over the background holding one component (a card when dismissible); only the scene's root may be a sheet."
    static let isScrollView = false
    static let onlyAtRoot: String? = "a sheet can only be the scene's root component"
    static func read(_ m: Mapping, depth: Int, format: ScenarioFormat) -> SheetSpec? { format.sheet(m, depth: depth) }

    var kind: ComponentKind { .sheet(self) }
    var components: [Component] { [content] }
    mutating func updateChildren(_ body: (inout Component) -> Void) { body(&content) }
    func node(key: String, builder: SceneBuilder) -> ComponentNode {
        SheetNode(spec: self, key: key, content: builder.node(for: content), physics: builder.physics)
    }
    var isDismissible: Bool { dismissible }
    var presentedSheet: SheetSpec? { self }
    func icons(at path: String) -> [(name: String, keyPath: String)] { content.icons(at: path + ".content") }
    func pictures(at path: String) -> [(file: String, keyPath: String)] {
        (image.map { [($0, path + ".image")] } ?? []) + content.pictures(at: path + ".content")
    }
}

extension Component {
    /// A `sheet` component.
    public static func sheet(_ spec: SheetSpec, id: String? = nil) -> Component { Component(.sheet(spec), id: id) }
}
