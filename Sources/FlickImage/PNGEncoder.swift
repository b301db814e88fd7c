#if canImport(CFlickDeflate)
import CFlickDeflate
#endif
#if canImport(CFlickLibdeflate)
import CFlickLibdeflate
#endif
import CFlickPixels
import CFlickSpng
import Foundation

/// Encodes images as PNG files: 8-bit RGB when every pixel is opaque, else RGBA; no row filters; one IDAT.
/// The same pixels always give the same bytes on the same machine.
///
/// Built with ISA-L (the `CFlickDeflate` module, Debian libisal-dev, Homebrew isa-l), the image data is compressed by
/// igzip at level 1, through its public API, running the code ISA-L chooses for the CPU (`igzipCodePath`), and the
/// chunks are written here; else by libdeflate at level 2 (`CFlickLibdeflate`, Debian libdeflate-dev, Homebrew
/// libdeflate); without either, libspng writes the file at zlib level 1. All decode to the same pixels; their bytes
/// differ (see `preferred`).
///
/// Encoding dominates the cost of a rendered frame. For a 1170×2532 frame on one thread, libpng's defaults
/// (level 6 and adaptive filtering, what `cairo_surface_write_to_png` uses) take about 70 ms, libspng at zlib
/// level 1 without filters about 15 ms, libdeflate at level 2 about 12 ms for files 13–17 % smaller, igzip at level 1
/// (with libdeflate's Adler-32) a few ms (`flick bench`, rows packed included; scripts/compare-deflate.sh times the
/// deflates alone). Image sequences are reviewed and diffed, not shipped, but they are compared byte for byte on the
/// machine that wrote them, and by pixels (goldens) across machines.
///
/// Not thread-safe: one encoder per thread. It keeps its working memory (the image's rows and the compressed
/// bytes) from frame to frame, so a render allocates it once per thread whatever its length.
public final class PNGEncoder {
    /// Which deflate implementation writes the image data.
    public enum Deflate: String, Sendable, CaseIterable {
        /// libdeflate at `PNGEncoder.libdeflateLevel`, chunks written by Flick (only when built with libdeflate).
        case libdeflate
        /// ISA-L's igzip at `PNGEncoder.igzipLevel`, the code ISA-L chooses for the CPU (`igzipCodePath`), chunks
        /// written by Flick (only when built with ISA-L).
        case igzip
        /// libspng at zlib level `PNGEncoder.zlibLevel`: the fallback, and the floor `flick bench` compares with.
        case libspng
    }

    /// The implementation `flick` uses: the first of `available`. `FLICK_DEFLATE` (`igzip`, `libdeflate` or
    /// `libspng`) chooses another one this build has.
    ///
    /// igzip runs the code ISA-L picks for the CPU (its SSE, AVX2 or AVX-512 versions, or generic C). Each gives the
    /// same bytes for the same pixels run after run, but the versions write different valid streams, so frames'
    /// bytes may differ between CPUs; goldens compare pixels, which are the same (docs/development.md).
    public static let preferred: Deflate = {
        if let name = ProcessInfo.processInfo.environment[environmentVariable], let asked = Deflate(rawValue: name),
           available.contains(asked) {
            return asked
        }
        return available[0]
    }()

    /// The environment variable that chooses among `available` at run time.
    public static let environmentVariable = "FLICK_DEFLATE"

    /// Why `FLICK_DEFLATE` names no deflate of this build (`preferred` then ignores it), or nil when it is unset,
    /// empty, or names one: "FLICK_DEFLATE=zlib is not a deflate this flick has; it takes igzip, libdeflate or libspng (default: igzip)".
    public static var environmentProblem: String? {
        guard let name = ProcessInfo.processInfo.environment[environmentVariable], !name.isEmpty else { return nil }
        if let asked = Deflate(rawValue: name), available.contains(asked) { return nil }
        let names = available.map(\.rawValue)
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        return "\(environmentVariable)=\(name) is not a deflate this flick has; it takes \(list) (default: \(available[0].rawValue))"
    }

