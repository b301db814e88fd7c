import FlickCore
import FlickDiff
import FlickOutput
import FlickImage
import FlickRender
import FlickReview
import Foundation

/// When golden images are (re)written, as swift-snapshot-testing's record modes.
public enum GoldenRecordMode: String, CaseIterable, Sendable {
    /// Write goldens that do not exist yet (and fail, so the new file gets a look); compare the others.
    case missing
    /// Rewrite only the goldens that fail beyond their tolerance (or were recorded for another frame count,
    /// frame rate, scale or size); keep the ones that match, so a re-record on another machine changes only
    /// what really changed.
    case changed
    /// Write every golden (and fail, so a recording run never passes by accident).
    case all
    /// Never write: a missing golden is a failure (for CI).
    case never

    /// The earlier name of `changed`, still accepted.
    public static let failed = GoldenRecordMode.changed

    /// The environment variable that sets the mode for a whole test run: `FLICK_RECORD=all swift test`.
    public static let environmentVariable = "FLICK_RECORD"

    /// The mode a word names (any case; `failed` is the earlier name of `changed`), or nil.
    public init?(word: String) {
        let word = word.lowercased()
        if word == "failed" {
            self = .changed
        } else {
            self.init(rawValue: word)
        }
    }

    /// `$FLICK_RECORD` if it names a mode, else `missing`.
    public static var fromEnvironment: GoldenRecordMode {
        ProcessInfo.processInfo.environment[environmentVariable].flatMap { GoldenRecordMode(word: $0) } ?? .missing
    }
}

/// What happened to one frame.
public struct GoldenFrameResult: Sendable {
    public enum Outcome: Sendable {
        /// Within the tolerance of its golden.
        case matched(ImageComparison)
        /// The golden was written (it was missing, or the mode says so).
        case recorded(reason: String)
        /// Beyond the tolerance; `artifacts` holds expected, actual, diff and side-by-side images.
        case mismatched(ImageComparison, artifacts: String)
        /// No golden and the mode forbids writing one.
        case missingGolden
        /// The golden has another size than the frame drawn (another scale or viewport): says both.
        case sizeMismatch(String)
    }

    public var frame: Int
    public var goldenPath: String
    public var outcome: Outcome

    /// Whether the test should pass for this frame.
    public var passed: Bool {
        if case .matched = outcome { return true }
        return false
    }

    /// What to tell the developer when it does not pass.
    public var message: String? {
        switch outcome {
        case .matched:
            return nil
        case .recorded(let reason):
            return "frame \(frame): \(reason) \(goldenPath); check it and run again"
        case .mismatched(let comparison, let artifacts):
            return "frame \(frame) differs from \(goldenPath): \(comparison.summary). "
                + "Expected, actual, diff and side-by-side images: \(artifacts)"
        case .missingGolden:
            return "frame \(frame): no golden at \(goldenPath) (record mode never; run with \(GoldenRecordMode.environmentVariable)=missing to write it)"
        case .sizeMismatch(let why):
            return "frame \(frame): \(goldenPath) cannot be compared: \(why); re-record it with --record changed if the change is meant"
        }
    }
}

/// Renders frames of a scenario and compares them with golden PNGs (FlickDiff's pixelmatch method).
public enum GoldenFrames {
    /// Renders `frames` of the scenario at `scenarioPath` and compares each with `goldenDirectory/frame_NNNNN.png`.
    /// - Parameters:
    ///   - scale: pixels per point; nil keeps the scenario's (goldens at 1x stay small in a repository).
    ///   - options: the tolerance; by default not one pixel may differ (anti-aliasing aside).
    ///   - record: when goldens are written.
    ///   - artifactsDirectory: where failures leave their images; default `$FLICK_ARTIFACTS`, else a private
    ///     folder made for this process in the temporary directory (`flick-golden-failures-XXXXXX`, mkdtemp).
    public static func verify(scenario scenarioPath: String, frames: [Int], goldenDirectory: String,
                              scale: Double? = nil, options: DiffOptions = DiffOptions(maxDiffPixels: 0),
                              record: GoldenRecordMode = .fromEnvironment,
                              artifactsDirectory: String? = nil) throws -> [GoldenFrameResult] {
        let scenario = try ScenarioDecoder.load(path: scenarioPath)
        let iconFolder = URL(fileURLWithPath: scenarioPath).deletingLastPathComponent().path
        return try verify(scenario, at: frames.map(GoldenInstant.frame), goldenDirectory: goldenDirectory,
                          iconFolders: [iconFolder], scale: scale, options: options, record: record,
                          artifactsDirectory: artifactsDirectory)
    }

