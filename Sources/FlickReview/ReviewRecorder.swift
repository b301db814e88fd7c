import FlickCore
import FlickImage
import FlickRender
import Foundation

/// Which review outputs a render writes beside its frames.
public struct ReviewOptions: Sendable {
    /// `preview.apng`.
    public var preview: Bool
    /// `contact-sheet.png`, with at most `contactSheetFrames` tiles.
    public var contactSheet: Bool
    public var contactSheetFrames: Int
    /// `motion.svg` and `motion.png`.
    public var motion: Bool
    /// `preview.mp4|webm|gif`, through the ffmpeg at `ffmpegPath`.
    public var video: VideoFormat?
    public var ffmpegPath: String?
    /// The rate the previews play at: the scenario's own fps, also under slow motion.
    public var playbackFPS: Double
    /// Slow motion factor the frames were sampled with (1: none), for the labels.
    public var slow: Int
    /// `index.html`, the review page, with `states.js` (and `motion.svg`, which it shows), and `run.json`, its
    /// page data, which `flick review` reads back.
    public var html = false
    /// The frames' extension the page shows (`png`, or `svg` when only SVG frames are written).
    public var frameExtension = "png"
    /// Whether the render writes the review layer alone into `overlay/` (the page's overlay switch).
    public var overlayLayer = false
    /// Pixels per point of `preview.apng` and the video (never more than the frames'): 1 by default, a third of the
    /// pixels of a 3x phone's frames' side, which stay at full scale.
    public var previewScale = ReviewOptions.defaultPreviewScale
    /// `--single-file`: the review page is one self-contained `review.html` with the frames inlined at the preview
    /// scale, instead of `index.html` loading the files beside it.
    public var singleFile = false

    /// Whether the page shows a reference's screen recording beside the frames (`reference: [{video: …}]`): a
    /// render's page does; the runs `flick review` renders for its own page (which does not show it) do not decode it.
    public var recordingBeside = true
    /// Raised by a signal: the recording's frames (`ReferenceFrames`) stop being decoded.
    public var cancellation: Cancellation?
    /// `$PATH` as ffmpeg and ffprobe are looked up in for the recording shown beside the frames (default: the process's).
    public var searchPath: String? = ProcessInfo.processInfo.environment["PATH"]

    /// The preview's scale when none is given.
    public static let defaultPreviewScale = 1.0

    /// Pixels per point of the frames of a folder with a review page (`flick render --html` or `--review`, the runs
    /// `flick review A B` renders) when no `--scale` is given: 1, so that the folder can go into a pull request
    /// (sheet-handoff's `--review` folder is 32 MB instead of 124 MB at the scenario's 3x; docs/review-page.md,
    /// "Sizes"). `--device-scale` keeps the scenario's `viewport.scale`. Only the drawing changes: the physics keeps
    /// the device's scale (`Viewport.deviceScale`).
    public static let defaultPageFrameScale = 1.0

    /// The frames' scale of a review-page folder for a scenario drawn at `scale` by default: never more than
    /// `defaultPageFrameScale`, never more than the scenario's own.
    public static func pageFrameScale(forScenarioScale scale: Double) -> Double {
        min(scale, defaultPageFrameScale)
    }

    public init(preview: Bool = false, contactSheet: Bool = false, contactSheetFrames: Int = ContactSheet.defaultFrameLimit,
                motion: Bool = false, video: VideoFormat? = nil, ffmpegPath: String? = nil, playbackFPS: Double,
                slow: Int = 1) {
        self.preview = preview
        self.contactSheet = contactSheet
        self.contactSheetFrames = contactSheetFrames
        self.motion = motion
        self.video = video
        self.ffmpegPath = ffmpegPath
        self.playbackFPS = playbackFPS
        self.slow = slow
    }

    /// Whether any output is asked for.
    public var isEmpty: Bool { !preview && !contactSheet && !motion && video == nil && !html }

    /// The files written, in the render's folder.
    public var fileNames: [String] {
        (preview ? ["preview.apng"] : []) + (video.map { ["preview.\($0.rawValue)"] } ?? [])
            + (contactSheet ? ["contact-sheet.png"] : []) + (motion ? ["motion.svg", "motion.png"] : [])
            + (html ? (motion ? [] : ["motion.svg"]) + ["index.html", "states.js", "run.json"] : [])
    }
}

