import FlickCore
import FlickImage
import FlickRender
import Foundation
import Testing

// Text in any language (docs/scenario-format.md, "Text in any language"): each character is drawn with the first
// font that has it — the scenario's `font:` file, then DejaVu Sans, then what fontconfig offers — and the
// characters no font has are named in a warning. Checked on decoded pixels with `TestFont`, a font of a few
// Japanese characters and nothing else, as a CJK-only font is.
@Suite final class FontFallbackTests {
    /// This test's folder, removed when it ends (a render reads the font file when it starts).
    let folder: URL
    init() throws { folder = try Fixtures.temporaryFolder("fallback") }
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A scenario in a folder of its own with `TestFont` beside it as cjk.ttf (named by `font: {file: cjk.ttf}`
    /// when `font`), a status bar, and a list of `list` (YAML) with rows.csv holding `rows` when given.
    func scenario(font: Bool, list: String = "{rows: 3, rowHeight: 60}", rows: String? = nil) throws -> Scenario {
        let folder = self.folder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try TestFont.write(to: folder.appendingPathComponent("cjk.ttf").path)
        if let rows { try Data(rows.utf8).write(to: folder.appendingPathComponent("rows.csv")) }
        let yaml = "viewport: {width: 320, height: 240, scale: 2, safeArea: {top: 47, bottom: 0}}\nduration: 1\n"
            + (font ? "font: {file: cjk.ttf}\n" : "") + "scene:\n  background: plain\n  list: \(list)\n"
        return try ScenarioDecoder.decode(data: Data(yaml.utf8), file: folder.appendingPathComponent("s.yaml").path, defaultName: "fallback")
    }

    static func frame(_ scenario: Scenario, name: String) throws -> DecodedFrame {
        try DecodedFrame(scenario, Simulation(scenario: scenario).state(at: 0), name: name)
    }

    @Test func latinTextWithAFontOfOnlyCJKGlyphsIsDrawnWithDejaVuSans() throws {
        // Made-up Latin rows ("Studio 12", "9:30 AM · 0.4 mi") and the clock's "9:41": before the fallback, every
        // one of their characters was the CJK font's empty box.
        let cjk = try Self.frame(self.scenario(font: true), name: "fallback-latin-cjk-font")
        let dejaVu = try Self.frame(self.scenario(font: false), name: "fallback-latin-default")
        var differing = 0, clockInk = 0
        for y in 0..<cjk.image.height { for x in 0..<cjk.image.width where cjk.image[x, y] != dejaVu.image[x, y] { differing += 1 } }
        // The clock sits left in the status bar (47 pt): its dark pixels, the same in both.
        for y in 0..<94 { for x in 0..<200 where cjk.image[x, y].red < 128 { clockInk += 1 } }
        #expect(differing == 0, "\(differing) pixels differ from the frame drawn with DejaVu Sans alone")
        #expect(clockInk > 150, "the clock is drawn: \(clockInk) dark pixels")
    }

    /// Pixels of the title ink (dark) in the first character cell of the rows' titles (x 68 ... 86 pt).
    static func inkInFirstCell(_ frame: DecodedFrame) -> Int {
        var ink = 0
        for y in 94..<frame.image.height { for x in 136..<172 where frame.image[x, y].red < 40 { ink += 1 } }
        return ink
    }

    @Test func aCharacterOfTheUsersFontIsDrawnWithItAndTheLatinAfterItWithDejaVuSans() throws {
        let rows = "title\n日本 Studio\n"
        let list = "{rows: {file: rows.csv}, rowHeight: 60}"
        let withFont = try Self.frame(self.scenario(font: true, list: list, rows: rows), name: "fallback-mixed-cjk-font")
        // The test font's 日 is a solid square 0.8 em wide (17 pt text at 2x: about 27 × 27 pixels); DejaVu's empty
        // box (or another machine's real glyph for 日) has far fewer fully inked pixels.
        let square = Self.inkInFirstCell(withFont)
        #expect(square > 500, "日 drawn as the font's solid square: \(square) dark pixels")
        // "Studio" after the squares: drawn, in DejaVu (dark pixels right of the two squares, x ≥ 68 + 2 × 17 pt).
        var latin = 0
        for y in 94..<withFont.image.height { for x in 210..<400 where withFont.image[x, y].red < 128 { latin += 1 } }
        #expect(latin > 200, "Studio is drawn: \(latin) dark pixels")
        let latinOnly = try Self.frame(self.scenario(font: true, list: list, rows: "title\nStudio\n"), name: "fallback-studio-cjk-font")
        #expect(Self.inkInFirstCell(latinOnly) < square / 2, "without 日本 the first cell holds an S")
    }

    @Test func aCharacterNoFontHasIsNamedWithItsKeyPath() throws {
        // U+10FFFD is a private-use character no font is expected to have; 日 is the test font's.
        let list = "{sections: [{title: \"Mix \u{10FFFD}\", rows: 2}, {title: 日本, rows: 1}], rowHeight: 60}"
        let warning = try #require(FrameRenderer.missingCharactersWarning(of: self.scenario(font: true, list: list)))
        #expect(warning.hasPrefix("no font has this character, drawn as empty boxes: scene.list.sections[0].title: U+10FFFD '\u{10FFFD}'; "),
                "\(warning)")
        #expect(!warning.contains("U+65E5"), "日 is the scenario's font's")
        // Rows read from a file are named by their row, as their thumbnails are.
        let rows = try #require(FrameRenderer.missingCharactersWarning(of: self.scenario(
            font: true, list: "{rows: {file: rows.csv}, rowHeight: 60}", rows: "title,subtitle\nOne,ok\nTwo,\"a \u{10FFFD}\u{10FFFC}\"\n")))
        #expect(rows.contains("these 2 characters") && rows.contains("scene.list.rows.file (row 2): U+10FFFD '\u{10FFFD}', U+10FFFC '\u{10FFFC}'"), "\(rows)")
    }

    @Test func textEveryFontHasGetsNoWarningAndIsDrawnAsBefore() throws {
        // Spaces, joiners and variation selectors draw nothing of their own: never missing.
        let list = "{sections: [{title: \"Café · 9:41 AM — ½\u{200D}\u{FE0F}\", rows: 2}], rowHeight: 60}"
        #expect(FrameRenderer.missingCharactersWarning(of: try self.scenario(font: false, list: list)) == nil)
        #expect(FrameRenderer.missingCharactersWarning(of: try self.scenario(font: true, list: list)) == nil,
                "the Latin the CJK font lacks is DejaVu's")
        // The default font given as a file draws every frame as DejaVu Sans does (UserFontDrawingTests), so text the
        // first font has all of is drawn as one string, as before; the goldens under Tests/Scenarios hold it too.
    }
}
