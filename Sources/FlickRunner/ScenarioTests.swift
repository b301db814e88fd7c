import FlickCore
import FlickDiff
import FlickImage
import Foundation

/// How `flick test` runs each scenario.
public struct ScenarioTestOptions: Sendable {
    /// When golden frames are written.
    public var record: GoldenRecordMode
    /// Where failing goldens leave expected, actual and diff images; nil: `$FLICK_ARTIFACTS` or the temporary folder.
    public var reportDirectory: String?
    /// The tolerance of golden comparisons: by default not one pixel may differ (anti-aliasing aside).
    public var goldenTolerance: DiffOptions
    public var invariants: InvariantChecker.Options
    /// Only these of the golden frames are compared (or recorded), and no states golden: `flick serve`'s Accept
    /// of one frame. Nil: every golden the scenario has.
    public var onlyGoldenFrames: Set<Int>?

    public init(record: GoldenRecordMode = .fromEnvironment, reportDirectory: String? = nil,
                goldenTolerance: DiffOptions = DiffOptions(maxDiffPixels: 0),
                invariants: InvariantChecker.Options = InvariantChecker.Options(), onlyGoldenFrames: Set<Int>? = nil) {
        self.record = record
        self.reportDirectory = reportDirectory
        self.goldenTolerance = goldenTolerance
        self.invariants = invariants
        self.onlyGoldenFrames = onlyGoldenFrames
    }
}

/// What one scenario's test found.
public struct ScenarioTestResult: Sendable {
    /// The scenario file, as given or found.
    public var path: String
    /// Expectations checked, and those that failed.
    public var expectationCount = 0
    public var expectationFailures: [ExpectationFailure] = []
    /// The invariants' report (nil when the scenario could not be loaded).
    public var invariants: InvariantReport?
    /// Golden frames compared (or recorded).
    public var goldens: [GoldenFrameResult] = []
    /// The states golden compared (or recorded), when `goldens:` asks for one.
    public var states: StateGoldenResult?
    /// Why the scenario could not be tested at all: a file that does not decode, a golden frame out of range.
    public var error: String?
    /// Seconds the test took (wall clock), when it was timed: `run(path:options:)` times each scenario.
    public var duration: Double?

    public init(path: String) { self.path = path }

    /// The scenario could not be tested (bad input).
    public var isError: Bool { error != nil }
    public var passed: Bool {
        error == nil && expectationFailures.isEmpty && (invariants?.passed ?? true) && goldens.allSatisfy(\.passed)
            && (states?.passed ?? true)
    }

    /// Everything that went wrong, one line each.
    public var failureLines: [String] {
        if let error { return error.split(separator: "\n").map(String.init) }
        return expectationFailures.map(\.description)
            + (invariants?.lines ?? [])
            + goldens.compactMap(\.message)
            + (states?.messages ?? [])
    }

    /// `PASS path (3 expectations, 1221 invariant checks, 2 golden frames)` or `FAIL path (…)`.
    public var summaryLine: String {
        if isError { return "ERROR \(path)" }
        var parts: [String] = []
        let failedExpectations = expectationFailures.count
        parts.append(passed || failedExpectations == 0
            ? Self.count(expectationCount, "expectation")
            : "\(failedExpectations) of \(Self.count(expectationCount, "expectation")) failed")
        if let invariants {
            let checks = invariants.checks.values.reduce(0, +)
            let broken = invariants.grouped.count
            parts.append(broken == 0 ? Self.count(checks, "invariant check")
                                     : "\(Self.count(broken, "invariant")) broken")
        }
        let failedGoldens = goldens.filter { !$0.passed }.count
        parts.append(failedGoldens == 0 ? Self.count(goldens.count, "golden frame")
                                        : "\(failedGoldens) of \(Self.count(goldens.count, "golden frame")) failed")
        if let states {
            switch states.outcome {
            case .matched(let paths, let frames): parts.append("states golden: \(Self.count(paths, "path")) × \(frames) frames")
            case .deviated(let deviations): parts.append("states golden: \(Self.count(deviations.count, "path")) off")
            case .recorded: parts.append("states golden recorded")
            case .incompatible: parts.append("states golden recorded for another run")
            case .missingGolden: parts.append("states golden missing")
            }
        }
        return "\(passed ? "PASS" : "FAIL") \(path) (\(parts.joined(separator: ", ")))"
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}

/// Finds, splits, runs and reports the scenarios of a test run (`flick test`).
public enum ScenarioTests {
    /// Scenario file extensions.
    public static let extensions: Set<String> = ["json", "yaml", "yml"]
    /// The folder beside a scenario that holds its golden frames.
    public static let goldensFolderName = "__Goldens__"

