import Foundation

/// Why a states document could not be read back (docs/states.md): the key path and the problem; the file is named
/// by whoever read it (`Run.read(json:file:)` puts it first).
public struct StatesReadError: Error, CustomStringConvertible, Equatable {
    /// The file, when known (`states.json`).
    public var file: String
    /// Where in the document: `frames[3].scrollViews.list.contentOffset.y`; empty for the document itself.
    public var path: String
    public var problem: String

    public init(file: String = "", path: String, problem: String) {
        self.file = file
        self.path = path
        self.problem = problem
    }

    public var description: String {
        [file, path, problem].filter { !$0.isEmpty }.joined(separator: ": ")
    }
}

extension JSONValue {
    /// Parses `data` keeping every object's keys in their order (the states document's collections are in document
    /// order). Refuses nesting deeper than `maximumDepth`, before recursing into it.
    public static func parse(_ data: Data, maximumDepth: Int = ScenarioDecoder.maximumNesting) throws(StatesReadError) -> JSONValue {
        var parser = JSONParser(bytes: Array(data), maximumDepth: maximumDepth)
        return try parser.document()
    }
}

/// A small JSON parser into `JSONValue` (RFC 8259), for documents this program wrote or someone else's of their shape.
struct JSONParser {
    let bytes: [UInt8]
    let maximumDepth: Int
    var i = 0
    var depth = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    func fail(_ problem: String) -> StatesReadError {
        StatesReadError(path: "", problem: "not JSON at byte \(i): \(problem)")
    }

    mutating func document() throws(StatesReadError) -> JSONValue {
        let value = try self.value()
        skipSpace()
        guard i == bytes.count else { throw fail("more after the document's end") }
        return value
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    mutating func expect(_ word: String, _ value: JSONValue) throws(StatesReadError) -> JSONValue {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw fail("expected a value") }
        i += w.count
        return value
    }

    mutating func value() throws(StatesReadError) -> JSONValue {
        skipSpace()
        guard i < bytes.count else { throw fail("the document ends early") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            depth += 1
            guard depth <= maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels") }
            i += 1
            var pairs: [(String, JSONValue)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(pairs) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                i += 1
                pairs.append((key, try value()))
                skipSpace()
                guard i < bytes.count else { throw fail("the document ends early") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                guard bytes[i] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
                i += 1
                depth -= 1
                return .object(pairs)
            }
        case UInt8(ascii: "["):
            depth += 1
            guard depth <= maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels") }
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array(items) }
            while true {
                items.append(try value())
                skipSpace()
                guard i < bytes.count else { throw fail("the document ends early") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                guard bytes[i] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
                i += 1
                depth -= 1
                return .array(items)
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        default: return try number()
        }
    }

    mutating func number() throws(StatesReadError) -> JSONValue {
        let start = i
        while i < bytes.count, let c = Optional(bytes[i]),
              (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
                || c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            i += 1
        }
        guard i > start, i - start <= 400, let x = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else {
            i = start
            throw fail("expected a value")
        }
        return .number(x)
    }

    mutating func string() throws(StatesReadError) -> String {
        i += 1 // the opening quote
        var scalars = String.UnicodeScalarView()
        var run = i
        func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                flush(i)
                i += 1
                return String(scalars)
            }
            if c < 0x20 { throw fail("a control character in a string") }
            if c == UInt8(ascii: "\\") {
                flush(i)
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\"), bytes[i + 2] == UInt8(ascii: "u") {
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("a lone surrogate in a string") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("a lone surrogate in a string") }
                    scalars.append(scalar)
                default: throw fail("an unknown escape in a string")
                }
                i += 1
                run = i
                continue
            }
            i += 1
        }
        throw fail("a string is not closed")
    }

    /// The four hex digits after `\u`; leaves `i` on the last.
    mutating func hex4() throws(StatesReadError) -> UInt32 {
        guard i + 4 < bytes.count, let code = UInt32(String(decoding: bytes[(i + 1)...(i + 4)], as: UTF8.self), radix: 16) else {
            throw fail("a bad \\u escape in a string")
        }
        i += 4
        return code
    }
}

/// A value of a states document with its key path, read as the type a state expects: each kind's `init(json:)`
/// asks its fields by name, and a missing field or a wrong type is an error naming the path.
public struct JSONField {
    public let value: JSONValue
    /// `frames[3].sheets.sheet.top`.
    public let path: String

    public init(_ value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    func fail(_ problem: String) -> StatesReadError { StatesReadError(path: path, problem: problem) }

    func child(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The field `key` of this object; an error when it is missing.
    public func field(_ key: String) throws(StatesReadError) -> JSONField {
        guard let field = try optional(key) else { throw StatesReadError(path: child(key), problem: "is missing") }
        return field
    }

    /// The field `key` of this object, nil when it is absent or null.
    public func optional(_ key: String) throws(StatesReadError) -> JSONField? {
        guard case .object(let pairs) = value else { throw fail("must be an object") }
        guard let found = pairs.first(where: { $0.0 == key })?.1 else { return nil }
        if case .null = found { return nil }
        return JSONField(found, path: child(key))
    }

    /// This object's fields in order.
    public func pairs() throws(StatesReadError) -> [(key: String, field: JSONField)] {
        guard case .object(let pairs) = value else { throw fail("must be an object") }
        return pairs.map { (key: $0.0, field: JSONField($0.1, path: child($0.0))) }
    }

    public func items() throws(StatesReadError) -> [JSONField] {
        guard case .array(let items) = value else { throw fail("must be a list") }
        return items.enumerated().map { JSONField($0.element, path: "\(path)[\($0.offset)]") }
    }

    /// A finite number.
    public func number() throws(StatesReadError) -> Double {
        guard case .number(let x) = value, x.isFinite else { throw fail("must be a number") }
        return x
    }

    public func int() throws(StatesReadError) -> Int {
        let x = try number()
        guard x == x.rounded(), abs(x) <= 1e15 else { throw fail("must be a whole number") }
        return Int(x)
    }

    public func string() throws(StatesReadError) -> String {
        guard case .string(let s) = value else { throw fail("must be a string") }
        return s
    }

    public func bool() throws(StatesReadError) -> Bool {
        guard case .bool(let b) = value else { throw fail("must be true or false") }
        return b
    }

    /// One of an enumeration's names.
    public func name<T: RawRepresentable>(_ type: T.Type, _ names: String) throws(StatesReadError) -> T where T.RawValue == String {
        guard let v = T(rawValue: try string()) else { throw fail("must be \(names)") }
        return v
    }

    public func number(_ key: String) throws(StatesReadError) -> Double { try field(key).number() }
    public func int(_ key: String) throws(StatesReadError) -> Int { try field(key).int() }
    public func string(_ key: String) throws(StatesReadError) -> String { try field(key).string() }
    public func optionalNumber(_ key: String) throws(StatesReadError) -> Double? { try optional(key)?.number() }
}

extension Point {
    init(json: JSONField) throws(StatesReadError) {
        self.init(x: try json.number("x"), y: try json.number("y"))
    }
}

extension Size {
    init(json: JSONField) throws(StatesReadError) {
        self.init(width: try json.number("width"), height: try json.number("height"))
    }
}

extension Rect {
    init(json: JSONField) throws(StatesReadError) {
        self.init(x: try json.number("x"), y: try json.number("y"), width: try json.number("width"), height: try json.number("height"))
    }
}

extension EdgeInsets {
    init(json: JSONField) throws(StatesReadError) {
        self.init(top: try json.number("top"), left: try json.number("left"), bottom: try json.number("bottom"),
                  right: try json.number("right"))
    }
}
