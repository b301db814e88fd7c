import Foundation
import Yams

// Sweeps (docs/sweeps.md): `--set PATH=V1,V2,...` assigns values to a key path of the scenario document before it is
// decoded, so any key the decoder reads can be swept, and a wrong path or value gets the decoder's own message.
// Every combination of the values is a variant; the first `--set` varies slowest.

/// A problem with a `--set` option itself (its syntax, a duplicate, too many variants).
public struct SweepError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One step of a key path: a mapping key (`sheet`) or a list index (`[1]`).
public enum SweepPathStep: Hashable, Sendable {
    case key(String)
    case index(Int)
}

/// One swept key: a key path of the scenario document (`scene.sheet.spring.response`) and the values it takes,
/// each as YAML text (`0.3`, `floatingpanel`, `{name: half, fraction: 0.5}`).
public struct SweepAxis: Hashable, Sendable {
    public var path: String
    public var steps: [SweepPathStep]
    public var values: [String]
    /// How the axis was given, for messages: `--set` or `sweep` (the scenario's own key).
    public var origin: String

    /// The most values one key may take.
    public static let maximumValues = 64
    /// The longest value, in characters.
    public static let maximumValueLength = 1000

    public init(path: String, values: [String], origin: String = "--set") throws(SweepError) {
        let shown = "\(origin) \(path)"
        self.path = path
        self.steps = try SweepAxis.steps(of: path, shown: shown)
        self.origin = origin
        guard !values.isEmpty else { throw SweepError("\(shown): expected at least one value") }
        guard values.count <= SweepAxis.maximumValues else {
            throw SweepError("\(shown): \(values.count) values; a key takes at most \(SweepAxis.maximumValues)")
        }
        var seen = Set<String>()
        for value in values {
            if value.isEmpty {
                throw SweepError("\(shown): an empty value (two commas, or one at either end); write \"\" for an empty string")
            }
            if value.count > SweepAxis.maximumValueLength {
                throw SweepError("\(shown): a value of \(value.count) characters; the limit is \(SweepAxis.maximumValueLength)")
            }
            if !seen.insert(value).inserted { throw SweepError("\(shown): the value \(value) is given twice") }
        }
        self.values = values
    }

    /// Parses `PATH=V1,V2,...`. Values are separated by commas outside quotes and brackets, so a value may be any
    /// YAML flow value (`{name: half, fraction: 0.5}`, `"a, b"`); spaces around each value are dropped.
    public static func parse(_ argument: String) throws(SweepError) -> SweepAxis {
        guard let equals = argument.firstIndex(of: "=") else {
            throw SweepError("--set \(argument): expected PATH=V1,V2,... (a key path of the scenario, such as scene.sheet.spring.response=0.2,0.4)")
        }
        let path = argument[..<equals].trimmingCharacters(in: .whitespaces)
        let text = String(argument[argument.index(after: equals)...])
        guard !path.isEmpty else { throw SweepError("--set \(argument): the key path before \"=\" is empty") }
        return try SweepAxis(path: path, values: try splitValues(text, shown: "--set \(path)"))
    }

