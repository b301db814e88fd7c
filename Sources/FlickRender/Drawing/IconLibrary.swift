import FlickCore
import FlickImage
import Foundation

/// The SVG icons a scenario's tabs name, found in the given folders and parsed once by librsvg.
///
/// `icon: star` is looked up as `star.svg` (or `star` when it has an extension) in each folder in turn:
/// the scenario's own folder first, then the bundled `Examples/icons/`.
final class IconLibrary {
    private var documents: [String: SVGDocument] = [:]

    init(scenario: Scenario, folders: [String]) throws {
        for (name, keyPath) in scenario.scene.root.icons(at: "scene") where documents[name] == nil {
            let file = name.lowercased().hasSuffix(".svg") ? name : name + ".svg"
            let candidates = name.hasPrefix("/") ? [name] : folders.map { URL(fileURLWithPath: $0).appendingPathComponent(file).path }
            guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                let places = folders.isEmpty ? "no icon folders were given" : "looked in " + folders.joined(separator: ", ")
                throw RenderError("\(scenario.name): \(keyPath): icon \"\(name)\" not found: no file \(file) (\(places))")
            }
            do {
                documents[name] = try IconLibrary.load(path)
            } catch {
                throw RenderError("\(scenario.name): \(keyPath): icon \"\(name)\": \(error)")
            }
        }
    }

    /// The largest icon file read (a tab icon is a few KB).
    static let maximumIconBytes = 1 << 20
    /// The most `<use>` elements an icon may have. Each may repeat an element holding more of them, so the copies
    /// librsvg draws grow as a power of their number: ten levels of four made a 1.1 KB file cost seconds a frame.
    /// With at most 16 the copies stay below a few hundred per element, whatever their nesting (4 levels of 4).
    static let maximumUses = 16

    /// The icon at `path`: a regular file within `maximumIconBytes` (a named pipe is refused, not waited on),
    /// with at most `maximumUses` `<use>` elements, parsed by librsvg.
    static func load(_ path: String) throws -> SVGDocument {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path: path, limit: maximumIconBytes, what: "an icon")
        } catch {
            throw RenderError("\(error)")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let uses = text.components(separatedBy: "<use").count - 1 + text.components(separatedBy: ":use").count - 1
        guard uses <= maximumUses else {
            throw RenderError("\(path) has \(uses) <use> elements; an icon may have at most \(maximumUses) (each may repeat others, and the copies grow as a power)")
        }
        do {
            return try SVGDocument(data: Data(bytes))
        } catch let error as RenderError {
            throw RenderError("\(path): \(error.description)")
        }
    }

    /// Checks that every icon `scenario` names is found in `folders` and parses, as a render would: the error
    /// names the scenario, the key path (`scene.pager.pages[2].icon`) and the problem.
    static func check(_ scenario: Scenario, folders: [String]) throws {
        _ = try IconLibrary(scenario: scenario, folders: folders)
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
