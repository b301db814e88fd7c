import ArgumentParser
import FlickCore
import FlickOutput
import FlickRender
import FlickReview
import Foundation

struct Render: ParsableCommand, WritesOutput {
    static let configuration = CommandConfiguration(
        abstract: "Simulate scenarios and draw every frame to PNG or SVG.",
        discussion: """
        For each scenario, writes DIR/<name>/frames/frame_00000.png (or .svg; the index has at least five digits) and DIR/<name>/states.json, the document `flick states` prints. The output is written into a hidden folder beside DIR/<name> and renamed into place when complete. An existing DIR/<name> is replaced only if it is empty or a previous flick output (it holds a .flick-output manifest and nothing else); flick never deletes files it did not write, and never writes or deletes through a symbolic link. A failure or a signal (Ctrl-C, kill, a closed terminal, Ctrl-\\), even after the last frame, removes the partial output and exits 128 + the signal's number; what a killed flick left beside DIR/<name> is removed by the next render into it.

        The same input gives byte-identical files on every run. Tab icons named in a scenario are looked up as <icon>.svg beside the scenario file, then in Examples/icons/.

        SCENARIO is a .json, .yaml or .yml file, or the name of a bundled example (see `flick examples`).

        Review outputs go beside frames/ in DIR/<name>/ and are listed in its manifest. --review writes all of them (the video only with --video); each also has its own flag.

        Sizes: with --html or --review (a folder meant to be opened by a reviewer and carried in a pull request) the frames are drawn at 1 pixel per point unless --scale or --device-scale says otherwise: sheet-handoff's --review folder is 32 MB at 1x, 124 MB at its 3x (the frames are most of it). --device-scale keeps the scenario's viewport.scale. The physics is the device's at any scale. Each render prints its folder's size.

        preview.apng (--preview): the run as a looping animated PNG at the scenario's fps, every frame, drawn at --preview-scale pixels per point (default 1; the frames keep --scale). At the frames' own scale every frame is exact and costs one more write, not a second encode.

        contact-sheet.png (--contact-sheet): key frames in a grid, each labelled with its frame, time, what happened and the phases: the touch-downs, releases, taps, resizes (an animated one's middle and end too), phase changes and settles, and frames spaced evenly through the pixels that change between them (none where less than 44 pt changes), at most --contact-sheet-frames; captions wrap.

        motion.svg and motion.png (--motion): value and velocity against time for each sheet, scroll view and pager that moved, with detents, page boundaries and content edges as labelled lines, finger-down spans shaded, touch-downs, releases and settles marked.

        index.html (--html): the review page. Open it from disk, no network needed: it plays the frames at real speed or 0.1×–2×, steps (← →, space, Home, End), scrubs on a timeline marked with touch-downs, releases, taps and resizes, shows the frame's entry of states.json as a tree and the motion plot with a cursor (click to seek), and an onion skin of the previous frames. It loads frames/ by relative path, states.js (states.json as a script) and motion.svg; run.json beside it is its page data, which `flick review` reads back. With --overlay-layer the review layer is written alone to overlay/ and the page switches it on and off; --overlay draws it into the frames instead. With --single-file the page carries its states, plot and frames (at --preview-scale) inside and loads nothing beside it.

        preview.mp4, .webm or .gif (--video): through ffmpeg, which must be on PATH (apt-get install ffmpeg); mp4 is H.264 in yuv420p, BT.709 and TV range (converted and tagged), at the scenario's fps and --preview-scale, the size rounded up to even pixels. A GIF keeps every frame up to 50 fps, each shown until its exact end rounded to 10 ms (30 fps: 30, 40, 30, 30, 40, 30 ms ...); above 50 fps it plays at 50 and the frames left out are named.

        Sweeps: --set PATH=V1,V2,... (repeatable; or `sweep:` in the file) renders every combination of the values as a variant of one run, into DIR/<name>/variants/NN-values/ (frames/ and states.json each), with contact-sheet.png (a row per variant, a column per key instant, the same time in every column), variants.csv, variants.md and variants.json (settle time, overshoot, final detent or page and peak velocity per variant) and, with --video, grid.mp4|webm|gif (every variant side by side at every frame); with --review, --html or --motion, index.html: the variants on one motion graph, each in its own colour and dash, their releases and settles marked with their --explain lines (docs/review-page.md). A wrong PATH or value is reported as the decoder reports a wrong key, naming the --set; at most 64 variants.

        --from STATES draws the run a states document holds (a render's states.json, or what `flick states -o` wrote) instead of simulating SCENARIO: the document gives every frame's state, SCENARIO only its appearance (theme, rows, icons, pictures, font, background, safe area), and must be the one the document was written from (its name, viewport, frame count and components are checked; a mismatch exits 2 naming the file and key). Drawn from a document this version wrote, states.json and the review page are the normal render's byte for byte, and the frames too but where the document's 1e-6 rounding moves a pixel (docs/states.md, "Drawing a document", measures it).

        Previews, videos and contact sheets show every frame on one canvas, the run's largest viewport: before or after a resize, a smaller frame sits at the top-left on a dark grey backdrop. --slow N samples the simulation N times as often, N × (frames − 1) + 1 frames over the same simulated time with every frame of the normal run among them, and the previews play them at the scenario's fps.
        """
    )

