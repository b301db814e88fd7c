import Foundation
import Yams

/// Writes values into a scenario file's text by key path, changing only those values' text: comments, key order
/// and layout stay as they are. The composer knows where each value starts (line and column); a plain value
/// (`0.3`, `uikit`) or a flow list or mapping (`[195, 600]`, `{height: 120}`) is replaced where it stands, and a key
/// the file lacks is added to the deepest mapping of its path that the file has: on a line of its own before
/// that mapping's first key (a block mapping), or first inside its braces (a flow mapping), with any further
/// keys as flow mappings (`physics:` lacking → `physics: {sheetSpring: {response: 0.6}}`).
public enum ScenarioTextEdit {
    /// `text` with every assignment written in, in order (each a key path as `--set` takes it and a YAML value).
    public static func apply(_ assignments: [SweepAssignment], to text: String, file: String) throws(ScenarioError) -> String {
        var body = text
        // A byte order mark stays; the composer's lines and columns start after it.
        let bom = body.unicodeScalars.first == "\u{FEFF}"
        if bom { body = String(body.unicodeScalars.dropFirst()) }
        for assignment in assignments { body = try apply(assignment, to: body, file: file) }
        return (bom ? "\u{FEFF}" : "") + body
    }

    /// The lines that differ between `old` and `new`, as `-N: old line` and `+N: new line` (N from 1, the old
    /// file's line for `-`, the new file's for `+`): the fewest lines, as a longest common subsequence of lines
    /// finds them, each change in the file's order with its removed lines before its added ones. Two values
    /// changed ten lines apart are two lines each, not the twelve between. Past `diffCells` (the lines that
    /// differ, once the common start and end are set aside, multiplied) the changed span is listed whole.
    public static func diff(_ old: String, _ new: String) -> String {
        let a = old.components(separatedBy: "\n"), b = new.components(separatedBy: "\n")
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let x = Array(a[prefix..<(a.count - suffix)]), y = Array(b[prefix..<(b.count - suffix)])
        var lines: [String] = []
        func removed(_ i: Int) { lines.append("-\(prefix + i + 1): \(x[i])") }
        func added(_ j: Int) { lines.append("+\(prefix + j + 1): \(y[j])") }
        guard x.count * y.count <= diffCells else {
            x.indices.forEach(removed)
            y.indices.forEach(added)
            return lines.joined(separator: "\n")
        }
        // common[i][j]: the longest common subsequence of x[i...] and y[j...].
        let width = y.count + 1
        var common = [Int32](repeating: 0, count: (x.count + 1) * width)
        for i in stride(from: x.count - 1, through: 0, by: -1) {
            for j in stride(from: y.count - 1, through: 0, by: -1) {
                common[i * width + j] = x[i] == y[j] ? common[(i + 1) * width + j + 1] + 1
                    : max(common[(i + 1) * width + j], common[i * width + j + 1])
            }
        }
        var i = 0, j = 0
        var pendingAdded: [Int] = []
        while i < x.count || j < y.count {
            if i < x.count, j < y.count, x[i] == y[j] {
                pendingAdded.forEach(added)
                pendingAdded = []
                i += 1
                j += 1
            } else if j < y.count, i == x.count || common[i * width + j + 1] >= common[(i + 1) * width + j] {
                pendingAdded.append(j)
                j += 1
            } else {
                // A removed line goes before the lines added at the same place.
                removed(i)
                i += 1
            }
        }
        pendingAdded.forEach(added)
        return lines.joined(separator: "\n")
    }

    /// The most cells of `diff`'s table (4 bytes each): 16 MB.
    static let diffCells = 4_000_000

    /// Where the value at key path `path` (`scene.pager.pages[0].icon`) starts in `text`, as a problem's line and
    /// column are given; nil when the text has no such place or does not compose.
    public static func location(of path: String, in text: String) -> (line: Int, column: Int)? {
        let body = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        guard let steps = try? SweepAxis.steps(of: path, shown: path),
              let composed = try? ScenarioDecoder.compose(data: Data(body.utf8), file: "") else { return nil }
        guard case .node(let node) = walk(steps, from: composed.root) else { return nil }
        return node.mark.map { ($0.line, $0.column) }
    }

    /// Where `steps` lead from `root`.
    enum Walk {
        /// To this node.
        case node(Node)
        /// To a key that a mapping lacks: the index of that step, the mapping and the node that is it.
        case missingKey(step: Int, mapping: Node.Mapping, holder: Node)
        /// Nowhere: a missing list item, or a value where a mapping or a list is asked for.
        case nowhere
    }

    /// Follows `steps` (keys and list indexes) from `root`, as a key path's assignment does.
    static func walk(_ steps: [SweepPathStep], from root: Node) -> Walk {
        var node = root
        for (i, step) in steps.enumerated() {
            switch (step, node) {
            case (.key(let key), .mapping(let mapping)):
                guard let child = mapping.first(where: { $0.key.string == key })?.value else {
                    return .missingKey(step: i, mapping: mapping, holder: node)
                }
                node = child
            case (.index(let index), .sequence(let sequence)) where sequence.indices.contains(index):
                node = sequence[index]
            default:
                return .nowhere
            }
        }
        return .node(node)
    }

    static func apply(_ assignment: SweepAssignment, to text: String, file: String) throws(ScenarioError) -> String {
        let steps: [SweepPathStep]
        do {
            steps = try SweepAxis(path: assignment.path, values: [assignment.value], origin: "save").steps
        } catch {
            throw ScenarioError([ScenarioDiagnostic(file: file, path: assignment.path, message: error.message)])
        }
        return try apply(steps: steps, shownPath: assignment.path, value: assignment.value, to: text, file: file)
    }

