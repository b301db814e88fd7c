import FlickCore
import FlickImage
import Foundation

/// How frames are drawn, beyond what the scenario says.
public struct RenderOptions: Sendable {
    /// Draws the review layer: touch and trail, velocity vectors, detent lines, a heads-up line.
    public var overlay: Bool
    /// Folders searched for tab icons named in the scenario (`icon: star` → `star.svg`), in order.
    public var iconFolders: [String]

    public init(overlay: Bool = false, iconFolders: [String] = []) {
        self.overlay = overlay
        self.iconFolders = iconFolders
    }
}

/// Draws frames of one scenario from their states alone: it reads a `FrameState` and never
/// changes one. Not thread-safe: make one renderer per thread (they share nothing mutable).
public final class FrameRenderer {
    public let scenario: Scenario
    public let options: RenderOptions
    let palette: Palette
    let icons: IconLibrary
    let pictures: PictureLibrary
    private var image: ImageSurface?
    private let encoder = PNGEncoder()
    /// The map drawn once, for image frames of map scenes.
    private let mapCache = MapCache()
    /// Whether the scene's background starts by painting every pixel with an opaque colour (`paintsEveryPixel`).
    private let backgroundPaintsEveryPixel: Bool

    /// Fails when the pinned font or an icon the scenario names cannot be loaded.
    public init(scenario: Scenario, options: RenderOptions = RenderOptions()) throws {
        try FontBook.require()
        self.scenario = scenario
        self.options = options
        palette = Palette.of(scenario.theme)
        switch scenario.scene.background {
        case .plain, .image: backgroundPaintsEveryPixel = palette.background.alpha == 1
        case .color(let hex): backgroundPaintsEveryPixel = (Color(hex: hex) ?? palette.background).alpha == 1
        case .map: backgroundPaintsEveryPixel = false
        }
        icons = try IconLibrary(scenario: scenario, folders: options.iconFolders)
        pictures = try PictureLibrary(scenario: scenario)
        if let font = scenario.font { try FontBook.check(file: font) }
    }

    /// Every icon and picture of `scenario` that would not load or draw, each once, with the key path that first
    /// names it: what `flick validate` reports, all at once (a render stops at the first).
    public static func drawingProblems(of scenario: Scenario, iconFolders: [String]) -> [DrawingProblem] {
        IconLibrary.problems(scenario, folders: iconFolders) + PictureLibrary.problems(scenario) + fontProblems(scenario)
    }

    /// The scenario's font file (`font.file`) as FreeType reads it when a render starts: one it cannot read is a
    /// problem of that key (the decoder checks only the file's first bytes).
    static func fontProblems(_ scenario: Scenario) -> [DrawingProblem] {
        guard let font = scenario.font else { return [] }
        do {
            try FontBook.check(file: font)
            return []
        } catch {
            return [DrawingProblem(keyPath: "font.file", message: "\(error)")]
        }
    }

    /// Characters named at most in the warning about characters no font has; more are counted.
    static let maximumMissingNamed = 12

