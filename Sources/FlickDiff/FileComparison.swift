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
    public init(expected: String, actual: String, options: DiffOptions = DiffOptions(), svgScale: Double = 1,
                drawingDiff: Bool = false) throws(ImageError) {
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
        let expectedImage = try Bitmap.decode(expectedBytes, path: expected, svgScale: svgScale)
        let actualImage = try Bitmap.decode(actualBytes, path: actual, svgScale: svgScale)
        let decoded = clock.now
        comparison = try ImageComparison(expected: expectedImage, actual: actualImage, options: options, drawingDiff: drawingDiff)
        self.expected = expectedImage
        self.actual = actualImage
        decodeTime = decoded - start
        compareTime = clock.now - decoded
    }
}

/// Whether two byte arrays are equal, compared with one `memcmp`.
private func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.count == b.count && a.withUnsafeBytes { a in
        b.withUnsafeBytes { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
    }
}
