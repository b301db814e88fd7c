import CFlickSpng
import FlickOutput
import Foundation

/// PNG files: decoding into RGBA8 through libspng, and encoding (`PNGEncoder`).
extension Bitmap {
    /// The eight bytes every PNG file starts with.
    public static let pngSignature: [UInt8] = PNGChunks.signature

    /// Whether `bytes` start with the PNG signature.
    public static func hasPNGSignature(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= pngSignature.count && zip(bytes, pngSignature).allSatisfy { $0 == $1 }
    }

    /// The size a PNG declares in its header (the IHDR chunk, which must come first), without decoding;
    /// nil when `bytes` do not start like a PNG.
    public static func pngSize(of bytes: UnsafeRawBufferPointer) -> (width: Int, height: Int)? {
        guard hasPNGSignature(bytes), bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func bigEndian(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (bigEndian(16), bigEndian(20))
    }

    /// Decodes a PNG held in memory into RGBA8 (transparency chunks applied, no gamma correction, 16-bit
    /// channels reduced to 8). The size is read from the header and checked against `ImageLimits` before
    /// any pixel is allocated; `path` names the source in errors.
    public static func decodePNG(_ bytes: UnsafeRawBufferPointer, path: String) throws(ImageError) -> Bitmap {
        var image = Bitmap(width: 0, height: 0)
        try image.decodePNG(bytes, path: path)
        return image
    }

    /// Decodes a PNG held in memory into this bitmap, replacing its pixels and size (reusing its storage
    /// when it is not shared and large enough); see `decodePNG(_:path:)`. On failure the bitmap is
    /// unchanged, or has the new size and unspecified pixels.
    public mutating func decodePNG(_ bytes: UnsafeRawBufferPointer, path: String) throws(ImageError) {
        guard Self.hasPNGSignature(bytes) else { throw .notPNG(path: path) }
        // Chunk CRCs are checked (they cover the compressed bytes, so corruption is caught); zlib's Adler-32 of
        // the inflated bytes would only check zlib itself, and costs a quarter of the decoding time.
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_IGNORE_ADLER32.rawValue)) else {
            throw .unreadable(path: path, reason: "out of memory")
        }
        defer { spng_ctx_free(ctx) }
        // Ancillary chunks (text, profiles) are kept in memory while decoding; cap them.
        spng_set_chunk_limits(ctx, 64 << 20, 64 << 20)
        var status = spng_set_png_buffer(ctx, bytes.baseAddress, bytes.count)
        var header = spng_ihdr()
        if status == 0 { status = spng_get_ihdr(ctx, &header) }
        guard status == 0 else { throw .unreadable(path: path, reason: pngReason(status)) }
        let width = Int(header.width), height = Int(header.height)
        try ImageLimits.check(width: width, height: height, path: path)
        var length = 0
        status = spng_decoded_image_size(ctx, Int32(SPNG_FMT_RGBA8.rawValue), &length)
        guard status == 0, length == width * height * 4 else {
            throw .unreadable(path: path, reason: status == 0 ? "unexpected decoded size" : pngReason(status))
        }
        refill(width: width, height: height) { buffer in
            status = spng_decode_image(ctx, buffer.baseAddress, length, Int32(SPNG_FMT_RGBA8.rawValue),
                                       Int32(SPNG_DECODE_TRNS.rawValue))
        }
        guard status == 0 else { throw .unreadable(path: path, reason: pngReason(status)) }
    }

    /// Decodes a PNG held in memory; see `decodePNG(_:path:)`.
    public static func decodePNG(_ data: some ContiguousBytes, path: String) throws(ImageError) -> Bitmap {
        let result = data.withUnsafeBytes { bytes in Result { () throws(ImageError) in try decodePNG(bytes, path: path) } }
        return try result.get()
    }

    /// Reads and decodes a PNG file with libspng.
    public static func readPNG(path: String) throws(ImageError) -> Bitmap {
        try decodePNG(ImageFile.read(path: path), path: path)
    }

    /// The image as a PNG file, written by a new `PNGEncoder` (8-bit RGB when every pixel is opaque, else RGBA;
    /// no row filters). The same pixels always give the same bytes.
    public func pngData() throws(ImageError) -> Data {
        try PNGEncoder().encode(self)
    }

    /// Writes the image as a PNG file (`pngData()`), replacing a file at `path` only once every byte is
    /// written: the bytes go to a hidden file beside it, renamed into place.
    public func writePNG(path: String) throws(ImageError) {
        try ImageFile.write(pngData(), to: path)
    }
}

/// libspng's words for a status.
func pngReason(_ status: Int32) -> String {
    String(cString: spng_strerror(status))
}

/// Whole files, read and written with the errors `ImageError` names.
public enum ImageFile {
    /// The largest file read as an image: a PNG within `ImageLimits.maximumPixels` is far smaller.
    public static let maximumBytes = 1 << 30

    /// The whole file at `path`: a regular file of at most `maximumBytes` (`RegularFile.read`).
    public static func read(path: String) throws(ImageError) -> [UInt8] {
        do {
            return try RegularFile.read(path: path, limit: maximumBytes, what: "an image file")
        } catch {
            throw ImageError(error)
        }
    }

    /// Writes `data` to `path` through `AtomicFile` (`LinkPolicy.replace`): a hidden file beside it
    /// (`.NAME.flick-PID-N.partial`), renamed into place once complete; nothing is left behind when writing fails
    /// (a full disk, a folder that cannot be written), and a link at `path` is replaced, not written through.
    public static func write(_ data: Data, to path: String) throws(ImageError) {
        do {
            try AtomicFile.write(data, to: path, links: .replace)
        } catch let error as FileWriteError {
            throw .cannotWrite(path: path, reason: error.reason)
        } catch {
            throw .cannotWrite(path: path, reason: "\(error)")
        }
    }
}
