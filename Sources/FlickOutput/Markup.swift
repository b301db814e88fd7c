/// The one markup escaper: text made safe inside HTML, SVG and XML, for the review and sweep pages, the plots and
/// traces drawn as SVG, and the JUnit report. Every module that writes markup depends on FlickOutput, so it lives here.
package enum Markup {
    /// Which characters beyond `&`, `<` and `>` become references.
    package enum Flavor: Sendable {
        /// `&`, `<`, `>`: SVG element text (the plots' titles and labels).
        case text
        /// `&`, `<`, `>`, `"`: HTML content and attribute values (the pages).
        case html
        /// `&`, `<`, `>`, `"`, `'`, a tab and a carriage return (and, in an attribute, a line feed) as references,
        /// and the characters XML 1.0 forbids dropped: a JUnit report's attributes and elements.
        case xml(attribute: Bool)
    }

    /// `text` escaped for `flavor`.
    package static func escape(_ text: String, _ flavor: Flavor = .html) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var quotes = false, xml = false, attribute = false
        switch flavor {
        case .text: break
        case .html: quotes = true
        case .xml(let inAttribute): quotes = true; xml = true; attribute = inAttribute
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where xml: out += "&apos;"
            case "\n" where xml: out += attribute ? "&#10;" : "\n"
            case "\t" where xml: out += "&#9;"
            case "\r" where xml: out += "&#13;"
            default:
                if xml {
                    let v = scalar.value
                    guard (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v) else { continue }
                }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
