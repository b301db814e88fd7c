import ArgumentParser
import FlickCore
import FlickDiff
import FlickRender
import FlickReview
import Foundation

struct Review: ParsableCommand, WritesOutput {
    static let configuration = CommandConfiguration(
        abstract: "Two runs side by side in one review page, in sync.",
        discussion: """
        Writes DIR/index.html: runs A and B at the same time, side by side, as a wipe (a slider between them) or as their per-frame diff (pixelmatch's method and colours, as `flick diff` draws it: differing pixels red over a faded copy of A), and the two frames' states side by side with the values that differ marked. It plays, steps and scrubs like the page of `flick render --html`, and shows each run's motion plot with a cursor.

        A and B are scenarios (files or bundled examples), rendered into DIR/a and DIR/b with --html, or folders `flick render` wrote (DIR/<name>), which are read where they are: the page loads their frames by relative path, so keep them beside DIR. A folder rendered with --html or --review brings its marks and motion plot; one without has marks read from its states (touch-downs, releases, resizes) and no plot.

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
            var runs: [ReviewPage.Run] = []
            for (key, input) in zip(["a", "b"], inputs) {
                let label = switch input {
                case .scenario(let scenario, _): scenario.name
                case .folder(let url): url.lastPathComponent
                }
                runs.append(try prepare(input, key: key, label: label, in: folder))
            }
            let differences = try compare(runs, in: folder)
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
            let inside = url.path == destination.path || url.path.hasPrefix(destination.path + "/")
            if inside { throw badInput("\(argument) is inside --out \(out), which this review replaces; give another --out") }
            return .folder(url)
        }
        var scenario = try loadScenario(argument)
        let path = ExampleCatalog.resolve(argument)
        if let scale { scenario.viewport.scale = scale }
        let pixels = scenario.viewport.width * scenario.viewport.height * scenario.viewport.scale * scenario.viewport.scale
        if pixels > ScenarioDecoder.maximumPixels { throw badInput("\(path): the frames at scale \(scenario.viewport.scale) are larger than 64 megapixels") }
        return .scenario(scenario, path: path)
    }

    /// Renders a scenario into `key/` of the review, or reads a folder's page data; the run as the page shows it.
    func prepare(_ input: Input, key: String, label: String, in folder: OutputFolder) throws -> ReviewPage.Run {
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
            base = Review.relativePath(from: folder.destination, to: url) + "/"
        }
        let data = try runData(in: runFolder, label: label)
        // The states as a script: the folder's own when it has one, else one written beside the page.
        var states = base + "states.js"
        if !FileManager.default.fileExists(atPath: runFolder.appendingPathComponent("states.js").path) {
            states = "\(key).states.js"
            let json = try Data(contentsOf: runFolder.appendingPathComponent("states.json"))
            try folder.write(ReviewPage.statesScript(json), to: states)
        }
        return ReviewPage.Run(data: data, base: base, states: states, label: label)
    }

    /// The page data of a run's folder: from its index.html, else from its states and frames.
    func runData(in runFolder: URL, label: String) throws -> RunPageData {
        if let html = try? String(contentsOf: runFolder.appendingPathComponent("index.html"), encoding: .utf8),
           let data = ReviewPage.runData(inPage: html) {
            return data
        }
        func names(_ sub: String) -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: runFolder.appendingPathComponent(sub).path)) ?? []
        }
        do {
            return try RunPageData.fromStates(Data(contentsOf: runFolder.appendingPathComponent("states.json")),
                                              frameNames: names("frames"), overlayNames: names("overlay"))
        } catch {
            throw RenderError("\(label): \(error)")
        }
    }

    /// Compares the frames of A and B at the same times, writing `diff/frame_NNNNN.png` for those that differ.
    func compare(_ runs: [ReviewPage.Run], in folder: OutputFolder) throws -> [ReviewPage.FrameDifference] {
        let a = runs[0], b = runs[1]
        let root = folder.staging
        func path(_ run: ReviewPage.Run, _ index: Int) -> String {
            // A run rendered here is in the staging folder; a folder given is where the page will find it.
            run.base.hasPrefix("../") || run.base.hasPrefix("/")
                ? folder.destination.appendingPathComponent(run.base + run.data.framePath(index)).standardizedFileURL.path
                : root.appendingPathComponent(run.base + run.data.framePath(index)).path
        }
        var found: [(index: Int, expected: String, actual: String)] = []
        for i in a.data.first..<(a.data.first + a.data.count) {
            let t = Double(i) / a.data.fps
            let j = Int((t * b.data.fps).rounded())
            guard abs(Double(j) / b.data.fps - t) < 1e-9, j >= b.data.first, j < b.data.first + b.data.count else { continue }
            found.append((i, path(a, i), path(b, j)))
        }
        let pairs = found
        let digits = a.data.digits
        let options = DiffOptions(threshold: threshold)
        let slots = ComparisonSlots(count: pairs.count)
        let cancellation = Interruption.cancellation
        let created = !pairs.isEmpty
        if created { try folder.createFolder("diff") }
        let workers = max(1, min(workerThreads(jobs), pairs.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let buffers = DecodingBuffers()
            while !cancellation.isCancelled, let k = slots.claim() {
                let (i, expected, actual) = pairs[k]
                do throws(ImageError) {
                    let files = try FileComparison(expected: expected, actual: actual, options: options,
                                                   drawingDiff: true, buffers: buffers)
                    let c = files.comparison
                    var image = false
                    if c.differingPixels > 0, let diff = c.diffImage {
                        try folder.write(diff, named: "diff/" + RunPageData.frameFile(i, digits: digits, ext: "png"))
                        image = true
                    }
                    slots.set(k, ReviewPage.FrameDifference(index: i, differing: c.differingPixels, antiAliased: c.antialiasedPixels,
                                                            ratio: c.diffRatio, identical: c.isExactMatch, image: image))
                } catch {
                    // Frames of different sizes are not compared: the page says so.
                    if case .sizeMismatch = error { slots.set(k, nil) } else { slots.fail(error) }
                }
            }
        }
        if cancellation.isCancelled { throw RenderCancelled() }
        if let error = slots.error { throw error }
        let results = slots.values.compactMap { $0 }
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

/// The comparisons of the frame pairs, filled from several threads.
private final class ComparisonSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [ReviewPage.FrameDifference?]
    private var next = 0
    private(set) var error: Error?

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func claim() -> Int? {
        lock.withLock {
            guard next < slots.count, error == nil else { return nil }
            next += 1
            return next - 1
        }
    }

    func set(_ index: Int, _ value: ReviewPage.FrameDifference?) { lock.withLock { slots[index] = value } }
    func fail(_ error: Error) { lock.withLock { if self.error == nil { self.error = error } } }
    var values: [ReviewPage.FrameDifference?] { lock.withLock { slots } }
}