    @Argument(help: "Scenario files, or names of bundled examples.")
    var scenarios: [String]

    @Option(name: .long, help: "The folder the scenarios' outputs go in.")
    var out: String = "Output"

    @Option(help: "Frame files: png, svg or both.")
    var format: FrameFormat = .png

    @Option(help: "Pixels per point of the frames (default: the scenario's viewport.scale; with --html or --review 1, or the scenario's when smaller, unless --device-scale). Only the drawing changes: the physics keeps the scenario's scale (the device's half pixel, at which motion comes to rest), so a --scale 1 preview moves frame for frame as the device does.")
    var scale: Double?

    @Flag(name: .customLong("device-scale"), help: "With --html or --review: draw the frames at the scenario's viewport.scale (the device's, 3 on a 3x phone) instead of the review page's 1 pixel per point (docs/review-page.md, \"Sizes\").")
    var deviceScale = false

    @Option(help: "Frames per second (default: the scenario's fps).")
    var fps: Double?

    @Option(parsing: .unconditional, help: "Only draw frames A through B, e.g. 0..59 (states.json still has every frame).",
            transform: FrameRange.parse)
    var frames: FrameRange?

    @Flag(help: "Draw the review layer: touch and trail, velocity vectors, detent lines, a heads-up line.")
    var overlay = false

    @OptionGroup var threads: JobsOption<RenderJobs>

    @Flag(name: .customLong("overlay-layer"), help: "Also write the review layer alone, on transparency, to overlay/: the review page switches it on and off over the plain frames.")
    var overlayLayer = false

    @Flag(help: "Write every review output beside the frames: preview.apng, contact-sheet.png, motion.svg and motion.png, index.html (and the video with --video). The frames are drawn at 1x unless --scale or --device-scale.")
    var review = false

    @Flag(help: "Write index.html, the review page (with states.js and motion.svg, which it loads): open it from disk to play, scrub and step through the run. The frames are drawn at 1x unless --scale or --device-scale.")
    var html = false

    @Flag(help: "Write preview.apng: the run as a looping animated PNG, every frame exact.")
    var preview = false

    @Flag(name: .customLong("contact-sheet"), help: "Write contact-sheet.png: the key frames in a labelled grid.")
    var contactSheet = false

    @Option(name: .customLong("contact-sheet-frames"), help: ArgumentHelp("At most this many frames on the contact sheet.", valueName: "K"))
    var contactSheetFrames: Int = ContactSheet.defaultFrameLimit

