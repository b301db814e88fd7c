import FlickOutput
import Foundation
import Yams

/// Reads a composed YAML/JSON node tree with the key path of every value at hand, collecting every problem
/// it meets (rather than stopping at the first) so that `flick validate` can report them all.
final class NodeReader {
    let file: String
    /// Keys the decoder renamed so that the YAML composer would accept a mapping with a duplicate key
    /// (placeholder → the key as written); the reader reports the duplicate with its path instead.
    let renamedKeys: [String: String]
    private(set) var diagnostics: [ScenarioDiagnostic] = []
    /// Nodes visited so far; aliases can make a small file expand into a huge tree, so the walk is bounded.
    private var visits = 0
    private var budgetReported = false
    /// Problems found after `maximumDiagnostics` were reported; the walk stops at the first of them.
    private(set) var problemsLeftOut = false
    /// Whether to note every key read (for the test that the format's description covers every read).
    var recordsKeys = false
    /// `object.key` for every key read from the document, when `recordsKeys`.
    private(set) var keysRead: Set<String> = []

    /// The most nodes a scenario may expand to (aliases included).
    static let maximumNodeVisits = 2_000_000
    /// The most problems reported for one file: a list of a million wrong values must not become a million
    /// messages (and gigabytes of them).
    static let maximumDiagnostics = 100

    init(file: String, renamedKeys: [String: String] = [:]) {
        self.file = file
        self.renamedKeys = renamedKeys
    }

    var hasErrors: Bool { !diagnostics.isEmpty }

    func report(_ path: String, _ mark: Mark?, _ message: String) {
        insert([ScenarioDiagnostic(file: file, path: path, line: mark?.line, column: mark?.column, message: message)],
               at: diagnostics.count)
    }

    /// Places problems found late (a mapping's unknown keys, known once its keys have been read) where the walk
    /// met them, so messages keep the document's order: a mapping's own keys before what they hold.
    func insert(_ problems: [ScenarioDiagnostic], at index: Int) {
        guard !problems.isEmpty else { return }
        diagnostics.insert(contentsOf: problems, at: min(index, diagnostics.count))
        if diagnostics.count > Self.maximumDiagnostics {
            diagnostics.removeLast(diagnostics.count - Self.maximumDiagnostics)
            problemsLeftOut = true
        }
    }

    func noteRead(_ object: String, _ key: String) { keysRead.insert("\(object).\(key)") }

    /// Counts a visit; false once the budget is spent (reported once) or enough problems have been found.
    func visit(_ path: String, _ mark: Mark?) -> Bool {
        if problemsLeftOut { return false }
        visits += 1
        if visits > Self.maximumNodeVisits {
            if !budgetReported {
                budgetReported = true
                report(path, mark, "the document has more than \(Self.maximumNodeVisits) values (an alias counts the values it repeats each time it is used)")
            }
            return false
        }
        return true
    }
}

/// A value in the document with its key path.
struct Field {
    let node: Node
    let path: String
    let reader: NodeReader

    var mark: Mark? { node.mark }

    func child(_ node: Node, key: String) -> Field {
        Field(node: node, path: path.isEmpty ? key : "\(path).\(key)", reader: reader)
    }

    func fail(_ message: String) { reader.report(path, mark, message) }

    func fail(expected: String) { fail("expected \(expected), found \(Field.describe(node))") }

