import FlickCore
import FlickImage
import Foundation

/// Which files each frame is written as.
public enum FrameFormat: String, CaseIterable, Sendable {
    case png, svg, both

    var writesPNG: Bool { self != .svg }
    var writesSVG: Bool { self != .png }
}

/// How a scenario's frame sequence is written.
public struct SequenceOptions: Sendable {
    public var format: FrameFormat
    /// Only these frame indices are drawn (states.json still holds every frame).
    public var frames: ClosedRange<Int>?
    /// Threads drawing and encoding frames.
    public var jobs: Int
    public var render: RenderOptions
    /// Stops the render when cancelled (Ctrl-C): what was written is removed and `render` throws.
    public var cancellation: Cancellation?
    /// Gets every drawn frame in order, for outputs built beside the frames (the review outputs).
    public var observer: SequenceObserver?
    /// Also writes the review layer alone, on transparency, as `overlay/frame_00000.png` (`.svg` when the frames
    /// are SVG only), so that the review page can show the plain frames with or without it.
    public var overlayLayer = false
    /// The run drawn: the scenario's, recorded once when an observer folds over it too (`Run.recorded()`), or one
    /// read from a states document and drawn with the scenario's appearance (`Run(document:appearance:)`); nil
    /// simulates the scenario as its frames are drawn (memory stays flat).
    public var run: Run?

    public init(format: FrameFormat = .png, frames: ClosedRange<Int>? = nil,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount, render: RenderOptions = RenderOptions(),
                cancellation: Cancellation? = nil, observer: SequenceObserver? = nil) {
        self.format = format
        self.frames = frames
        self.jobs = max(1, jobs)
        self.render = render
        self.cancellation = cancellation
        self.observer = observer
    }
}

/// What a finished render wrote.
public struct SequenceSummary: Sendable {
    public var folder: URL
    public var framesWritten: Int
    public var seconds: Double
    /// Problems that did not stop the render (a previous output that could not be removed completely).
    public var warnings: [String] = []
}

/// Writes a scenario's frames and states to `DIR/<name>/`: `frames/frame_00000.png` (and/or `.svg`)
/// and `states.json`, through an `OutputFolder`: staged beside the destination and renamed into place when
/// complete; on any failure or cancellation nothing is left.
///
/// The simulation runs on the calling thread and hands frames to `jobs` threads that draw, encode and
/// write them, through a `Pipeline` holding at most 4 × jobs frames: memory stays flat however long the scenario.
public enum SequenceRenderer {
    /// The file name of frame `index` for a sequence of `count` frames: at least five digits, more when needed.
    public static func frameFileName(_ index: Int, count: Int, extension ext: String) -> String {
        let digits = max(5, String(max(0, count - 1)).count)
        let number = String(index)
        return "frame_" + String(repeating: "0", count: max(0, digits - number.count)) + number + "." + ext
    }

