import Foundation
import Yams

/// An expectation as read, with where its path is written, for the check of the path once the scene exists.
struct ExpectationEntry {
    var expectation: Expectation
    var field: Field
    var keyMark: Mark?
}

extension ScenarioFormat {
    /// `expect:`: checks on the simulated states, run by `flick test` (docs/scenario-format.md, "Expectations").
    func expectations(duration: Double?, fps: Double?) -> Value<[ExpectationEntry]> {
        let item = Value<[ExpectationEntry]>.object("expectation", "When (`at`, or `from` and `to`) and what: state paths and the values expected there.") { m in
            let at = m.optional("at", Self.instant, "The frame nearest to this time in seconds, or `end` (the last frame).")
            let from = m.optional("from", .number(.nonNegative), "With `to`: every frame from this time (seconds)…")
            let to = m.optional("to", .number(.nonNegative), "…up to this time (seconds).")
            m.exactlyOne([["at"], ["from", "to"]])
            let checks = m.others("PATH", Self.condition,
                                  "A state path (docs/states.md), such as `sheet.detent` or `list.contentOffset.y`, and the value expected there: a number, a string, true, false, null, or `{near: X, within: E}`.")
            if m.has("at") == (m.has("from") || m.has("to")) {
                m.fail(m.has("at") ? "expected at, or from and to, not both" : "expected a time: at (seconds or end), or from and to")
            } else if m.has("from") != m.has("to") {
                m.fail("missing required key \"\(m.has("from") ? "to" : "from")\"")
            }
            if checks.isEmpty && !m.failed { m.fail("expected a state path to check, such as sheet.detent: full") }
            for (key, time) in [("at", at.flatMap { if case .at(let t) = $0 { t } else { nil } }), ("from", from), ("to", to)] {
                if let time, let duration, time > duration {
                    m.fail(key, "\(say(time)) s is after the scenario ends (duration \(say(duration)) s)")
                }
            }
            if let from, let to, from > to { m.fail("from", "from \(say(from)) s is after to \(say(to)) s") }
            if let from, let to, let fps, !m.failed, (from * fps - 1e-9 * fps).rounded(.up) > (to * fps + 1e-9 * fps).rounded(.down) {
                m.fail("no frame lies from \(say(from)) s to \(say(to)) s at \(say(fps)) fps")
            }
            guard !m.failed, let time = at ?? from.flatMap({ f in to.map { Expectation.Time.span(from: f, to: $0) } }) else { return nil }
            return checks.compactMap { check in
                check.value.map { ExpectationEntry(expectation: Expectation(time, check.key, $0), field: check.field, keyMark: check.keyMark) }
            }
        }
        let list = Value<[[ExpectationEntry]]>.list(of: item)
        return Value(shape: list.shape, read: { field in
            list.read(field).map { items in
                items.enumerated().flatMap { index, entries in
                    entries.map { entry in var entry = entry; entry.expectation.index = index; return entry }
                }
            }
        }, encode: { $0.isEmpty ? .array([]) : nil })
    }

    /// `at`: seconds, or `end` (YAML's plain `end` and JSON's string `"end"` alike: one schema for both).
    private static var instant: Value<Expectation.Time> {
        Value(shape: .anyOf([.words(["end"]), .number(.nonNegative)]), read: { field in
            if case .scalar(let scalar) = field.node, scalar.string == "end" { return .end }
            guard field.plainScalar.flatMap(Field.parseNumber) != nil else {
                field.fail(expected: "end or \(NumberRule.nonNegative.expectation)")
                return nil
            }
            return field.number(.nonNegative).map(Expectation.Time.at)
        })
    }

    /// A value expected at a path: a scalar, or `{near: X, within: E}`.
    private static var condition: Value<Expectation.Condition> {
        let near = Value<Expectation.Condition>.object("near", "A number within `within` of `near`.") { m in
            let value = m.required("near", .number(.finite), "The number expected.")
            let within = m.required("within", .number(.nonNegative), "How far from it the state may be.")
            guard let value, let within else { return nil }
            return .near(value, within: within)
        }
        return Value(shape: .anyOf([.scalar, near.shape]), read: { field in
            guard case .scalar(let scalar) = field.node else {
                if case .mapping = field.node { return near.read(field) }
                field.fail(expected: "a number, a string, true, false, null or {near: X, within: E}")
                return nil
            }
            guard field.reader.visit(field.path, field.mark) else { return nil }
            if scalar.isQuoted { return .equals(.string(scalar.string)) }
            switch scalar.string {
            case "", "~", "null", "Null", "NULL": return .equals(.null)
            case "true", "True", "TRUE": return .equals(.bool(true))
            case "false", "False", "FALSE": return .equals(.bool(false))
            default:
                guard let number = Field.parseNumber(scalar.string) else { return .equals(.string(scalar.string)) }
                guard number.isFinite else {
                    field.fail("expected a finite number, found \(Field.truncated(scalar.string))")
                    return nil
                }
                return .equals(.number(number))
            }
        })
    }

