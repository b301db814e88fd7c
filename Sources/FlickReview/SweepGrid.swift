import FlickCore
import FlickRender
import Foundation

/// One variant of a sweep as the grid shows it.
public struct GridVariant: Sendable {
    public var number: Int
    public var assignments: [SweepAssignment]
    public var scenario: Scenario
    public var measures: VariantMeasures

    public init(number: Int, assignments: [SweepAssignment], scenario: Scenario, measures: VariantMeasures) {
        self.number = number
        self.assignments = assignments
        self.scenario = scenario
        self.measures = measures
    }

    /// The last step of each swept key (`preset`, `response`), longer when two would read the same.
    static func shortKeys(_ paths: [String]) -> [String] {
        let parts = paths.map { $0.split(separator: ".").map(String.init) }
        var depth = 1
        while depth < (parts.map(\.count).max() ?? 1) {
            let keys = parts.map { $0.suffix(depth).joined(separator: ".") }
            if Set(keys).count == keys.count { return keys }
            depth += 1
        }
        return paths
    }

    /// What the cell shows of the measured component at `state`: its value and its phase.
    func caption(_ state: FrameState) -> (value: String, phase: String) {
        let key = measures.component
        if let sheet = state.sheet(key) { return ("top \(SweepTable.fixed(sheet.top, 1)) pt", sheet.phase.rawValue) }
        if let paging = state.pagePosition(key), let scroll = state.scrollView(key) {
            return ("\(paging.noun) \(SweepTable.fixed(paging.pages, 2))", scroll.phase.rawValue)
        }
        if let scroll = state.scrollView(key) {
            let x = measures.quantity == "contentOffset.x"
            return ("\(x ? "x" : "y") \(SweepTable.fixed(x ? scroll.contentOffset.x : scroll.contentOffset.y, 1)) pt", scroll.phase.rawValue)
        }
        return ("", "")
    }
}

/// The variants of a sweep side by side: `contact-sheet.png`, one row per variant and one column per key instant
/// (the same time in every row), and the grid video, every variant at every frame.
///
/// Cells are drawn from the states at the grid's own scale (not shrunk from the frames), so they are sharp at any
/// size and do not depend on the frames' format.
public struct SweepGrid: Sendable {
    /// One instant of the contact sheet.
    public struct Column: Hashable, Sendable {
        /// The frame index (the same in every variant).
        public var frame: Int
        public var time: Double
        /// What happened then: `down`, `release`, `tap`, `resize`, `settled #2`.
        public var events: [String]
        /// Variants (by row) that came to rest at this frame.
        public var settled: Set<Int>
    }

    public static let defaultColumnLimit = 8
    public static let background = ContactSheet.background
    static let margin = 16.0
    static let gap = 10.0
    static let headerHeight = 50.0
    static let columnHeaderHeight = 40.0
    static let labelWidth = 200.0
    static let captionHeight = 20.0

    public var name: String
    public var variants: [GridVariant]
    public var columns: [Column]
    /// Points of the largest viewport of every variant.
    public var viewport: Size
    /// Pixels per point of the cells.
    public var scale: Double
    public var tileWidth: Int
    public var tileHeight: Int
    public var width: Int
    public var height: Int
    public var fps: Double
    public var frameCount: Int

