import Foundation

/// A TrueType font made for tests, as a CJK-only font is: a solid square for each of a few Japanese characters and
/// no glyph for anything else (no Latin letters, no digits, no space), glyph 0 (.notdef) an empty box. Built here
/// table by table (the OpenType specification's `head`, `hhea`, `maxp`, `hmtx`, `cmap` format 12, `loca`, `glyf`
/// and `name`), since the machine may have no CJK font.
enum TestFont {
    static let characters: [Unicode.Scalar] = ["こ", "ん", "に", "ち", "は", "日", "本"]
    static let unitsPerEm = 1000
    /// The square's advance and its ink, in font units: x 100 ... 900, y -50 ... 750.
    static let advance = 1000
    static let ink = (left: 100, right: 900, bottom: -50, top: 750)

    /// Writes the font to `path`.
    static func write(to path: String) throws {
        try data().write(to: URL(fileURLWithPath: path))
    }

    static func data() -> Data {
        let notdef = glyph(contours: [[(0, 0), (0, 700), (500, 700), (500, 0)], [(50, 50), (450, 50), (450, 650), (50, 650)]])
        let square = glyph(contours: [[(ink.left, ink.bottom), (ink.left, ink.top), (ink.right, ink.top), (ink.right, ink.bottom)]])
        var glyf = Bytes()
        glyf.append(notdef)
        glyf.append(square)
        var loca = Bytes()
        for offset in [0, notdef.count, notdef.count + square.count] { loca.u16(offset / 2) }
        var head = Bytes()
        head.u32(0x0001_0000); head.u32(0x0001_0000); head.u32(0); head.u32(0x5F0F_3CF5)
        head.u16(3); head.u16(unitsPerEm); head.u32(0); head.u32(0); head.u32(0); head.u32(0)
        head.u16(0); head.u16(ink.bottom); head.u16(ink.right); head.u16(ink.top)
        head.u16(0); head.u16(8); head.u16(2); head.u16(0); head.u16(0)
        var hhea = Bytes()
        hhea.u32(0x0001_0000); hhea.u16(800); hhea.u16(-200); hhea.u16(0); hhea.u16(advance)
        hhea.u16(0); hhea.u16(0); hhea.u16(ink.right); hhea.u16(1); hhea.u16(0); hhea.u16(0)
        for _ in 0..<4 { hhea.u16(0) }
        hhea.u16(0); hhea.u16(2)
        var maxp = Bytes()
        maxp.u32(0x0001_0000); maxp.u16(2); maxp.u16(8); maxp.u16(2); maxp.u16(0); maxp.u16(0); maxp.u16(2)
        for _ in 0..<8 { maxp.u16(0) }
        var hmtx = Bytes()
        hmtx.u16(600); hmtx.u16(0); hmtx.u16(advance); hmtx.u16(ink.left)
        var cmap = Bytes()
        let codes = characters.map(\.value).sorted()
        cmap.u16(0); cmap.u16(1); cmap.u16(3); cmap.u16(10); cmap.u32(12)
        cmap.u16(12); cmap.u16(0); cmap.u32(16 + 12 * codes.count); cmap.u32(0); cmap.u32(codes.count)
        for code in codes { cmap.u32(Int(code)); cmap.u32(Int(code)); cmap.u32(1) }
        var name = Bytes()
        let strings = ["Flick Test CJK", "Regular"].map { Array($0.utf16) }
        name.u16(0); name.u16(strings.count); name.u16(6 + 12 * strings.count)
        var stringOffset = 0
        for (id, string) in zip([1, 2], strings) {
            name.u16(3); name.u16(1); name.u16(0x409); name.u16(id); name.u16(string.count * 2); name.u16(stringOffset)
            stringOffset += string.count * 2
        }
        for string in strings { for unit in string { name.u16(Int(unit)) } }
        let tables: [(String, Bytes)] = [("cmap", cmap), ("glyf", glyf), ("head", head), ("hhea", hhea), ("hmtx", hmtx),
                                         ("loca", loca), ("maxp", maxp), ("name", name)]
        var file = Bytes()
        file.u32(0x0001_0000); file.u16(tables.count); file.u16(128); file.u16(3); file.u16(tables.count * 16 - 128)
        var offset = 12 + 16 * tables.count
        for (tag, table) in tables {
            file.bytes += Array(tag.utf8)
            file.u32(0); file.u32(offset); file.u32(table.count)
            offset += (table.count + 3) / 4 * 4
        }
        for (_, table) in tables {
            file.append(table)
            while file.count % 4 != 0 { file.bytes.append(0) }
        }
        return Data(file.bytes)
    }

    /// A simple glyph of straight contours (every point on the curve), its points as absolute coordinates.
    private static func glyph(contours: [[(Int, Int)]]) -> Bytes {
        let points = contours.flatMap { $0 }
        var g = Bytes()
        g.u16(contours.count)
        g.u16(points.map(\.0).min()!); g.u16(points.map(\.1).min()!); g.u16(points.map(\.0).max()!); g.u16(points.map(\.1).max()!)
        var end = -1
        for contour in contours { end += contour.count; g.u16(end) }
        g.u16(0)
        for _ in points { g.bytes.append(0x01) }
        var previous = (0, 0)
        for point in points { g.u16(point.0 - previous.0); previous.0 = point.0 }
        for point in points { g.u16(point.1 - previous.1); previous.1 = point.1 }
        if g.count % 2 != 0 { g.bytes.append(0) }
        return g
    }

    /// Big-endian bytes.
    private struct Bytes {
        var bytes: [UInt8] = []
        var count: Int { bytes.count }
        mutating func u16(_ v: Int) { let v = UInt16(truncatingIfNeeded: v); bytes += [UInt8(v >> 8), UInt8(v & 0xFF)] }
        mutating func u32(_ v: Int) { let v = UInt32(truncatingIfNeeded: v); bytes += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        mutating func append(_ other: Bytes) { bytes += other.bytes }
    }
}
