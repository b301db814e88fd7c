import FlickImage
import Foundation
import Testing

@Suite("Bitmaps: straight RGBA8 pixels, PNG through libspng, Cairo's premultiplied pixels, the pixel limit")
struct BitmapTests {
    /// A small image with every kind of pixel: opaque, translucent, and transparent with a colour.
    static func translucent() -> Bitmap {
        var image = Bitmap(width: 5, height: 3, color: RGBA(10, 200, 30))
        image[1, 0] = RGBA(255, 0, 0, 128)
        image[2, 1] = RGBA(0, 0, 255, 1)
        image[3, 2] = RGBA(255, 0, 0, 0)
        image[4, 2] = .clear
        return image
    }

    @Test("Pixels read back as written; the bytes are RGBA in PNG's order")
    func pixels() {
        var image = Bitmap(width: 3, height: 2, color: .white)
        image[2, 1] = RGBA(1, 2, 3, 4)
        #expect(image[2, 1] == RGBA(1, 2, 3, 4) && image[0, 0] == .white)
        #expect(Array(image.rgbaBytes.suffix(4)) == [1, 2, 3, 4])
        #expect(Bitmap(width: 3, height: 2, rgba: image.rgbaBytes) == image)
        #expect(!image.isOpaque && Bitmap(width: 3, height: 2, color: .black).isOpaque)
    }

    @Test("An opaque image encodes as 8-bit RGB, a translucent one as RGBA; both decode to the same pixels")
    func pngRoundTrip() throws {
        let opaque = Bitmap(width: 4, height: 3, color: RGBA(12, 34, 56))
        let opaqueFile = try opaque.pngData()
        #expect(opaqueFile[25] == 2, "colour type RGB")
        #expect(try Bitmap.decodePNG(opaqueFile, path: "opaque") == opaque)

        let translucent = Self.translucent()
        let translucentFile = try translucent.pngData()
        #expect(translucentFile[25] == 6, "colour type RGBA")
        // Straight values survive exactly, even the colour of a transparent pixel.
        #expect(try Bitmap.decodePNG(translucentFile, path: "translucent") == translucent)
        #expect(try translucent.pngData() == translucentFile, "the same pixels give the same bytes")
    }

    @Test("writePNG replaces the file only when complete and leaves nothing beside it")
    func writePNG() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("frame.png")
        try "old".write(toFile: path, atomically: true, encoding: .utf8)
        try Self.translucent().writePNG(path: path)
        #expect(try Bitmap.readPNG(path: path) == Self.translucent())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["frame.png"])
        #expect(throws: ImageError.cannotWrite(path: folder.path("none") + "/x.png",
                                               reason: "the folder \(folder.path("none")) does not exist")) {
            try Self.translucent().writePNG(path: folder.path("none") + "/x.png")
        }
    }

    @Test("Premultiplied ARGB (Cairo's layout) to straight RGBA and back: rounding to the nearest value")
    func premultiplied() {
        // Opaque, translucent (alpha 128: 64 premultiplied is 127.5 straight, rounded up), and transparent.
        let words: [UInt32] = [0xFF10_2030, 0x8040_0080, 0x0000_0000, 0x0102_0301]
        let image = words.withUnsafeBytes { Bitmap(premultipliedARGB: $0.baseAddress!, width: 2, height: 2, bytesPerRow: 8) }
        #expect(image[0, 0] == RGBA(0x10, 0x20, 0x30))
        #expect(image[1, 0] == RGBA(128, 0, 255, 128))
        #expect(image[0, 1] == .clear)
        #expect(image[1, 1] == RGBA(255, 255, 255, 1), "channels above alpha are clamped")
        var back = [UInt32](repeating: 0, count: 4)
        back.withUnsafeMutableBytes { image.writePremultipliedARGB(to: $0.baseAddress!, bytesPerRow: 8) }
        #expect(back[0] == 0xFF10_2030 && back[1] == 0x8040_0080 && back[2] == 0)
        // RGB24: the top byte is undefined and every pixel is opaque.
        let rgb: [UInt32] = [0x0011_2233, 0x7F44_5566]
        let opaque = rgb.withUnsafeBytes { Bitmap(premultipliedARGB: $0.baseAddress!, width: 2, height: 1, bytesPerRow: 8, ignoringAlpha: true) }
        #expect(opaque[0, 0] == RGBA(0x11, 0x22, 0x33) && opaque[1, 0] == RGBA(0x44, 0x55, 0x66))
    }

    @Test("The pixel limit is read from a PNG's header, before decoding", arguments: [
        (width: 20000, height: 20000, allowed: false),
        (width: 8000, height: 8000, allowed: true),
        (width: 8001, height: 8000, allowed: false),
        (width: 64_000_000, height: 1, allowed: true),
        (width: 100_000, height: 100_000, allowed: false),
    ])
    func limit(_ row: (width: Int, height: Int, allowed: Bool)) throws {
        // Only the header: decoding stops at the limit, or else at the missing image data.
        let file = pngHeader(width: UInt32(row.width), height: UInt32(row.height))
        #expect(file.withUnsafeBytes { Bitmap.pngSize(of: $0) }! == (row.width, row.height))
        do {
            _ = try Bitmap.decodePNG(file, path: "big.png")
            Issue.record("a header without image data decoded")
        } catch {
            if row.allowed {
                guard case .unreadable(let path, _) = error else { Issue.record("\(error)"); return }
                #expect(path == "big.png")
            } else {
                #expect(error == .tooLarge(path: "big.png", width: row.width, height: row.height))
            }
        }
        #expect(ImageLimits.allows(width: row.width, height: row.height) == row.allowed)
    }

    @Test("The limit's message gives the size, the megapixels and the limit")
    func limitMessages() {
        #expect(ImageError.tooLarge(path: "a.png", width: 20000, height: 20000).description
            == "a.png: 20000×20000 pixels is 400 megapixels; the limit is 64 megapixels")
        #expect(ImageError.tooLarge(path: "a.svg", width: 40000, height: 10).description
            == "a.svg: 40000×10 pixels is more than Cairo draws; the limit is 32767 pixels a side")
        #expect(ImageLimits.allowsDrawing(width: 32767, height: 1000) && !ImageLimits.allowsDrawing(width: 32768, height: 1000))
    }

    @Test("A PNG of 0×0 pixels, or one cut short, is unreadable with libspng's reason, not 'out of memory'")
    func brokenPNG() throws {
        for (name, file) in [("empty.png", pngHeader(width: 0, height: 0)), ("cut.png", Array(try Self.translucent().pngData().prefix(60)))] {
            do {
                _ = try Bitmap.decodePNG(file, path: name)
                Issue.record("\(name) decoded")
            } catch {
                guard case .unreadable(let path, let reason) = error else { Issue.record("\(error)"); continue }
                #expect(path == name && !reason.contains("memory"), "\(error)")
            }
        }
        #expect(throws: ImageError.notPNG(path: "text.png")) { try Bitmap.decodePNG(Array("hello".utf8), path: "text.png") }
    }

    @Test("Decoding into a bitmap reuses its storage, whatever size it had")
    func decodeInto() throws {
        let small = Bitmap(width: 2, height: 2, color: .red), large = Self.translucent()
        var image = Bitmap(width: 0, height: 0)
        for expected in [large, small, large, large] {
            let file = try expected.pngData()
            try file.withUnsafeBytes { try image.decodePNG($0, path: "frame") }
            #expect(image == expected)
        }
    }
}