    @Flag(help: "Write motion.svg and motion.png: value and velocity against time for everything that moved.")
    var motion = false

    @Option(help: ArgumentHelp("Also write preview.mp4, .webm or .gif through ffmpeg (which must be on PATH).", valueName: "mp4|webm|gif"))
    var video: VideoFormat?

    @Option(help: ArgumentHelp("Slow motion: sample N times as many frames (2-20), played at the scenario's fps.", valueName: "N"))
    var slow: Int?

    @Option(name: .customLong("preview-scale"), help: ArgumentHelp("Pixels per point of preview.apng, the video and a --single-file page, never more than the frames' (the frames stay at --scale).", valueName: "S"))
    var previewScale: Double = ReviewOptions.defaultPreviewScale

    @Flag(name: .customLong("single-file"), help: "With --html or --review: index.html is one self-contained page, its states, plot and frames (at --preview-scale) inside, to attach to a pull request or a chat.")
    var singleFile = false

    @Option(help: ArgumentHelp("Draw the run this states document holds (a render's states.json, or `flick states` -o FILE) with SCENARIO's appearance, simulating nothing: the frames, states.json and the review outputs as a render of SCENARIO writes them (docs/states.md, \"Drawing a document\"). One scenario; not with --fps, --slow or a sweep.", valueName: "STATES"))
    var from: String?

    @OptionGroup(title: "Sweeps (docs/sweeps.md)")
    var sweepOptions: RenderSweepOptions

    /// Bad values are bad input: exit status 2 with a message, not ArgumentParser's usage status.
    func checkOptions() throws {
        if out.isEmpty { throw BadInput("--out is empty; give the folder the outputs go in") }
        if let scale, !(scale.isFinite && scale > 0 && scale <= 16) {
            throw BadInput("--scale must be a number in (0, 16], not \(scale)")
        }
        if deviceScale && scale != nil {
            throw BadInput("--device-scale draws the frames at the scenario's viewport.scale and --scale at the scale given; give one")
        }
        if let fps, !(fps.isFinite && fps >= 1 && fps <= 240) {
            throw BadInput("--fps must be a number in 1...240, not \(fps)")
        }
        if let slow, !SlowMotion.factors.contains(slow) { throw BadInput("--slow must be a whole number in 2...20, not \(slow)") }
        if overlay && overlayLayer {
            throw BadInput("--overlay draws the review layer into the frames and --overlay-layer writes it apart from them; give one")
        }
        if !(previewScale.isFinite && previewScale > 0 && previewScale <= 16) {
            throw BadInput("--preview-scale must be a number in (0, 16], not \(previewScale)")
        }
        if singleFile && !(html || review) {
            throw BadInput("--single-file makes the review page one self-contained file; give it with --html or --review")
        }
        if contactSheetFrames < 1 || contactSheetFrames > 400 {
            throw BadInput("--contact-sheet-frames must be in 1...400, not \(contactSheetFrames)")
        }
    }

    /// The review outputs asked for, for a scenario played at `playbackFPS`.
    func reviewOptions(playbackFPS: Double, ffmpeg: String?) -> ReviewOptions {
        var options = ReviewOptions(preview: review || preview, contactSheet: review || contactSheet,
                                    contactSheetFrames: contactSheetFrames, motion: review || motion, video: video, ffmpegPath: ffmpeg,
                                    playbackFPS: playbackFPS, slow: slow ?? 1)
        options.html = review || html
        options.frameExtension = format == .svg ? "svg" : "png"
        options.overlayLayer = overlayLayer
        options.previewScale = previewScale
        options.singleFile = singleFile
        options.cancellation = Interruption.cancellation
        return options
    }

