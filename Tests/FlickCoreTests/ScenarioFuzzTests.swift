import Foundation
import Testing
@testable import FlickCore

// The decoder must never crash, hang or allocate without bound, whatever the bytes: every input either
// decodes to a scenario within the limits of docs/scenario-format.md, or fails with diagnostics that name the file.

/// SplitMix64 (Steele, Lea and Flood): a small, fixed-seed generator, so every run mutates the same way.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What one decode did.
struct DecodeOutcome {
    var decoded: Bool
    /// Broken promises: a crash would not get this far, but a wrong error or an out-of-limits scenario does.
    var violations: [String]
}

/// Decodes `data` and checks the result against the decoder's promises.
func decodeAndCheck(_ data: Data, file: String) -> DecodeOutcome {
    var violations: [String] = []
    var decoded = false
    do {
        let scenario = try ScenarioDecoder.decode(data: data, file: file, defaultName: "fuzz")
        decoded = true
        if !(1...240).contains(scenario.fps) { violations.append("fps \(scenario.fps)") }
        if !(scenario.duration > 0 && scenario.duration <= 600) { violations.append("duration \(scenario.duration)") }
        if scenario.frameCount > ScenarioDecoder.maximumFrames { violations.append("\(scenario.frameCount) frames") }
        let v = scenario.viewport
        if !(v.width > 0 && v.height > 0 && v.width * v.height * v.scale * v.scale <= ScenarioDecoder.maximumPixels) {
            violations.append("viewport \(v)")
        }
        for gesture in scenario.gestures where !(gesture.at >= 0 && gesture.at <= scenario.duration) {
            violations.append("gesture at \(gesture.at)")
        }
    } catch {
        if error.diagnostics.isEmpty { violations.append("an error without diagnostics") }
        if error.diagnostics.count > NodeReader.maximumDiagnostics + 1 {
            violations.append("\(error.diagnostics.count) diagnostics")
        }
        for diagnostic in error.diagnostics {
            if diagnostic.file != file || !diagnostic.description.hasPrefix(file) {
                violations.append("a diagnostic that does not name the file: \(diagnostic)")
            }
            if diagnostic.message.isEmpty { violations.append("an empty message: \(diagnostic)") }
            if diagnostic.message.count > 2000 { violations.append("a message of \(diagnostic.message.count) characters") }
            if let line = diagnostic.line, line < 1 { violations.append("line \(line): \(diagnostic)") }
            if let column = diagnostic.column, column < 1 { violations.append("column \(column): \(diagnostic)") }
        }
    }
    return DecodeOutcome(decoded: decoded, violations: violations)
}

@Suite struct ScenarioFuzzTests {
    /// Fragments of YAML and JSON syntax, odd numbers and odd characters, inserted at random.
    static let tokens: [String] = [
        "[", "]", "{", "}", "&a ", "*a", "*b", "&b ", "- ", ": ", ":", ", ", "? ", "?", "!!str ", "!!int ", "!x ",
        "|", "|-\n", ">", "'", "\"", "# ", "\n", "\n  ", "\t", "\r", "\r\n", "---\n", "...\n", "~", "null", "true",
        "yes", ".nan", ".inf", "-.inf", "1e309", "-1e309", "1e-400", "0x1F", "-0", "0.0000001", "1_000",
        "600.0000000001", "240", "241", "1000001", "-1",
        String(repeating: "9", count: 400), "1" + String(repeating: "0", count: 40),
        "0." + String(repeating: "3", count: 500),
        "\u{0}", "\u{7}", "\u{FEFF}", "é", "\u{2028}", "\u{85}", "😀", "%YAML 1.2\n", "%TAG ! tag:x,2000:\n",
        "<<: *a\n", "&b [*a, *a, *a, *a]", "{at: 0, tap: [1, 2]}", "{name: a, fraction: 2}",
        "list: {rows: 1, rowHeight: 1}", "fps: 60\n", "id: list\n", "\"fps\": 1, ",
        String(repeating: "[", count: 70), String(repeating: "{a: ", count: 70), String(repeating: "- ", count: 140),
        String(repeating: " ", count: 300), String(repeating: "x", count: 1100),
    ]

