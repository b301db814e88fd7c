/// A raster image that owns its pixels: `width × height` straight (not premultiplied) RGBA8 pixels, row by
/// row, without padding — the layout of a decoded PNG and of pixelmatch's input.
///
/// Flick's one pixel buffer: the renderer copies its Cairo drawing into one (`ImageSurface.bitmap()`) when it
/// needs pixels, PNG files decode into one (libspng) and are encoded from one (`PNGEncoder`), and FlickDiff
/// compares two of them. Rendered frames go from Cairo to `PNGEncoder` without one, with the same pixels.
public struct Bitmap: Equatable, Sendable {
    /// Width in pixels.
    public private(set) var width: Int
    /// Height in pixels.
    public private(set) var height: Int
    /// One word per pixel, row by row; each word's four bytes in memory are red, green, blue, alpha
    /// (`RGBA.word`), so the buffer's bytes are RGBA8 in PNG's order.
    package var words: [UInt32]

    /// An image of one colour (transparent unless `color` is given). The size must be allowed by
    /// `ImageLimits`; callers making an image from input check it first (`ImageLimits.check`).
    public init(width: Int, height: Int, color: RGBA = .clear) {
        precondition(width >= 0 && height >= 0, "a bitmap's size must not be negative")
        self.width = width
        self.height = height
        words = Array(repeating: color.word, count: width * height)
    }

    /// An image from RGBA8 bytes, `width × height × 4` of them, row by row.
    public init(width: Int, height: Int, rgba bytes: [UInt8]) {
        precondition(width >= 0 && height >= 0, "a bitmap's size must not be negative")
        precondition(bytes.count == width * height * 4, "expected \(width * height * 4) bytes, got \(bytes.count)")
        self.width = width
        self.height = height
        words = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
            count = width * height
        }
    }

    /// An image whose words are written by `fill`, which gets an uninitialised buffer of `width × height` words.
    package init(width: Int, height: Int, filling fill: (UnsafeMutableBufferPointer<UInt32>) throws -> Void) rethrows {
        self.width = width
        self.height = height
        words = try [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            try fill(buffer)
            count = width * height
        }
    }

    /// Gives this image the size `width × height` and lets `fill` write every word, in the same storage when
    /// it is not shared and has room (so a thread decoding frame after frame allocates only once).
    package mutating func refill(width: Int, height: Int, _ fill: (UnsafeMutableBufferPointer<UInt32>) -> Void) {
        let count = width * height
        if words.count != count {
            if words.capacity >= count {
                words.removeAll(keepingCapacity: true)
                words.append(contentsOf: repeatElement(0, count: count))
            } else {
                self = Bitmap(width: width, height: height, filling: fill)
                return
            }
        }
        self.width = width
        self.height = height
        words.withUnsafeMutableBufferPointer { fill($0) }
    }

    /// The image's size as `width×height`, the way messages print it.
    public var sizeDescription: String { "\(width)×\(height)" }

    /// All pixels of the image.
    public var pixelCount: Int { width * height }

    /// The pixels as RGBA8 bytes, row by row.
    public var rgbaBytes: [UInt8] { words.withUnsafeBytes { Array($0) } }

    /// Whether every pixel is opaque.
    public var isOpaque: Bool {
        let alpha = RGBA(0, 0, 0, 255).word
        return words.withUnsafeBufferPointer { buffer in
            for word in buffer where word & alpha != alpha { return false }
            return true
        }
    }

    /// The colour of the pixel at column `x`, row `y` (origin top-left).
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(sizeDescription)")
            return RGBA(word: words[y * width + x])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(sizeDescription)")
            words[y * width + x] = newValue.word
        }
    }

    /// Calls `body` with the pixels as RGBA8 bytes, row by row.
    public func withUnsafeRGBABytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try words.withUnsafeBytes(body)
    }
}
