import Foundation

/// The one walker of state paths (docs/states.md). Expectations, the runner's check of their paths, invariants and
/// the CSV writer read a frame's document through it, with one set of rules:
/// - a path is keys joined by dots, `[n]` after a key indexes an array: `pager.tabs[1].x`;
/// - scroll views stand under their own key at the top (`list.contentOffset.y`), not under `scrollViews`; a
///   top-level key of the frame wins over a scroll view of the same name;
/// - a finger that is up reads as `touch.x`, `touch.y` and `touch.phase`, each null;
/// - the first sheet, pager and panel are at `sheet`, `pager`, `panel` and again under their key in `sheets`,
///   `pagers`, `panels`; the first refresh control at `refreshControl` and under `refreshControls` (`FrameState.collectionsWithFirstAtTop`).
public enum StatePath {
    /// Which leaves a walk visits.
    public struct Walk: Sendable {
        /// Keys left out, with all they hold, wherever they stand.
        public var skippedKeys: Set<String> = []
        /// Keys of the frame itself left out.
        public var skippedTopKeys: Set<String> = []
        /// Whether the keyed copies of the first sheet, pager and panel are visited as well as `sheet`, `pager`, `panel`.
        public var keyedCopiesOfFirst = true
        /// Whether a scroll view whose key is also a top-level key of the frame (a pager and its scroll view) is
        /// visited as `scrollViews.KEY`, the only path that reaches it, rather than under its bare key.
        public var clashingViewsUnderScrollViews = true

        /// Every leaf: the paths an expectation can name.
        public static let all = Walk()
        /// The columns of a CSV row: the trail and a carousel's visible cards vary in length from frame to frame,
        /// and CSV has a fixed set of columns, so they stay in the JSON only.
        public static let csvColumns = Walk(skippedKeys: ["trail", "cards"], clashingViewsUnderScrollViews: false)
        /// The numbers a states golden compares: the motion, not the frame's index and time, the touch trail (the
        /// input) or the explanations (the words).
        public static let goldenNumbers = Walk(skippedTopKeys: ["index", "time", "trail", "explain"])
        /// Each value once, without the frame's index, time and finger: what invariants compare and check.
        public static let distinctValues = Walk(skippedTopKeys: ["index", "time", "touch"], keyedCopiesOfFirst: false,
                                                clashingViewsUnderScrollViews: false)
    }

    /// Calls `body` with every leaf of `state`'s document that `walk` visits and its path, in document order.
    public static func leaves(of state: FrameState, _ walk: Walk = .all, _ body: (String, JSONValue) -> Void) {
        guard case .object(let pairs) = state.jsonValue(nullTouchAsObject: true) else { return }
        let topKeys = Set(pairs.map(\.0))
        for (key, value) in pairs where !walk.skippedTopKeys.contains(key) && !walk.skippedKeys.contains(key) {
            switch (key, value) {
            case ("scrollViews", .object(let views)):
                for (name, view) in views {
                    let clashes = walk.clashingViewsUnderScrollViews && topKeys.contains(name)
                    visit(view, clashes ? "scrollViews.\(name)" : name, walk, body)
                }
            case (_, .object(let items)) where !walk.keyedCopiesOfFirst && FrameState.collectionsWithFirstAtTop.contains(key):
                for (name, item) in items.dropFirst() { visit(item, "\(key).\(name)", walk, body) }
            default:
                visit(value, key, walk, body)
            }
        }
    }

    private static func visit(_ value: JSONValue, _ path: String, _ walk: Walk, _ body: (String, JSONValue) -> Void) {
        switch value {
        case .object(let pairs):
            for (key, child) in pairs where !walk.skippedKeys.contains(key) { visit(child, "\(path).\(key)", walk, body) }
        case .array(let items):
            for (i, child) in items.enumerated() { visit(child, "\(path)[\(i)]", walk, body) }
        case .number, .string, .bool, .null:
            body(path, value)
        }
    }