    static func mutate(_ bytes: inout [UInt8], _ rng: inout SplitMix64) {
        func position(_ extra: Int = 0) -> Int { Int.random(in: 0...max(0, bytes.count - extra), using: &rng) }
        func lineRanges() -> [Range<Int>] {
            var ranges: [Range<Int>] = []
            var start = 0
            for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") {
                ranges.append(start..<(i + 1))
                start = i + 1
            }
            if start < bytes.count { ranges.append(start..<bytes.count) }
            return ranges
        }
        switch Int.random(in: 0..<9, using: &rng) {
        case 0 where !bytes.isEmpty: // flip a bit
            let i = Int.random(in: 0..<bytes.count, using: &rng)
            bytes[i] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &rng)
        case 1 where !bytes.isEmpty: // set a byte to anything
            bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
        case 2 where !bytes.isEmpty: // delete a run
            let i = Int.random(in: 0..<bytes.count, using: &rng)
            let n = Int.random(in: 1...min(16, bytes.count - i), using: &rng)
            bytes.removeSubrange(i..<(i + n))
        case 3: // duplicate a line
            let lines = lineRanges()
            guard let line = lines.randomElement(using: &rng) else { return }
            let copy = Array(bytes[line])
            bytes.insert(contentsOf: copy, at: [line.lowerBound, line.upperBound].randomElement(using: &rng)!)
        case 4: // swap or drop a line
            var lines = lineRanges().map { Array(bytes[$0]) }
            guard lines.count > 1 else { return }
            let i = Int.random(in: 0..<lines.count, using: &rng)
            if Bool.random(using: &rng) {
                lines.remove(at: i)
            } else {
                lines.swapAt(i, Int.random(in: 0..<lines.count, using: &rng))
            }
            bytes = lines.flatMap { $0 }
        case 5: // replace a number with another
            let digits = bytes.indices.filter { (48...57).contains(bytes[$0]) }
            guard let i = digits.randomElement(using: &rng) else { return }
            var end = i
            while end < bytes.count, (48...57).contains(bytes[end]) || bytes[end] == UInt8(ascii: ".") { end += 1 }
            let replacement = ["0", "-3", "1e6", "1e309", ".nan", "999999999999", "0.5", "700", "2.5", "\"7\""]
                .randomElement(using: &rng)!
            bytes.replaceSubrange(i..<end, with: Array(replacement.utf8))
        case 6: // truncate
            bytes.removeSubrange(position()..<bytes.count)
        default: // insert a token
            bytes.insert(contentsOf: Array(tokens.randomElement(using: &rng)!.utf8), at: position())
        }
    }

    /// The limit stops a hang (a decode that never ends) from holding CI for its whole time; it is far above the
    /// seconds the decodes take even on a loaded machine, and no speed is asserted.
    @Test(.timeLimit(.minutes(10)))
    func mutatedExamplesNeverCrashOrHang() throws {
        let files = ScenarioFiles.exampleFiles()
        try #require(files.count >= 4)
        var rng = SplitMix64(seed: 0x5EED_F11C_0000_0001)
        let mutantsPerExample = 3200 / files.count
        var decoded = 0, refused = 0
        var violations: [String] = []
        for url in files {
            let original = try Data(contentsOf: url)
            let file = url.lastPathComponent
            for _ in 0..<mutantsPerExample {
                var bytes = [UInt8](original)
                for _ in 0..<Int.random(in: 1...4, using: &rng) { Self.mutate(&bytes, &rng) }
                let outcome = decodeAndCheck(Data(bytes), file: file)
                if outcome.decoded { decoded += 1 } else { refused += 1 }
                violations += outcome.violations.map { "\(file): \($0)" }
            }
        }
        #expect(violations.isEmpty, "\(violations.count) broken promises, first: \(violations.prefix(5))")
        // Both outcomes occur, so the mutations neither always break nor never touch the files.
        #expect(decoded > 100)
        #expect(refused > 1000)
    }

    @Test func unmutatedExamplesPassTheSameChecks() throws {
        for url in ScenarioFiles.exampleFiles() {
            // The whole path: an example may name files beside it (own-content's rows file).
            let outcome = decodeAndCheck(try Data(contentsOf: url), file: url.path)
            #expect(outcome.decoded, "\(url.lastPathComponent)")
            #expect(outcome.violations.isEmpty)
        }
    }

    @Test func randomBytes() {
        var rng = SplitMix64(seed: 42)
        var violations: [String] = []
        for length in [0, 1, 2, 3, 7, 64, 500, 4000] {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
                violations += decodeAndCheck(Data(bytes), file: "random.yaml").violations
                // Printable ASCII gets further into the parser than arbitrary bytes.
                let ascii = (0..<length).map { _ in UInt8.random(in: 9...126, using: &rng) }
                violations += decodeAndCheck(Data(ascii), file: "random.json").violations
            }
        }
        #expect(violations.isEmpty, "\(violations.prefix(5))")
    }
}

// MARK: - Adversarial inputs

@Suite struct ScenarioAdversarialTests {
    /// Decodes text that must be refused; returns its diagnostics. That it ends is shown by what it says: each
    /// adversarial input is refused by the limit it meets (nesting, the values budget, the file size, a complex key),
    /// and the tests check that limit's message. No clock is read: speed belongs in a benchmark.
    func refused(_ text: String, file: String = "evil.yaml", sourceLocation: SourceLocation = #_sourceLocation) -> [ScenarioDiagnostic] {
        let outcome = decodeAndCheck(Data(text.utf8), file: file)
        #expect(outcome.violations.isEmpty, "\(outcome.violations.prefix(3))", sourceLocation: sourceLocation)
        #expect(!outcome.decoded, sourceLocation: sourceLocation)
        return problems(text, file: file, sourceLocation: sourceLocation)
    }

