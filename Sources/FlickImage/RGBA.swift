/// A colour with straight (not premultiplied) 8-bit red, green, blue and alpha: one pixel of a `Bitmap`.
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

    /// `#rrggbb` or `#rrggbbaa` (the `#` is optional); nil when it is not one.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        let word = digits.count == 6 ? value << 8 | 0xFF : value
        self.init(UInt8(word >> 24), UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF))
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

    /// The largest difference of any channel, alpha included.
    public func distance(to other: RGBA) -> Int {
        max(abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)), abs(Int(blue) - Int(other.blue)),
            abs(Int(alpha) - Int(other.alpha)))
    }

    /// The colour as a bitmap word: its four bytes in memory are red, green, blue, alpha.
    @inlinable
    package var word: UInt32 {
        UInt32(littleEndian: UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24)
    }

    /// The colour of a bitmap word.
    @inlinable
    package init(word: UInt32) {
        let value = UInt32(littleEndian: word)
        self.init(UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
                  UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24))
    }
}