    /// Plans the contact sheet of `variants` (all at one fps) with at most `limit` columns.
    public init(name: String, variants: [GridVariant], limit: Int = SweepGrid.defaultColumnLimit) throws {
        guard let first = variants.first else { throw ReviewError("a sweep grid needs at least one variant") }
        if let other = variants.first(where: { $0.scenario.fps != first.scenario.fps }) {
            throw ReviewError("variant \(other.number) runs at \(JSONValue.format(other.scenario.fps)) fps and variant \(first.number) at \(JSONValue.format(first.scenario.fps)) fps: a grid shows every variant at the same instants, so fps cannot be swept with it")
        }
        self.name = name
        self.variants = variants
        fps = first.scenario.fps
        let timelines = variants.map { MotionTimeline(scenario: $0.scenario) }
        frameCount = variants.map(\.scenario.frameCount).max() ?? 1
        let sizes = timelines.flatMap(\.viewports)
        viewport = Size(width: sizes.map(\.width).max() ?? 1, height: sizes.map(\.height).max() ?? 1)
        let values = variants.map { variant -> [Double] in
            var meter = VariantMeter(scenario: variant.scenario)
            for frame in Run(scenario: variant.scenario) { meter.add(frame) }
            return meter.values
        }
        columns = SweepGrid.keyColumns(timelines, values: values, frameCount: frameCount, fps: fps, limit: max(1, limit))
        // Tiles of about 200×433 pixels for a phone, smaller when there are many, keeping the sheet under 40 megapixels.
        let aspect = viewport.width / viewport.height
        let tiles = Double(columns.count * variants.count)
        let area = min(86_600, 30e6 / tiles)
        tileWidth = max(24, Int((area * aspect).squareRoot().rounded()))
        scale = Double(tileWidth) / viewport.width
        tileHeight = max(24, Int((viewport.height * scale).rounded()))
        let cellWidth = Double(tileWidth) + SweepGrid.gap
        let rowHeight = Double(tileHeight) + SweepGrid.captionHeight + SweepGrid.gap
        width = Int(2 * SweepGrid.margin + SweepGrid.labelWidth + Double(columns.count) * cellWidth - SweepGrid.gap)
        height = Int(2 * SweepGrid.margin + SweepGrid.headerHeight + SweepGrid.columnHeaderHeight
                     + Double(variants.count) * rowHeight - SweepGrid.gap)
    }

    /// The frame's image in the cell of `row` and `column`, in pixels of the sheet.
    public func cell(row: Int, column: Int) -> Rect {
        let x = SweepGrid.margin + SweepGrid.labelWidth + Double(column) * (Double(tileWidth) + SweepGrid.gap)
        let y = SweepGrid.margin + SweepGrid.headerHeight + SweepGrid.columnHeaderHeight
            + Double(row) * (Double(tileHeight) + SweepGrid.captionHeight + SweepGrid.gap)
        return Rect(x: x, y: y, width: Double(tileWidth), height: Double(tileHeight))
    }

    /// The instants shown, at most `limit`: the last touch-down and release and each variant's last settle; then the
    /// middle frames of the longest stretches in which the variants differ (their measured values more than half a
    /// point apart); then the other touch-downs, releases, taps and resizes, the first and last frames, and the middle
    /// frames of the longest stretches of motion.
    static func keyColumns(_ timelines: [MotionTimeline], values: [[Double]], frameCount n: Int, fps: Double,
                           limit: Int) -> [Column] {
        var events: [Int: [String]] = [:]
        var settled: [Int: Set<Int>] = [:]
        var last: Set<Int> = []
        var others: Set<Int> = []
        func position(_ timeline: MotionTimeline, _ event: MotionEvent) -> Int? {
            timeline.position(atOrAfter: event.time).map { min(max(0, $0), n - 1) }
        }
        for (row, timeline) in timelines.enumerated() {
            let gestures = timeline.events.filter { $0.kind != .settle && $0.kind != .moving }
            let finalTouch = gestures.last { $0.kind != .resize }
            let finalDown = gestures.last { $0.kind == .touchDown || $0.kind == .tap }
            for event in timeline.events {
                guard let p = position(timeline, event) else { continue }
                if event.kind == .settle {
                    settled[p, default: []].insert(row)
                    if event == timeline.events.last(where: { $0.kind == .settle }) { last.insert(p) }
                } else {
                    if !(events[p] ?? []).contains(event.kind.rawValue) { events[p, default: []].append(event.kind.rawValue) }
                    if event == finalTouch || event == finalDown { last.insert(p) } else { others.insert(p) }
                }
            }
        }
        var differ = [Bool](repeating: false, count: n)
        var active = [Bool](repeating: false, count: n)
        for i in 0..<n {
            let here = values.compactMap { $0.isEmpty ? nil : $0[min(i, $0.count - 1)] }
            differ[i] = (here.max() ?? 0) - (here.min() ?? 0) > 0.5
        }
        for timeline in timelines {
            for (i, flag) in timeline.activeFrames().enumerated() where flag && i < n { active[i] = true }
        }
        var chosen = Set<Int>()
        func take(_ candidates: Set<Int>) {
            let room = limit - chosen.count
            guard room > 0 else { return }
            let sorted = candidates.subtracting(chosen).sorted()
            chosen.formUnion(sorted.count <= room ? sorted : ContactSheet.evenlySpaced(sorted, count: room))
        }
        /// Adds the middle frame of the stretch (the run's ends included) that holds the most flagged frames.
        func fill(_ flags: [Bool]) {
            ContactSheet.fillStretches(&chosen, flags: flags, limit: min(limit, n), ends: [-1, n])
        }
        take(last)
        fill(differ)
        take(others)
        take([0, n - 1])
        fill(active)
        return chosen.sorted().map { position in
            var labels = events[position] ?? []
            let rows = settled[position] ?? []
            if !rows.isEmpty { labels.append("settled " + rows.sorted().map { "#\($0 + 1)" }.joined(separator: " ")) }
            return Column(frame: position, time: Double(position) / fps, events: labels, settled: rows)
        }
    }

