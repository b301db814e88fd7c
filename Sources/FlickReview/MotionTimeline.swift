import FlickCore
import Foundation

/// A line of reference on a value graph (a detent, a page boundary, a content edge) over the span it held.
public struct ReferenceLine: Hashable, Sendable {
    public var label: String
    public var value: Double
    /// Seconds.
    public var from: Double
    public var to: Double
}

/// One thing that moved during a run, sampled at every frame: the values of one `PlottedQuantity` (declared in its
/// kind's folder) gathered over the frames. Its quantity's properties read as its own (`series.unit`).
@dynamicMemberLookup
public struct MotionSeries: Sendable {
    public var quantity: PlottedQuantity
    /// What the value graph shows, for its title: the component's key and the quantity's label (`sheet · top edge`).
    public var title: String
    public var values: [Double]
    /// d(value)/dt in points per second; for pages, d(contentOffset.x)/dt of the component's scroll view in pt/s
    /// (what UIKit's and the states' velocities are; positive toward later pages).
    public var velocities: [Double]
    public var references: [ReferenceLine]
    /// Half a device pixel in the value's unit: closer than this, two values look the same.
    public var halfPixel: Double

    public subscript<Property>(dynamicMember path: KeyPath<PlottedQuantity, Property>) -> Property { quantity[keyPath: path] }
}

/// A recording drawn beside a series of the timeline: its samples on the scenario's clock and its residual, as the
/// states document has them (docs/states.md, "References"), so that a run read from a document draws them too.
public struct RecordedSeries: Sendable {
    /// Index into `MotionTimeline.series`.
    public var seriesIndex: Int
    public var residual: StatesReference
}

/// What happened when: a finger going down or lifting, a tap, a resize, everything coming to rest, and what the
/// components' states mark (a pull to refresh triggering and its refresh ending: `StateEventKind`, declared in each
/// kind's folder).
public struct MotionEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case touchDown, release, tap, resize, settle
        /// The run ends with something still moving and no finger down (docs/states.md, "Settled").
        case moving
        /// An event a component's state marks (`FrameState.eventKinds`).
        case state(StateEventKind)

        /// Its name as the page data and run.json write it.
        public var rawValue: String {
            switch self {
            case .touchDown: "down"
            case .release: "release"
            case .tap: "tap"
            case .resize: "resize"
            case .settle: "settled"
            case .moving: "moving"
            case .state(let kind): kind.name
            }
        }

        public init?(rawValue: String) {
            guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
            self = kind
        }

        /// Every kind: the review's own, then the components' states' (`FrameState.eventKinds`).
        public static var allCases: [Kind] {
            [.touchDown, .release, .tap, .resize, .settle, .moving] + FrameState.eventKinds.map(Kind.state)
        }
    }
    public var kind: Kind
    /// Seconds.
    public var time: Double
}

/// The states of a run reduced to what the review outputs show: the time of each frame, its viewport and
/// phases, each moving value, the gestures' spans and the moments things happened. Built by simulating the
/// scenario once more before drawing (the simulation is thousands of times faster than drawing).
public struct MotionTimeline: Sendable {
    /// Frame indices, in order (the rendered range).
    public var frames: [Int]
    /// Seconds of simulated time of each frame.
    public var times: [Double]
    public var viewports: [Size]
    /// Per frame: every sheet's and scroll view's phase, as "key phase" (document order), then the phases the
    /// components' states give the review (`FrameState.reviewPhases`: a refresh control's "key.refresh phase").
    public var phases: [[String]]
    /// Per frame: the finger's phase, nil when up.
    public var touches: [TouchPhase?]
    /// Per frame: whether a finger is on and whether every component is at rest (`Settling`).
    public var rest: [Settling.Sample]
    /// Everything that moved.
    public var series: [MotionSeries]
    /// Spans the finger was down (seconds).
    public var gestureSpans: [ClosedRange<Double>]
    public var events: [MotionEvent]
    /// Motion recorded on a device (`reference:`) for a series of this timeline, with its residual.
    public var recordings: [RecordedSeries] = []
    /// Spans of the animated resizes (seconds, start to end; an instant resize has none).
    public var resizeSpans: [ClosedRange<Double>] = []
    /// Pixels per point of the frames.
    public var scale = 1.0

    /// Simulates `scenario` over the frames in `range` (all when nil).
    public init(scenario: Scenario, range: ClosedRange<Int>? = nil) {
        self.init(run: Run(scenario: scenario), range: range)
    }

