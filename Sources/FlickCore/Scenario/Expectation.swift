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

/// What `flick test` compares with stored goldens (`goldens:`): frames as images, and the trajectory of states.
public struct GoldenSpec: Hashable, Sendable {
    /// Frame indices compared with stored images (empty when only states are compared).
    public var frames: [Int]
    /// Pixels per point of the stored images; nil renders at the scenario's scale.
    public var scale: Double?
    /// The values of state paths at every frame, compared with `states.json` (nil: none).
    public var states: StateGoldenSpec?

    public init(frames: [Int], scale: Double? = nil, states: StateGoldenSpec? = nil) {
        self.frames = frames
        self.scale = scale
        self.states = states
    }
}

/// A trajectory golden: the numbers at state paths on every frame, stored as `__Goldens__/<file>/states.json`
/// and compared within an absolute tolerance (docs/scenario-format.md, "Expectations and goldens").
public struct StateGoldenSpec: Hashable, Sendable {
    /// The state paths compared (docs/states.md); nil: every number of the state document but `index` and `time`.
    public var paths: [String]?
    /// How far a value may move from its golden, in the path's own unit (points, points per second, 0…1).
    public var within: Double

    /// A thousandth of a point: far below a pixel at any scale, far above the 1e-6 the document rounds to, so
    /// libm's last-bit differences between machines never fail a golden and a change of behaviour always does.
    public static let defaultTolerance = 0.001

    public init(paths: [String]? = nil, within: Double = StateGoldenSpec.defaultTolerance) {
        self.paths = paths
        self.within = within
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

    /// Every number of the frame's state document with its path, in document order, as `value(atPath:)` names
    /// them: a scroll view by its key, or as `scrollViews.KEY` when a top-level key has the same name (a pager's
    /// scroll view and the pager). `index` and `time` (what the frames are counted by), the touch trail and
    /// explanations are left out: they are the input and the words, not the motion.
    public var numericValues: [(path: String, value: Double)] {
        var found: [(path: String, value: Double)] = []
        func walk(_ value: JSONValue, _ path: String) {
            switch value {
            case .object(let pairs):
                for (key, child) in pairs { walk(child, path.isEmpty ? key : "\(path).\(key)") }
            case .array(let items):
                for (i, child) in items.enumerated() { walk(child, "\(path)[\(i)]") }
            case .number(let x):
                found.append((path, x))
            case .string, .bool, .null:
                break
            }
        }
        guard case .object(let top) = jsonValue(nullTouchAsObject: true) else { return [] }
        let topKeys = Set(top.map(\.0))
        for (key, value) in top where !["index", "time", "trail", "explain"].contains(key) {
            guard key == "scrollViews", case .object(let views) = value else {
                walk(value, key)
                continue
            }
            for (view, state) in views { walk(state, topKeys.contains(view) ? "scrollViews.\(view)" : view) }
        }
        return found
    }
}