    /// `text` split at the commas that are outside quotes and brackets, each part trimmed.
    static func splitValues(_ text: String, shown: String) throws(SweepError) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var quote: Character?
        var previous: Character = " "
        for c in text {
            if let q = quote {
                // In double quotes a backslash escapes; in single quotes '' is a quote.
                if c == q && !(q == "\"" && previous == "\\") { quote = nil }
            } else if c == "\"" || c == "'" {
                if current.trimmingCharacters(in: .whitespaces).isEmpty { quote = c }
            } else if c == "[" || c == "{" {
                depth += 1
            } else if c == "]" || c == "}" {
                depth -= 1
                if depth < 0 { throw SweepError("\(shown): unbalanced \"\(c)\" in \(text)") }
            } else if c == "," && depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                previous = c
                continue
            }
            current.append(c)
            previous = c == "\\" && previous == "\\" ? " " : c
        }
        if quote != nil { throw SweepError("\(shown): a quote is not closed in \(text)") }
        if depth != 0 { throw SweepError("\(shown): a bracket is not closed in \(text)") }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }

    /// The steps of `scene.sheet.detents[1].fraction`: keys of letters, digits, `_` and `-`, and indices in brackets.
    static func steps(of path: String, shown: String) throws(SweepError) -> [SweepPathStep] {
        let example = "such as scene.sheet.detents[1].fraction"
        var steps: [SweepPathStep] = []
        let scalars = Array(path.unicodeScalars)
        var i = 0
        func isKeyCharacter(_ c: Unicode.Scalar) -> Bool {
            c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-")
        }
        while i < scalars.count {
            if scalars[i] == "[" {
                var j = i + 1
                while j < scalars.count, ("0"..."9").contains(scalars[j]) { j += 1 }
                guard j > i + 1, j < scalars.count, scalars[j] == "]", j - i - 1 <= 9,
                      let index = Int(String(String.UnicodeScalarView(scalars[(i + 1)..<j]))) else {
                    throw SweepError("\(shown): expected a list index [N] at \"\(String(String.UnicodeScalarView(scalars[i...])))\", \(example)")
                }
                steps.append(.index(index))
                i = j + 1
                if i < scalars.count, scalars[i] == "." {
                    i += 1
                    guard i < scalars.count else { throw SweepError("\(shown): the key path ends with \".\"") }
                } else if i < scalars.count, scalars[i] != "[" {
                    throw SweepError("\(shown): expected \".\" or \"[\" after \"]\", \(example)")
                }
                continue
            }
            var j = i
            while j < scalars.count, isKeyCharacter(scalars[j]) { j += 1 }
            guard j > i else {
                let rest = String(String.UnicodeScalarView(scalars[i...]))
                throw SweepError("\(shown): expected a key of letters, digits, '_' and '-' at \"\(rest)\", \(example)")
            }
            steps.append(.key(String(String.UnicodeScalarView(scalars[i..<j]))))
            i = j
            if i < scalars.count, scalars[i] == "." {
                i += 1
                guard i < scalars.count else { throw SweepError("\(shown): the key path ends with \".\"") }
            } else if i < scalars.count, scalars[i] != "[" {
                throw SweepError("\(shown): expected a key of letters, digits, '_' and '-' at \"\(String(String.UnicodeScalarView(scalars[i...])))\", \(example)")
            }
        }
        guard case .key(let first)? = steps.first else {
            throw SweepError("\(shown): a key path starts with a key of the scenario, \(example)")
        }
        if first == "name" { throw SweepError("\(shown): the name names the output folder; it cannot be swept") }
        if first == "sweep" { throw SweepError("\(shown): a sweep cannot set the scenario's own sweep") }
        return steps
    }
}

/// One key of a variant and the value it takes there.
public struct SweepAssignment: Hashable, Sendable {
    public var path: String
    /// The value as written (YAML text).
    public var value: String
    /// `path=value`.
    public var text: String { "\(path)=\(value)" }

    public init(path: String, value: String) {
        self.path = path
        self.value = value
    }
}

/// One combination of a sweep's values, decoded.
public struct SweepVariant: Sendable {
    /// From 1, in the order of the combinations.
    public var number: Int
    public var assignments: [SweepAssignment]
    public var scenario: Scenario

    /// `physics.preset=floatingpanel, scene.sheet.spring.response=0.3`.
    public var label: String { assignments.map(\.text).joined(separator: ", ") }
}

/// A scenario and the variants a sweep makes of it.
public struct ScenarioSweep: Sendable {
    /// The most variants one sweep may make.
    public static let maximumVariants = 64

    public var axes: [SweepAxis]
    public var variants: [SweepVariant]
    /// The output folder's name: the scenario's `name` (or its file's name).
    public var name: String

    /// Every combination of `axes`' values, the first axis varying slowest; refuses more than `maximumVariants`,
    /// two axes on the same key, and an axis inside another's value.
    public static func combinations(_ axes: [SweepAxis]) throws(SweepError) -> [[SweepAssignment]] {
        for (n, axis) in axes.enumerated() {
            for other in axes[..<n] {
                if other.path == axis.path {
                    throw SweepError("\(axis.origin) \(axis.path) is given twice; give all its values in one: \(axis.path)=\((other.values + axis.values).joined(separator: ","))")
                }
                let (outer, inner) = other.steps.count < axis.steps.count ? (other, axis) : (axis, other)
                if Array(inner.steps.prefix(outer.steps.count)) == outer.steps {
                    throw SweepError("\(inner.origin) \(inner.path) lies inside \(outer.origin) \(outer.path): sweep one or the other")
                }
            }
        }
        var total = 1
        for axis in axes {
            total = total.multipliedReportingOverflow(by: axis.values.count).overflow ? Int.max : total * axis.values.count
        }
        if total > maximumVariants {
            let product = axes.map { String($0.values.count) }.joined(separator: " × ")
            throw SweepError("the sweep makes \(product) = \(total == Int.max ? "too many" : String(total)) variants; the limit is \(maximumVariants): give fewer values")
        }
        var result: [[SweepAssignment]] = [[]]
        for axis in axes {
            result = result.flatMap { prefix in axis.values.map { prefix + [SweepAssignment(path: axis.path, value: $0)] } }
        }
        return result
    }

