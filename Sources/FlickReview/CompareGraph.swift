import FlickCore
import FlickOutput
import Foundation

/// One run of a compare graph (docs/review-page.md, "Many runs on one graph"): what moved and when it was released
/// and settled, each release and settle with the `--explain` lines of its decision. A run is a scenario simulated
/// here (a file, a sweep's variant, a served file) or a folder `flick render` wrote (read from its states.json).
public struct CompareRun: Sendable, Equatable {
    /// One thing that moved: a sheet's top edge or a scroll view's content offset on one axis.
    public struct Series: Sendable, Equatable {
        /// Matches the same component across runs (`sheet · top edge`, `list · content offset y`).
        public var title: String
        /// The value's unit: "pt", or "pages" for a pager or carousel (0 is the first page; its velocity is its
        /// scroll view's d(contentOffset.x)/dt, pt/s).
        public var unit: String
        /// Smaller values drawn higher (a sheet's top: the curve rises when the sheet rises on screen).
        public var flipped: Bool
        /// Seconds of each sample.
        public var times: [Double]
        /// In `unit`.
        public var values: [Double]
        /// Points per second: d(value)/dt, or for pages d(contentOffset.x)/dt.
        public var velocities: [Double]
        /// Detents and content edges at the end of the run, in points.
        public var references: [Reference]
        /// The velocity graph's caption, with its sign convention (`MotionSeries.velocityCaption`).
        public var velocityCaption: String

        public init(title: String, unit: String = "pt", flipped: Bool, times: [Double], values: [Double], velocities: [Double],
                    references: [Reference], velocityCaption: String) {
            self.title = title
            self.unit = unit
            self.flipped = flipped
            self.velocityCaption = velocityCaption
            self.times = times
            self.values = values
            self.velocities = velocities
            self.references = references
        }
    }

    public struct Reference: Sendable, Equatable {
        public var label: String
        public var value: Double
    }

