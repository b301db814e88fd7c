import Foundation

/// A colour with straight (not premultiplied) alpha, each channel in 0...1.
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// `0xRRGGBB`, opaque.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    /// `0xAARRGGBB`, the way UIKit's colour literals and Android's are often written (0x59000000).
    public init(argb: UInt32) {
        self.init(rgb: argb & 0xFF_FFFF, alpha: Double(argb >> 24) / 255)
    }

    /// `#rrggbb` or `#rrggbbaa` (the `#` is optional); nil when it is not one.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 6 {
            self.init(rgb: value)
        } else {
            self.init(rgb: value >> 8, alpha: Double(value & 0xFF) / 255)
        }
    }

    /// `#RRGGBB` (upper-case digits; alpha left out), as SVG written as text names a colour.
    public var hex: String {
        "#" + [red, green, blue].map { channel in
            let digits = String(Int((min(max(channel, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xFFFFFF)
    public static let clear = Color(rgb: 0, alpha: 0)

    /// The same colour with its alpha multiplied by `factor`.
    public func withAlpha(_ factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// The colour `fraction` of the way from `self` to `other` (0 gives self, 1 gives other).
    public func mixed(with other: Color, _ fraction: Double) -> Color {
        let f = min(max(fraction, 0), 1)
        return Color(red: red + (other.red - red) * f, green: green + (other.green - green) * f,
                     blue: blue + (other.blue - blue) * f, alpha: alpha + (other.alpha - alpha) * f)
    }

    /// Relative luminance (Rec. 709 weights, no gamma): picks dark or light text over this colour.
    public var luminance: Double {
        Color.luminanceWeights.red * red + Color.luminanceWeights.green * green + Color.luminanceWeights.blue * blue
    }

    /// Rec. 709's weights of red, green and blue in relative luminance (`luminance`, `ImageSurface.meanLuminance`).
    static let luminanceWeights = (red: 0.2126, green: 0.7152, blue: 0.0722)
}
