import ArgumentParser
import FlickCore
import FlickOutput
import FlickRender
import FlickReview
import Foundation

/// `--set PATH=V1,V2,...`: the keys a sweep varies (docs/sweeps.md).
struct SweepOptions: ParsableArguments {
    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Sweep a key of the scenario: every combination of the values of every --set is a variant (at most 64). PATH is a key path of the file, such as physics.preset or scene.sheet.detents[1].fraction; missing mapping keys are created; values are YAML, separated by commas outside quotes and brackets.",
        valueName: "PATH=V1,V2,..."))
    var assignments: [String] = []

    /// The parsed `--set`s; a bad one is `BadInput`.
    func axes() throws -> [SweepAxis] {
        do {
            return try assignments.map(SweepAxis.parse)
        } catch {
            throw BadInput(error.message)
        }
    }
}

/// `flick render`'s sweep options.
struct RenderSweepOptions: ParsableArguments {
    @OptionGroup var sweep: SweepOptions

    @Option(name: .customLong("grid-columns"), help: ArgumentHelp("At most this many instants (columns) on a sweep's contact sheet (1-24).", valueName: "K"))
    var gridColumns: Int = SweepGrid.defaultColumnLimit
}

/// Loads the sweep of a scenario named on the command line (a file, a bundled example's name, or `-`); throws every
/// problem as `BadInput` on failure.
func loadSweep(_ argument: String, axes: [SweepAxis]) throws -> ScenarioSweep {
    let result: Result<ScenarioSweep, ScenarioError>
    if argument == "-" {
        let data = FileHandle.standardInput.readData(ofLength: ScenarioDecoder.maximumFileSize + 1)
        result = Result { () throws(ScenarioError) in
            try ScenarioSweep.decode(data: data, file: "<standard input>", defaultName: "stdin", axes: axes)
        }
    } else if let problem = ExampleCatalog.problem(with: argument) {
        throw BadInput(file: argument, problem)
    } else {
        result = Result { () throws(ScenarioError) in try ScenarioSweep.load(path: ExampleCatalog.resolve(argument), axes: axes) }
    }
    switch result {
    case .success(let sweep): return sweep
    case .failure(let error): throw BadInput(lines: [error.description])
    }
}

/// Whether a scenario's file sweeps keys itself (`sweep:`); false when it cannot be read (the caller reports that).
func hasFileSweep(_ argument: String) -> Bool {
    argument != "-" && ((try? readScenario(argument).get())?.sweep.isEmpty == false)
}