    /// The value at `path` in `state`, or nil when the path names nothing, or an object or array, in this frame.
    public static func value(at path: String, in state: FrameState) -> StateValue? {
        var current = state.jsonValue(nullTouchAsObject: true)
        var first = true
        for segment in path.split(separator: ".", omittingEmptySubsequences: false) {
            var name = Substring(segment)
            var indices: [Int] = []
            while name.hasSuffix("]"), let open = name.lastIndex(of: "["),
                  let i = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]), i >= 0 {
                indices.insert(i, at: 0)
                name = name[..<open]
            }
            guard !name.isEmpty, case .object(let pairs) = current else { return nil }
            if let next = pairs.first(where: { $0.0 == name })?.1 {
                current = next
            } else if first, case .object(let views)? = pairs.first(where: { $0.0 == "scrollViews" })?.1,
                      let view = views.first(where: { $0.0 == name })?.1 {
                current = view
            } else {
                return nil
            }
            for i in indices {
                guard case .array(let items) = current, items.indices.contains(i) else { return nil }
                current = items[i]
            }
            first = false
        }
        switch current {
        case .number(let x): return .number(x)
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .null: return .null
        case .object, .array: return nil
        }
    }

    /// nil when `path` names a value of the kind `condition` compares in `state`; else what is wrong: the
    /// nearest path (did you mean …?), what the longest known part of the path holds, or the kind found.
    public static func problem(_ path: String, _ condition: Expectation.Condition, in state: FrameState) -> String? {
        if let value = value(at: path, in: state) {
            let expected: StateValue?
            switch condition {
            case .equals(let v): expected = v
            case .near: expected = .number(0)
            }
            guard let expected, value != .null, expected != .null, kind(value) != kind(expected) else { return nil }
            return "\(path) is \(kind(value)) (\(value) at 0 s), not \(kind(expected))"
        }
        var leaves: [String] = []
        self.leaves(of: state) { leaf, _ in leaves.append(leaf) }
        let prefix = path + "."
        let inside = leaves.filter { $0.hasPrefix(prefix) || $0.hasPrefix(path + "[") }
        if !inside.isEmpty {
            return "\(path) holds several values; name one: \(inside.prefix(8).joined(separator: ", "))\(inside.count > 8 ? ", …" : "")"
        }
        var message = "no state has the path \(Field.truncated(path))"
        if let suggestion = closest(to: path, in: leaves, within: 3) ?? otherComponent(for: path, in: leaves) {
            message += " (did you mean \(suggestion)?)"
        }
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

    /// The same path on another component, when the first part names none (`list.contentOffset.y` for a list
    /// whose `id` is `feed`): `feed.contentOffset.y`, or up to three such paths joined by "or".
    static func otherComponent(for path: String, in leaves: [String]) -> String? {
        guard let dot = path.firstIndex(of: ".") else { return nil }
        let rest = path[dot...]
        let matches = leaves.filter { leaf in leaf.firstIndex(of: ".").map { leaf[$0...] == rest } ?? false }
        guard (1...3).contains(matches.count) else { return nil }
        return matches.joined(separator: " or ")
    }

    private static func kind(_ value: StateValue) -> String {
        switch value {
        case .number: "a number"
        case .string: "a string"
        case .bool: "true or false"
        case .null: "null"
        }
    }
}

extension FrameState {
    /// The value at a state path (see `StatePath`), or nil when the path names nothing in this frame.
    public func value(atPath path: String) -> StateValue? { StatePath.value(at: path, in: self) }

    /// Every number of the frame's document with its path as `value(atPath:)` names it, in document order: what a
    /// states golden records (`StatePath.Walk.goldenNumbers`).
    public var numericValues: [(path: String, value: Double)] {
        var found: [(path: String, value: Double)] = []
        StatePath.leaves(of: self, .goldenNumbers) { path, value in
            if case .number(let x) = value { found.append((path, x)) }
        }
        return found
    }
}
