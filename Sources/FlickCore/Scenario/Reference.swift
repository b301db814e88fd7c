import FlickOutput
import Foundation
import Yams

/// Motion recorded on a device for one state path, held beside the simulation (`reference:`; docs/scenario-format.md,
/// "References"): `flick states` measures the residual, the motion plot draws it, `flick fit` fits constants to it.
public struct Reference: Sendable {
    /// One recorded sample: seconds on the recording's own clock, and the value in the state path's unit.
    public struct Sample: Hashable, Sendable {
        public var t: Double
        public var value: Double

        public init(t: Double, value: Double) {
            self.t = t
            self.value = value
        }
    }

    /// The state path the recording measures (`feed.contentOffset.y`, `sheet.top`).
    public var path: String
    /// The file as the scenario names it (relative to the scenario's folder).
    public var file: String
    /// The samples as the file holds them, in increasing time.
    public var samples: [Sample]
    /// Seconds added to the recording's times to put them on the scenario's clock; nil aligns at the release.
    public var timeOffset: Double?
    /// Subtracted from every recorded value (the resting value a recording was logged against).
    public var baseline: Double
    /// When the finger lifted, on the recording's clock: it is put at the scenario's release. Default: its first sample.
    public var release: Double?
    /// The screen recording the samples were tracked from (`video:`), as the scenario names it: the review page shows
    /// its frames beside Flick's, on the samples' clock (docs/track.md, "Side by side"). Nil without one.
    public var video: String?
    /// `video` as an absolute path inside the scenario's folder (`ScenarioFolder`), as the decoder found it.
    public var videoPath: String?
    /// The scenario's folder (`ScenarioFolder.root`), which the video must still be inside when it is decoded.
    public var videoFolder: String?
    /// Where it sits in the file (`reference[1]`), for messages.
    public var index: Int
    /// Where its path is written in the file, for the runner's message when the path names no value.
    public var source: Expectation.Source?

    public init(path: String, file: String, samples: [Sample], timeOffset: Double? = nil, baseline: Double = 0,
                release: Double? = nil, index: Int = 0) {
        self.path = path
        self.file = file
        self.samples = samples
        self.timeOffset = timeOffset
        self.baseline = baseline
        self.release = release
        self.index = index
    }

    /// Seconds added to a time on the recording's clock (its samples', its video's from the first frame) to put it on
    /// the scenario's: `timeOffset` when given, else the recording's `release` (or first sample) put at `releaseTime`.
    public func clockOffset(releaseTime: Double) -> Double {
        timeOffset ?? (releaseTime - (release ?? samples.first?.t ?? 0))
    }

    /// The samples on the scenario's clock, baseline subtracted: `timeOffset` when given, else the recording's
    /// `release` (or first sample) put at `releaseTime`.
    public func aligned(releaseTime: Double) -> [Sample] {
        let offset = clockOffset(releaseTime: releaseTime)
        return samples.map { Sample(t: $0.t + offset, value: $0.value - baseline) }
    }
}

extension Scenario {
    /// When the finger last lifts (the end of the last gesture that uses one), in seconds; 0 when none does.
    public var releaseTime: Double {
        gestures.filter(\.usesFinger).map { $0.at + $0.fingerDuration }.max() ?? 0
    }
}

/// Reads a recording file: CSV `t,value` (a header line naming the columns is allowed, `#` starts a comment) or
/// JSON, a list of `[t, value]` pairs or of `{t: …, value: …}` objects. Its messages name the line and what is wrong
/// but never quote the file: a file that is not a recording may be anyone's (docs/scenario-format.md, "Files a
/// scenario reads").
public enum RecordingFile {
    /// The most samples a file may hold.
    public static let maximumSamples = 100_000
    /// The largest file read, in bytes.
    public static let maximumFileSize = 8 << 20
    /// The farthest a recorded time (and a reference's `timeOffset` and `release`) may be from 0, in seconds: a
    /// device's clock since boot or the Unix epoch fits (31 years), and every time derived from it stays finite.
    public static let maximumTime = 1e9
    /// The largest recorded value (and a reference's `baseline`), in the state path's unit: the longest content a
    /// scroll view may have (`ScenarioDecoder.maximumContentLength`), so that value − baseline and every
    /// residual stay finite.
    public static let maximumValue = ScenarioDecoder.maximumContentLength

