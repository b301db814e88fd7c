import FlickCore
import FlickOutput
import FlickRender
import Foundation

/// What the review page needs to know of one render, beside its frames and its states: which frame files
/// exist, their rate and canvas, the moments things happened, and where the motion plot's graphs are.
/// It is written into the page (`index.html`) as JSON and beside it as `run.json`, which `flick review` reads
/// back (never the page itself) and checks with `validated(file:)` before using a number of it.
public struct RunPageData: Codable, Equatable, Sendable {
    /// A touch-down, release, tap, resize or settle (`MotionEvent`'s kinds), at a time in seconds.
    public struct Event: Codable, Equatable, Sendable {
        public var kind: String
        public var time: Double

        public init(kind: String, time: Double) {
            self.kind = kind
            self.time = time
        }
    }

    /// Where the motion plot's graphs lie in `motion.svg`, in its points: the page puts its cursor at a time and
    /// turns a click into a time with the plot's own mapping (`MotionPlot`), not a guess.
    public struct Plot: Codable, Equatable, Sendable {
        /// The file, relative to the run's folder.
        public var src: String
        /// The SVG's size in points.
        public var width: Double
        public var height: Double
        /// Seconds at the graphs' left and right edges.
        public var t0: Double
        public var t1: Double
        /// The graphs' left and right edges.
        public var x0: Double
        public var x1: Double
        /// Each graph's top and bottom (value and velocity graphs of every panel, in order).
        public var bands: [[Double]]

        public init(_ plot: MotionPlot, src: String = "motion.svg") {
            self.src = src
            width = MotionPlot.width
            height = plot.height.rounded(.up)
            t0 = plot.timeRange.lowerBound
            t1 = plot.timeRange.upperBound
            let rect = plot.panels.first?.valueRect
                ?? Rect(x: MotionPlot.left, y: 0, width: MotionPlot.width - MotionPlot.left - MotionPlot.right, height: 0)
            x0 = rect.minX
            x1 = rect.maxX
            bands = plot.panels.flatMap { [[$0.valueRect.minY, $0.valueRect.maxY], [$0.speedRect.minY, $0.speedRect.maxY]] }
        }

        /// The x in points of time `t` (`MotionPlot`'s mapping).
        public func x(ofTime t: Double) -> Double { PlotScale(from: t0, to: t1, start: x0, length: x1 - x0).position(t) }
    }

    /// The scenario's name.
    public var name: String
    /// Frames per second: frame `i` is at `i / fps` seconds.
    public var fps: Double
    /// Pixels per point of the frames.
    public var scale: Double
    /// The first frame drawn and how many (`--frames`).
    public var first: Int
    public var count: Int
    /// Digits of the frame files' index (`frame_00000`) and their extension (png or svg).
    public var digits: Int
    public var ext: String
    /// Whether `overlay/frame_…` holds the review layer alone (`--overlay-layer`).
    public var overlay: Bool
    /// The canvas every frame fits on (the largest viewport, in pixels).
    public var width: Int
    public var height: Int
    /// Total frames of the scenario (states.json has them all).
    public var total: Int
    public var events: [Event]
    /// Spans the finger was down, `[from, to]` in seconds.
    public var spans: [[Double]]
    public var plot: Plot?

    public init(name: String, fps: Double, scale: Double, first: Int, count: Int, digits: Int, ext: String, overlay: Bool,
                width: Int, height: Int, total: Int, events: [Event], spans: [[Double]], plot: Plot?) {
        self.name = name
        self.fps = fps
        self.scale = scale
        self.first = first
        self.count = count
        self.digits = digits
        self.ext = ext
        self.overlay = overlay
        self.width = width
        self.height = height
        self.total = total
        self.events = events
        self.spans = spans
        self.plot = plot
    }

    /// The page data of a render of `scenario` whose review outputs `recorder` planned.
    public init(scenario: Scenario, timeline: MotionTimeline, canvas: RunCanvas, frameExtension: String, overlay: Bool,
                plot: MotionPlot?) {
        let total = scenario.frameCount
        let name = SequenceRenderer.frameFileName(0, count: total, extension: "x")
        self.init(name: scenario.name, fps: scenario.fps, scale: scenario.viewport.scale,
                  first: timeline.frames.first ?? 0, count: timeline.frames.count,
                  digits: name.count - "frame_".count - ".x".count, ext: frameExtension, overlay: overlay,
                  width: canvas.pixelWidth, height: canvas.pixelHeight, total: total,
                  events: timeline.events.map { Event(kind: $0.kind.rawValue, time: $0.time) },
                  spans: timeline.gestureSpans.map { [$0.lowerBound, $0.upperBound] },
                  plot: plot.map { Plot($0) })
    }

