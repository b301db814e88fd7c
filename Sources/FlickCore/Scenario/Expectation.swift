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
    /// Where its path is written in the file, for the runner's message when the path names no value; nil for an
    /// expectation built in Swift.
    public var source: Source?
    /// Whether the runner checks that its path names a value on the scene's first frame (false for a reference
    /// check, whose path is its recording's and is checked with the recording).
    public var checksPath = true

    /// A place in a scenario file: the file, the key path (`expect[2].sheet.detent`), and the line and column.
    public struct Source: Hashable, Sendable {
        public var file: String
        public var path: String
        public var line: Int?
        public var column: Int?

        public init(file: String, path: String, line: Int? = nil, column: Int? = nil) {
            self.file = file
            self.path = path
            self.line = line
            self.column = column
        }
    }

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
    /// The pixel tolerance of the frames, as FlickDiff's `DiffOptions` names it: differing pixels tolerated per
    /// frame, and the share (0...1) of a frame's pixels that may differ. Both nil: none may differ.
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?

    public init(frames: [Int], scale: Double? = nil, states: StateGoldenSpec? = nil, maxDiffPixels: Int? = nil,
                maxDiffRatio: Double? = nil) {
        self.frames = frames
        self.scale = scale
        self.states = states
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
    }
}

/// A trajectory golden: the numbers at state paths on every frame, stored as `__Goldens__/<file>/states.json`
/// and compared within an absolute tolerance (docs/scenario-format.md, "Expectations and goldens").
public struct StateGoldenSpec: Hashable, Sendable {
    /// The state paths compared (docs/states.md); nil: every number of the state document but `index` and `time`.
    public var paths: [String]?
    /// How far a value may move from its golden, in the path's own unit (points, points per second, 0…1).
    public var within: Double
    /// Where each of `paths` is written in the file, in the same order, for the runner's message when a path
    /// names no number; empty for a spec built in Swift. Not part of what the golden compares.
    public var sources: [Expectation.Source] = []

    /// A thousandth of a point: far below a pixel at any scale, far above the 1e-6 the document rounds to, so
    /// libm's last-bit differences between machines never fail a golden and a change of behaviour always does.
    public static let defaultTolerance = 0.001

    public init(paths: [String]? = nil, within: Double = StateGoldenSpec.defaultTolerance) {
        self.paths = paths
        self.within = within
    }
}
