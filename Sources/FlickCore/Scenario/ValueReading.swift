import Foundation
import Yams
import FlickPhysics

// Every key of a scenario file is stated once, where the decoder reads it: the read names the key, its kind of
// value, its default and its meaning. Run on a document, the reads decode it, and a key nothing read is an
// unknown key; run on no document, the same reads describe the format, and that description is the JSON Schema
// (`flick schema`) and the reference tables of docs/scenario-format.md. So the decoder, the schema and the docs
// cannot disagree about which keys exist.

/// What a value of a scenario file looks like, for the JSON Schema and the docs.
indirect enum Shape {
    case number(NumberRule)
    case string(maxLength: Int, pattern: String?)
    case bool
    case words([String])
    case list(Shape, minCount: Int)
    /// A list of exactly these (`[x, y]`).
    case tuple([Shape])
    case object(ObjectForm)
    case anyOf([Shape])
    /// A number, a string, true, false or null.
    case scalar
}

/// One key of an object, as the decoder reads it.
struct KeyDescription {
    enum Need {
        case required
        /// Required unless the document gives what this says (`a device`).
        case requiredUnless(String)
        case optional
        case defaulted(JSONValue?)
    }
    var name: String
    var shape: Shape
    var need: Need
    var doc: String
}

/// The keys of one kind of object, in the order the decoder reads them.
struct ObjectDescription {
    var keys: [KeyDescription] = []
    /// Sets of alternatives of which exactly one must be given; each alternative is keys given together.
    var exactlyOne: [[[String]]] = []
    /// Sets of keys of which at most one may be given.
    var atMostOne: [[String]] = []
    /// Any other key is a value of this shape (an expectation's state paths): its name and meaning.
    var others: (name: String, shape: Shape, doc: String)?
}

/// A named kind of object (`list`, `drag`, `viewport`): a section of the docs and a definition of the schema.
/// Its keys are learned by running its reads on no document, when first asked.
final class ObjectForm {
    let name: String
    let doc: String
    private let body: (Mapping) -> Void
    private(set) lazy var description: ObjectDescription = {
        let mapping = Mapping(describing: name)
        body(mapping)
        return mapping.description
    }()

    init(name: String, doc: String, body: @escaping (Mapping) -> Void) {
        self.name = name
        self.doc = doc
        self.body = body
    }
}

/// How one kind of value is read from a node, and what it looks like.
struct Value<T> {
    /// Made only when the format is described: reading a document never needs it.
    private let describe: () -> Shape
    let read: (Field) -> T?
    /// The value as JSON, for a default in the schema and the docs (nil when it has no simple form).
    let encode: (T) -> JSONValue?

    init(shape: @autoclosure @escaping () -> Shape, read: @escaping (Field) -> T?,
         encode: @escaping (T) -> JSONValue? = { _ in nil }) {
        describe = shape
        self.read = read
        self.encode = encode
    }

    var shape: Shape { describe() }

    /// The same shape, read and then transformed (nil when the transform refused it, having said why).
    func map<U>(_ transform: @escaping (T, Field) -> U?) -> Value<U> {
        let read = self.read
        return Value<U>(shape: self.shape) { field in read(field).flatMap { transform($0, field) } }
    }
}

extension Value where T == Double {
    static func number(_ rule: NumberRule) -> Value { Value(shape: .number(rule), read: { $0.number(rule) }, encode: { .number($0) }) }
}

extension Value where T == Int {
    static func integer(_ rule: NumberRule) -> Value {
        let rule = rule.wholeNumber
        return Value(shape: .number(rule), read: { $0.number(rule).map { Int($0) } }, encode: { .number(Double($0)) })
    }
}

extension Value where T == Bool {
    static var bool: Value { Value(shape: .bool, read: { $0.bool() }, encode: { .bool($0) }) }
}

extension Value where T == String {
    static func text(maxLength: Int = ScenarioDecoder.maximumTextLength) -> Value {
        Value(shape: .string(maxLength: maxLength, pattern: nil), read: { $0.string(maxLength: maxLength) }, encode: { .string($0) })
    }

