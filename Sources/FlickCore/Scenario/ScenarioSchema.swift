import Foundation

/// The scenario format as the decoder's own reads describe it: the JSON Schema of scenario files (`flick schema`,
/// docs/scenario.schema.json) and the reference tables of docs/scenario-format.md. Both come from the reads that
/// decode a file, so neither can name a key the decoder does not read, or miss one it does.
public enum ScenarioSchema {
    /// Every kind of object a scenario holds, the file itself first, then each as first met in its keys.
    static var objects: [ObjectForm] {
        guard case .object(let root) = ScenarioFormat(defaultName: "").scenario.shape else { return [] }
        var forms = [root], names: Set<String> = [root.name]
        var next = 0
        func visit(_ shape: Shape) {
            switch shape {
            case .object(let form):
                if names.insert(form.name).inserted { forms.append(form) }
            case .list(let item, _): visit(item)
            case .tuple(let items), .anyOf(let items): items.forEach(visit)
            case .number, .string, .bool, .words, .scalar: break
            }
        }
        while next < forms.count {
            let description = forms[next].description
            description.keys.forEach { visit($0.shape) }
            if let others = description.others { visit(others.shape) }
            next += 1
        }
        return forms
    }

    /// Kinds of object that share a name but not their keys (the docs and the schema would show only the first).
    static var conflicts: [String] {
        var keys: [String: [String]] = [:]
        var conflicts: [String] = []
        func check(_ shape: Shape) {
            switch shape {
            case .object(let form):
                let names = form.description.keys.map(\.name)
                if let known = keys[form.name] { if known != names { conflicts.append(form.name) } } else { keys[form.name] = names }
            case .list(let item, _): check(item)
            case .tuple(let items), .anyOf(let items): items.forEach(check)
            case .number, .string, .bool, .words, .scalar: break
            }
        }
        for form in objects { form.description.keys.forEach { check($0.shape) } }
        return conflicts
    }

    // MARK: JSON Schema

