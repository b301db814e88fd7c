import Foundation

/// What a run is of, as the states document's header says it (docs/states.md): the scenario's name, its frame
/// rate and its viewport.
public struct RunHeader: Hashable, Sendable {
    public var name: String
    public var fps: Double
    /// The viewport at the start, in points.
    public var viewport: Size
    /// Pixels per point of the frames.
    public var scale: Double
    /// Pixels per point of the device the physics ran on (its half pixel is where motion rests); `scale` unless
    /// the frames were drawn at another (`flick render --scale 1` of a 3x scenario).
    public var deviceScale: Double

    public init(name: String, fps: Double, viewport: Size, scale: Double, deviceScale: Double? = nil) {
        self.name = name
        self.fps = fps
        self.viewport = viewport
        self.scale = scale
        self.deviceScale = deviceScale ?? scale
    }

    public init(_ scenario: Scenario) {
        self.init(name: scenario.name, fps: scenario.fps, viewport: scenario.viewport.size, scale: scenario.viewport.scale,
                  deviceScale: scenario.viewport.deviceScale)
    }
}

/// One run of a scenario: its header and its frames, in order, and its recordings' residuals. Everything drawn,
/// written or checked from a run is a fold over its frames.
///
/// A run of a scenario is simulated lazily each time its frames are iterated (memory stays flat however long it
/// is); `recorded()` simulates it once and keeps its frames, for the outputs that go over it more than once
/// (`flick render --html`: the frames, the states and the review's timeline). A run read from a states document
/// (`read(json:file:)`) holds the frames the document has.
public struct Run: Sequence, Sendable {
    public let header: RunHeader
    /// The scenario simulated; nil for a run read from a states document.
    public let scenario: Scenario?
    /// Whether the frames carry their explanations (`flick states --explain`).
    public let explains: Bool
    private let frames: [FrameState]?
    /// The recordings' residuals, measured when the run was recorded (nil: measured when asked).
    private let measured: [ReferenceResidual]?
    /// The document's `references`, for a run read from one.
    private let entries: [StatesReference]
    /// Whether the frames and references are a states document's (read, or read and drawn with a scenario's
    /// appearance): nothing about them is ever simulated.
    private let fromDocument: Bool

    /// The run of `scenario`, simulated each time it is iterated.
    public init(scenario: Scenario, explains: Bool = false) {
        header = RunHeader(scenario)
        self.scenario = scenario
        self.explains = explains
        frames = nil
        measured = nil
        entries = []
        fromDocument = false
    }

    /// A run held in memory: `frames` in order, and the document's reference entries.
    public init(header: RunHeader, frames: [FrameState], references: [StatesReference] = []) {
        self.header = header
        scenario = nil
        explains = frames.contains { !$0.explanations.isEmpty }
        self.frames = frames
        measured = nil
        entries = references
        fromDocument = true
    }

    /// The run `document` (read from a states document) drawn with `scenario`'s appearance (`flick render SCENARIO
    /// --from states.json`, docs/states.md "Drawing a document"): its frames and references are the document's and are
    /// never simulated; the scenario gives what the frames are drawn with and what the review outputs name (page
    /// titles, the script's touch-downs and releases), and `header.scale` is the scenario's (a `--scale` applied to
    /// it), the pixels per point the frames are drawn at.
    public init(document: Run, appearance scenario: Scenario) {
        var header = document.header
        header.scale = scenario.viewport.scale
        self.header = header
        self.scenario = scenario
        explains = document.explains
        frames = document.frames ?? Array(document)
        measured = nil
        entries = document.referenceEntries()
        fromDocument = true
    }

    private init(recording run: Run, frames: [FrameState]) {
        header = run.header
        scenario = run.scenario
        explains = run.explains
        self.frames = frames
        measured = run.fromDocument ? nil : run.scenario.map(ReferenceResidual.measure)
        entries = run.entries
        fromDocument = run.fromDocument
    }

    /// How many frames the run has.
    public var frameCount: Int { frames?.count ?? scenario?.frameCount ?? 0 }

    /// Whether its frames are held in memory (recorded or read), not simulated when iterated.
    public var isRecorded: Bool { frames != nil }

    /// This run with its frames held in memory: simulated once now (a run already held is returned as it is).
    public func recorded() -> Run {
        guard frames == nil else { return self }
        var all: [FrameState] = []
        all.reserveCapacity(frameCount)
        for frame in self { all.append(frame) }
        return Run(recording: self, frames: all)
    }

    /// The recordings' residuals (a scenario's `reference:`); none for a run read from a states document (its
    /// `referenceEntries()` are what it knows of them).
    public func residuals() -> [ReferenceResidual] {
        if fromDocument { return [] }
        return measured ?? scenario.map(ReferenceResidual.measure) ?? []
    }

    /// The states document's `references` (docs/states.md, "References").
    public func referenceEntries() -> [StatesReference] {
        fromDocument ? entries : residuals().map { StatesReference($0, fps: header.fps) }
    }

    public struct Iterator: IteratorProtocol {
        var simulation: Simulation?
        var held: IndexingIterator<[FrameState]>?