    /// `#rrggbb`, kept in lower case.
    static var color: Value {
        Value(shape: .string(maxLength: 7, pattern: "^#[0-9A-Fa-f]{6}$"), read: { field in
            guard let text = field.string(maxLength: ScenarioDecoder.maximumTextLength) else { return nil }
            guard text.hasPrefix("#"), text.count == 7, text.dropFirst().allSatisfy(\.isHexDigit) else {
                field.fail("expected a colour \"#rrggbb\", found \"\(Field.truncated(text))\"")
                return nil
            }
            return text.lowercased()
        }, encode: { .string($0) })
    }
}

extension Value where T: RawRepresentable & CaseIterable, T.RawValue == String {
    /// One of the enumeration's raw values.
    static var choice: Value {
        let words = T.allCases.map(\.rawValue)
        return Value(shape: .words(words), read: { $0.word(words).flatMap(T.init(rawValue:)) }, encode: { .string($0.rawValue) })
    }
}

extension Value where T == Point {
    /// `[x, y]`.
    static func point(_ rule: NumberRule) -> Value {
        Value(shape: .tuple([.number(rule), .number(rule)])) { field in
            guard let items = field.sequence(minCount: 0) else { return nil }
            guard items.count == 2 else {
                field.fail("expected a point [x, y], found a list of \(items.count)")
                return nil
            }
            let (x, y) = (items[0].number(rule), items[1].number(rule))
            guard let x, let y else { return nil }
            return Point(x: x, y: y)
        }
    }
}

extension Value where T == UnitBezier {
    /// The most a control point's progress coordinate may be from 0: a curve overshooting tenfold is far beyond any
    /// designer's, and the bound keeps every position a curve gives finite.
    static let maximumControlProgress = 10.0

    /// `[x1, y1, x2, y2]`: Core Animation's control points, x1 and x2 in 0...1.
    static var cubicBezier: Value {
        let time = NumberRule.closed(0, 1)
        let progress = NumberRule.finite.within(-maximumControlProgress, maximumControlProgress)
        return Value(shape: .tuple([.number(time), .number(progress), .number(time), .number(progress)])) { field in
            guard let items = field.sequence(minCount: 0) else { return nil }
            guard items.count == 4 else {
                field.fail("expected control points [x1, y1, x2, y2], found a list of \(items.count)")
                return nil
            }
            let names = ["x1", "y1", "x2", "y2"]
            var values: [Double] = []
            for (i, item) in items.enumerated() {
                let isTime = i % 2 == 0
                guard let value = item.number(.finite) else { continue }
                if isTime, !time.domainAdmits(value) {
                    item.fail("\(names[i]) must be in 0...1 (a control point's time lies within the animation), found \(say(value))")
                } else if !isTime, !progress.limitsAdmit(value) {
                    item.fail("\(names[i]) must be from \(say(-maximumControlProgress)) to \(say(maximumControlProgress)), found \(say(value))")
                } else {
                    values.append(value)
                }
            }
            guard values.count == 4 else { return nil }
            return UnitBezier(values[0], values[1], values[2], values[3])
        }
    }
}

extension Value {
    static func list<E>(of element: Value<E>, minCount: Int = 0) -> Value where T == [E] {
        Value(shape: .list(element.shape, minCount: minCount), read: { field in
            guard let items = field.sequence(minCount: minCount) else { return nil }
            let values = items.compactMap(element.read)
            return values.count == items.count ? values : nil
        }, encode: { values in
            let items = values.compactMap(element.encode)
            return items.count == values.count ? .array(items) : nil
        })
    }

    /// A mapping whose keys are the ones `body` reads; any other key is reported as unknown.
    static func object(_ name: String, _ doc: String, _ body: @escaping (Mapping) -> T?) -> Value {
        Value(shape: .object(ObjectForm(name: name, doc: doc) { _ = body($0) })) { field in
            let mapping = Mapping(reading: field, object: name)
            let result = body(mapping)
            mapping.finish()
            return mapping.failed ? nil : result
        }
    }
}

