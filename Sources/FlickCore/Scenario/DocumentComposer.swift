import Foundation
import Yams

/// Composes scenario text into a YAML node tree, guarding against the two ways a small text can make the
/// composer work without bound, and keeping going past duplicate keys so that they are reported like any
/// other problem, with their key path.
///
/// - Aliases in keys: the composer hashes every mapping key to find duplicates, and an alias used as a key
///   (or inside one) is hashed with all it expands to: a "billion laughs" key takes forever. So when the text
///   uses aliases, a shadow copy in which every alias is a plain word is composed first (cheap: nothing
///   expands), and a key holding an alias is refused before the real text is composed. (Complex `?` keys,
///   the other way to make a huge key, are refused by `ScenarioDecoder.textProblem` before this.)
/// - Duplicate keys: Yams throws at the first one, naming the key and where it first appears. The decoder
///   renames that first occurrence in the text to a private placeholder of the same length (so that every
///   line and column stays put) and composes again; `NodeReader` maps the placeholder back and reports the
///   second occurrence as a duplicate at its own key path, line and column, along with every other problem.
enum DocumentComposer {
    struct Composed {
        var root: Node?
        /// Placeholder → the key as written.
        var renamedKeys: [String: String]
    }

    /// Stands for the `*` of an alias in the shadow copy: a private-use character, so no file means it.
    static let aliasMarker: Unicode.Scalar = "\u{E000}"
    /// Placeholders for renamed duplicate keys start here (private use as well).
    static let placeholderBase: UInt32 = 0xE100
    /// The most duplicate keys located per file by composing again.
    static let maximumRenames = 32
    /// Composing again costs a pass over the text: the passes together cover at most this many bytes.
    static let renameWorkLimit = 8 << 20

    static func compose(_ text: String, file: String) throws(ScenarioError) -> Composed {
        if let shadow = shadowWithoutAliases(text) {
            let composed = try composeAllowingDuplicates(shadow, file: file)
            if let root = composed.root {
                let problems = aliasKeyProblems(root, renamedKeys: composed.renamedKeys, file: file)
                if !problems.isEmpty { throw ScenarioError(problems) }
            }
        }
        return try composeAllowingDuplicates(text, file: file)
    }

    // MARK: Aliases

    private static func isAnchorCharacter(_ c: Unicode.Scalar) -> Bool {
        // libyaml's anchor and alias names: ASCII letters, digits, '_' and '-'.
        c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-")
    }

