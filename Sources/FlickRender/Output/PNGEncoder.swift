import CFlickSpng
import Foundation

/// Encodes image surfaces as PNG with libspng: zlib level 1, no row filters, RGB when every pixel is opaque.
///
/// Encoding dominates the cost of a frame: Cairo's own writer (libpng's defaults: level 6 and adaptive
/// filtering) takes about 140 ms for a 1170×2532 frame. Level 1 without filters is several times faster
/// for files about twice the size, which is the right trade for image sequences that are reviewed and
/// diffed, not shipped. Not thread-safe: one encoder per thread (it reuses its conversion buffer).
public final class PNGEncoder {
    /// zlib's compression level (1 = fastest).
    public static let compressionLevel: Int32 = 1

    private var scratch: [UInt8] = []

    public init() {}

    /// The PNG file of `image`.
    public func encode(_ image: ImageSurface) throws -> Data {
        let width = image.pixelWidth, height = image.pixelHeight
        let opaque = convert(image)
        let channels = opaque ? 3 : 4
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { throw RenderError("libspng: out of memory") }
        defer { spng_ctx_free(ctx) }
        try check(spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1))
        try check(spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, PNGEncoder.compressionLevel))
        try check(spng_set_option(ctx, SPNG_FILTER_CHOICE, Int32(SPNG_DISABLE_FILTERING.rawValue)))
        var header = spng_ihdr(width: UInt32(width), height: UInt32(height), bit_depth: 8,
                               color_type: UInt8(opaque ? SPNG_COLOR_TYPE_TRUECOLOR.rawValue
                                                        : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue),
                               compression_method: 0, filter_method: 0, interlace_method: 0)
        try check(spng_set_ihdr(ctx, &header))
        try scratch.withUnsafeBytes { pixels in
            try check(spng_encode_image(ctx, pixels.baseAddress, width * height * channels,
                                        Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue)))
        }
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error) else {
            throw RenderError("libspng: " + String(cString: spng_strerror(error)))
        }
        return Data(bytesNoCopy: buffer, count: length, deallocator: .free)
    }

    /// Converts Cairo's premultiplied native-endian ARGB words into straight RGB (or RGBA when some
    /// pixel is not opaque) bytes in `scratch`; returns whether the image is opaque.
    private func convert(_ image: ImageSurface) -> Bool {
        let width = image.pixelWidth, height = image.pixelHeight
        let rowWords = image.stride / 4
        if scratch.count < width * height * 4 { scratch = [UInt8](repeating: 0, count: width * height * 4) }
        return image.withPixels { words -> Bool in
            guard let source = words.baseAddress else { return true }
            return scratch.withUnsafeMutableBufferPointer { buffer -> Bool in
                guard let out = buffer.baseAddress else { return true }
                // The common case, an opaque frame, in one tight pass without bounds checks.
                var o = out
                for y in 0..<height {
                    var p = source + y * rowWords
                    let end = p + width
                    while p < end {
                        let argb = p.pointee
                        if argb < 0xFF00_0000 { return convertWithAlpha(source, rowWords, width, height, out) }
                        o[0] = UInt8(truncatingIfNeeded: argb >> 16)
                        o[1] = UInt8(truncatingIfNeeded: argb >> 8)
                        o[2] = UInt8(truncatingIfNeeded: argb)
                        o += 3
                        p += 1
                    }
                }
                return true
            }
        }
    }

    /// Straight RGBA from premultiplied ARGB; returns false (not opaque).
    private func convertWithAlpha(_ source: UnsafePointer<UInt32>, _ rowWords: Int, _ width: Int, _ height: Int,
                                  _ out: UnsafeMutablePointer<UInt8>) -> Bool {
        var o = out
        for y in 0..<height {
            var p = source + y * rowWords
            for _ in 0..<width {
                let argb = p.pointee
                let a = argb >> 24
                func straight(_ c: UInt32) -> UInt8 {
                    a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
                }
                o[0] = straight((argb >> 16) & 0xFF)
                o[1] = straight((argb >> 8) & 0xFF)
                o[2] = straight(argb & 0xFF)
                o[3] = UInt8(a)
                o += 4
                p += 1
            }
        }
        return false
    }

    private func check(_ status: Int32) throws {
        if status != 0 { throw RenderError("libspng: " + String(cString: spng_strerror(status))) }
    }
}