/// Reads one mapping of the document through the keys the decoder asks for, or, given no document, records
/// those keys as the description of its kind of object.
///
/// Reads return nil for a key that is absent or wrong (a wrong value has been reported); `failed` says whether
/// anything in the mapping was wrong, so checks across keys run only on values that are all right.
final class Mapping {
    private struct Entry {
        var keyMark: Mark?
        var value: Node
        /// What a key that is not a string is, for its message.
        var keyKind = ""
    }

    let object: String
    private let owner: Field?
    /// False while describing, for a node that is not a mapping, and once the walk's budget is spent.
    private let live: Bool
    private var notAMapping = false
    private var entries: [Entry] = []
    /// The key of each entry; nil for a key that is not a string.
    private var keys: [String?] = []
    /// The first entry of each key, for mappings too large to search (a hostile file may give thousands of keys).
    private var firstEntries: [String: Int]?
    /// Where this mapping's own key problems go among the reader's diagnostics (see `NodeReader.insert`).
    private let anchor: Int
    /// Keys asked for, in order: the allowed keys.
    private var asked: [String] = []
    /// Keys that are not allowed here but have their own message (a sheet inside a page).
    private var refused: Set<String> = []
    private var takesOthers = false
    /// Required keys found missing, with where their message goes among the reader's diagnostics: said by `finish()`
    /// unless an unknown key's suggestion or a merge key (`<<`) explains them (one typo, one error).
    private var missing: [(keys: [String], message: String, at: Int)] = []
    private let describing: Bool
    private(set) var description = ObjectDescription()
    private(set) var failed = false

    init(reading field: Field, object: String) {
        self.object = object
        owner = field
        describing = false
        anchor = field.reader.diagnostics.count
        guard field.reader.visit(field.path, field.mark) else {
            live = false
            failed = true
            return
        }
        guard case .mapping(let mapping) = field.node else {
            live = false
            notAMapping = true
            failed = true
            return
        }
        live = true
        let renamed = field.reader.renamedKeys
        keys.reserveCapacity(mapping.count)
        entries.reserveCapacity(mapping.count)
        asked.reserveCapacity(16)
        for (keyNode, valueNode) in mapping {
            if case .scalar(let scalar) = keyNode {
                keys.append(renamed.isEmpty ? scalar.string : renamed[scalar.string] ?? scalar.string)
                entries.append(Entry(keyMark: keyNode.mark, value: valueNode))
            } else {
                keys.append(nil)
                entries.append(Entry(keyMark: keyNode.mark, value: valueNode, keyKind: Field.describe(keyNode)))
            }
        }
        if keys.count > 16 {
            var first: [String: Int] = [:]
            for (i, key) in keys.enumerated() { if let key, first[key] == nil { first[key] = i } }
            firstEntries = first
        }
    }

    /// The index of the first entry of `key`.
    private func firstEntry(_ key: String) -> Int? {
        if let firstEntries { return firstEntries[key] }
        var i = 0
        while i < keys.count {
            if keys[i] == key { return i }
            i += 1
        }
        return nil
    }

    private func field(at i: Int) -> Field? {
        guard let owner, let key = keys[i] else { return nil }
        return owner.child(entries[i].value, key: key)
    }

    init(describing object: String) {
        self.object = object
        owner = nil
        describing = true
        live = false
        anchor = 0
        failed = true
    }

    var path: String { owner?.path ?? "" }

    /// The value of `key` in the document, if present.
    func field(_ key: String) -> Field? {
        guard live, let i = firstEntry(key) else { return nil }
        return field(at: i)
    }

    func has(_ key: String) -> Bool { live && firstEntry(key) != nil }

    /// Reports a problem with the mapping as a whole.
    func fail(_ message: String) {
        failed = true
        owner?.fail(message)
    }