    /// The timeline of `run` over the frames in `range` (all when nil): a fold over its frames. The gestures' spans
    /// and marks and the page titles come from its scenario (a run read from states alone has none), the
    /// recordings from its reference entries.
    public init(run: Run, range: ClosedRange<Int>? = nil) {
        let count = run.frameCount
        let range = range.map { max(0, $0.lowerBound)...min(count - 1, $0.upperBound) } ?? 0...(count - 1)
        var frames: [Int] = [], times: [Double] = [], viewports: [Size] = [], phases: [[String]] = []
        var touches: [TouchPhase?] = []
        var rest: [Settling.Sample] = []
        // Each series by its component's key and its quantity's name.
        var builders: [[String]: SeriesBuilder] = [:]
        var order: [[String]] = []
        let pageTitles = run.scenario?.pageTitles ?? [:]
        var sample = 0
        var tracker = StateEventTracker()
        var stateEvents: [MotionEvent] = []
        for state in run {
            // The states' events need the state before the first frame shown: followed on every frame.
            let marked = tracker.events(in: state)
            if range.contains(state.index) {
                stateEvents += marked.map { MotionEvent(kind: .state($0.kind), time: state.time) }
            }
            guard range.contains(state.index) else {
                if state.index > range.upperBound { break }
                continue
            }
            frames.append(state.index)
            times.append(state.time)
            viewports.append(state.viewport)
            touches.append(state.touch.map(\.phase))
            rest.append(Settling.Sample(state))
            var framePhases = state.sheets.map { "\($0.key) \($0.phase.rawValue)" }
            framePhases += state.scrollViews.map { "\($0.key) \($0.phase.rawValue)" }
            for value in state.plottedValues(pageTitles: pageTitles) {
                let id = [value.quantity.key, value.quantity.name]
                if builders[id] == nil { builders[id] = SeriesBuilder(value); order.append(id) }
                builders[id]!.add(sample: sample, value, time: state.time)
            }
            // The phases the components' states give the review (a refresh control's cycle makes key frames).
            framePhases += state.reviewPhases
            phases.append(framePhases)
            sample += 1
        }
        self.frames = frames
        self.times = times
        self.viewports = viewports
        self.phases = phases
        self.touches = touches
        self.rest = rest
        scale = run.header.scale
        // The physics rests at the device's half pixel, whatever scale the frames are drawn at.
        let halfPixel = 0.5 / run.header.deviceScale
        let built = order.compactMap { builders[$0]?.series(samples: sample, halfPixel: halfPixel) }
        // A scroll view moves on one axis: of a list's two offsets, keep those that moved.
        series = built.filter { $0.moved }
        let drawn = series
        let recordings = run.referenceEntries().compactMap { residual -> RecordedSeries? in
            guard let index = drawn.firstIndex(where: { $0.statePath == residual.path }) else { return nil }
            return RecordedSeries(seriesIndex: index, residual: residual)
        }
        self.recordings = recordings
        gestureSpans = []
        events = []
        let firstTime = times.first ?? 0, lastTime = times.last ?? 0
        for gesture in run.scenario?.gestures ?? [] {
            let start = gesture.at, end = gesture.at + gesture.fingerDuration
            switch gesture.action {
            case .drag, .touches:
                gestureSpans.append(start...end)
                events.append(MotionEvent(kind: .touchDown, time: start))
                events.append(MotionEvent(kind: .release, time: end))
            case .tap:
                gestureSpans.append(start...end)
                events.append(MotionEvent(kind: .tap, time: start))
            case .resize(_, let duration, _):
                events.append(MotionEvent(kind: .resize, time: start))
                if duration > 0 { resizeSpans.append(start...(start + duration)) }
            }
        }
        events.removeAll { $0.time < firstTime - 1e-9 || $0.time > lastTime + 1e-9 }
        gestureSpans = gestureSpans.filter { $0.upperBound >= firstTime && $0.lowerBound <= lastTime }
        events += stateEvents
        events += settleFrames().map { MotionEvent(kind: .settle, time: times[$0]) }
        if stillMovingAtEnd, let end = times.last { events.append(MotionEvent(kind: .moving, time: end)) }
        events.sort { $0.time < $1.time || ($0.time == $1.time && $0.kind.rawValue < $1.kind.rawValue) }
    }

    /// Positions in `frames` at which the run settled (`Settling.settles`, docs/states.md "Settled"): every
    /// component at rest by its own physics, no finger down, after a frame that was not.
    public func settleFrames() -> [Int] { Settling.settles(rest) }

    /// Whether the last frame has something still moving with no finger down.
    public var stillMovingAtEnd: Bool { Settling.stillMovingAtEnd(rest) }

