import CFlickPixels
@testable import FlickImage
@testable import FlickRender
import Foundation
import Testing

/// The PNG encoder with every deflate this build has: files decode (libspng) to the encoded pixels, the same
/// pixels give the same bytes, and the chunks are well formed.
@Suite struct PNGEncoderTests {
    /// A `width × height` image of pseudo-random pixels (a fixed LCG), opaque or with every alpha.
    static func noise(width: Int, height: Int, opaque: Bool, seed: UInt64 = 1) -> Bitmap {
        var state = seed
        var image = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let v = UInt32(truncatingIfNeeded: state >> 32)
                // Runs of equal pixels, so that deflate finds matches as it does in frames.
                let run = (x / 7) % 3 == 0
                image[x, y] = RGBA(UInt8(truncatingIfNeeded: run ? y : Int(v)), UInt8(truncatingIfNeeded: v >> 8),
                                   UInt8(truncatingIfNeeded: run ? x : Int(v >> 16)),
                                   opaque ? 255 : UInt8(truncatingIfNeeded: v >> 24))
            }
        }
        return image
    }

    /// A PNG's chunks in file order, after checking the signature, each chunk's CRC (with the portable CRC) and
    /// that the last is IEND.
    static func chunks(of png: Data) throws -> [(type: String, data: Data)] {
        let bytes = [UInt8](png)
        #expect(Array(bytes.prefix(8)) == Bitmap.pngSignature)
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        var result: [(String, Data)] = []
        var offset = 8
        while offset < bytes.count {
            try #require(offset + 12 <= bytes.count, "a chunk header runs past the end at byte \(offset)")
            let length = u32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            try #require(offset + 12 + length <= bytes.count, "chunk \(type) runs past the end")
            let crc = Array(bytes[(offset + 4)..<(offset + 8 + length)]).withUnsafeBytes { CRC32.tableChecksum($0) }
            #expect(UInt32(u32(offset + 8 + length)) == crc, "bad CRC in \(type)")
            result.append((type, Data(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return result
    }

    @Test(arguments: PNGEncoder.available, [true, false])
    func roundTripGivesThePixels(deflate: PNGEncoder.Deflate, opaque: Bool) throws {
        // 700 rows of 3 × 600 + 1 bytes: several of igzip's bands, and noise enough to grow its output.
        let image = Self.noise(width: 600, height: 700, opaque: opaque)
        let png = try PNGEncoder(deflate: deflate).encode(image)
        let decoded = try Bitmap.decodePNG(png, path: "encoded.png")
        #expect(decoded == image)
        let chunks = try Self.chunks(of: png)
        #expect(chunks.first?.type == "IHDR")
        #expect(chunks.last?.type == "IEND")
        #expect(chunks.last?.data.isEmpty == true)
        let middle = chunks.dropFirst().dropLast().map(\.type)
        #expect(!middle.isEmpty && middle.allSatisfy { $0 == "IDAT" }, "\(middle)")
        // 600 × 700, 8 bits, RGB (2) or RGBA (6), compression, filter and interlace methods 0.
        #expect([UInt8](chunks[0].data) == [0, 0, 2, 0x58, 0, 0, 2, 0xBC, 8, opaque ? 2 : 6, 0, 0, 0])
        // A zlib stream: deflate with a 32 KiB window, header check bits right.
        let zlib = [UInt8](chunks.dropFirst().dropLast().reduce(Data()) { $0 + $1.data })
        #expect(zlib[0] & 0x0F == 8 && (Int(zlib[0]) << 8 | Int(zlib[1])) % 31 == 0)
    }

    @Test(arguments: PNGEncoder.available)
    func samePixelsGiveSameBytes(deflate: PNGEncoder.Deflate) throws {
        let encoder = PNGEncoder(deflate: deflate)
        let opaque = Self.noise(width: 300, height: 500, opaque: true, seed: 7)
        let translucent = Self.noise(width: 300, height: 500, opaque: false, seed: 8)
        let first = try encoder.encode(opaque)
        // The same encoder after another image (its buffers reused), and a new one.
        _ = try encoder.encode(translucent)
        #expect(try encoder.encode(opaque) == first)
        #expect(try PNGEncoder(deflate: deflate).encode(opaque) == first)
        #expect(try encoder.encode(translucent) == PNGEncoder(deflate: deflate).encode(translucent))
    }

    /// Two threads, each with its own encoder, encode the same images over and over in different orders (the
    /// buffers reused between images of other sizes and kinds, as in a render), and every file equals the one a
    /// fresh encoder wrote alone, byte for byte.
    @Test(arguments: PNGEncoder.available)
    func sameBytesOnTwoThreads(deflate: PNGEncoder.Deflate) throws {
        let images = [Self.noise(width: 600, height: 700, opaque: true, seed: 21),
                      Self.noise(width: 600, height: 700, opaque: false, seed: 22),
                      Self.noise(width: 331, height: 500, opaque: true, seed: 23),
                      Self.noise(width: 1170, height: 300, opaque: true, seed: 24)]
        let expected = try images.map { try PNGEncoder(deflate: deflate).encode($0) }
        let rounds = 12
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            let encoder = PNGEncoder(deflate: deflate)
            for round in 0..<rounds {
                for k in images.indices {
                    let i = thread == 0 ? (k + round) % images.count : (images.count - 1 - k + round) % images.count
                    let png = try? encoder.encode(images[i])
                    if png != expected[i] { mismatches.record("thread \(thread), round \(round), image \(i)") }
                }
            }
        }
        #expect(mismatches.all.isEmpty, "\(deflate) wrote other bytes: \(mismatches.all)")
        for (image, png) in zip(images, expected) { #expect(try Bitmap.decodePNG(png, path: "x.png") == image) }
    }

    /// Cairo's premultiplied pixels are encoded straight, with the pixels (and bytes) of their `Bitmap`.
    @Test(arguments: PNGEncoder.available, [true, false])
    func surfaceEncodesAsItsBitmap(deflate: PNGEncoder.Deflate, opaque: Bool) throws {
        let surface = try ImageSurface(Self.noise(width: 257, height: 300, opaque: opaque, seed: 3))
        let encoder = PNGEncoder(deflate: deflate)
        let png = try encoder.encode(surface)
        let bitmap = surface.bitmap()
        #expect(try Bitmap.decodePNG(png, path: "surface.png") == bitmap)
        #expect(try encoder.encode(bitmap) == png)
    }

    /// Both deflates give the same pixels; a one-pixel image and an image one row high work.
    @Test func deflatesAgreeOnPixels() throws {
        for image in [Self.noise(width: 1, height: 1, opaque: true), Self.noise(width: 5000, height: 1, opaque: false),
                      Self.noise(width: 1, height: 3000, opaque: true)] {
            let decoded = try PNGEncoder.available.map { try Bitmap.decodePNG(PNGEncoder(deflate: $0).encode(image), path: "x.png") }
            #expect(decoded.allSatisfy { $0 == image })
        }
    }

    @Test func emptyImageIsAnError() {
        #expect(throws: ImageError.cannotEncode(reason: "an image of 0×0 pixels is empty")) {
            try PNGEncoder().encode(Bitmap(width: 0, height: 0))
        }
    }

    /// ISA-L's CRC (when built with it) equals the portable one, also continued across pieces.
    @Test func crcAgreesWithTheTable() {
        let bytes = (0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        bytes.withUnsafeBytes { all in
            let whole = CRC32.tableChecksum(all)
            #expect(CRC32.checksum(all) == whole)
            let head = UnsafeRawBufferPointer(rebasing: all[0..<12_345])
            let tail = UnsafeRawBufferPointer(rebasing: all[12_345...])
            #expect(CRC32.checksum(tail, continuing: CRC32.checksum(head)) == whole)
            #expect(CRC32.tableChecksum(tail, continuing: CRC32.tableChecksum(head)) == whole)
        }
        #expect(CRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
    }
}

/// What the threads of `sameBytesOnTwoThreads` found, behind a lock.
private final class Mismatches: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String] = []

    func record(_ what: String) { lock.withLock { found.append(what) } }
    var all: [String] { lock.withLock { found } }
}

/// Rows packed by SSSE3's shuffle (CFlickPixels) are the bytes the Swift packing writes, in both pixel orders, for
/// every length of a row's tail, and both refuse a pixel that is not opaque wherever it is.
@Suite struct PixelPackingTests {
    @Test(arguments: [1, 2, 3, 4, 5, 7, 8, 9, 13, 600])
    func shuffleWritesTheSwiftBytes(width: Int) throws {
        try #require(PixelRows.packsWithShuffle, "this machine has no SSSE3")
        var state: UInt32 = 99
        let words = (0..<width).map { _ -> UInt32 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return 0xFF00_0000 | state >> 8
        }
        for (order, rgb) in [(FLICK_PIXELS_BGRA, { (w: UInt32) in w & 0xFF00_0000 | (w & 0xFF_FFFF).byteSwapped >> 8 }),
                             (FLICK_PIXELS_RGBA, { (w: UInt32) in w })] {
            var shuffled = [UInt8](repeating: 0xEE, count: 3 * width + 8)
            var packed = shuffled
            let ok = words.withUnsafeBytes { raw in
                shuffled.withUnsafeMutableBufferPointer { PixelRows.shuffleRGB(raw.baseAddress!, width, order: order, into: $0.baseAddress!) }
            }
            let swift = words.withUnsafeBufferPointer { w in
                packed.withUnsafeMutableBufferPointer { PixelRows.packRGB(w.baseAddress!, width, into: $0.baseAddress!, rgb) }
            }
            #expect(ok && swift)
            #expect(shuffled == packed, "order \(order.rawValue), width \(width)")
            // Nothing written past the row.
            #expect(shuffled.suffix(8).allSatisfy { $0 == 0xEE })
            for translucent in Set([0, width / 2, width - 1]) {
                var withHole = words
                withHole[translucent] &= 0xFE_FF_FF_FF
                let refused = withHole.withUnsafeBytes { raw in
                    shuffled.withUnsafeMutableBufferPointer { PixelRows.shuffleRGB(raw.baseAddress!, width, order: order, into: $0.baseAddress!) }
                }
                #expect(!refused, "alpha 254 at \(translucent) of \(width)")
            }
        }
    }
}