    /// Reports that a required key is absent, naming it in `message`; `keys` are the keys any of which would have
    /// answered. Said when the mapping is finished, and not at all if an unknown key here is a misspelling of one of
    /// `keys` (its "did you mean" is the one error) or a merge key here holds one of them.
    func failMissing(_ keys: [String], _ message: String) {
        failed = true
        guard let owner else { return }
        missing.append((keys, message, owner.reader.diagnostics.count))
    }

    /// Reports a problem with the value of `key`.
    func fail(_ key: String, _ message: String) {
        failed = true
        field(key)?.fail(message)
    }

    private func ask(_ key: String, _ shape: @autoclosure () -> Shape, _ need: @autoclosure () -> KeyDescription.Need,
                     _ doc: String) {
        asked.append(key)
        if describing { description.keys.append(KeyDescription(name: key, shape: shape(), need: need(), doc: doc)) }
    }

    private func read<T>(_ field: Field, _ key: String, _ value: Value<T>) -> T? {
        if field.reader.recordsKeys { field.reader.noteRead(object, key) }
        let result = value.read(field)
        if result == nil { failed = true }
        return result
    }

    // MARK: Reads

    func required<T>(_ key: String, _ value: Value<T>, _ doc: String) -> T? {
        ask(key, value.shape, .required, doc)
        guard let field = field(key) else {
            if live { failMissing([key], "missing required key \"\(key)\"") }
            return nil
        }
        return read(field, key, value)
    }

    /// Required unless the key `unless` is given, whose value supplies `fallback`.
    func required<T>(_ key: String, _ value: Value<T>, _ doc: String, orElse fallback: T?, unless: String) -> T? {
        ask(key, value.shape, .requiredUnless(unless), doc)
        guard let field = field(key) else {
            if live, !has(unless) { failMissing([key], "missing required key \"\(key)\"") }
            return fallback
        }
        return read(field, key, value)
    }

    func optional<T>(_ key: String, _ value: Value<T>, _ doc: String) -> T? {
        ask(key, value.shape, .optional, doc)
        return field(key).flatMap { read($0, key, value) }
    }

    /// The value of `key`, or `defaultValue` (the model's own default) when it is absent; nil when it is wrong.
    func value<T>(_ key: String, _ value: Value<T>, default defaultValue: T, _ doc: String) -> T? {
        ask(key, value.shape, .defaulted(value.encode(defaultValue)), doc)
        guard let field = field(key) else { return live ? defaultValue : nil }
        return read(field, key, value)
    }

    /// The one key of `keys` given (a component, a gesture's action), read as `value(key)`; reports none or
    /// several at the mapping. A key in `refusing` counts as given, and is refused with its message. `admit` may
    /// refuse the one given.
    func one<K: RawRepresentable, T>(of choices: [K], _ value: (K) -> Value<T>, doc: (K) -> String,
                                     none: @autoclosure () -> String, several: ([String]) -> String, refusing: [String: String] = [:],
                                     admit: (Field) -> Bool = { _ in true }) -> T? where K.RawValue == String {
        if describing {
            for key in choices { ask(key.rawValue, value(key).shape, .optional, doc(key)) }
            description.exactlyOne.append(choices.map { [$0.rawValue] })
            return nil
        }
        for choice in choices { asked.append(choice.rawValue) }
        refused.formUnion(refusing.keys)
        guard live else { return nil }
        var present: [String] = []
        for i in keys.indices {
            if let key = keys[i], choices.contains(where: { $0.rawValue == key }) || refusing[key] != nil, firstEntry(key) == i {
                present.append(key)
            }
        }
        guard present.count == 1, let key = present.first, let field = field(key) else {
            fail(present.isEmpty ? none() : several(present))
            return nil
        }
        if let reason = refusing[key] {
            failed = true
            field.fail(reason)
            return nil
        }
        guard let choice = K(rawValue: key), admit(field) else {
            failed = true
            return nil
        }
        return read(field, key, value(choice))
    }