    /// Renders `frames` of `scenario` and compares each with `goldenDirectory/frame_NNNNN.png`.
    public static func verify(_ scenario: Scenario, iconFolders: [String], frames: [Int], goldenDirectory: String,
                              scale: Double? = nil, options: DiffOptions = DiffOptions(maxDiffPixels: 0),
                              record: GoldenRecordMode = .fromEnvironment,
                              artifactsDirectory: String? = nil) throws -> [GoldenFrameResult] {
        try verify(scenario, at: frames.map(GoldenInstant.frame), goldenDirectory: goldenDirectory,
                   iconFolders: iconFolders, scale: scale, options: options, record: record,
                   artifactsDirectory: artifactsDirectory)
    }

    /// Renders `scenario` at each instant and compares it with its golden in `goldenDirectory`
    /// (`frame_NNNNN.png` for a frame index, `time_S.SSS.png` for a time in seconds).
    public static func verify(_ scenario: Scenario, at instants: [GoldenInstant], goldenDirectory: String,
                              iconFolders: [String] = [], scale: Double? = nil,
                              options: DiffOptions = DiffOptions(maxDiffPixels: 0),
                              record: GoldenRecordMode = .fromEnvironment,
                              artifactsDirectory: String? = nil) throws -> [GoldenFrameResult] {
        try verify(scenario, at: instants, goldenDirectory: goldenDirectory, iconFolders: iconFolders, scale: scale,
                   options: options, record: record, artifactsDirectory: artifactsDirectory,
                   artifactsSubfolder: scenario.name)
    }

    /// `artifactsSubfolder`: the folder under `artifactsDirectory` that this scenario's failures go in.
    static func verify(_ scenario: Scenario, at instants: [GoldenInstant], goldenDirectory: String,
                       iconFolders: [String], scale: Double?, options: DiffOptions, record: GoldenRecordMode,
                       artifactsDirectory: String?, artifactsSubfolder: String) throws -> [GoldenFrameResult] {
        var scenario = scenario
        if let scale { scenario.viewport.scale = scale }
        for instant in instants {
            switch instant {
            case .frame(let index) where index < 0 || index >= scenario.frameCount:
                throw GoldenError("frame \(index) is outside \(scenario.name)'s 0...\(scenario.frameCount - 1)")
            case .time(let t) where !(0...scenario.duration).contains(t):
                throw GoldenError("time \(t) s is outside \(scenario.name)'s 0...\(scenario.duration) s")
            case .frame, .time:
                break
            }
        }
        try checkNoLinks(goldenDirectory)
        let renderer = try FrameRenderer(scenario: scenario, options: RenderOptions(iconFolders: iconFolders))
        func artifacts() throws -> String { try Self.artifactsDirectory(artifactsDirectory) }

        var results: [GoldenFrameResult] = []
        let simulation = Simulation(scenario: scenario)
        // In time order, so the simulation runs forward once.
        let ordered = instants.sorted { $0.time(fps: scenario.fps) < $1.time(fps: scenario.fps) }
        for instant in ordered {
            let state = simulation.state(at: instant.time(fps: scenario.fps))
            let name = instant.fileName
            let golden = (goldenDirectory as NSString).appendingPathComponent(name)
            var status = stat()
            let exists = lstat(golden, &status) == 0
            if exists, status.st_mode & S_IFMT == S_IFLNK {
                throw GoldenError("\(golden) is a symbolic link; goldens are never read or written through a link")
            }
            func write(_ reason: String) throws -> GoldenFrameResult {
                try GoldenFiles.write(try renderer.png(of: state), to: golden, in: goldenDirectory)
                return GoldenFrameResult(frame: state.index, goldenPath: golden, outcome: .recorded(reason: reason))
            }
            if record == .all {
                results.append(try write("recorded"))
                continue
            }
            guard exists else {
                results.append(record == .never
                    ? GoldenFrameResult(frame: state.index, goldenPath: golden, outcome: .missingGolden)
                    : try write("recorded a new golden at"))
                continue
            }
            let expected = try Bitmap.readPNG(path: golden)
            let actual = try renderer.image(of: state).bitmap()
            guard expected.width == actual.width, expected.height == actual.height else {
                // Drawn at another scale or size: no pixel can be compared, and the mismatch says why.
                let why = "the golden is \(expected.width)×\(expected.height) px, this run draws \(actual.width)×\(actual.height) px "
                    + "(\(JSONValue.format(state.viewport.width))×\(JSONValue.format(state.viewport.height)) pt at scale \(JSONValue.format(scenario.viewport.scale)))"
                results.append(record == .changed
                    ? try write("re-recorded (\(why))")
                    : GoldenFrameResult(frame: state.index, goldenPath: golden, outcome: .sizeMismatch(why)))
                continue
            }
            let comparison = try ImageComparison(expected: expected, actual: actual, options: options, drawingDiff: true)
            if comparison.isWithinTolerance {
                results.append(GoldenFrameResult(frame: state.index, goldenPath: golden,
                                                 outcome: .matched(comparison.withoutDiffImage())))
            } else if record == .changed {
                results.append(try write("re-recorded (it differed: \(comparison.summary))"))
            } else {
                let root = try artifacts()
                let folder = (root as NSString).appendingPathComponent("\(artifactsSubfolder)/\(name.dropLast(4))")
                try saveArtifacts(expected: expected, actual: actual, comparison: comparison,
                                  in: "\(artifactsSubfolder)/\(name.dropLast(4))", under: root)
                results.append(GoldenFrameResult(frame: state.index, goldenPath: golden,
                                                 outcome: .mismatched(comparison.withoutDiffImage(), artifacts: folder)))
            }
        }
        return results
    }

