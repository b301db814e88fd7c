import FlickOutput
import Foundation

/// What the reports of `flick test` say about one scenario: the console lines, JUnit's case and Markdown's row and
/// findings, as plain values. A run's results become these once; the reports are written from them, and a shard
/// keeps them in its blob (`TestRunBlob`), so reports merged from shards are the reports of the whole run.
public struct TestCaseReport: Codable, Sendable, Equatable {
    /// One thing that failed, as the Markdown report lists it.
    public enum Finding: Codable, Sendable, Equatable {
        case expectation(String)
        case invariant(String)
        /// A golden frame beyond its tolerance: `artifacts` is the folder of expected, actual, diff and flip images.
        case frame(number: Int, pixels: Int, golden: String, measure: String, artifacts: String)
        /// A line said as it is (a golden recorded or missing, a states golden recorded for another run).
        case message(String)
        /// The head of a states golden's deviations: `tolerance` as text.
        case statesDeviated(golden: String, tolerance: String)
        /// One deviating state path under `statesDeviated`.
        case deviation(path: String, worst: String, detail: String, plot: String?)
    }

    /// Markdown's table cells for a failing scenario ("—" where nothing was checked).
    public struct Cells: Codable, Sendable, Equatable {
        public var expectations = "—", invariants = "—", frames = "—", states = "—"
    }

    public var path: String
    public var passed: Bool
    /// Why the scenario could not be tested (bad input); nil when it was.
    public var error: String?
    /// Seconds spent on it.
    public var duration: Double?
    /// `PASS path (…)`, `FAIL path (…)` or `ERROR path`.
    public var summaryLine: String
    /// Everything that went wrong, one line each.
    public var failureLines: [String]
    /// What kinds of check failed: `expectation`, `invariant`, `golden`.
    public var kinds: [String]
    /// The images a CI can show beside a failure: diff images and plots.
    public var attachments: [String]
    public var cells: Cells
    public var findings: [Finding]

    public var isError: Bool { error != nil }
}

extension ScenarioTestResult {
    /// This result as the reports see it.
    public var report: TestCaseReport {
        TestCaseReport(path: path, passed: passed, error: error, duration: duration, summaryLine: summaryLine,
                       failureLines: failureLines, kinds: JUnitReport.kinds(of: self),
                       attachments: JUnitReport.attachmentPaths(of: self), cells: cells, findings: findings)
    }

    private var cells: TestCaseReport.Cells {
        var cells = TestCaseReport.Cells()
        guard !isError else { return cells }
        cells.expectations = expectationFailures.isEmpty ? "\(expectationCount)"
            : "\(expectationFailures.count) of \(expectationCount) failed"
        if let report = invariants {
            cells.invariants = report.passed ? "\(report.checks.values.reduce(0, +)) checks" : "\(report.grouped.count) broken"
        }
        let failedFrames = goldens.filter { !$0.passed }.count
        if !goldens.isEmpty {
            cells.frames = failedFrames == 0 ? "\(goldens.count)" : "\(failedFrames) of \(goldens.count) failed"
        }
        switch states?.outcome {
        case nil: break
        case .matched(let paths, let count)?: cells.states = "\(paths) paths × \(count) frames"
        case .deviated(let deviations)?: cells.states = "\(deviations.count) path\(deviations.count == 1 ? "" : "s") off"
        case .recorded?: cells.states = "recorded"
        case .incompatible?: cells.states = "recorded for another run"
        case .missingGolden?: cells.states = "missing"
        }
        return cells
    }

    private var findings: [TestCaseReport.Finding] {
        guard !isError else { return [] }
        var findings: [TestCaseReport.Finding] = expectationFailures.map { .expectation($0.description) }
        findings += (invariants?.lines ?? []).map { .invariant($0) }
        for golden in goldens where !golden.passed {
            switch golden.outcome {
            case .matched:
                break
            case .mismatched(let comparison, let artifacts):
                findings.append(.frame(number: golden.frame, pixels: comparison.differingPixels, golden: golden.goldenPath,
                                       measure: MarkdownReport.measure(comparison), artifacts: artifacts))
            case .recorded, .missingGolden, .sizeMismatch:
                findings.append(.message(golden.message ?? "frame \(golden.frame) failed"))
            }
        }
        if let states, !states.passed {
            switch states.outcome {
            case .deviated(let deviations):
                findings.append(.statesDeviated(golden: states.goldenPath, tolerance: PathDeviation.number(states.tolerance)))
                for d in deviations {
                    findings.append(.deviation(path: d.path, worst: PathDeviation.number(d.worst),
                                               detail: d.detail(tolerance: states.tolerance), plot: d.plot))
                }
            case .matched, .recorded, .incompatible, .missingGolden:
                findings += states.messages.map { .message($0) }
            }
        }
        return findings
    }
}