    /// How a value reads in a message: the scalar itself (quoted if it was a string), or its kind.
    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar):
            if scalar.isQuoted { return "the string \"\(truncated(scalar.string))\"" }
            if scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null" { return "null" }
            return "\(truncated(scalar.string))"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    /// A value from the file as a message quotes it: at most 40 characters.
    static func truncated(_ s: String) -> String {
        s.count > 40 ? String(s.prefix(40)) + "…" : s
    }

    /// A scalar's text whatever its style, for values that are one of a few words: `fast`, `"fast"` and `'fast'`
    /// are the same word (a JSON scenario can only quote it). Numbers and booleans read `plainScalar` instead.
    var scalarText: String? {
        guard case .scalar(let scalar) = node else { return nil }
        return scalar.string
    }

    var plainScalar: String? {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return nil }
        return scalar.string
    }

    // MARK: Scalars

    func number(_ rule: NumberRule) -> Double? {
        guard reader.visit(path, mark) else { return nil }
        guard let text = plainScalar, let value = Field.parseNumber(text) else {
            fail(expected: rule.expectation)
            return nil
        }
        guard value.isFinite else {
            fail("expected \(rule.expectation), found \(Field.truncated(text)) (numbers must be finite)")
            return nil
        }
        guard rule.whole ? value == value.rounded() && abs(value) < 1e15 : true, rule.domainAdmits(value) else {
            fail(expected: rule.expectation)
            return nil
        }
        guard rule.limitsAdmit(value) else {
            fail(expected: rule.limitExpectation)
            return nil
        }
        return value
    }

    /// A plain scalar as a number: decimal notation, or YAML's `.inf`, `-.inf` and `.nan` (which are numbers
    /// that the rules then refuse as not finite, rather than words).
    static func parseNumber(_ text: String) -> Double? {
        // A plain scalar has no surrounding spaces; Double(_:) alone is the common, fast path.
        if let value = Double(text) { return value }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch trimmed {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: return Double(trimmed)
        }
    }

    func string(maxLength: Int) -> String? {
        guard reader.visit(path, mark) else { return nil }
        guard case .scalar(let scalar) = node else {
            fail(expected: "a string")
            return nil
        }
        // Characters are counted only when the bytes could be too many, and no further than the limit.
        guard scalar.string.utf8.count <= maxLength || scalar.string.prefix(maxLength + 1).count <= maxLength else {
            fail("expected at most \(maxLength) characters, found a longer text (\"\(Field.truncated(scalar.string))\")")
            return nil
        }
        return scalar.string
    }

    func bool() -> Bool? {
        guard reader.visit(path, mark) else { return nil }
        switch plainScalar {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default:
            fail(expected: "true or false")
            return nil
        }
    }

    /// One of `words` (exactly as written).
    func word(_ words: [String]) -> String? {
        guard reader.visit(path, mark) else { return nil }
        guard case .scalar(let scalar) = node, words.contains(scalar.string) else {
            var message = "expected one of \(words.joined(separator: ", ")), found \(Field.describe(node))"
            if case .scalar(let scalar) = node, let near = closest(to: scalar.string, in: words, within: 3) {
                message += " (did you mean \(near)?)"
            }
            fail(message)
            return nil
        }
        return scalar.string
    }

    // MARK: Collections

    /// The items of a list value, without visiting them.
    var items: [Field]? {
        guard case .sequence(let nodes) = node else { return nil }
        return nodes.enumerated().map { Field(node: $0.element, path: "\(path)[\($0.offset)]", reader: reader) }
    }

    /// The value of `key` in a mapping value, without visiting it.
    func value(forKey key: String) -> Field? {
        guard case .mapping(let mapping) = node else { return nil }
        let found = mapping.first { k, _ in k.string.map { reader.renamedKeys[$0] ?? $0 } == key }
        return found.map { child($0.value, key: key) }
    }

    func sequence(minCount: Int) -> [Field]? {
        guard reader.visit(path, mark) else { return nil }
        guard case .sequence(let sequence) = node else {
            fail(expected: "a list")
            return nil
        }
        if sequence.count < minCount {
            fail("expected at least \(minCount) item\(minCount == 1 ? "" : "s"), found \(sequence.count)")
            return nil
        }
        return sequence.enumerated().map { Field(node: $0.element, path: "\(path)[\($0.offset)]", reader: reader) }
    }
}

/// What a number must be, and how a message says it: its domain (`> 0`, `in 1...240`) and, inside it, limits that
/// keep every number derived from it finite and in range, said apart ("a number > 0 up to 1000000").
struct NumberRule {
    var low: Double? = nil, lowOpen = false, high: Double? = nil, highOpen = false
    var lowerLimit: Double? = nil, upperLimit: Double? = nil
    var whole = false

