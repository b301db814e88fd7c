import Foundation
import FlickPhysics

/// The `stack` kind (docs/scenario-format.md, "stack"): its node is `StackNode`; it has no state of its own and
/// draws its children.
extension StackSpec: ComponentSpec {
    static let key = ComponentKey.stack
    static let doc = "Children laid out top to bottom; the last one takes the rest of the height."
    static let isScrollView = false
    static let hasState = false
    static func read(_ m: Mapping, depth: Int, format: ScenarioFormat) -> StackSpec? { format.stack(m, depth: depth) }

    var kind: ComponentKind { .stack(self) }
    var components: [Component] { children.map(\.component) }
    mutating func updateChildren(_ body: (inout Component) -> Void) {
        for i in children.indices { body(&children[i].component) }
    }
    func node(key: String, builder: SceneBuilder) -> ComponentNode {
        StackNode(children: children.map { ($0.height, builder.node(for: $0.component)) })
    }
    func icons(at path: String) -> [(name: String, keyPath: String)] {
        children.indices.flatMap { children[$0].component.icons(at: "\(path).children[\($0)]") }
    }
    func pictures(at path: String) -> [(file: String, keyPath: String)] {
        children.indices.flatMap { children[$0].component.pictures(at: "\(path).children[\($0)]") }
    }
}

extension Component {
    /// A `stack` component.
    public static func stack(_ spec: StackSpec, id: String? = nil) -> Component { Component(.stack(spec), id: id) }
}
