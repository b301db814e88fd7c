import FlickCore
import Foundation

/// The SVG icons a scenario's tabs name, found in the given folders and parsed once by librsvg.
///
/// `icon: star` is looked up as `star.svg` (or `star` when it has an extension) in each folder in turn:
/// the scenario's own folder first, then the bundled `Examples/icons/`.
final class IconLibrary {
    private var documents: [String: SVGDocument] = [:]

    init(scenario: Scenario, folders: [String]) throws {
        for name in IconLibrary.names(in: scenario.scene.root) where documents[name] == nil {
            let file = name.lowercased().hasSuffix(".svg") ? name : name + ".svg"
            let candidates = name.hasPrefix("/") ? [name] : folders.map { URL(fileURLWithPath: $0).appendingPathComponent(file).path }
            guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                let places = folders.isEmpty ? "no icon folders were given" : "looked in " + folders.joined(separator: ", ")
                throw RenderError("\(scenario.name): icon \"\(name)\" not found: no file \(file) (\(places))")
            }
            documents[name] = try SVGDocument(contentsOfFile: path)
        }
    }

    /// Every icon named in `component` and the components inside it, in document order.
    static func names(in component: Component) -> [String] {
        component.allComponents.flatMap { component -> [String] in
            switch component.kind {
            case .list, .stack, .sheet, .carousel: return []
            case .pager(let p): return p.pages.compactMap(\.icon)
            }
        }
    }

    /// Draws icon `name` fitted into `rect`, in `color` whatever colours the file uses (tab icons are templates).
    func draw(_ name: String, in rect: Rect, color: Color, on canvas: Canvas) {
        guard let document = documents[name] else { return }
        // The tint's group is as large as the clip: without this one, a surface of the whole frame per icon.
        // The margin keeps anything the icon draws just outside its box.
        let margin = max(rect.width, rect.height)
        canvas.saved {
            canvas.clip(Rect(x: rect.minX - margin, y: rect.minY - margin,
                             width: rect.width + 2 * margin, height: rect.height + 2 * margin))
            canvas.tinted(color) {
                try? document.render(in: canvas, rect: rect)
            }
        }
    }
}