    static let finite = NumberRule()
    static let positive = NumberRule(low: 0, lowOpen: true)
    static let nonNegative = NumberRule(low: 0)
    static func closed(_ low: Double, _ high: Double) -> NumberRule { NumberRule(low: low, high: high) }
    static func range(_ low: Double, _ high: Double, lowOpen: Bool, highOpen: Bool) -> NumberRule {
        NumberRule(low: low, lowOpen: lowOpen, high: high, highOpen: highOpen)
    }

    /// The same domain, at most `high`.
    func upTo(_ high: Double) -> NumberRule { var r = self; r.upperLimit = high; return r }
    /// The same domain, within `low...high`.
    func within(_ low: Double, _ high: Double) -> NumberRule { var r = upTo(high); r.lowerLimit = low; return r }
    var wholeNumber: NumberRule { var r = self; r.whole = true; return r }

    func domainAdmits(_ x: Double) -> Bool {
        (low.map { lowOpen ? x > $0 : x >= $0 } ?? true) && (high.map { highOpen ? x < $0 : x <= $0 } ?? true)
    }

    func limitsAdmit(_ x: Double) -> Bool { x >= (lowerLimit ?? -.infinity) && x <= (upperLimit ?? .infinity) }

    var expectation: String {
        let noun = whole ? "a whole number" : "a number"
        switch (low, high) {
        case (nil, nil): return noun
        case (let l?, nil): return "\(noun) \(lowOpen ? ">" : "≥") \(say(l))"
        case (nil, let h?): return "\(noun) \(highOpen ? "<" : "≤") \(say(h))"
        case (let l?, let h?) where !lowOpen && !highOpen: return "\(noun) in \(say(l))...\(say(h))"
        case (let l?, let h?): return "\(noun) in \(lowOpen ? "(" : "[")\(say(l)), \(say(h))\(highOpen ? ")" : "]")"
        }
    }

    var limitExpectation: String {
        switch (lowerLimit, upperLimit) {
        case (let l?, let h?): return "\(whole ? "a whole number" : "a number") from \(say(l)) to \(say(h))"
        case (nil, let h?): return "\(expectation) up to \(say(h))"
        default: return expectation
        }
    }

    /// The tightest bounds of domain and limits together, each with whether it is excluded.
    var bounds: (low: (Double, Bool)?, high: (Double, Bool)?) {
        var lower = low.map { ($0, lowOpen) }, upper = high.map { ($0, highOpen) }
        if let l = lowerLimit, l >= lower?.0 ?? -.infinity { lower = (l, false) }
        if let h = upperLimit, h <= upper?.0 ?? .infinity { upper = (h, false) }
        return (lower, upper)
    }
}

/// A number as messages and the docs say it: at most three decimals, whole numbers without a point.
func say(_ x: Double) -> String {
    if x != 0 && abs(x) < 0.001 { return "\(x)" }
    guard abs(x) < 1e9 else { return x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)" }
    return NumberText.short(x, digits: 3, rounding: .printf)
}

/// The candidate nearest to a misspelt word, for "did you mean" hints: at most one edit away for short words, two
/// for words of six letters or more (an edit: a letter added, removed, changed, or two letters swapped).
func closest(to key: String, in candidates: [String], within limit: Int? = nil) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
    guard key.count <= 64 else { return nil }
    let limit = limit ?? (key.count >= 6 ? 2 : 1)
    let lowered = Array(key.lowercased())
    let scored = candidates.filter { $0.count <= 64 }.map { ($0, distance(lowered, Array($0.lowercased()))) }
    if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit { return best.0 }
    // A word cut short or run on (`damping` for `dampingRatio`, `responseTime` for `response`): the one candidate
    // that begins with it, or that it begins with, when both are long enough to mean something.
    let minimumStem = 4
    let stems = candidates.filter { candidate in
        let c = candidate.lowercased(), k = String(lowered)
        return min(c.count, k.count) >= minimumStem && (c.hasPrefix(k) || k.hasPrefix(c))
    }
    return stems.count == 1 ? stems[0] : nil
}

extension Node.Scalar {
    var isQuoted: Bool { style == .doubleQuoted || style == .singleQuoted }
}
