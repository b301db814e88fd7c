import FlickImage
import FlickOutput
import Foundation

extension OutputFolder {
    /// Writes `image` as the PNG file `name` of the output. A failure must abandon the whole output, so
    /// that no image is reported written that was not completely written.
    public func write(_ image: Bitmap, named name: String) throws(ImageError) {
        let path: String
        do {
            path = try reservePath(name)
        } catch {
            throw .cannotWrite(path: destination.appendingPathComponent(name).path, reason: "\(error)")
        }
        do {
            try image.writePNG(path: path)
        } catch .cannotWrite(_, let reason) {
            throw .cannotWrite(path: destination.appendingPathComponent(name).path, reason: reason)
        }
    }
}