/// Builds the review outputs of one render from its frames as `SequenceRenderer` draws them, in order:
/// the APNG and the video are written as the frames come, the contact sheet keeps the few frames it shows,
/// and the motion plot needs only the states.
public final class ReviewRecorder: SequenceObserver, @unchecked Sendable {
    public let scenario: Scenario
    public let options: ReviewOptions
    public let timeline: MotionTimeline
    public let canvas: RunCanvas
    /// The canvas of the preview and the video: `canvas` at the preview's scale.
    public let previewCanvas: RunCanvas
    /// Preview pixels per frame pixel (1: the frames as drawn).
    public let previewFactor: Double
    public let contactSheet: ContactSheet?
    private let firstFrame: Int
    private var apng: APNGWriter?
    private var video: VideoEncoder?
    private var thumbnails: [Int: ImageSurface] = [:]
    private let wanted: Set<Int>
    /// The motion plot (`--motion`, `--html`), planned and its size checked before any frame is drawn.
    private var plot: MotionPlot?
    /// `--single-file`: each frame's PNG at the preview's scale, in order, for the page.
    private var inlineFrames: [Data] = []
    /// The recording shown beside the frames on the page (`reference: [{video: …}]`), decoded in `begin`.
    public private(set) var referenceFrames: ReferenceFrames?
    /// Pixels per point of the preview.
    private var previewCanvasScale: Double { scenario.viewport.scale * previewFactor }

