import FlickDiff
import Foundation
import Testing

/// pixelmatch's options, each on images built so the expected answer can be worked out by hand.
@Suite("pixelmatch's options: background of translucent pixels, diff colours, mask, alpha")
struct PixelmatchOptionsTests {
    @Test("Transparent is not white: over pixelmatch 7's background a transparent pixel differs from white; over white it does not")
    func transparentIsNotWhite() throws {
        let transparent = Bitmap(width: 1, height: 1, color: .clear)
        let white = Bitmap(width: 1, height: 1, color: .white)
        #expect(try ImageComparison(expected: transparent, actual: white).differingPixels == 1)
        #expect(try ImageComparison(expected: transparent, actual: white, options: DiffOptions(checkerboard: false)).differingPixels == 0)
        // Over white, a transparent pixel does differ from black.
        let black = Bitmap(width: 1, height: 1, color: .black)
        #expect(try ImageComparison(expected: transparent, actual: black, options: DiffOptions(checkerboard: false)).differingPixels == 1)
    }

    /// pixelmatch's fixtures 5a and 5b are translucent images; its test table before version 7 (which
    /// blended over white) expected 0 differing pixels at threshold 0.05, version 7's table 6.
    @Test("pixelmatch's translucent fixtures: 6 differing pixels over its background, 0 over white as before version 7")
    func translucentFixtures() throws {
        let a = try PixelmatchTableTests.image("5a"), b = try PixelmatchTableTests.image("5b")
        #expect(try ImageComparison(expected: a, actual: b, options: DiffOptions(threshold: 0.05)).differingPixels == 6)
        #expect(try ImageComparison(expected: a, actual: b, options: DiffOptions(threshold: 0.05, checkerboard: false)).differingPixels == 0)
    }

