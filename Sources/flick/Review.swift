import ArgumentParser
import FlickCore
import FlickDiff
import FlickOutput
import FlickImage
import FlickRender
import FlickReview
import Foundation

struct Review: ParsableCommand, WritesOutput {
    static let configuration = CommandConfiguration(
        abstract: "Runs side by side in one review page, in sync, and on one motion graph.",
        usage: "flick review A B [C ...] [--out DIR]\n  flick review SCENARIO ... --set PATH=V1,V2,... [--out DIR]",
        discussion: """
        Writes DIR/index.html.

        Two runs, A and B: the two side by side at the same time, as a wipe (a slider between them) or as their per-frame diff (pixelmatch's method and colours, as `flick diff` draws it: differing pixels red over a faded copy of A), and the two frames' states side by side with the values that differ marked. It plays, steps and scrubs like the page of `flick render --html`, shows each run's motion plot with a cursor, and both runs on one motion graph (below).

        Three or more runs: the runs on one motion graph with a shared time axis (no frames are drawn). For each sheet and scroll view that moved, its value and velocity with one line per run, each run in its own colour and dash (a colour-blind-safe palette) and a legend entry; each run's releases and settles are marked, and hovering a mark shows its `--explain` line (the legend lists them too). docs/review-page.md, "Many runs on one graph".

        --set PATH=V1,V2,... (as `flick render --set`, docs/sweeps.md), or scenarios whose files sweep keys (`sweep:`): every variant of each SCENARIO on one graph, one line per variant.

        A run is a scenario (a file, or a bundled example) or a folder `flick render` wrote (DIR/<name>), which is read where it is: the page loads its frames by relative path, so keep it beside DIR. Scenarios are rendered into DIR/a and DIR/b with --html for a two-run page, at 1 pixel per point unless --scale or --device-scale says otherwise (sheet-handoff against sheet-floatingpanel: 46 MB at 1x, 192 MB at their 3x), and only simulated for a graph. A folder rendered with --html or --review brings its marks and motion plot (its run.json); one without has marks read from its states (touch-downs, releases, resizes) and no plot. A folder is data, never code: only its run.json and states.json are read (regular files, size-limited, every value checked; docs/review-page.md), the states go into the page as JSON, and no script of the folder is loaded. A folder's states carry no explanations unless written with `flick states --explain`: simulate the scenario here for them.

        The frames of A and B at the same time are compared, pixel by pixel, when both runs have a frame at that time and the frames have the same size; DIR/diff/frame_NNNNN.png (numbered by A's frame) holds the diff image of each frame that differs.

        DIR is written like `flick render`'s folders: into a hidden folder beside it, renamed into place when complete, replacing only an earlier flick output. Exit status: 0 when the page is written, 2 on bad input or failure.
        """
    )

    @Argument(help: ArgumentHelp("The runs: scenarios, or folders `flick render` wrote (two for the side-by-side page, or more).", valueName: "RUN"))
    var inputs: [String] = []

    @Option(name: .long, help: "The folder the page goes in.")
    var out: String = "Output/review"

    @Option(help: "Pixels per point of the frames of scenarios rendered here (default: 1, or the scenario's viewport.scale when smaller, unless --device-scale).")
    var scale: Double?

    @Flag(name: .customLong("device-scale"), help: "Draw the frames of scenarios rendered here at each scenario's viewport.scale (3 on a 3x phone) instead of 1 pixel per point: the page's frames and diff images then take about nine times the bytes (docs/review-page.md, \"Sizes\").")
    var deviceScale = false

    @Option(help: ArgumentHelp("Matching threshold in 0...1 of the per-frame diff.", valueName: "T"))
    var threshold: Double = DiffOptions.defaultThreshold

    @OptionGroup var threads: JobsOption<ReviewJobs>

    @OptionGroup var sweep: SweepOptions

    /// One side of the comparison.
    enum Input {
        case scenario(Scenario, path: String)
        case folder(URL)
    }

    /// Bad values are bad input (exit status 2 with the message), checked before anything is read.
    func validate() throws {
        if out.isEmpty { throw BadInput("--out is empty; give the folder the page goes in") }
        if let scale, !(scale.isFinite && scale > 0 && scale <= 16) { throw BadInput("--scale must be a number in (0, 16], not \(scale)") }
        if deviceScale && scale != nil {
            throw BadInput("--device-scale draws the frames at each scenario's viewport.scale and --scale at the scale given; give one")
        }
        guard threshold.isFinite, (0...1).contains(threshold) else { throw BadInput("--threshold must be in 0...1, not \(threshold)") }
    }

