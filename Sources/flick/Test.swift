import ArgumentParser
import FlickCore
import FlickRender
import FlickRunner
import FlickOutput
import Foundation

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the expectations, invariants and golden frames of a folder of scenarios.",
        discussion: """
        For every scenario file (a FILE, or every .json, .yaml and .yml file under a DIR, where links to folders are not followed, except files that are plainly not scenarios: JSON or YAML whose top level is not a mapping or has none of the keys every scenario has (viewport, duration, scene), such as package.json, listed once as skipped), in parallel: its `expect:` entries, checked against the simulated states; the invariants of `flick check`; and its golden frames, the frames `goldens:` names (or, without it, the frame_NNNNN.png files already stored), compared with __Goldens__/<file name>/frame_NNNNN.png beside the file. Goldens are never read or written through a symbolic link, and a golden that is not a regular file (a named pipe) is refused; the images of a failed comparison go to --report's folder, $FLICK_ARTIFACTS, or a private folder made for the run (flick-golden-failures-XXXXXX in the temporary folder).

        Prints one line per scenario (PASS or FAIL, with what failed below it, where and by how much), then a last line `N passed, N failed`. A states golden that differs names each path, its worst deviation with the time and frame, and the first frame that deviates, and leaves an expected-vs-actual plot per path in --report.

        --record says when goldens are written, as FlickTesting's assertions do: missing (default; writes the goldens that do not exist yet and fails so they get a look), changed (rewrites only the goldens that fail beyond their tolerance, or were recorded at another frame count, fps, scale or size; `failed` is its earlier name), all, or never (for CI: a missing golden fails). The environment variable FLICK_RECORD sets it too.

        --prune lists the goldens no scenario uses and runs nothing: only what flick test itself writes (frame_NNNNN.png and states.json, regular files) for a scenario file that is gone, a frame goldens.frames no longer lists, or a states.json that goldens: does not ask for. It never touches the Swift API's time_S.SSS.png goldens, files of other names, links, or a golden folder that holds such files or that a Swift file beside __Goldens__ names (FlickTesting keeps its goldens there); those folders are listed as kept. It exits 1 when there are orphans, 0 when there are none, so CI can require none. With --yes it removes them, naming every file removed.

        --markdown FILE writes a summary for a CI step summary or a pull-request comment: the totals, a table of the scenarios that failed, each failure with its path, deviation or differing-pixel count and links to its plot, diff image and flip-book preview (an APNG of expected and actual in turn), then the passing scenarios in one line. Links are relative to FILE, or with --artifacts-url URL that URL followed by the file's path inside --report's folder (where CI publishes it). Paths and messages are escaped: they add no Markdown, HTML, mention or link of their own.

        --junit FILE writes JUnit XML: the suite's time, timestamp (UTC) and hostname, with the record mode and shard as properties; a test case per scenario with its time, its folder as classname and its path as file, a <failure> (or <error>) holding every failure line, and GitLab's [[ATTACHMENT|path]] for each failing frame's diff image and state path's plot. An empty shard still writes a complete suite with tests="0". --junit-style strict writes what validates against the Ant (windyroad JUnit.xsd) and Jenkins xUnit (junit-10.xsd) schemas, for readers that validate: no file attribute, nothing on <testsuites>, the attachments listed in the suite's <system-out>.

        --shard i/n runs the i-th of n contiguous parts of the sorted list of files, so n CI jobs together run every scenario once. --blob FILE keeps the run's results for a later merge; `flick test --merge BLOB…` (blob files, or folders holding them) then prints, and writes with --junit and --markdown, the reports of the whole run: the same cases in the same order with the same results as one unsharded run, the suite's time being the shards' times added. A merge refuses blobs that overlap, mix record modes, or leave a shard of the split out. Give --report the folder where the shards' --report folders were gathered, so --artifacts-url links resolve.

        Exit status 0 when every scenario passes, 1 when one fails, 2 on bad input (a file that does not decode, a bad option).
        """
    )

    @Argument(help: "Scenario files or folders of them (searched recursively; __Goldens__ and hidden folders are skipped); with --merge, blob files or folders of them.")
    var paths: [String]

    @Option(help: ArgumentHelp("Write a JUnit XML report of the run to this file.", valueName: "file"))
    var junit: String?

    @Option(name: .customLong("junit-style"), help: ArgumentHelp("full (default: what GitLab and GitHub's reporters read, with each case's file and its diff images as GitLab attachments) or strict (valid against the Ant and Jenkins xUnit JUnit schemas: no file attribute, attachments in the suite's system-out).", valueName: "style"), transform: JUnitReport.Style.parse)
    var junitStyle: JUnitReport.Style?

    @Option(help: ArgumentHelp("Write expected, actual and diff images of the golden frames that differ into this folder: <dir>/<scenario file's path without extension>/frame_NNNNN/.", valueName: "dir"))
    var report: String?

    @Option(help: ArgumentHelp("Run only the i-th of n parts of the scenarios, e.g. 2/3.", valueName: "i/n"))
    var shard: String?

    @Option(help: ArgumentHelp("Write the run's results to this file, for a later flick test --merge of every shard's blob.", valueName: "file"))
    var blob: String?

    @Flag(help: "Merge the blobs of shards (the paths are blob files or folders holding them) into one run's reports; run nothing.")
    var merge = false

    @Option(help: ArgumentHelp("Write a Markdown summary of the run to this file (for a CI step summary or a pull-request comment).", valueName: "file"))
    var markdown: String?

    @Option(name: .customLong("artifacts-url"), help: ArgumentHelp("With --markdown: link the images and plots under this URL, where --report's folder is published (a CI artifact or pages URL), instead of relative to the Markdown file.", valueName: "url"))
    var artifactsURL: String?

    @Option(help: ArgumentHelp("When goldens are written: missing, changed, all or never (default: $FLICK_RECORD, else missing).", valueName: "mode"), transform: GoldenRecordMode.parse)
    var record: GoldenRecordMode?

    @Flag(help: "List the goldens no scenario uses, and run nothing.")
    var prune = false

    @Flag(help: "With --prune: remove them.")
    var yes = false

    @OptionGroup var threads: JobsOption<TestJobs>

    func run() throws {
        if yes, !prune { throw BadInput("--yes only confirms --prune") }
        if junitStyle != nil, junit == nil { throw BadInput("--junit-style sets the style of --junit; add --junit FILE") }
        if artifactsURL != nil, markdown == nil { throw BadInput("--artifacts-url sets the links of --markdown; add --markdown FILE") }
        if artifactsURL != nil, report == nil {
            throw BadInput("--artifacts-url needs --report DIR: the folder whose files are published at that URL")
        }
        if merge { return try mergeBlobs() }
        let options = try testOptions()
        let part = try parseShard()
        if let junit { try checkWritable(junit, option: "--junit") }
        if let markdown { try checkWritable(markdown, option: "--markdown") }
        if let blob { try checkWritable(blob, option: "--blob") }
        if prune, blob != nil { throw BadInput("--blob keeps a run's results; --prune runs nothing") }
        var files: [String]
        var skipped: [String] = []
        do {
            files = try ScenarioTests.discover(paths.map(resolve), skipped: &skipped)
        } catch {
            throw BadInput(error.description)
        }
        if !skipped.isEmpty {
            let noun = skipped.count == 1 ? "1 file that is not a scenario" : "\(skipped.count) files that are not scenarios"
            let keys = ["viewport", "duration", "scene"].filter(ScenarioDecoder.requiredKeys.contains).joined(separator: ", ")
            print(terminalSafe("skipped \(noun) (none of \(keys) at the top level): \(skipped.joined(separator: ", "))"))
        }
        if prune { return try pruneGoldens(besides: files) }
        if let part { files = ScenarioTests.shard(files, index: part.index, count: part.count) }

        let started = Date(), clock = DispatchTime.now().uptimeNanoseconds
        let results = Parallel.map(files, jobs: threads.jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                                   { ScenarioTests.run(path: $0, options: options) }) { _, result in
            printLines(of: result.summaryLine, result.failureLines)
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9
        let run = TestRunBlob(started: started, time: elapsed, record: options.record.rawValue, shard: shard,
                              cases: results.map(\.report))
        if let blob {
            do {
                try writeAtomically(try run.json(), to: blob)
            } catch {
                throw BadInput.of(error)
            }
        }
        try finish(run)
    }

    /// The totals line, the JUnit and Markdown reports, and the exit status of a run or of shards merged.
    private func finish(_ run: TestRunBlob) throws {
        let results = run.cases
        let failed = results.filter { !$0.passed }.count
        print("\(results.count - failed) passed, \(failed) failed")
        if let junit {
            do {
                var properties = [(name: "record", value: run.record)]
                if let shard { properties.append((name: "shard", value: shard)) }
                try writeAtomically(JUnitReport.xml(results, timestamp: Date(timeIntervalSince1970: run.started),
                                                    time: run.time, properties: properties, style: junitStyle ?? .full),
                                    to: junit)
            } catch {
                throw BadInput.of(error)
            }
        }
        if let markdown {
            do {
                try writeAtomically(MarkdownReport.markdown(results, markdownFile: markdown, artifactsRoot: report,
                                                            artifactsURL: artifactsURL), to: markdown)
            } catch {
                throw BadInput.of(error)
            }
        }
        if results.contains(where: \.isError) { throw failureExit }
        if failed > 0 { throw ExitCode(1) }
    }

    /// `--merge`: reads every shard's blob and finishes as the whole run would have: each case's lines, the totals,
    /// the reports, the exit status.
    private func mergeBlobs() throws {
        for (set, option) in [(shard != nil, "--shard"), (prune, "--prune"), (record != nil, "--record"),
                              (threads.jobs != nil, "--jobs"), (blob != nil, "--blob")] where set {
            throw BadInput("\(option) does not apply to --merge, which runs nothing: it reads the blobs the shards wrote")
        }
        if paths.isEmpty { throw BadInput("--merge needs the blobs: files `flick test --blob` wrote, or folders holding them") }
        if let junit { try checkWritable(junit, option: "--junit") }
        if let markdown { try checkWritable(markdown, option: "--markdown") }
        var blobs: [(path: String, blob: TestRunBlob)] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw BadInput("\(path): no such file or folder")
            }
            guard isDirectory.boolValue else {
                do { blobs.append((path, try TestRunBlob.read(path: path))) } catch { throw BadInput(error.description) }
                continue
            }
            // In a folder: its .json files that are blobs (a shard's JUnit or Markdown beside them is not JSON).
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            var found = 0
            for name in names {
                let file = (path as NSString).appendingPathComponent(name)
                guard let read = try? TestRunBlob.read(path: file) else { continue }
                blobs.append((file, read))
                found += 1
            }
            if found == 0 { throw BadInput("\(path): no blob `flick test --blob` wrote in this folder") }
        }
        let run: TestRunBlob
        do { run = try TestRunBlob.merge(blobs) } catch { throw BadInput(error.description) }
        for result in run.cases {
            printLines(of: result.summaryLine, result.failureLines)
        }
        try finish(run)
    }

    /// `--prune`: prints each golden no scenario uses (and each golden folder kept although its scenario file is
    /// gone), and removes them with `--yes`, naming every file removed. Exit status 1 when orphans are listed and
    /// not removed (so CI can require none), or when one could not be removed; 0 otherwise.
    private func pruneGoldens(besides files: [String]) throws {
        let survey = GoldenPrune.survey(besides: files)
        let orphans = survey.orphans
        for orphan in orphans {
            let detail = orphan.files.isEmpty ? "" : " (\(orphan.files.joined(separator: ", ")))"
            print(terminalSafe("\(orphan.path)\(detail): \(orphan.reason)"))
        }
        for kept in survey.kept { print(terminalSafe("\(kept.path): \(kept.reason)")) }
        let count = orphans.map(\.removedPaths.count).reduce(0, +)
        let noun = count == 1 ? "golden file no scenario uses" : "golden files no scenario uses"
        guard yes else {
            if orphans.isEmpty {
                print("no goldens to prune")
                return
            }
            print("\(count) \(noun); run again with --yes to remove them")
            throw ExitCode(1)
        }
        let removal = GoldenPrune.remove(orphans)
        for path in removal.removed { print(terminalSafe("removed \(path)")) }
        let files = removal.removed.filter { !$0.hasSuffix("/") }.count
        let folders = removal.removed.count - files
        print("removed \(files) of \(count) \(noun)" + (folders == 0 ? "" : " and \(folders) emptied golden folder\(folders == 1 ? "" : "s")"))
        if !removal.problems.isEmpty { throw Failure(lines: removal.problems.map { "error: \($0)" }, status: ExitCode(1)) }
    }

    /// A name of a bundled example stands for its file when no such path exists.
    private func resolve(_ argument: String) -> String {
        FileManager.default.fileExists(atPath: argument) ? argument : ExampleCatalog.resolve(argument)
    }

    private func testOptions() throws -> ScenarioTestOptions {
        let mode: GoldenRecordMode
        if let record {
            mode = record
        } else if let value = ProcessInfo.processInfo.environment[GoldenRecordMode.environmentVariable], !value.isEmpty {
            guard let m = GoldenRecordMode(word: value) else {
                throw BadInput("\(GoldenRecordMode.environmentVariable)=\(value) is not a record mode (\(GoldenRecordMode.names))")
            }
            mode = m
        } else {
            mode = .missing
        }
        if let report {
            do {
                try FileManager.default.createDirectory(atPath: report, withIntermediateDirectories: true)
            } catch {
                throw BadInput("--report \(report): cannot create the folder (\(error.localizedDescription))")
            }
        }
        return ScenarioTestOptions(record: mode, reportDirectory: report)
    }

    /// A scenario's line and what failed beneath it, as a run and a merge print them.
    private func printLines(of summary: String, _ failures: [String]) {
        print(terminalSafe(summary))
        for line in failures { print("  " + terminalSafe(line)) }
    }

    private func parseShard() throws -> (index: Int, count: Int)? {
        guard let shard else { return nil }
        guard let part = ScenarioTests.parseShard(shard) else {
            throw BadInput("--shard must be i/n with 1 ≤ i ≤ n, e.g. 2/3, not \"\(shard)\"")
        }
        return part
    }

    private func checkWritable(_ file: String, option: String) throws {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw BadInput("\(option) \(file): the folder \(folder) does not exist")
        }
        if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
            throw BadInput("\(option) \(file) is a folder")
        }
    }

    /// Writes beside the destination and renames into place, so a report is never half written (`OutputFile`:
    /// links followed, permissions kept, `-` is standard output).
    private func writeAtomically(_ text: String, to path: String) throws {
        let file = try OutputFile(path: path)
        do {
            try file.write(text)
            try file.commit()
        } catch {
            file.abandon()
            throw error
        }
    }
}

extension GoldenRecordMode {
    /// The modes' names: "missing, changed, all, never".
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// `--record`: a mode's name in any case, or `failed` (`init(word:)`); anything else is bad input.
    static func parse(_ argument: String) throws -> GoldenRecordMode {
        guard let mode = GoldenRecordMode(word: argument) else { throw BadInput("--record must be one of \(names), not \"\(argument)\"") }
        return mode
    }
}

extension JUnitReport.Style {
    /// `--junit-style`: full or strict; anything else is bad input.
    static func parse(_ argument: String) throws -> JUnitReport.Style {
        guard let style = JUnitReport.Style(rawValue: argument) else {
            throw BadInput("--junit-style must be \(allCases.map(\.rawValue).joined(separator: " or ")), not \"\(argument)\"")
        }
        return style
    }
}
