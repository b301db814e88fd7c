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

/// One thing that moved during a run, sampled at every frame.
public struct MotionSeries: Sendable {
    public enum Kind: Hashable, Sendable {
        /// A sheet's top edge, in points from the viewport's top.
        case sheetTop
        /// A scroll view's content offset on one axis, in points.
        case scrollOffset(Axis)
        /// A pager's or carousel's position in pages (contentOffset.x / page width).
        case pages
        /// A fraction of a component's own, read from its state at `path` (its state path from the state document's
        /// root, `navigationBars.inbox.collapse`, `sheet.presentingScale`) and named `name` (`collapse`): what a
        /// large title or a deck card is about beside the offset or top that drives it.
        case fraction(path: String, name: String)
    }

    /// The component's key (`sheet`, `list2`, `pager`).
    public var key: String
    public var kind: Kind
    /// What the value graph shows, for its title.
    public var title: String
    /// The value's unit ("pt" or "pages").
    public var unit: String
    public var values: [Double]
    /// d(value)/dt in points per second; for pages, d(contentOffset.x)/dt of the component's scroll view in pt/s
    /// (what UIKit's and the states' velocities are; positive toward later pages).
    public var velocities: [Double]
    public var references: [ReferenceLine]
    /// Smaller values drawn higher: a sheet's top, so the curve rises when the sheet rises on screen.
    public var flipped: Bool
    /// Half a device pixel in the value's unit: closer than this, two values look the same.
    public var halfPixel: Double
}

extension MotionSeries {
    /// The state path of the value the series draws (`feed.contentOffset.y`, `sheet.top`); nil for pages.
    public var statePath: String? {
        switch kind {
        case .sheetTop: "\(key).top"
        case .scrollOffset(let axis): "\(key).contentOffset.\(axis == .horizontal ? "x" : "y")"
        case .pages: nil
        case .fraction(let path, _): path
        }
    }
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
        var builders: [String: SeriesBuilder] = [:]
        var order: [String] = []
        let pageTitles = run.scenario.map(MotionTimeline.pageTitles) ?? [:]
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
            var framePhases: [String] = []
            for sheet in state.sheets {
                framePhases.append("\(sheet.key) \(sheet.phase.rawValue)")
                let id = "sheet:" + sheet.key
                if builders[id] == nil { builders[id] = SeriesBuilder(key: sheet.key, kind: .sheetTop); order.append(id) }
                builders[id]!.pointsPerUnit = 1
                // A card that leaves (a deck card, or any sheet once it is dismissing) rests below the viewport.
                let leaves = sheet.presenting != nil || sheet.phase == .dismissing || sheet.phase == .dismissed
                builders[id]!.add(sample: sample, value: sheet.top, velocity: sheet.velocity, time: state.time,
                                  references: sheet.detents.map { ($0.name, $0.top) } + (leaves ? [("dismissed", state.viewport.height)] : []))
                if let presenting = sheet.presenting {
                    // The screen behind a deck card: its scale, 1 once the card has gone.
                    let path = "sheets.\(sheet.key).presentingScale"
                    let scaleID = "presenting:" + sheet.key
                    if builders[scaleID] == nil {
                        builders[scaleID] = SeriesBuilder(key: sheet.key, kind: .fraction(path: path, name: "presenting scale"))
                        order.append(scaleID)
                    }
                    // A change of scale moves the presenting view's top by about half the viewport's height as much.
                    builders[scaleID]!.pointsPerUnit = max(1, state.viewport.height / 2)
                    builders[scaleID]!.add(sample: sample, value: presenting.scale, time: state.time,
                                           references: [("full size", 1)])
                }
            }
            for scroll in state.scrollViews {
                framePhases.append("\(scroll.key) \(scroll.phase.rawValue)")
                if let titles = pageTitles[scroll.key] {
                    // A pager or carousel: its position in pages, its boundaries named by page.
                    let id = "pages:" + scroll.key
                    if builders[id] == nil { builders[id] = SeriesBuilder(key: scroll.key, kind: .pages); order.append(id) }
                    // Its position in pages as the component counts them (`PagePosition.pages`: a pager's
                    // contentOffset.x / its frame's width, a carousel's / its card plus spacing), so that page n
                    // rests on the line at n. Not a pager's `fraction` (contentOffset.x / contentSize.width),
                    // which is 0.75 on the fourth of four pages.
                    let width = scroll.frame.width
                    let pages = state.pagePosition(scroll.key)?.pages ?? (width > 0 ? scroll.contentOffset.x / width : 0)
                    if abs(pages) > 1e-6 {
                        builders[id]!.pointsPerUnit = max(1, abs(scroll.contentOffset.x / pages))
                    } else if builders[id]!.values.isEmpty {
                        builders[id]!.pointsPerUnit = max(1, width)
                    }
                    builders[id]!.add(sample: sample, value: pages, velocity: scroll.velocity.x, time: state.time,
                                      references: titles.enumerated().map { ($0.element, Double($0.offset)) })
                    continue
                }
                for axis in [Axis.vertical, .horizontal] {
                    let id = "scroll:\(scroll.key):\(axis)"
                    if builders[id] == nil { builders[id] = SeriesBuilder(key: scroll.key, kind: .scrollOffset(axis)); order.append(id) }
                    builders[id]!.add(sample: sample, value: scroll.contentOffset[axis], velocity: scroll.velocity[axis],
                                      time: state.time, references: MotionTimeline.edges(of: scroll, axis: axis))
                }
            }
            for bar in state.navigationBars {
                // A large title's collapse: 0 expanded, 1 collapsed into the inline bar (its 52 pt gone).
                let id = "collapse:" + bar.key
                if builders[id] == nil {
                    builders[id] = SeriesBuilder(key: bar.key, kind: .fraction(path: "navigationBars.\(bar.key).collapse", name: "collapse"))
                    order.append(id)
                }
                builders[id]!.pointsPerUnit = NavigationBarGeometry.largeTitleExtension
                builders[id]!.add(sample: sample, value: bar.collapse, time: state.time,
                                  references: [("expanded", 0), ("collapsed", 1)])
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

    /// Page titles of each paging component (a pager's tabs, a carousel's cards), keyed by component.
    static func pageTitles(_ scenario: Scenario) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for component in scenario.scene.root.allComponents {
            if let titles = component.pageTitles { result[component.key] = titles }
        }
        return result
    }

