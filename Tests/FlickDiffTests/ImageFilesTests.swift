import CFlickCairo
import FlickDiff
import Foundation
import Testing

@Suite("Image files: PNG through libspng, SVG through librsvg, frame folders")
struct ImageFilesTests {
    @Test("A PNG decodes to the pixels drawn; writing and reading it back gives the same bitmap")
    func pngRoundTrip() throws {
        let folder = try TemporaryFolder()
        let image = try Bitmap.readPNG(path: drawPNG(folder.path("a.png"), width: 30, height: 20,
                                                     rectangle(x: 10, y: 5, width: 10, height: 10, Paint(r: 1, g: 0, b: 0))))
        #expect(image.width == 30 && image.height == 20)
        #expect(image[0, 0] == .white)
        #expect(image[15, 10] == .red)
        try image.writePNG(path: folder.path("copy.png"))
        #expect(try Bitmap.readPNG(path: folder.path("copy.png")) == image)
    }

    @Test("Translucent pixels survive decoding premultiplied: straight colour back within rounding")
    func translucentPNG() throws {
        let folder = try TemporaryFolder()
        let image = try Bitmap.readPNG(path: drawPNG(folder.path("a.png"), width: 4, height: 4, background: Paint(r: 0, g: 0.5, b: 1, a: 0.5)))
        let pixel = image[1, 1]
        #expect(pixel.alpha == 128)
        #expect(pixel.red == 0 && abs(Int(pixel.green) - 128) <= 1 && pixel.blue == 255)
    }

