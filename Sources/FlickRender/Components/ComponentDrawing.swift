import FlickCore
import Foundation

/// Draws a component of the scene tree by handing it to the drawing for its kind (in the kind's folder,
/// `FlickRender/Components/<Kind>/`): FlickRender's one switch over the kinds.
enum ComponentDrawing {
    static func draw(_ component: Component, in context: DrawContext) {
        let key = component.key
        switch component.kind {
        case .list(let spec): ListDrawing.draw(spec, key: key, in: context)
        case .pager(let spec): PagerDrawing.draw(spec, key: key, in: context)
        case .stack(let spec): spec.children.forEach { draw($0.component, in: context) }
        case .sheet(let spec): SheetDrawing.draw(spec, key: key, in: context)
        case .carousel(let spec): CarouselDrawing.draw(spec, key: key, in: context)
        case .navigationBar(let spec): NavigationBarDrawing.draw(spec, key: key, in: context)
        }
    }
}