    /// The warning about the characters of `scenario`'s text (titles, rows read from a file) that no font has — its
    /// `font:` file, DejaVu Sans, nor any installed font fontconfig offers — each named with the key path of the
    /// text it first appears in, as `U+1F3A7 '🎧'` (docs/scenario-format.md, "Text in any language"); nil when every
    /// character has a font. Such characters draw as an empty box. At most `FontFallback.maximumAnswers` distinct
    /// characters are looked for.
    public static func missingCharactersWarning(of scenario: Scenario) -> String? {
        let texts = scenario.scene.root.texts(at: "scene")
        var seen = Set<Unicode.Scalar>()
        var missing: [(scalar: Unicode.Scalar, keyPath: String)] = []
        FontBook.withBook { book in
            for (text, keyPath) in texts {
                for scalar in text.unicodeScalars where seen.count < FontFallback.maximumAnswers && seen.insert(scalar).inserted {
                    if !book.missingCharacters(in: String(scalar), font: .regular, file: scenario.font).isEmpty {
                        missing.append((scalar, keyPath))
                    }
                }
            }
        }
        guard !missing.isEmpty else { return nil }
        var groups: [(keyPath: String, names: [String])] = []
        for (scalar, keyPath) in missing.prefix(maximumMissingNamed) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let name = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + " '\(scalar)'"
            if let last = groups.indices.last, groups[last].keyPath == keyPath { groups[last].names.append(name) } else { groups.append((keyPath, [name])) }
        }
        let more = missing.count > maximumMissingNamed ? " and \(missing.count - maximumMissingNamed) more" : ""
        let list = groups.map { "\($0.keyPath): \($0.names.joined(separator: ", "))" }.joined(separator: "; ")
        return "no font has \(missing.count == 1 ? "this character" : "these \(missing.count) characters"), drawn as empty boxes: "
            + "\(list)\(more); install a font that has \(missing.count == 1 ? "it" : "them") (fontconfig finds it), or name one with `font: {file: …}` "
            + "(docs/scenario-format.md, \"Text in any language\")"
    }

    /// Pixels per point.
    public var scale: Double { scenario.viewport.scale }

    /// The size in pixels of a frame's image: viewport × scale, rounded.
    public func pixelSize(of frame: FrameState) -> (width: Int, height: Int) {
        (Int((frame.viewport.width * scale).rounded()), Int((frame.viewport.height * scale).rounded()))
    }

    /// Whether drawing `frame` starts by painting every pixel with an opaque colour (the deck's black, a plain, colour
    /// or picture background's colour), so that the image's earlier pixels cannot show: a reused image then needs
    /// no clearing first, and the frame's pixels are the same either way. False for the map, drawn in pieces.
    public func paintsEveryPixel(_ frame: FrameState) -> Bool {
        backgroundPaintsEveryPixel || frame.sheets.contains { $0.presenting != nil }
    }

    /// Draws `frame` on `canvas`, whose user space is in points.
    public func draw(_ frame: FrameState, on canvas: Canvas) {
        draw(frame, on: canvas, mapCache: nil)
    }

    /// Throws when drawing `frame` on `canvas` failed: librsvg could not draw an icon or a picture (checked when
    /// they were loaded, but a document may fail at one size and not another), or Cairo ended in an error. Either
    /// leaves the image blank or partly drawn, which is never written as if it were the frame.
    private func check(_ canvas: Canvas, drew frame: FrameState) throws {
        if let failure = icons.takeFailure() ?? pictures.takeFailure() {
            throw RenderError("frame \(frame.index): \(failure)")
        }
        if let problem = canvas.problem {
            throw RenderError("\(scenario.name): frame \(frame.index) could not be drawn: cairo: \(problem)")
        }
    }

    /// Draws `frame` on `canvas`; `pixels` is the canvas's image when it is one, untransformed but for the scale,
    /// so that the home indicator and the status bar read what was drawn under them there instead of drawing it again.
    private func draw(_ frame: FrameState, on canvas: Canvas, mapCache: MapCache?, pixels: ImageSurface? = nil) {
        canvas.fontFile = scenario.font
        let context = DrawContext(canvas: canvas, scenario: scenario, frame: frame, palette: palette,
                                  scale: scale, icons: icons, mapCache: mapCache, pictures: pictures)
        drawContent(in: context)
        let measured = SystemChromeDrawing.measured(scenario, viewport: frame.viewport)
        let backdrop = SystemChromeDrawing.Backdrop(
            statusBar: measured.statusBar.flatMap { luminance(under: $0, of: frame, pixels: pixels) },
            homeIndicator: measured.homeIndicator.flatMap { luminance(under: $0, of: frame, pixels: pixels) })
        SystemChromeDrawing.draw(in: context, backdrop: backdrop)
        if options.overlay { OverlayDrawing.draw(in: context) }
    }

    /// Everything under the system chrome: the background (or the deck's presenting view), the scene's components
    /// and the info panels.
    private func drawContent(in context: DrawContext) {
        if let presenting = context.frame.sheets.lazy.compactMap(\.presenting).first {
            DeckDrawing.draw(presenting, background: scenario.scene.background, in: context)
        } else {
            BackgroundDrawing.draw(scenario.scene.background, in: context)
        }
        ComponentDrawing.draw(scenario.scene.root, in: context)
        for panel in context.frame.panels { InfoPanelDrawing.draw(panel, in: context) }
    }

    /// The mean luminance of the frame's pixels in `rect` (points), as drawn before the system chrome (0 black ...
    /// 1 white; a transparent pixel counts as black): read from `pixels` when the frame is drawn into an image, else
    /// from the content drawn again into an image of just that rectangle, on the same pixel grid, so an SVG frame's
    /// chrome takes the PNG frame's colours. Nil when that image cannot be made. The home indicator's colour and the
    /// status bar's `auto` ink both come from here.
    private func luminance(under rect: Rect, of frame: FrameState, pixels: ImageSurface?) -> Double? {
        let x0 = Int((rect.minX * scale).rounded(.down)), y0 = Int((rect.minY * scale).rounded(.down))
        let x1 = Int((rect.maxX * scale).rounded(.up)), y1 = Int((rect.maxY * scale).rounded(.up))
        if let pixels {
            return pixels.meanLuminance(x: x0..<min(x1, pixels.pixelWidth), y: y0..<min(y1, pixels.pixelHeight))
        }
        guard x1 > x0, y1 > y0, let probe = try? ImageSurface(pixelWidth: x1 - x0, pixelHeight: y1 - y0) else { return nil }
        let canvas = Canvas(probe)
        canvas.translate(-Double(x0), -Double(y0))
        canvas.scale(scale, scale)
        canvas.fontFile = scenario.font
        drawContent(in: DrawContext(canvas: canvas, scenario: scenario, frame: frame, palette: palette, scale: scale,
                                    icons: icons, pictures: pictures))
        return probe.meanLuminance(x: 0..<probe.pixelWidth, y: 0..<probe.pixelHeight)
    }

    /// `frame` drawn into an image of viewport × scale pixels. The image is reused by the next call.
    public func image(of frame: FrameState) throws -> ImageSurface {
        let size = pixelSize(of: frame)
        let surface: ImageSurface
        if let image, image.pixelWidth == size.width, image.pixelHeight == size.height {
            surface = image
        } else {
            surface = try ImageSurface(pixelWidth: size.width, pixelHeight: size.height)
            image = surface
        }
        let canvas = Canvas(surface)
        canvas.setScale(scale)
        draw(frame, on: canvas, mapCache: mapCache, pixels: surface)
        surface.flush()
        try check(canvas, drew: frame)
        return surface
    }

    /// Draws `frame` into `surface`, an image of `pixelSize(of: frame)` (a render's workers keep several); throws
    /// when the drawing failed (see `check`).
    public func draw(_ frame: FrameState, into surface: ImageSurface) throws {
        let canvas = Canvas(surface)
        canvas.setScale(scale)
        draw(frame, on: canvas, mapCache: mapCache, pixels: surface)
        surface.flush()
        try check(canvas, drew: frame)
    }

    /// `frame` as a PNG file.
    public func png(of frame: FrameState) throws -> Data {
        try encoder.encode(image(of: frame))
    }

    /// The review layer of `overlay` alone, on a transparent image of the frame's size, as PNG: the review page
    /// lays it over the plain frame and can hide it again. The layer is drawn last, so the two together look
    /// like the frame drawn with `overlay` (up to the rounding of translucent pixels).
    public func overlayLayerPNG(of frame: FrameState) throws -> Data {
        let size = pixelSize(of: frame)
        let surface = try ImageSurface(pixelWidth: size.width, pixelHeight: size.height)
        let canvas = Canvas(surface)
        canvas.setScale(scale)
        OverlayDrawing.draw(in: DrawContext(canvas: canvas, scenario: scenario, frame: frame, palette: palette,
                                            scale: scale, icons: icons))
        surface.flush()
        return try encoder.encode(surface)
    }

    /// The review layer alone as an SVG document in points (see `overlayLayerPNG(of:)`).
    public func overlayLayerSVG(of frame: FrameState) throws -> Data {
        let surface = try SVGSurface(width: frame.viewport.width, height: frame.viewport.height)
        do {
            let canvas = Canvas(surface)
            OverlayDrawing.draw(in: DrawContext(canvas: canvas, scenario: scenario, frame: frame, palette: palette,
                                                scale: scale, icons: icons))
        }
        return try surface.finish()
    }

    /// `frame` as an SVG document in points.
    public func svg(of frame: FrameState) throws -> Data {
        let surface = try SVGSurface(width: frame.viewport.width, height: frame.viewport.height)
        do {
            let canvas = Canvas(surface)
            draw(frame, on: canvas)
            try check(canvas, drew: frame)
        }
        return try surface.finish()
    }
}

