import FlickCore
import FlickRender
import Foundation

/// What the review page needs to know of one render, beside its frames and its states: which frame files
/// exist, their rate and canvas, the moments things happened, and where the motion plot's graphs are.
/// It is written into the page (`index.html`) as JSON, and read back by `flick review` from a folder that
/// `flick render --html` wrote.
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
        public func x(ofTime t: Double) -> Double { x0 + (t - t0) / (t1 - t0) * (x1 - x0) }
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

    /// A run with no page data of its own: a folder `flick render` wrote without `--html`. Its frames are listed
    /// from `frames/`, and its moments read from the states: a touch's `began` and `ended` frames, a change of
    /// viewport. There is no motion plot.
    public static func fromStates(_ states: Data, frameNames: [String], overlayNames: [String]) throws -> RunPageData {
        guard let document = try? JSONSerialization.jsonObject(with: states) as? [String: Any],
              let fps = document["fps"] as? Double, fps > 0,
              let viewport = document["viewport"] as? [String: Any], let scale = viewport["scale"] as? Double,
              let frames = document["frames"] as? [[String: Any]] else {
            throw ReviewError("states.json is not a states document (docs/states.md)")
        }
        let name = document["scenario"] as? String ?? ""
        var byExtension: [String: Set<Int>] = [:]
        for file in frameNames {
            guard file.hasPrefix("frame_"), let dot = file.lastIndex(of: "."),
                  let index = Int(file[file.index(file.startIndex, offsetBy: 6)..<dot]) else { continue }
            byExtension[String(file[file.index(after: dot)...]), default: []].insert(index)
        }
        // PNG when there are PNG frames (`--format both` writes both), else SVG.
        let ext = byExtension["png"] != nil ? "png" : "svg"
        let indices = (byExtension[ext] ?? []).sorted()
        guard let first = indices.first, let last = indices.last, indices.count == last - first + 1 else {
            throw ReviewError("frames/ does not hold one unbroken run of frame_NNNNN.png or .svg files")
        }
        let digits = max(5, String(max(0, frames.count - 1)).count)
        var events: [Event] = [], spans: [[Double]] = []
        var down: Double?
        var previousViewport: (Double, Double)?
        // An animated resize changes the viewport on every frame it lasts: one mark where it starts.
        var resizing = false
        var width = 1.0, height = 1.0
        var rest: [Settling.Sample] = []
        for frame in frames {
            let time = frame["time"] as? Double ?? 0
            rest.append(Settling.Sample(touching: frame["touch"] is [String: Any], atRest: RunPageData.atRest(frame)))
            if let touch = frame["touch"] as? [String: Any], let phase = touch["phase"] as? String {
                if phase == "began" { events.append(Event(kind: "down", time: time)); down = time }
                if phase == "ended" {
                    events.append(Event(kind: "release", time: time))
                    spans.append([down ?? time, time])
                    down = nil
                }
            }
            if let size = frame["viewport"] as? [String: Any], let w = size["width"] as? Double, let h = size["height"] as? Double {
                let changed = previousViewport.map { $0 != (w, h) } ?? false
                if changed && !resizing { events.append(Event(kind: "resize", time: time)) }
                resizing = changed
                previousViewport = (w, h)
                width = max(width, w)
                height = max(height, h)
            }
        }
        // The settles (docs/states.md, "Settled"), read from the phases as `Settling` reads a `FrameState`.
        let times = frames.map { $0["time"] as? Double ?? 0 }
        events += Settling.settles(rest).map { Event(kind: MotionEvent.Kind.settle.rawValue, time: times[$0]) }
        if Settling.stillMovingAtEnd(rest), let end = times.last { events.append(Event(kind: MotionEvent.Kind.moving.rawValue, time: end)) }
        events.sort { $0.time < $1.time }
        let overlay = !overlayNames.isEmpty && indices.allSatisfy { index in
            overlayNames.contains { $0.hasPrefix("frame_" + String(repeating: "0", count: max(0, digits - String(index).count)) + String(index) + ".") }
        }
        return RunPageData(name: name, fps: fps, scale: scale, first: first, count: indices.count, digits: digits, ext: ext,
                           overlay: overlay, width: Int((width * scale).rounded()), height: Int((height * scale).rounded()),
                           total: frames.count, events: events, spans: spans, plot: nil)
    }

    /// Whether every scroll view and sheet in a states document's frame is at rest (`Settling.isAtRest`).
    static func atRest(_ frame: [String: Any]) -> Bool {
        let scrolls = (frame["scrollViews"] as? [String: Any] ?? [:]).values.compactMap { ($0 as? [String: Any])?["phase"] as? String }
        let sheets = (frame["sheets"] as? [String: Any] ?? [:]).values.compactMap { ($0 as? [String: Any])?["phase"] as? String }
        return scrolls.allSatisfy { ScrollPhase(rawValue: $0).map(Settling.isAtRest) ?? true }
            && sheets.allSatisfy { SheetPhase(rawValue: $0).map(Settling.isAtRest) ?? true }
    }
}