    /// Every implementation this build has, the default first.
    public static let available: [Deflate] = {
        var all: [Deflate] = []
        #if canImport(CFlickDeflate)
        all.append(.igzip)
        #endif
        #if canImport(CFlickLibdeflate)
        all.append(.libdeflate)
        #endif
        all.append(.libspng)
        return all
    }()

    /// Whether this build has ISA-L (the `CFlickDeflate` module).
    package static let builtWithISAL: Bool = {
        #if canImport(CFlickDeflate)
        true
        #else
        false
        #endif
    }()

    /// The code igzip runs on this CPU, as ISA-L's dispatch chooses it (the same cpuid and xgetbv checks,
    /// `flick_isal_code_path`): "generic", "SSE", "AVX", "AVX2" or "AVX-512" on x86-64, "ISA-L's choice" on
    /// other CPUs; nil in a build without ISA-L.
    public static let igzipCodePath: String? = {
        #if canImport(CFlickDeflate)
        switch flick_isal_code_path() {
        case 0: "generic"
        case 1: "SSE"
        case 2: "AVX"
        case 3: "AVX2"
        case 4: "AVX-512"
        default: "ISA-L's choice"
        }
        #else
        nil
        #endif
    }()

    /// libdeflate's compression level: 2 is its fastest here (1 is slower on these frames, 3 and 4 are as fast for
    /// 1 % smaller files; scripts/compare-deflate.sh).
    public static let libdeflateLevel: Int32 = 2

    /// igzip's compression level: 1 is its fastest level with Huffman coding of matches (0 only finds
    /// matches and codes them with static tables: 22 % larger files here for no speed).
    public static let igzipLevel: UInt32 = 1

    /// zlib's compression level of the libspng path (1 = fastest).
    public static let zlibLevel: Int32 = 1

    public let deflate: Deflate

    /// Rows converted for the encoder (the whole image).
    private var rows: UnsafeMutableRawPointer?
    private var rowsCapacity = 0
    /// The file being written by libdeflate or igzip (signature, IHDR, IDAT with the compressed bytes, IEND).
    private var output: UnsafeMutableRawPointer?
    private var outputCapacity = 0
    #if canImport(CFlickLibdeflate)
    /// libdeflate's compressor (its hash tables), made on the first image it compresses.
    private var compressor: OpaquePointer?
    #endif
    #if canImport(CFlickDeflate)
    /// igzip's working memory at level 1, made on the first image it compresses.
    private var levelBuffer: UnsafeMutableRawPointer?
    private let levelBufferSize = Int(flick_isal_level1_buffer_size())
    /// Where igzip's stream lives: its address is part of what igzip's level 1 hashes (`igzipStream(for:count:)`).
    private var streamHome = flick_isal_home()
    /// The stream used where no address could be mapped for it (bytes may then differ from run to run).
    private var unplacedStream: UnsafeMutablePointer<isal_zstream>?
    #endif

    /// An encoder using `deflate` (which must be in `available`).
    public init(deflate: Deflate = PNGEncoder.preferred) {
        precondition(PNGEncoder.available.contains(deflate), "this build of Flick has no \(deflate)")
        self.deflate = deflate
    }

    deinit {
        rows?.deallocate()
        output?.deallocate()
        #if canImport(CFlickLibdeflate)
        if let compressor { libdeflate_free_compressor(compressor) }
        #endif
        #if canImport(CFlickDeflate)
        levelBuffer?.deallocate()
        flick_isal_home_release(&streamHome)
        unplacedStream?.deallocate()
        #endif
    }

    /// The PNG file of `bitmap`.
    public func encode(_ bitmap: Bitmap) throws(ImageError) -> Data {
        let result = bitmap.words.withUnsafeBytes { words in
            Result { () throws(ImageError) in
                try encode(.straightRGBA(words.baseAddress, bytesPerRow: bitmap.width * 4), width: bitmap.width,
                           height: bitmap.height)
            }
        }
        return try result.get()
    }

