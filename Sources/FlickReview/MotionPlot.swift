import FlickCore
import FlickOutput
import FlickImage
import FlickRender
import Foundation

/// `motion.svg` and `motion.png`: for everything that moved, its value and its velocity against time, as a
/// motion designer reads an animation curve. Detents, page boundaries and content edges are labelled lines;
/// the spans the finger was down are shaded; touch-downs, releases, taps, resizes and settles are marked.
/// Units: points, points per second and seconds of simulated time.
public struct MotionPlot: Sendable {
    /// One series' graphs and how its values map to the page (in points).
    public struct Panel: Sendable {
        public var series: MotionSeries
        /// Where the panel's title starts (its baseline).
        public var titleOrigin: Point
        /// The value graph and the velocity graph.
        public var valueRect: Rect
        public var speedRect: Rect
        /// The value at the top and at the bottom of `valueRect` (top > bottom unless the series is flipped).
        public var valueAtTop: Double
        public var valueAtBottom: Double
        public var speedAtTop: Double
        public var speedAtBottom: Double
        /// Reference lines outside the value range, noted rather than drawn.
        public var offScale: [ReferenceLine]

        /// The value graph's scale (`valueAtTop` at its top edge) and the velocity graph's.
        var valueScale: PlotScale { PlotScale(from: valueAtTop, to: valueAtBottom, start: valueRect.minY, length: valueRect.height) }
        var speedScale: PlotScale { PlotScale(from: speedAtTop, to: speedAtBottom, start: speedRect.minY, length: speedRect.height) }

        /// The y of `value` in the value graph.
        public func y(ofValue value: Double) -> Double { valueScale.position(value) }

        /// The value at `y` in the value graph.
        public func value(atY y: Double) -> Double { valueScale.value(at: y) }

        public func y(ofSpeed speed: Double) -> Double { speedScale.position(speed) }

        /// Whether a reference line at `value` lies inside the value graph's scale (else it is noted, not drawn).
        public func isOnScale(_ value: Double) -> Bool {
            value >= min(valueAtTop, valueAtBottom) && value <= max(valueAtTop, valueAtBottom)
        }
    }

    /// A text label's box on the plot, in points, for laying labels out apart.
    public struct LabelBox: Hashable, Sendable {
        public var text: String
        public var rect: Rect
    }

    public static let width = 1040.0
    static let left = 78.0
    static let right = 170.0
    static let valueHeight = 190.0
    static let speedHeight = 96.0
    static let panelGap = 30.0
    static let headerHeight = 62.0
    /// The height of a recording's legend line under a panel's title.
    static let legendRowHeight = 14.0
    static let eventRowHeight = 15.0

    /// The spans the finger was down, in the value's blue (the other colours are the plots' own, `PlotColors`).
    static let shadeColor = PlotColors.value.withAlpha(0.08)
    static let eventColor = Color(rgb: 0x636366)
    static let settleColor = Color(rgb: 0x248A3D)

    public let timeline: MotionTimeline
    public let title: String
    public var panels: [Panel]
    public var height: Double
    /// Seconds at the left and right edges of every graph.
    public var timeRange: ClosedRange<Double>
    /// Rows of the event labels above the graphs, and each event's row.
    var eventRows: Int
    var eventRow: [Int]
    var eventsTop: Double