    /// A release (or tab tap), a settle, or the end with something still moving; `explain` holds the `text` of
    /// each explanation of that moment (docs/states.md, "Explanations").
    public struct Mark: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case release, tap, settled, moving
        }

        public var kind: Kind
        public var time: Double
        public var explain: [String]

        public init(kind: Kind, time: Double, explain: [String]) {
            self.kind = kind
            self.time = time
            self.explain = explain
        }
    }

    /// What the legend calls the run (the file's scenario name, the variant's assignments).
    public var label: String
    /// A second line in the legend: the file, or the variant's folder.
    public var detail: String
    public var series: [Series]
    public var marks: [Mark]
    /// The runs a graph draws together (`CompareGraph`): runs of one group share panels, each group gets its own,
    /// with its own axes. Nil for every run (variants of one file, `flick review A B`): one group. `/compare`
    /// groups the served files by scenario, so unrelated screens are not drawn on one scale.
    public var group: String? = nil

    public init(label: String, detail: String, series: [Series], marks: [Mark]) {
        self.label = label
        self.detail = detail
        self.series = series
        self.marks = marks
    }

    /// A sweep variant's name in a legend: each swept key by its last name (with the one before it when that one
    /// is an index, `detents[0].height`) and its value, `response=0.3 · preset=uikit`. The full paths are the
    /// run's detail.
    public static func variantLabel(_ assignments: [SweepAssignment]) -> String {
        assignments.map { assignment in
            let parts = assignment.path.split(separator: ".")
            let name = parts.count >= 2 && parts[parts.count - 2].hasSuffix("]")
                ? parts.suffix(2).joined(separator: ".") : String(parts.last ?? "")
            return "\(name)=\(assignment.value)"
        }.joined(separator: " · ")
    }

    /// Simulates `scenario` once, with its explanations: its timeline and its marks' lines are folds over that run.
    public init(scenario: Scenario, label: String, detail: String) {
        let run = Run(scenario: scenario, explains: true).recorded()
        let timeline = MotionTimeline(run: run)
        let explanations = run.flatMap(\.explanations)
        let last = timeline.times.last ?? 0
        let series = timeline.series.map { s in
            Series(title: s.title, unit: s.unit, flipped: s.flipped, times: timeline.times, values: s.values, velocities: s.velocities,
                   references: s.references.filter { $0.to >= last - 1e-9 }.map { Reference(label: $0.label, value: $0.value) },
                   velocityCaption: s.velocityCaption)
        }
        let events = timeline.events.compactMap { event -> (Mark.Kind, Double)? in
            switch event.kind {
            case .release: (.release, event.time)
            case .tap: (.tap, event.time)
            case .settle: (.settled, event.time)
            case .moving: (.moving, event.time)
            case .touchDown, .resize, .state: nil
            }
        }
        let frame = 1 / scenario.fps
        self.init(label: label, detail: detail, series: series,
                  marks: CompareRun.marks(events, explanations: explanations.map { ($0.time, $0.settles, $0.text) }, frame: frame))
    }

    /// The marks of `events` with the explanation lines that belong to each: a release's or tap's are those
    /// recorded within a frame of it; a settle's those whose motion comes to rest within a frame of it, else
    /// those of the last release before it.
    static func marks(_ events: [(Mark.Kind, Double)], explanations: [(time: Double, settles: Double?, text: String)],
                      frame: Double) -> [Mark] {
        let tolerance = frame * 1.01
        var lastRelease: [String] = []
        return events.map { kind, time in
            switch kind {
            case .release, .tap:
                let lines = explanations.filter { abs($0.time - time) <= tolerance }.map(\.text)
                lastRelease = lines
                return Mark(kind: kind, time: time, explain: lines)
            case .settled:
                let lines = explanations.filter { $0.settles.map { abs($0 - time) <= tolerance } ?? false }.map(\.text)
                return Mark(kind: kind, time: time, explain: lines.isEmpty ? lastRelease : lines)
            case .moving:
                return Mark(kind: kind, time: time, explain: lastRelease)
            }
        }
    }

    /// The most components a run read from a folder draws (a scene has a handful).
    public static let maximumSeries = 32

    /// A run read from a folder `flick render` wrote: its states document (already checked for nesting and size)
    /// and the moments of its page data, read by the states document's one reader (`Run.read(json:file:)`).
    public init(statesJSON: Data, events: [RunPageData.Event], label: String, detail: String) throws {
        let run: Run
        do {
            run = try Run.read(json: statesJSON, file: "states.json")
        } catch {
            throw ReviewError("\(error)")
        }
        self.init(run: run, events: events, label: label, detail: detail)
    }

    /// A recorded run (read from a folder's states): the sheets' tops, the scroll views' offsets and the pagers' and
    /// carousels' positions in pages that moved are its series, each component in the order of its key; explanations
    /// come from the frames' `explain` lists when the states carry them.
    public init(run: Run, events: [RunPageData.Event], label: String, detail: String) {
        var times: [Double] = []
        var order: [String] = []
        var built: [String: (flipped: Bool, unit: String, caption: String, values: [Double], velocities: [Double], references: [Reference])] = [:]
        var explanations: [(time: Double, settles: Double?, text: String)] = []
        func add(_ id: String, flipped: Bool, unit: String = "pt", caption: String, value: Double, velocity: Double, references: [Reference],
                 sample: Int) {
            if built[id] == nil {
                // Someone else's states may name any number of components: the first ones are drawn.
                guard order.count < Self.maximumSeries else { return }
                built[id] = (flipped, unit, caption, [], [], [])
                order.append(id)
            }
            // A component that appears later holds its first value until then.
            while built[id]!.values.count < sample { built[id]!.values.append(value); built[id]!.velocities.append(0) }
            built[id]!.values.append(value)
            built[id]!.velocities.append(velocity)
            built[id]!.references = references
        }
        for (i, frame) in run.enumerated() {
            times.append(frame.time)
            for sheet in frame.sheets.sorted(by: { $0.key < $1.key }) {
                let detents = sheet.detents.sorted { $0.name < $1.name }.prefix(Self.maximumSeries).map { Reference(label: $0.name, value: $0.top) }
                add("\(sheet.key) · top edge", flipped: true, caption: SheetState.velocityCaption, value: sheet.top, velocity: sheet.velocity,
                    references: detents.sorted { ($0.value, $0.label) < ($1.value, $1.label) }, sample: i)
            }
            for scroll in frame.scrollViews.sorted(by: { $0.key < $1.key }) {
                // A pager's or carousel's scroll view is its position in pages, as a scenario's run has it
                // (`MotionTimeline`): a pager's contentOffset.x / its frame's width, a carousel's `fraction`.
                let carousel = frame.carousel(scroll.key)
                if frame.pager(scroll.key) != nil || carousel != nil {
                    let width = scroll.frame.width
                    let pages = carousel.map(\.fraction) ?? (width > 0 ? scroll.contentOffset.x / width : nil)
                    if let pages {
                        add("\(scroll.key) · page", flipped: false, unit: "pages", caption: ScrollViewState.pagesVelocityCaption, value: pages, velocity: scroll.velocity.x,
                            references: [], sample: i)
                    }
                    continue
                }
                for (axis, name) in [(Axis.vertical, "y"), (.horizontal, "x")] {
                    add("\(scroll.key) · content offset \(name)", flipped: false, caption: ScrollViewState.velocityCaption(name), value: scroll.contentOffset[axis],
                        velocity: scroll.velocity[axis], references: [], sample: i)
                }
            }
            for entry in frame.explanations.prefix(Self.maximumSeries) {
                explanations.append((entry.time, entry.settles, String(entry.text.prefix(ScenarioDecoder.maximumTextLength))))
            }
        }
        let series = order.compactMap { id -> Series? in
            guard var s = built[id] else { return nil }
            while s.values.count < times.count { s.values.append(s.values.last ?? 0); s.velocities.append(0) }
            guard let first = s.values.first, s.values.contains(where: { abs($0 - first) > 1e-9 }) else { return nil }
            return Series(title: id, unit: s.unit, flipped: s.flipped, times: times, values: s.values, velocities: s.velocities,
                          references: s.references, velocityCaption: s.caption)
        }
        let kinds = events.compactMap { event -> (Mark.Kind, Double)? in
            switch MotionEvent.Kind(rawValue: event.kind) {
            case .release?: (.release, event.time)
            case .tap?: (.tap, event.time)
            case .settle?: (.settled, event.time)
            case .moving?: (.moving, event.time)
            case .touchDown?, .resize?, .state?, nil: nil
            }
        }
        let fps = run.header.fps >= 1 ? run.header.fps : 60
        self.init(label: label, detail: detail, series: series, marks: CompareRun.marks(kinds, explanations: explanations, frame: 1 / fps))
    }
}

