/// A colour with straight (not premultiplied) 8-bit red, green, blue and alpha.
public struct RGBA: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Red, 0...255.
    public var red: UInt8
    /// Green, 0...255.
    public var green: UInt8
    /// Blue, 0...255.
    public var blue: UInt8
    /// Opacity, 0 (transparent) ...255 (opaque).
    public var alpha: UInt8

    /// A colour from straight components; opaque unless `alpha` is given.
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque red: a differing pixel in a diff image.
    public static let red = RGBA(255, 0, 0)
    /// Opaque yellow: an anti-aliased pixel in a diff image.
    public static let yellow = RGBA(255, 255, 0)
    /// Opaque white.
    public static let white = RGBA(255, 255, 255)
    /// Opaque black.
    public static let black = RGBA(0, 0, 0)
    /// Fully transparent.
    public static let clear = RGBA(0, 0, 0, 0)

    /// `rgba(r, g, b, a)`, as test failures print it.

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }

    /// The colour as one premultiplied ARGB32 word, Cairo's pixel layout.
    var premultiplied: UInt32 {
        func scale(_ c: UInt8) -> UInt32 { (UInt32(c) * UInt32(alpha) + 127) / 255 }
        return UInt32(alpha) << 24 | scale(red) << 16 | scale(green) << 8 | scale(blue)
    }

    /// The colour of one premultiplied ARGB32 word, un-premultiplied (rounded to the nearest value).
    init(premultiplied word: UInt32) {
        let a = UInt32(word >> 24)
        func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
        self.init(straight(word >> 16 & 0xFF), straight(word >> 8 & 0xFF), straight(word & 0xFF), UInt8(a))
    }
}

/// A decoded raster image that owns its pixels: `width × height` premultiplied ARGB32 words, row by row.
///
/// The pixels are kept exactly as Cairo stores them (alpha in the top byte, colour channels already
/// multiplied by alpha), without row padding. Comparison works on these premultiplied values directly:
/// for opaque frames they are the plain colours, and for translucent ones pixelmatch's blend over a
/// background is a subtraction of premultiplied values (see `ImageComparison`), so nothing is lost to
/// un-premultiplying.
public struct Bitmap: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height` premultiplied ARGB32 words (0xAARRGGBB), row-major, no padding.
    public internal(set) var pixels: [UInt32]

    /// An image of one colour.
    public init(width: Int, height: Int, color: RGBA = .clear) {
        precondition(width >= 0 && height >= 0, "Bitmap size must not be negative")
        self.width = width
        self.height = height
        pixels = Array(repeating: color.premultiplied, count: width * height)
    }

    /// An image from premultiplied ARGB32 words, `width × height` of them, row by row.
    public init(width: Int, height: Int, premultipliedPixels: [UInt32]) {
        precondition(premultipliedPixels.count == width * height, "expected \(width * height) pixels, got \(premultipliedPixels.count)")
        self.width = width
        self.height = height
        pixels = premultipliedPixels
    }

    /// The image's size as `width×height`, the way messages print it.
    public var sizeDescription: String { "\(width)×\(height)" }

    /// The straight colour of the pixel at column `x`, row `y` (origin top-left).
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(sizeDescription)")
            return RGBA(premultiplied: pixels[y * width + x])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(sizeDescription)")
            pixels[y * width + x] = newValue.premultiplied
        }
    }
}
