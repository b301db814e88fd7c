import Foundation

/// Two image files compared: the comparison, and the decoded images when the files had to be decoded.
public struct FileComparison: Sendable {
    /// The comparison of the two files' pixels.
    public let comparison: ImageComparison
    /// The expected image, decoded; nil when the files were byte-identical and so never decoded.
    public let expected: Bitmap?
    /// The actual image, decoded; nil when the files were byte-identical and so never decoded.
    public let actual: Bitmap?
    /// Time spent reading and decoding both files.
    public let decodeTime: Duration
    /// Time spent comparing the pixels (and drawing the diff image).
    public let compareTime: Duration

    /// Compares the image files at `expected` and `actual` (PNG, or SVG rasterised at `svgScale`).
    ///
    /// Files with the same bytes are equal without being decoded: only their headers are read, for the
    /// size (and checked against `ImageLimits`). Otherwise both are decoded and compared pixel by pixel.
    /// With `drawingDiff`, the comparison of files that differ carries its diff image.
    ///
    /// A thread comparing many pairs passes the same `buffers` each time: the images are decoded into the
    /// storage of the previous pair's once this result is gone, instead of into new memory.
    public init(expected: String, actual: String, options: DiffOptions = DiffOptions(), svgScale: Double = 1,
                drawingDiff: Bool = false, buffers: DecodingBuffers? = nil) throws(ImageError) {
        let clock = ContinuousClock()
        let start = clock.now
        let expectedBytes = try ImageFile.read(path: expected)
        let actualBytes = try ImageFile.read(path: actual)
        if sameBytes(expectedBytes, actualBytes) && Bitmap.isSVG(expected) == Bitmap.isSVG(actual) {
            let size = try Bitmap.size(of: expectedBytes, path: expected, svgScale: svgScale)
            comparison = .identical(width: size.width, height: size.height, options: options)
            self.expected = nil
            self.actual = nil
            decodeTime = clock.now - start
            compareTime = .zero
            return
        }
        var expectedImage = buffers?.take(\.expected) ?? Bitmap(width: 0, height: 0)
        var actualImage = buffers?.take(\.actual) ?? Bitmap(width: 0, height: 0)
        try expectedImage.decode(expectedBytes, path: expected, svgScale: svgScale)
        try actualImage.decode(actualBytes, path: actual, svgScale: svgScale)
        buffers?.expected = expectedImage
        buffers?.actual = actualImage
        let decoded = clock.now
        comparison = try ImageComparison(expected: expectedImage, actual: actualImage, options: options, drawingDiff: drawingDiff)
        self.expected = expectedImage
        self.actual = actualImage
        decodeTime = decoded - start
        compareTime = clock.now - decoded
    }
}

/// Storage for decoding the images of one pair after another on one thread (not thread-safe: one per thread).
public final class DecodingBuffers {
    fileprivate var expected = Bitmap(width: 0, height: 0)
    fileprivate var actual = Bitmap(width: 0, height: 0)

    public init() {}

    /// The bitmap at `key`, leaving an empty one there, so the caller holds the only reference to its storage.
    fileprivate func take(_ key: ReferenceWritableKeyPath<DecodingBuffers, Bitmap>) -> Bitmap {
        defer { self[keyPath: key] = Bitmap(width: 0, height: 0) }
        return self[keyPath: key]
    }
}

/// Whether two byte arrays are equal, compared with one `memcmp`.
private func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.count == b.count && a.withUnsafeBytes { a in
        b.withUnsafeBytes { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
    }
}