/// N runs on one motion graph with a shared time axis: for each thing that moved (matched by title across runs),
/// a value graph and a velocity graph with one line per run, each run in its own colour and dash, with its
/// release and settle marks carrying its `--explain` lines as their hover title; and the legend. It is inline SVG
/// and HTML for the review pages (`ReviewPage.runsPage`): every string from a run goes through `ReviewPage.esc`,
/// and the same runs give the same bytes.
public struct CompareGraph: Sendable {
    /// The Okabe–Ito palette (Okabe & Ito, "Color Universal Design", 2002; Wong, Nature Methods 8:441, 2011),
    /// told apart with any of the common colour-vision deficiencies. Yellow (#F0E442) is left out: it cannot be
    /// read on white.
    public static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"]
    /// Dash patterns (SVG stroke-dasharray, points) so that runs also differ in grey, in print and to a designer
    /// who cannot tell two of the colours apart.
    public static let dashes = ["", "7 3", "2 2.5", "9 3 2 3", "4 4", "12 3 3 3 3 3", "1 3", "14 4", "6 2 1 2 1 2", "3 6"]

    /// Run `i`'s colour and dash: the dash follows the run, and the colour shifts by one more at each round of
    /// dashes, so no two of the first 70 runs (palette × dashes; a sweep has at most 64) have the same pair: runs
    /// i and i + 10k share a dash and differ in colour by 11k mod 7, which is 0 only for k a multiple of 7.
    public static func style(of i: Int) -> (color: String, dash: String) {
        let dash = i % dashes.count
        let color = (i + i / dashes.count) % palette.count
        return (palette[color], dashes[dash])
    }

