@testable import FlickCore
import FlickImage
import FlickRender
import Foundation
import Testing

// The user's own content drawn (docs/scenario-format.md, "Your own content"): rows read from a file, with their
// PNG and SVG thumbnails scaled to fill the round avatar, checked on the decoded pixels of a rendered frame.

@Suite struct OwnContentDrawingTests {
    /// The bundled example's pictures (made for Flick): sunset.png is orange above y = 32 of 48 and dark blue below;
    /// meadow.png green left of x = 24 of 48 and yellow right of it; wave.svg blue above a white wave.
    static let orange = RGBA(250, 140, 40), sea = RGBA(20, 50, 120), green = RGBA(40, 160, 70), yellow = RGBA(240, 200, 40)
    static let svgBlue = RGBA(0x1E, 0x88, 0xE5)

    /// A folder with the example's pictures and a rows file of six rows.
    static func scene(rowsCSV: String) throws -> (Scenario, URL) {
        let folder = try Fixtures.temporaryFolder("own-content")
        for name in ["sunset.png", "meadow.png", "wave.svg"] {
            try FileManager.default.copyItem(at: Fixtures.examples.appendingPathComponent("own-content/\(name)"),
                                             to: folder.appendingPathComponent(name))
        }
        try Data(rowsCSV.utf8).write(to: folder.appendingPathComponent("rows.csv"))
        let yaml = "viewport: {width: 390, height: 600, scale: 2}\nduration: 1\nscene:\n  background: plain\n  list: {rows: {file: rows.csv}, rowHeight: 60}\n"
        let path = folder.appendingPathComponent("scene.yaml").path
        let scenario = try ScenarioDecoder.decode(data: Data(yaml.utf8), file: path, defaultName: "own")
        return (scenario, folder)
    }

    static let rows = """
        title,subtitle,trailing,thumbnail
        Plain,first row,,
        Sunset Yoga,7:00 PM,$24,sunset.png
        Meadow Run,6:30 AM,Free,meadow.png
        Surf Basics,9:00 AM,$45,wave.svg
        No trailing,a row,,
        """

    @Test func thumbnailsFillTheAvatarAndKeepTheirColours() throws {
        let (scenario, folder) = try Self.scene(rowsCSV: Self.rows)
        defer { try? FileManager.default.removeItem(at: folder) }
        let frame = Simulation(scenario: scenario).state(at: 0)
        let state = try #require(frame.scrollView("list"))
        let image = try DecodedFrame(scenario, frame, name: "own-content-rows")
        // Row i's avatar: 40 pt wide, 16 pt from the leading edge, centred on the row (ListDrawing's layout at 60 pt).
        func centre(_ row: Int) -> Point {
            Point(x: state.frame.minX + 16 + 20, y: state.frame.minY - state.contentOffset.y + Double(row) * 60 + 30)
        }
        // sunset.png, 48 px square, fills the 40 pt box: its split at 32/48 falls 40 · 2/3 pt below the box's top.
        let sunset = centre(1)
        expectPixel(image.pixel(sunset.x, sunset.y - 12), Self.orange, "sunset sky")
        expectPixel(image.pixel(sunset.x, sunset.y + 14), Self.sea, "sunset sea")
        let meadow = centre(2)
        expectPixel(image.pixel(meadow.x - 10, meadow.y), Self.green, "meadow's left half")
        expectPixel(image.pixel(meadow.x + 10, meadow.y), Self.yellow, "meadow's right half")
        let wave = centre(3)
        expectPixel(image.pixel(wave.x, wave.y - 14), Self.svgBlue, "wave.svg's sky")
        expectPixel(image.pixel(wave.x, wave.y + 16), RGBA(255, 255, 255), "wave.svg's wave")
        // Outside the circle (the box's corner) the row's white background shows: the picture is clipped round.
        expectPixel(image.pixel(sunset.x - 19, sunset.y - 19), RGBA(255, 255, 255), "corner outside the round thumbnail")
    }

