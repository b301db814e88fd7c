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

    /// The run of `scenario`, simulated each time it is iterated.
    public init(scenario: Scenario, explains: Bool = false) {
        header = RunHeader(scenario)
        self.scenario = scenario
        self.explains = explains
        frames = nil
        measured = nil
        entries = []
    }

    /// A run held in memory: `frames` in order, and the document's reference entries.
    public init(header: RunHeader, frames: [FrameState], references: [StatesReference] = []) {
        self.header = header
        scenario = nil
        explains = frames.contains { !$0.explanations.isEmpty }
        self.frames = frames
        measured = nil
        entries = references
    }

    private init(recording run: Run, frames: [FrameState]) {
        header = run.header
        scenario = run.scenario
        explains = run.explains
        self.frames = frames
        measured = run.scenario.map(ReferenceResidual.measure)
        entries = run.entries
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

    /// The recordings' residuals (a scenario's `reference:`); none for a run read from a states document.
    public func residuals() -> [ReferenceResidual] {
        measured ?? scenario.map(ReferenceResidual.measure) ?? []
    }

    /// The states document's `references` (docs/states.md, "References").
    public func referenceEntries() -> [StatesReference] {
        scenario == nil ? entries : residuals().map { StatesReference($0, fps: header.fps) }
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
            try FrameState(json: frame, headerTabs: headerTabs)
        }
        let references = try (document.optional("references")?.items() ?? []).map { entry throws(StatesReadError) in
            try StatesReference(json: entry)
        }
        return Run(header: header, frames: frames, references: references)
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
    /// frame at the same bar widths leaves out.
    init(json: JSONField, headerTabs: [String: TabSpans]) throws(StatesReadError) {
        self.init(index: try json.int("index"), time: try json.number("time"), viewport: try Run.readViewport(try json.field("viewport")))
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