    public static let width = 960.0
    static let left = 70.0
    static let right = 150.0
    static let valueHeight = 200.0
    static let speedHeight = 90.0

    public var runs: [CompareRun]
    /// Seconds at the left and right edges of every graph: from the earliest run's start to the latest's end.
    public var timeRange: ClosedRange<Double>
    /// The titles of the things that moved, in the order the runs first name them.
    public var titles: [String]
    /// The panels: each group of runs (`CompareRun.group`, in the order the runs first name it) with each thing that
    /// moved in it, in the order its runs first name them.
    public var panels: [(group: String?, title: String)]

    public init(runs: [CompareRun]) {
        self.runs = runs
        let starts = runs.flatMap { $0.series.compactMap { $0.times.first } }
        let ends = runs.flatMap { $0.series.compactMap { $0.times.last } }
        timeRange = PlotRange.time(starts.min(), ends.max())
        var titles: [String] = []
        for run in runs { for s in run.series where !titles.contains(s.title) { titles.append(s.title) } }
        self.titles = titles
        var groups: [String?] = []
        for run in runs where !groups.contains(run.group) { groups.append(run.group) }
        panels = groups.flatMap { group -> [(group: String?, title: String)] in
            var titles: [String] = []
            for run in runs where run.group == group {
                for s in run.series where !titles.contains(s.title) { titles.append(s.title) }
            }
            return titles.map { (group, $0) }
        }
    }

    func x(_ t: Double) -> Double {
        PlotScale(from: timeRange.lowerBound, to: timeRange.upperBound, start: Self.left, length: Self.width - Self.left - Self.right)
            .position(t)
    }

    // MARK: SVG

    /// The graphs as one inline `<svg>` element.
    public func svg() -> String {
        var y = 8.0
        var body = ""
        for (group, title) in panels {
            let (panel, height) = self.panel(title, group: group, top: y)
            body += panel
            y += height
        }
        if titles.isEmpty {
            body += "<text x=\"\(Self.left)\" y=\"40\" class=\"note\">Nothing moved in these runs.</text>\n"
            y = 64
        }
        let height = f(y + 8)
        return "<svg class=\"runs-svg\" viewBox=\"0 0 \(f(Self.width)) \(height)\" width=\"\(f(Self.width))\" height=\"\(height)\" "
            + "role=\"img\" aria-label=\"\(runs.count) runs on one motion graph: value and velocity against time\" "
            + "xmlns=\"http://www.w3.org/2000/svg\">\n" + body + "</svg>"
    }

