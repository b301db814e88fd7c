import FlickImage
import Foundation

/// Encodes rendered frames as PNG: the surface's pixels become a `Bitmap` (`ImageSurface.bitmap()`), which
/// libspng encodes at zlib level 1 without row filters, RGB when every pixel is opaque
/// (`Bitmap.pngData()`). One encoder per thread.
public final class PNGEncoder {
    /// zlib's compression level (1 = fastest); see `Bitmap.pngCompressionLevel`.
    public static let compressionLevel = Bitmap.pngCompressionLevel

    public init() {}

    /// The PNG file of `image`.
    public func encode(_ image: ImageSurface) throws -> Data {
        do {
            return try image.bitmap().pngData()
        } catch {
            throw RenderError("libspng: \(error)")
        }
    }
}
