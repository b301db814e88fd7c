import Foundation

/// Numbers as text: the one formatter behind the state documents (JSON and CSV), messages, explanations, tables,
/// plots, overlays and `flick diff`'s ratios. Three forms, each keeping the rounding its callers have always had,
/// so that no output changes by a byte.
public enum NumberText {
    /// How `short` rounds to its decimals.
    public enum Rounding: Sendable {
        /// Swift's `rounded()` of `x · 10^digits` (ties away from zero), then printed: the state documents and
        /// explanations.
        case halfAwayFromZero
        /// C's `%.Nf` rounding of the binary value, with no rounding before: messages about scenario values.
        case printf
    }

    /// `x` with exactly `digits` decimals, as C's `%.Nf` writes it ("12.50"); a negative zero ("-0.00") stays
    /// unless `negativeZero` is false. With `width`, spaces before it make it that many characters at least, as
    /// `%W.Nf` does ("    1.25").
    public static func fixed(_ x: Double, digits: Int, negativeZero: Bool = true, width: Int = 0) -> String {
        var text = String(format: "%.\(digits)f", x)
        if !negativeZero, text.hasPrefix("-"), Double(text) == 0 { text.removeFirst() }
        return text.count < width ? String(repeating: " ", count: width - text.count) + text : text
    }

    /// The integer `n` in decimal with zeros before it to `width` digits at least, as C's `%0Wd` writes it
    /// ("00042", "-0042").
    public static func padded(_ n: Int, width: Int) -> String {
        let digits = String(n.magnitude)
        let sign = n < 0 ? "-" : ""
        let zeros = max(0, width - sign.count - digits.count)
        return sign + String(repeating: "0", count: zeros) + digits
    }

    /// `x` with at most `digits` decimals: rounded as `rounding` says, then without trailing zeros, a bare
    /// point or a negative zero ("12.5", "3", "0").
    public static func short(_ x: Double, digits: Int, rounding: Rounding = .halfAwayFromZero) -> String {
        let value: Double
        switch rounding {
        case .halfAwayFromZero:
            let scale = pow(10, Double(digits))
            value = (x * scale).rounded() / scale
        case .printf:
            value = x
        }
        var text = fixed(value, digits: digits)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `x` with `digits` significant digits, as C's `%.Ng` writes it ("0.0034", "12.5", "1.23e+07").
    public static func significant(_ x: Double, digits: Int) -> String {
        String(format: "%.\(digits)g", x)
    }
}
