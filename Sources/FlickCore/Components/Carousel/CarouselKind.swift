import Foundation
import FlickPhysics

/// The `carousel` kind (docs/scenario-format.md, "carousel"): its node is `CarouselNode`, its state a
/// `CarouselState`, its drawing FlickRender's `CarouselDrawing`.
extension CarouselSpec: ComponentSpec {
    static let key = ComponentKey.carousel
    static let doc = "Horizontally paged cards narrower than the screen, the neighbours peeking."
    static let isScrollView = true
    static func read(_ m: Mapping, depth: Int, format: ScenarioFormat) -> CarouselSpec? { format.carousel(m) }

    var kind: ComponentKind { .carousel(self) }
    func node(key: String, builder: SceneBuilder) -> ComponentNode {
        CarouselNode(spec: self, key: key, physics: builder.physics)
    }
    var scrollAxis: Axis? { .horizontal }
    var pageTitles: [String]? { cards.map(\.title) }
}

extension Component {
    /// A `carousel` component.
    public static func carousel(_ spec: CarouselSpec, id: String? = nil) -> Component { Component(.carousel(spec), id: id) }
}