    /// Records that exactly one of these groups of keys (read separately) must be given, for the schema.
    func exactlyOne(_ groups: [[String]]) { description.exactlyOne.append(groups) }

    /// Records that at most one of these keys (read separately) may be given, for the schema.
    func atMostOne(_ keys: [String]) { if describing { description.atMostOne.append(keys) } }

    /// Every key not asked for, in document order, read as `value`: the mapping's free-form keys.
    func others<T>(_ name: String, _ value: Value<T>, _ doc: String) -> [(key: String, keyMark: Mark?, field: Field, value: T?)] {
        description.others = (name, value.shape, doc)
        takesOthers = true
        guard live else { return [] }
        let known = Set(asked).union(refused)
        return keys.indices.compactMap { i in
            guard let key = keys[i], !known.contains(key), firstEntry(key) == i, let field = field(at: i) else { return nil }
            let result = value.read(field)
            if result == nil { failed = true }
            return (key, entries[i].keyMark, field, result)
        }
    }

    /// Reports, where the mapping began, what the reads could not know about until they were done: that the value
    /// is not a mapping, or keys that are not strings, appear twice, or were not asked for.
    func finish() {
        guard let owner else { return }
        var list: String { asked.joined(separator: ", ") }
        if notAMapping {
            owner.reader.insert([diagnostic(owner.path, owner.mark, "expected a mapping with keys \(list), found \(Field.describe(owner.node))")],
                                at: anchor)
            return
        }
        guard live else { return }
        var problems: [ScenarioDiagnostic] = []
        // Keys an unknown key was taken for, or a merge key holds: not said to be missing as well.
        var explained: Set<String> = []
        for i in keys.indices {
            guard let key = keys[i] else {
                problems.append(diagnostic(owner.path, entries[i].keyMark, "keys must be strings, found \(entries[i].keyKind)"))
                continue
            }
            let first = firstEntry(key) ?? i
            guard first != i || !(takesOthers || asked.contains(key) || refused.contains(key)), let field = field(at: i) else { continue }
            if first != i {
                var message = "duplicate key \"\(Field.truncated(key))\""
                if let mark = entries[first].keyMark { message += " (first at line \(mark.line), column \(mark.column))" }
                problems.append(diagnostic(field.path, entries[i].keyMark, message))
            } else if key == "<<" {
                problems.append(diagnostic(field.path, entries[i].keyMark,
                                           "YAML merge keys (<<) are not read: write the keys out, or make the whole mapping an alias"))
                explained.formUnion(Self.mergedKeys(entries[i].value))
            } else {
                var message = "unknown key \"\(Field.truncated(key))\""
                if let suggestion = closest(to: key, in: asked) {
                    message += " (did you mean \"\(suggestion)\"?)"
                    explained.insert(suggestion)
                }
                problems.append(diagnostic(field.path, entries[i].keyMark, message + "; expected one of: \(list)"))
            }
        }
        // Last first, each at its own place: an earlier one's place is not moved by a later one's.
        for absent in missing.reversed() where !absent.keys.contains(where: explained.contains) {
            owner.reader.insert([diagnostic(owner.path, owner.mark, absent.message)], at: absent.at)
        }
        if !problems.isEmpty { failed = true }
        owner.reader.insert(problems, at: anchor)
    }

    /// The string keys a merge key's value holds: a mapping's, or those of each mapping in a sequence.
    private static func mergedKeys(_ node: Node) -> [String] {
        switch node {
        case .mapping(let mapping): mapping.keys.compactMap(\.string)
        case .sequence(let sequence): sequence.flatMap { item -> [String] in
            guard case .mapping(let mapping) = item else { return [] }
            return mapping.keys.compactMap(\.string)
        }
        case .scalar, .alias: []
        }
    }

    private func diagnostic(_ path: String, _ mark: Mark?, _ message: String) -> ScenarioDiagnostic {
        ScenarioDiagnostic(file: owner?.reader.file ?? "", path: path, line: mark?.line, column: mark?.column,
                           message: message)
    }
}
