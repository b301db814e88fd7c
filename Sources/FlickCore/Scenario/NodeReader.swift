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
        guard diagnostics.count < Self.maximumDiagnostics else {
            problemsLeftOut = true
            return
        }
        diagnostics.append(ScenarioDiagnostic(file: file, path: path, line: mark?.line, column: mark?.column,
                                              message: message))
    }

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

    func child(_ node: Node, index: Int) -> Field {
        Field(node: node, path: "\(path)[\(index)]", reader: reader)
    }

    func fail(_ message: String) { reader.report(path, mark, message) }

    func fail(expected: String) { fail("expected \(expected), found \(Field.describe(node))") }

    /// How a value reads in a message: the scalar itself (quoted if it was a string), or its kind.
    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .doubleQuoted || scalar.style == .singleQuoted {
                return "the string \"\(truncated(scalar.string))\""
            }
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

    private var plainScalar: String? {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return nil }
        return scalar.string
    }

    // MARK: Scalars

    func number(_ rule: NumberRule = .finite) -> Double? {
        guard reader.visit(path, mark) else { return nil }
        guard let text = plainScalar, let value = Field.parseNumber(text) else {
            fail(expected: rule.expectation)
            return nil
        }
        guard value.isFinite else {
            fail("expected \(rule.expectation), found \(Field.truncated(text)) (numbers must be finite)")
            return nil
        }
        guard rule.admits(value) else {
            fail(expected: rule.expectation)
            return nil
        }
        return value
    }

    func integer(_ rule: NumberRule = .finite) -> Int? {
        guard reader.visit(path, mark) else { return nil }
        let expectation = rule.expectation.replacingOccurrences(of: "a number", with: "a whole number")
        guard let text = plainScalar, let value = Field.parseNumber(text),
              value.isFinite, value == value.rounded(), abs(value) < 1e15 else {
            fail(expected: expectation)
            return nil
        }
        guard rule.admits(value) else {
            fail(expected: expectation)
            return nil
        }
        return Int(value)
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

    func string() -> String? {
        guard reader.visit(path, mark) else { return nil }
        guard case .scalar(let scalar) = node else {
            fail(expected: "a string")
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

    func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> T? where T.RawValue == String {
        guard reader.visit(path, mark) else { return nil }
        let options = T.allCases.map(\.rawValue)
        guard case .scalar(let scalar) = node, let value = T(rawValue: scalar.string) else {
            fail(expected: "one of \(options.joined(separator: ", "))")
            return nil
        }
        return value
    }

    // MARK: Collections

    func sequence(minCount: Int = 0) -> [Field]? {
        guard reader.visit(path, mark) else { return nil }
        guard case .sequence(let sequence) = node else {
            fail(expected: "a list")
            return nil
        }
        let items = sequence.enumerated().map { child($0.element, index: $0.offset) }
        if items.count < minCount {
            fail("expected at least \(minCount) item\(minCount == 1 ? "" : "s"), found \(items.count)")
            return nil
        }
        return items
    }

    /// A mapping whose keys must all be in `allowed`; unknown and duplicate keys are reported.
    func mapping(_ allowed: [String]) -> Fields? {
        guard reader.visit(path, mark) else { return nil }
        guard case .mapping(let mapping) = node else {
            fail(expected: "a mapping with keys \(allowed.joined(separator: ", "))")
            return nil
        }
        var values: [String: Field] = [:]
        var keyMarks: [String: Mark] = [:]
        var order: [String] = []
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let keyScalar) = keyNode else {
                reader.report(path, keyNode.mark, "keys must be strings, found \(Field.describe(keyNode))")
                continue
            }
            let key = reader.renamedKeys[keyScalar.string] ?? keyScalar.string
            let field = child(valueNode, key: key)
            if values[key] != nil {
                var message = "duplicate key \"\(Field.truncated(key))\""
                if let first = keyMarks[key] { message += " (first at line \(first.line), column \(first.column))" }
                reader.report(field.path, keyNode.mark, message)
                continue
            }
            guard allowed.contains(key) else {
                var message = "unknown key \"\(Field.truncated(key))\""
                if let suggestion = closest(to: key, in: allowed) { message += " (did you mean \"\(suggestion)\"?)" }
                message += "; expected one of: \(allowed.joined(separator: ", "))"
                reader.report(field.path, keyNode.mark, message)
                continue
            }
            values[key] = field
            keyMarks[key] = keyNode.mark
            order.append(key)
        }
        return Fields(owner: self, values: values, order: order)
    }

    /// `[x, y]` as a point.
    func point() -> Point? {
        guard let items = sequence() else { return nil }
        guard items.count == 2 else {
            fail("expected a point [x, y], found a list of \(items.count)")
            return nil
        }
        guard let x = items[0].number(), let y = items[1].number() else { return nil }
        return Point(x: x, y: y)
    }
}

/// The values of a mapping by key.
struct Fields {
    let owner: Field
    let values: [String: Field]
    /// Keys in document order.
    let order: [String]

    func optional(_ key: String) -> Field? { values[key] }

    func required(_ key: String) -> Field? {
        if let field = values[key] { return field }
        owner.fail("missing required key \"\(key)\"")
        return nil
    }

    func has(_ key: String) -> Bool { values[key] != nil }
}

/// What a number must be, and how to say it in a message.
enum NumberRule {
    case finite
    case positive
    case nonNegative
    /// `low...high`, either end open or closed.
    case range(Double, Double, lowOpen: Bool, highOpen: Bool)

    static func closed(_ low: Double, _ high: Double) -> NumberRule { .range(low, high, lowOpen: false, highOpen: false) }

    func admits(_ x: Double) -> Bool {
        switch self {
        case .finite: return true
        case .positive: return x > 0
        case .nonNegative: return x >= 0
        case .range(let low, let high, let lowOpen, let highOpen):
            let aboveLow = lowOpen ? x > low : x >= low
            let belowHigh = highOpen ? x < high : x <= high
            return aboveLow && belowHigh
        }
    }

    var expectation: String {
        switch self {
        case .finite: return "a number"
        case .positive: return "a number > 0"
        case .nonNegative: return "a number ≥ 0"
        case .range(let low, let high, let lowOpen, let highOpen):
            if !lowOpen && !highOpen { return "a number in \(format(low))...\(format(high))" }
            return "a number in \(lowOpen ? "(" : "[")\(format(low)), \(format(high))\(highOpen ? ")" : "]")"
        }
    }

    private func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}

/// The allowed key nearest to a misspelt one (edit distance at most 2), for "did you mean" hints.
func closest(to key: String, in candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1,
                                 previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
    guard key.count <= 64 else { return nil }
    let lowered = Array(key.lowercased())
    let scored = candidates.map { ($0, distance(lowered, Array($0.lowercased()))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
    return best.0
}