    @Test func trailingTextIsDrawnOnlyWhereTheFileGivesIt() throws {
        let (scenario, folder) = try Self.scene(rowsCSV: Self.rows)
        defer { try? FileManager.default.removeItem(at: folder) }
        let frame = Simulation(scenario: scenario).state(at: 0)
        let state = try #require(frame.scrollView("list"))
        let image = try DecodedFrame(scenario, frame)
        // The trailing text ends 30 pt from the right edge (the chevron's margin); look at the 40 pt before it.
        func darkPixels(row: Int) -> Int {
            let top = state.frame.minY - state.contentOffset.y + Double(row) * 60
            var count = 0
            for y in stride(from: top + 20, to: top + 40, by: 0.5) {
                for x in stride(from: state.frame.maxX - 70, to: state.frame.maxX - 30, by: 0.5) where image.pixel(x, y).red < 200 {
                    count += 1
                }
            }
            return count
        }
        #expect(darkPixels(row: 1) > 20, "\"$24\" drawn")
        #expect(darkPixels(row: 4) == 0, "no trailing text")
    }

    @Test func theBundledExampleRenders() throws {
        let scenario = try Fixtures.example("own-content.yaml")
        guard case .list(let spec) = scenario.scene.root.kind else { Issue.record("not a list"); return }
        #expect(spec.rows == 14)
        #expect(spec.content.compactMap(\.thumbnail).map { URL(fileURLWithPath: $0).lastPathComponent } .prefix(3) == ["sunset.png", "meadow.png", "wave.svg"])
        let frame = Simulation(scenario: scenario).state(at: 0)
        _ = try DecodedFrame(scenario, frame, name: "own-content-example")
    }
}

// A picture as the background, a page or a sheet: scaled to fill (aspect-fill), checked on decoded pixels.
@Suite struct PictureDrawingTests {
    static let red = RGBA(255, 0, 0), green = RGBA(0, 200, 0), blue = RGBA(0, 0, 255)

    /// A 60×20 PNG of three 20-pixel stripes, red, green and blue: filling a tall area, only the green one shows
    /// (stretched, red would show at the left; fitted, the area's own colour above and below).
    static func stripes(in folder: URL) throws {
        var pixels: [UInt8] = []
        for _ in 0..<20 { for x in 0..<60 { let c = x < 20 ? red : x < 40 ? green : blue; pixels += [c.red, c.green, c.blue, 255] } }
        try Bitmap(width: 60, height: 20, rgba: pixels).writePNG(path: folder.appendingPathComponent("stripes.png").path)
    }

    static func render(_ scene: String) throws -> (DecodedFrame, URL) {
        let folder = try Fixtures.temporaryFolder("pictures")
        try stripes(in: folder)
        let yaml = "viewport: {width: 390, height: 600, scale: 1}\nduration: 1\nscene:\n" + scene
        let scenario = try ScenarioDecoder.decode(data: Data(yaml.utf8), file: folder.appendingPathComponent("s.yaml").path,
                                                  defaultName: "pictures")
        return (try DecodedFrame(scenario, Simulation(scenario: scenario).state(at: 0)), folder)
    }