    /// Why a test run cannot start.
    public struct InputError: Error, CustomStringConvertible, Sendable {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The scenario files named by `arguments` (files, or folders searched recursively for .json, .yaml and .yml
    /// files, skipping `__Goldens__` and hidden folders), sorted by path, each once.
    public static func discover(_ arguments: [String]) throws(InputError) -> [String] {
        var skipped: [String] = []
        return try discover(arguments, skipped: &skipped)
    }

    /// `discover`, where a file found in a folder that is plainly not a scenario (JSON or YAML whose top level has
    /// none of the keys every scenario has: `package.json`, a CI workflow; `ScenarioDecoder.isPlainlyNotAScenario`)
    /// is left out and added to `skipped`. A file named as an argument is always tested.
    public static func discover(_ arguments: [String], skipped: inout [String]) throws(InputError) -> [String] {
        var found: [String] = []
        let manager = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw InputError("\(argument): no such file or folder")
            }
            guard isDirectory.boolValue else {
                found.append(argument)
                continue
            }
            var inFolder: [String] = []
            collect(in: argument, into: &inFolder)
            let others = inFolder.filter(ScenarioDecoder.isPlainlyNotAScenario(path:))
            skipped += others
            if inFolder.count == others.count {
                let also = others.isEmpty ? "" : " (only files that are not scenarios: \(others.prefix(4).joined(separator: ", "))\(others.count > 4 ? ", …" : ""))"
                throw InputError("\(argument): no scenario files (.json, .yaml, .yml) in this folder\(also)")
            }
            found += inFolder.filter { !others.contains($0) }
        }
        skipped.sort()
        var seen = Set<String>()
        return found.sorted().filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
    }

    private static func collect(in folder: String, into found: inout [String]) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for entry in entries.sorted() where !entry.hasPrefix(".") && entry != goldensFolderName {
            let path = folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
            // A link to a folder is not followed (`up -> ..` or `self -> .` would walk forever); a link to a
            // scenario file is read like the file.
            var link = stat(), target = stat()
            guard lstat(path, &link) == 0 else { continue }
            let isLink = link.st_mode & S_IFMT == S_IFLNK
            guard stat(path, &target) == 0 else { continue }
            if target.st_mode & S_IFMT == S_IFDIR {
                if !isLink { collect(in: path, into: &found) }
            } else if extensions.contains(URL(fileURLWithPath: entry).pathExtension.lowercased()) {
                found.append(path)
            }
        }
    }

