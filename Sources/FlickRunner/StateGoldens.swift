import FlickOutput
import FlickCore
import FlickImage
import FlickRender
import FlickReview
import Foundation

/// The numbers of a run at every frame: what a states golden stores (`__Goldens__/<file>/states.json`).
///
/// The file is written byte-stable: keys sorted, one line per state path, every number rounded to 1e-6 and
/// printed in its shortest plain form (`JSONValue.format`), `null` where a frame has no number at the path
/// (docs/states.md, "States goldens").
public struct StateTrajectory: Equatable, Sendable {
    /// Frames per second and frame count of the run.
    public var fps: Double
    public var frameCount: Int
    /// The viewport the run started with: points and pixels per point (the settling rules depend on the scale).
    public var width: Double
    public var height: Double
    public var scale: Double
    /// Each state path's value at every frame, sorted by path.
    public var series: [Series]

    public struct Series: Equatable, Sendable {
        public var path: String
        public var values: [Double?]

        public init(path: String, values: [Double?]) {
            self.path = path
            self.values = values
        }
    }

    /// The name of the golden file in a scenario's golden folder.
    public static let fileName = "states.json"
    /// The value of the file's `format` key.
    public static let formatName = "flick-states-golden"
    /// The format's version; a file of another version is refused, never misread.
    public static let version = 1
    /// The largest golden file read (a whole run at the frame limit with a few hundred paths stays far below).
    public static let maximumFileSize = 256 << 20

    public init(fps: Double, frameCount: Int, width: Double, height: Double, scale: Double, series: [Series]) {
        self.fps = fps
        self.frameCount = frameCount
        self.width = width
        self.height = height
        self.scale = scale
        self.series = series
    }

    /// Simulates `scenario` and keeps the values of `paths` (nil: every number of the state document) at every
    /// frame, each rounded to 1e-6 as the file stores it.
    public init(recording scenario: Scenario, paths: [String]?) {
        self.init(recording: FlickCore.Run(scenario: scenario), paths: paths)
    }

    /// The values of `paths` (nil: every number of the state document) at every frame of `run`, each rounded to 1e-6
    /// as the file stores it: a fold over the run.
    public init(recording run: FlickCore.Run, paths: [String]?) {
        var columns: [String: [Double?]] = [:]
        var frame = 0
        for state in run {
            if let paths {
                for path in paths {
                    if case .number(let x)? = state.value(atPath: path) {
                        columns[path, default: Array(repeating: nil, count: frame)].append(Self.stored(x))
                    } else {
                        columns[path, default: Array(repeating: nil, count: frame)].append(nil)
                    }
                }
            } else {
                for (path, x) in state.numericValues {
                    // A path first seen late (a card that came into view) is null before; a path is taken once a frame.
                    var column = columns[path] ?? Array(repeating: nil, count: frame)
                    guard column.count <= frame else { continue }
                    if column.count < frame { column += Array(repeating: nil, count: frame - column.count) }
                    column.append(Self.stored(x))
                    columns[path] = column
                }
            }
            frame += 1
            // Paths missing from this frame are null in it.
            for (path, column) in columns where column.count < frame {
                columns[path] = column + Array(repeating: nil, count: frame - column.count)
            }
        }
        self.init(fps: run.header.fps, frameCount: frame, width: run.header.viewport.width, height: run.header.viewport.height,
                  scale: run.header.scale,
                  series: columns.keys.sorted().map { Series(path: $0, values: columns[$0] ?? []) })
    }

    /// A number as the file keeps it: rounded to 1e-6 (nil for one that is not finite).
    static func stored(_ x: Double) -> Double? {
        guard x.isFinite else { return nil }
        let rounded = (x * 1e6).rounded() / 1e6
        return rounded == 0 ? 0 : rounded
    }