    /// The relative path of frame `index`'s file in the folder `folder` (`frames` or `overlay`).
    public func framePath(_ index: Int, folder: String = "frames") -> String {
        folder + "/" + RunPageData.frameFile(index, digits: digits, ext: ext)
    }

    /// `frame_00042.png`: the index zero-padded to `digits`.
    public static func frameFile(_ index: Int, digits: Int, ext: String) -> String {
        let number = String(index)
        return "frame_" + String(repeating: "0", count: max(0, digits - number.count)) + number + "." + ext
    }

    /// The data as deterministic JSON (numbers to 1e-6, keys in a fixed order).
    public var json: JSONValue {
        func number(_ x: Double) -> JSONValue { .number(x) }
        var pairs: [(String, JSONValue)] = [
            ("name", .string(name)), ("fps", number(fps)), ("scale", number(scale)),
            ("first", number(Double(first))), ("count", number(Double(count))), ("digits", number(Double(digits))),
            ("ext", .string(ext)), ("overlay", .bool(overlay)),
            ("width", number(Double(width))), ("height", number(Double(height))), ("total", number(Double(total))),
            ("events", .array(events.map { .object([("kind", .string($0.kind)), ("time", number($0.time))]) })),
            ("spans", .array(spans.map { .array($0.map(number)) })),
        ]
        if let plot {
            pairs.append(("plot", .object([
                ("src", .string(plot.src)), ("width", number(plot.width)), ("height", number(plot.height)),
                ("t0", number(plot.t0)), ("t1", number(plot.t1)), ("x0", number(plot.x0)), ("x1", number(plot.x1)),
                ("bands", .array(plot.bands.map { .array($0.map(number)) })),
            ])))
        } else {
            pairs.append(("plot", .null))
        }
        return .object(pairs)
    }

    // MARK: reading back

    /// The most frames a run may have: the decoder's limit, sampled at most `SlowMotion.factors`' largest factor.
    public static let maximumTotal = ScenarioDecoder.maximumFrames * SlowMotion.factors.upperBound
    /// The highest frame rate a run may have: a scenario's highest (240 fps) under the largest slow-motion factor.
    public static let maximumFPS = 240.0 * Double(SlowMotion.factors.upperBound)
    /// Pixels per point of a run's frames: `--scale`'s range.
    public static let scaleRange = 0.0...16.0
    /// Digits of a frame file's index: `frame_` and up to 19 digits hold any index (Int.max has 19).
    public static let digitsRange = 1...19
    /// The most events and finger spans a run's page data may list (a few per frame at most).
    public static let maximumMoments = 4 * maximumTotal
    /// The most graphs a motion plot may have.
    public static let maximumBands = 10_000
    /// The largest `run.json` read back (its events and spans stay far below it).
    public static let maximumFileSize = 64 << 20
    /// The largest `states.json` a review reads: a review page carries its runs' states, and a browser that
    /// parses more than this becomes unusable; 100,000 frames of a scene of a few lists stay below it.
    public static let maximumStatesSize = 64 << 20