    @Test func aBackgroundPictureFillsTheViewport() throws {
        let (image, folder) = try Self.render("  background: {image: stripes.png}\n  list: {rows: 0, rowHeight: 44}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        // 60×20 scaled by 30 to cover 390×600: 1800×600, centred, so the green stripe spans x −105…495.
        for (x, y) in [(5.0, 100.0), (195, 300), (385, 590), (5, 590)] {
            expectPixel(image.pixel(x, y), Self.green, "(\(x), \(y))")
        }
    }

    @Test func aPagePictureFillsThePage() throws {
        let (image, folder) = try Self.render("  background: plain\n  pager: {pages: [{title: A, image: stripes.png}, {title: B}]}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        expectPixel(image.pixel(5, 400), Self.green, "the page's left edge")
        expectPixel(image.pixel(385, 590), Self.green, "the page's bottom right")
    }

    @Test func aSheetPictureFillsTheSheetAndMovesWithIt() throws {
        let (image, folder) = try Self.render("""
              background: plain
              sheet: {detents: [{name: half, top: 300}], initial: half, grabber: false, cornerRadius: 0, image: stripes.png}

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        expectPixel(image.pixel(195, 200), RGBA(255, 255, 255), "above the sheet: the plain background")
        expectPixel(image.pixel(5, 310), Self.green, "the sheet's top left")
        expectPixel(image.pixel(385, 590), Self.green, "the sheet's bottom right")
    }
}

// `font: {file: …}` draws the scene's text with the user's font; without it, DejaVu Sans as before.
@Suite struct UserFontDrawingTests {
    /// A font file of the system's DejaVu family (the renderer needs it anyway).
    static func dejaVu(_ name: String) throws -> String {
        let folders = [ProcessInfo.processInfo.environment["FLICK_FONT_DIR"] ?? "", "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu"]
        return try #require(folders.map { $0 + "/" + name }.first { FileManager.default.fileExists(atPath: $0) }, "no \(name)")
    }

    /// A frame drawn with the font file `font` (copied beside the scenario: a scenario reads files only from its
    /// own folder, docs/scenario-format.md "Files a scenario reads"), or with the default font.
    static func png(font: String?) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-font-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        if let font { try FileManager.default.copyItem(atPath: font, toPath: folder.appendingPathComponent("font.ttf").path) }
        let line = font == nil ? "" : "font: {file: font.ttf}\n"
        let yaml = "viewport: {width: 320, height: 200, scale: 1}\nduration: 1\n\(line)scene:\n  background: plain\n  list: {rows: 3, rowHeight: 60}\n"
        let scenario = try ScenarioDecoder.decode(data: Data(yaml.utf8), file: folder.appendingPathComponent("font.yaml").path, defaultName: "font")
        return try DecodedFrame(scenario, Simulation(scenario: scenario).state(at: 0)).png
    }

    /// Pixels that differ right of the rows' avatars (x ≥ 68 pt: 16 margin, 40 avatar, 12 gap), where the regular
    /// text is: titles, subtitles and trailing prices.
    static func differingText(_ a: Data, _ b: Data) throws -> Int {
        let (a, b) = (try Bitmap.decodePNG(a, path: "a"), try Bitmap.decodePNG(b, path: "b"))
        var differing = 0
        for y in 0..<a.height { for x in 68..<a.width where a[x, y] != b[x, y] { differing += 1 } }
        return differing
    }

    @Test func theUsersFontChangesTheTextAndDejaVuSansIsTheDefault() throws {
        let standard = try Self.png(font: nil)
        #expect(try Self.differingText(Self.png(font: Self.dejaVu("DejaVuSans.ttf")), standard) == 0,
                "the default font given as a file sets the regular text the same")
        let mono = try Self.differingText(Self.png(font: Self.dejaVu("DejaVuSansMono.ttf")), standard)
        #expect(mono > 200, "a monospaced font sets the rows' text differently: \(mono) pixels differ")
    }

    @Test func aFileFreeTypeCannotReadIsAnErrorWhenTheRendererStarts() throws {
        let folder = try Fixtures.temporaryFolder("font")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Broken.ttf").path
        try Data([0x00, 0x01, 0x00, 0x00, 0xFF, 0xFF]).write(to: URL(fileURLWithPath: path))
        let yaml = "viewport: {width: 320, height: 200}\nduration: 1\nfont: {file: Broken.ttf}\nscene:\n  list: {rows: 3, rowHeight: 60}\n"
        let scenario = try ScenarioDecoder.decode(data: Data(yaml.utf8), file: folder.appendingPathComponent("s.yaml").path, defaultName: "f")
        #expect(throws: RenderError.self) { try FrameRenderer(scenario: scenario) }
        do { _ = try FrameRenderer(scenario: scenario) } catch { #expect("\(error)".contains("FreeType cannot read the font \(path)")) }
    }
}