    /// `goldens:`: frames `flick test` compares with stored images.
    func goldens(frameCount: Int?, viewport: Viewport?, gestures: [Gesture]?) -> Value<GoldenSpec> {
        .object("goldens", "Frames compared with stored images by `flick test` (in __Goldens__/<name>/ beside the file).") { m in
            let frames = m.required("frames", .list(of: .integer(.nonNegative), minCount: 1), "Frame indices, from 0.")
            let scale = m.optional("scale", .number(.range(0, 8, lowOpen: true, highOpen: false)),
                                   "Pixels per point of the stored images. Default: the viewport's scale.")
            var seen: [Int: Field] = [:]
            for (frame, item) in zip(frames ?? [], m.field("frames")?.items ?? []) {
                if let frameCount, frame >= frameCount {
                    item.fail("frame \(frame) does not exist; the scenario has \(frameCount) frames (0...\(frameCount - 1))")
                } else if let first = seen[frame] {
                    item.fail("frame \(frame) is listed twice (first at \(first.path))")
                }
                seen[frame] = seen[frame] ?? item
            }
            let sizes = (viewport.map { [$0.size] } ?? []) + (gestures ?? []).compactMap { gesture -> Size? in
                if case .resize(let size, _, _) = gesture.action { return size }
                return nil
            }
            if let scale, let problem = sizes.lazy.compactMap({ ScenarioDecoder.imageProblem($0, scale: scale) }).first {
                m.fail("scale", "at this scale, \(problem)")
            }
            guard let frames, seen.count == frames.count, frames.allSatisfy({ $0 < frameCount ?? .max }) else { return nil }
            return GoldenSpec(frames: frames, scale: scale)
        }
    }
}

/// Why a state path of an expectation names no value, found on the scene's first frame.
enum StatePaths {
    /// nil when `path` names a value of the kind the condition compares; else what is wrong, with close paths.
    static func problem(_ path: String, _ condition: Expectation.Condition, in state: FrameState) -> String? {
        if let value = state.value(atPath: path) {
            let expected: StateValue?
            switch condition {
            case .equals(let v): expected = v
            case .near: expected = .number(0)
            }
            guard let expected, value != .null, expected != .null, kind(value) != kind(expected) else { return nil }
            return "\(path) is \(kind(value)) (\(value) at 0 s), not \(kind(expected))"
        }
        var leaves: [String] = []
        walk(state.jsonValue(nullTouchAsObject: true), "", into: &leaves)
        let prefix = path + "."
        let inside = leaves.filter { $0.hasPrefix(prefix) || $0.hasPrefix(path + "[") }
        if !inside.isEmpty {
            return "\(path) holds several values; name one: \(inside.prefix(8).joined(separator: ", "))\(inside.count > 8 ? ", …" : "")"
        }
        var message = "no state has the path \(Field.truncated(path))"
        if let suggestion = closest(to: path, in: leaves, within: 3) { message += " (did you mean \(suggestion)?)" }
        // What the longest prefix that does name something holds.
        var segments = path.split(separator: ".").map(String.init)
        while segments.count > 1 {
            segments.removeLast()
            let known = segments.joined(separator: ".") + "."
            let children = leaves.filter { $0.hasPrefix(known) }.map { $0.dropFirst(known.count).split(separator: ".")[0] }
            if !children.isEmpty {
                var unique: [Substring] = []
                for child in children where !unique.contains(child) { unique.append(child) }
                return message + "; \(known.dropLast()) holds \(unique.prefix(12).joined(separator: ", "))\(unique.count > 12 ? ", …" : "")"
            }
        }
        return message
    }

    private static func kind(_ value: StateValue) -> String {
        switch value {
        case .number: "a number"
        case .string: "a string"
        case .bool: "true or false"
        case .null: "null"
        }
    }

    /// Every leaf path of a frame's document, scroll views under their own key as expectations name them.
    private static func walk(_ value: JSONValue, _ path: String, into leaves: inout [String]) {
        switch value {
        case .object(let pairs):
            for (key, child) in pairs {
                walk(child, path.isEmpty && key == "scrollViews" ? "" : path.isEmpty ? key : "\(path).\(key)", into: &leaves)
            }
        case .array(let items):
            for (i, child) in items.enumerated() { walk(child, "\(path)[\(i)]", into: &leaves) }
        case .number, .string, .bool, .null:
            leaves.append(path)
        }
    }
}