    /// Per frame: whether a finger is on the screen or something moved since the previous frame, short of
    /// the last half pixel after a settle (a spring's invisible creep is not motion to show).
    public func activeFrames() -> [Bool] {
        var active = frames.indices.map { i in
            touches[i] != nil || (i > 0 && series.contains { abs($0.values[i] - $0.values[i - 1]) > 1e-9 })
        }
        for settle in settleFrames() {
            var i = settle + 1
            while i < active.count, touches[i] == nil { active[i] = false; i += 1 }
        }
        return active
    }

    /// Per frame: how much of the picture changed since the previous frame, in device pixels: every series' move
    /// (its value over a device pixel of it) and the viewport's change of size; 0 for the first frame, and after a
    /// settle until a finger is down again or the viewport changes (a spring's invisible creep is no change to show).
    public func visibleChange() -> [Double] {
        var change = frames.indices.map { i -> Double in
            guard i > 0 else { return 0 }
            let moved = series.reduce(0.0) { $0 + abs($1.values[i] - $1.values[i - 1]) / (2 * $1.halfPixel) }
            let resized = (abs(viewports[i].width - viewports[i - 1].width) + abs(viewports[i].height - viewports[i - 1].height)) * scale
            return moved + resized
        }
        for settle in settleFrames() {
            var i = settle + 1
            while i < change.count, touches[i] == nil, viewports[i] == viewports[i - 1] { change[i] = 0; i += 1 }
        }
        return change
    }

    /// The time of the frame at position `i`.
    public func time(at i: Int) -> Double { times[i] }

    /// The position in `frames` of the first frame at or after `time`, nil past the end.
    public func position(atOrAfter time: Double) -> Int? {
        var low = 0, high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] < time - 1e-9 { low = mid + 1 } else { high = mid }
        }
        return low < times.count ? low : nil
    }
}

/// Collects one series' samples and the spans of its reference lines.
struct SeriesBuilder {
    let quantity: PlottedQuantity
    var values: [Double] = []
    var velocities: [Double] = []
    var references: [ReferenceLine] = []
    /// The reference lines in force at the previous sample, by label: their index in `references`.
    var open: [String: Int] = [:]
    /// Points per unit of value (a page's width for pages).
    var pointsPerUnit = 1.0
    /// The time of the last sample whose state had no velocity.
    var lastTime: Double?

    init(_ first: PlottedValue) {
        quantity = first.quantity
    }

    /// Adds the value of the frame at `sample` (seconds `time`). A value whose state has no velocity gets the rate
    /// from the previous sample by backward difference (0 on the first), per second.
    mutating func add(sample: Int, _ value: PlottedValue, time: Double) {
        if value.measuresPointsPerUnit || values.isEmpty { pointsPerUnit = value.pointsPerUnit }
        var velocity = 0.0
        if let given = value.velocity {
            velocity = given
        } else {
            if values.count == sample, let last = values.last, let lastTime, time > lastTime { velocity = (value.value - last) / (time - lastTime) }
            lastTime = time
        }
        // A component that appears later (it has no state before) holds its first value until then.
        while values.count < sample { values.append(value.value); velocities.append(0) }
        values.append(value.value)
        velocities.append(velocity)
        var stillOpen: [String: Int] = [:]
        for (label, line) in value.references {
            if let index = open[label], references[index].value == line {
                references[index].to = time
                stillOpen[label] = index
            } else {
                references.append(ReferenceLine(label: label, value: line, from: time, to: time))
                stillOpen[label] = references.count - 1
            }
        }
        open = stillOpen
    }

    func series(samples: Int, halfPixel: Double) -> MotionSeries {
        var values = values, velocities = velocities
        while values.count < samples { values.append(values.last ?? 0); velocities.append(0) }
        return MotionSeries(quantity: quantity, title: "\(quantity.key) · \(quantity.label)", values: values, velocities: velocities,
                            references: references, halfPixel: halfPixel / pointsPerUnit)
    }
}

extension MotionSeries {
    /// Whether the value changed at all during the run.
    var moved: Bool {
        guard let first = values.first else { return false }
        return values.contains { abs($0 - first) > 1e-9 }
    }
}

extension MotionEvent.Kind {
    /// Every kind's name as the page data and run.json write it, for messages ("down, release, … or refreshed", the components'
    /// states' last).
    static var names: String {
        let all = allCases.map(\.rawValue)
        return all.dropLast().joined(separator: ", ") + " or " + all.last!
    }
}