    /// The golden file's text.
    public var text: String {
        var out = "{\"format\": \"\(Self.formatName)\", \"version\": \(Self.version), \"fps\": \(JSONValue.format(fps)), "
        out += "\"frames\": \(frameCount), \"viewport\": {\"height\": \(JSONValue.format(height)), "
        out += "\"scale\": \(JSONValue.format(scale)), \"width\": \(JSONValue.format(width))},\n\"values\": {"
        for (i, series) in series.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += JSONValue.string(series.path).text
            out += ": ["
            for (j, value) in series.values.enumerated() {
                if j > 0 { out += "," }
                out += value.map(JSONValue.format) ?? "null"
            }
            out += "]"
        }
        out += "\n}}\n"
        return out
    }

    /// Reads a golden file; `file` names it in errors.
    public init(text data: Data, file: String) throws(GoldenError) {
        guard data.count <= Self.maximumFileSize else {
            throw GoldenError("\(file): \(data.count) bytes; a states golden is at most \(Self.maximumFileSize) bytes")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data), let root = object as? [String: Any] else {
            throw GoldenError("\(file): not a JSON object (a states golden, as `flick test --record missing` writes it)")
        }
        guard root["format"] as? String == Self.formatName else {
            throw GoldenError("\(file): \"format\" is not \"\(Self.formatName)\"")
        }
        guard let version = root["version"] as? Int, version == Self.version else {
            throw GoldenError("\(file): version \(root["version"].map { "\($0)" } ?? "missing"); this flick reads version \(Self.version)")
        }
        guard let fps = (root["fps"] as? NSNumber)?.doubleValue, let frames = root["frames"] as? Int, frames >= 0,
              let viewport = root["viewport"] as? [String: Any],
              let width = (viewport["width"] as? NSNumber)?.doubleValue,
              let height = (viewport["height"] as? NSNumber)?.doubleValue,
              let scale = (viewport["scale"] as? NSNumber)?.doubleValue,
              let values = root["values"] as? [String: Any] else {
            throw GoldenError("\(file): expected fps, frames, viewport {width, height, scale} and values")
        }
        var series: [Series] = []
        for path in values.keys.sorted() {
            guard let items = values[path] as? [Any] else { throw GoldenError("\(file): values of \(path) are not a list") }
            var column: [Double?] = []
            column.reserveCapacity(items.count)
            for item in items {
                if item is NSNull {
                    column.append(nil)
                } else if let number = item as? NSNumber {
                    column.append(number.doubleValue)
                } else {
                    throw GoldenError("\(file): values of \(path) hold \(item), not a number or null")
                }
            }
            series.append(Series(path: path, values: column))
        }
        self.init(fps: fps, frameCount: frames, width: width, height: height, scale: scale, series: series)
    }

    /// Why this golden cannot be compared frame by frame with `run`: another frame rate, frame count, viewport
    /// or scale, each named with both values; nil when they agree.
    public func mismatch(with run: StateTrajectory) -> String? {
        var differences: [String] = []
        if fps != run.fps { differences.append("fps \(JSONValue.format(fps)) in the golden, \(JSONValue.format(run.fps)) in this run") }
        if frameCount != run.frameCount {
            differences.append("\(frameCount) frames in the golden, \(run.frameCount) in this run")
        }
        if width != run.width || height != run.height {
            differences.append("viewport \(JSONValue.format(width))×\(JSONValue.format(height)) pt in the golden, "
                + "\(JSONValue.format(run.width))×\(JSONValue.format(run.height)) pt in this run")
        }
        if scale != run.scale {
            differences.append("scale \(JSONValue.format(scale)) in the golden, \(JSONValue.format(run.scale)) in this run")
        }
        return differences.isEmpty ? nil : differences.joined(separator: "; ")
    }
}

/// How one state path of a run compares with its golden.
public struct PathDeviation: Sendable, Hashable {
    /// The state path.
    public var path: String
    /// The largest |actual − expected| over the frames (infinity where one side has no number).
    public var worst: Double
    /// The frame and time where it is largest.
    public var worstFrame: Int
    public var worstTime: Double
    /// The first frame beyond the tolerance, and its time.
    public var firstFrame: Int
    public var firstTime: Double
    /// How many frames are beyond the tolerance.
    public var deviatingFrames: Int
    /// The expected and actual values at the worst frame.
    public var expected: Double?
    public var actual: Double?
    /// The expected-vs-actual plot written for it, if any.
    public var plot: String?

    /// `sheet.top: off by up to 3.2145 at 3.200 s (frame 192; expected 659.34, got 662.56); first at 3.017 s (frame 181), 40 frames beyond 0.001`.
    public func description(tolerance: Double) -> String {
        var text = "\(path): \(detail(tolerance: tolerance))"
        if let plot { text += "; plot: \(plot)" }
        return text
    }