    /// This data, checked as a decoder checks a scenario: every number in its range, every index and count
    /// within the run, every string one the page knows. `file` names the file in the error.
    public func validated(file: String) throws -> RunPageData {
        func fail(_ key: String, _ problem: String) -> ReviewError { ReviewError("\(file): \(key): \(problem)") }
        guard name.count <= ScenarioDecoder.maximumTextLength else { throw fail("name", "longer than \(ScenarioDecoder.maximumTextLength) characters") }
        guard fps.isFinite, fps >= 1, fps <= Self.maximumFPS else { throw fail("fps", "must be in 1...\(Int(Self.maximumFPS)), not \(fps)") }
        guard scale.isFinite, scale > Self.scaleRange.lowerBound, scale <= Self.scaleRange.upperBound else {
            throw fail("scale", "must be in (0, 16], not \(scale)")
        }
        guard (1...Self.maximumTotal).contains(total) else { throw fail("total", "must be in 1...\(Self.maximumTotal), not \(total)") }
        guard (0..<total).contains(first) else { throw fail("first", "must be a frame of the run, in 0...\(total - 1), not \(first)") }
        guard (1...(total - first)).contains(count) else {
            throw fail("count", "must be in 1...\(total - first) (frames from first to the run's last), not \(count)")
        }
        guard Self.digitsRange.contains(digits) else { throw fail("digits", "must be in 1...19, not \(digits)") }
        guard ext == "png" || ext == "svg" else { throw fail("ext", "must be png or svg") }
        let side = Int(ScenarioDecoder.maximumImageSide)
        guard (1...side).contains(width), (1...side).contains(height), Double(width) * Double(height) <= ScenarioDecoder.maximumPixels else {
            throw fail("width", "\(width)×\(height) pixels is not a frame size (at most \(side) a side and \(PixelLimits.described))")
        }
        guard events.count <= Self.maximumMoments, spans.count <= Self.maximumMoments else {
            throw fail("events", "more than \(Self.maximumMoments) events or spans")
        }
        for (i, event) in events.enumerated() {
            guard MotionEvent.Kind(rawValue: event.kind) != nil else { throw fail("events[\(i)].kind", "must be \(MotionEvent.Kind.names)") }
            guard event.time.isFinite else { throw fail("events[\(i)].time", "must be a number of seconds") }
        }
        for (i, span) in spans.enumerated() where span.count != 2 || !span.allSatisfy(\.isFinite) {
            throw fail("spans[\(i)]", "must be [from, to] in seconds")
        }
        if let plot {
            let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
            guard !plot.src.hasPrefix("."), plot.src.hasSuffix(".svg"), plot.src.count <= 128,
                  plot.src.unicodeScalars.allSatisfy(allowed.contains) else {
                throw fail("plot.src", "must be the name of an SVG file beside the page, such as motion.svg")
            }
            let numbers = [plot.width, plot.height, plot.t0, plot.t1, plot.x0, plot.x1]
            guard numbers.allSatisfy(\.isFinite), plot.width > 0, plot.height > 0, plot.width <= ScenarioDecoder.maximumImageSide,
                  plot.height <= ScenarioDecoder.maximumImageSide, plot.t1 > plot.t0, plot.x1 > plot.x0 else {
                throw fail("plot", "its size, times and edges must be finite numbers with t0 < t1 and x0 < x1")
            }
            guard plot.bands.count <= Self.maximumBands else { throw fail("plot.bands", "more than \(Self.maximumBands) graphs") }
            for (i, band) in plot.bands.enumerated() where band.count != 2 || !band.allSatisfy(\.isFinite) {
                throw fail("plot.bands[\(i)]", "must be [top, bottom] in points")
            }
        }
        return self
    }