    /// `image` (a frame of a `viewport`-sized screen) redrawn at `scale` pixels per point, FrameRenderer's rounding,
    /// with Cairo's GOOD filter (a box filter when shrinking).
    static func downscale(_ image: ImageSurface, viewport: Size, scale: Double) throws -> ImageSurface {
        let width = max(1, Int((viewport.width * scale).rounded())), height = max(1, Int((viewport.height * scale).rounded()))
        let surface = try ImageSurface(pixelWidth: width, pixelHeight: height)
        let canvas = Canvas(surface)
        canvas.paint(image, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        surface.flush()
        return surface
    }

    /// Simulates `scenario` (already carrying any --fps, --scale and slow-motion sampling) over `range` to
    /// plan the outputs.
    public convenience init(scenario: Scenario, range: ClosedRange<Int>?, options: ReviewOptions) {
        self.init(scenario: scenario, run: Run(scenario: scenario), range: range, options: options)
    }

    /// Plans the outputs from `run`, the run of `scenario` (already carrying any --fps, --scale and slow-motion
    /// sampling) the frames are drawn from, over `range`.
    public init(scenario: Scenario, run: Run, range: ClosedRange<Int>?, options: ReviewOptions) {
        self.scenario = scenario
        self.options = options
        let count = run.frameCount
        let range = range.map { max(0, $0.lowerBound)...min(count - 1, $0.upperBound) } ?? 0...(count - 1)
        firstFrame = range.lowerBound
        timeline = MotionTimeline(run: run, range: range)
        canvas = RunCanvas(viewports: timeline.viewports, scale: scenario.viewport.scale)
        let previewScale = min(options.previewScale, scenario.viewport.scale)
        previewFactor = previewScale / scenario.viewport.scale
        previewCanvas = previewFactor < 1 ? RunCanvas(viewports: timeline.viewports, scale: previewScale) : canvas
        contactSheet = options.contactSheet
            ? ContactSheet(timeline: timeline, canvas: canvas, limit: options.contactSheetFrames,
                           title: "\(scenario.name) · key frames", playbackFPS: options.playbackFPS, slow: options.slow)
            : nil
        wanted = Set(contactSheet?.tiles.map(\.position) ?? [])
    }

    public var needsPNG: Bool { options.preview || (options.singleFile && previewFactor >= 1) }

    public func begin(_ folder: OutputFolder) throws {
        if options.motion || options.html {
            let slowText = options.slow > 1 ? " (sampled \(options.slow)× for slow motion)" : ""
            let plot = MotionPlot(timeline: timeline, title: "\(scenario.name) · motion\(slowText)")
            // Its size before anything is drawn: a stack of hundreds of lists would make gigabytes of SVG first.
            try plot.checkSize(scale: options.motion ? MotionPlot.pngScale : 1)
            self.plot = plot
        }
        if options.html, options.recordingBeside, let reference = scenario.references.first(where: { $0.video != nil }) {
            // Before any frame is drawn: a video that cannot be read stops the render at once. A single-file page
            // carries the recording's frames at the preview's scale, as its own.
            referenceFrames = try ReferenceFrames.extract(reference, releaseTime: scenario.releaseTime, fps: scenario.fps,
                                                          first: firstFrame, count: timeline.frames.count,
                                                          canvas: options.singleFile ? previewCanvas : canvas, into: folder,
                                                          searchPath: options.searchPath, cancellation: options.cancellation)
        }
        if options.preview {
            apng = try APNGWriter(path: try folder.reservePath("preview.apng"), canvas: previewCanvas,
                                  frameCount: timeline.frames.count, fps: options.playbackFPS)
        }
        if let format = options.video {
            guard let ffmpeg = options.ffmpegPath ?? FFmpeg.locate() else {
                throw ReviewError("--video \(format.rawValue) needs ffmpeg, which is not on PATH; \(FFmpeg.installHint)")
            }
            let name = "preview.\(format.rawValue)"
            video = try VideoEncoder(ffmpeg: ffmpeg, format: format, path: try folder.reservePath(name),
                                     canvas: previewCanvas, fps: options.playbackFPS, frameCount: timeline.frames.count)
        }
    }

    public func consume(_ frame: DrawnFrame) throws {
        if apng != nil || video != nil || options.singleFile {
            if previewFactor < 1 {
                let small = try ReviewRecorder.downscale(frame.image, viewport: frame.state.viewport, scale: previewCanvasScale)
                try apng?.add(image: small, png: nil, repeatsPrevious: frame.repeatsPrevious)
                try video?.add(small)
                if options.singleFile { try inlineFrames.append(PNGEncoder().encode(RunCanvas.compose(small, width: small.pixelWidth, height: small.pixelHeight))) }
            } else {
                try apng?.add(image: frame.image, png: frame.png, repeatsPrevious: frame.repeatsPrevious)
                try video?.add(frame.image)
                if options.singleFile {
                    try inlineFrames.append(frame.png ?? PNGEncoder().encode(RunCanvas.compose(frame.image, width: frame.image.pixelWidth,
                                                                                               height: frame.image.pixelHeight)))
                }
            }
        }
        let position = frame.state.index - firstFrame
        if let sheet = contactSheet, wanted.contains(position) {
            thumbnails[position] = try ContactSheet.thumbnail(of: frame.image, canvas: canvas, width: sheet.tileWidth,
                                                              height: sheet.tileHeight)
        }
    }

    public func finish(_ folder: OutputFolder) throws {
        try apng?.finish()
        apng = nil
        try video?.finish()
        video = nil
        let encoder = PNGEncoder()
        if let sheet = contactSheet {
            try folder.write(encoder.encode(sheet.image(thumbnails: thumbnails)), to: "contact-sheet.png")
            thumbnails = [:]
        }
        if let plot { try folder.write(plot.svg(), to: "motion.svg") }
        if options.motion, let plot { try folder.write(encoder.encode(plot.image(scale: MotionPlot.pngScale)), to: "motion.png") }
        if options.html {
            // The states document the render has just written, as a script the page can load from disk.
            let states = try Data(contentsOf: folder.staging.appendingPathComponent("states.json"))
            try folder.write(ReviewPage.statesScript(states), to: "states.js")
            let data = RunPageData(scenario: scenario, timeline: timeline, canvas: canvas, frameExtension: options.frameExtension,
                                   overlay: options.overlayLayer, plot: plot)
            try folder.write(Data((data.json.text + "\n").utf8), to: "run.json")
            if options.singleFile {
                // One page that needs nothing beside it: states, plot and frames (at the preview's scale) inside.
                var inline = data
                inline.overlay = false
                inline.scale = previewCanvasScale
                inline.width = previewCanvas.pixelWidth
                inline.height = previewCanvas.pixelHeight
                if let plot {
                    inline.plot?.src = "data:image/svg+xml;base64," + (try plot.svg()).base64EncodedString()
                }
                let frames = inlineFrames.map { "data:image/png;base64," + $0.base64EncodedString() }
                inlineFrames = []
                var run = ReviewPage.Run(data: inline, label: scenario.name, statesJSON: states, inlineFrames: frames)
                if let referenceFrames {
                    run.reference = referenceFrames
                    var urls: [Int: String] = [:]
                    for file in Set(referenceFrames.shown.compactMap { $0?.file }) {
                        let png = try Data(contentsOf: folder.staging.appendingPathComponent(ReferenceFrames.filePath(file)))
                        urls[file] = "data:image/png;base64," + png.base64EncodedString()
                    }
                    run.referenceInline = urls
                }
                try folder.write(Data(ReviewPage.runPage(run).utf8), to: "index.html")
            } else {
                var run = ReviewPage.Run(data: data, label: scenario.name)
                run.reference = referenceFrames
                try folder.write(Data(ReviewPage.runPage(run).utf8), to: "index.html")
            }
        }
    }

    public func abandon() {
        video?.abandon()
        video = nil
        apng = nil
    }
}

extension ReviewRecorder {
    /// Renders `scenario` into `destination` with the review outputs `review` (none: the frames and states only),
    /// simulating it once: the frames, the states and the review's timeline are folds over one recorded run.
    ///
    /// With `options.run` set (a run read from a states document, `Run(document:appearance:)`), that run is drawn and
    /// folded over instead, and nothing is simulated.
    public static func render(_ scenario: Scenario, to destination: URL, options: SequenceOptions, review: ReviewOptions,
                              progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws -> SequenceSummary {
        var options = options
        if !review.isEmpty {
            let run = options.run ?? Run(scenario: scenario).recorded()
            options.run = run
            options.observer = ReviewRecorder(scenario: scenario, run: run, range: options.frames, options: review)
        }
        return try SequenceRenderer.render(scenario, to: destination, options: options, progress: progress)
    }
}