    /// The text with the `*` of every alias replaced by `aliasMarker` (one character for one, so lines and
    /// columns are unchanged), or nil when the text has no alias. It errs towards replacing: a `*` that is not
    /// an alias (in a quoted string, say) only changes a string of the shadow copy.
    static func shadowWithoutAliases(_ text: String) -> String? {
        var scalars = Array(text.unicodeScalars)
        var found = false
        for i in scalars.indices where scalars[i] == "*" {
            guard i + 1 < scalars.count, isAnchorCharacter(scalars[i + 1]) else { continue }
            // `a*b` is a plain scalar and `!a*b` a tag: an alias starts where a token can.
            if i > 0, isAnchorCharacter(scalars[i - 1]) || scalars[i - 1] == "!" || scalars[i - 1] == "*" { continue }
            scalars[i] = aliasMarker
            found = true
        }
        guard found else { return nil }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// Keys of the shadow tree that hold an alias: an alias as a key, or a list or mapping with one inside.
    static func aliasKeyProblems(_ root: Node, renamedKeys: [String: String], file: String) -> [ScenarioDiagnostic] {
        func isAlias(_ node: Node) -> Bool {
            guard case .scalar(let s) = node, s.style == .plain || s.style == .any else { return false }
            return s.string.unicodeScalars.first == aliasMarker
        }
        func containsAlias(_ node: Node) -> Bool {
            var stack = [node]
            while let next = stack.popLast() {
                switch next {
                case .scalar: if isAlias(next) { return true }
                case .alias: return true
                case .sequence(let sequence): stack.append(contentsOf: sequence)
                case .mapping(let mapping): for (k, v) in mapping { stack.append(k); stack.append(v) }
                }
            }
            return false
        }
        var problems: [ScenarioDiagnostic] = []
        var stack: [(Node, String)] = [(root, "")]
        while let (node, path) = stack.popLast(), problems.count < NodeReader.maximumDiagnostics {
            switch node {
            case .scalar, .alias: break
            case .sequence(let sequence):
                for (index, item) in sequence.enumerated().reversed() { stack.append((item, "\(path)[\(index)]")) }
            case .mapping(let mapping):
                for (key, value) in mapping.reversed() {
                    let mark = key.mark
                    if isAlias(key) {
                        let name = key.scalar.map { String($0.string.unicodeScalars.dropFirst()) } ?? ""
                        problems.append(ScenarioDiagnostic(file: file, path: path, line: mark?.line, column: mark?.column,
                            message: "an alias (*\(Field.truncated(name))) cannot be a key: keys are plain names"))
                    } else if case .scalar(let s) = key {
                        let name = renamedKeys[s.string] ?? s.string
                        stack.append((value, path.isEmpty ? name : "\(path).\(name)"))
                    } else if containsAlias(key) {
                        problems.append(ScenarioDiagnostic(file: file, path: path, line: mark?.line, column: mark?.column,
                            message: "keys must be strings, found \(Field.describe(key)) holding an alias"))
                    }
                }
            }
        }
        return problems.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
    }

    // MARK: Duplicate keys

    static func composeAllowingDuplicates(_ original: String, file: String) throws(ScenarioError) -> Composed {
        var text = original
        var renamed: [String: String] = [:]
        let passes = min(maximumRenames, renameWorkLimit / max(1, original.utf8.count))
        while true {
            do {
                return Composed(root: try Yams.compose(yaml: text), renamedKeys: renamed)
            } catch let error as YamlError {
                if case .duplicatedKeysInMapping(let duplicates, let context) = error, renamed.count < passes,
                   let key = duplicates.first,
                   let renaming = rename(key, at: context.mark, in: text, number: renamed.count) {
                    text = renaming.text
                    renamed[renaming.placeholder] = key
                    continue
                }
                throw ScenarioError([ScenarioDecoder.syntaxDiagnostic(error, file: file)])
            } catch {
                throw ScenarioError([ScenarioDiagnostic(file: file, path: "", message: "syntax error: \(error)")])
            }
        }
    }

    /// The text with the key `key` that starts at `mark` (written plain or in quotes, without escapes)
    /// replaced by a placeholder of as many characters; nil when the text there is not that key as written.
    static func rename(_ key: String, at mark: Mark, in text: String, number: Int) -> (text: String, placeholder: String)? {
        let scalars = Array(text.unicodeScalars)
        let keyScalars = Array(key.unicodeScalars)
        guard !keyScalars.isEmpty, let start = offset(line: mark.line, column: mark.column, in: scalars),
              let first = Unicode.Scalar(placeholderBase + UInt32(number)),
              let filler = Unicode.Scalar(placeholderBase) else { return nil }
        var from = start
        if scalars[start] == "\"" || scalars[start] == "'" {
            from += 1
            guard from + keyScalars.count < scalars.count, scalars[from + keyScalars.count] == scalars[start] else {
                return nil
            }
        }
        guard from + keyScalars.count <= scalars.count,
              scalars[from..<(from + keyScalars.count)].elementsEqual(keyScalars) else { return nil }
        let placeholder = [first] + Array(repeating: filler, count: keyScalars.count - 1)
        var result = scalars
        result.replaceSubrange(from..<(from + keyScalars.count), with: placeholder)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: result)
        var placeholderView = String.UnicodeScalarView()
        placeholderView.append(contentsOf: placeholder)
        return (String(view), String(placeholderView))
    }

    /// The index of the character at a libyaml line and column (both from 1; lines break as libyaml breaks them).
    static func offset(line targetLine: Int, column targetColumn: Int, in scalars: [Unicode.Scalar]) -> Int? {
        var line = 1, column = 1
        var i = 0
        while i < scalars.count {
            if line == targetLine && column == targetColumn { return i }
            if line > targetLine { return nil }
            let c = scalars[i]
            if c == "\r" {
                if i + 1 < scalars.count && scalars[i + 1] == "\n" { i += 1 }
                line += 1
                column = 1
            } else if c == "\n" || c == "\u{85}" || c == "\u{2028}" || c == "\u{2029}" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            i += 1
        }
        return nil
    }
}

private extension Node {
    var scalar: Node.Scalar? {
        if case .scalar(let s) = self { return s }
        return nil
    }
}