    /// One thing's value and velocity graphs; the SVG and its height.
    private func panel(_ title: String, group: String?, top: Double) -> (String, Double) {
        let members = runs.enumerated().compactMap { i, run in
            run.group == group ? run.series.first { $0.title == title }.map { (i, $0) } : nil
        }
        let flipped = members.first?.1.flipped ?? false
        // The value axis: every run's values, widened to the detents and edges near them. Not `MotionPlot.valueRange`,
        // though both then pad alike (`PlotRange.value`): that one lets each line it draws widen the reach for the next
        // and gives a fraction a span of 0.1, this one measures every line against the runs' own values with a span of
        // at least 20 for anything but pages. Sharing either way would move lines and ticks on existing pages or plots.
        var low = members.flatMap { $0.1.values }.min() ?? 0, high = members.flatMap { $0.1.values }.max() ?? 1
        let span = max(high - low, members.first?.1.unit == "pages" ? 1 : 20)
        // Each line with the runs that have it: one that not every run of the panel has is labelled by its runs.
        var references: [(reference: CompareRun.Reference, runs: [Int])] = []
        for (i, s) in members {
            for r in s.references where r.value >= low - span * 0.5 && r.value <= high + span * 0.5 {
                if let k = references.firstIndex(where: { $0.reference == r }) {
                    if !references[k].runs.contains(i) { references[k].runs.append(i) }
                } else {
                    references.append((r, [i]))
                }
            }
        }
        for (r, _) in references { low = min(low, r.value); high = max(high, r.value) }
        (low, high) = PlotRange.value(low, high)
        // At least ±50 pt/s whatever the unit (the motion plot takes ±0.05 for a fraction's rate).
        let (speedLow, speedHigh) = PlotRange.velocity(members.flatMap { $0.1.velocities }, least: 50)

        let valueTop = top + 24, valueBottom = valueTop + Self.valueHeight
        let speedTop = valueBottom + 22, speedBottom = speedTop + Self.speedHeight
        let x0 = Self.left, x1 = Self.width - Self.right
        // A flipped value axis (a sheet's top) draws smaller values higher; its velocity axis is flipped with it,
        // so that on both graphs up means rising on screen.
        let valueScale = flipped ? PlotScale(from: low, to: high, start: valueTop, length: Self.valueHeight)
            : PlotScale(from: low, to: high, start: valueBottom, length: -Self.valueHeight)
        let speedScale = flipped ? PlotScale(from: speedLow, to: speedHigh, start: speedTop, length: Self.speedHeight)
            : PlotScale(from: speedLow, to: speedHigh, start: speedBottom, length: -Self.speedHeight)
        func yValue(_ v: Double) -> Double { valueScale.position(v) }
        func ySpeed(_ v: Double) -> Double { speedScale.position(v) }
        var out = "<g class=\"panel\" data-title=\"\(Markup.escape(title))\"\(group.map { " data-group=\"\(Markup.escape($0))\"" } ?? "")>\n"
        let unit = members.first?.1.unit ?? "pt"
        let note = flipped ? "\(unit) from the viewport's top; up is rising on screen, on both graphs"
            : unit == "pages" ? "pages (0 is the first page)" : unit
        let heading = group.map { "\($0) · \(title)" } ?? title
        out += "<text x=\"\(f(x0))\" y=\"\(f(top + 14))\" class=\"title\">\(Markup.escape(heading))<tspan class=\"unit\"> \(note)</tspan></text>\n"
        out += "<rect class=\"frame\" x=\"\(f(x0))\" y=\"\(f(valueTop))\" width=\"\(f(x1 - x0))\" height=\"\(f(Self.valueHeight))\"/>\n"
        out += "<rect class=\"frame\" x=\"\(f(x0))\" y=\"\(f(speedTop))\" width=\"\(f(x1 - x0))\" height=\"\(f(Self.speedHeight))\"/>\n"
        // Time grid, labelled under the velocity graph.
        // The axes at the motion plot's places (`PlotAxes`), written as text: Cairo cannot write classes or titles.
        let timeTicks = PlotTicks.ticks(timeRange.lowerBound, timeRange.upperBound, count: 10)
        for t in timeTicks.values {
            let x = f(self.x(t))
            out += "<path class=\"grid\" d=\"M\(x) \(f(valueTop))V\(f(valueBottom))M\(x) \(f(speedTop))V\(f(speedBottom))\"/>"
            let label = PlotTicks.timeLabel(t, timeTicks)
            out += "<text class=\"tick\" x=\"\(x)\" y=\"\(f(speedBottom + PlotAxes.timeLabelDrop))\" text-anchor=\"middle\">\(Markup.escape(label))</text>\n"
        }
        // Pages are ticked at whole pages, as the motion plot does: each tick is a page's rest.
        let valueTicks = PlotTicks.value(low, high, unit: unit)
        for v in valueTicks.values {
            let y = f(yValue(v))
            out += "<path class=\"grid\" d=\"M\(f(x0)) \(y)H\(f(x1))\"/><text class=\"tick\" x=\"\(f(x0 - PlotAxes.labelGap))\" y=\"\(f(yValue(v) + PlotAxes.labelDrop))\" "
                + "text-anchor=\"end\">\(Markup.escape(PlotTicks.label(v, step: valueTicks.step)))</text>\n"
        }
        let speedTicks = PlotTicks.ticks(speedLow, speedHigh, count: 3)
        for v in speedTicks.values {
            out += "<path class=\"grid\(v == 0 ? " zero" : "")\" d=\"M\(f(x0)) \(f(ySpeed(v)))H\(f(x1))\"/><text class=\"tick\" "
                + "x=\"\(f(x0 - PlotAxes.labelGap))\" y=\"\(f(ySpeed(v) + PlotAxes.labelDrop))\" text-anchor=\"end\">\(Markup.escape(PlotTicks.label(v, step: speedTicks.step)))</text>\n"
        }
        // The motion plot's caption, with its sign convention, above the graph (inside, it covered the lines). A
        // pager's velocity is its scroll view's, in pt/s, while its value is in pages: the caption says which.
        let speedLabel = members.first?.1.velocityCaption ?? ""
        out += "<text class=\"axis-label\" x=\"\(f(x0))\" y=\"\(f(speedTop - 6))\">\(Markup.escape(speedLabel))</text>\n"
        // Detents and edges: dashed, labelled in the right margin, pushed apart so labels never overlap.
        var labels: [(text: String, y: Double)] = []
        for (r, owners) in references {
            let y = yValue(r.value)
            // Not `MotionPlot.referenceText`: it writes a page with up to two decimals and a fraction's value with two
            // (here a page is whole, a fraction has one): the pages' labels would change.
            var text = unit == "pages" ? "page \(NumberText.short(r.value, digits: 0)) · \(r.label)" : "\(r.label)  \(NumberText.short(r.value, digits: 1)) \(unit)"
            if owners.count < members.count, let first = owners.first {
                text += " · " + runs[first].label + (owners.count > 1 ? " +\(owners.count - 1)" : "")
            }
            out += "<path class=\"reference\" d=\"M\(f(x0)) \(f(y))H\(f(x1))\"><title>\(Markup.escape(text))</title></path>\n"
            labels.append((text, y))
        }
        labels.sort { ($0.y, $0.text) < ($1.y, $1.text) }
        // No lower bound: labels too many for the graph's height run on above it (the motion plot's stop at its notes).
        let placed = PlotLabels.spread(labels.map(\.y), spacing: PlotLabels.spacing, within: -.infinity...valueBottom)
        for (label, y) in zip(labels, placed) {
            out += "<path class=\"leader\" d=\"M\(f(x1)) \(f(label.y))L\(f(x1 + 6)) \(f(y))\"/><text class=\"ref-label\" x=\"\(f(x1 + 8))\" "
                + "y=\"\(f(y + 3.5))\">\(Markup.escape(label.text))</text>\n"
        }
        // One line per run on each graph, clipped to it.
        let clip = "clip-" + String(Int(top))
        out += "<clipPath id=\"\(clip)-v\"><rect x=\"\(f(x0))\" y=\"\(f(valueTop))\" width=\"\(f(x1 - x0))\" height=\"\(f(Self.valueHeight))\"/></clipPath>"
        out += "<clipPath id=\"\(clip)-s\"><rect x=\"\(f(x0))\" y=\"\(f(speedTop))\" width=\"\(f(x1 - x0))\" height=\"\(f(Self.speedHeight))\"/></clipPath>\n"
        for (i, s) in members {
            let style = Self.style(of: i)
            let dash = style.dash.isEmpty ? "" : " stroke-dasharray=\"\(style.dash)\""
            let name = Markup.escape(runs[i].label)
            out += "<path class=\"run-line value\" data-run=\"\(i)\" clip-path=\"url(#\(clip)-v)\" stroke=\"\(style.color)\"\(dash) "
                + "d=\"\(path(s.times, s.values, yValue))\"><title>\(name)</title></path>\n"
            out += "<path class=\"run-line speed\" data-run=\"\(i)\" clip-path=\"url(#\(clip)-s)\" stroke=\"\(style.color)\"\(dash) "
                + "d=\"\(path(s.times, s.velocities, ySpeed))\"><title>\(name) · velocity</title></path>\n"
        }
        // Each run's releases and settles on its value line, with the explanation as the hover title.
        // Marks of several runs at the same place (the same release in every variant) are drawn nested, the first
        // run's largest, so that every run's colour shows instead of only the last one drawn.
        var markSpots: [(run: Int, mark: CompareRun.Mark, cx: Double, cy: Double)] = []
        for (i, s) in members {
            for mark in runs[i].marks {
                guard let value = Self.value(at: mark.time, s) else { continue }
                markSpots.append((i, mark, self.x(mark.time), min(max(yValue(value), valueTop), valueBottom)))
            }
        }
        func spot(_ p: (run: Int, mark: CompareRun.Mark, cx: Double, cy: Double)) -> String {
            "\(p.mark.kind == .tap ? CompareRun.Mark.Kind.release.rawValue : p.mark.kind.rawValue) \(f(p.cx)) \(f(p.cy))"
        }
        var sharing: [String: [Int]] = [:]
        for p in markSpots { sharing[spot(p), default: []].append(p.run) }
        for p in markSpots {
            let (i, mark, cx, cy) = p
            let color = Self.style(of: i).color
            let together = sharing[spot(p)] ?? [i]
            let k = Double(together.count - 1 - (together.firstIndex(of: i) ?? 0))
            let scale = 1 + 0.45 * k
            let shape: String = switch mark.kind {
            case .release, .tap:
                "<path d=\"M\(f(cx)) \(f(cy - 5.5 * scale))l\(f(5 * scale)) \(f(8.5 * scale))h\(f(-10 * scale))z\" fill=\"\(color)\"/>"
            case .settled:
                "<circle cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"\(f(4.5 * scale))\" fill=\"#fff\" stroke=\"\(color)\" stroke-width=\"2\"/>"
            case .moving:
                "<path d=\"M\(f(cx - 5 * scale)) \(f(cy - 5 * scale))l\(f(8 * scale)) \(f(5 * scale))l\(f(-8 * scale)) \(f(5 * scale))z\" fill=\"#fff\" stroke=\"\(color)\" stroke-width=\"1.5\"/>"
            }
            out += "<g class=\"mark \(mark.kind.rawValue)\" data-run=\"\(i)\" tabindex=\"0\"><title>\(Markup.escape(Self.markTitle(mark, run: runs[i])))</title>\(shape)</g>\n"
        }
        out += "</g>\n"
        return (out, speedBottom + 22 + 26 - top)
    }

    /// The value of `s` at `t` (the sample at or after it), nil outside the run.
    static func value(at t: Double, _ s: CompareRun.Series) -> Double? {
        guard let first = s.times.first, let last = s.times.last, t >= first - 1e-9, t <= last + 1e-9 else { return nil }
        let i = s.times.firstIndex { $0 >= t - 1e-9 } ?? s.times.count - 1
        return s.values[i]
    }

    /// A mark's hover title: the run, the moment and its explanation lines.
    static func markTitle(_ mark: CompareRun.Mark, run: CompareRun) -> String {
        ([run.label + " · " + markText(mark)] + mark.explain).joined(separator: "\n")
    }

    static func markText(_ mark: CompareRun.Mark) -> String {
        let time = NumberText.fixed(mark.time, digits: 3) + " s"
        return switch mark.kind {
        case .release: "released at \(time)"
        case .tap: "tapped at \(time)"
        case .settled: "settled at \(time)"
        case .moving: "still moving at the end, \(time)"
        }
    }

    /// The legend's line of a run's moments: "released 1.3 s, 2.7 s · settled 3.567 s (0.467 s after the release)".
    static func momentsText(_ marks: [CompareRun.Mark]) -> String {
        func seconds(_ t: Double) -> String { NumberText.short(t, digits: 3) + " s" }
        var parts: [String] = []
        let releases = marks.filter { $0.kind == .release }.map { seconds($0.time) }
        let taps = marks.filter { $0.kind == .tap }.map { seconds($0.time) }
        if !releases.isEmpty { parts.append("released " + releases.joined(separator: ", ")) }
        if !taps.isEmpty { parts.append("tapped " + taps.joined(separator: ", ")) }
        var lastLift: CompareRun.Mark?
        for mark in marks {
            switch mark.kind {
            case .release, .tap: lastLift = mark
            case .settled:
                let after = lastLift.map { " (\(seconds(mark.time - $0.time)) after the \($0.kind == .tap ? "tap" : "release"))" } ?? ""
                parts.append("settled " + seconds(mark.time) + after)
            case .moving: parts.append("still moving at the end (" + seconds(mark.time) + ")")
            }
        }
        return parts.isEmpty ? "no release or settle" : parts.joined(separator: " · ")
    }

    /// An SVG path through the samples: at most two points per half-point column (the lowest and highest there,
    /// in time order) and always the last sample.
    private func path(_ times: [Double], _ values: [Double], _ y: (Double) -> Double) -> String {
        CurveColumns.indices(values, x: { x(times[$0]) }).enumerated().map { n, i in (n == 0 ? "M" : "L") + f(x(times[i])) + " " + f(y(values[i])) }.joined()
    }

    // MARK: legend

    /// The legend: per run its swatch (colour and dash), label and detail, its release and settle times, and
    /// its explanation lines; a button shows or hides the run's lines.
    public func legend() -> String {
        let items = runs.enumerated().map { i, run -> String in
            let style = Self.style(of: i)
            let dash = style.dash.isEmpty ? "" : " stroke-dasharray=\"\(style.dash)\""
            let swatch = "<svg class=\"swatch\" viewBox=\"0 0 36 10\" width=\"36\" height=\"10\" aria-hidden=\"true\">"
                + "<path d=\"M1 5H35\" stroke=\"\(style.color)\" stroke-width=\"2.5\"\(dash)/></svg>"
            let moments = Markup.escape(Self.momentsText(run.marks))
            var explained: [String] = []
            for mark in run.marks where mark.kind != .settled && mark.kind != .moving {
                for line in mark.explain where !explained.contains(line) { explained.append(line) }
            }
            let lifts = run.marks.contains { $0.kind == .release || $0.kind == .tap }
            let why = explained.isEmpty
                ? (lifts ? "<p class=\"hint\">No <code>--explain</code> lines: a folder's states carry them only when written by "
                    + "<code>flick states --explain</code>.</p>" : "")
                : "<details class=\"explain\"><summary>--explain (\(explained.count))</summary><ul>"
                    + explained.map { "<li>\(Markup.escape($0))</li>" }.joined() + "</ul></details>"
            return "<li class=\"run\" data-run=\"\(i)\"><button type=\"button\" class=\"run-toggle\" data-run=\"\(i)\" aria-pressed=\"true\" "
                + "title=\"Show or hide this run's lines\">\(swatch)<span class=\"run-name\">\(Markup.escape(run.label))</span></button>"
                + (run.detail.isEmpty ? "" : " <span class=\"run-detail\">\(Markup.escape(run.detail))</span>")
                + "<p class=\"moments-line\">\(moments)</p>\(why)</li>"
        }
        return "<ol class=\"runs-legend\" aria-label=\"Runs\">\n" + items.joined(separator: "\n") + "\n</ol>"
    }

    /// The graph's section of a page: heading, hint, the legend and the graphs (scrolling sideways on a narrow
    /// screen, with a visible scroll bar).
    public func section(heading: String = "Runs on one graph") -> String {
        """
        <section class="card runs-graph" aria-labelledby="runs-title">
        <h2 id="runs-title">\(Markup.escape(heading))</h2>
        <p class="hint">\(runs.count) runs on a shared time axis. ▲ release or tap, ○ settled; hover a mark for its <code>--explain</code> line (the legend lists them too). Click a run to show or hide it.</p>
        \(legend())
        <p class="hint scroll-hint">The graphs are wider than the screen: scroll them sideways for the whole time axis.</p>
        <div class="runs-scroll" tabindex="0" aria-label="The graphs (scrolls sideways on a narrow screen)">
        \(svg())
        </div>
        </section>
        """
    }

    private func f(_ x: Double) -> String { ReviewPage.fmt(x, 2) }
}