    /// Renders `scenario` into `destination` (the folder `DIR/<name>`). `progress` gets (frames done, frames
    /// to do) from worker threads, in increasing order of `done`.
    public static func render(_ scenario: Scenario, to destination: URL, options: SequenceOptions,
                              progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws -> SequenceSummary {
        let start = Date()
        // Fail on fonts or icons before creating anything.
        _ = try FrameRenderer(scenario: scenario, options: options.render)
        let cancellation = options.cancellation
        if cancellation?.isCancelled == true { throw RenderCancelled() }

        let folder = try OutputFolder(destination: destination)
        do {
            try options.observer?.begin(folder)
            let total = try render(scenario, into: folder, at: "", options: options, progress: progress)
            try options.observer?.finish(folder)
            // A cancellation that came after the last frame still stops the commit.
            let warnings = try folder.commit(cancellation: cancellation)
            return SequenceSummary(folder: folder.destination, framesWritten: total, seconds: Date().timeIntervalSince(start),
                                   warnings: warnings)
        } catch {
            options.observer?.abandon()
            folder.abandon()
            throw error
        }
    }

    /// Writes `scenario`'s `frames/` and `states.json` into `folder` under `prefix` (empty, or a relative folder
    /// path ending in "/", which must exist), handing drawn frames to `options.observer` (already begun); returns
    /// the number of frames drawn. The caller commits or abandons the folder.
    public static func render(_ scenario: Scenario, into folder: OutputFolder, at prefix: String, options: SequenceOptions,
                              progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws -> Int {
        // A run read from a states document (`flick render --from`) has its own frames.
        let count = options.run?.frameCount ?? scenario.frameCount
        let range = options.frames.map { max(0, $0.lowerBound)...min(count - 1, $0.upperBound) } ?? 0...(count - 1)
        let cancellation = options.cancellation
        try folder.createFolder(prefix + "frames")
        if options.overlayLayer { try folder.createFolder(prefix + "overlay") }
        let total = range.isEmpty ? 0 : range.count
        let observer = options.observer
        // Frames are drawn into images of their own while the next frame compares its pixels with them.
        let drawsPixels = options.format.writesPNG || observer != nil
        let encodesPNG = options.format.writesPNG || observer?.needsPNG == true
        let history = FrameHistory()
        let window = 4 * options.jobs
        let pool = SurfacePool(capacity: window + options.jobs)
        let done = Locked(0)
        // The simulation runs on the calling thread and feeds the workers, which draw, encode and write each frame;
        // the observer gets the drawn frames in order.
        try Pipeline(jobs: options.jobs, window: window, cancellation: cancellation).run(feed: { submit in
            // The states document streams to its file as frames are simulated.
            let states = try folder.writer(prefix + "states.json")
            var writer = StatesWriter(format: .json) { try states.write($0) }
            let run = options.run ?? Run(scenario: scenario)
            try writer.begin(run.header)
            for frame in run {
                if cancellation?.isCancelled == true { throw RenderCancelled() }
                try writer.write(frame)
                if range.contains(frame.index), !submit(frame) { return }
            }
            try writer.end(entries: run.referenceEntries())
            try states.close()
        }, worker: {
            (renderer: try FrameRenderer(scenario: scenario, options: options.render), encoder: PNGEncoder())
        }, work: { worker, _, frame -> DrawnFrame? in
            func writeOverlay(_ frame: FrameState) throws {
                guard options.overlayLayer else { return }
                let png = options.format.writesPNG
                try folder.write(png ? worker.renderer.overlayLayerPNG(of: frame) : worker.renderer.overlayLayerSVG(of: frame),
                                 to: prefix + "overlay/" + frameFileName(frame.index, count: count, extension: png ? "png" : "svg"))
            }
            do {
                let renderer = worker.renderer
                guard drawsPixels else {
                    try folder.write(renderer.svg(of: frame),
                                     to: prefix + "frames/" + frameFileName(frame.index, count: count, extension: "svg"))
                    try writeOverlay(frame)
                    return nil
                }
                let size = renderer.pixelSize(of: frame)
                let drawn = DrawnFrame(state: frame, image: try pool.take(width: size.width, height: size.height,
                                                                    clearing: !renderer.paintsEveryPixel(frame)),
                                       pool: pool)
                try renderer.draw(frame, into: drawn.image)
                if encodesPNG { history.publish(drawn) }
                // A frame whose pixels equal the previous frame's (a rest) reuses its PNG bytes.
                var png: Data?
                var reused = false
                if encodesPNG, frame.index > range.lowerBound {
                    guard let previous = history.take(frame.index - 1) else { throw RenderCancelled() }
                    if drawn.hasSamePixels(as: previous) {
                        guard let bytes = history.png(of: previous) else { throw RenderCancelled() }
                        png = bytes
                        reused = bytes != nil
                    }
                }
                if encodesPNG, !reused { png = try worker.encoder.encode(drawn.image) }
                drawn.repeatsPrevious = reused
                if encodesPNG { history.encodedPNG(of: drawn, png) }
                if options.format.writesPNG, let png {
                    try folder.write(png, to: prefix + "frames/" + frameFileName(frame.index, count: count, extension: "png"))
                }
                if options.format.writesSVG {
                    try folder.write(renderer.svg(of: frame),
                                     to: prefix + "frames/" + frameFileName(frame.index, count: count, extension: "svg"))
                }
                try writeOverlay(frame)
                return observer == nil ? nil : drawn
            } catch {
                // A worker waiting for this frame's pixels or PNG stops too.
                history.fail()
                throw error
            }
        }, deliver: { _, drawn in
            if let drawn { try observer?.consume(drawn) }
            let finished = done.withLock { done in
                done += 1
                return done
            }
            progress(finished, total)
        })
        return total
    }
}
