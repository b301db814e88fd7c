import Foundation

/// Text widths for the few layouts the simulation owns (a scrollable tab bar sizes its tabs to their titles), from
/// the advance widths of the font the renderer draws with: DejaVu Sans and DejaVu Sans Bold (their `hmtx` tables,
/// 2048 units per em, for the printable ASCII characters). Beyond ASCII: a letter with a diacritic (é, Ü) is as wide
/// as its base letter, as DejaVu draws it; a combining mark, a joiner or a variation selector adds nothing; a wide
/// character (a CJK ideograph, kana, hangul, a fullwidth form, an emoji: East Asian Width W or F, Unicode UAX #11) is
/// one em, the square every CJK font sets them on; any other counts as an average letter.
///
/// The renderer may shrink a title to fit its tab, never the other way round, so the geometry stays the core's.
public enum TextMetrics {
    static let unitsPerEm = 2048.0
    /// Advances of U+0020 ... U+007E in font units.
    static let regular: [UInt16] = [
        651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690,
        1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087,
        2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612,
        1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024,
        1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253,
        1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716,
    ]
    static let bold: [UInt16] = [
        713, 934, 1067, 1716, 1425, 2052, 1786, 627, 936, 936, 1071, 1716, 778, 850, 778, 748,
        1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 819, 819, 1716, 1716, 1716, 1188,
        2048, 1585, 1561, 1503, 1700, 1399, 1399, 1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741,
        1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483, 1485, 936, 748, 936, 1716, 1024,
        1024, 1382, 1466, 1214, 1466, 1389, 891, 1466, 1458, 702, 702, 1362, 702, 2134, 1458, 1407,
        1466, 1466, 1010, 1219, 979, 1458, 1335, 1892, 1321, 1335, 1192, 1458, 748, 1458, 1716,
    ]
    /// The advance used for characters outside the table: about that of a lower-case letter.
    static let fallbackRegular = 1260.0
    static let fallbackBold = 1400.0
    /// Only this many characters are measured: a longer title is wider than any tab bar anyway.
    public static let maximumMeasuredCharacters = 256

    /// The width in points of `text` set at `size` points.
    public static func width(of text: String, size: Double, bold isBold: Bool = false) -> Double {
        let table = isBold ? bold : regular
        let fallback = isBold ? fallbackBold : fallbackRegular
        var units = 0.0
        for scalar in text.unicodeScalars.prefix(maximumMeasuredCharacters) {
            units += advance(of: scalar, table: table, fallback: fallback)
        }
        return units / unitsPerEm * size
    }

    /// The advance of `scalar` in font units.
    static func advance(of scalar: Unicode.Scalar, table: [UInt16], fallback: Double) -> Double {
        let value = Int(scalar.value)
        if (32...126).contains(value) { return Double(table[value - 32]) }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if isWide(scalar) { return unitsPerEm }
        if let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first, base != scalar,
           (32...126).contains(Int(base.value)) {
            return Double(table[Int(base.value) - 32])
        }
        return fallback
    }

    /// The blocks of East Asian Width W and F (UAX #11, EastAsianWidth.txt), as wcwidth counts two columns.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
        0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        wideRanges.contains { $0.contains(scalar.value) }
    }
}