    @Test("The background pattern: per channel 48 or 207, from the pixel's byte offset and the golden ratio")
    func backgroundPattern() throws {
        // Half-transparent black against opaque black: composited over a background c, the difference is
        // c · 127/255 per channel, so how much a pixel differs shows the background under it. Red's level is
        // always 48 (the byte offset k = 4i is even), green's 48 + 159·(⌊k/φ⌋ mod 2), blue's 48 + 159·(⌊k/φ²⌋ mod 2).
        let width = 20
        let translucentBlack = Bitmap(width: width, height: 1, color: RGBA(0, 0, 0, 128))
        let black = Bitmap(width: width, height: 1, color: .black)
        func delta(_ g: Double, _ b: Double) -> Double {
            let s = 127.0 / 255
            let (dr, dg, db) = (48 * s, g * s, b * s)
            let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
            let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
            let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
            return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        }
        // At threshold 0.2 a pixel differs where green's background is 207: 8 of the first 20 pixels (neither
        // all of them, as over white, nor every other one, as over a one-pixel checkerboard).
        let threshold = 0.2
        let predicted = (0..<width).filter { i in
            let k = Double(4 * i)
            let g = 48 + 159 * Double(Int(k / 1.618033988749895) % 2)
            let b = 48 + 159 * Double(Int(k / 2.618033988749895) % 2)
            return delta(g, b) > 35215 * threshold * threshold
        }
        #expect(predicted.count == 8)
        let measured = try ImageComparison(expected: translucentBlack, actual: black,
                                           options: DiffOptions(threshold: threshold, includeAntialiasing: true), drawingDiff: true)
        #expect(measured.differingPixels == predicted.count)
        let marked = pixels(of: try #require(measured.diffImage)).filter { $0.color == .red }.map(\.x)
        #expect(marked == predicted)
        // Over white every pixel differs by the same amount.
        let overWhite = try ImageComparison(expected: translucentBlack, actual: black,
                                            options: DiffOptions(threshold: threshold, includeAntialiasing: true, checkerboard: false))
        #expect(overWhite.differingPixels == width)
    }

    @Test("diffColorAlt marks pixels that are darker in the actual image; diffColor the lighter ones")
    func alternativeColor() throws {
        let grey = Bitmap(width: 9, height: 3, color: RGBA(128, 128, 128))
        var actual = grey
        actual[2, 1] = .black  // darker
        actual[6, 1] = .white  // lighter
        let options = DiffOptions(diffColor: RGBA(255, 0, 255), diffColorAlt: RGBA(0, 255, 0))
        let result = try ImageComparison(expected: grey, actual: actual, options: options, drawingDiff: true)
        let diff = try #require(result.diffImage)
        #expect(result.differingPixels == 2)
        #expect(diff[2, 1] == RGBA(0, 255, 0) && diff[6, 1] == RGBA(255, 0, 255))
        // Without an alternative, both in diffColor.
        let plain = try #require(try ImageComparison(expected: grey, actual: actual, drawingDiff: true).diffImage)
        #expect(plain[2, 1] == .red && plain[6, 1] == .red)
    }

    @Test("diffMask draws the differing pixels alone over transparency, and leaves anti-aliasing out")
    func mask() throws {
        let folder = try TemporaryFolder()
        let a = try Bitmap.readPNG(path: drawPNG(folder.path("a.png"), circle(x: 40, y: 40, radius: 25)))
        var b = try Bitmap.readPNG(path: drawPNG(folder.path("b.png"), circle(x: 40.25, y: 40, radius: 25)))
        b[100, 70] = .black
        let plain = try ImageComparison(expected: a, actual: b, drawingDiff: true)
        let masked = try ImageComparison(expected: a, actual: b, options: DiffOptions(diffMask: true), drawingDiff: true)
        #expect(plain.antialiasedPixels > 10 && plain.differingPixels == 1)
        #expect(masked.differingPixels == 1 && masked.antialiasedPixels == plain.antialiasedPixels)
        let marks = pixels(of: try #require(masked.diffImage)).filter { $0.color != .clear }
        #expect(marks.map { [$0.x, $0.y] } == [[100, 70]] && marks.first?.color == .red)
        // Identical images with a mask: nothing drawn at all.
        let empty = try #require(try ImageComparison(expected: a, actual: a, options: DiffOptions(diffMask: true), drawingDiff: true).diffImage)
        #expect(pixels(of: empty).allSatisfy { $0.color == .clear })
    }

    @Test("alpha sets how much of the expected image shows: 255 + (Y − 255) · alpha · opacity, truncated", arguments: [
        (alpha: 0.1, level: 242), (alpha: 0.5, level: 191), (alpha: 1.0, level: 127), (alpha: 0.0, level: 255),
    ])
    func fade(_ row: (alpha: Double, level: UInt8)) throws {
        // Y of (127, 127, 127) is 127 (the weights sum to 1): 255 − 128 · alpha.
        let expected = Bitmap(width: 2, height: 1, color: RGBA(127, 127, 127))
        var actual = expected
        actual[1, 0] = .white
        let diff = try #require(try ImageComparison(expected: expected, actual: actual, options: DiffOptions(alpha: row.alpha), drawingDiff: true).diffImage)
        #expect(diff[0, 0] == RGBA(row.level, row.level, row.level), "alpha \(row.alpha)")
    }

    @Test("aaColor marks anti-aliased pixels")
    func antialiasedColor() throws {
        let folder = try TemporaryFolder()
        let a = try Bitmap.readPNG(path: drawPNG(folder.path("a.png"), circle(x: 40, y: 40, radius: 25)))
        let b = try Bitmap.readPNG(path: drawPNG(folder.path("b.png"), circle(x: 40.25, y: 40, radius: 25)))
        let result = try ImageComparison(expected: a, actual: b, options: DiffOptions(antialiasedColor: RGBA(0, 192, 0)), drawingDiff: true)
        let diff = try #require(result.diffImage)
        #expect(result.antialiasedPixels > 10)
        #expect(pixels(of: diff).filter { $0.color == RGBA(0, 192, 0) }.count == result.antialiasedPixels)
    }
}