    /// `i/n` with 1 ≤ i ≤ n (`--shard`, and a blob's `shard`); nil for anything else.
    public static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else { return nil }
        return (i, n)
    }

    /// Shard `index` of `count` (1-based) of `paths`: a contiguous, balanced run of the sorted paths, so the
    /// shards 1/n … n/n together hold every path exactly once, whatever machine runs them.
    public static func shard(_ paths: [String], index: Int, count: Int) -> [String] {
        precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count)")
        let sorted = paths.sorted()
        // k × paths ÷ count in full width: any index and count up to Int.max, with no overflow.
        func boundary(_ k: Int) -> Int { count.dividingFullWidth(k.multipliedFullWidth(by: sorted.count)).quotient }
        let start = boundary(index - 1), end = boundary(index)
        return Array(sorted[start..<end])
    }

    /// Where a scenario file's failed goldens go in a `--report` folder: its path without the extension, so two
    /// files of the same name in different folders (or two files with the same `name:`) never share one.
    /// `Tests/Scenarios/card.yaml` → `Tests/Scenarios/card`; `/abs/card.yaml` → `abs/card`; `..` → `_`.
    public static func reportFolder(for path: String) -> String {
        let parts = ((path as NSString).deletingPathExtension as NSString).pathComponents
            .filter { $0 != "/" && $0 != "." && !$0.isEmpty }
            .map { $0 == ".." ? "_" : $0 }
        return parts.joined(separator: "/")
    }

    /// The golden folder of a scenario file: `__Goldens__/<file name without extension>/` beside it.
    public static func goldenDirectory(for path: String) -> String {
        // Built from the path as given (not made absolute), so messages name the same file on every machine.
        let file = path as NSString
        let base = (file.lastPathComponent as NSString).deletingPathExtension
        return ((file.deletingLastPathComponent as NSString).appendingPathComponent(goldensFolderName) as NSString)
            .appendingPathComponent(base)
    }

    /// Runs one scenario file: its expectations, the invariants, and its golden frames (those `goldens:` names,
    /// or without it the `frame_NNNNN.png` files already in its golden folder, at the scale they were drawn at).
    public static func run(path: String, options: ScenarioTestOptions = ScenarioTestOptions()) -> ScenarioTestResult {
        let start = DispatchTime.now().uptimeNanoseconds
        var result: ScenarioTestResult
        do {
            let scenario = try ScenarioDecoder.load(path: path)
            result = run(scenario, path: path, options: options)
        } catch {
            result = ScenarioTestResult(path: path)
            result.error = error.description
        }
        result.duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return result
    }

    /// Tests a scenario already loaded; `path` is where its file is (its golden folder and icons are beside it).
    public static func run(_ scenario: Scenario, path: String,
                           options: ScenarioTestOptions = ScenarioTestOptions()) -> ScenarioTestResult {
        var result = ScenarioTestResult(path: path)
        let pathProblems = ExpectationPaths.diagnostics(scenario)
        guard pathProblems.isEmpty else {
            result.error = ScenarioError(pathProblems).description
            return result
        }
        result.expectationCount = scenario.expectations.count
        // The expectations and a states golden are folds over the run: simulated once and held when both read it,
        // else simulated as it is read (memory stays flat).
        let comparesStates = options.onlyGoldenFrames == nil && scenario.goldens?.states != nil
        let run = !scenario.expectations.isEmpty && comparesStates ? FlickCore.Run(scenario: scenario).recorded() : FlickCore.Run(scenario: scenario)
        result.expectationFailures = ExpectationEvaluator.check(scenario, run: run)
        result.invariants = InvariantChecker.check(scenario, options: options.invariants)
        do {
            guard let spec = try goldenSpec(for: scenario, path: path) else { return result }
            let iconFolder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            let frames = options.onlyGoldenFrames.map { only in spec.frames.filter(only.contains) } ?? spec.frames
            if !frames.isEmpty {
                // The scenario's own budget (`goldens.maxDiffPixels`, `goldens.maxDiffRatio`) replaces the run's.
                var tolerance = options.goldenTolerance
                if spec.maxDiffPixels != nil || spec.maxDiffRatio != nil {
                    tolerance.maxDiffPixels = spec.maxDiffPixels
                    tolerance.maxDiffRatio = spec.maxDiffRatio
                }
                result.goldens = try GoldenFrames.verify(
                    scenario, at: frames.map(GoldenInstant.frame), goldenDirectory: goldenDirectory(for: path),
                    iconFolders: [iconFolder], scale: spec.scale, options: tolerance,
                    record: options.record, artifactsDirectory: options.reportDirectory,
                    artifactsSubfolder: reportFolder(for: path))
            }
            if options.onlyGoldenFrames == nil, let states = spec.states {
                result.states = try StateGoldens.verify(
                    scenario, run: run, spec: states, goldenDirectory: goldenDirectory(for: path), record: options.record,
                    artifactsDirectory: GoldenFrames.artifactsDirectory(options.reportDirectory),
                    artifactsSubfolder: reportFolder(for: path))
            }
        } catch {
            result.error = "\(path): error: goldens: \(error)"
        }
        return result
    }

    /// The golden frames `flick test` compares for this scenario file (`goldenSpec`), in order.
    public static func goldenFrames(_ scenario: Scenario, path: String) throws -> [Int] {
        try goldenSpec(for: scenario, path: path)?.frames ?? []
    }

    /// The scenario's `goldens:`, or the frames stored in its golden folder with the scale of the first one. A
    /// states golden is compared only when `goldens:` asks for one: a `states.json` left in the folder after
    /// `goldens:` was dropped is an orphan (`GoldenPrune`), never compared as an every-number golden.
    static func goldenSpec(for scenario: Scenario, path: String) throws -> GoldenSpec? {
        if let spec = scenario.goldens { return spec }
        let folder = goldenDirectory(for: path)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let frames = files.compactMap(frameIndex(ofGolden:)).sorted()
        guard let first = frames.first else { return nil }
        let name = "frame_" + NumberText.padded(first, width: 5) + ".png"
        let path = (folder as NSString).appendingPathComponent(name)
        try GoldenFrames.checkNoLinks(folder)
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            throw GoldenError("\(path) is a symbolic link; goldens are never read or written through a link")
        }
        guard let width = try pngWidth(path: path) else {
            throw GoldenError("\(folder)/\(name) is not a PNG file")
        }
        // The viewport at that frame (a resize may have changed it) gives the scale the golden was drawn at.
        let viewport = first < scenario.frameCount
            ? Simulation(scenario: scenario).state(at: scenario.time(ofFrame: first)).viewport.width
            : scenario.viewport.width
        return GoldenSpec(frames: frames, scale: Double(width) / viewport)
    }

    /// 12 for `frame_00012.png`; nil for any other name.
    static func frameIndex(ofGolden name: String) -> Int? {
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard digits.count >= 5, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    /// The width in pixels from a PNG's IHDR chunk, without decoding it; nil when it is not a PNG.
    static func pngWidth(path: String) throws -> Int? {
        // A regular file only: a named pipe in a golden folder would block a read forever.
        let (fd, _) = try RegularFile.open(path: path)
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 24)
        guard read(fd, &header, 24) == 24 else { return nil }
        guard header[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], header[12..<16] == Array("IHDR".utf8)[...]
        else { return nil }
        return header[16..<20].reduce(0) { $0 << 8 | Int($1) }
    }
}
