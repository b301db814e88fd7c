import FlickCore
import FlickImage
import Foundation

/// The SVG icons a scenario's tabs name, found in the given folders and parsed once by librsvg.
///
/// `icon: star` is looked up as `star.svg` (or `star` when it has an extension) in each folder in turn:
/// the scenario's own folder first, then the bundled `Examples/icons/`.
final class IconLibrary {
    private var documents: [String: SVGDocument] = [:]
    /// Where each icon is first named (`scene.pager.pages[2].icon`), for the message of one that fails to draw.
    private var keyPaths: [String: String] = [:]
    private let scenarioName: String
    /// Why an icon could not be drawn, since the last `takeFailure()`.
    private var failure: String?

    init(scenario: Scenario, folders: [String]) throws {
        scenarioName = scenario.name
        let loaded = IconLibrary.loadAll(scenario, folders: folders)
        if let first = loaded.problems.first { throw RenderError("\(scenario.name): \(first.keyPath): \(first.message)") }
        documents = loaded.items
        keyPaths = loaded.keyPaths
    }

    /// Every icon `scenario` names, each loaded once, and those that would not load, with the key path that first
    /// names each (`DrawingProblem.loadEach`).
    private static func loadAll(_ scenario: Scenario, folders: [String]) -> LoadedEach<SVGDocument> {
        DrawingProblem.loadEach(scenario.scene.root.icons(at: "scene").map { ($0.name, $0.keyPath) }) {
            try document(named: $0, folders: folders)
        }
    }

    /// The icon `name`, looked up in `folders` and loaded; the error says which icon and why, without its key path.
    static func document(named name: String, folders: [String]) throws -> SVGDocument {
        let file = name.lowercased().hasSuffix(".svg") ? name : name + ".svg"
        // Each folder's own files only, links followed (docs/scenario-format.md, "Files a scenario reads"): a name
        // that leaves the folder (`/etc/x`, `../x`, a link out) is not looked up there.
        var outside: ScenarioFolder.OutsideFolder?
        let candidates = folders.compactMap { folder -> String? in
            let root = ScenarioFolder.root(ofScenario: URL(fileURLWithPath: folder).appendingPathComponent("-").path)
            switch ScenarioFolder.resolve(file, from: URL(fileURLWithPath: folder).appendingPathComponent("-").path, within: root) {
            case .success(let path): return path
            case .failure(let problem): outside = outside ?? problem; return nil
            }
        }
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            if let outside, candidates.isEmpty { throw RenderError("icon \"\(name)\": \(outside)") }
            let places = folders.isEmpty ? "no icon folders were given" : "looked in " + folders.joined(separator: ", ")
            throw RenderError("icon \"\(name)\" not found: no file \(file) (\(places))")
        }
        do {
            return try IconLibrary.load(path)
        } catch {
            throw RenderError("icon \"\(name)\": \(error)")
        }
    }

    /// Every icon of `scenario` that would not load, each once, with the key path that first names it, in document
    /// order: what `flick validate` reports (a render stops at the first).
    static func problems(_ scenario: Scenario, folders: [String]) -> [DrawingProblem] {
        loadAll(scenario, folders: folders).problems
    }

    /// The largest icon file read (a tab icon is a few KB).
    static let maximumIconBytes = 1 << 20
    /// The icon at `path`: a regular file within `maximumIconBytes` (a named pipe is refused, not waited on),
    /// within `SVGBounds` (at most `SVGBounds.maximumIconReferences` references and no markers, the rule pictures
    /// follow too), parsed by librsvg and drawn once (a document librsvg cannot draw is refused, not drawn blank).
    static func load(_ path: String) throws -> SVGDocument {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path: path, limit: maximumIconBytes, what: "an icon")
        } catch {
            throw RenderError("\(error)")
        }
        if let problem = SVGBounds.problem(bytes, path: path,
                                           maximumReferences: SVGBounds.maximumIconReferences, noun: "an icon") {
            throw RenderError(problem)
        }
        return try SVGDocument(bytes: bytes, path: path)
    }

    /// Why an icon could not be drawn since the last call (the scenario, the icon's key path and librsvg's words),
    /// or nil; the renderer asks after each frame and fails the render rather than write a frame missing it.
    func takeFailure() -> String? {
        defer { failure = nil }
        return failure
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
                do {
                    try document.render(in: canvas, rect: rect)
                } catch {
                    failure = failure ?? "\(scenarioName): \(keyPaths[name] ?? name): icon \"\(name)\": \(error)"
                }
            }
        }
    }
}