    func run() throws {
        let axes = try sweep.axes()
        if !axes.isEmpty {
            guard !inputs.isEmpty else { throw BadInput("--set needs a scenario: flick review SCENARIO --set PATH=V1,V2,...") }
            return try reviewSweeps(axes)
        }
        // Files that sweep keys themselves (`sweep:`) are compared variant by variant, as with --set.
        if !inputs.isEmpty, inputs.allSatisfy(hasFileSweep) { return try reviewSweeps([]) }
        guard inputs.count >= 2 else {
            throw BadInput(inputs.isEmpty ? "give the runs to compare: flick review A B [C ...], or flick review SCENARIO --set PATH=V1,V2,..."
                           : "give at least two runs to compare (or one scenario with --set PATH=V1,V2,... to compare its variants)")
        }
        let destination = URL(fileURLWithPath: out).standardizedFileURL
        let inputs = try self.inputs.map { try input($0, destination: destination) }
        if inputs.count > 2 { return try writeGraphPage(inputs, destination: destination) }

        let folder = try outputFolder(destination)
        do {
            var runs: [ReviewPage.Run] = [], runFolders: [URL] = [], graphRuns: [CompareRun] = []
            for (key, input) in zip(["a", "b"], inputs) {
                let label = Self.label(input)
                let (run, runFolder, states) = try prepare(input, key: key, label: label, in: folder)
                runs.append(run)
                runFolders.append(runFolder)
                graphRuns.append(try compareRun(input, label: "\(key.uppercased()) · \(label)", events: run.data.events, states: states))
            }
            let comparison = try RunComparison.compare(a: runs[0].data, b: runs[1].data, frameFolders: (runFolders[0], runFolders[1]), in: folder,
                                                       options: DiffOptions(threshold: threshold), jobs: workerThreads(threads.jobs),
                                                       cancellation: Interruption.cancellation)
            let page = ReviewPage.comparePage(a: runs[0], b: runs[1], differences: comparison.differences, graph: CompareGraph(runs: graphRuns))
            try folder.write(Data(page.utf8), to: "index.html")
            for warning in try folder.commit(cancellation: Interruption.cancellation) { printError("warning: \(warning)") }
            printSafe("\(out)/index.html: \(comparison.summary), \(RegularFile.describe(bytes: FileSystem.totalBytes(ofFolder: destination.path)))")
            if let warning = comparison.mismatchWarning(scales: (runs[0].data.scale, runs[1].data.scale)) { printError("warning: \(warning)") }
        } catch let error as RenderCancelled {
            folder.abandon()
            throw Interruption.stop("error: \(error)")
        } catch {
            folder.abandon()
            throw Failure.of(error)
        }
    }

    /// A run's name on the page: its scenario's name, or its folder's.
    static func label(_ input: Input) -> String {
        switch input {
        case .scenario(let scenario, _): scenario.name
        case .folder(let url): url.lastPathComponent
        }
    }

    /// A run of the graph: a scenario simulated here (with its explanations), or a folder's states and marks.
    func compareRun(_ input: Input, label: String, events: [RunPageData.Event]?, states: Run?) throws -> CompareRun {
        switch input {
        case .scenario(let scenario, let path):
            // The file as given (an example's name stays its name): the page names no folder of this machine.
            let given = inputs.first { ExampleCatalog.resolve($0) == path } ?? scenario.name
            return CompareRun(scenario: scenario, label: label, detail: given)
        case .folder(let url):
            let states = try states ?? readRun(url, label: label).run
            let marks = try events ?? runData(in: url, run: states, label: label).events
            return CompareRun(run: states, events: marks, label: label, detail: Review.relativePath(from: URL(fileURLWithPath: out).standardizedFileURL, to: url))
        }
    }

    /// The page of three or more runs: only their graph (no frames are drawn or compared).
    func writeGraphPage(_ inputs: [Input], destination: URL) throws {
        var runs: [CompareRun] = []
        do {
            for input in inputs {
                runs.append(try compareRun(input, label: Self.label(input), events: nil, states: nil))
            }
        } catch {
            throw Failure.of(error)
        }
        let meta = "\(runs.count) runs on one motion graph: " + runs.map(\.label).joined(separator: " · ")
        try writePage(ReviewPage.runsPage(title: "\(runs.count) runs", meta: meta, graph: CompareGraph(runs: runs)), runs: runs.count,
                      destination: destination)
    }

