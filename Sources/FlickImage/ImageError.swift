/// Why an image could not be read, made, compared or written; each message names the file and the problem.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case notFound(path: String)
    /// The file exists but could not be read or decoded (permission, a truncated PNG, …).
    case unreadable(path: String, reason: String)
    /// The file does not start with the PNG signature.
    case notPNG(path: String)
    /// librsvg could not parse or draw the SVG file.
    case invalidSVG(path: String, reason: String)
    /// The image is larger than `ImageLimits` allows; found from its header, before any pixel is allocated.
    case tooLarge(path: String, width: Int, height: Int)
    /// The two images do not have the same size in pixels.
    case sizeMismatch(expectedWidth: Int, expectedHeight: Int, actualWidth: Int, actualHeight: Int)
    /// A file could not be written.
    case cannotWrite(path: String, reason: String)
    /// The image could not be encoded as PNG (libdeflate's, igzip's or libspng's reason).
    case cannotEncode(reason: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            "\(path): no such file"
        case .unreadable(let path, let reason):
            "\(path): cannot read: \(reason)"
        case .notPNG(let path):
            "\(path): not a PNG file (it does not start with the PNG signature)"
        case .invalidSVG(let path, let reason):
            "\(path): not a valid SVG file: \(reason)"
        case let .tooLarge(path, width, height):
            "\(path): \(ImageLimits.describe(width: width, height: height))"
        case let .sizeMismatch(ew, eh, aw, ah):
            "size mismatch: expected \(ew)×\(eh) pixels, actual \(aw)×\(ah) pixels"
        case .cannotWrite(let path, let reason):
            "\(path): cannot write: \(reason)"
        case .cannotEncode(let reason):
            "cannot encode a PNG: \(reason)"
        }
    }
}

extension ImageError {
    /// A file `RegularFile` did not read, in `ImageError`'s words (`notFound`, or `unreadable` with the reason).
    public init(_ error: RegularFileError) {
        self = error.reason.map { .unreadable(path: error.path, reason: $0) } ?? .notFound(path: error.path)
    }
}
