import Foundation

/// A check on the simulated states, written in a scenario's `expect:` list and run by `flick test`
/// (docs/scenario-format.md, "Expectations").
///
/// `{at: 1.2, sheet.detent: full}` expects the value at the state path `sheet.detent` to be `full` in the frame
/// at 1.2 s; `{from: 0.3, to: 0.9, sheet.phase: tracking}` expects it in every frame of that span.
public struct Expectation: Sendable {
    /// When the check applies.
    public enum Time: Hashable, Sendable {
        /// The frame nearest to this time.
        case at(Double)
        /// The last frame.
        case end
        /// Every frame whose time is in `from...to`.
        case span(from: Double, to: Double)
        /// Every sample of the scenario's `references[n]`: the condition is `near(0, within:)` on simulated − recorded.
        case reference(Int)
    }

    /// What the value must be.
    public enum Condition: Hashable, Sendable {
        case equals(StateValue)
        /// A number within `within` of `near`.
        case near(Double, within: Double)
    }

    public var time: Time
    /// A path of the state document (`docs/states.md`): `sheet.top`, `pager.page`, `list.contentOffset.y`
    /// (scroll views by their key), `pagers.pager2.fraction`, `pager.tabs[1].x`.
    public var path: String
    public var condition: Condition
    /// Where it sits in the file (`expect[2]`), for messages.
    public var index: Int

    public init(_ time: Time, _ path: String, _ condition: Condition, index: Int = 0) {
        self.time = time
        self.path = path
        self.condition = condition
        self.index = index
    }
}

/// A leaf value of the state document.
public enum StateValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null

    public var description: String {
        switch self {
        case .number(let x): JSONValue.format(x)
        case .string(let s): s
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        }
    }
}

/// The frames of a scenario that `flick test` compares with stored images (`goldens:`).
public struct GoldenSpec: Hashable, Sendable {
    /// Frame indices.
    public var frames: [Int]
    /// Pixels per point of the stored images; nil renders at the scenario's scale.
    public var scale: Double?

    public init(frames: [Int], scale: Double? = nil) {
        self.frames = frames
        self.scale = scale
    }
}

extension FrameState {
    /// The value at a state path (see `Expectation.path`), or nil when the path names nothing in this frame.
    ///
    /// The first segment is a top-level key of the frame (`sheet`, `pager`, `panel`, `touch`, `sheets`, …) or the
    /// key of a scroll view; `[n]` indexes an array. A finger that is up reads as `touch.phase: null`.
    public func value(atPath path: String) -> StateValue? {
        var current = jsonValue(nullTouchAsObject: true)
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
}