    public init(timeline: MotionTimeline, title: String) {
        self.timeline = timeline
        self.title = title
        timeRange = PlotRange.time(timeline.times.first, timeline.times.last)
        let t0 = timeRange.lowerBound, t1 = timeRange.upperBound
        let plotWidth = MotionPlot.width - MotionPlot.left - MotionPlot.right
        // Event labels over the graphs, in as many rows as keep them apart.
        var rowEnds: [Double] = []
        var rows: [Int] = []
        for event in timeline.events {
            let x = MotionPlot.left + (event.time - t0) / (t1 - t0) * plotWidth
            let w = TextMetrics.width(of: MotionPlot.eventLabel(event), size: 10.5) + 8
            let start = x - 3
            if let row = rowEnds.firstIndex(where: { $0 < start }) {
                rowEnds[row] = start + w
                rows.append(row)
            } else {
                rowEnds.append(start + w)
                rows.append(rowEnds.count - 1)
            }
        }
        eventRows = rowEnds.count
        eventRow = rows
        eventsTop = MotionPlot.headerHeight
        var y = MotionPlot.headerHeight + Double(eventRows) * MotionPlot.eventRowHeight + 10
        var panels: [Panel] = []
        for (index, series) in timeline.series.enumerated() {
            let titleOrigin = Point(x: MotionPlot.left, y: y + 14)
            // A line under the title for each recording of this series (its legend), so that it never runs into the
            // title's note.
            let legendRows = Double(timeline.recordings.filter { $0.seriesIndex == index }.count)
            let valueRect = Rect(x: MotionPlot.left, y: y + 24 + legendRows * MotionPlot.legendRowHeight, width: plotWidth,
                                 height: MotionPlot.valueHeight)
            let speedRect = Rect(x: MotionPlot.left, y: valueRect.maxY + 24, width: plotWidth, height: MotionPlot.speedHeight)
            var (low, high, offScale) = MotionPlot.valueRange(series)
            // A recording widens the scale to what it reached inside the plotted time.
            for recording in timeline.recordings where timeline.series[recording.seriesIndex].key == series.key
                && timeline.series[recording.seriesIndex].title == series.title {
                let inside = recording.residual.recorded.filter { $0.t >= t0 && $0.t <= t1 }.map(\.value)
                if let lo = inside.min(), let hi = inside.max() { low = min(low, lo); high = max(high, hi) }
            }
            // Only what stayed beyond the scale (a recording may have widened it) is noted.
            offScale = offScale.filter { $0.value < low || $0.value > high }
            let (speedLow, speedHigh) = MotionPlot.speedRange(series)
            // One sign convention per panel: a flipped series (a sheet's top, smaller is higher on screen) draws its
            // velocity flipped too, so a rising sheet's curve and its negative d(top)/dt both go up.
            panels.append(Panel(series: series, titleOrigin: titleOrigin, valueRect: valueRect, speedRect: speedRect,
                                valueAtTop: series.flipped ? low : high, valueAtBottom: series.flipped ? high : low,
                                speedAtTop: series.flipped ? speedLow : speedHigh,
                                speedAtBottom: series.flipped ? speedHigh : speedLow, offScale: offScale))
            y = speedRect.maxY + 22 + MotionPlot.panelGap
        }
        self.panels = panels
        height = max(y, MotionPlot.headerHeight + 80) + 10
    }

    static func eventLabel(_ event: MotionEvent) -> String {
        switch event.kind {
        case .touchDown: "▼ down"
        case .release: "▲ release"
        case .tap: "● tap"
        case .resize: "◆ resize"
        case .settle: "✓ settled"
        case .moving: "→ still moving at the end"
        case .state(let kind): "\(kind.symbol) \(kind.name)"
        }
    }

    /// The value axis: the values moved through, widened to nearby reference lines, on round numbers.
    static func valueRange(_ series: MotionSeries) -> (Double, Double, [ReferenceLine]) {
        var low = series.values.min() ?? 0, high = series.values.max() ?? 1
        let span = max(high - low, series.unit == "pages" ? 1 : series.unit == "fraction" ? 0.1 : 20)
        // Reference lines within half the moved span are drawn; farther ones would squash the curve.
        // (Each line drawn widens the reach for the next: a carousel's pages are drawn one beyond another.)
        for line in series.references where line.value >= low - span * 0.5 && line.value <= high + span * 0.5 {
            low = min(low, line.value)
            high = max(high, line.value)
        }
        let padded = PlotRange.value(low, high)
        let scale = padded.low...padded.high
        // Every line outside the final scale is noted, however often its value repeats (a line that stepped away
        // and back is two lines of one value): none is drawn off its own graph.
        let offScale = series.references.filter { !scale.contains($0.value) }
        return (scale.lowerBound, scale.upperBound, offScale)
    }

    static func speedRange(_ series: MotionSeries) -> (Double, Double) {
        // At least ±50 pt/s, or ±0.05 a second for a fraction.
        PlotRange.velocity(series.velocities, least: series.unit == "fraction" ? 0.05 : 50)
    }