    /// The states of every variant at the columns' frames (a variant shorter than the others holds its last frame).
    func columnStates() -> [[FrameState]] {
        let wanted = columns.map(\.frame)
        return variants.map { variant in
            var states: [FrameState] = []
            var frames = Run(scenario: variant.scenario).makeIterator()
            var last: FrameState?
            var next = 0
            while next < wanted.count, let state = frames.next() {
                last = state
                while next < wanted.count, wanted[next] == state.index { states.append(state); next += 1 }
            }
            while states.count < wanted.count, let last { states.append(last) }
            return states
        }
    }

    /// Renderers drawing each variant at the grid's scale.
    static func renderers(_ variants: [GridVariant], scale: Double, options: RenderOptions) throws -> [FrameRenderer] {
        try variants.map { variant in
            var scenario = variant.scenario
            scenario.viewport.scale = scale
            return try FrameRenderer(scenario: scenario, options: options)
        }
    }

    /// The contact sheet.
    public func image(options: RenderOptions = RenderOptions()) throws -> ImageSurface {
        try Canvas.requireFonts()
        let renderers = try SweepGrid.renderers(variants, scale: scale, options: options)
        let states = columnStates()
        let surface = try ImageSurface(pixelWidth: width, pixelHeight: height)
        let canvas = Canvas(surface)
        canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), SweepGrid.background)
        let m = SweepGrid.margin
        let full = Double(width) - 2 * m
        canvas.drawText("\(name) · \(variants.count) variant\(variants.count == 1 ? "" : "s") side by side", x: m, baseline: m + 17,
                        font: .bold, size: 18, color: .black, maxWidth: full)
        let measured = variants.first.map { "\($0.measures.component) \($0.measures.quantity == "top" ? "top edge" : $0.measures.quantity)" } ?? ""
        canvas.drawText("rows: variants · columns: the same instant in every variant (simulated seconds, \(JSONValue.format(fps)) fps) · "
                        + "captions and measures: \(measured), after the last release", x: m, baseline: m + 36, size: 12,
                        color: Color(rgb: 0x3C3C43), maxWidth: full)
        // Column headers: the time and what happened.
        for (c, column) in columns.enumerated() {
            let cell = self.cell(row: 0, column: c)
            let top = cell.minY - SweepGrid.columnHeaderHeight
            canvas.drawText("\(SweepTable.fixed(column.time, 3)) s · frame \(column.frame)", x: cell.minX, baseline: top + 15,
                            font: .bold, size: 12, color: .black, maxWidth: cell.width)
            let events = column.events.isEmpty ? "between" : column.events.joined(separator: " · ")
            canvas.drawText(events, x: cell.minX, baseline: top + 31, size: 11,
                            color: column.events.isEmpty ? Color(rgb: 0x8E8E93) : Color(rgb: 0x0040DD), maxWidth: cell.width)
        }
        let keys = GridVariant.shortKeys(variants.first?.assignments.map(\.path) ?? [])
        let image = ImageCache()
        for (r, variant) in variants.enumerated() {
            drawRowLabel(variant, keys: keys, at: cell(row: r, column: 0), on: canvas)
            for (c, column) in columns.enumerated() {
                let cell = self.cell(row: r, column: c)
                let state = states[r][c]
                canvas.fill(cell, RunCanvas.backdrop)
                let drawn = try image.surface(for: renderers[r].pixelSize(of: state))
                try renderers[r].draw(state, into: drawn)
                canvas.paint(drawn, atDevicePixelX: Int(cell.minX), y: Int(cell.minY))
                canvas.stroke(Rect(x: cell.minX - 0.5, y: cell.minY - 0.5, width: cell.width + 1, height: cell.height + 1),
                              Color(rgb: 0xC6C6C8), width: 1)
                let caption = variant.caption(state)
                let settledHere = column.settled.contains(r)
                let captionText = settledHere ? "\(caption.value) · settled" : "\(caption.value) · \(caption.phase)"
                canvas.drawText(captionText, x: cell.minX, baseline: cell.maxY + 14, font: settledHere ? .bold : .regular, size: 10.5,
                                color: settledHere ? Color(rgb: 0x248A3D) : Color(rgb: 0x3C3C43), maxWidth: cell.width)
            }
        }
        surface.flush()
        return surface
    }

    /// The row's label beside its first cell: the variant's number and values, then its measures.
    private func drawRowLabel(_ variant: GridVariant, keys: [String], at cell: Rect, on canvas: Canvas) {
        let x = SweepGrid.margin
        let width = SweepGrid.labelWidth - 14
        var y = cell.minY + 16
        canvas.drawText("#\(variant.number)", x: x, baseline: y, font: .bold, size: 15, color: Color(rgb: 0x0040DD), maxWidth: width)
        y += 8
        for (key, assignment) in zip(keys, variant.assignments) {
            y += 15
            canvas.drawText(key, x: x, baseline: y, size: 11, color: Color(rgb: 0x6C6C70), maxWidth: width)
            y += 18
            canvas.drawText(assignment.value, x: x, baseline: y, font: .bold, size: 15, color: .black, maxWidth: width)
        }
        y += 26
        let m = variant.measures
        let rest: String
        switch m.final {
        case .detent(let name): rest = "rests at \(name)"
        case .page(let page): rest = "rests at page \(page)"
        case .dismissed: rest = "dismissed"
        case .offset: rest = "rests at \(SweepTable.fixed(m.finalValue, 1)) pt"
        case .moving: rest = "still moving at the end"
        }
        let lines = [m.settle.map { "settles in \(SweepTable.fixed($0, 3)) s" } ?? "does not settle", rest,
                     "overshoot \(SweepTable.fixed(m.overshoot, 1)) pt", "peak \(SweepTable.fixed(m.peakVelocity, 0)) pt/s"]
        for line in lines {
            canvas.drawText(line, x: x, baseline: y, size: 11.5, color: Color(rgb: 0x3C3C43), maxWidth: width)
            y += 16
        }
    }
}

/// One image surface reused while its size stays the same.
final class ImageCache {
    private var image: ImageSurface?

    func surface(for size: (width: Int, height: Int)) throws -> ImageSurface {
        if let image, image.pixelWidth == size.width, image.pixelHeight == size.height { return image }
        let made = try ImageSurface(pixelWidth: size.width, pixelHeight: size.height)
        image = made
        return made
    }
}