    /// The PNG file of premultiplied ARGB32 pixels (Cairo's `CAIRO_FORMAT_ARGB32`: one native-endian word per
    /// pixel, alpha in the top byte), rows `bytesPerRow` apart, converted straight into the encoder's rows:
    /// the same pixels as `Bitmap(premultipliedARGB:…)` would hold, without making that bitmap.
    public func encode(premultipliedARGB base: UnsafeRawPointer, width: Int, height: Int,
                       bytesPerRow: Int) throws(ImageError) -> Data {
        try encode(.premultipliedARGB(base, bytesPerRow: bytesPerRow), width: width, height: height)
    }

    private func encode(_ source: PixelRows, width: Int, height: Int) throws(ImageError) -> Data {
        guard width > 0, height > 0, source.base != nil else {
            throw .cannotEncode(reason: "an image of \(width)×\(height) pixels is empty")
        }
        // Opaque frames, the common case, are written as RGB on the first try; a translucent pixel starts the file
        // again as RGBA.
        let zlib: ZlibDeflate
        switch deflate {
        case .libdeflate:
            #if canImport(CFlickLibdeflate)
            zlib = libdeflateData
            #else
            preconditionFailure("this build of Flick has no libdeflate")
            #endif
        case .igzip:
            #if canImport(CFlickDeflate)
            zlib = igzipData
            #else
            preconditionFailure("this build of Flick has no igzip")
            #endif
        case .libspng:
            if let png = try libspngPNG(source, width: width, height: height, colorType: .truecolor) { return png }
            return try libspngPNG(source, width: width, height: height, colorType: .truecolorAlpha)!
        }
        if let png = try chunkedPNG(source, width: width, height: height, colorType: .truecolor, deflate: zlib) { return png }
        return try chunkedPNG(source, width: width, height: height, colorType: .truecolorAlpha, deflate: zlib)!
    }

    /// Zero bytes after the rows buffer, which is zeroed when allocated: igzip's loads and stores are eight bytes
    /// wide, and what it may see next to its input or output is made the same for every image.
    static let rowsPadding = 256

    /// Makes `rows` hold at least `count` bytes (all zero when newly allocated, and `rowsPadding` more zeros).
    private func reserveRows(_ count: Int) {
        guard rowsCapacity < count else { return }
        rows?.deallocate()
        let allocated = UnsafeMutableRawPointer.allocate(byteCount: count + Self.rowsPadding, alignment: 64)
        allocated.initializeMemory(as: UInt8.self, repeating: 0, count: count + Self.rowsPadding)
        rows = allocated
        rowsCapacity = count
    }

    /// libspng at zlib level 1 without filters, from the whole image converted into `rows`; nil when `colorType`
    /// is RGB and some pixel is not opaque.
    private func libspngPNG(_ source: PixelRows, width: Int, height: Int,
                            colorType: PNGColorType) throws(ImageError) -> Data? {
        let rowBytes = width * colorType.bytesPerPixel
        reserveRows(rowBytes * height)
        guard source.convert(rows: 0..<height, width: width, colorType: colorType, into: rows!, stride: rowBytes,
                             filterByte: false) else { return nil }
        return try Self.libspngPNG(rows: UnsafeRawBufferPointer(start: rows, count: rowBytes * height), width: width,
                                   height: height, colorType: colorType)
    }