        public mutating func next() -> FrameState? {
            if let simulation { return simulation.nextFrame() }
            return held?.next()
        }
    }

    /// The frames in order: simulated as they are asked for, or those held.
    public func makeIterator() -> Iterator {
        if let frames { return Iterator(simulation: nil, held: frames.makeIterator()) }
        guard let scenario else { return Iterator(simulation: nil, held: nil) }
        return Iterator(simulation: Simulation(scenario: scenario, explains: explains), held: nil)
    }

    public var underestimatedCount: Int { frameCount }

    // MARK: The states document

    /// Writes the run as a states document (docs/states.md) to `writer`, frame by frame.
    public func write(to writer: inout StatesWriter) throws {
        try writer.begin(header)
        for frame in self { try writer.write(frame) }
        try writer.end(entries: referenceEntries())
    }

    /// The run's whole states document, as one string.
    public func document(format: StatesWriter.Format = .json) -> String {
        var out = ""
        var writer = StatesWriter(format: format) { out += $0 }
        try? write(to: &writer)
        return out
    }

    /// The run a states document (docs/states.md, JSON) holds: the one typed reader of the document. Each state is
    /// read by its kind's `init(json:)`; keys the document has that no state reads are ignored. A missing key, a
    /// value of the wrong type or out of range is an error naming `file`, the key path and the problem.
    public static func read(json data: Data, file: String) throws(StatesReadError) -> Run {
        do {
            return try read(JSONField(try JSONValue.parse(data), path: ""))
        } catch {
            var error = error
            error.file = file
            throw error
        }
    }

    static func read(_ document: JSONField) throws(StatesReadError) -> Run {
        guard case .object = document.value else { throw StatesReadError(path: "", problem: "not a states document (docs/states.md): not a JSON object") }
        guard try document.optional("frames") != nil else {
            throw StatesReadError(path: "frames", problem: "is missing: not a states document (docs/states.md)")
        }
        let fps = try document.number("fps")
        guard fps > 0 else { throw StatesReadError(path: "fps", problem: "must be a number of frames per second above 0, not \(fps)") }
        let viewport = try document.field("viewport")
        let scale = try viewport.number("scale")
        guard scale > 0 else { throw StatesReadError(path: "viewport.scale", problem: "must be above 0, not \(scale)") }
        let deviceScale = try viewport.optional("deviceScale")?.number() ?? scale
        guard deviceScale > 0 else {
            throw StatesReadError(path: "viewport.deviceScale", problem: "must be above 0, not \(deviceScale)")
        }
        let header = RunHeader(name: try document.optional("scenario")?.string() ?? "", fps: fps,
                               viewport: try readViewport(viewport), scale: scale, deviceScale: deviceScale)
        var headerTabs: [String: TabSpans] = [:]
        if let tabs = try document.optional("tabs") {
            for (key, spans) in try tabs.pairs() {
                headerTabs[key] = TabSpans(try spans.items().map { span throws(StatesReadError) in try TabSpan(json: span) })
            }
        }
        let frames = try document.field("frames").items().map { frame throws(StatesReadError) in
            try FrameState(json: frame, headerTabs: headerTabs, fps: fps)
        }
        let references = try (document.optional("references")?.items() ?? []).map { entry throws(StatesReadError) in
            try StatesReference(json: entry)
        }
        return Run(header: header, frames: frames, references: references)
    }

    /// Why `scenario` cannot lend this run, read from a states document, its appearance (`flick render SCENARIO --from
    /// states.json`, docs/states.md "Drawing a document"), as the reader says a problem: the file's key path and what
    /// is wrong; nil when it can. The document must be of a scenario of that name and viewport, have a frame for each
    /// of the scenario's frames at the document's rate, and its first frame must have a state for each of the scene's
    /// components (a stack has none) and none for a component the scene does not have: what is drawn is looked up by
    /// key, and a frame drawn from a document of another scenario would silently leave components out.
    public func appearanceProblem(_ scenario: Scenario) -> StatesReadError? {
        if header.name != scenario.name {
            return StatesReadError(path: "scenario", problem: "is \"\(header.name)\", but the scenario given is \"\(scenario.name)\": draw a document with the scenario it was written from")
        }
        let size = scenario.viewport.size
        if abs(header.viewport.width - size.width) > 1e-6 || abs(header.viewport.height - size.height) > 1e-6 {
            return StatesReadError(path: "viewport", problem: "is \(JSONValue.format(header.viewport.width))×\(JSONValue.format(header.viewport.height)) pt, but the scenario's viewport is \(JSONValue.format(size.width))×\(JSONValue.format(size.height)) pt: draw a document with the scenario it was written from")
        }
        guard let first = first(where: { _ in true }) else {
            return StatesReadError(path: "frames", problem: "is empty: there is no frame to draw")
        }
        var atRate = scenario
        atRate.fps = header.fps
        if atRate.frameCount != frameCount {
            return StatesReadError(path: "frames", problem: "has \(frameCount) frame\(frameCount == 1 ? "" : "s"), but the scenario's \(JSONValue.format(scenario.duration)) s at the document's \(JSONValue.format(header.fps)) fps make \(atRate.frameCount): draw a document with the scenario it was written from")
        }
        // Frame i is written as frame_0000i: a document's frames are in order from 0.
        for (i, frame) in enumerated() where frame.index != i {
            return StatesReadError(path: "frames[\(i)].index", problem: "is \(frame.index), but the document's frame \(i) must have index \(i) (frames in order from 0)")
        }
        let sceneKeys = scenario.scene.root.allComponents.filter { ComponentKey($0.kind).hasState }.map(\.key)
        var frameKeys = first.scrollViews.map(\.key)
        for collection in StateCollection.allCases { frameKeys += first.componentStates[collection, default: []].map(\.key) }
        if let missing = sceneKeys.first(where: { !frameKeys.contains($0) }) {
            return StatesReadError(path: "frames[0]", problem: "has no state for the scene's `\(missing)`: draw a document with the scenario it was written from")
        }
        if let extra = frameKeys.first(where: { !sceneKeys.contains($0) }) {
            return StatesReadError(path: "frames[0]", problem: "has a state for `\(extra)`, which the scenario's scene does not have: draw a document with the scenario it was written from")
        }
        return nil
    }