    /// The JSON Schema (draft 2020-12) of scenario files, indented, ending in a newline.
    public static var json: String {
        let forms = objects
        guard let root = forms.first else { return "{}\n" }
        var document: [(String, JSONValue)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string("Flick scenario")),
        ]
        if case .object(let pairs) = definition(root) { document += pairs }
        document.append(("$defs", .object(forms.dropFirst().map { ($0.name, definition($0)) })))
        var out = ""
        write(.object(document), indent: "", to: &out)
        return out + "\n"
    }

    private static func definition(_ form: ObjectForm) -> JSONValue {
        let d = form.description
        var pairs: [(String, JSONValue)] = [("description", .string(form.doc)), ("type", .string("object"))]
        pairs.append(("properties", .object(d.keys.map { key in
            var property: [(String, JSONValue)] = [("description", .string(key.doc))]
            if case .defaulted(let value?) = key.need { property.append(("default", value)) }
            if case .object(let pairs) = schema(key.shape) { property += pairs }
            return (key.name, .object(property))
        })))
        let required = d.keys.filter { if case .required = $0.need { true } else { false } }.map { JSONValue.string($0.name) }
        if !required.isEmpty { pairs.append(("required", .array(required))) }
        var groups = d.exactlyOne.map { group in
            JSONValue.object([("oneOf", .array(group.map { .object([("required", .array($0.map(JSONValue.string)))]) }))])
        }
        for keys in d.atMostOne {
            groups.append(.object([("not", .object([("required", .array(keys.map(JSONValue.string)))]))]))
        }
        var unless: [String: [String]] = [:]
        for key in d.keys { if case .requiredUnless(let other) = key.need { unless[other, default: []].append(key.name) } }
        for (other, keys) in unless.sorted(by: { $0.key < $1.key }) {
            groups.append(.object([("anyOf", .array([.object([("required", .array([.string(other)]))]),
                                                     .object([("required", .array(keys.map(JSONValue.string)))])]))]))
        }
        if groups.count == 1, case .object(let group) = groups[0] { pairs += group } else if !groups.isEmpty { pairs.append(("allOf", .array(groups))) }
        if let others = d.others {
            pairs.append(("additionalProperties", schema(others.shape, doc: others.doc)))
            pairs.append(("minProperties", .number(Double(d.keys.count > 0 ? 2 : 1))))
        } else {
            pairs.append(("additionalProperties", .bool(false)))
        }
        return .object(pairs)
    }

    private static func schema(_ shape: Shape, doc: String? = nil) -> JSONValue {
        var pairs: [(String, JSONValue)] = doc.map { [("description", .string($0))] } ?? []
        switch shape {
        case .number(let rule):
            pairs.append(("type", .string(rule.whole ? "integer" : "number")))
            let (low, high) = rule.bounds
            if let low { pairs.append((low.1 ? "exclusiveMinimum" : "minimum", .number(low.0))) }
            if let high { pairs.append((high.1 ? "exclusiveMaximum" : "maximum", .number(high.0))) }
        case .string(let maxLength, let pattern):
            pairs.append(("type", .string("string")))
            if let pattern { pairs.append(("pattern", .string(pattern))) }
            pairs.append(("maxLength", .number(Double(maxLength))))
        case .bool:
            pairs.append(("type", .string("boolean")))
        case .words(let words):
            pairs.append(("enum", .array(words.map(JSONValue.string))))
        case .list(let item, let minCount):
            pairs += [("type", .string("array")), ("items", schema(item))]
            if minCount > 0 { pairs.append(("minItems", .number(Double(minCount)))) }
        case .tuple(let items):
            pairs += [("type", .string("array")), ("prefixItems", .array(items.map { schema($0) })), ("items", .bool(false)),
                      ("minItems", .number(Double(items.count)))]
        case .object(let form):
            pairs.append(("$ref", .string("#/$defs/\(form.name)")))
        case .anyOf(let shapes):
            pairs.append(("anyOf", .array(shapes.map { schema($0) })))
        case .scalar:
            pairs.append(("type", .array(["number", "string", "boolean", "null"].map(JSONValue.string))))
        }
        return .object(pairs)
    }

    /// JSON with two spaces of indentation; what fits in 100 columns stays on one line.
    private static func write(_ value: JSONValue, indent: String, to out: inout String) {
        let inner = indent + "  "
        if case let text = value.text, indent.count + text.count <= 100 {
            out += text
            return
        }
        switch value {
        case .object(let pairs) where !pairs.isEmpty:
            out += "{\n"
            for (i, (key, child)) in pairs.enumerated() {
                out += inner
                JSONValue.string(key).write(to: &out)
                out += ": "
                write(child, indent: inner, to: &out)
                out += i < pairs.count - 1 ? ",\n" : "\n"
            }
            out += indent + "}"
        case .array(let items) where items.contains(where: { if case .object = $0 { true } else { false } }):
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += inner
                write(item, indent: inner, to: &out)
                out += i < items.count - 1 ? ",\n" : "\n"
            }
            out += indent + "]"
        default:
            value.write(to: &out)
        }
    }

    // MARK: Markdown

    /// The reference part of docs/scenario-format.md: a table of keys for each kind of object.
    public static var markdown: String {
        var out = ""
        for form in objects {
            out += "### `\(form.name)`\n\n\(form.doc)\n\n| key | value | default | meaning |\n|---|---|---|---|\n"
            let d = form.description
            for key in d.keys {
                let need: String
                switch key.need {
                case .required: need = "required"
                case .requiredUnless(let other): need = "required without `\(other)`"
                case .optional: need = "—"
                case .defaulted(.string(let text)?): need = text.isEmpty ? "`\"\"`" : "`\(text)`"
                case .defaulted(let value?): need = "`\(value.text)`"
                case .defaulted(nil): need = "its keys' defaults"
                }
                out += "| `\(key.name)` | \(describe(key.shape)) | \(need) | \(escaped(key.doc)) |\n"
            }
            if let others = d.others {
                out += "| *\(others.name)* | \(describe(others.shape)) | — | \(escaped(others.doc)) |\n"
            }
            for group in d.exactlyOne {
                out += "\nExactly one of: \(group.map { $0.map { "`\($0)`" }.joined(separator: " and ") }.joined(separator: ", ")).\n"
            }
            for keys in d.atMostOne {
                out += "\nAt most one of: \(keys.map { "`\($0)`" }.joined(separator: ", ")).\n"
            }
            out += "\n"
        }
        return out
    }

    private static func escaped(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    private static func describe(_ shape: Shape) -> String {
        switch shape {
        case .number(let rule): return String(rule.limitExpectation.dropFirst(2))
        case .string(let maxLength, let pattern):
            if pattern == "^#[0-9A-Fa-f]{6}$" { return "colour `#rrggbb`" }
            return pattern.map { "text matching `\($0)`, at most \(maxLength) characters" } ?? "text, at most \(maxLength) characters"
        case .bool: return "true or false"
        case .words(let words) where words.count > 8: return "one of \(words.count) names"
        case .words(let words): return "one of " + words.map { "`\($0)`" }.joined(separator: ", ")
        case .list(let item, let minCount): return "list of \(describe(item))" + (minCount > 0 ? " (at least \(minCount))" : "")
        case .tuple(let items): return "[" + items.map(describe).joined(separator: ", ") + "]"
        case .object(let form): return "[`\(form.name)`](#\(form.name.lowercased()))"
        case .anyOf(let shapes): return shapes.map(describe).joined(separator: ", or ")
        case .scalar: return "number, text, true, false or null"
        }
    }
}