    /// libspng's PNG file of `rows` (8-bit pixels of `colorType`, packed, no filter bytes) at zlib level
    /// `zlibLevel` without row filters: the fallback's last step, and alone the floor `flick bench` measures
    /// the render against.
    public static func libspngPNG(rows: UnsafeRawBufferPointer, width: Int, height: Int,
                                  colorType: PNGColorType) throws(ImageError) -> Data {
        precondition(rows.count == width * height * colorType.bytesPerPixel, "rows of the wrong size")
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { throw .cannotEncode(reason: "out of memory") }
        defer { spng_ctx_free(ctx) }
        var status = spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1)
        if status == 0 { status = spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, zlibLevel) }
        if status == 0 { status = spng_set_option(ctx, SPNG_FILTER_CHOICE, Int32(SPNG_DISABLE_FILTERING.rawValue)) }
        var header = spng_ihdr(width: UInt32(width), height: UInt32(height), bit_depth: 8, color_type: colorType.rawValue,
                               compression_method: 0, filter_method: 0, interlace_method: 0)
        if status == 0 { status = spng_set_ihdr(ctx, &header) }
        if status == 0 {
            status = spng_encode_image(ctx, rows.baseAddress, rows.count, Int32(SPNG_FMT_PNG.rawValue),
                                       Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        guard status == 0 else { throw .cannotEncode(reason: pngReason(status)) }
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error) else { throw .cannotEncode(reason: pngReason(error)) }
        return Data(bytesNoCopy: buffer, count: length, deallocator: .free)
    }

    /// Bytes before the compressed image data: signature, IHDR chunk, IDAT's length and type.
    private static let prefixBytes = PNGChunks.signature.count + PNGChunks.overhead + 13 + 8

    /// The IEND chunk, whose CRC never changes.
    private static let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// Makes `output` hold at least `count` bytes, keeping the first `keeping` (growing it at least twofold).
    private func reserveOutput(_ count: Int, keeping: Int) {
        guard outputCapacity < count else { return }
        let count = max(count, 2 * outputCapacity)
        let grown = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        grown.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        if let output, keeping > 0 { grown.copyMemory(from: output, byteCount: keeping) }
        output?.deallocate()
        output = grown
        outputCapacity = count
    }

    /// Compresses `count` bytes at `input` as one zlib stream into the encoder's output after `prefixBytes`
    /// (reserving room first); returns the compressed length.
    private typealias ZlibDeflate = (UnsafeRawPointer, Int) throws(ImageError) -> Int

    /// The PNG file whose image data `deflate` compresses, with the chunks written here, or nil when `colorType` is
    /// RGB and some pixel is not opaque.
    private func chunkedPNG(_ source: PixelRows, width: Int, height: Int, colorType: PNGColorType,
                            deflate: ZlibDeflate) throws(ImageError) -> Data? {
        // Each row is a filter-type byte (0, none) and the pixels (PNG specification, section 7.3).
        let stride = 1 + width * colorType.bytesPerPixel
        let raw = stride * height
        guard raw <= Int(UInt32.max) / 2 else { throw .cannotEncode(reason: "an image of \(width)×\(height) pixels is too large") }
        reserveRows(raw)
        guard source.convert(rows: 0..<height, width: width, colorType: colorType, into: rows!, stride: stride,
                             filterByte: true) else { return nil }
        let compressed = try deflate(rows!, raw)
        guard compressed <= Int(Int32.max) else { throw .cannotEncode(reason: "the image data exceeds a PNG chunk's 2 GB") }
        var written = Self.prefixBytes + compressed
        reserveOutput(written + PNGChunks.overhead, keeping: written)

        let file = output!
        file.copyMemory(from: PNGChunks.signature, byteCount: PNGChunks.signature.count)
        var at = PNGChunks.signature.count
        let header = PNGChunks.header(width: width, height: height, colorType: colorType)
        PNGChunks.storeUInt32(UInt32(header.count), at: file + at)
        file.storeBytes(of: PNGChunks.fourCC("IHDR").bigEndian, toByteOffset: at + 4, as: UInt32.self)
        header.withUnsafeBytes { (file + at + 8).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        let headerCRC = CRC32.checksum(UnsafeRawBufferPointer(start: file + at + 4, count: 4 + header.count))
        PNGChunks.storeUInt32(headerCRC, at: file + at + 8 + header.count)
        at += PNGChunks.overhead + header.count
        PNGChunks.storeUInt32(UInt32(compressed), at: file + at)
        file.storeBytes(of: PNGChunks.fourCC("IDAT").bigEndian, toByteOffset: at + 4, as: UInt32.self)
        let dataCRC = CRC32.checksum(UnsafeRawBufferPointer(start: file + at + 4, count: 4 + compressed))
        PNGChunks.storeUInt32(dataCRC, at: file + written)
        written += 4
        Self.iend.withUnsafeBytes { (file + written).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        written += Self.iend.count
        return Data(bytes: file, count: written)
    }

    #if canImport(CFlickLibdeflate)
    /// libdeflate's zlib stream of `count` bytes at `input`, in one call (libdeflate has no streaming).
    private func libdeflateData(_ input: UnsafeRawPointer, _ count: Int) throws(ImageError) -> Int {
        if compressor == nil { compressor = libdeflate_alloc_compressor(Self.libdeflateLevel) }
        guard let compressor else { throw .cannotEncode(reason: "out of memory") }
        let room = libdeflate_zlib_compress_bound(compressor, count)
        reserveOutput(Self.prefixBytes + room, keeping: 0)
        let compressed = libdeflate_zlib_compress(compressor, input, count, output! + Self.prefixBytes, room)
        // The bound is libdeflate's own worst case, so 0 (did not fit) cannot happen.
        guard compressed > 0 else { throw .cannotEncode(reason: "libdeflate found no room for the image data") }
        return compressed
    }
    #endif

    #if canImport(CFlickDeflate)
    /// Room for igzip's output beyond one and an eighth times its input (stored blocks when nothing compresses):
    /// its block headers and the end of the stream.
    private static let outputSlack = 64 << 10

    /// Bytes cleared where igzip starts writing (its bit writer stores eight bytes at a time).
    private static let outputClearance = 64

    /// igzip's zlib stream of `count` bytes at `input`: the whole image in one call, without a stream's state kept
    /// between calls. igzip writes the raw deflate data; the zlib header and the Adler-32 trailer are written here
    /// (RFC 1950), the same bytes as igzip's own zlib wrapper, with libdeflate's Adler-32 when built with it
    /// (`Adler32`).
    private func igzipData(_ input: UnsafeRawPointer, _ count: Int) throws(ImageError) -> Int {
        if count < rowsCapacity {
            // What follows the image in the buffer is an earlier, larger image's: zeroed (see `rowsPadding`).
            (rows! + count).initializeMemory(as: UInt8.self, repeating: 0, count: rowsCapacity - count)
        }
        let room = count + count / 8 + Self.outputSlack
        reserveOutput(Self.prefixBytes + Self.zlibHeader.count + room + 4, keeping: 0)
        let zlib = output! + Self.prefixBytes
        Self.zlibHeader.withUnsafeBytes { zlib.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        let deflate = zlib + Self.zlibHeader.count
        deflate.initializeMemory(as: UInt8.self, repeating: 0, count: Self.outputClearance)
        if levelBuffer == nil {
            levelBuffer = UnsafeMutableRawPointer.allocate(byteCount: levelBufferSize, alignment: 64)
        }
        let levelBuffer = self.levelBuffer!
        let stream = igzipStream(for: input, count: count)
        UnsafeMutableRawPointer(stream).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<isal_zstream>.size)
        isal_deflate_stateless_init(stream)
        // igzip keeps its hash table in this buffer: cleared, so that nothing of the previous image is left in it.
        levelBuffer.initializeMemory(as: UInt8.self, repeating: 0, count: levelBufferSize)
        stream.pointee.level = Self.igzipLevel
        stream.pointee.level_buf = levelBuffer.assumingMemoryBound(to: UInt8.self)
        stream.pointee.level_buf_size = UInt32(levelBufferSize)
        stream.pointee.gzip_flag = UInt16(IGZIP_DEFLATE)
        stream.pointee.flush = UInt16(NO_FLUSH)
        stream.pointee.end_of_stream = 1
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(count)
        stream.pointee.next_out = deflate.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_out = UInt32(room)
        let status = flick_isal_deflate_stateless(stream)
        guard status == COMP_OK else { throw .cannotEncode(reason: "igzip failed with status \(status)") }
        let deflated = room - Int(stream.pointee.avail_out)
        let adler = Adler32.checksum(UnsafeRawBufferPointer(start: input, count: count))
        PNGChunks.storeUInt32(adler, at: deflate + deflated)
        return Self.zlibHeader.count + deflated + 4
    }

    /// The isal_zstream to compress `count` bytes at `input` with. ISA-L's x86 level-1 code hashes the input's third
    /// position with the bits 16-47 of the stream's own address instead of the input's bytes 2-5
    /// (`flick_isal_stream_at_slot` in Sources/CFlickDeflate/shim.h says where), so a stream on the stack made igzip
    /// write other bytes for the same image on another thread or in another run. This one lives at an address that
    /// hashes like the input's bytes, which gives the stream the algorithm means, the same everywhere.
    private func igzipStream(for input: UnsafeRawPointer, count: Int) -> UnsafeMutablePointer<isal_zstream> {
        let slot = flick_isal_third_position_slot(input.assumingMemoryBound(to: UInt8.self), UInt32(count))
        if let placed = flick_isal_stream_at_slot(&streamHome, slot) { return placed }
        if unplacedStream == nil { unplacedStream = .allocate(capacity: 1) }
        return unplacedStream!
    }

    /// The zlib header igzip writes: deflate with a 32 KiB window (0x78), the fastest compression level and no
    /// dictionary (0x01, which makes the pair a multiple of 31).
    private static let zlibHeader: [UInt8] = [0x78, 0x01]
    #endif
}

/// Where an image's pixels come from, and how they become a PNG's rows.
enum PixelRows {
    /// Straight RGBA8 bytes (a `Bitmap`'s words), rows `bytesPerRow` apart.
    case straightRGBA(UnsafeRawPointer?, bytesPerRow: Int)
    /// Premultiplied native-endian ARGB32 words (Cairo's), rows `bytesPerRow` apart.
    case premultipliedARGB(UnsafeRawPointer?, bytesPerRow: Int)

    var base: UnsafeRawPointer? {
        switch self {
        case .straightRGBA(let base, _), .premultipliedARGB(let base, _): base
        }
    }

    /// Whether rows are packed by `flick_pack_rgb` (SSSE3's byte shuffle, CFlickPixels: x86-64, little-endian, as
    /// Cairo's words then lie in memory as B, G, R, A), else by `packRGB`. The bytes are the same.
    static let packsWithShuffle = flick_pack_rgb_available() == 1

    /// `count` pixels of 4 bytes in `order` as 3-byte pixels at `out` by `flick_pack_rgb` (only when
    /// `packsWithShuffle`); false when an alpha is not 255.
    static func shuffleRGB(_ pixels: UnsafeRawPointer, _ count: Int, order: flick_pixel_order,
                           into out: UnsafeMutablePointer<UInt8>) -> Bool {
        flick_pack_rgb(pixels.assumingMemoryBound(to: UInt8.self), count, order, out) == 1
    }

    /// Packs `count` words as 3-byte pixels at `out`, four at a time; `rgb` turns a word into 0xAABBGGRR (alpha
    /// in the top byte, then blue, green, red: the bytes to write, lowest first). False when an alpha is not 255.
    @inline(__always)
    static func packRGB(_ words: UnsafePointer<UInt32>, _ count: Int, into out: UnsafeMutablePointer<UInt8>,
                        _ rgb: (UInt32) -> UInt32) -> Bool {
        let opaque: UInt32 = 0xFF00_0000
        var source = words
        var o = UnsafeMutableRawPointer(out)
        let fours = words + (count & ~3), end = words + count
        while source < fours {
            let a = rgb(source[0]), b = rgb(source[1]), c = rgb(source[2]), d = rgb(source[3])
            guard a & b & c & d & opaque == opaque else { return false }
            // Twelve bytes: R G B of a, b, c, d in three little-endian words.
            o.storeBytes(of: (a & 0xFF_FFFF | b << 24).littleEndian, as: UInt32.self)
            (o + 4).storeBytes(of: (b >> 8 & 0xFFFF | c << 16).littleEndian, as: UInt32.self)
            (o + 8).storeBytes(of: (c >> 16 & 0xFF | d << 8).littleEndian, as: UInt32.self)
            source += 4
            o += 12
        }
        while source < end {
            let a = rgb(source.pointee)
            guard a & opaque == opaque else { return false }
            o.storeBytes(of: UInt8(truncatingIfNeeded: a), as: UInt8.self)
            (o + 1).storeBytes(of: UInt8(truncatingIfNeeded: a >> 8), as: UInt8.self)
            (o + 2).storeBytes(of: UInt8(truncatingIfNeeded: a >> 16), as: UInt8.self)
            source += 1
            o += 3
        }
        return true
    }

    /// Writes rows `rows` as PNG pixels of `colorType` into `out`, `stride` bytes apart, each after a filter-type
    /// byte 0 when `filterByte`. Returns false, leaving `out` partly written, when `colorType` is RGB and a pixel
    /// is not opaque.
    ///
    /// Premultiplied pixels are un-premultiplied as `Bitmap(premultipliedARGB:…)` does, `(c · 255 + α/2) / α`.
    func convert(rows: Range<Int>, width: Int, colorType: PNGColorType, into out: UnsafeMutableRawPointer,
                 stride: Int, filterByte: Bool) -> Bool {
        guard let base else { return true }
        let pixelOffset = filterByte ? 1 : 0
        for (index, y) in rows.enumerated() {
            let rowStart = out + index * stride
            if filterByte { rowStart.storeBytes(of: 0, as: UInt8.self) }
            var o = (rowStart + pixelOffset).assumingMemoryBound(to: UInt8.self)
            switch self {
            case .straightRGBA(_, let bytesPerRow):
                let row = base + y * bytesPerRow
                switch colorType {
                case .truecolorAlpha:
                    UnsafeMutableRawPointer(o).copyMemory(from: row, byteCount: width * 4)
                case .truecolor where Self.packsWithShuffle:
                    guard Self.shuffleRGB(row, width, order: FLICK_PIXELS_RGBA, into: o) else { return false }
                case .truecolor:
                    // The words' bytes are R, G, B, A: the low three bytes of the little-endian value.
                    guard Self.packRGB(row.assumingMemoryBound(to: UInt32.self), width, into: o, { UInt32(littleEndian: $0) })
                    else { return false }
                }
            case .premultipliedARGB(_, let bytesPerRow):
                var p = (base + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
                let end = p + width
                switch colorType {
                case .truecolor where Self.packsWithShuffle:
                    guard Self.shuffleRGB(UnsafeRawPointer(p), width, order: FLICK_PIXELS_BGRA, into: o) else { return false }
                case .truecolor:
                    // 0xAARRGGBB: red, green, blue from the low byte up once the three colour bytes are reversed.
                    guard Self.packRGB(p, width, into: o, { $0 & 0xFF00_0000 | ($0 & 0xFF_FFFF).byteSwapped >> 8 })
                    else { return false }
                case .truecolorAlpha:
                    while p < end {
                        let argb = p.pointee
                        let a = argb >> 24
                        func straight(_ c: UInt32) -> UInt8 {
                            a == 255 ? UInt8(truncatingIfNeeded: c) : a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
                        }
                        o[0] = straight(argb >> 16 & 0xFF)
                        o[1] = straight(argb >> 8 & 0xFF)
                        o[2] = straight(argb & 0xFF)
                        o[3] = UInt8(truncatingIfNeeded: a)
                        o += 4
                        p += 1
                    }
                }
            }
        }
        return true
    }
}