    /// The variant's folder name: its number (two digits or more) and its values, reduced to letters, digits, '.',
    /// '_' and '-' (`01-floatingpanel-0.3`).
    public static func folderName(number: Int, of count: Int, assignments: [SweepAssignment]) -> String {
        let digits = max(2, String(count).count)
        let numberText = String(repeating: "0", count: max(0, digits - String(number).count)) + String(number)
        let parts = assignments.map { assignment -> String in
            var out = ""
            for c in assignment.value.unicodeScalars {
                let kept = c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "." || c == "_" || c == "-")
                if kept { out.unicodeScalars.append(c) } else if !out.hasSuffix("-") && !out.isEmpty { out += "-" }
            }
            while out.hasSuffix("-") || out.hasSuffix(".") { out.removeLast() }
            return String(out.prefix(24))
        }.filter { !$0.isEmpty }
        return ([numberText] + parts).joined(separator: "-")
    }

    /// Decodes every variant of the scenario text `data` (`file` is for messages, `defaultName` when it has no
    /// `name`). `axes` are the command line's `--set`s; the scenario's own `sweep:` adds the keys they do not give.
    /// Throws every problem of every variant at once, each naming the `--set` it comes from.
    public static func decode(data: Data, file: String, defaultName: String,
                              axes commandLine: [SweepAxis]) throws(ScenarioError) -> ScenarioSweep {
        let composed = try ScenarioDecoder.compose(data: data, file: file)
        var root = composed.root
        var axes = commandLine
        do {
            // The file's own sweep: its keys not given on the command line, after those given there.
            let fileAxes = try fileSweep(&root, file: file, renamedKeys: composed.renamedKeys)
            axes += fileAxes.filter { axis in !commandLine.contains { $0.path == axis.path } }
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError([ScenarioDiagnostic(file: file, path: "sweep", message: "\(error)")])
        }
        let combinations: [[SweepAssignment]]
        do {
            combinations = try self.combinations(axes)
        } catch {
            throw ScenarioError([ScenarioDiagnostic(file: file, path: "", message: error.message)])
        }
        var diagnostics: [ScenarioDiagnostic] = []
        var seen = Set<String>()
        var variants: [SweepVariant] = []
        for (n, assignments) in combinations.enumerated() {
            var document = root
            var problems: [ScenarioDiagnostic] = []
            for (axis, assignment) in zip(axes, assignments) {
                let shown = "\(axis.origin) \(assignment.text)"
                do {
                    let value = try valueNode(assignment.value, shown: shown)
                    try assign(value, at: axis.steps[...], in: &document, walked: "", shown: shown,
                               renamedKeys: composed.renamedKeys)
                } catch {
                    problems.append(ScenarioDiagnostic(file: file, path: shown, message: error.message))
                }
            }
            if problems.isEmpty {
                do {
                    let scenario = try ScenarioDecoder.read(root: document, renamedKeys: composed.renamedKeys, file: file,
                                                            defaultName: defaultName)
                    variants.append(SweepVariant(number: n + 1, assignments: assignments, scenario: scenario))
                } catch {
                    problems = error.diagnostics.map { attribute($0, to: assignments, axes: axes) }
                }
            }
            for problem in problems where seen.insert(problem.description).inserted { diagnostics.append(problem) }
            if diagnostics.count >= NodeReader.maximumDiagnostics { break }
        }
        if !diagnostics.isEmpty { throw ScenarioError(Array(diagnostics.prefix(NodeReader.maximumDiagnostics))) }
        let name = variants.first?.scenario.name ?? defaultName
        return ScenarioSweep(axes: axes, variants: variants, name: name)
    }

    /// Loads the scenario file at `path` and decodes its variants.
    public static func load(path: String, axes: [SweepAxis]) throws(ScenarioError) -> ScenarioSweep {
        let (data, name) = try ScenarioDecoder.readFile(path: path)
        return try decode(data: data, file: path, defaultName: name, axes: axes)
    }

    // MARK: The document

    /// A YAML value parsed from `text`, with no marks: the decoder's messages about it then carry no line, and
    /// `attribute` names the `--set` instead.
    static func valueNode(_ text: String, shown: String) throws(SweepError) -> Node {
        if let problem = ScenarioDecoder.textProblem(in: text, file: "") {
            throw SweepError(problem.message)
        }
        let composed: Node?
        do {
            composed = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw SweepError("not a YAML value: \(ScenarioDecoder.syntaxDiagnostic(error, file: "").message)")
        } catch {
            throw SweepError("not a YAML value: \(error)")
        }
        guard let node = composed else { throw SweepError("an empty value; write \"\" for an empty string") }
        if containsAlias(node) { throw SweepError("a value cannot hold an alias") }
        return unmarked(node)
    }

    private static func containsAlias(_ node: Node) -> Bool {
        switch node {
        case .alias: return true
        case .scalar: return false
        case .sequence(let s): return s.contains(where: containsAlias)
        case .mapping(let m): return m.contains { containsAlias($0.key) || containsAlias($0.value) }
        }
    }

    private static func unmarked(_ node: Node) -> Node {
        switch node {
        case .scalar(var s):
            s.mark = nil
            return .scalar(s)
        case .sequence(let s):
            return .sequence(Node.Sequence(s.map(unmarked), s.tag, s.style, nil))
        case .mapping(let m):
            return .mapping(Node.Mapping(m.map { (unmarked($0.key), unmarked($0.value)) }, m.tag, m.style, nil))
        case .alias:
            return node
        }
    }

    /// Puts `value` at `steps` in `node`, creating the mapping keys that are missing (the decoder then refuses
    /// those it does not know). `walked` is the path so far, for messages.
    static func assign(_ value: Node, at steps: ArraySlice<SweepPathStep>, in node: inout Node, walked: String,
                       shown: String, renamedKeys: [String: String]) throws(SweepError) {
        guard let step = steps.first else {
            node = value
            return
        }
        let rest = steps.dropFirst()
        let here = walked.isEmpty ? "the document" : walked
        switch (step, node) {
        case (.key(let key), .mapping(var mapping)):
            let path = walked.isEmpty ? key : "\(walked).\(key)"
            if let i = mapping.firstIndex(where: { entry in
                guard case .scalar(let s) = entry.key else { return false }
                return (renamedKeys[s.string] ?? s.string) == key
            }) {
                var child = mapping[i].value
                try assign(value, at: rest, in: &child, walked: path, shown: shown, renamedKeys: renamedKeys)
                mapping[i] = (mapping[i].key, child)
            } else {
                var child = Node.mapping(Node.Mapping([]))
                try assign(value, at: rest, in: &child, walked: path, shown: shown, renamedKeys: renamedKeys)
                mapping = Node.Mapping(Array(mapping.map { ($0.key, $0.value) }) + [(Node.scalar(Node.Scalar(key)), child)],
                                       mapping.tag, mapping.style, mapping.mark)
            }
            node = .mapping(mapping)
        case (.index(let index), .sequence(var sequence)):
            guard index < sequence.count else {
                let range = sequence.isEmpty ? "it is empty" : "\(sequence.count == 1 ? "its only item is [0]" : "its items are [0] to [\(sequence.count - 1)]")"
                throw SweepError("\(here) has no item [\(index)]: \(range)")
            }
            let path = "\(walked)[\(index)]"
            var child = sequence[index]
            try assign(value, at: rest, in: &child, walked: path, shown: shown, renamedKeys: renamedKeys)
            sequence[index] = child
            node = .sequence(sequence)
        case (_, .alias):
            throw SweepError("\(here) is an alias (*name); a sweep cannot change what an alias repeats: write the value out")
        case (.key(let key), _):
            throw SweepError("\(here) is \(Field.describe(node)), not a mapping with a key \"\(key)\"")
        case (.index(let index), _):
            throw SweepError("\(here) is \(Field.describe(node)), not a list with an item [\(index)]")
        }
    }

    /// A decoder's message about a variant, naming the assignment it concerns: a problem at an assigned path or
    /// inside it, or (with no line, so about something the assignment added) at a mapping holding it.
    static func attribute(_ diagnostic: ScenarioDiagnostic, to assignments: [SweepAssignment],
                          axes: [SweepAxis]) -> ScenarioDiagnostic {
        func under(_ path: String, _ base: String) -> Bool {
            path == base || path.hasPrefix(base + ".") || path.hasPrefix(base + "[")
        }
        let related = zip(axes, assignments).filter { axis, assignment in
            under(diagnostic.path, assignment.path) || (!diagnostic.path.isEmpty && under(assignment.path, diagnostic.path))
                || (diagnostic.line == nil && diagnostic.path.isEmpty)
        }
        guard let (axis, assignment) = related.max(by: { $0.1.path.count < $1.1.path.count }) else { return diagnostic }
        var result = diagnostic
        let shown = "\(axis.origin) \(assignment.text)"
        if diagnostic.line == nil {
            // Inside the assigned value, where; at it or above it (a key it added), the `--set` says where.
            let inside = diagnostic.path.count > assignment.path.count && under(diagnostic.path, assignment.path)
            result.path = inside ? "\(shown): \(diagnostic.path)" : shown
        } else {
            result.message += " (with \(shown))"
        }
        return result
    }

    /// Reads and removes the document's `sweep:` mapping (key path → list of values, or one value).
    static func fileSweep(_ root: inout Node, file: String, renamedKeys: [String: String]) throws -> [SweepAxis] {
        guard case .mapping(let mapping) = root,
              let i = mapping.firstIndex(where: { entry in
                  guard case .scalar(let s) = entry.key else { return false }
                  return (renamedKeys[s.string] ?? s.string) == "sweep"
              }) else { return [] }
        let node = mapping[i].value
        // The decoder reads `sweep:` itself and reports what is wrong with its shape, with lines.
        let reader = NodeReader(file: file, renamedKeys: renamedKeys)
        guard let entries = ScenarioFormat.sweep.read(Field(node: node, path: "sweep", reader: reader)), !reader.hasErrors else {
            throw ScenarioError(reader.diagnostics)
        }
        let axes = entries.map(\.axis)
        root = .mapping(Node.Mapping(mapping.enumerated().filter { $0.offset != i }.map { ($0.element.key, $0.element.value) },
                                     mapping.tag, mapping.style, mapping.mark))
        return axes
    }
}

