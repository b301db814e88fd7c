import FlickCore
import FlickRender
import FlickReview
import Foundation

/// One good simulation of a served scenario: everything the review page loads, made at once from the file's
/// text, except the frames, which are drawn when asked for (and ahead of time, see `FrameCache`).
///
/// It goes the way a render does: scenario → simulation → states document → page data and motion plot. The
/// physics runs at the scenario's own scale; only the frames' pixels use the preview scale.
public struct LiveRun: Sendable {
    /// Counts the good runs of one file from 1; the page's frames are under `v<version>/`.
    public var version: Int
    /// The scenario as decoded, at its own scale.
    public var scenario: Scenario
    /// The scenario the frames are drawn from: the same, at the preview scale.
    public var preview: Scenario
    public var frames: [FrameState]
    /// `states.json`'s text; `states.js` is the same as a script (`ReviewPage.statesScript`).
    public var statesJSON: Data
    public var motionSVG: Data
    public var data: RunPageData
    /// What, beside a frame's state, its pixels depend on: a frame drawn for a run with the same context and an
    /// equal state is the same image.
    public var drawingContext: String

    /// The relative folder of this run's files on its page.
    public var base: String { "v\(version)/" }

    /// Simulates `scenario` and plans its page; frames are drawn at `previewScale` pixels per point. `files` stamps
    /// the files the scenario names as they were read (`FileStamp.text`): a changed picture, font or icon changes
    /// the drawing context, so no frame drawn from the old file is served for the new one.
    public init(scenario: Scenario, version: Int, previewScale: Double, iconFolders: [String], files: String = "") throws {
        self.version = version
        self.scenario = scenario
        var preview = scenario
        preview.viewport.scale = previewScale
        self.preview = preview
        let simulation = Simulation(scenario: scenario)
        var frames: [FrameState] = []
        frames.reserveCapacity(scenario.frameCount)
        while let frame = simulation.nextFrame() { frames.append(frame) }
        self.frames = frames
        statesJSON = Data(StatesWriter.document(scenario, frames: frames, format: .json).utf8)
        let timeline = MotionTimeline(scenario: scenario)
        let plot = MotionPlot(timeline: timeline, title: "\(scenario.name) · motion")
        motionSVG = try plot.svg()
        let canvas = RunCanvas(viewports: timeline.viewports, scale: previewScale)
        data = RunPageData(scenario: preview, timeline: timeline, canvas: canvas, frameExtension: "png", overlay: false, plot: plot)
        // The scene, theme, status bar, font, the files it names and the scale are all a frame's pixels depend on
        // beside its state (the renderer derives no geometry of its own); the reflection of the scene is complete and
        // stable within one process.
        drawingContext = "\(previewScale)|\(scenario.theme)|\(scenario.statusBar)|\(String(describing: scenario.font))|\(iconFolders)|\(files)|\(String(reflecting: scenario.scene))"
    }