    /// A scroll view's smallest and largest resting offsets on `axis`: where its content's edges meet the frame's.
    static func edges(of scroll: ScrollViewState, axis: Axis) -> [(String, Double)] {
        let inset = scroll.adjustedContentInset
        let leading = axis == .vertical ? -inset.top : -inset.left
        let extent = axis == .vertical
            ? scroll.contentSize.height + inset.bottom - scroll.frame.height
            : scroll.contentSize.width + inset.right - scroll.frame.width
        let trailing = max(leading, extent)
        let names = axis == .vertical ? ("top edge", "bottom edge") : ("left edge", "right edge")
        return leading == trailing ? [(names.0, leading)] : [(names.0, leading), (names.1, trailing)]
    }
}

/// Collects one series' samples and the spans of its reference lines.
struct SeriesBuilder {
    let key: String
    let kind: MotionSeries.Kind
    var values: [Double] = []
    var velocities: [Double] = []
    var references: [ReferenceLine] = []
    /// The reference lines in force at the previous sample, by label: their index in `references`.
    var open: [String: Int] = [:]
    /// Points per unit of value (a page's width for pages).
    var pointsPerUnit = 1.0
    /// The time of the last sample added without a velocity (`add(sample:value:time:references:)`).
    var lastTime: Double?

    init(key: String, kind: MotionSeries.Kind) {
        self.key = key
        self.kind = kind
    }

    mutating func add(sample: Int, value: Double, velocity: Double, time: Double, references lines: [(String, Double)]) {
        // A component that appears later (it has no state before) holds its first value until then.
        while values.count < sample { values.append(value); velocities.append(0) }
        values.append(value)
        velocities.append(velocity)
        var stillOpen: [String: Int] = [:]
        for (label, value) in lines {
            if let index = open[label], references[index].value == value {
                references[index].to = time
                stillOpen[label] = index
            } else {
                references.append(ReferenceLine(label: label, value: value, from: time, to: time))
                stillOpen[label] = references.count - 1
            }
        }
        open = stillOpen
    }

    /// Adds a value whose state has no velocity: its rate is the backward difference from the previous sample
    /// (0 on the first), per second.
    mutating func add(sample: Int, value: Double, time: Double, references lines: [(String, Double)]) {
        var rate = 0.0
        if values.count == sample, let last = values.last, let lastTime, time > lastTime { rate = (value - last) / (time - lastTime) }
        add(sample: sample, value: value, velocity: rate, time: time, references: lines)
        lastTime = time
    }

    func series(samples: Int, halfPixel: Double) -> MotionSeries {
        var values = values, velocities = velocities
        while values.count < samples { values.append(values.last ?? 0); velocities.append(0) }
        let title: String, unit: String
        switch kind {
        case .sheetTop: title = "\(key) · top edge"; unit = "pt"
        case .scrollOffset(let axis): title = "\(key) · content offset \(axis == .vertical ? "y" : "x")"; unit = "pt"
        case .pages: title = "\(key) · page"; unit = "pages"
        case .fraction(_, let name): title = "\(key) · \(name)"; unit = "fraction"
        }
        return MotionSeries(key: key, kind: kind, title: title, unit: unit, values: values, velocities: velocities,
                            references: references, flipped: kind == .sheetTop, halfPixel: halfPixel / pointsPerUnit)
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
