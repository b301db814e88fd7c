import Foundation

/// Renumbers the ids in a Cairo SVG document in order of first appearance.
///
/// Cairo names elements with counters that live for the whole process (`surface37`, `glyph2-5`,
/// `clip12`), so the same drawing made after other drawings, or on another thread, gets other ids.
/// Renaming each id to its prefix and the order in which it first appears (`surface1`, `glyph1`,
/// `clip1`, ...) makes equal drawings equal bytes.
enum SVGIdentifiers {
    private static let definition = Array("id=\"".utf8)
    private static let hrefReference = Array("href=\"#".utf8)
    private static let urlReference = Array("url(#".utf8)

    static func normalized(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        // Pass 1: every id the document defines.
        var defined = Set<ArraySlice<UInt8>>()
        forEachToken(in: bytes) { range, isDefinition in
            if isDefinition { defined.insert(bytes[range]) }
        }
        // Pass 2: rename defined ids wherever they are defined or referred to, numbering in order of first sight.
        var names: [ArraySlice<UInt8>: [UInt8]] = [:]
        var counters: [ArraySlice<UInt8>: Int] = [:]
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        forEachToken(in: bytes) { range, _ in
            let id = bytes[range]
            guard defined.contains(id) else { return }
            let name: [UInt8]
            if let known = names[id] {
                name = known
            } else {
                let prefix = id.prefix { !(48...57).contains($0) && $0 != 45 } // letters before the first digit or '-'
                let n = (counters[prefix] ?? 0) + 1
                counters[prefix] = n
                name = Array(prefix) + Array(String(n).utf8)
                names[id] = name
            }
            output.append(contentsOf: bytes[copied..<range.lowerBound])
            output.append(contentsOf: name)
            copied = range.upperBound
        }
        output.append(contentsOf: bytes[copied...])
        return Data(output)
    }

    /// Calls `body` with the range of every id in `id="…"`, `href="#…"` and `url(#…)`, in document order.
    private static func forEachToken(in bytes: [UInt8], _ body: (Range<Int>, _ isDefinition: Bool) -> Void) {
        var i = 0
        let n = bytes.count
        func matches(_ pattern: [UInt8], at i: Int) -> Bool {
            guard i + pattern.count <= n else { return false }
            for k in 0..<pattern.count where bytes[i + k] != pattern[k] { return false }
            return true
        }
        while i < n {
            let byte = bytes[i]
            var start = -1
            var isDefinition = false
            if byte == UInt8(ascii: "i"), matches(definition, at: i) {
                start = i + definition.count
                isDefinition = true
            } else if byte == UInt8(ascii: "h"), matches(hrefReference, at: i) {
                start = i + hrefReference.count
            } else if byte == UInt8(ascii: "u"), matches(urlReference, at: i) {
                start = i + urlReference.count
            }
            guard start >= 0 else { i += 1; continue }
            // A definition must not be the tail of another attribute name (`glyph-id="`).
            if isDefinition, i > 0, bytes[i - 1] != UInt8(ascii: " ") && bytes[i - 1] != UInt8(ascii: "\n")
                && bytes[i - 1] != UInt8(ascii: "\t") {
                i = start
                continue
            }
            var end = start
            while end < n, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: ")") { end += 1 }
            if end > start { body(start..<end, isDefinition) }
            i = end
        }
    }
}