    /// The review page of this run, as `flick render --html` writes it, with the live script before the page's own,
    /// and the drags the page's release-velocity control sets (`releaseDrags`) at the end of its `main`.
    /// `token`, when given, goes into the address of `states.js`, which needs it.
    public func page(liveScript: String, token: String? = nil) -> String {
        let states = base + "states.js" + (token.map { "?token=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") } ?? "")
        let run = ReviewPage.Run(data: data, base: base, states: states, label: scenario.name)
        let tune = "<script type=\"application/json\" id=\"flick-tune\">\(Self.simulatedValues(scenario).text)</script>\n"
            + "<script type=\"application/json\" id=\"flick-drags\">\(releaseDrags.text)</script>\n"
        return ReviewPage.runPage(run, slots: ReviewPage.Slots(endOfMain: tune, beforePageScript: liveScript + "\n"))
    }

    /// The values the Tune panel's controls start at, by key path: what this run simulated (`CodeExport.Physics`:
    /// the preset's rules with the scenario's overrides, preset defaults included), not numbers of the page's own.
    /// A key the scene has nothing for (a paging spring without a pager, a sheet spring without a sheet, a
    /// deceleration rate under Flutter's fling) is left out.
    static func simulatedValues(_ scenario: Scenario) -> JSONValue {
        let physics = CodeExport.Physics(scenario)
        var values: [(String, JSONValue)] = [("physics.preset", .string(physics.rules.system.rawValue))]
        if case .uikit(let rate) = physics.rules.list.momentum {
            values.append(("physics.decelerationRate", .number(rate.rawValue)))
        }
        if case .rubberBand(let coefficient) = physics.rules.list.overscroll {
            values.append(("physics.rubberBand", .number(coefficient)))
        }
        if let spring = physics.sheetSpring {
            values.append(("physics.sheetSpring.response", .number(spring.response)))
            values.append(("physics.sheetSpring.dampingRatio", .number(spring.dampingRatio)))
        }
        if let pager = physics.pagers.first {
            let spring = physics.pagingSpring(width: pager.width).spring
            values.append(("physics.pagingSpring.response", .number(spring.response)))
            values.append(("physics.pagingSpring.dampingRatio", .number(spring.dampingRatio)))
        }
        return .object(values)
    }

    /// The drags that release at distance ÷ duration (linear and lifted at once, docs/scenario-format.md,
    /// "Gestures"), as `[{"gesture": index in gestures, "distance": points, "duration": seconds}]`: the page's
    /// "release velocity" control sets such a drag's `duration` to distance ÷ the velocity wanted.
    var releaseDrags: JSONValue {
        .array(scenario.gestures.compactMap { gesture -> JSONValue? in
            guard case .drag(let from, let to, let duration, let curve, let hold) = gesture.action, curve == .linear, hold == 0 else {
                return nil
            }
            let distance = ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot()
            guard distance > 0 else { return nil }
            return .object([("gesture", .number(Double(gesture.index))), ("distance", .number(distance)),
                            ("duration", .number(duration))])
        })
    }

}

/// PNGs of frames at the preview scale, drawn on at most `threads` threads and kept by content: a frame whose
/// state and drawing context are unchanged after an edit is not drawn again.
///
/// Not an actor: its frames are drawn by blocking threads (the warm-up's `Pipeline` and the requests' queue, which
/// keep Cairo's work off Swift's cooperative threads), which wait for a `DrawingSlots` slot; only its bookkeeping is
/// shared, under one `Locked`.
public final class FrameCache: Sendable {
    /// At most this many PNGs are kept (a 1× frame of a phone is tens of kB: some tens of MB in all).
    public static let capacity = 4_000

    private struct State {
        var context = ""
        var pngs: [String: Data] = [:]
        var renderers: [FrameRenderer] = []
        /// The version being drawn ahead; an older warm-up stops when a newer one starts.
        var warming = 0
        /// Set by `stop()`: the scenario is no longer served, and nothing more is drawn ahead for it.
        var stopped = false
        /// The threads drawing ahead now (`warm`).
        var warmingThreads = 0
        /// The newest version a frame was asked for, and which of its frames are ready.
        var readyVersion = 0
        var ready = Set<Int>()

        /// Notes that frame `index` of `run` is ready.
        mutating func markReady(_ run: LiveRun, _ index: Int) {
            if run.version > readyVersion {
                readyVersion = run.version
                ready = []
            }
            if run.version == readyVersion { ready.insert(index) }
        }
    }

    private let state = Locked(State())
    private let slots: DrawingSlots
    private let queue = DispatchQueue(label: "flick.serve.frames", attributes: .concurrent)
    private let iconFolders: [String]

    public init(slots: DrawingSlots, iconFolders: [String]) {
        self.slots = slots
        self.iconFolders = iconFolders
    }

    /// The threads drawing ahead now (`warm`), for `stop()`'s test.
    var warmingThreads: Int { state.withLock { $0.warmingThreads } }