    @Test("An opaque PNG (RGB, no alpha channel) decodes with alpha 255")
    func opaquePNG() throws {
        let folder = try TemporaryFolder()
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 3, 2)!
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 0, 1, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_write_to_png(surface, folder.path("rgb.png"))
        cairo_surface_destroy(surface)
        let image = try Bitmap.readPNG(path: folder.path("rgb.png"))
        #expect(pixels(of: image).allSatisfy { $0.color == RGBA(0, 255, 0) })
    }

    @Test("A missing file, a file that is not a PNG, a truncated PNG, and a folder are named as such")
    func unreadable() throws {
        let folder = try TemporaryFolder()
        #expect(throws: ImageError.notFound(path: folder.path("nope.png"))) { try Bitmap.readPNG(path: folder.path("nope.png")) }
        try "not an image".write(toFile: folder.path("text.png"), atomically: true, encoding: .utf8)
        #expect(throws: ImageError.notPNG(path: folder.path("text.png"))) { try Bitmap.readPNG(path: folder.path("text.png")) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: drawPNG(folder.path("whole.png"))))
        try whole.prefix(60).write(to: URL(fileURLWithPath: folder.path("cut.png")))
        do {
            _ = try Bitmap.readPNG(path: folder.path("cut.png"))
            Issue.record("a truncated PNG was read")
        } catch {
            guard case .unreadable(let path, _) = error else { Issue.record("\(error)"); return }
            #expect(path == folder.path("cut.png"))
            #expect(error.description.hasPrefix(folder.path("cut.png") + ": cannot read: "))
        }
        #expect(throws: ImageError.unreadable(path: folder.url.path, reason: "it is a folder")) { try Bitmap.readPNG(path: folder.url.path) }
        #expect(ImageError.notPNG(path: "x.png").description == "x.png: not a PNG file (it does not start with the PNG signature)")
    }

    @Test("An SVG written by Cairo, rasterised by librsvg, matches the same shapes rasterised by Cairo", arguments: [1.0, 2.0, 3.0])
    func svgAgainstPNG(scale: Double) throws {
        let folder = try TemporaryFolder()
        let shapes = { (cr: OpaquePointer) in
            circle(x: 40, y: 40, radius: 25)(cr)
            rectangle(x: 75, y: 10.5, width: 35.3, height: 12, Paint(r: 0.9, g: 0.4, b: 0.1))(cr)
            circle(x: 90, y: 55, radius: 12.7, Paint(r: 0.2, g: 0.7, b: 0.3, a: 0.6))(cr)
        }
        let svg = drawSVG(folder.path("frame.svg"), shapes)
        let rasterised = try Bitmap.rasterizeSVG(path: svg, scale: scale)
        let drawn = try Bitmap.readPNG(path: drawPNG(folder.path("frame.png"), scale: scale, shapes))
        #expect(rasterised.width == Int(120 * scale) && rasterised.height == Int(80 * scale))
        let result = try ImageComparison(expected: drawn, actual: rasterised)
        #expect(result.differingPixels == 0, "\(result.summary)")
        // Drawn differently (a moved circle), the rasterised SVG is caught.
        let moved = drawPNG(folder.path("moved.png"), scale: scale) { cr in
            circle(x: 44, y: 40, radius: 25)(cr)
        }
        #expect(try ImageComparison(expected: Bitmap.readPNG(path: moved), actual: rasterised).differingPixels > 100)
    }

    /// Cairo's image surface puts each glyph on a whole pixel (cairo 1.16), while the SVG keeps exact glyph
    /// positions; thin strokes one pixel wide have no flat neighbours for the anti-aliasing rule. At 3x the
    /// text still matches within a small budget; at 1x it would not.
    @Test("Text in an SVG rasterised at 3x matches Cairo's own text within 0.05%")
    func svgTextAgainstPNG() throws {
        let folder = try TemporaryFolder()
        let svg = drawSVG(folder.path("frame.svg"), ImageComparisonTests.scene(_:))
        let drawn = try Bitmap.readPNG(path: drawPNG(folder.path("frame.png"), scale: 3, ImageComparisonTests.scene(_:)))
        let result = try ImageComparison(expected: drawn, actual: Bitmap.rasterizeSVG(path: svg, scale: 3),
                                         options: DiffOptions(maxDiffRatio: 0.0005))
        #expect(result.isWithinTolerance, "\(result.summary)")
        #expect(result.antialiasedPixels > 0)
    }

    @Test("Bitmap.read picks SVG by extension; a broken SVG is named")
    func readByExtension() throws {
        let folder = try TemporaryFolder()
        let svg = drawSVG(folder.path("a.svg"), width: 10, height: 5)
        #expect(try Bitmap.read(path: svg, svgScale: 3).width == 30)
        try "<svg".write(toFile: folder.path("broken.svg"), atomically: true, encoding: .utf8)
        #expect {
            try Bitmap.read(path: folder.path("broken.svg"))
        } throws: { error in
            guard case .invalidSVG(let path, _)? = error as? ImageError else { return false }
            return path == folder.path("broken.svg")
        }
        #expect(throws: ImageError.notFound(path: folder.path("none.svg"))) { try Bitmap.read(path: folder.path("none.svg")) }
    }

    @Test("Frame folders match by file name: a missing and an extra frame are listed, other files ignored")
    func folders() throws {
        let folder = try TemporaryFolder()
        for name in ["frame_00000.png", "frame_00001.png", "frame_00002.png", "notes.txt"] {
            drawPNG(folder.path("a/" + name))
        }
        for name in ["frame_00000.png", "frame_00001.png", "frame_00003.png", ".hidden.png", "states.json"] {
            drawPNG(folder.path("b/" + name))
        }
        let frames = try FrameFolders(expected: folder.path("a"), actual: folder.path("b"))
        #expect(frames.matched == ["frame_00000.png", "frame_00001.png"])
        #expect(frames.missing == ["frame_00002.png"])
        #expect(frames.extra == ["frame_00003.png"])
        #expect(throws: ImageError.notFound(path: folder.path("c"))) { try FrameFolders(expected: folder.path("a"), actual: folder.path("c")) }
    }

    @Test("A folder flick render wrote (states.json beside frames/) has its frames in frames/; any other folder is itself")
    func renderFolders() throws {
        let folder = try TemporaryFolder()
        drawPNG(folder.path("run/frames/frame_00000.png"))
        drawPNG(folder.path("run/contact-sheet.png"))
        try write(Array("{}".utf8), to: folder.path("run/states.json"))
        drawPNG(folder.path("plain/frame_00000.png"))
        drawPNG(folder.path("plain/frames/frame_00001.png"))
        #expect(FrameFolders.framesFolder(of: folder.path("run")) == folder.path("run/frames"))
        #expect(FrameFolders.framesFolder(of: folder.path("plain")) == folder.path("plain"))
        #expect(FrameFolders.framesFolder(of: folder.path("none")) == folder.path("none"))
    }
}
