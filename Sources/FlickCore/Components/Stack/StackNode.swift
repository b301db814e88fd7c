import Foundation

/// The `stack` component: children laid out top to bottom with the given heights (a carousel over a list).
/// The last child takes the rest of the stack's height when the heights leave room.
final class StackNode: ComponentNode {
    let children: [(height: Double, node: ComponentNode)]
    private(set) var frame: Rect = .zero

    init(children: [(Double, ComponentNode)]) {
        self.children = children.map { (height: $0.0, node: $0.1) }
    }

    func layout(frame: Rect, context: LayoutContext, at t: Double) {
        self.frame = frame
        var y = frame.minY
        for (i, child) in children.enumerated() {
            var height = child.height
            if i == children.count - 1 { height = max(height, frame.maxY - y) }
            child.node.layout(frame: Rect(x: frame.minX, y: y, width: frame.width, height: height),
                              context: context, at: t)
            y += height
        }
    }

    func participants(at point: Point, axis: Axis, into chain: inout [NestedScrollParticipant]) {
        for child in children where child.node.frame.contains(point) {
            child.node.participants(at: point, axis: axis, into: &chain)
            return
        }
    }

    func tap(at point: Point, time: Double) -> Bool {
        children.first { $0.node.frame.contains(point) }?.node.tap(at: point, time: time) ?? false
    }

    var directChildren: [ComponentNode] { children.map(\.node) }

    func viewportDidResize(at t: Double) {
        for child in children { child.node.viewportDidResize(at: t) }
    }

    func snapshot(at t: Double, into state: inout FrameState) {
        for child in children { child.node.snapshot(at: t, into: &state) }
    }
}