    /// How many of `run`'s frames are ready (drawn, or found unchanged).
    public func cachedCount(of run: LiveRun) -> Int {
        state.withLock { $0.readyVersion == run.version ? $0.ready.count : 0 }
    }

    /// Frame `index` of `run` as PNG, drawn now unless kept.
    public func png(of run: LiveRun, index: Int) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try self.drawn(run, index, urgent: true) }) }
        }
    }

    /// Draws every frame of `run` in the background, from the first, on `threads` threads of a `Pipeline` whose
    /// cancellation is a newer warm-up or `stop()`.
    public func warm(_ run: LiveRun, threads: Int) {
        let threads = max(1, threads)
        let started = state.withLock { state in
            guard !state.stopped else { return false }
            state.warming = run.version
            state.warmingThreads += threads
            return true
        }
        guard started else { return }
        let version = run.version
        let superseded = Cancellation { [self] in state.withLock { $0.stopped || $0.warming != version } }
        // Threads of their own, not the queue the pages' requests use: GCD runs about one block per core there,
        // and a request must not wait behind a warm-up.
        let thread = Thread { [self] in
            defer { state.withLock { $0.warmingThreads -= threads } }
            try? Pipeline(jobs: threads, cancellation: superseded).run(count: run.frames.count, worker: { () }) { _, i in
                _ = try? self.drawn(run, i, urgent: false)
            } deliver: { _, _ in }
        }
        thread.start()
    }

    /// Stops drawing ahead for good (the scenario is no longer served): a warm-up under way ends after the frame
    /// each of its threads is drawing, none starts again, and the PNGs kept are let go. A page still open may ask
    /// for a frame, which is drawn on demand.
    public func stop() {
        state.withLock { state in
            state.stopped = true
            state.pngs = [:]
        }
    }

    private static func key(_ frame: FrameState) -> String { frame.json.text }

    private func drawn(_ run: LiveRun, _ index: Int, urgent: Bool) throws -> Data {
        guard run.frames.indices.contains(index) else { throw ServeError.notFound }
        let frame = run.frames[index]
        let key = Self.key(frame)
        let kept = state.withLock { state -> Data? in
            if state.context != run.drawingContext {
                state.context = run.drawingContext
                state.pngs = [:]
                state.renderers = []
            }
            guard let png = state.pngs[key] else { return nil }
            state.markReady(run, index)
            return png
        }
        if let kept { return kept }
        slots.take(urgent: urgent)
        defer { slots.give() }
        let renderer = try takeRenderer(for: run)
        let png = try renderer.png(of: frame)
        state.withLock { state in
            guard state.context == run.drawingContext else { return }
            if state.pngs.count >= Self.capacity { state.pngs = [:] }
            state.pngs[key] = png
            state.renderers.append(renderer)
            state.markReady(run, index)
        }
        return png
    }

    /// A renderer of `run`'s preview scenario (one per thread drawing; they are reused while the context holds).
    private func takeRenderer(for run: LiveRun) throws -> FrameRenderer {
        let kept = state.withLock { $0.context == run.drawingContext ? $0.renderers.popLast() : nil }
        if let kept { return kept }
        return try FrameRenderer(scenario: run.preview, options: RenderOptions(iconFolders: iconFolders))
    }
}

/// The threads that may draw at once, shared by every served scenario: a frame a page waits for goes before
/// the frames drawn ahead of time.
public final class DrawingSlots: Sendable {
    private let slots: Locked<(free: Int, urgentWaiting: Int)>

    public init(count: Int) { slots = Locked((free: max(1, count), urgentWaiting: 0)) }

    func take(urgent: Bool) {
        if urgent { slots.withLock { $0.urgentWaiting += 1 } }
        slots.withLock(when: { $0.free > 0 && (urgent || $0.urgentWaiting == 0) }) { slots in
            if urgent { slots.urgentWaiting -= 1 }
            slots.free -= 1
        }
    }

    func give() {
        slots.withLock { $0.free += 1 }
    }
}

enum ServeError: Error {
    case notFound
}
