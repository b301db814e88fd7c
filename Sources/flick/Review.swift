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
        abstract: "Two runs side by side in one review page, in sync.",
        discussion: """
        Writes DIR/index.html: runs A and B at the same time, side by side, as a wipe (a slider between them) or as their per-frame diff (pixelmatch's method and colours, as `flick diff` draws it: differing pixels red over a faded copy of A), and the two frames' states side by side with the values that differ marked. It plays, steps and scrubs like the page of `flick render --html`, and shows each run's motion plot with a cursor.

        A and B are scenarios (files or bundled examples), rendered into DIR/a and DIR/b with --html, or folders `flick render` wrote (DIR/<name>), which are read where they are: the page loads their frames by relative path, so keep them beside DIR. A folder rendered with --html or --review brings its marks and motion plot (its run.json); one without has marks read from its states (touch-downs, releases, resizes) and no plot. A folder is data, never code: only its run.json and states.json are read (regular files, size-limited, every value checked; docs/review-page.md), the states go into the page as JSON, and no script of the folder is loaded.

        The frames of A and B at the same time are compared, pixel by pixel, when both runs have a frame at that time and the frames have the same size; DIR/diff/frame_NNNNN.png (numbered by A's frame) holds the diff image of each frame that differs.

        DIR is written like `flick render`'s folders: into a hidden folder beside it, renamed into place when complete, replacing only an earlier flick output. Exit status: 0 when the page is written, 2 on bad input or failure.
        """
    )

    @Argument(help: ArgumentHelp("Run A: a scenario, or a folder `flick render` wrote.", valueName: "A"))
    var a: String

    @Argument(help: ArgumentHelp("Run B: a scenario, or a folder `flick render` wrote.", valueName: "B"))
    var b: String

    @Option(name: .long, help: "The folder the page goes in.")
    var out: String = "Output/review"

    @Option(help: "Pixels per point of the frames of scenarios rendered here (default: each scenario's viewport.scale).")
    var scale: Double?

    @Option(help: ArgumentHelp("Matching threshold in 0...1 of the per-frame diff.", valueName: "T"))
    var threshold: Double = DiffOptions.defaultThreshold

    @Option(help: "Threads drawing and comparing frames (default: all cores).")
    var jobs: Int?

    /// One side of the comparison.
    enum Input {
        case scenario(Scenario, path: String)
        case folder(URL)
    }

    @Option(name: .customLong("set"), parsing: .singleValue,
            help: ArgumentHelp("Not supported: a review page of a sweep's variants is not written yet.", visibility: .hidden))
    var set: [String] = []

    func run() throws {
        if !set.isEmpty {
            throw badInput("flick review does not take --set: it compares two runs. To compare a sweep's variants, "
                           + "`flick render SCENARIO --set \(set[0])` writes them side by side in contact-sheet.png and "
                           + "variants.md; to review two of them here, write each to a file and give both")
        }
        if out.isEmpty { throw badInput("--out is empty; give the folder the page goes in") }
        if let scale, !(scale.isFinite && scale > 0 && scale <= 16) { throw badInput("--scale must be a number in (0, 16], not \(scale)") }
        guard threshold.isFinite, (0...1).contains(threshold) else { throw badInput("--threshold must be in 0...1, not \(threshold)") }
        if let jobs, jobs < 1 { throw badInput("--jobs must be at least 1, not \(jobs)") }
        let destination = URL(fileURLWithPath: out).standardizedFileURL
        let inputs = try [a, b].map { try input($0, destination: destination) }

        let folder: OutputFolder
        do {
            folder = try OutputFolder(destination: destination)
        } catch {
            printError("error: \(error)")
            throw failureExit
        }
        do {
            var runs: [ReviewPage.Run] = [], runFolders: [URL] = []
            for (key, input) in zip(["a", "b"], inputs) {
                let label = switch input {
                case .scenario(let scenario, _): scenario.name
                case .folder(let url): url.lastPathComponent
                }
                let (run, runFolder) = try prepare(input, key: key, label: label, in: folder)
                runs.append(run)
                runFolders.append(runFolder)
            }
            let differences = try compare(runs, frameFolders: runFolders, in: folder)
            let page = ReviewPage.comparePage(a: runs[0], b: runs[1], differences: differences)
            try folder.write(Data(page.utf8), to: "index.html")
            for warning in try folder.commit(cancellation: Interruption.cancellation) { printError("warning: \(warning)") }
            let differing = differences.filter { $0.differing > 0 }.count
            print("\(out)/index.html: \(differences.count) frame\(differences.count == 1 ? "" : "s") compared, \(differing) with differing pixels")
        } catch let error as RenderCancelled {
            folder.abandon()
            printError("error: \(error)")
            throw Interruption.exit
        } catch let exit as ExitCode {
            folder.abandon()
            throw exit
        } catch {
            folder.abandon()
            printError("error: \(error)")
            throw failureExit
        }
    }

    /// A folder `flick render` wrote, or a scenario; exits 2 with a message for anything else.
    func input(_ argument: String, destination: URL) throws -> Input {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue {
            let url = URL(fileURLWithPath: argument).standardizedFileURL
            guard FileManager.default.fileExists(atPath: url.appendingPathComponent("states.json").path),
                  FileManager.default.fileExists(atPath: url.appendingPathComponent("frames").path) else {
                throw badInput("\(argument) is a folder but not one `flick render` wrote (it needs states.json and frames/); give a render's folder, such as Output/<name>, or a scenario")
            }
            // Through links too: a link to a folder inside --out is inside it.
            let real = url.resolvingSymlinksInPath().path, out = destination.resolvingSymlinksInPath().path
            let inside = url.path == destination.path || url.path.hasPrefix(destination.path + "/")
                || real == out || real.hasPrefix(out + "/")
            if inside { throw badInput("\(argument) is inside --out \(out), which this review replaces; give another --out") }
            return .folder(url)
        }
        var scenario = try loadScenario(argument)
        let path = ExampleCatalog.resolve(argument)
        if let scale { scenario.viewport.scale = scale }
        let pixels = scenario.viewport.width * scenario.viewport.height * scenario.viewport.scale * scenario.viewport.scale
        if pixels > ScenarioDecoder.maximumPixels { throw badInput("\(path): the frames at scale \(scenario.viewport.scale) are larger than \(PixelLimits.described)") }
        return .scenario(scenario, path: path)
    }

    /// Renders a scenario into `key/` of the review, or reads a folder's page data; the run as the page shows it,
    /// and the folder its frames are read from.
    ///
    /// A folder given is someone else's: only its `run.json` (the page data `flick render --html` wrote) and its
    /// `states.json` are read, as regular files within their limits, decoded and validated; its `index.html` and
    /// `states.js` are never read or loaded. The states go into the page as JSON.
    func prepare(_ input: Input, key: String, label: String, in folder: OutputFolder) throws -> (run: ReviewPage.Run, folder: URL) {
        let runFolder: URL, base: String
        switch input {
        case .scenario(let scenario, let path):
            var review = ReviewOptions(playbackFPS: scenario.fps)
            review.html = true
            var options = SequenceOptions(format: .png, jobs: workerThreads(jobs),
                                          render: RenderOptions(iconFolders: ExampleCatalog.iconFolders(forScenarioAt: path)),
                                          cancellation: Interruption.cancellation,
                                          observer: ReviewRecorder(scenario: scenario, range: nil, options: review))
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
        let states = try readFile(runFolder, "states.json", limit: RunPageData.maximumStatesSize, label: label)
        do {
            try StatesDocumentShape.checkNesting(states, file: "states.json")
        } catch {
            throw RenderError("\(label): \(error)")
        }
        let data = try runData(in: runFolder, states: states, label: label)
        return (ReviewPage.Run(data: data, base: base, states: key, label: label, statesJSON: states), runFolder)
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
    func runData(in runFolder: URL, states: Data, label: String) throws -> RunPageData {
        var isFile = stat()
        let data: RunPageData
        if lstat(runFolder.appendingPathComponent("run.json").path, &isFile) == 0 {
            let json = try readFile(runFolder, "run.json", limit: RunPageData.maximumFileSize, label: label)
            do {
                data = try RunPageData.decode(json, file: "run.json")
            } catch {
                throw RenderError("\(label): \(error)")
            }
            guard let document = try? JSONSerialization.jsonObject(with: states) as? [String: Any],
                  let frames = document["frames"] as? [Any] else {
                throw RenderError("\(label): states.json is not a states document (docs/states.md)")
            }
            guard frames.count == data.total else {
                throw RenderError("\(label): run.json: total is \(data.total) but states.json has \(frames.count) frames")
            }
            return data
        }
        func names(_ sub: String) -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: runFolder.appendingPathComponent(sub).path)) ?? []
        }
        do {
            return try RunPageData.fromStates(states, frameNames: names("frames"), overlayNames: names("overlay"))
        } catch {
            throw RenderError("\(label): \(error)")
        }
    }

    /// Compares the frames of A and B at the same times, writing `diff/frame_NNNNN.png` for those that differ.
    /// `frameFolders`: the folder each run's frames are read from (the staging folder's `a/` for a run rendered
    /// here). The runs' data are validated: their indices and rates are in range.
    func compare(_ runs: [ReviewPage.Run], frameFolders: [URL], in folder: OutputFolder) throws -> [ReviewPage.FrameDifference] {
        let a = runs[0], b = runs[1]
        let root = folder.staging
        func path(_ run: Int, _ index: Int) -> String {
            frameFolders[run].appendingPathComponent(runs[run].data.framePath(index)).path
        }
        var found: [(index: Int, expected: String, actual: String)] = []
        for i in a.data.first..<(a.data.first + a.data.count) {
            if i % 4096 == 0, Interruption.cancellation.isCancelled { throw RenderCancelled() }
            let t = Double(i) / a.data.fps
            let j = Int((t * b.data.fps).rounded())
            guard abs(Double(j) / b.data.fps - t) < 1e-9, j >= b.data.first, j < b.data.first + b.data.count else { continue }
            found.append((i, path(0, i), path(1, j)))
        }
        let pairs = found
        let digits = a.data.digits
        let options = DiffOptions(threshold: threshold)
        let cancellation = Interruption.cancellation
        // A failure other than a size mismatch stops the other threads too.
        let stop = Cancellation { cancellation.isCancelled }
        let created = !pairs.isEmpty
        if created { try folder.createFolder("diff") }
        let outcomes = Parallel.map(pairs, jobs: workerThreads(jobs), cancellation: stop, worker: { DecodingBuffers() }) {
            buffers, pair -> Result<ReviewPage.FrameDifference?, ImageError> in
            let (i, expected, actual) = pair
            do throws(ImageError) {
                let files = try FileComparison(expected: expected, actual: actual, options: options,
                                               drawingDiff: true, buffers: buffers)
                let c = files.comparison
                var image = false
                if c.differingPixels > 0, let diff = c.diffImage {
                    try folder.write(diff, named: "diff/" + RunPageData.frameFile(i, digits: digits, ext: "png"))
                    image = true
                }
                return .success(ReviewPage.FrameDifference(index: i, differing: c.differingPixels, antiAliased: c.antialiasedPixels,
                                                           ratio: c.diffRatio, identical: c.isExactMatch, image: image))
            } catch {
                // Frames of different sizes are not compared: the page says so.
                if case .sizeMismatch = error { return .success(nil) }
                stop.cancel()
                return .failure(error)
            }
        }
        if cancellation.isCancelled { throw RenderCancelled() }
        var results: [ReviewPage.FrameDifference] = []
        for outcome in outcomes {
            switch outcome {
            case .success(let difference?)?: results.append(difference)
            case .success(nil)?, nil: break
            case .failure(let error)?: throw error
            }
        }
        if created, !results.contains(where: \.image) { rmdir(root.appendingPathComponent("diff").path) }
        return results
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
