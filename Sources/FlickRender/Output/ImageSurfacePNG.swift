import FlickImage
import Foundation

/// Rendered frames as PNG: Cairo's premultiplied pixels go straight into the encoder's rows, with no
/// `Bitmap` in between (the bytes and pixels are those of `image.bitmap().pngData()`).
extension PNGEncoder {
    /// The PNG file of `image`.
    public func encode(_ image: ImageSurface) throws -> Data {
        do {
            return try image.withPixels { words in
                try encode(premultipliedARGB: UnsafeRawPointer(words.baseAddress!), width: image.pixelWidth,
                           height: image.pixelHeight, bytesPerRow: image.stride)
            }
        } catch {
            throw RenderError("\(deflate): \(error)")
        }
    }
}
