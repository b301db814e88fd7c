import FlickOutput
import Foundation
import Testing

/// The one number formatter: each form keeps the rounding its callers had before they shared it.
@Suite("Numbers as text: fixed, short and significant")
struct NumberTextTests {
    @Test("fixed writes exactly the decimals asked for, as %.Nf, and can drop a negative zero")
    func fixed() {
        #expect(NumberText.fixed(12.5, digits: 2) == "12.50")
        #expect(NumberText.fixed(2.5, digits: 0) == "2")
        #expect(NumberText.fixed(-0.0001, digits: 2) == "-0.00")
        #expect(NumberText.fixed(-0.0001, digits: 2, negativeZero: false) == "0.00")
        #expect(NumberText.fixed(-0.5, digits: 2, negativeZero: false) == "-0.50")
        // A width pads with spaces before, as %8.2f does (`flick bench`'s table).
        #expect(NumberText.fixed(1.234, digits: 2, width: 8) == "    1.23")
        #expect(NumberText.fixed(123456789, digits: 0, width: 8) == "123456789")
        #expect(NumberText.fixed(-2.5, digits: 1, width: 6) == String(format: "%6.1f", -2.5))
    }

    @Test("padded writes an integer with zeros before it, as %05d does (frame file names)")
    func padded() {
        #expect(NumberText.padded(42, width: 5) == "00042")
        #expect(NumberText.padded(123456, width: 5) == "123456")
        #expect(NumberText.padded(0, width: 5) == "00000")
        for n in [-42, -99999, 7, Int(Int32.max)] {
            #expect(NumberText.padded(n, width: 5) == String(format: "%05d", n))
        }
    }

    @Test("short drops trailing zeros, a bare point and a negative zero")
    func short() {
        #expect(NumberText.short(12.5, digits: 6) == "12.5")
        #expect(NumberText.short(3, digits: 1) == "3")
        #expect(NumberText.short(-3, digits: 1) == "-3")
        #expect(NumberText.short(-0.00000001, digits: 6) == "0")
        #expect(NumberText.short(1e15, digits: 6) == "1000000000000000")
        #expect(NumberText.short(0.1234567, digits: 6) == "0.123457")
        // No decimals: nothing is trimmed from a whole number.
        #expect(NumberText.short(120, digits: 0) == "120")
    }

    @Test("short rounds ties away from zero before printing, or leaves the rounding to %.Nf")
    func rounding() {
        // 0.125 is exact in binary: Swift's rounded() goes away from zero, %.2f to even.
        #expect(NumberText.short(0.125, digits: 2) == "0.13")
        #expect(NumberText.short(0.125, digits: 2, rounding: .printf) == "0.12")
        #expect(NumberText.short(-0.125, digits: 2) == "-0.13")
        #expect(NumberText.short(2.5, digits: 0) == "3")
        #expect(NumberText.short(2.5, digits: 0, rounding: .printf) == "2")
    }

    @Test("significant writes %.Ng")
    func significant() {
        #expect(NumberText.significant(0.0034123, digits: 2) == "0.0034")
        #expect(NumberText.significant(12.5, digits: 3) == "12.5")
        #expect(NumberText.significant(12345678, digits: 6) == "1.23457e+07")
    }
}

@Suite("Decimal numbers are written by NumberText alone")
struct NumberTextEverywhereTests {
    /// Sources/, found from this file (Tests/FlickOutputTests/NumberTextTests.swift).
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The conversions of a format literal (`%.3f`, `%05d`, `%08x`), `%%` left out.
    static func conversions(_ literal: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "%[-+ #0]*[0-9]*(\\.[0-9]*)?(hh|h|ll|l|q|L|z|t|j)?[a-zA-Z@%]")
        return pattern.matches(in: literal, range: NSRange(literal.startIndex..., in: literal))
            .map { String(literal[Range($0.range, in: literal)!]) }.filter { $0 != "%%" }
    }

    /// A format that writes hexadecimal only (a token's `%08x`, JSON's `\u%04x` escape): not a decimal number, so
    /// it may stay where it is. Anything else (`%f`, `%g`, `%d`, `%e`, a format not given as a literal) is decimal.
    static func isHexadecimalOnly(_ literal: String?) -> Bool {
        guard let literal else { return false }
        let found = conversions(literal)
        return !found.isEmpty && found.allSatisfy { $0.hasSuffix("x") || $0.hasSuffix("X") }
    }

    /// Every `String(format:` in Sources outside NumberText.swift, with its format literal when it is one.
    static func uses() throws -> [(place: String, literal: String?)] {
        var found: [(String, String?)] = []
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        let call = try NSRegularExpression(pattern: #"String\(format:\s*("((?:[^"\\]|\\.)*)")?"#)
        for file in files.sorted() where (file as NSString).lastPathComponent != "NumberText.swift" {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                for match in call.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    let literal = Range(match.range(at: 2), in: line).map { String(line[$0]) }
                    found.append(("Sources/\(file):\(number + 1)", literal))
                }
            }
        }
        return found
    }

    @Test("the check tells decimal formats from hexadecimal ones")
    func classifier() {
        #expect(Self.isHexadecimalOnly("%08x"))
        #expect(Self.isHexadecimalOnly("\\\\u%04x"))
        #expect(!Self.isHexadecimalOnly("%.3f s"))
        #expect(!Self.isHexadecimalOnly("frame_%05d.png"))
        #expect(!Self.isHexadecimalOnly("%x and %.2f"))
        #expect(!Self.isHexadecimalOnly("%.6g"))
        #expect(!Self.isHexadecimalOnly("100%%"))
        #expect(!Self.isHexadecimalOnly(nil))
    }

    @Test("no decimal String(format:) in Sources outside NumberText; the hexadecimal ones are listed")
    func noDecimalFormatOutsideNumberText() throws {
        #expect(FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent("FlickOutput/NumberText.swift").path))
        let uses = try Self.uses()
        let decimal = uses.filter { !Self.isHexadecimalOnly($0.literal) }.map(\.place)
        #expect(decimal == [], "write decimal numbers with NumberText (Sources/FlickOutput/NumberText.swift)")
        // The hexadecimal formats that stay: the serve token and JSON's control-character escape.
        #expect(uses.filter { Self.isHexadecimalOnly($0.literal) }.map { $0.place.split(separator: ":")[0] }.sorted()
            == ["Sources/FlickCore/State/JSONWriter.swift", "Sources/FlickServe/LiveServer.swift"])
    }
}