    func x(ofTime t: Double, in rect: Rect) -> Double { timeScale(rect).position(t) }

    /// The time axis of a graph in `rect`: `timeRange` across its width.
    func timeScale(_ rect: Rect) -> PlotScale {
        PlotScale(from: timeRange.lowerBound, to: timeRange.upperBound, start: rect.minX, length: rect.width)
    }

    // MARK: Drawing

    /// The plot as an SVG document in points.
    public func svg() throws -> Data {
        let surface = try SVGSurface(width: MotionPlot.width, height: height.rounded(.up))
        do {
            let canvas = Canvas(surface)
            draw(on: canvas)
        }
        return try surface.finish()
    }

    /// Pixels per point of `motion.png`.
    public static let pngScale = 2.0

    /// Throws unless the plot drawn at `scale` pixels per point is an image Flick may make (`ImageLimits`: 64
    /// megapixels, 32767 pixels a side), checked from its size before anything is drawn.
    public func checkSize(scale: Double) throws {
        let width = Int((MotionPlot.width * scale).rounded()), height = Int((self.height.rounded(.up) * scale).rounded())
        guard ImageLimits.allowsDrawing(width: width, height: height) else {
            throw ReviewError("the motion plot of \(panels.count) moving components is too large to draw: \(ImageLimits.describe(width: width, height: height)); "
                              + "render without --motion, --html and --review, or plot fewer components")
        }
    }

    /// The plot as pixels, `scale` pixels per point.
    public func image(scale: Double = 2) throws -> ImageSurface {
        try Self.pixels(width: MotionPlot.width, height: height, scale: scale, draw)
    }

    /// A plot `width` × `height` points drawn by `draw` into pixels, `scale` pixels per point (the motion plot's
    /// and the fit plot's).
    static func pixels(width: Double, height: Double, scale: Double, _ draw: (Canvas) -> Void) throws -> ImageSurface {
        let surface = try ImageSurface(pixelWidth: Int((width * scale).rounded()),
                                       pixelHeight: Int((height.rounded(.up) * scale).rounded()))
        let canvas = Canvas(surface)
        canvas.setScale(scale)
        draw(canvas)
        surface.flush()
        return surface
    }