/// One key of a scenario's `sweep:` as read.
struct FileSweepEntry {
    var axis: SweepAxis
}

extension ScenarioFormat {
    /// `sweep:`: key paths of the scenario and the values each takes.
    static var sweep: Value<[FileSweepEntry]> {
        .object("sweep", "Keys of the scenario swept as variants, each with the values it takes; every combination is a variant.") { m in
            let entries = m.others("PATH", .list(of: sweepValue, minCount: 1),
                                   "A key path of this scenario, such as `physics.preset` or `scene.sheet.spring.response`, and the list of values it takes (numbers, words or quoted strings).")
            var result: [FileSweepEntry] = []
            for entry in entries {
                guard let values = entry.value else { continue }
                do {
                    result.append(FileSweepEntry(axis: try SweepAxis(path: entry.key, values: values, origin: "sweep")))
                } catch {
                    m.fail(entry.key, "\(error)")
                }
            }
            guard !m.failed else { return nil }
            do {
                _ = try ScenarioSweep.combinations(result.map(\.axis))
            } catch {
                m.fail("\(error)")
                return nil
            }
            return result
        }
    }

    /// A value of a swept key: a scalar, kept as YAML text (a quoted string stays quoted, so `"0.3"` stays a string).
    private static var sweepValue: Value<String> {
        Value(shape: .scalar, read: { field in
            guard field.reader.visit(field.path, field.mark) else { return nil }
            guard case .scalar(let scalar) = field.node else {
                field.fail(expected: "a number, a word or a quoted string")
                return nil
            }
            if scalar.style == .plain || scalar.style == .any { return scalar.string }
            return JSONValue.string(scalar.string).text
        })
    }
}