    /// Where failures leave their files: the folder given, else `$FLICK_ARTIFACTS`, else a folder of this process's
    /// own in the temporary directory (`privateArtifactsFolder`).
    static func artifactsDirectory(_ given: String?) throws -> String {
        if let folder = given ?? ProcessInfo.processInfo.environment["FLICK_ARTIFACTS"], !folder.isEmpty { return folder }
        guard let folder = privateArtifactsFolder else {
            throw GoldenError("cannot create a private folder for the failed goldens' images in \(NSTemporaryDirectory())")
        }
        return folder
    }

    /// A folder only this process may write in, made once (`mkdtemp`, mode 0700) for the images of failed
    /// goldens: a fixed name in the shared temporary folder could be a link someone planted there.
    static let privateArtifactsFolder: String? = {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("flick-golden-failures-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
    }()

    /// Refuses a golden folder that is a symbolic link (dangling or not), and a `__Goldens__` folder above it
    /// that is one: goldens are never read or written through a link, so a folder from someone else cannot
    /// make `flick test` write outside it.
    static func checkNoLinks(_ goldenDirectory: String) throws {
        var folders = [goldenDirectory]
        let parent = (goldenDirectory as NSString).deletingLastPathComponent
        if (parent as NSString).lastPathComponent == ScenarioTests.goldensFolderName { folders.append(parent) }
        for folder in folders {
            var status = stat()
            if lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                throw GoldenError("\(folder) is a symbolic link; goldens are never read or written through a link")
            }
        }
    }

    /// Creates the golden folder and those above it that are missing, one by one (`mkdir` never follows a link
    /// where the folder should be: it fails, and `checkNoLinks` has refused links already).
    static func createGoldenFolders(_ goldenDirectory: String) throws {
        var missing: [String] = []
        var current = goldenDirectory
        var status = stat()
        while !current.isEmpty, current != "/", lstat(current, &status) != 0 {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for folder in missing.reversed() where mkdir(folder, 0o777) != 0 && errno != EEXIST {
            throw GoldenError("cannot create the golden folder \(folder): \(String(cString: strerror(errno)))")
        }
        guard lstat(goldenDirectory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw GoldenError("\(goldenDirectory) is not a folder; goldens are never written through a link")
        }
    }

    private static func saveArtifacts(expected: Bitmap, actual: Bitmap, comparison: ImageComparison,
                                      in subfolder: String, under root: String) throws {
        // Each file through GoldenFiles.writeReport: no folder of the report is followed if it is a link.
        func save(_ bitmap: Bitmap, _ name: String) throws {
            try GoldenFiles.writeReport(try bitmap.pngData(), to: name, in: subfolder, under: root)
        }
        try save(expected, "expected.png")
        try save(actual, "actual.png")
        if let diff = comparison.diffImage {
            try save(diff, "diff.png")
            try save(DiffImages.sideBySide(expected: expected, actual: actual, diff: diff), "side-by-side.png")
        }
        // The preview a pull-request summary links: expected and actual in turn.
        try GoldenFiles.writeReport(try FlipBook.data([expected, actual]), to: "flip.png", in: subfolder, under: root)
    }
}

/// Where in a run a golden frame is taken: a frame index, or an instant in seconds.
public enum GoldenInstant: Hashable, Sendable {
    case frame(Int)
    case time(Double)

    func time(fps: Double) -> Double {
        switch self {
        case .frame(let index): Double(index) / fps
        case .time(let t): t
        }
    }

    /// `frame_00048.png` or `time_1.200.png`.
    var fileName: String {
        switch self {
        case .frame(let index): "frame_" + NumberText.padded(index, width: 5) + ".png"
        case .time(let t): "time_" + NumberText.fixed(t, digits: 3) + ".png"
        }
    }
}

public struct GoldenError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
