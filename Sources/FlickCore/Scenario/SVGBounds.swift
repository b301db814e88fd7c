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
        let decoded: [UInt8]
        switch decode(bytes) {
        case .failure(let why): return "\(path) \(why); \(noun) must be UTF-8 SVG text without entities (docs/scenario-format.md, \"Limits\")"
        case .success(let text): decoded = text
        }
        if let element = forbiddenElement(in: decoded) {
            return "\(path) has a <\(element)> element; \(noun) may have no filters (<filter>, <fe…>) or embedded images (<image>): librsvg's work on them has no bound"
        }
        if occurrences(of: Array("data:".utf8), in: decoded) > 0 {
            return "\(path) has a data: URI; \(noun) may embed no other document or image: librsvg's work on them has no bound"
        }
        func count(_ word: String) -> Int { occurrences(of: Array(word.utf8), in: decoded) }
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

    /// The text as librsvg would read it, lower-cased ASCII, with XML character references (`&#x72;`, `&#114;`) and
    /// CSS escapes (`\\72 `, `\\r`) decoded, so that `u\\72l(` is counted as the `url(` librsvg reads; a code point
    /// beyond ASCII becomes 0x80. Refused, with why: text that is not UTF-8 (a byte-order mark of UTF-16 or UTF-32,
    /// a NUL byte, an `encoding` other than UTF-8 in the XML declaration: libxml2 would decode it into other
    /// text) and entity declarations (`<!ENTITY`, whose expansion the text does not show).
    static func decode<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> Result<[UInt8], DecodeProblem> where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(4))
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0, 0, 0xFE, 0xFF]) {
            return .failure(DecodeProblem("is UTF-16 or UTF-32 text (a byte-order mark)"))
        }
        if bytes.contains(0) { return .failure(DecodeProblem("holds a NUL byte (UTF-16 or UTF-32 text?)")) }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var iterator = Array(bytes)[...]
        func isHex(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x61...0x66).contains(b | 0x20) }
        func emit(_ scalar: UInt32) {
            if scalar < 0x80 {
                let b = UInt8(scalar)
                text.append((0x41...0x5A).contains(b) ? b | 0x20 : b)
            } else {
                text.append(0x80)
            }
        }
        while let byte = iterator.first {
            iterator = iterator.dropFirst()
            if byte == UInt8(ascii: "&"), iterator.first == UInt8(ascii: "#") {
                // &#114; or &#x72;
                var rest = iterator.dropFirst()
                let hex = rest.first.map { $0 | 0x20 } == UInt8(ascii: "x")
                if hex { rest = rest.dropFirst() }
                let digits = rest.prefix { hex ? isHex($0) : (0x30...0x39).contains($0) }.prefix(8)
                if !digits.isEmpty, let value = UInt32(String(decoding: digits, as: UTF8.self), radix: hex ? 16 : 10) {
                    rest = rest.dropFirst(digits.count)
                    if rest.first == UInt8(ascii: ";") { rest = rest.dropFirst() }
                    iterator = rest
                    emit(value)
                    continue
                }
            } else if byte == UInt8(ascii: "\\"), let next = iterator.first {
                // CSS: up to six hex digits and one white space, or the next character itself.
                let digits = iterator.prefix { isHex($0) }.prefix(6)
                if !digits.isEmpty, let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) {
                    iterator = iterator.dropFirst(digits.count)
                    if let space = iterator.first, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(space) { iterator = iterator.dropFirst() }
                    emit(value)
                } else {
                    iterator = iterator.dropFirst()
                    emit(UInt32(next))
                }
                continue
            }
            text.append(byte >= 0x80 ? byte : ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte))
        }
        if occurrences(of: Array("<!entity".utf8), in: text) > 0 {
            return .failure(DecodeProblem("declares entities (<!ENTITY)"))
        }
        if let declaration = text.firstRange(of: Array("encoding".utf8)), declaration.lowerBound < 200 {
            let after = text[declaration.upperBound...].drop { $0 == 0x20 || $0 == UInt8(ascii: "=") }
            if let quote = after.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                let name = String(decoding: after.dropFirst().prefix { $0 != quote }, as: UTF8.self)
                if !["utf-8", "utf8", "us-ascii", "ascii"].contains(name) {
                    return .failure(DecodeProblem("declares the encoding \(name.prefix(20)), not UTF-8"))
                }
            }
        }
        return .success(text)
    }

    /// Why an SVG's text cannot be read as librsvg would read it.
    struct DecodeProblem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The first element of decoded text (`decode`) that is a filter (`filter`, `fe…`) or an embedded image
    /// (`image`), with or without a namespace prefix (`svg:feImage`); nil when there is none.
    static func forbiddenElement(in text: [UInt8]) -> String? {
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: UInt8(ascii: "<")) {
            let nameBytes = text[(open + 1)...].prefix { b in
                (0x61...0x7A).contains(b) || (0x30...0x39).contains(b) || b == UInt8(ascii: ":") || b == UInt8(ascii: "-")
                    || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
            }
            let name = String(decoding: nameBytes, as: UTF8.self)
            let local = name.split(separator: ":").last.map(String.init) ?? name
            if local == "filter" || local == "image" || (local.hasPrefix("fe") && local.count > 2) { return local }
            index = open + 1
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