/// What one `flick test --blob FILE` run keeps for a later `flick test --merge`: when it started, how long it took,
/// its record mode and shard, and every case's report. Shards of one run merged are the run: the same cases in the
/// same order, the same results, one JUnit and one Markdown report (README, "Guarding interactions in CI").
public struct TestRunBlob: Codable, Sendable, Equatable {
    /// The format's version; a blob of another version is refused rather than misread.
    public static let currentFormat = 1
    /// The largest blob read: far beyond a run of thousands of failing scenarios, and bounded.
    public static let maximumBytes = 256 << 20

    public var flickTestBlob: Int
    /// When the run started, seconds since 1970.
    public var started: Double
    /// How long it took, in seconds.
    public var time: Double
    /// The record mode (`missing`, `changed`, `all`, `never`).
    public var record: String
    /// `i/n` when the run was a shard.
    public var shard: String?
    public var cases: [TestCaseReport]

    public init(started: Date, time: Double, record: String, shard: String?, cases: [TestCaseReport]) {
        self.flickTestBlob = Self.currentFormat
        self.started = started.timeIntervalSince1970
        self.time = time
        self.record = record
        self.shard = shard
        self.cases = cases
    }

    /// The blob as JSON, keys sorted, one key a line.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Reads a blob `flick test --blob` wrote; the error names the file and what is wrong.
    public static func read(path: String) throws(ReadError) -> TestRunBlob {
        let data: Data
        do {
            data = try RegularFile.data(path: path, limit: maximumBytes, what: "a blob")
        } catch {
            throw ReadError(description: error.description)
        }
        struct Head: Decodable { var flickTestBlob: Int? }
        guard let head = try? JSONDecoder().decode(Head.self, from: data), let format = head.flickTestBlob else {
            throw ReadError(description: "\(path): not a blob `flick test --blob` wrote (no flickTestBlob key at the top level)")
        }
        guard format == currentFormat else {
            throw ReadError(description: "\(path): a blob of format \(format), and this flick reads format \(currentFormat); merge with the flick that wrote it")
        }
        do {
            return try JSONDecoder().decode(TestRunBlob.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw ReadError(description: "\(path): \(keyPath(context.codingPath + [key])): missing")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
                let DecodingError.dataCorrupted(context) {
            throw ReadError(description: "\(path): \(keyPath(context.codingPath)): \(context.debugDescription)")
        } catch {
            throw ReadError(description: "\(path): \(error)")
        }
    }

    private static func keyPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text.isEmpty ? "(top level)" : text
    }

    /// The shards' blobs as one run: their cases in path order, each once; started when the first started, its
    /// time the shards' times added (what the run cost). Refuses blobs that overlap (a case in two), mix record
    /// modes, or are shards of one split with a shard missing or given twice.
    public static func merge(_ blobs: [(path: String, blob: TestRunBlob)]) throws(ReadError) -> TestRunBlob {
        guard let first = blobs.first else { throw ReadError(description: "no blobs to merge") }
        var owner: [String: String] = [:]
        for (path, blob) in blobs {
            for c in blob.cases {
                if let other = owner[c.path] {
                    throw ReadError(description: "\(c.path) is in two blobs: \(other) and \(path); merge the shards of one run")
                }
                owner[c.path] = path
            }
        }
        let modes = Set(blobs.map(\.blob.record))
        guard modes.count == 1 else {
            throw ReadError(description: "the blobs ran with different record modes (\(modes.sorted().joined(separator: ", "))); merge the shards of one run")
        }
        let shards = blobs.compactMap { $0.blob.shard.flatMap(ScenarioTests.parseShard) }
        if !shards.isEmpty {
            let counts = Set(shards.map(\.count))
            guard shards.count == blobs.count, counts.count == 1, let n = counts.first else {
                throw ReadError(description: "the blobs are not the shards of one split (\(blobs.map { $0.blob.shard ?? "unsharded" }.joined(separator: ", ")))")
            }
            let given = shards.map(\.index)
            if let twice = Dictionary(grouping: given, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
                throw ReadError(description: "shard \(twice)/\(n) is given twice")
            }
            let missing = (1...n).filter { !given.contains($0) }
            if !missing.isEmpty {
                let names = missing.map { "\($0)/\(n)" }.joined(separator: ", ")
                throw ReadError(description: "shard\(missing.count == 1 ? "" : "s") \(names) missing: every shard's blob is needed, or the report would leave scenarios out")
            }
        }
        let cases = blobs.flatMap(\.blob.cases).sorted { $0.path < $1.path }
        let started = Date(timeIntervalSince1970: blobs.map(\.blob.started).min() ?? first.blob.started)
        return TestRunBlob(started: started, time: blobs.map(\.blob.time).reduce(0, +), record: first.blob.record,
                           shard: nil, cases: cases)
    }
}