    /// What `description` says after the path, without the plot.
    public func detail(tolerance: Double) -> String {
        let worstText: String
        switch (expected, actual) {
        case (let e?, let a?):
            worstText = "off by up to \(Self.number(worst)) at \(Self.seconds(worstTime)) (frame \(worstFrame); expected \(Self.number(e)), got \(Self.number(a)))"
        case (let e?, nil):
            worstText = "no number at \(Self.seconds(worstTime)) (frame \(worstFrame)); the golden has \(Self.number(e))"
        case (nil, let a?):
            worstText = "\(Self.number(a)) at \(Self.seconds(worstTime)) (frame \(worstFrame)), where the golden has none"
        case (nil, nil):
            worstText = "differs at frame \(worstFrame)"
        }
        return "\(worstText); first at \(Self.seconds(firstTime)) (frame \(firstFrame)), "
            + "\(deviatingFrames) frame\(deviatingFrames == 1 ? "" : "s") beyond \(Self.number(tolerance))"
    }

    static func number(_ x: Double) -> String { NumberText.significant(x, digits: 6) }
    static func seconds(_ t: Double) -> String { NumberText.fixed(t, digits: 3) + " s" }
}

/// What became of a scenario's states golden.
public struct StateGoldenResult: Sendable {
    public enum Outcome: Sendable {
        /// Every value of every frame within the tolerance.
        case matched(paths: Int, frames: Int)
        /// The golden was written (it was missing, or the mode says so).
        case recorded(reason: String)
        /// Values beyond the tolerance: the deviating paths, worst first.
        case deviated([PathDeviation])
        /// The golden was recorded for another run (frame rate, frame count, viewport, scale, or paths).
        case incompatible(String)
        /// No golden and the mode forbids writing one.
        case missingGolden
    }

    public var goldenPath: String
    public var tolerance: Double
    public var outcome: Outcome

    public var passed: Bool {
        switch outcome {
        case .matched: true
        case .recorded, .deviated, .incompatible, .missingGolden: false
        }
    }

    /// The lines that say what failed (empty when it passed).
    public var messages: [String] {
        switch outcome {
        case .matched:
            return []
        case .recorded(let reason):
            return ["states: \(reason) \(goldenPath); check it and run again"]
        case .deviated(let deviations):
            let head = "states differ from \(goldenPath) in \(deviations.count) path\(deviations.count == 1 ? "" : "s") "
                + "(within \(PathDeviation.number(tolerance))):"
            return [head] + deviations.map { "  " + $0.description(tolerance: tolerance) }
        case .incompatible(let why):
            return ["states golden \(goldenPath) was recorded for another run: \(why) (re-record it with --record changed if the change is meant)"]
        case .missingGolden:
            return ["states: no golden at \(goldenPath) (record mode never; run with --record missing to write it)"]
        }
    }
}

