import FlickImage
import FlickRender
import Foundation

/// An animated PNG that alternates between images of the same size (a golden and this run's frame), so the eye
/// catches what moved: the preview a failing golden leaves beside its expected, actual and diff images.
public enum FlipBook {
    /// How long each image shows, in seconds: long enough to read, short enough to see the jump.
    public static let imageDuration = 0.6

    /// Writes `images` (at least one, all the size of the first) as an endlessly looping APNG at `path`.
    public static func write(_ images: [Bitmap], to path: String) throws {
        guard let first = images.first else { throw ReviewError("\(path): a flip book needs at least one image") }
        for image in images where image.width != first.width || image.height != first.height {
            throw ReviewError("\(path): images of \(first.width)×\(first.height) and \(image.width)×\(image.height) px cannot alternate")
        }
        let writer = try APNGWriter(path: path, canvas: RunCanvas(pixelWidth: first.width, pixelHeight: first.height),
                                    frameCount: images.count, fps: 1 / imageDuration)
        for image in images {
            try writer.add(image: try ImageSurface(image), png: nil, repeatsPrevious: false)
        }
        try writer.finish()
    }

    /// The bytes `write` would write: made in a private temporary folder (`mkdtemp`), read back and removed, for
    /// a caller that writes them relative to a folder's descriptor.
    public static func data(_ images: [Bitmap]) throws -> Data {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("flick-flip-XXXXXX").utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!).map { String(cString: $0) } }) else {
            throw ReviewError("cannot make a private folder for a flip book in \(NSTemporaryDirectory())")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = (folder as NSString).appendingPathComponent("flip.png")
        try write(images, to: path)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }
}