    func run() throws {
        try checkOptions()
        if let from {
            try renderFromDocument(from)
            return
        }
        if try renderSweeps() { return }
        // A video needs ffmpeg: without it, nothing is written at all.
        var ffmpeg: String?
        if let video {
            guard let found = FFmpeg.locate() else {
                throw BadInput("--video \(video.rawValue) needs ffmpeg, which is not on PATH; \(FFmpeg.installHint)")
            }
            ffmpeg = found
        }
        var loaded: [(argument: String, path: String, scenario: Scenario)] = []
        // Every file's problems, said together once every file is read.
        var problems: [String] = []
        for argument in scenarios {
            let path = ExampleCatalog.resolve(argument)
            var scenario: Scenario
            switch readScenario(argument) {
            case .success(let read): scenario = read
            case .failure(let problem):
                problems.append(problem.message)
                continue
            }
            if let message = apply(to: &scenario) {
                problems.append("\(path): error: \(message)")
                continue
            }
            // Every icon and picture that would not load or draw, said as validate says them, before anything is drawn.
            if let drawing = Validate.drawingError(of: scenario, argument: argument, path: path) {
                problems.append(drawing.description)
                continue
            }
            // Text no font has draws as empty boxes: said once, before anything is drawn.
            if let missing = FrameRenderer.missingCharactersWarning(of: scenario) { printError("\(path): warning: \(missing)") }
            if loaded.contains(where: { $0.path == path }) {
                problems.append("\(path): error: given more than once")
                continue
            }
            if let other = loaded.first(where: { $0.scenario.name == scenario.name }) {
                problems.append("\(path): error: its name \"\(scenario.name)\" is also the name of \(other.path); both would write \(out)/\(scenario.name)")
                continue
            }
            loaded.append((argument, path, scenario))
        }
        guard problems.isEmpty else { throw BadInput(lines: problems) }

        let showProgress = isatty(STDERR_FILENO) == 1
        for (_, path, scenario) in loaded {
            let playbackFPS = scenario.fps / Double(slow ?? 1)
            let reviewOptions = reviewOptions(playbackFPS: playbackFPS, ffmpeg: ffmpeg)
            let folders = ExampleCatalog.iconFolders(forScenarioAt: path)
            var options = SequenceOptions(format: format, frames: frames?.range, jobs: workerThreads(threads.jobs),
                                          render: RenderOptions(overlay: overlay, iconFolders: folders),
                                          cancellation: Interruption.cancellation)
            options.overlayLayer = overlayLayer
            try renderAndReport(scenario, from: path, options: options, review: reviewOptions, frameCount: scenario.frameCount,
                                playbackFPS: playbackFPS, progress: showProgress)
        }
    }

    /// Renders `scenario` (read from `path`) into OUT/<name> with the review outputs, with a progress bar when
    /// `progress`, and prints what it wrote (`document`: the states file the run was read from), its warnings, and a
    /// GIF's note; a failure exits as `reportingFailure` says.
    func renderAndReport(_ scenario: Scenario, from path: String, document: String? = nil, options: SequenceOptions,
                         review reviewOptions: ReviewOptions, frameCount: Int, playbackFPS: Double, progress: Bool) throws {
        let destination = URL(fileURLWithPath: out).appendingPathComponent(scenario.name)
        let shown = (out as NSString).appendingPathComponent(scenario.name)
        let bar = progress ? ProgressBar(label: scenario.name) : nil
        try reportingFailure(of: path, finish: { bar?.finish() }) {
            let summary = try ReviewRecorder.render(scenario, to: destination, options: options, review: reviewOptions) { done, total in
                bar?.update(done, of: total)
            }
            bar?.finish()
            let extras = reviewOptions.fileNames.isEmpty ? "" : "; " + reviewOptions.fileNames.joined(separator: ", ")
            let source = document.map { " from \($0)" } ?? ""
            printSafe("\(shown): \(summary.framesWritten) frame\(summary.framesWritten == 1 ? "" : "s") (\(format.rawValue)\(extras))\(source) "
                      + "in \(NumberText.fixed(summary.seconds, digits: 1)) s, \(RegularFile.describe(bytes: FileSystem.totalBytes(ofFolder: destination.path)))")
            for warning in summary.warnings { printError("\(path): warning: \(warning)") }
            let drawn = frames.map { min(frameCount - 1, $0.range.upperBound) - $0.range.lowerBound + 1 } ?? frameCount
            if video == .gif, let note = VideoFormat.gifNote(count: drawn, fps: playbackFPS, firstFrame: frames?.range.lowerBound ?? 0) {
                printError("\(path): note: \(note)")
            }
        }
    }