extension Render {
    /// Renders the scenarios as sweeps when --set is given or their files sweep keys; false when there is none.
    func renderSweeps() throws -> Bool {
        let axes = try sweepOptions.sweep.axes()
        let sweeping = axes.isEmpty ? scenarios.filter(hasFileSweep) : scenarios
        guard !sweeping.isEmpty else { return false }
        if sweeping.count != scenarios.count {
            throw BadInput("\(sweeping.joined(separator: ", ")) sweep\(sweeping.count == 1 ? "s" : "") keys (sweep: in the file) and the other scenarios do not: render them separately")
        }
        if sweepOptions.gridColumns < 1 || sweepOptions.gridColumns > 24 {
            throw BadInput("--grid-columns must be in 1...24, not \(sweepOptions.gridColumns)")
        }
        // What a sweep does not write is said, never silently dropped: its review page is the variants on one
        // motion graph, not a player of each variant's frames.
        let page = review || html || motion
        let notWritten = [(review || preview, "preview.apng"), (review || motion, "motion.svg and motion.png"),
                          (review || html, "a frame player")].filter(\.0).map(\.1)
        if !notWritten.isEmpty {
            let list = notWritten.count == 1 ? notWritten[0]
                : notWritten.dropLast().joined(separator: ", ") + ", or " + notWritten[notWritten.count - 1]
            printError("note: a sweep writes \(page ? "index.html (the variants on one motion graph), " : "")contact-sheet.png (the variants side by side), "
                       + "variants.csv, .md and .json and, with --video, the grid video; it does not write \(list) for each variant: "
                       + "render one variant without --set for those")
        }
        var ffmpeg: String?
        if let video {
            guard let found = FFmpeg.locate() else {
                throw BadInput("--video \(video.rawValue) needs ffmpeg, which is not on PATH; \(FFmpeg.installHint)")
            }
            ffmpeg = found
        }
        // Every file and every variant is read and checked before anything is drawn.
        var sweeps: [(path: String, sweep: ScenarioSweep)] = []
        var problems: [String] = []
        for argument in scenarios {
            let path = ExampleCatalog.resolve(argument)
            var sweep: ScenarioSweep
            do {
                sweep = try loadSweep(argument, axes: axes)
            } catch let problem as BadInput {
                problems.append(problem.description)
                continue
            }
            for n in sweep.variants.indices {
                if let message = apply(to: &sweep.variants[n].scenario) {
                    problems.append("\(path): error: variant \(sweep.variants[n].number) (\(sweep.variants[n].label)): \(message)")
                }
            }
            if let other = sweeps.first(where: { $0.sweep.name == sweep.name }) {
                problems.append("\(path): error: its name \"\(sweep.name)\" is also the name of \(other.path); both would write \(out)/\(sweep.name)")
            }
            sweeps.append((path, sweep))
        }
        guard problems.isEmpty else { throw BadInput(lines: problems) }

        let showProgress = isatty(STDERR_FILENO) == 1
        for (path, sweep) in sweeps {
            let first = sweep.variants[0].scenario
            let options = SequenceOptions(format: format, frames: frames?.range, jobs: workerThreads(threads.jobs),
                                          render: RenderOptions(overlay: overlay, iconFolders: ExampleCatalog.iconFolders(forScenarioAt: path)),
                                          cancellation: Interruption.cancellation)
            let sweepRender = SweepRenderOptions(gridColumns: sweepOptions.gridColumns, video: video, ffmpegPath: ffmpeg,
                                                 playbackFPS: first.fps / Double(slow ?? 1), page: page)
            let destination = URL(fileURLWithPath: out).appendingPathComponent(sweep.name)
            let shown = (out as NSString).appendingPathComponent(sweep.name)
            let bar = showProgress ? SweepProgressBar(name: sweep.name) : nil
            try reportingFailure(of: path, finish: { bar?.finish() }) {
                let summary = try SweepRenderer.render(name: sweep.name, paths: sweep.axes.map(\.path), variants: sweep.variants,
                                                       to: destination, sequence: options, options: sweepRender) { bar?.update($0) }
                bar?.finish()
                let files = sweepRender.fileNames.joined(separator: ", ")
                printSafe("\(shown): \(summary.variants) variant\(summary.variants == 1 ? "" : "s"), \(summary.framesWritten) frames (\(format.rawValue); \(files)) in \(NumberText.fixed(summary.seconds, digits: 1)) s")
                for warning in summary.warnings { printError("\(path): warning: \(warning)") }
            }
        }
        return true
    }
}

extension States {
    /// Prints the sweep's document when --set is given or the file sweeps keys; false when there is none.
    func printSweep() throws -> Bool {
        let axes = try sweepOptions.axes()
        guard !axes.isEmpty || hasFileSweep(scenario) else { return false }
        let sweep = try loadSweep(scenario, axes: axes)
        if explain == .text {
            // The lines alone on standard output; with -o FILE beside the plain document, with -o - on standard
            // error beside the document on standard output (as for one scenario).
            let toStandardError = output == "-"
            do {
                try SweepRenderer.explanationLines(variants: sweep.variants, cancellation: Interruption.cancellation) { line in
                    if toStandardError { printError(line) } else { print(line) }
                }
            } catch is RenderCancelled {
                throw Interruption.exit
            }
            guard let output else { return true }
            try writeSweepDocument(sweep, explains: false)
            if output != "-" { printError("states written to \(output)") }
            return true
        }
        try writeSweepDocument(sweep, explains: explain == .json)
        return true
    }

    /// Writes a sweep's document, JSON or the CSV table, to -o FILE or standard output.
    private func writeSweepDocument(_ sweep: ScenarioSweep, explains: Bool) throws {
        try writeDocument { file, cancellation in
            switch format {
            case .json:
                try SweepRenderer.writeStates(name: sweep.name, axes: sweep.axes, variants: sweep.variants,
                                              explains: explains, cancellation: cancellation) { try file.write($0) }
            case .csv:
                try file.write(SweepRenderer.table(name: sweep.name, paths: sweep.axes.map(\.path), variants: sweep.variants).csv)
            }
        }
    }
}

/// A sweep's progress on standard error: the variant being drawn, then the grid video.
final class SweepProgressBar: Sendable {
    private let name: String
    private let state = Locked((bar: ProgressBar?.none, current: ""))

    init(name: String) { self.name = name }

    func update(_ progress: SweepProgress) {
        state.withLock { state in
            let label: String, done: Int, total: Int
            switch progress {
            case .variant(let number, let count, let d, let t): (label, done, total) = ("\(name) variant \(number)/\(count)", d, t)
            case .grid(let d, let t): (label, done, total) = ("\(name) grid video", d, t)
            }
            if label != state.current {
                state.bar?.finish()
                state.bar = ProgressBar(label: label)
                state.current = label
            }
            state.bar?.update(done, of: total)
        }
    }

    func finish() {
        state.withLock { $0.bar?.finish() }
    }
}
