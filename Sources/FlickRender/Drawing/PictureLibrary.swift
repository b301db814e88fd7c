import CFlickCairo
import CFlickRsvg
import FlickCore
import FlickImage
import FlickOutput
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
        let items = paths(in: scenario.scene).map { (name: $0.file, keyPath: $0.keyPath) }
        if let problem = budgetProblem(items) {
            var refused = LoadedEach<Picture>()
            refused.problems = [problem]
            return refused
        }
        return DrawingProblem.loadEach(items, load)
    }

    /// The most bytes a scenario's PNG pictures may take decoded, all together: 256 megapixels at 4 bytes a pixel
    /// (1 GiB). Each is decoded once and kept for the whole render; one picture may have 64 megapixels, so ten
    /// rows naming ten 8000×8000 PNGs (a few KB each) would take 2.6 GB (docs/scenario-format.md, "Limits").
    static let maximumDecodedBytes = 1 << 30

    /// The problem of the distinct PNG files of `items` when their decoded sizes (from each file's header) add up
    /// to more than `maximumDecodedBytes`, before any is decoded: the key path of the picture that goes over, and
    /// the largest ones. SVGs are drawn from their document on each frame and not counted.
    static func budgetProblem(_ items: [(name: String, keyPath: String)]) -> DrawingProblem? {
        var seen = Set<String>(), total = 0
        var counted: [(keyPath: String, bytes: Int, size: String)] = []
        for (path, keyPath) in items where path.lowercased().hasSuffix(".png") && seen.insert(path).inserted {
            guard let header = try? RegularFile.prefix(path: path, limit: 24), header.count == 24 else { continue }
            let bytes = [UInt8](header)
            func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            let (width, height) = (word(16), word(20))
            let size = width * height * 4
            total += size
            counted.append((keyPath, size, "\(width)×\(height)"))
            if total > maximumDecodedBytes {
                let largest = counted.sorted { $0.bytes > $1.bytes }.prefix(3).map { "\($0.keyPath) \($0.size)" }
                return DrawingProblem(keyPath: keyPath, message: "the PNG pictures up to this one take \(total) bytes decoded (the largest: \(largest.joined(separator: ", ")) pixels); a scenario's pictures may take at most \(maximumDecodedBytes) bytes together (256 megapixels)")
            }
        }
        return nil
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
