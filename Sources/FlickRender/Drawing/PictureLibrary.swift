import CFlickCairo
import CFlickRsvg
import FlickCore
import FlickImage
import Foundation

/// The user's pictures a scenario names (a background, pages, sheets, list rows' thumbnails), each loaded once: a PNG decoded by libspng, an SVG
/// parsed by librsvg. The decoder has already checked each file's kind and size; this only reads them.
final class PictureLibrary {
    private enum Picture {
        case bitmap(ImageSurface)
        case svg(SVGDocument, width: Double, height: Double)
    }

    private var pictures: [String: Picture] = [:]
    /// Where each picture is first named (`scene.pager.pages[1].image`), for the message of one that fails to draw.
    private var keyPaths: [String: String] = [:]
    /// Why a picture could not be drawn, since the last `takeFailure()`.
    private var failure: String?

    /// Loads every picture: an SVG is parsed and drawn once (`SVGDocument(contentsOfFile:)`), so that one librsvg
    /// cannot draw is refused here, naming the scenario, the key path and the file, not drawn blank.
    init(scenario: Scenario) throws {
        let loaded = PictureLibrary.loadAll(scenario)
        if let first = loaded.problems.first { throw RenderError("\(scenario.name): \(first.keyPath): \(first.message)") }
        pictures = loaded.items
        keyPaths = loaded.keyPaths
    }

    /// Every picture `scenario` names, each file loaded once, and those that would not load, with the key path that
    /// first names each (`DrawingProblem.loadEach`).
    private static func loadAll(_ scenario: Scenario) -> LoadedEach<Picture> {
        DrawingProblem.loadEach(paths(in: scenario.scene).map { ($0.file, $0.keyPath) }, load)
    }

    /// The picture at `path`: an SVG parsed and drawn once, a PNG decoded.
    private static func load(_ path: String) throws -> Picture {
        if path.lowercased().hasSuffix(".svg") {
            let document = try SVGDocument(contentsOfFile: path)
            let size = document.intrinsicSize ?? (1, 1)
            return .svg(document, width: size.width, height: size.height)
        }
        return .bitmap(try ImageSurface(Bitmap.readPNG(path: path)))
    }

    /// Every picture of `scenario` that would not load, each file once, with the key path that first names it, in
    /// document order: what `flick validate` reports (a render stops at the first).
    static func problems(_ scenario: Scenario) -> [DrawingProblem] {
        loadAll(scenario).problems
    }

    /// Why a picture could not be drawn since the last call (its file and librsvg's words), or nil; the renderer
    /// asks after each frame.
    func takeFailure() -> String? {
        defer { failure = nil }
        return failure
    }

    /// Every picture file the scene names (its background's, then those of its components in document order),
    /// each with its key path.
    static func paths(in scene: Scene) -> [(file: String, keyPath: String)] {
        var paths: [(file: String, keyPath: String)] = []
        switch scene.background {
        case .image(let path): paths.append((path, "scene.background.image"))
        case .map, .plain, .color: break
        }
        return paths + scene.root.pictures(at: "scene")
    }

    /// Draws the picture at `path` scaled to fill `rect` (aspect-fill: it covers the rect, centred, its overflow cut
    /// off), inside the current clip.
    func draw(_ path: String, filling rect: Rect, on canvas: Canvas) {
        guard let picture = pictures[path], rect.width > 0, rect.height > 0 else { return }
        canvas.saved {
            canvas.clip(rect)
            switch picture {
            case .bitmap(let image):
                let (w, h) = (Double(image.pixelWidth), Double(image.pixelHeight))
                let scale = max(rect.width / w, rect.height / h)
                canvas.translate(rect.midX - w * scale / 2, rect.midY - h * scale / 2)
                canvas.scale(scale, scale)
                canvas.paintSource(image)
            case .svg(let document, let w, let h):
                let scale = max(rect.width / w, rect.height / h)
                let filled = Rect(x: rect.midX - w * scale / 2, y: rect.midY - h * scale / 2, width: w * scale, height: h * scale)
                do {
                    try document.render(in: canvas, rect: filled)
                } catch {
                    failure = failure ?? "\(keyPaths[path] ?? path): \(path): \(error)"
                }
            }
        }
    }
}