    func draw(on canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: 0, width: MotionPlot.width, height: height.rounded(.up)), .white)
        canvas.drawText(title, x: MotionPlot.left, baseline: 24, font: .bold, size: 17, color: .black)
        let legend = "Against simulated time. Blue: value; orange: velocity; shaded: finger down; dashed: detents, "
            + "pages and content edges; settled: all at rest (docs/states.md)."
        canvas.drawText(legend, x: MotionPlot.left, baseline: 44, size: 11.5, color: PlotColors.axis,
                        maxWidth: MotionPlot.width - MotionPlot.left - 16)
        if !timeline.recordings.isEmpty {
            let text = "Purple dots: recorded on a device (reference:), drawn on the simulated value's scale."
            canvas.drawText(text, x: MotionPlot.left, baseline: 57, size: 11.5, color: PlotColors.recording,
                            maxWidth: MotionPlot.width - MotionPlot.left - 16)
        }
        if panels.isEmpty {
            canvas.drawText("Nothing moved in this run.", x: MotionPlot.left, baseline: MotionPlot.headerHeight + 30, size: 14,
                            color: PlotColors.axis)
            return
        }
        drawEventLabels(on: canvas)
        for panel in panels { draw(panel, on: canvas) }
    }

    private func drawEventLabels(on canvas: Canvas) {
        let rect = panels[0].valueRect
        for (event, row) in zip(timeline.events, eventRow) {
            let x = self.x(ofTime: event.time, in: rect)
            let baseline = eventsTop + Double(row + 1) * MotionPlot.eventRowHeight - 3
            let color = event.kind == .settle ? MotionPlot.settleColor : MotionPlot.eventColor
            canvas.drawText(MotionPlot.eventLabel(event), x: x - 3, baseline: baseline, size: 10.5, color: color)
        }
    }

    private func draw(_ panel: Panel, on canvas: Canvas) {
        let series = panel.series
        let valueRect = panel.valueRect, speedRect = panel.speedRect
        canvas.drawText(series.title, x: panel.titleOrigin.x, baseline: panel.titleOrigin.y, font: .bold, size: 13, color: .black)
        let unitNote = series.unitNote
        let titleWidth = canvas.width(of: series.title, font: .bold, size: 13)
        canvas.drawText("  " + unitNote, x: panel.titleOrigin.x + titleWidth, baseline: panel.titleOrigin.y, size: 11,
                        color: PlotColors.axis)

        for rect in [valueRect, speedRect] {
            canvas.fill(rect, PlotColors.background)
            // Finger-down spans, then the time grid.
            for span in timeline.gestureSpans {
                let x0 = x(ofTime: span.lowerBound, in: rect), x1 = max(x(ofTime: span.upperBound, in: rect), x0 + 1.5)
                canvas.fill(Rect(x: x0, y: rect.minY, width: x1 - x0, height: rect.height), MotionPlot.shadeColor)
            }
        }
        // The value and velocity graphs share their time axis (their rects have the same x and width).
        canvas.drawTimeAxis(PlotTicks.ticks(timeRange.lowerBound, timeRange.upperBound, count: 10), timeScale(valueRect),
                            down: [valueRect, speedRect])
        let low = min(panel.valueAtTop, panel.valueAtBottom), high = max(panel.valueAtTop, panel.valueAtBottom)
        canvas.drawValueAxis(PlotTicks.value(low, high, unit: series.unit), panel.valueScale, across: valueRect)
        canvas.drawValueAxis(PlotTicks.ticks(panel.speedAtBottom, panel.speedAtTop, count: 3), panel.speedScale, across: speedRect,
                             lineColor: { $0 == 0 ? PlotColors.zero : PlotColors.grid })
        // Above the graph, in the gap under the value graph: inside, it would cover the curve at its peak.
        canvas.drawText(series.velocityCaption, x: speedRect.minX, baseline: speedRect.minY - 6, size: PlotAxes.labelSize,
                        color: PlotColors.speed, maxWidth: speedRect.width)

        drawReferences(panel, on: canvas)
        drawEventLines(panel, on: canvas)

        // The curves, clipped to their graphs.
        canvas.saved {
            canvas.clip(valueRect)
            canvas.strokeLine(curve(series.values, rect: valueRect) { panel.y(ofValue: $0) },
                              PlotColors.value, width: 2)
        }
        canvas.saved {
            canvas.clip(speedRect)
            canvas.strokeLine(curve(series.velocities, rect: speedRect) { panel.y(ofSpeed: $0) },
                              PlotColors.speed, width: 1.5)
        }
        drawRecordings(panel, on: canvas)
        // Dots on the value curve where the finger went down or lifted and where the motion settled.
        for event in timeline.events {
            guard let i = timeline.position(atOrAfter: event.time) else { continue }
            let center = Point(x: x(ofTime: timeline.times[i], in: valueRect), y: panel.y(ofValue: series.values[i]))
            guard valueRect.minY - 1 <= center.y, center.y <= valueRect.maxY + 1 else { continue }
            let color = event.kind == .settle ? MotionPlot.settleColor : MotionPlot.eventColor
            canvas.fillCircle(center: center, radius: 3.5, .white)
            canvas.fillCircle(center: center, radius: 2.5, color)
        }
        for rect in [valueRect, speedRect] { canvas.stroke(rect, PlotColors.frame, width: 1) }
    }

    /// Points of a curve: at most two a column of half a point (the lowest and highest there, in time order).
    /// The last sample always ends the curve (the rest position), unless the last point kept is already where it is.
    private func curve(_ values: [Double], rect: Rect, y: (Double) -> Double) -> [Point] {
        let scale = timeScale(rect)
        func point(_ i: Int) -> Point { Point(x: scale.position(timeline.times[i]), y: y(values[i])) }
        return CurveColumns.indices(values, x: { scale.position(timeline.times[$0]) }, endsAt: { point($0) == point($1) }).map(point)
    }

    /// Font sizes of the reference labels (margin and in-graph, and off-scale notes), in points.
    static let referenceLabelSize = 10.5
    static let noteSize = 9.5
    /// From one line of an off-scale note to the next, and from one note to the next, in points.
    static let noteLineHeight = 11.0
    static let noteHeight = 24.0

    /// Where a panel's reference labels go: margin labels (a line lasting to the end, pushed apart so no two
    /// overlap, with a leader to their line), in-graph labels (a line that ended earlier, at its start), and notes
    /// for lines beyond the scale, at the top of the margin for a line above the scale and at its bottom for one below.
    /// Every box is beside the panel's own value graph, so no label lands on another graph or between two.
    struct ReferenceLayout {
        struct Margin { var text: String; var lineY: Double; var baseline: Double }
        struct Note { var lines: [String]; var baseline: Double }
        var margin: [Margin] = []
        var inGraph: [(text: String, x: Double, baseline: Double)] = []
        var notes: [Note] = []
        /// Each dashed line's points, by name.
        var dashes: [[Point]] = []
    }

    func referenceLayout(_ panel: Panel) -> ReferenceLayout {
        let rect = panel.valueRect
        let series = panel.series
        var layout = ReferenceLayout()
        var margin: [(text: String, lineY: Double)] = []
        let lastSample = timeline.times.last ?? 0
        // One dashed line per name: a detent or an edge that moves (after a resize, or with the sheet) steps.
        var names: [String] = []
        for line in series.references where !names.contains(line.label) { names.append(line.label) }
        var inGraphBoxes: [Rect] = []
        for name in names {
            let lines = series.references.filter { $0.label == name && panel.isOnScale($0.value) }
            guard let final = lines.last else { continue }
            var points: [Point] = []
            for line in lines {
                let y = panel.y(ofValue: line.value)
                let x0 = x(ofTime: line.from, in: rect)
                let x1 = line.to >= lastSample - 1e-9 ? rect.maxX : max(x(ofTime: line.to, in: rect), x0 + 1)
                points += [Point(x: x0, y: y), Point(x: x1, y: y)]
            }
            layout.dashes.append(points)
            if final.to >= lastSample - 1e-9 {
                margin.append((MotionPlot.referenceText(final, unit: series.unit), panel.y(ofValue: final.value)))
            } else if let first = points.first {
                // Above its line at its start, raised past any in-graph label it would cover, inside the graph.
                var baseline = max(rect.minY + 10, first.y - 3)
                let width = TextMetrics.width(of: name, size: MotionPlot.noteSize)
                func box(_ b: Double) -> Rect { Rect(x: first.x + 3, y: b - 8, width: width, height: 10.5) }
                while inGraphBoxes.contains(where: { MotionPlot.overlap($0, box(baseline)) }), baseline - 11 >= rect.minY + 10 { baseline -= 11 }
                inGraphBoxes.append(box(baseline))
                layout.inGraph.append((name, first.x + 3, baseline))
            }
        }
        // Lines too far from the motion to draw are noted in the margin at the graph's edge they lie beyond: at its
        // top for a line above the scale, at its bottom for one below, two lines of text each (at most two notes).
        var noted: [ReferenceLine] = []
        for line in panel.offScale.reversed() where !noted.contains(where: { $0.label == line.label }) { noted.insert(line, at: 0) }
        var topNotes: [ReferenceLayout.Note] = [], bottomNotes: [ReferenceLayout.Note] = []
        for line in noted.prefix(2) {
            let above = (line.value > max(panel.valueAtTop, panel.valueAtBottom)) != series.flipped
            let lines = ["\(above ? "↑" : "↓") \(line.label) \(MotionPlot.valueText(line.value, unit: series.unit))",
                         "   \(above ? "above" : "below") this scale"]
            if above {
                // Its first line's box starts a point below the graph's top.
                let baseline = rect.minY + 9 + Double(topNotes.count) * MotionPlot.noteHeight
                topNotes.append(ReferenceLayout.Note(lines: lines, baseline: baseline))
            } else {
                // Its second line's baseline a point above the graph's bottom.
                let baseline = rect.maxY - 1 - MotionPlot.noteLineHeight - Double(bottomNotes.count) * MotionPlot.noteHeight
                bottomNotes.insert(ReferenceLayout.Note(lines: lines, baseline: baseline), at: 0)
            }
        }
        layout.notes = topNotes + bottomNotes
        // Margin labels at least `PlotLabels.spacing` apart, inside the graph's height left by the notes when they fit in it
        // (a label's box runs from 4.5 above its line's y to 6 below; a note's from 8 above its baseline to 13 below).
        let low = topNotes.last.map { $0.baseline + 13 + 5 } ?? rect.minY + 4
        let high = bottomNotes.first.map { $0.baseline - 8 - 6.5 } ?? rect.maxY
        margin.sort { $0.lineY < $1.lineY }
        let placed = PlotLabels.spread(margin.map(\.lineY), spacing: PlotLabels.spacing, within: low...max(low, high))
        layout.margin = zip(margin, placed).map { ReferenceLayout.Margin(text: $0.text, lineY: $0.lineY, baseline: $1 + 3.5) }
        return layout
    }

    /// Whether two boxes share some area (touching edges do not count).
    public static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// Every text label the plot draws beside or over its graphs (event labels, reference labels in the margin and
    /// in the graphs, off-scale notes), as boxes in points from the fonts' advance widths: no two may overlap.
    public func labelBoxes() -> [[LabelBox]] {
        var result: [[LabelBox]] = []
        if let rect = panels.first?.valueRect {
            var events: [LabelBox] = []
            for (event, row) in zip(timeline.events, eventRow) {
                let x = self.x(ofTime: event.time, in: rect)
                let baseline = eventsTop + Double(row + 1) * MotionPlot.eventRowHeight - 3
                let text = MotionPlot.eventLabel(event)
                events.append(LabelBox(text: text, rect: Rect(x: x - 3, y: baseline - 8,
                                                              width: TextMetrics.width(of: text, size: 10.5), height: 10.5)))
            }
            result.append(events)
        }
        for (index, panel) in panels.enumerated() {
            let layout = referenceLayout(panel)
            let maxWidth = MotionPlot.right - 12
            var boxes: [LabelBox] = []
            // The title with its note, and each recording's legend on a line of its own under it.
            let title = panel.series.title, note = "  " + panel.series.unitNote
            boxes.append(LabelBox(text: title + note, rect: Rect(
                x: panel.titleOrigin.x, y: panel.titleOrigin.y - 10,
                width: TextMetrics.width(of: title, size: 13, bold: true) + TextMetrics.width(of: note, size: 11), height: 12)))
            var legendY = panel.titleOrigin.y
            for recording in timeline.recordings where recording.seriesIndex == index {
                legendY += MotionPlot.legendRowHeight
                let text = "● recorded: \(recording.residual.file)"
                boxes.append(LabelBox(text: text, rect: Rect(x: panel.valueRect.minX, y: legendY - 8,
                                                             width: TextMetrics.width(of: text, size: 10.5), height: 10.5)))
            }
            for label in layout.margin {
                boxes.append(LabelBox(text: label.text, rect: Rect(
                    x: panel.valueRect.maxX + 8, y: label.baseline - 8,
                    width: min(maxWidth, TextMetrics.width(of: label.text, size: MotionPlot.referenceLabelSize)), height: 10.5)))
            }
            for label in layout.inGraph {
                boxes.append(LabelBox(text: label.text, rect: Rect(x: label.x, y: label.baseline - 8,
                                                                   width: TextMetrics.width(of: label.text, size: MotionPlot.noteSize), height: 10.5)))
            }
            for note in layout.notes {
                let width = note.lines.map { min(maxWidth, TextMetrics.width(of: $0, size: MotionPlot.noteSize)) }.max() ?? 0
                boxes.append(LabelBox(text: note.lines.joined(separator: " "),
                                      rect: Rect(x: panel.valueRect.maxX + 8, y: note.baseline - 8, width: width, height: 21)))
            }
            result.append(boxes)
        }
        return result
    }

    /// Dashed reference lines over the spans they held, clipped to their graph, and their labels
    /// (`referenceLayout`).
    private func drawReferences(_ panel: Panel, on canvas: Canvas) {
        let rect = panel.valueRect
        let layout = referenceLayout(panel)
        canvas.saved {
            canvas.clip(rect)
            for points in layout.dashes {
                canvas.strokeLine(points, PlotColors.reference, width: 1, dash: PlotColors.referenceDash)
            }
        }
        for label in layout.inGraph {
            canvas.drawText(label.text, x: label.x, baseline: label.baseline, size: MotionPlot.noteSize, color: PlotColors.reference)
        }
        for label in layout.margin {
            let x = rect.maxX + 8
            canvas.strokeLine([Point(x: rect.maxX, y: label.lineY), Point(x: x - 2, y: label.baseline - 3.5)],
                              PlotColors.reference, width: 0.75)
            canvas.drawText(label.text, x: x, baseline: label.baseline, size: MotionPlot.referenceLabelSize, color: PlotColors.axis,
                            maxWidth: MotionPlot.right - 12)
        }
        for note in layout.notes {
            for (n, line) in note.lines.enumerated() {
                canvas.drawText(line, x: rect.maxX + 8, baseline: note.baseline + MotionPlot.noteLineHeight * Double(n), size: MotionPlot.noteSize,
                                color: PlotColors.reference, maxWidth: MotionPlot.right - 12)
            }
        }
    }

    /// The recordings of this panel's series: a dot per sample inside the plotted time, and a legend line with the
    /// residual under the panel's title.
    private func drawRecordings(_ panel: Panel, on canvas: Canvas) {
        guard let index = timeline.series.firstIndex(where: { $0.key == panel.series.key && $0.title == panel.series.title })
        else { return }
        let rect = panel.valueRect
        // Legends under the title, one line each, left-aligned with it.
        var legendY = panel.titleOrigin.y
        for recording in timeline.recordings where recording.seriesIndex == index {
            canvas.saved {
                canvas.clip(rect)
                for sample in recording.residual.recorded where timeRange.contains(sample.t) {
                    let center = Point(x: x(ofTime: sample.t, in: rect), y: panel.y(ofValue: sample.value))
                    canvas.fillCircle(center: center, radius: 2.2, PlotColors.recording)
                }
            }
            let r = recording.residual
            let legend = "● recorded: \(r.file) — residual max \(MotionPlot.residualText(r.maximum)), "
                + "rms \(MotionPlot.residualText(r.rms))" + (r.worst.map { ", worst at \(NumberText.fixed($0.time, digits: 3)) s" } ?? "")
            legendY += MotionPlot.legendRowHeight
            canvas.drawText(legend, x: rect.minX, baseline: legendY, size: 10.5, color: PlotColors.recording)
        }
    }

    /// A residual in the legend: points with two decimals.
    static func residualText(_ value: Double) -> String { NumberText.fixed(value, digits: 2) + " pt" }

    private func drawEventLines(_ panel: Panel, on canvas: Canvas) {
        for event in timeline.events {
            let color = event.kind == .settle ? MotionPlot.settleColor : MotionPlot.eventColor
            for rect in [panel.valueRect, panel.speedRect] {
                let x = self.x(ofTime: event.time, in: rect)
                canvas.strokeLine([Point(x: x, y: rect.minY), Point(x: x, y: rect.maxY)], color.withAlpha(0.55),
                                  width: 0.75, dash: [2, 2])
            }
        }
    }

    /// A reference line's label in the margin: "half  422 pt", "page 2 · Up next".
    static func referenceText(_ line: ReferenceLine, unit: String) -> String {
        unit == "pages" ? "page \(valueText(line.value, unit: unit)) · \(line.label)" : "\(line.label)  \(valueText(line.value, unit: unit))"
    }

    static func valueText(_ value: Double, unit: String) -> String {
        if unit == "pages" { return NumberText.significant((value * 100).rounded() / 100, digits: 6) }
        if unit == "fraction" { return NumberText.fixed(value, digits: 2) }
        return NumberText.short(value, digits: 1) + " pt"
    }
}
