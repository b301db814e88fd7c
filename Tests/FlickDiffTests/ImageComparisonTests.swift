import CFlickCairo
import FlickDiff
import Foundation
import Testing

@Suite("Image comparison: pixelmatch's threshold, anti-aliasing and budgets")
struct ImageComparisonTests {
    /// A scene with the shapes frames are made of: a flat background, a circle, a bar, a line of text.
    static func scene(_ cr: OpaquePointer) {
        circle(x: 40, y: 40, radius: 25)(cr)
        rectangle(x: 75, y: 10, width: 35, height: 12, Paint(r: 0.9, g: 0.4, b: 0.1))(cr)
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1)
        cairo_move_to(cr, 72, 60)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        // Unhinted outlines, as an SVG file keeps them (and as Flick's renderer pins its font options).
        let fontOptions = cairo_font_options_create()
        cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, fontOptions)
        cairo_font_options_destroy(fontOptions)
        cairo_set_font_size(cr, 14)
        cairo_show_text(cr, "Flick")
    }

    @Test("The same drawing twice is an exact match")
    func identical() throws {
        let folder = try TemporaryFolder()
        let a = try Bitmap.readPNG(path: drawPNG(folder.path("a.png"), Self.scene))
        let b = try Bitmap.readPNG(path: drawPNG(folder.path("b.png"), Self.scene))
        let result = try ImageComparison(expected: a, actual: b)
        #expect(result.isExactMatch)
        #expect(result.differingPixels == 0 && result.antialiasedPixels == 0)
        #expect(result.isWithinTolerance)
        #expect(result.summary == "identical (120×80)")
    }

    @Test("One changed pixel is caught: count 1, and the diff image is red exactly there")
    func onePixel() throws {
        let folder = try TemporaryFolder()
        let a = try Bitmap.readPNG(path: drawPNG(folder.path("a.png"), Self.scene))
        let b = try Bitmap.readPNG(path: drawPNG(folder.path("b.png")) { cr in
            Self.scene(cr)
            rectangle(x: 100, y: 70, width: 1, height: 1, .black)(cr)
        })
        let result = try ImageComparison(expected: a, actual: b, drawingDiff: true)
        #expect(!result.isExactMatch)
        #expect(result.differingPixels == 1)
        #expect(!result.isWithinTolerance)
        #expect(result.summary.hasPrefix("1 pixel differs (0.0104% of 120×80, tolerated 0 pixels"), "\(result.summary)")
        let diff = try #require(result.diffImage)
        let red = pixels(of: diff).filter { $0.color == .red }
        #expect(red.map { [$0.x, $0.y] } == [[100, 70]])
        // Everything else is a faded grey copy: opaque, grey, and light.
        let notFaded = pixels(of: diff).filter { x, y, color in
            (x, y) != (100, 70) && !(color.red == color.green && color.green == color.blue && color.alpha == 255 && color.red >= 229)
        }
        #expect(notFaded.isEmpty, "\(notFaded.prefix(3))")
    }

    @Test("The same circle shifted by a quarter pixel: anti-aliasing only, ignored by default, counted with includeAA")
    func antialiasingNoise() throws {
        let folder = try TemporaryFolder()
        let a = try Bitmap.readPNG(path: drawPNG(folder.path("a.png"), circle(x: 40, y: 40, radius: 25)))
        let b = try Bitmap.readPNG(path: drawPNG(folder.path("b.png"), circle(x: 40.25, y: 40, radius: 25)))
        #expect(a != b)
        let ignored = try ImageComparison(expected: a, actual: b, drawingDiff: true)
        #expect(ignored.differingPixels == 0)
        #expect(ignored.antialiasedPixels > 10, "\(ignored.summary)")
        #expect(ignored.isWithinTolerance)
        let diff = try #require(ignored.diffImage)
        #expect(pixels(of: diff).filter { $0.color == .yellow }.count == ignored.antialiasedPixels)
        #expect(!pixels(of: diff).contains { $0.color == .red })

        let counted = try ImageComparison(expected: a, actual: b, options: DiffOptions(includeAntialiasing: true))
        #expect(counted.differingPixels == ignored.antialiasedPixels)
        #expect(counted.antialiasedPixels == 0)
        #expect(!counted.isWithinTolerance)
    }

    @Test("A solid shape that moves is a real difference even though its edges are anti-aliased")
    func movedShapeIsNotAntialiasing() throws {
        let folder = try TemporaryFolder()
        let a = try Bitmap.readPNG(path: drawPNG(folder.path("a.png"), circle(x: 40, y: 40, radius: 20)))
        let b = try Bitmap.readPNG(path: drawPNG(folder.path("b.png"), circle(x: 46, y: 40, radius: 20)))
        let result = try ImageComparison(expected: a, actual: b)
        #expect(result.differingPixels > 100, "\(result.summary)")
    }

    /// For two greys, i and q vanish and the distance is 0.5053·d², so a change of d levels differs exactly
    /// when d > threshold · √(35215 / 0.5053) ≈ threshold · 263.99.
    @Test("A grey change differs only above the threshold", arguments: [
        (threshold: 0.1, change: 26, differs: false),
        (threshold: 0.1, change: 27, differs: true),
        (threshold: 0.05, change: 13, differs: false),
        (threshold: 0.05, change: 14, differs: true),
        (threshold: 0.0, change: 1, differs: true),
        (threshold: 1.0, change: 255, differs: false),
    ])
    func threshold(_ row: (threshold: Double, change: Int, differs: Bool)) throws {
        let a = Bitmap(width: 20, height: 10, color: RGBA(0, 0, 0))
        var b = a
        let level = UInt8(row.change)
        for y in 2..<8 { for x in 5..<15 { b[x, y] = RGBA(level, level, level) } }
        let result = try ImageComparison(expected: a, actual: b, options: DiffOptions(threshold: row.threshold))
        #expect(!result.isExactMatch)
        #expect(result.differingPixels == (row.differs ? 60 : 0), "\(result.summary)")
    }

    @Test("A small colour change under the default threshold is not a difference")
    func smallColourChange() throws {
        let folder = try TemporaryFolder()
        let a = try Bitmap.readPNG(path: drawPNG(folder.path("a.png"), rectangle(x: 10, y: 10, width: 50, height: 30, Paint(r: 0.8, g: 0.2, b: 0.2))))
        let b = try Bitmap.readPNG(path: drawPNG(folder.path("b.png"), rectangle(x: 10, y: 10, width: 50, height: 30, Paint(r: 0.82, g: 0.2, b: 0.21))))
        #expect(try ImageComparison(expected: a, actual: b).differingPixels == 0)
        #expect(try ImageComparison(expected: a, actual: b, options: DiffOptions(threshold: 0)).differingPixels == 1500)
    }

    @Test("Budgets by count and by ratio; with both, both must hold", arguments: [
        (maxPixels: nil, maxRatio: nil, within: false),
        (maxPixels: 10, maxRatio: nil, within: true),
        (maxPixels: 9, maxRatio: nil, within: false),
        (maxPixels: nil, maxRatio: 0.001, within: true),
        (maxPixels: nil, maxRatio: 0.0009, within: false),
        (maxPixels: 100, maxRatio: 0.0009, within: false),
        (maxPixels: 9, maxRatio: 0.5, within: false),
        (maxPixels: 10, maxRatio: 0.001, within: true),
    ] as [(maxPixels: Int?, maxRatio: Double?, within: Bool)])
    func budgets(_ row: (maxPixels: Int?, maxRatio: Double?, within: Bool)) throws {
        let a = Bitmap(width: 100, height: 100, color: .white)
        var b = a
        for n in 0..<10 { b[5 + n * 9, 7 + n * 8] = RGBA(200, 0, 0) }
        let options = DiffOptions(maxDiffPixels: row.maxPixels, maxDiffRatio: row.maxRatio)
        let result = try ImageComparison(expected: a, actual: b, options: options)
        #expect(result.differingPixels == 10)
        #expect(result.diffRatio == 0.001)
        #expect(result.isWithinTolerance == row.within, "\(result.summary)")
    }

    @Test("Different sizes are an error that states both sizes")
    func sizeMismatch() throws {
        let a = Bitmap(width: 1170, height: 2532), b = Bitmap(width: 1170, height: 2531)
        #expect(throws: ImageError.sizeMismatch(expectedWidth: 1170, expectedHeight: 2532, actualWidth: 1170, actualHeight: 2531)) {
            try ImageComparison(expected: a, actual: b)
        }
        let message = ImageError.sizeMismatch(expectedWidth: 1170, expectedHeight: 2532, actualWidth: 1170, actualHeight: 2531).description
        #expect(message == "size mismatch: expected 1170×2532 pixels, actual 1170×2531 pixels")
    }

    @Test("A change of alpha alone differs; equal translucent pixels do not")
    func translucency() throws {
        let clear = Bitmap(width: 10, height: 10, color: .clear)
        var whiteDot = clear
        whiteDot[4, 4] = .white
        #expect(try ImageComparison(expected: clear, actual: whiteDot).differingPixels == 1)
        var blackDot = clear
        blackDot[4, 4] = .black
        #expect(try ImageComparison(expected: clear, actual: blackDot).differingPixels == 1)
        let half = Bitmap(width: 10, height: 10, color: RGBA(0, 0, 255, 128))
        #expect(try ImageComparison(expected: half, actual: half).isExactMatch)
        // Fully transparent pixels look the same whatever colour they nominally carry: not exact, no difference.
        let invisibleRed = try ImageComparison(expected: clear, actual: Bitmap(width: 10, height: 10, color: RGBA(255, 0, 0, 0)))
        #expect(!invisibleRed.isExactMatch && invisibleRed.differingPixels == 0)
    }

    @Test("Budgets describe themselves in the report")
    func toleranceDescription() {
        #expect(DiffOptions().toleranceDescription == "0 pixels")
        #expect(DiffOptions(maxDiffPixels: 1).toleranceDescription == "1 pixel")
        #expect(DiffOptions(maxDiffPixels: 20, maxDiffRatio: 0.001).toleranceDescription == "20 pixels and 0.1%")
    }
}