    /// A viewport's size: positive, at most the decoder's longest length.
    static func readViewport(_ json: JSONField) throws(StatesReadError) -> Size {
        let w = try json.number("width"), h = try json.number("height")
        guard w > 0, h > 0, w <= ScenarioDecoder.maximumLength, h <= ScenarioDecoder.maximumLength else {
            throw StatesReadError(path: json.path, problem: "must be a size in points of at most \(Int(ScenarioDecoder.maximumLength)), not \(JSONValue.format(w))×\(JSONValue.format(h))")
        }
        return Size(width: w, height: h)
    }
}

extension FrameState {
    /// Reads a frame of a states document back (docs/states.md): `headerTabs` are the header's pagers' tabs, which a
    /// frame at the same bar widths leaves out. Frame `index` is at `index / fps`: a `time` within the document's
    /// rounding (1e-6) of it is taken as that exact number, the one the simulation had, so that what is drawn
    /// against time (the motion plot) is drawn where it was.
    init(json: JSONField, headerTabs: [String: TabSpans], fps: Double) throws(StatesReadError) {
        let index = try json.int("index"), written = try json.number("time")
        let time = abs(written - Double(index) / fps) <= 1e-6 ? Double(index) / fps : written
        self.init(index: index, time: time, viewport: try Run.readViewport(try json.field("viewport")))
        if let touch = try json.optional("touch") {
            // `{"x": null, "y": null, "phase": null}` is no touch (docs/states.md).
            if try touch.optional("phase") != nil {
                self.touch = TouchState(x: try touch.number("x"), y: try touch.number("y"),
                                        phase: try touch.field("phase").name(TouchPhase.self, "began, moved or ended"))
            }
        }
        trail = try (json.optional("trail")?.items() ?? []).map { point throws(StatesReadError) in try TrailPoint(json: point) }
        scrollViews = try (json.optional("scrollViews")?.pairs() ?? []).map { pair throws(StatesReadError) in
            try ScrollViewState(json: pair.field, key: pair.key)
        }
        for collection in StateCollection.allCases {
            guard let members = try json.optional(collection.rawValue) else { continue }
            for (key, member) in try members.pairs() {
                componentStates[collection, default: []].append(try collection.stateType.read(member, key: key, header: headerTabs))
            }
        }
        // A pager's place in pages is not written: its scroll view's contentOffset.x / its frame's width, as the
        // pager works it out.
        if !pagers.isEmpty {
            pagers = pagers.map { pager in
                var pager = pager
                if let scroll = scrollView(pager.key) {
                    pager.pages = scroll.frame.width > 0 ? scroll.contentOffset.x / scroll.frame.width : 0
                }
                return pager
            }
        }
        explanations = try (json.optional("explain")?.items() ?? []).map { entry throws(StatesReadError) in try Explanation(json: entry) }
    }
}

extension ScrollViewState {
    init(json: JSONField, key: String) throws(StatesReadError) {
        self.key = key
        contentOffset = try Point(json: try json.field("contentOffset"))
        contentSize = try Size(json: try json.field("contentSize"))
        contentInset = try EdgeInsets(json: try json.field("contentInset"))
        adjustedContentInset = try EdgeInsets(json: try json.field("adjustedContentInset"))
        frame = try Rect(json: try json.field("frame"))
        velocity = try Point(json: try json.field("velocity"))
        phase = try json.field("phase").name(ScrollPhase.self, "idle, tracking, decelerating, bouncing or animating")
        if let indicator = try json.optional("indicator") {
            self.indicator = IndicatorState(frame: try Rect(json: try indicator.field("frame")), alpha: try indicator.number("alpha"))
        } else {
            self.indicator = nil
        }
    }
}

extension TrailPoint {
    init(json: JSONField) throws(StatesReadError) {
        self.init(x: try json.number("x"), y: try json.number("y"), age: try json.number("age"),
                  startsStroke: try json.optional("startsStroke")?.bool() ?? false)
    }
}