/// What every drawing function gets: where to draw, what the frame is, and the theme.
struct DrawContext {
    let canvas: Canvas
    let scenario: Scenario
    let frame: FrameState
    let palette: Palette
    /// Pixels per point.
    let scale: Double
    let icons: IconLibrary
    /// Set when drawing pixels: the map is copied from it instead of drawn.
    var mapCache: MapCache? = nil
    /// The user's pictures (rows' thumbnails); the review layer draws none.
    var pictures: PictureLibrary? = nil

    /// One device pixel, in points (UITableView's separators are one pixel thick).
    var hairline: Double { 1 / scale }
    var viewport: Rect { Rect(x: 0, y: 0, width: frame.viewport.width, height: frame.viewport.height) }
    var safeArea: EdgeInsets { scenario.viewport.safeArea }

    /// `value` rounded to the device pixel grid, so hairlines and edges stay crisp.
    func pixelAligned(_ value: Double) -> Double { (value * scale).rounded() / scale }
}

extension Rect {
    /// The part of this rectangle inside `other`, or nil when they do not overlap.
    func clipped(to other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), x1 = min(maxX, other.maxX)
        let y0 = max(minY, other.minY), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// An icon or picture that would not load or draw: the key path that names it (`scene.pager.pages[0].icon`, or a
/// list's `scene.list.rows.file (row 2)`) and why, in librsvg's or the decoder's words.
public struct DrawingProblem: Sendable, Equatable {
    public var keyPath: String
    public var message: String

    /// Loads each distinct name of `items` (a name and the key path that names it, in document order) once with
    /// `load`: what loaded by name, the key path that first names each, and a problem for each that did not load.
    static func loadEach<T>(_ items: [(name: String, keyPath: String)], _ load: (String) throws -> T) -> LoadedEach<T> {
        var loaded = LoadedEach<T>()
        for (name, keyPath) in items where loaded.keyPaths[name] == nil {
            loaded.keyPaths[name] = keyPath
            do {
                loaded.items[name] = try load(name)
            } catch {
                loaded.problems.append(DrawingProblem(keyPath: keyPath, message: "\(error)"))
            }
        }
        return loaded
    }
}

/// What `DrawingProblem.loadEach` loaded, by name; the key path that first names each; and what would not load.
struct LoadedEach<T> {
    var items: [String: T] = [:]
    var keyPaths: [String: String] = [:]
    var problems: [DrawingProblem] = []
}