    /// `flick review SCENARIO ... --set`: every variant of each scenario on one graph.
    func reviewSweeps(_ axes: [SweepAxis]) throws {
        var runs: [CompareRun] = []
        var names: [String] = []
        for argument in inputs {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue {
                throw BadInput("\(argument) is a folder: --set varies a scenario's keys, so give a scenario (a folder's run is already drawn)")
            }
            let sweep = try loadSweep(argument, axes: axes)
            names.append(sweep.name)
            for variant in sweep.variants {
                var scenario = variant.scenario
                if let scale { scenario.viewport.scale = scale }
                let short = CompareRun.variantLabel(variant.assignments)
                let label = inputs.count > 1 ? "\(sweep.name): \(short)" : short
                runs.append(CompareRun(scenario: scenario, label: label, detail: "\(argument) · variant \(variant.number): \(variant.label)"))
            }
        }
        let paths = axes.isEmpty ? ["sweep: in the file"] : axes.map(\.path)
        let title = names.joined(separator: ", ") + " · " + paths.joined(separator: " × ")
        let meta = "\(runs.count) variant\(runs.count == 1 ? "" : "s") on one motion graph"
            + (axes.isEmpty ? " (the file's sweep:)" : " (--set " + paths.joined(separator: ", --set ") + ")")
        try writePage(ReviewPage.runsPage(title: title, meta: meta, graph: CompareGraph(runs: runs)), runs: runs.count,
                      destination: URL(fileURLWithPath: out).standardizedFileURL)
    }

    /// Writes a graph page as DIR/index.html (through an `OutputFolder`, replacing only an earlier flick output).
    func writePage(_ page: String, runs: Int, destination: URL) throws {
        let folder = try outputFolder(destination)
        do {
            try folder.write(Data(page.utf8), to: "index.html")
            for warning in try folder.commit(cancellation: Interruption.cancellation) { printError("warning: \(warning)") }
        } catch {
            folder.abandon()
            throw Failure.of(error)
        }
        printSafe("\(out)/index.html: \(runs) runs on one motion graph")
    }

    /// A folder `flick render` wrote, or a scenario; exits 2 with a message for anything else.
    func input(_ argument: String, destination: URL) throws -> Input {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue {
            let url = URL(fileURLWithPath: argument).standardizedFileURL
            guard FileManager.default.fileExists(atPath: url.appendingPathComponent("states.json").path),
                  FileManager.default.fileExists(atPath: url.appendingPathComponent("frames").path) else {
                throw BadInput("\(argument) is a folder but not one `flick render` wrote (it needs states.json and frames/); give a render's folder, such as Output/<name>, or a scenario")
            }
            // Through links too: a link to a folder inside --out is inside it.
            let real = url.resolvingSymlinksInPath().path, out = destination.resolvingSymlinksInPath().path
            let inside = url.path == destination.path || url.path.hasPrefix(destination.path + "/")
                || real == out || real.hasPrefix(out + "/")
            if inside { throw BadInput("\(argument) is inside --out \(out), which this review replaces; give another --out") }
            return .folder(url)
        }
        var scenario = try loadScenario(argument)
        let path = ExampleCatalog.resolve(argument)
        if let scale {
            scenario.viewport.scale = scale
        } else if !deviceScale {
            // Drawn at 1x unless asked otherwise, as `flick render --html` draws (docs/review-page.md, "Sizes"); the
            // physics keeps the device's scale (viewport.deviceScale).
            scenario.viewport.scale = ReviewOptions.pageFrameScale(forScenarioScale: scenario.viewport.scale)
        }
        let pixels = scenario.viewport.width * scenario.viewport.height * scenario.viewport.scale * scenario.viewport.scale
        if pixels > ScenarioDecoder.maximumPixels { throw BadInput("\(path): the frames at scale \(scenario.viewport.scale) are larger than \(PixelLimits.described)") }
        return .scenario(scenario, path: path)
    }