/// Records and compares states goldens.
public enum StateGoldens {
    /// Runs `scenario` (folds over `run`, its run, when given), and compares the values of `spec`'s paths at every
    /// frame with `goldenDirectory/states.json` (or writes it, as `record` says). Failing paths leave an
    /// expected-vs-actual SVG plot in `artifactsDirectory/artifactsSubfolder/states/`.
    public static func verify(_ scenario: Scenario, run scenarioRun: FlickCore.Run? = nil, spec: StateGoldenSpec, goldenDirectory: String,
                              record: GoldenRecordMode, artifactsDirectory: @autoclosure () throws -> String,
                              artifactsSubfolder: String) throws -> StateGoldenResult {
        let golden = (goldenDirectory as NSString).appendingPathComponent(StateTrajectory.fileName)
        let run = StateTrajectory(recording: scenarioRun ?? FlickCore.Run(scenario: scenario), paths: spec.paths)
        func result(_ outcome: StateGoldenResult.Outcome) -> StateGoldenResult {
            StateGoldenResult(goldenPath: golden, tolerance: spec.within, outcome: outcome)
        }
        func write(_ reason: String) throws -> StateGoldenResult {
            try GoldenFiles.write(Data(run.text.utf8), to: golden, in: goldenDirectory)
            return result(.recorded(reason: reason))
        }
        if record == .all { return try write("recorded") }
        guard FileManager.default.fileExists(atPath: golden) else {
            return record == .never ? result(.missingGolden) : try write("recorded a new golden at")
        }
        let expected = try StateTrajectory(text: try GoldenFiles.read(golden), file: golden)
        let outcome = compare(expected: expected, actual: run, tolerance: spec.within)
        switch outcome {
        case .matched:
            return result(outcome)
        case .recorded, .missingGolden:
            return result(outcome)
        case .incompatible(let why):
            return record == .changed ? try write("re-recorded (it was recorded for another run: \(why))") : result(outcome)
        case .deviated(var deviations):
            if record == .changed {
                return try write("re-recorded (\(movedPaths(deviations.map(\.path))) moved beyond \(PathDeviation.number(spec.within)))")
            }
            let root = try artifactsDirectory()
            let times = (0..<run.frameCount).map { scenario.time(ofFrame: $0) }
            let expectedByPath = Dictionary(uniqueKeysWithValues: expected.series.map { ($0.path, $0.values) })
            let actualByPath = Dictionary(uniqueKeysWithValues: run.series.map { ($0.path, $0.values) })
            for i in deviations.indices {
                let d = deviations[i]
                let plot = TrajectoryPlot(path: d.path, times: times, expected: expectedByPath[d.path] ?? [],
                                          actual: actualByPath[d.path] ?? [], tolerance: spec.within,
                                          firstFrame: d.firstFrame, worstFrame: d.worstFrame)
                deviations[i].plot = try GoldenFiles.writeReport(Data(plot.svg().utf8), to: plotFileName(for: d.path),
                                                                 in: "\(artifactsSubfolder)/states", under: root)
            }
            return result(.deviated(deviations))
        }
    }

    /// How many paths moved, and which: every one up to 8, else the 7 that moved most and how many more
    /// (`2 paths: sheet.top, sheet.velocity`; `12 paths: sheet.top, …, list.contentOffset.y and 5 more`).
    static func movedPaths(_ paths: [String]) -> String {
        let shown = paths.count <= 8 ? paths : Array(paths.prefix(7))
        let more = paths.count - shown.count
        return "\(paths.count) path\(paths.count == 1 ? "" : "s"): " + shown.joined(separator: ", ")
            + (more > 0 ? " and \(more) more" : "")
    }

    /// `sheet.top.svg`; characters other than letters, digits, `.`, `-` and `_` become `_` (`cards[0].x` →
    /// `cards_0_.x.svg`).
    public static func plotFileName(for path: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        return String(path.map { allowed.contains($0) ? $0 : "_" }) + ".svg"
    }

    /// Compares two trajectories value by value; deviations worst first (then by path).
    public static func compare(expected: StateTrajectory, actual: StateTrajectory,
                               tolerance: Double) -> StateGoldenResult.Outcome {
        if let why = expected.mismatch(with: actual) { return .incompatible(why) }
        let expectedPaths = Set(expected.series.map(\.path)), actualPaths = Set(actual.series.map(\.path))
        if expectedPaths != actualPaths {
            var parts: [String] = []
            let gone = expectedPaths.subtracting(actualPaths).sorted(), new = actualPaths.subtracting(expectedPaths).sorted()
            if !gone.isEmpty { parts.append("in the golden but not in this run: \(list(gone))") }
            if !new.isEmpty { parts.append("in this run but not in the golden: \(list(new))") }
            return .incompatible("its state paths differ (\(parts.joined(separator: "; ")))")
        }
        let times = (0..<actual.frameCount).map { Double($0) / actual.fps }
        let expectedByPath = Dictionary(uniqueKeysWithValues: expected.series.map { ($0.path, $0.values) })
        var deviations: [PathDeviation] = []
        for series in actual.series {
            let golden = expectedByPath[series.path] ?? []
            guard golden.count == series.values.count else {
                return .incompatible("\(series.path) has \(golden.count) values in the golden for \(expected.frameCount) frames")
            }
            var worst: (deviation: Double, frame: Int)?
            var first: Int?
            var count = 0
            for (frame, (e, a)) in zip(golden, series.values).enumerated() {
                let deviation: Double
                switch (e, a) {
                case (let e?, let a?): deviation = abs(a - e)
                case (nil, nil): deviation = 0
                case (_?, nil), (nil, _?): deviation = .infinity
                }
                guard deviation > tolerance else { continue }
                count += 1
                if first == nil { first = frame }
                if deviation > (worst?.deviation ?? -1) { worst = (deviation, frame) }
            }
            guard let worst, let first else { continue }
            deviations.append(PathDeviation(path: series.path, worst: worst.deviation, worstFrame: worst.frame,
                                            worstTime: times[worst.frame], firstFrame: first, firstTime: times[first],
                                            deviatingFrames: count, expected: golden[worst.frame],
                                            actual: series.values[worst.frame], plot: nil))
        }
        guard !deviations.isEmpty else { return .matched(paths: actual.series.count, frames: actual.frameCount) }
        // The first sheet (pager, panel, refresh control) is in the document twice, `sheet.top` and
        // `sheets.sheet.top`: a deviation of the keyed copy is listed once, under the singular key.
        let actualByPath = Dictionary(uniqueKeysWithValues: actual.series.map { ($0.path, $0.values) })
        let listed = Set(deviations.map(\.path))
        deviations.removeAll { d in
            guard let alias = firstAtTop(d.path), listed.contains(alias) else { return false }
            return expectedByPath[alias] == expectedByPath[d.path] && actualByPath[alias] == actualByPath[d.path]
        }
        return .deviated(deviations.sorted { ($0.worst, $1.path) > ($1.worst, $0.path) })
    }

