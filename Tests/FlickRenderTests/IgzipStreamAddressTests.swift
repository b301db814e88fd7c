#if canImport(CFlickDeflate) && arch(x86_64)
import CFlickDeflate
@testable import FlickImage
import Foundation
import Testing

/// ISA-L's x86 level-1 code hashes the input's third position with bits 16-47 of its isal_zstream's address instead of
/// the input's bytes 2-5 (`flick_isal_stream_at_slot` in Sources/CFlickDeflate/shim.h): where the struct lives changed
/// igzip's bytes for the same image. These tests show that with an input made for it, and that PNGEncoder's stream is
/// the one the input's own bytes give. x86-64 only: ISA-L's code for other CPUs does not read the register, and Flick
/// places the stream only there.
@Suite(.enabled(if: PNGEncoder.builtWithISAL, "built without ISA-L"))
struct IgzipStreamAddressTests {
    /// Sixteen bytes found nowhere else in `rows`.
    static let pattern: [UInt8] = Array("Flick:igzip+rcx!".utf8)

    /// PNG rows (a filter byte 0, then RGB) of a `width`×`height` image of noise in sixteen byte values (compressible,
    /// so igzip writes Huffman-coded matches, and never the pattern's letters), with `pattern` as the first row's bytes
    /// 2-17 and again at bytes 1000-1015: igzip matches those 16 bytes whole only if it hashed position 2 by its bytes.
    static func rows(width: Int = 400, height: Int = 4) -> (rows: [UInt8], rgba: [UInt8]) {
        var state: UInt32 = 0x2545F491
        func noise() -> UInt8 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return 0x40 + UInt8(truncatingIfNeeded: state >> 28)
        }
        let stride = 1 + 3 * width
        var rows = [UInt8](repeating: 0, count: stride * height)
        for row in 0..<height {
            for i in 1..<stride { rows[row * stride + i] = noise() }
        }
        for (i, byte) in pattern.enumerated() {
            rows[2 + i] = byte
            rows[1000 + i] = byte
        }
        var rgba = [UInt8]()
        rgba.reserveCapacity(4 * width * height)
        for row in 0..<height {
            for x in 0..<width {
                let at = row * stride + 1 + 3 * x
                rgba += [rows[at], rows[at + 1], rows[at + 2], 255]
            }
        }
        return (rows, rgba)
    }

    /// igzip's level-1 raw deflate stream of `input`, with its isal_zstream at an address that puts the third
    /// position in hash-table `slot`.
    static func deflate(_ input: [UInt8], slot: UInt32) throws -> [UInt8] {
        var home = flick_isal_home()
        defer { flick_isal_home_release(&home) }
        let stream = try #require(flick_isal_stream_at_slot(&home, slot), "no address could be mapped for slot \(slot)")
        let levelSize = Int(flick_isal_level1_buffer_size())
        let level = UnsafeMutableRawPointer.allocate(byteCount: levelSize, alignment: 64)
        defer { level.deallocate() }
        level.initializeMemory(as: UInt8.self, repeating: 0, count: levelSize)
        let room = input.count * 2 + 65_536
        var output = [UInt8](repeating: 0, count: room)
        var padded = input + [UInt8](repeating: 0, count: 256)
        let length = padded.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                UnsafeMutableRawPointer(stream).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<isal_zstream>.size)
                isal_deflate_stateless_init(stream)
                stream.pointee.level = 1
                stream.pointee.level_buf = level.assumingMemoryBound(to: UInt8.self)
                stream.pointee.level_buf_size = UInt32(levelSize)
                stream.pointee.gzip_flag = UInt16(IGZIP_DEFLATE)
                stream.pointee.flush = UInt16(NO_FLUSH)
                stream.pointee.end_of_stream = 1
                stream.pointee.next_in = input.baseAddress
                stream.pointee.avail_in = UInt32(input.count - 256)
                stream.pointee.next_out = output.baseAddress
                stream.pointee.avail_out = UInt32(room)
                let status = flick_isal_deflate_stateless(stream)
                return status == COMP_OK ? room - Int(stream.pointee.avail_out) : -1
            }
        }
        try #require(length > 0, "igzip failed")
        return Array(output[..<length])
    }

    /// The raw deflate stream of a PNG's image data: its IDAT chunks joined (`PNGEncoderTests.chunks(of:)`, which
    /// checks every CRC), the zlib header and Adler-32 taken off.
    static func deflateStream(ofPNG png: Data) throws -> [UInt8] {
        let zlib = try PNGEncoderTests.chunks(of: png).filter { $0.type == "IDAT" }.reduce(into: [UInt8]()) { $0 += $1.data }
        try #require(zlib.count > 6, "no image data")
        return Array(zlib[2..<(zlib.count - 4)])
    }

    @Test func whereTheStreamLivesChangedIgzipsBytes() throws {
        let rows = Self.rows().rows
        let slot = rows.withUnsafeBufferPointer { flick_isal_third_position_slot($0.baseAddress, UInt32($0.count)) }
        let meant = try Self.deflate(rows, slot: slot)
        // Two other addresses of the struct, hashing to other slots: position 2 goes elsewhere, the match at 1000
        // starts one byte later, and the bytes differ.
        for other in [slot ^ 1, (slot + 4096) & 8191] {
            let elsewhere = try Self.deflate(rows, slot: other)
            #expect(elsewhere != meant, "slot \(other) gave the same bytes as slot \(slot)")
            #expect(elsewhere.count >= meant.count)
        }
        // Another address hashing to the same slot gives the same bytes.
        #expect(try Self.deflate(rows, slot: slot) == meant)
    }

    @Test func pngEncoderWritesTheStreamTheInputsBytesGive() throws {
        let (rows, rgba) = Self.rows()
        let bitmap = Bitmap(width: 400, height: 4, rgba: rgba)
        let slot = rows.withUnsafeBufferPointer { flick_isal_third_position_slot($0.baseAddress, UInt32($0.count)) }
        let meant = try Self.deflate(rows, slot: slot)
        // On this thread, on others, and after an image whose bytes 2-5 differ (the stream moves and comes back).
        var pngs = [try PNGEncoder(deflate: .igzip).encode(bitmap)]
        let encoder = PNGEncoder(deflate: .igzip)
        _ = try encoder.encode(Bitmap(width: 400, height: 4, color: RGBA(10, 200, 30)))
        pngs.append(try encoder.encode(bitmap))
        let others = Encoded()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let png = try? PNGEncoder(deflate: .igzip).encode(bitmap)
            others.append(png ?? Data())
        }
        for png in pngs + others.all {
            #expect(try Self.deflateStream(ofPNG: png) == meant)
            #expect(try Bitmap.decodePNG(png, path: "igzip.png") == bitmap)
        }
    }
}

/// PNGs encoded on other threads.
private final class Encoded: @unchecked Sendable {
    private let lock = NSLock()
    private var pngs: [Data] = []
    func append(_ png: Data) { lock.withLock { pngs.append(png) } }
    var all: [Data] { lock.withLock { pngs } }
}
#endif