    /// A problem with a recording, at a line of its file (1-based; nil for the whole file).
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var line: Int?
        public var message: String
        public var description: String { line.map { "line \($0): \(message)" } ?? message }
    }

    /// Reads the file at `path` (CSV unless it ends in `.json`).
    public static func load(path: String) throws(Problem) -> [Reference.Sample] {
        let data = try read(path: path)
        guard let text = String(data: data, encoding: .utf8) else { throw Problem(line: nil, message: "is not UTF-8 text") }
        return path.lowercased().hasSuffix(".json") ? try json(text) : try csv(text)
    }

    /// The bytes of the recording at `path`: a regular file (a named pipe is refused, not waited on) of at most
    /// `maximumFileSize`, checked before it is read.
    static func read(path: String) throws(Problem) -> Data {
        do {
            return try RegularFile.data(path: path, limit: maximumFileSize, what: "a recording")
        } catch {
            let message: String = switch error.problem {
            case .notFound: "no such file"
            case .folder: "is a directory, not a recording"
            case .tooLarge(let bytes, _, _): "is \(bytes) bytes; a recording may be at most \(maximumFileSize)"
            case .notRegular, .failed: error.unreadable
            }
            throw Problem(line: nil, message: message)
        }
    }

    /// Samples from CSV text: two columns, `t` in seconds and the value.
    public static func csv(_ text: String) throws(Problem) -> [Reference.Sample] {
        var samples: [Reference.Sample] = []
        var sawHeader = false
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            let cells = trimmed.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if samples.isEmpty, !sawHeader, cells.first.map({ Double($0) == nil }) ?? false,
               cells.allSatisfy({ Double($0) == nil }) {
                guard cells.count >= 2 else {
                    throw Problem(line: line, message: "is not a t,value CSV: expected two columns, t and value, found \(cells.count)")
                }
                sawHeader = true
                continue
            }
            guard cells.count == 2 else {
                throw Problem(line: line, message: "expected two columns, t and value, found \(cells.count)")
            }
            try append(cells[0], cells[1], line: line, to: &samples)
        }
        try check(samples)
        return samples
    }

    /// Samples from JSON text: `[[t, value], …]` or `[{"t": …, "value": …}, …]`.
    public static func json(_ text: String) throws(Problem) -> [Reference.Sample] {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw Problem(line: nil, message: "is not valid JSON")
        }
        guard case .sequence(let items)? = root else {
            throw Problem(line: root?.mark?.line, message: "expected a list of [t, value] pairs or {t, value} objects")
        }
        var samples: [Reference.Sample] = []
        for item in items {
            let line = item.mark?.line
            switch item {
            case .sequence(let pair):
                guard pair.count == 2, let t = pair[0].scalar?.string, let v = pair[1].scalar?.string else {
                    throw Problem(line: line, message: "expected a pair [t, value], found \(pair.count) values")
                }
                try append(t, v, line: line, to: &samples)
            case .mapping(let object):
                guard let t = object["t"]?.scalar?.string else { throw Problem(line: line, message: "missing \"t\"") }
                guard let v = object["value"]?.scalar?.string else { throw Problem(line: line, message: "missing \"value\"") }
                try append(t, v, line: line, to: &samples)
            case .scalar, .alias:
                throw Problem(line: line, message: "expected a pair [t, value] or an object {t, value}")
            }
        }
        try check(samples)
        return samples
    }

    private static func append(_ tText: String, _ vText: String, line: Int?,
                               to samples: inout [Reference.Sample]) throws(Problem) {
        guard let t = Double(tText) else { throw Problem(line: line, message: "t is not a number") }
        guard let v = Double(vText) else { throw Problem(line: line, message: "value is not a number") }
        guard t.isFinite else { throw Problem(line: line, message: "t is \(tText.prefix(40)), not a finite number") }
        guard v.isFinite else { throw Problem(line: line, message: "value is \(vText.prefix(40)), not a finite number") }
        guard abs(t) <= maximumTime else {
            throw Problem(line: line, message: "t is \(say(t)) s, beyond the ±\(say(maximumTime)) s a recorded time may be")
        }
        guard abs(v) <= maximumValue else {
            throw Problem(line: line, message: "value is \(say(v)), beyond the ±\(say(maximumValue)) a recorded value may be")
        }
        if let previous = samples.last, t <= previous.t {
            throw Problem(line: line, message: "t must increase: \(JSONValue.format(t)) s comes after \(JSONValue.format(previous.t)) s")
        }
        guard samples.count < maximumSamples else {
            throw Problem(line: line, message: "more than \(maximumSamples) samples")
        }
        samples.append(Reference.Sample(t: t, value: v))
    }

    private static func check(_ samples: [Reference.Sample]) throws(Problem) {
        guard samples.count >= 2 else {
            throw Problem(line: nil, message: "holds \(samples.count) sample\(samples.count == 1 ? "" : "s"); a recording needs at least 2")
        }
    }
}

/// A reference's screen recording (`video:`), checked when the scenario is read: a regular file inside the
/// scenario's folder. Its frames are decoded only by the review page's render (ffmpeg), which says when it is not
/// a video.
public enum ReferenceVideo {
    /// `reference`'s video as a real path (every link followed) for the decoder to open, checked again as the
    /// scenario's reader checked it: inside the scenario's folder, a regular file. Nil without a video; else the
    /// path, or what is wrong with it now.
    public static func current(_ reference: Reference) -> Result<String, ReferenceVideoProblem>? {
        guard let path = reference.videoPath, reference.video != nil else { return nil }
        if let root = reference.videoFolder {
            if case .failure(let outside) = ScenarioFolder.resolve(path, from: path, within: root) {
                // "is outside the scenario's folder …", after the name the caller puts first.
                return .failure(ReferenceVideoProblem(description: String(outside.description.dropFirst(path.count + 1))))
            }
        }
        if let problem = problem(path: path) { return .failure(ReferenceVideoProblem(description: problem)) }
        return .success(ScenarioFolder.realPath(path) ?? path)
    }

    /// Why the file at `path` cannot be a recording (missing, a folder, a named pipe, unreadable), or nil.
    public static func problem(path: String) -> String? {
        do {
            let (descriptor, _) = try RegularFile.open(path: path)
            close(descriptor)
            return nil
        } catch {
            return switch error.problem {
            case .notFound: "no such file"
            case .folder: "is a directory, not a video"
            case .notRegular(let kind): "is \(kind), not a video"
            case .tooLarge, .failed: error.unreadable
            }
        }
    }
}

/// What is wrong with a reference's video when it is about to be decoded.
public struct ReferenceVideoProblem: Error, CustomStringConvertible, Sendable {
    public var description: String
}