    /// Renders a scenario into `key/` of the review, or reads a folder's page data; the run as the page shows it,
    /// and the folder its frames are read from.
    ///
    /// A folder given is someone else's: only its `run.json` (the page data `flick render --html` wrote) and its
    /// `states.json` are read, as regular files within their limits, decoded and validated; its `index.html` and
    /// `states.js` are never read or loaded. The states go into the page as JSON.
    func prepare(_ input: Input, key: String, label: String, in folder: OutputFolder) throws -> (run: ReviewPage.Run, folder: URL, states: Run) {
        let runFolder: URL, base: String
        switch input {
        case .scenario(let scenario, let path):
            var review = ReviewOptions(playbackFPS: scenario.fps)
            review.html = true
            review.recordingBeside = false  // this page does not show a reference's video: it is not decoded
            let recorded = Run(scenario: scenario).recorded()
            var options = SequenceOptions(format: .png, jobs: workerThreads(threads.jobs),
                                          render: RenderOptions(iconFolders: ExampleCatalog.iconFolders(forScenarioAt: path)),
                                          cancellation: Interruption.cancellation,
                                          observer: ReviewRecorder(scenario: scenario, run: recorded, range: nil, options: review))
            options.run = recorded
            options.overlayLayer = false
            runFolder = folder.staging.appendingPathComponent(key)
            let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(label: "\(key): \(scenario.name)") : nil
            defer { bar?.finish() }
            _ = try SequenceRenderer.render(scenario, to: runFolder, options: options) { done, total in bar?.update(done, of: total) }
            // The run's files belong to the review's output: listed in its manifest, replaced with it.
            for file in OutputFolder.files(under: runFolder) { _ = try folder.reservePath(key + "/" + file) }
            base = key + "/"
        case .folder(let url):
            runFolder = url
            base = ReviewPage.pathURL(Review.relativePath(from: folder.destination, to: url)) + "/"
        }
        let (states, run) = try readRun(runFolder, label: label)
        let data = try runData(in: runFolder, run: run, label: label)
        return (ReviewPage.Run(data: data, base: base, states: key, label: label, statesJSON: states), runFolder, run)
    }

    /// A run folder's `states.json`: its bytes (the page carries them) and the run they hold, read by the states
    /// document's one reader (`Run.read(json:file:)`); the error names the run, the file, the key path and the problem.
    func readRun(_ runFolder: URL, label: String) throws -> (json: Data, run: Run) {
        let states = try readFile(runFolder, "states.json", limit: RunPageData.maximumStatesSize, label: label)
        do {
            try StatesDocumentShape.checkNesting(states, file: "states.json")
            return (states, try Run.read(json: states, file: "states.json"))
        } catch {
            throw RenderError("\(label): \(error)")
        }
    }

    /// The regular file `name` in `runFolder`, at most `limit` bytes (a named pipe or a device is refused before it
    /// is read); the error names the run and the file.
    func readFile(_ runFolder: URL, _ name: String, limit: Int, label: String) throws -> Data {
        do throws(RegularFileError) {
            return try RegularFile.data(path: runFolder.appendingPathComponent(name).path, limit: limit, what: name)
        } catch {
            throw RenderError("\(label): \(name): cannot read: \(error.reason ?? "no such file")")
        }
    }

    /// The page data of a run's folder: its `run.json`, else read from its states and frames. Either way it is
    /// validated, and must agree with the states (the page shows frame i's entry of states.json).
    func runData(in runFolder: URL, run: Run, label: String) throws -> RunPageData {
        var isFile = stat()
        let data: RunPageData
        if lstat(runFolder.appendingPathComponent("run.json").path, &isFile) == 0 {
            let json = try readFile(runFolder, "run.json", limit: RunPageData.maximumFileSize, label: label)
            do {
                data = try RunPageData.decode(json, file: "run.json")
            } catch {
                throw RenderError("\(label): \(error)")
            }
            guard run.frameCount == data.total else {
                throw RenderError("\(label): run.json: total is \(data.total) but states.json has \(run.frameCount) frames")
            }
            return data
        }
        func names(_ sub: String) -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: runFolder.appendingPathComponent(sub).path)) ?? []
        }
        do {
            return try RunPageData.fromRun(run, frameNames: names("frames"), overlayNames: names("overlay"))
        } catch {
            throw RenderError("\(label): \(error)")
        }
    }

    /// The relative path from folder `from` to `to` (both absolute), e.g. `../Output/sheet-handoff`.
    static func relativePath(from: URL, to: URL) -> String {
        let a = from.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let b = to.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        var common = 0
        while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
        let parts = Array(repeating: "..", count: a.count - common) + b[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}

/// The output folder at `destination` (`OutputFolder`: replacing only an earlier flick output), or a `Failure` saying
/// why not.
func outputFolder(_ destination: URL) throws -> OutputFolder {
    do {
        return try OutputFolder(destination: destination)
    } catch {
        throw Failure.of(error)
    }
}