    /// Runs the render of the scenario at `path`; when it fails, `finish` closes the progress bar, then a signal
    /// throws `path: …` with status 128 + its number and any other failure `path: error: …` (status 2).
    func reportingFailure(of path: String, finish: () -> Void, _ render: () throws -> Void) throws {
        do {
            try render()
        } catch let error as RenderCancelled {
            finish()
            throw Interruption.stop("\(path): \(error)")
        } catch let error as ReportedError {
            finish()
            throw error
        } catch {
            finish()
            throw Failure(file: path, "\(error)")
        }
    }

    /// Applies --fps, --scale, --slow and --frames to `scenario` (`RenderOverrides`); a message when the result is out
    /// of bounds.
    func apply(to scenario: inout Scenario) -> String? {
        RenderOverrides(fps: fps, scale: scale, pageScale: (review || html) && !deviceScale, slow: slow,
                        frames: frames.map { ($0.range.lowerBound, $0.text) }).apply(to: &scenario)
    }
}

/// `A..B` (or `A...B`, `A..`, or one index `A`): frames A through B inclusive.
struct FrameRange: ExpressibleByArgument {
    var range: ClosedRange<Int>
    var text: String

    /// Parses `--frames`, saying what is wrong with a value it cannot take.
    static func parse(_ argument: String) throws -> FrameRange {
        if let range = FrameRange(argument: argument) { return range }
        let parts = argument.components(separatedBy: "..").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ". ")) }
        if parts.contains(where: { $0.hasPrefix("-") && Int($0) != nil }) {
            throw ValidationError("frame indices start at 0; give A..B with 0 ≤ A ≤ B, e.g. 0..59")
        }
        if parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), b < a {
            throw ValidationError("the range ends before it starts; give A..B with A ≤ B, e.g. \(b)..\(a)")
        }
        throw ValidationError("expected a frame index A or a range A..B of indices from 0, e.g. 0..59")
    }

    init?(argument: String) {
        text = argument
        let parts = argument.components(separatedBy: "..").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ". ")) }
        switch parts.count {
        case 1:
            guard let a = Int(parts[0]), a >= 0 else { return nil }
            range = a...a
        case 2:
            guard let a = Int(parts[0]), a >= 0 else { return nil }
            let b = parts[1].isEmpty ? Int.max : Int(parts[1])
            guard let b, b >= a else { return nil }
            range = a...b
        default:
            return nil
        }
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

extension FrameFormat: ExpressibleByArgument {}
extension VideoFormat: ExpressibleByArgument {}

/// The threads to draw with: `requested`, else one per core, at most 4 per core (each holds a frame's image).
func workerThreads(_ requested: Int?) -> Int {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return max(1, min(requested ?? cores, 4 * cores))
}

/// A one-line progress bar on standard error, redrawn in place (only used when stderr is a terminal).
final class ProgressBar: Sendable {
    private let label: String
    private let shown = Locked(-1)

    init(label: String) { self.label = label }

    func update(_ done: Int, of total: Int) {
        shown.withLock { shown in
            let width = 30
            let filled = total == 0 ? width : done * width / total
            let percent = total == 0 ? 100 : done * 100 / total
            guard percent != shown else { return }
            shown = percent
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            FileHandle.standardError.write(Data("\r\(label) \(bar) \(done)/\(total) frames".utf8))
        }
    }

    func finish() {
        shown.withLock { shown in
            if shown >= 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        }
    }
}
