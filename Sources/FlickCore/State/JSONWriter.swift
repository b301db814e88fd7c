import FlickOutput
import Foundation

/// A JSON value with ordered keys, written deterministically: numbers rounded to 1e-6 and printed in their
/// shortest plain form, so the same states give byte-identical files.
public indirect enum JSONValue: Sendable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case number(Double)
    case string(String)
    case bool(Bool)
    case null

    public func write(to out: inout String) {
        switch self {
        case .object(let pairs):
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += ", " }
                JSONValue.writeString(key, to: &out)
                out += ": "
                value.write(to: &out)
            }
            out += "}"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                item.write(to: &out)
            }
            out += "]"
        case .number(let x): out += JSONValue.format(x)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// A number rounded to 1e-6, without trailing zeros or a negative zero; non-finite numbers become null.
    public static func format(_ x: Double) -> String {
        x.isFinite ? NumberText.short(x, digits: 6) : "null"
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20: out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
