import Foundation

/// The bounds on the work one SVG document may ask of librsvg, checked on its text before it is parsed: the same
/// rule for tab icons and for pictures (thumbnails, `image:` backgrounds, pages and sheets), with a larger reference
/// allowance for a picture.
///
/// librsvg draws a `<use>` element, and a pattern, filter, mask or clip named by `url(…)`, by drawing the content it
/// references again, and that content may hold more references: the copies grow as a power of their number (ten
/// levels of four `<use>` made a 1.1 KB file cost seconds a frame; three levels of a hundred pattern fills, 1.6 s).
/// A marker repeats its content on every vertex of a path, and that content may have markers of its own (two levels
/// of a hundred vertices took 1.5 s), so its work grows with the vertices, not with any count of references.
public enum SVGBounds {
    /// The most references a tab icon may hold: with at most 16 the copies of any element stay below a few hundred,
    /// whatever their nesting (the most is 324: 4 levels of 3 and one of 4).
    public static let maximumIconReferences = 16
    /// The most references a picture may hold: a few more than an icon's, for the gradients and clips of an
    /// illustration, while the copies of any one element stay below about 1500 however they nest (the most is two
    /// fills of 6 levels of 3 patterns, 1458). Measured on a full-screen background (390 × 844 points at scale 2):
    /// that document adds 0.4 s a frame, the worst of 16 references nothing measurable, and the worst of 24 (6561
    /// copies) 1.8 s, so each further reference multiplies the cost.
    public static let maximumPictureReferences = 20
    /// The properties that put markers on a path's vertices (the attributes, and the `marker` shorthand in CSS).
    /// An SVG Flick draws may have none.
    public static let markerProperties = ["marker-start", "marker-mid", "marker-end", "marker:"]

    /// Why the SVG document `bytes` (read from `path`, named in the message) asks too much of librsvg, or nil: more
    /// than `maximumReferences` references to other elements (`<use>` elements, with or without a namespace
    /// prefix, and `url(…)`), or any marker. `noun` names what the file is in the message ("an icon", "a picture").
    /// The count is of the text, ignoring ASCII case as CSS does, so it errs towards refusing: a reference in a
    /// comment counts too. It reads the bytes in place, allocating nothing however large the file.
    public static func problem<Bytes: RandomAccessCollection>(_ bytes: Bytes, path: String, maximumReferences: Int, noun: String) -> String?
        where Bytes.Element == UInt8 {
        func count(_ word: String) -> Int { occurrences(of: Array(word.utf8), in: bytes) }
        let references = count("<use") + count(":use") + count("url(")
        guard references <= maximumReferences else {
            return "\(path) has \(references) references to other elements (<use> elements and url(…) patterns, filters, masks, clips or gradients); "
                + "\(noun) may have at most \(maximumReferences) (each may repeat others, and the copies grow as a power)"
        }
        if let marker = markerProperties.first(where: { count($0) > 0 }) {
            return "\(path) puts markers on paths (\(marker.trimmingCharacters(in: CharacterSet(charactersIn: ":")))); \(noun) may have none "
                + "(each vertex repeats a marker's content, which may hold more markers)"
        }
        return nil
    }

    /// How many times `word` (lower-case ASCII) occurs in `bytes`, ignoring ASCII case.
    static func occurrences<Bytes: RandomAccessCollection>(of word: [UInt8], in bytes: Bytes) -> Int where Bytes.Element == UInt8 {
        guard let first = word.first, bytes.count >= word.count else { return 0 }
        /// Upper-case ASCII letters differ from lower-case ones by this bit alone (ASCII table).
        let caseBit: UInt8 = 0x20
        func lowered(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | caseBit : byte }
        var found = 0
        var start = bytes.startIndex
        let last = bytes.index(bytes.endIndex, offsetBy: -word.count)
        while start <= last {
            if lowered(bytes[start]) == first {
                var index = bytes.index(after: start), matched = true
                for expected in word.dropFirst() {
                    if lowered(bytes[index]) != expected { matched = false; break }
                    index = bytes.index(after: index)
                }
                if matched { found += 1 }
            }
            start = bytes.index(after: start)
        }
        return found
    }
}
