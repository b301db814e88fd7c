import FlickCore
import FlickImage
@testable import FlickRender
import Foundation
import Testing

/// Lines of text: truncation with an ellipsis, and a cost that does not grow with the string.
@Suite struct TextLayoutTests {
    static func canvas() throws -> Canvas {
        let canvas = Canvas(try ImageSurface(pixelWidth: 390, pixelHeight: 100))
        return canvas
    }

    /// The truncation Flick used before lines were cut to what can be seen: drop the last character until
    /// the rest and an ellipsis fit. The halving search must find the same line.
    static func reference(_ text: String, canvas: Canvas, size: Double, maxWidth: Double) -> String {
        guard canvas.width(of: text, font: .regular, size: size) > maxWidth else { return text }
        var characters = Array(text)
        var line = text
        while !characters.isEmpty {
            characters.removeLast()
            line = String(characters).trimmingCharacters(in: .whitespaces) + "…"
            if canvas.width(of: line, font: .regular, size: size) <= maxWidth { break }
        }
        return line
    }

    @Test("Truncation gives the same line as dropping one character at a time", arguments: [0.0, 5, 12, 40, 73.5, 120, 500])
    func truncationMatchesTheReference(_ maxWidth: Double) throws {
        let canvas = try Self.canvas()
        for text in ["Studios", "Up next", "9:30 AM · 0.4 mi", "  leading and trailing  ", "a b c d e f g", "", "W", "Ünïcödé ✓ ☃"] {
            #expect(canvas.line(for: text, font: .regular, size: 15, maxWidth: maxWidth).text
                    == Self.reference(text, canvas: canvas, size: 15, maxWidth: maxWidth), "\"\(text)\" in \(maxWidth)")
        }
    }

    @Test("A line costs the same however long its string, and looks the same once it is longer than can be seen")
    func costDoesNotGrowWithLength() throws {
        var drawn: [Bitmap] = []
        var costs: [Int] = []
        for length in [2_000, 20_000, 1_000_000] {
            let surface = try ImageSurface(pixelWidth: 390, pixelHeight: 40)
            let canvas = Canvas(surface)
            let title = String(repeating: "W", count: length)
            canvas.drawText(title, x: 195, baseline: 25, font: .bold, size: 15, color: .black, alignment: .center, maxWidth: 300)
            canvas.drawText(title, x: 10, baseline: 10, font: .regular, size: 9, color: .black)
            canvas.drawHaloText(title, x: 380, baseline: 38, font: .mono, size: 10, color: .black, halo: .white,
                                haloWidth: 2, alignment: .right)
            _ = canvas.width(of: title, font: .regular, size: 13)
            costs.append(canvas.charactersLaidOut)
            drawn.append(surface.bitmap())
        }
        #expect(costs[1] == costs[0] && costs[2] == costs[0], "characters laid out: \(costs)")
        #expect(costs[0] < 200_000, "characters laid out: \(costs)")
        #expect(drawn[1] == drawn[0] && drawn[2] == drawn[0])
        // The line does end in an ellipsis within its room.
        let canvas = try Self.canvas()
        let line = canvas.line(for: String(repeating: "W", count: 1_000_000), font: .bold, size: 15, maxWidth: 300)
        #expect(line.text.hasSuffix("…") && line.width <= 300 && line.width > 280)
    }

    @Test("Surfaces that exist at the same time never draw with the same font faces; a destroyed surface's are reused")
    func fontFacesAreNeverShared() throws {
        var a: ImageSurface? = try ImageSurface(pixelWidth: 10, pixelHeight: 10)
        let b = try ImageSurface(pixelWidth: 10, pixelHeight: 10)
        let bookA = FontBook.attached(to: a!.pointer), bookB = FontBook.attached(to: b.pointer)
        #expect(bookA !== bookB)
        #expect(FontBook.attached(to: a!.pointer) === bookA, "a surface keeps its book")
        #expect(bookA.face(.regular).cairo != bookB.face(.regular).cairo && bookA.face(.bold).cairo != bookB.face(.bold).cairo)
        a = nil
        let c = try ImageSurface(pixelWidth: 10, pixelHeight: 10)
        #expect(FontBook.attached(to: c.pointer) !== bookB)
    }
}

/// The core's text widths (`TextMetrics`, which sizes a scrollable tab bar's tabs before anything is drawn) beside
/// what Cairo measures with the font the frames are drawn in.
@Suite struct TextMetricsTests {
    @Test("Latin with diacritics, precomposed or with combining marks, measures as DejaVu Sans draws it",
          arguments: ["Studios", "Café", "Über", "Ünïcödé", "Crème brûlée", "Ångström", "Cafe\u{301}", "São Paulo"])
    func latinMatchesCairo(_ text: String) throws {
        let canvas = Canvas(try ImageSurface(pixelWidth: 10, pixelHeight: 10))
        for (font, bold) in [(Font.regular, false), (.bold, true)] {
            let measured = canvas.width(of: text, font: font, size: 15)
            let estimated = TextMetrics.width(of: text, size: 15, bold: bold)
            #expect(abs(measured - estimated) < 0.05, "\(text) \(font): Cairo \(measured), TextMetrics \(estimated)")
        }
    }

    @Test func wideCharactersAreOneEmAndMarksNothing() {
        #expect(TextMetrics.width(of: "日本語", size: 15) == 45)
        #expect(TextMetrics.width(of: "こんにちは", size: 10, bold: true) == 50)
        #expect(TextMetrics.width(of: "한국어", size: 20) == 60)
        #expect(TextMetrics.width(of: "ＡＢ", size: 10) == 20, "fullwidth forms")
        #expect(TextMetrics.width(of: "🎧", size: 17) == 17)
        // A joiner and a variation selector add nothing: the family emoji is its three people.
        #expect(TextMetrics.width(of: "👩\u{200D}👩\u{200D}👧\u{FE0F}", size: 10) == 30)
        // Characters neither wide nor Latin with a diacritic count as an average letter, as before.
        let average = TextMetrics.width(of: "·", size: 2048)
        #expect(average == 1260 && TextMetrics.width(of: "Ł", size: 2048) == 1260)
    }
}