    /// The page data in `run.json` (written by `flick render --html`), decoded and validated.
    public static func decode(_ json: Data, file: String) throws -> RunPageData {
        try StatesDocumentShape.checkNesting(json, file: file)
        let data: RunPageData
        do {
            data = try JSONDecoder().decode(RunPageData.self, from: json)
        } catch let error as DecodingError {
            throw ReviewError("\(file): not a run's page data (\(Self.describe(error)))")
        }
        return try data.validated(file: file)
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return keys.hasPrefix(".") ? String(keys.dropFirst()) : keys
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)).\(key.stringValue) is missing".trimmingCharacters(in: CharacterSet(charactersIn: "."))
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    /// A run with no page data of its own: a folder `flick render` wrote without `--html`. Its frames are listed
    /// from `frames/`, and its moments read from the states: a touch's `began` and `ended` frames, a change of
    /// viewport. There is no motion plot. The states are checked where they are read (finite numbers in range);
    /// only file names `frame_` + digits + `.png`/`.svg` of a frame the states have count.
    public static func fromStates(_ states: Data, frameNames: [String], overlayNames: [String]) throws -> RunPageData {
        let run: Run
        do {
            run = try Run.read(json: states, file: "states.json")
        } catch {
            throw ReviewError("\(error)")
        }
        return try fromRun(run, frameNames: frameNames, overlayNames: overlayNames)
    }

    /// The page data of a recorded run (read from a folder's states), a fold over its frames: see `fromStates`.
    public static func fromRun(_ run: Run, frameNames: [String], overlayNames: [String]) throws -> RunPageData {
        let fps = run.header.fps, scale = run.header.scale, total = run.frameCount
        guard fps.isFinite, fps >= 1, fps <= maximumFPS else { throw ReviewError("states.json: fps must be in 1...\(Int(maximumFPS)), not \(fps)") }
        guard scale.isFinite, scale > scaleRange.lowerBound, scale <= scaleRange.upperBound else {
            throw ReviewError("states.json: viewport.scale must be in (0, 16], not \(scale)")
        }
        guard (1...maximumTotal).contains(total) else {
            throw ReviewError("states.json: frames must hold 1...\(maximumTotal) frames, not \(total)")
        }
        let digitCharacters = CharacterSet(charactersIn: "0123456789")
        var byExtension: [String: Set<Int>] = [:]
        for file in frameNames {
            guard file.hasPrefix("frame_"), let dot = file.lastIndex(of: ".") else { continue }
            let number = file[file.index(file.startIndex, offsetBy: 6)..<dot]
            // Digits only (no sign), and an index the states have: no file name can make a number out of range.
            guard !number.isEmpty, number.count <= digitsRange.upperBound, number.unicodeScalars.allSatisfy(digitCharacters.contains),
                  let index = Int(number), index < total else { continue }
            byExtension[String(file[file.index(after: dot)...]), default: []].insert(index)
        }
        // PNG when there are PNG frames (`--format both` writes both), else SVG.
        let ext = byExtension["png"] != nil ? "png" : "svg"
        let indices = (byExtension[ext] ?? []).sorted()
        guard let first = indices.first, let last = indices.last, indices.count == last - first + 1 else {
            throw ReviewError("frames/ does not hold one unbroken run of frame_NNNNN.png or .svg files")
        }
        let digits = max(5, String(max(0, total - 1)).count)
        var events: [Event] = [], spans: [[Double]] = []
        var down: Double?
        var previousViewport: Size?
        // An animated resize changes the viewport on every frame it lasts: one mark where it starts.
        var resizing = false
        var width = 1.0, height = 1.0
        var rest: [Settling.Sample] = []
        var times: [Double] = []
        var tracker = StateEventTracker()
        for frame in run {
            let time = frame.time
            times.append(time)
            rest.append(Settling.Sample(frame))
            if let touch = frame.touch {
                if touch.phase == .began { events.append(Event(kind: "down", time: time)); down = time }
                if touch.phase == .ended {
                    events.append(Event(kind: "release", time: time))
                    spans.append([down ?? time, time])
                    down = nil
                }
            }
            // What the components' states mark (a refresh control triggering, its refresh ending), as
            // `MotionTimeline` marks them (keys in order).
            for event in tracker.events(in: frame).sorted(by: { $0.key < $1.key }) {
                events.append(Event(kind: event.kind.name, time: time))
            }
            let size = frame.viewport
            let changed = previousViewport.map { $0 != size } ?? false
            if changed && !resizing { events.append(Event(kind: "resize", time: time)) }
            resizing = changed
            previousViewport = size
            width = max(width, size.width)
            height = max(height, size.height)
        }
        // The settles (docs/states.md, "Settled"), as `Settling` reads a `FrameState`.
        events += Settling.settles(rest).map { Event(kind: MotionEvent.Kind.settle.rawValue, time: times[$0]) }
        if Settling.stillMovingAtEnd(rest), let end = times.last { events.append(Event(kind: MotionEvent.Kind.moving.rawValue, time: end)) }
        events.sort { $0.time < $1.time }
        let overlay = !overlayNames.isEmpty && indices.allSatisfy { index in
            overlayNames.contains { $0.hasPrefix(frameFile(index, digits: digits, ext: "")) }
        }
        return try RunPageData(name: run.header.name, fps: fps, scale: scale, first: first, count: indices.count, digits: digits, ext: ext,
                               overlay: overlay, width: Int((width * scale).rounded()), height: Int((height * scale).rounded()),
                               total: total, events: events, spans: spans, plot: nil).validated(file: "states.json")
    }
}

/// Checks on a JSON document read from someone else's folder before it is parsed.
public enum StatesDocumentShape {
    /// The most values (numbers, strings, lists and objects, counted as the items between commas and brackets) a
    /// document read from a folder may hold: Foundation's parser keeps each as an object of about a hundred bytes,
    /// and a states.json of one frame copied 115,000 times (60 MB) took more than 4 GB (36 MB took 2.57 GB). Four
    /// million values is 100,000 frames of 40 values each; just under it, 49,000 copies of an 80-value frame
    /// (26 MB) are reviewed in 366 MB (docs/review-page.md).
    public static let maximumValues = 4_000_000

    /// Refuses JSON nested deeper than the decoder allows a scenario (`ScenarioDecoder.maximumNesting`), or holding
    /// more than `maximumValues` values, counted on the bytes before any parser recurses into them or allocates.
    public static func checkNesting(_ json: Data, file: String) throws {
        var depth = 0, inString = false, escaped = false, values = 1
        for byte in json {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                values += 1
                if depth > ScenarioDecoder.maximumNesting {
                    throw ReviewError("\(file): nested deeper than \(ScenarioDecoder.maximumNesting) levels")
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ","), UInt8(ascii: ":"): values += 1
            default: break
            }
            if values > maximumValues {
                throw ReviewError("\(file) holds more than \(maximumValues) values (\(json.count) bytes); flick review reads at most \(maximumValues), a bound on the memory parsing takes (docs/review-page.md, \"Limits\")")
            }
        }
    }

}