    @Test func hundredThousandNestedBrackets() {
        let flow = refused(String(repeating: "[", count: 100_000))
        expectDiagnostic(flow.first, path: "", line: 1, column: 65, message: "nesting deeper than 64 levels", file: "evil.yaml")
        let json = refused(String(repeating: "{\"a\":", count: 100_000), file: "evil.json")
        expectDiagnostic(json.first, path: "", line: 1, column: 321, message: "nesting deeper than 64 levels", file: "evil.json")
        // An apostrophe in a plain word must not hide the brackets after it from the scan.
        let hidden = refused("title: it's\nx: " + String(repeating: "[", count: 100_000))
        expectDiagnostic(hidden.first, path: "", line: 2, column: 68, message: "nesting deeper than 64 levels", file: "evil.yaml")
    }

    @Test func hundredThousandNestedBlockSequences() {
        let inline = refused(String(repeating: "- ", count: 100_000))
        expectDiagnostic(inline.first, path: "", line: 1, column: 257, message: "nesting deeper than 64 levels", file: "evil.yaml")
        let indented = (0..<5_000).map { String(repeating: " ", count: min($0, 300)) + "-\n" }.joined()
        let found = refused(indented)
        expectDiagnostic(found.first, path: "", line: 257, column: 257, message: "nesting deeper than 64 levels", file: "evil.yaml")
        // Old Mac line breaks are line breaks too.
        let carriageReturns = (0..<1000).map { String(repeating: " ", count: $0) + "- x\r" }.joined()
        #expect(refused(carriageReturns).first?.message == "nesting deeper than 64 levels")
    }

    /// Nine levels of ten: a billion values from a few hundred bytes.
    static func laughs(leaf: String) -> String {
        var text = "l0: &l0 [\(Array(repeating: leaf, count: 10).joined(separator: ", "))]\n"
        for level in 1...8 {
            text += "l\(level): &l\(level) [\(Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", "))]\n"
        }
        return text
    }