    /// `text` with `value` written at `steps`, by the same rules as a key path's assignment. For places a key path
    /// cannot name: an expectation's state path is one key with dots in it (`expect[2]."sheet.top"`).
    /// `shownPath` names the place in messages.
    public static func apply(steps: [SweepPathStep], shownPath: String, value: String, to text: String,
                             file: String) throws(ScenarioError) -> String {
        if text.unicodeScalars.first == "\u{FEFF}" {
            let body = String(text.unicodeScalars.dropFirst())
            return "\u{FEFF}" + (try apply(steps: steps, shownPath: shownPath, value: value, to: body, file: file))
        }
        func failure(_ message: String) -> ScenarioError {
            ScenarioError([ScenarioDiagnostic(file: file, path: shownPath, message: message)])
        }
        let composed = try ScenarioDecoder.compose(data: Data(text.utf8), file: file)
        guard composed.renamedKeys.isEmpty else { throw failure("the file repeats a key; fix that before saving") }
        guard !steps.isEmpty else { throw failure("no place to write a value") }
        guard !value.contains("\n") else { throw failure("a value saved into the file is one line") }
        let scalars = Array(text.unicodeScalars)
        let node: Node
        switch walk(steps, from: composed.root) {
        case .node(let found):
            node = found
        case .missingKey(let i, let mapping, let holder):
            return try insert(steps[i...], value: value, into: mapping, at: holder.mark, in: scalars, failure)
        case .nowhere:
            throw failure("the file has no such place to write a value (a missing list item, or a value where a mapping is)")
        }
        guard let mark = node.mark, let start = DocumentComposer.offset(line: mark.line, column: mark.column, in: scalars) else {
            throw failure("the file does not say where this value is")
        }
        let end: Int
        switch node {
        case .scalar(let scalar):
            let written = Array(scalar.string.unicodeScalars)
            guard scalar.style == .plain, start + written.count <= scalars.count,
                  scalars[start..<(start + written.count)].elementsEqual(written) else {
                throw failure("only a plain value (a number or a word) or a flow list or mapping is replaced; edit this one in the file")
            }
            end = start + written.count
        case .sequence, .mapping:
            guard let close = flowEnd(from: start, in: scalars) else {
                throw failure("only a flow list or mapping ([…], {…}) is replaced whole; edit this one in the file")
            }
            end = close
        case .alias:
            throw failure("an alias is not replaced; edit it in the file")
        }
        return replacing(start..<end, in: scalars, with: value)
    }

    /// Adds `steps` (the first a key the mapping lacks) with `value` to the mapping that starts at `mark`.
    static func insert(_ steps: ArraySlice<SweepPathStep>, value: String, into mapping: Node.Mapping, at mark: Mark?,
                       in scalars: [Unicode.Scalar], _ failure: (String) -> ScenarioError) throws(ScenarioError) -> String {
        var keys: [String] = []
        for step in steps {
            guard case .key(let key) = step else { throw failure("a list item the file lacks is not added; edit the list in the file") }
            keys.append(key)
        }
        var entry = value
        for key in keys.dropFirst().reversed() { entry = "{\(key): \(entry)}" }
        entry = "\(keys[0]): \(entry)"
        // A flow mapping: its first key follows its brace (the composer keeps no mapping style to ask).
        if let first = mapping.first?.key.mark, var before = DocumentComposer.offset(line: first.line, column: first.column, in: scalars) {
            while before > 0, scalars[before - 1] == " " { before -= 1 }
            if before > 0, scalars[before - 1] == "{" {
                return replacing(before..<before, in: scalars, with: entry + ", ")
            }
        }
        if mapping.isEmpty, let mark, let open = DocumentComposer.offset(line: mark.line, column: mark.column, in: scalars),
           scalars[open] == "{" {
            return replacing((open + 1)..<(open + 1), in: scalars, with: entry)
        }
        do {
            guard let first = mapping.first?.key.mark,
                  let lineStart = DocumentComposer.offset(line: first.line, column: 1, in: scalars),
                  let keyStart = DocumentComposer.offset(line: first.line, column: first.column, in: scalars),
                  scalars[lineStart..<keyStart].allSatisfy({ $0 == " " }) else {
                throw failure("the mapping's first key does not start its line; add this key in the file")
            }
            let indent = String(repeating: " ", count: keyStart - lineStart)
            return replacing(lineStart..<lineStart, in: scalars, with: indent + entry + "\n")
        }
    }

    /// The index just past the bracket that closes the flow collection opening at `start`; nil when `start` is no
    /// bracket or it is not closed on the same line.
    static func flowEnd(from start: Int, in scalars: [Unicode.Scalar]) -> Int? {
        guard scalars[start] == "[" || scalars[start] == "{" else { return nil }
        var depth = 0
        var quote: Unicode.Scalar?
        var i = start
        while i < scalars.count {
            let c = scalars[i]
            if c == "\n" || c == "\r" { return nil }
            if let q = quote {
                if c == "\\" && q == "\"" { i += 2; continue }
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "[" || c == "{" {
                depth += 1
            } else if c == "]" || c == "}" {
                depth -= 1
                if depth == 0 { return i + 1 }
            }
            i += 1
        }
        return nil
    }

    static func replacing(_ range: Range<Int>, in scalars: [Unicode.Scalar], with text: String) -> String {
        var result = scalars
        result.replaceSubrange(range, with: Array(text.unicodeScalars))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: result)
        return String(view)
    }
}