    /// `sheet.top` for `sheets.sheet.top`: the path of the same value under the collection's singular key (the
    /// first member's copy at the top of the document), or nil for a path in no such collection.
    static func firstAtTop(_ path: String) -> String? {
        let parts = path.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, FrameState.collectionsWithFirstAtTop.contains(String(parts[0])) else { return nil }
        return "\(parts[0].dropLast()).\(parts[2])"
    }

    private static func list(_ paths: [String]) -> String {
        paths.prefix(6).joined(separator: ", ") + (paths.count > 6 ? ", … (\(paths.count) in all)" : "")
    }
}

/// Golden files, read and written safely: a write goes to a hidden file beside the golden and is renamed into
/// place once complete (`ImageFile.write`), so an interrupted run never leaves half a golden, and a symbolic link
/// at the golden's name is replaced, never written through.
enum GoldenFiles {
    /// Writes a golden as a new file renamed into place: whatever is at `path` is replaced, never written through,
    /// and neither the golden folder nor the `__Goldens__` above it may be a link (GoldenFrames.checkNoLinks). The
    /// folder above `__Goldens__` is opened once and the rest is reached from its descriptor without following a
    /// link (`OpenFolder`), so a link swapped in after the check is refused, not written through (issue 36, item 6).
    static func write(_ data: Data, to path: String, in folder: String) throws {
        try GoldenFrames.checkNoLinks(folder)
        let parent = (folder as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        do {
            let target: OpenFolder
            if (parent as NSString).lastPathComponent == ScenarioTests.goldensFolderName {
                let top = (parent as NSString).deletingLastPathComponent
                target = try OpenFolder(path: top.isEmpty ? "." : top)
                    .folder("\(ScenarioTests.goldensFolderName)/\((folder as NSString).lastPathComponent)", create: true)
            } else {
                try GoldenFrames.createGoldenFolders(folder)
                target = try OpenFolder(path: folder)
            }
            try target.write(data, to: name)
        } catch {
            throw GoldenError("\(error)")
        }
    }

    /// Writes `data` as `name` in `subfolder` (a relative path) of the report folder `root`: `root` is the folder
    /// the user named (made if missing); every folder below it is made and opened without following a link, so
    /// a link planted in a report folder (`rep/sg -> ../victim`) is refused, never written through (issue 36,
    /// item 15). Returns the file's path.
    @discardableResult
    static func writeReport(_ data: Data, to name: String, in subfolder: String, under root: String) throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            let folder = try OpenFolder(path: root).folder(subfolder, create: true)
            try folder.write(data, to: name)
            return (folder.path as NSString).appendingPathComponent(name)
        } catch {
            throw GoldenError("\(error)")
        }
    }

    static func read(_ path: String) throws -> Data {
        do {
            return Data(try ImageFile.read(path: path))
        } catch {
            throw GoldenError("\(error)")
        }
    }
}