    @Test func billionLaughsInValues() {
        // Where the values are read one by one, the walk stops at its budget.
        let text = minimalScenario(Self.laughs(leaf: "[0, 1, 1]") + "gestures:\n  - {at: 0, touches: *l8}\n")
        let found = refused(text)
        #expect(found.count <= NodeReader.maximumDiagnostics + 1)
        #expect(found.contains { $0.message.hasPrefix("the document has more than 2000000 values") } ||
                found.contains { $0.message.contains("expected a sample [t, x, y]") })
        // Pages hold pagers whose pages hold pagers...: each level is read in full.
        var pages = "p0: &p0 {title: x}\n"
        for level in 1...6 {
            pages += "p\(level): &p\(level) {title: x, content: {pager: {pages: [\(Array(repeating: "*p\(level - 1)", count: 10).joined(separator: ", "))]}}}\n"
        }
        let nested = """
            viewport: {width: 390, height: 844}
            duration: 1
            \(pages)scene:
              pager: {pages: [\(Array(repeating: "*p6", count: 10).joined(separator: ", "))]}
            """
        let budget = refused(nested)
        #expect(budget.contains { $0.message.hasPrefix("the document has more than 2000000 values") })
    }

    @Test func billionLaughsAsAKey() {
        // Hashing such a key to look for duplicates would take forever; it is refused before composing.
        let found = refused(Self.laughs(leaf: "x") + "*l8 : 1\n")
        expectDiagnostic(found.first, path: "", line: 10, column: 1,
                         message: "an alias (*l8) cannot be a key: keys are plain names", file: "evil.yaml")
        let inList = refused(Self.laughs(leaf: "x") + "[*l8, *l8]: 1\n")
        expectDiagnostic(inList.first, path: "", line: 10, column: 1,
                         message: "keys must be strings, found a list holding an alias", file: "evil.yaml")
        let nested = refused(Self.laughs(leaf: "x") + "scene: {list: {*l8 : 1}}\n")
        expectDiagnostic(nested.first, path: "scene.list", line: 10, column: 16,
                         message: "an alias (*l8) cannot be a key: keys are plain names", file: "evil.yaml")
    }

    @Test func nestedComplexKeys() {
        // Each level would hash the whole list below it: refused before composing.
        var text = ""
        for level in 0..<200 { text += String(repeating: " ", count: level) + "?\n" }
        text += String(repeating: " ", count: 200) + "[" + Array(repeating: "x", count: 100_000).joined(separator: ",") + "]\n"
        let found = refused(text)
        expectDiagnostic(found.first, path: "", line: 1, column: 1, containing: ["complex key"], file: "evil.yaml")
        let flow = refused(minimalScenario("gestures: [{? [" + Array(repeating: "x", count: 1000).joined(separator: ",") + "]: 1}]\n"))
        expectDiagnostic(flow.first, path: "", line: 5, column: 13, containing: ["complex key"], file: "evil.yaml")
    }

    @Test(arguments: ["1000000000", "1e9", "1073741824", "99999999999999999999999999", "1e300", "-1073741824"])
    func gigabyteOfRows(_ rows: String) {
        let found = refused(minimalScenario().replacingOccurrences(of: "rows: 10", with: "rows: \(rows)"))
        #expect(found.count == 1)
        expectDiagnostic(found.first, path: "scene.list.rows", line: 4, column: 16,
                         message: "expected a whole number in 0...1000000, found \(rows)", file: "evil.yaml")
        let sections = minimalScenario().replacingOccurrences(of: "{rows: 10, rowHeight: 50}",
                                                                with: "{rowHeight: 50, sections: [{title: a, rows: \(rows)}]}")
        expectDiagnostic(refused(sections).first, path: "scene.list.sections[0].rows", line: 4, column: 53,
                         message: "expected a whole number in 0...1000000, found \(rows)", file: "evil.yaml")
    }

    static func touches(_ count: Int) -> String {
        minimalScenario().replacingOccurrences(of: "duration: 2", with: "duration: 600")
            + "gestures:\n  - {at: 0, touches: [" + Array(repeating: "[0,1,1]", count: count).joined(separator: ",") + "]}\n"
    }

    @Test func hugeTouchesArrays() throws {
        // Larger than the file limit: refused before parsing, whatever it holds.
        let oversized = Self.touches(600_000)
        #expect(oversized.utf8.count > ScenarioDecoder.maximumFileSize)
        expectDiagnostic(refused(oversized).first, path: "", line: nil, column: nil,
                         message: "input is \(oversized.utf8.count) bytes; scenario files are limited to 4194304 bytes",
                         file: "evil.yaml")
        // Within the file limit but past the values budget: refused once the budget is spent.
        let many = Self.touches(510_000)
        #expect(many.utf8.count <= ScenarioDecoder.maximumFileSize)
        let found = refused(many)
        #expect(found.count == 1)
        expectDiagnostic(found.first, path: "gestures[0].touches[499996][2]", line: 6, column: 3_999_996,
                         message: "the document has more than 2000000 values (an alias counts the values it repeats each time it is used)",
                         file: "evil.yaml")
        // A long recording within both limits is read in full.
        let recorded = try decodeScenario(Self.touches(50_000))
        guard case .touches(let samples, _, _) = recorded.gestures.first?.action else {
            Issue.record("no touches")
            return
        }
        #expect(samples.count == 50_000)
    }

    @Test func oversizedInputIsRefusedBeforeParsing() {
        let data = Data(count: ScenarioDecoder.maximumFileSize + 1)
        let outcome = decodeAndCheck(data, file: "zeros.yaml")
        #expect(!outcome.decoded && outcome.violations.isEmpty)
        expectDiagnostic(problems(data, file: "zeros.yaml").first, path: "", line: nil, column: nil,
                         message: "input is \(data.count) bytes; scenario files are limited to 4194304 bytes", file: "zeros.yaml")
    }

    @Test func componentsNestedTooDeep() {
        var component = "list: {rows: 1, rowHeight: 1}"
        for _ in 0..<9 { component = "pager: {pages: [{title: a, content: {\(component)}}]}" }
        let found = refused("viewport: {width: 390, height: 844}\nduration: 1\nscene: {\(component)}\n")
        #expect(found.count == 1)
        #expect(found.first?.message == "components nest more than 8 deep")
        #expect(found.first?.path.hasSuffix(".content.pager") == true)
    }

    @Test func longKeysAndValues() {
        let longKey = refused(minimalScenario(String(repeating: "k", count: 2000) + ": 1\n"))
        expectDiagnostic(longKey.first, path: "", line: 5, column: 2001,
                         containing: ["syntax error: could not find expected ':'"], file: "evil.yaml")
        let key = String(repeating: "k", count: 900)
        let unknown = refused(minimalScenario(key + ": 1\n"))
        expectDiagnostic(unknown.first, path: key, line: 5, column: 1,
                         containing: ["unknown key \"\(String(repeating: "k", count: 40))…\"; expected one of: name,"],
                         file: "evil.yaml")
        let text = String(repeating: "é", count: 1_000_000)
        expectDiagnostic(refused(minimalScenario("theme: \(text)\n")).first, path: "theme", line: 5, column: 8,
                         message: "expected one of light, dark, found \(String(repeating: "é", count: 40))…", file: "evil.yaml")
    }
}
