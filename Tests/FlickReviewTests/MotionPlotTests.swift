import FlickCore
import FlickRender
@testable import FlickReview
import Foundation
import Testing

/// motion.svg and motion.png: the curves are the states', read back from the file.
@Suite struct MotionPlotTests {
    /// The points of the SVG paths stroked in `color` (Cairo writes `stroke:rgb(r%,g%,b%)` and `d="M x y L x y …"`).
    static func strokedPaths(_ svg: String, color: String) -> [[Point]] {
        var result: [[Point]] = []
        for line in svg.split(separator: "\n") where line.contains("stroke:\(color);") && line.contains("fill:none") {
            guard let start = line.range(of: " d=\""), let end = line[start.upperBound...].firstIndex(of: "\"") else { continue }
            let tokens = line[start.upperBound..<end].split(separator: " ")
            var points: [Point] = []
            var i = 0
            while i + 2 < tokens.count + 1 {
                if tokens[i] == "M" || tokens[i] == "L", i + 2 < tokens.count,
                   let x = Double(tokens[i + 1]), let y = Double(tokens[i + 2]) {
                    points.append(Point(x: x, y: y))
                    i += 3
                } else {
                    i += 1
                }
            }
            result.append(points)
        }
        return result
    }

    @Test func aPlotTooLargeToDrawIsRefusedFromItsSize() throws {
        let scenario = try Fixtures.example("fling-to-rest")
        var plot = MotionPlot(timeline: MotionTimeline(scenario: scenario), title: "t")
        try plot.checkSize(scale: MotionPlot.pngScale)
        // 500 panels, as a stack of 500 moving lists would have: refused before a path is built.
        plot.panels = Array(repeating: plot.panels[0], count: 500)
        plot.height = 500 * 386
        #expect(throws: ReviewError.self) { try plot.checkSize(scale: 1) }
        do {
            try plot.checkSize(scale: MotionPlot.pngScale)
        } catch {
            #expect("\(error)" == "the motion plot of 500 moving components is too large to draw: 2080×386000 pixels is 803 megapixels; the limit is 64 megapixels; render without --motion, --html and --review, or plot fewer components")
        }
    }

    @Test func flingToRestCurveReachesTheRestOffset() throws {
        // The example's 4 s end just before the deceleration does: run it to 6 s so it comes to rest.
        var scenario = try Fixtures.example("fling-to-rest")
        scenario.duration = 6
        let timeline = MotionTimeline(scenario: scenario)
        let plot = MotionPlot(timeline: timeline, title: "fling-to-rest")
        let svg = String(decoding: try plot.svg(), as: UTF8.self)
        let panel = try #require(plot.panels.first)
        #expect(plot.panels.count == 1, "only the list moved")
        #expect(panel.series.name == "contentOffset.y")

        let final = try #require(Simulation.frames(of: scenario).last?.scrollViews.first)
        #expect(final.phase == .idle)
        let rest = final.contentOffset.y
        #expect(rest > 500, "the fling travels far: \(rest)")

        let curves = Self.strokedPaths(svg, color: "rgb(0%,47.843137%,100%)")
        #expect(curves.count == 1)
        let curve = try #require(curves.first)
        let last = try #require(curve.last)
        // Cairo writes coordinates in 1/256 pt: that much, in value units, is the tolerance.
        let valuePerPoint = abs(panel.valueAtTop - panel.valueAtBottom) / panel.valueRect.height
        #expect(abs(last.x - panel.valueRect.maxX) < 0.01, "the curve runs to the end of the run")
        #expect(abs(panel.value(atY: last.y) - rest) <= valuePerPoint / 256 + 1e-6,
                "ends at \(panel.value(atY: last.y)), rests at \(rest)")
        // It starts at the initial offset and never leaves the range between.
        let first = try #require(curve.first)
        #expect(abs(panel.value(atY: first.y) - timeline.series[0].values[0]) <= valuePerPoint / 256 + 1e-6)
        let values = curve.map { panel.value(atY: $0.y) }
        let initial = timeline.series[0].values[0]
        #expect(initial == -47, "the list starts at its top under the 47 pt safe area")
        let outside = values.filter { $0 < initial - valuePerPoint || $0 > rest + valuePerPoint }
        #expect(outside.isEmpty, "\(outside.prefix(5)) outside \(initial)...\(rest)")
        // The settle is marked at the first frame the states call at rest (docs/states.md, "Settled"): the list's
        // phase idle, which the deceleration reaches within half a pixel of its rest.
        let settle = try #require(timeline.events.last { $0.kind == .settle })
        let states = Simulation.frames(of: scenario)
        let restFrame = try #require(states.indices.first { i in
            i > 0 && states[i].touch == nil && states[i].scrollViews.allSatisfy { $0.phase == .idle }
                && states[i - 1].scrollViews.contains { $0.phase != .idle }
        })
        #expect(abs(timeline.series[0].values[restFrame] - rest) <= 0.5 / scenario.viewport.scale)
        #expect(abs(settle.time - timeline.times[restFrame]) < 1e-9,
                "settled at \(settle.time) s; at rest from \(timeline.times[restFrame]) s; events \(timeline.events)")
        #expect(timeline.events.filter { $0.kind == .settle }.count == 1)
    }

    @Test func sheetDetentsAndPagesAreReferenceLines() throws {
        let handoff = MotionTimeline(scenario: try Fixtures.example("sheet-handoff"))
        let sheet = try #require(handoff.series.first { $0.name == "top" })
        #expect(Set(sheet.references.map(\.label)) == ["tip", "half", "full"])
        #expect(sheet.flipped)
        let tabs = MotionTimeline(scenario: try Fixtures.example("vimeo-tabs"))
        let pager = try #require(tabs.series.first { $0.name == "pages" })
        #expect(pager.references.prefix(4).map(\.label) == ["Comments", "Details", "Up next", "More"])
        #expect(tabs.events.contains { $0.kind == .resize })
        // A pager's own scroll view is not plotted twice.
        #expect(!tabs.series.contains { $0.key == pager.key && $0.name != "pages" })
    }

    /// A pager's series is its position in pages, contentOffset.x / its width (docs/review-page.md): vimeo-tabs'
    /// tap on its fourth tab rests exactly on the "page 3 · More" line, drawn on the scale, not at 0.75 beside
    /// "page 1" (its state's `fraction`, contentOffset.x / contentSize.width), and stays there through the resize.
    @Test func aPagerRestsOnItsPageLine() throws {
        let scenario = try Fixtures.example("vimeo-tabs")
        let timeline = MotionTimeline(scenario: scenario)
        let series = try #require(timeline.series.first { $0.name == "pages" })
        let frames = Simulation.frames(of: scenario)
        let final = try #require(frames.last?.pager(series.key))
        #expect(final.page == 3)
        let last = try #require(series.values.last)
        #expect(abs(last - 3) < 1e-6, "the last frame is at page \(last)")
        #expect(zip(series.values, frames).allSatisfy { abs($0 - ($1.pager(series.key)?.pages ?? .nan)) < 1e-12 })
        // After the tab's scroll settles (3.1 s) it holds its page while the viewport widens from 390 to 600 pt.
        let held = zip(timeline.times, series.values).filter { $0.0 >= 3.2 }.map(\.1)
        #expect(!held.isEmpty && held.allSatisfy { abs($0 - 3) < 1e-6 }, "\(held.map { $0 - 3 }.filter { abs($0) >= 1e-6 }.prefix(3))")
        // The page lines are at whole pages, each labelled by its page.
        #expect(series.references.map(\.value).allSatisfy { $0 == $0.rounded() })
        #expect(series.references.prefix(4).map(\.value) == [0, 1, 2, 3])

        let plot = MotionPlot(timeline: timeline, title: "vimeo-tabs")
        let panel = try #require(plot.panels.first { $0.series.name == "pages" })
        let layout = plot.referenceLayout(panel)
        // Every page it visits is on the scale: none is noted beyond it.
        #expect(layout.notes.isEmpty, "\(layout.notes.map(\.lines))")
        #expect(layout.margin.map(\.text) == ["page 3 · More", "page 2 · Up next", "page 1 · Details", "page 0 · Comments"])
        let more = try #require(layout.margin.first { $0.text == "page 3 · More" })
        // The blue curve of the SVG ends on that line (Cairo writes coordinates in 1/256 pt).
        let svg = String(decoding: try plot.svg(), as: UTF8.self)
        let curve = try #require(Self.strokedPaths(svg, color: "rgb(0%,47.843137%,100%)").first)
        let end = try #require(curve.last)
        #expect(abs(end.y - more.lineY) <= 1.0 / 256, "ends at y \(end.y), the page 3 line is at \(more.lineY)")
        #expect(abs(panel.value(atY: end.y) - 3) < 0.01)
    }

    /// A pager's velocity graph is its scroll view's d(contentOffset.x)/dt in pt/s, and its caption says so by
    /// direction: positive while it moves toward later pages (its value rising), negative back.
    @Test func aPagersVelocityCaptionNamesTheOffsetAndItsDirection() throws {
        let scenario = try Fixtures.example("vimeo-tabs")
        let timeline = MotionTimeline(scenario: scenario)
        let series = try #require(timeline.series.first { $0.name == "pages" })
        let caption = series.velocityCaption
        #expect(caption == "velocity (pt/s): d(contentOffset.x)/dt; positive is toward later pages and is drawn up")
        #expect(!caption.contains("positive is up"))
        // The sign agrees: wherever the page position moves by more than a hundredth of a page in a frame, the
        // velocity has its sign, and is the scroll view's own (pt/s).
        let frames = Simulation.frames(of: scenario)
        var moves = 0
        for i in series.values.indices.dropFirst() where abs(series.values[i] - series.values[i - 1]) > 0.01 {
            moves += 1
            #expect((series.values[i] - series.values[i - 1]).sign == series.velocities[i].sign, "frame \(i)")
        }
        #expect(moves > 20)
        #expect(zip(series.velocities, frames).allSatisfy { $0 == $1.scrollView(series.key)?.velocity.x })
        // Other kinds keep theirs.
        let handoff = MotionTimeline(scenario: try Fixtures.example("sheet-handoff"))
        #expect(handoff.series.map(\.velocityCaption) == [
            "velocity (pt/s): d(top)/dt; negative is rising and is drawn up, as the top edge is",
            "velocity (pt/s): d(contentOffset.y)/dt; positive is scrolling toward the end and is drawn up",
        ])
        // A horizontal list names its own offset.
        let carousel = MotionTimeline(scenario: try Fixtures.example("horizontal-carousel"))
        #expect(carousel.series.map(\.velocityCaption) == [
            "velocity (pt/s): d(contentOffset.x)/dt; positive is scrolling toward the end and is drawn up",
        ])
    }

    @Test func aCarouselIsPlottedInCardsOfItsOwnWidth() throws {
        // Cards 300 pt wide with 12 pt between: a page is 312 pt, not the 390 pt frame.
        let cards = (1...5).map { Card(title: "Card \($0)") }
        let scenario = Scenario(name: "cards", viewport: Viewport(width: 390, height: 300, scale: 1), duration: 1.5,
                                scene: Scene(background: .plain, root: .carousel(CarouselSpec(cards: cards, cardWidth: 300))),
                                gestures: [.drag(at: 0.1, from: Point(x: 300, y: 150), to: Point(x: 100, y: 150), duration: 0.1)])
        let timeline = MotionTimeline(scenario: scenario)
        let series = try #require(timeline.series.first)
        #expect(timeline.series.count == 1 && series.name == "pages")
        let final = try #require(Simulation.frames(of: scenario).last?.carousels.first)
        #expect(abs(try #require(series.values.last) - final.fraction) < 1e-12)
        #expect(final.fraction >= 1 && abs(final.fraction - final.fraction.rounded()) < 1e-3, "rests on a card: \(final.fraction)")
        #expect(series.references.prefix(2).map(\.label) == ["Card 1", "Card 2"])
        #expect(abs(series.halfPixel - 0.5 / 312) < 1e-9)
    }

    /// What the examples are about (issue 37, item 14): large-title's plot has its bar's collapse, with its
    /// "expanded" and "collapsed" lines; deck-card's has the presenting view's scale and a "dismissed" line under
    /// the card's top. Read from the timeline, the panels' labels and the curves drawn in the SVG.
    @Test func largeTitleAndDeckCardPlotWhatTheyAreAbout() throws {
        let title = MotionPlot(timeline: MotionTimeline(scenario: try Fixtures.example("large-title")), title: "large-title")
        #expect(title.panels.map(\.series.title) == ["mail · content offset y", "inbox · collapse"])
        let collapse = try #require(title.panels.last)
        #expect(collapse.series.name == "collapse")
        #expect(collapse.series.statePath == "navigationBars.inbox.collapse")
        // Expanded at the start, collapsed while the list is scrolled up, expanded again after the pull back down.
        #expect(collapse.series.values.first == 0 && collapse.series.values.max() == 1 && collapse.series.values.last == 0)
        #expect(title.referenceLayout(collapse).margin.map(\.text).sorted() == ["collapsed  1.00", "expanded  0.00"])
        #expect(collapse.series.unitNote == "navigationBars.inbox.collapse, 0 to 1")
        var svg = String(decoding: try title.svg(), as: UTF8.self)
        #expect(Self.strokedPaths(svg, color: "rgb(0%,47.843137%,100%)").count == 2, "a value curve per panel")

        let deck = MotionPlot(timeline: MotionTimeline(scenario: try Fixtures.example("deck-card")), title: "deck-card")
        #expect(deck.panels.map(\.series.title) == ["sheet · top edge", "sheet · presenting scale"])
        let top = try #require(deck.panels.first), scale = try #require(deck.panels.last)
        #expect(deck.referenceLayout(top).margin.map(\.text).sorted() == ["card  55 pt", "dismissed  844 pt"])
        #expect(deck.referenceLayout(scale).margin.map(\.text) == ["full size  1.00"])
        // The screen behind the card at rest (1 − 2·47/844), growing to full size once the card is dismissed.
        #expect(abs((scale.series.values.first ?? 0) - (1 - 2 * 47.0 / 844)) < 1e-6, "\(scale.series.values.first ?? 0)")
        #expect(scale.series.values.last == 1)
        svg = String(decoding: try deck.svg(), as: UTF8.self)
        #expect(Self.strokedPaths(svg, color: "rgb(0%,47.843137%,100%)").count == 2, "a value curve per panel")

        // A sheet that never leaves has no "dismissed" line.
        let handoff = MotionPlot(timeline: MotionTimeline(scenario: try Fixtures.example("sheet-handoff")), title: "sheet-handoff")
        let sheet = try #require(handoff.panels.first { $0.series.name == "top" })
        #expect(!sheet.series.references.contains { $0.label == "dismissed" })
        #expect(!handoff.panels.contains { $0.series.unit == "fraction" })
    }

    /// Every label of every bundled example's plot keeps clear of every other (carousel-sheet drew "peek 514 pt"
    /// over the list's "bottom edge 1748.4 pt"), and a panel's labels stay in its own rows.
    @Test func labelsNeverOverlap() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.examples.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        #expect(names.count > 10)
        for name in names {
            let plot = MotionPlot(timeline: MotionTimeline(scenario: try Fixtures.example(name)), title: name)
            let groups = plot.labelBoxes()
            let boxes = groups.flatMap { $0 }
            for (i, a) in boxes.enumerated() {
                for b in boxes[(i + 1)...] {
                    #expect(!MotionPlot.overlap(a.rect, b.rect), "\(name): \"\(a.text)\" \(a.rect) overlaps \"\(b.text)\" \(b.rect)")
                }
            }
            for (panel, labels) in zip(plot.panels, groups.dropFirst()) {
                for label in labels {
                    // From the top of the title's letters (its baseline less 10 pt) to the foot of the velocity graph.
                    #expect(label.rect.minY >= panel.titleOrigin.y - 10 && label.rect.maxY <= panel.speedRect.maxY,
                            "\(name): \"\(label.text)\" at \(label.rect) is outside \(panel.series.title)'s rows")
                }
            }
        }
    }

    /// A horizontal list's panel: its right edge, far above the scale, is noted at the top of its own value graph's
    /// margin (it was under the graph, between it and the velocity graph), saying which way it lies; the left edge's
    /// label stays by its line; the title's note says that up is toward the right edge.
    @Test func aHorizontalListsEdgesReadOnItsOwnGraph() throws {
        let plot = MotionPlot(timeline: MotionTimeline(scenario: try Fixtures.example("horizontal-carousel")), title: "h")
        let list = try #require(plot.panels.first { $0.series.name == "contentOffset.x" })
        let rect = list.valueRect
        let layout = plot.referenceLayout(list)
        let note = try #require(layout.notes.first)
        #expect(note.lines == ["↑ right edge 1410 pt", "   above this scale"])
        // Both lines of the note beside the value graph's top: from its top edge down, clear of its bottom.
        #expect(note.baseline - 8 >= rect.minY && note.baseline + 11 + 3 <= rect.minY + 30,
                "note at baseline \(note.baseline), graph \(rect.minY)...\(rect.maxY)")
        let left = try #require(layout.margin.first { $0.text == "left edge  0 pt" })
        #expect(abs(left.baseline - 3.5 - list.y(ofValue: 0)) < 1, "the left edge's label by its line")
        #expect(list.series.unitNote == "pt; up is toward the right edge (larger contentOffset.x)")
        // Every label of the panel is beside its value graph, none in the gap above the velocity graph.
        let boxes = try #require(plot.labelBoxes().last).filter { $0.rect.minY > list.titleOrigin.y }
        #expect(!boxes.isEmpty)
        for box in boxes { #expect(box.rect.minY >= rect.minY && box.rect.maxY <= rect.maxY + 1, "\(box.text) at \(box.rect)") }
    }

    /// A line below the scale is noted at the bottom of the margin, above the graph's bottom edge, and the margin
    /// labels keep clear of it.
    @Test func aNoteBelowTheScaleSitsAtTheGraphsBottom() throws {
        let plot = MotionPlot(timeline: MotionTimeline(scenario: try Fixtures.example("carousel-sheet")), title: "c")
        var list = try #require(plot.panels.first { $0.series.key == "places" })
        // The same panel with its scale moved above every line: the top edge (0 pt) is now below it.
        list.valueAtBottom = 50
        list.offScale = list.series.references.filter { $0.value < 50 }
        let layout = plot.referenceLayout(list)
        let note = try #require(layout.notes.first { $0.lines[0].hasPrefix("↓ top edge") })
        #expect(note.lines[1] == "   below this scale")
        #expect(note.baseline + 11 <= list.valueRect.maxY && note.baseline + 11 >= list.valueRect.maxY - 3)
        for label in layout.margin { #expect(label.baseline + 3 <= note.baseline - 8, "\(label.text) clear of the note") }
    }

    @Test func carouselSheetDrawsTheListEdgeOnlyAsANoteOfItsOwnPanel() throws {
        let plot = MotionPlot(timeline: MotionTimeline(scenario: try Fixtures.example("carousel-sheet")), title: "c")
        let sheet = try #require(plot.panels.first { $0.series.name == "top" })
        let list = try #require(plot.panels.first { $0.series.key == "places" })
        #expect(!plot.referenceLayout(sheet).margin.contains { $0.text.contains("bottom edge") })
        let listLayout = plot.referenceLayout(list)
        #expect(!listLayout.margin.contains { $0.text.contains("bottom edge") })
        #expect(listLayout.notes.contains { $0.lines[0].contains("bottom edge 1748.4 pt") })
        // Every dashed line of the list lies inside its own graph.
        for point in listLayout.dashes.flatMap({ $0 }) {
            #expect(point.y >= list.valueRect.minY && point.y <= list.valueRect.maxY)
        }
    }

    /// A sheet's panel has one sign convention: rising (its top decreasing, velocity negative) is drawn up in both graphs.
    @Test func aRisingSheetGoesUpInBothGraphs() throws {
        let plot = MotionPlot(timeline: MotionTimeline(scenario: try Fixtures.example("carousel-sheet")), title: "c")
        let sheet = try #require(plot.panels.first { $0.series.name == "top" })
        #expect(sheet.y(ofValue: 100) < sheet.y(ofValue: 500))
        #expect(sheet.y(ofSpeed: -600) < sheet.y(ofSpeed: 0))
        #expect(sheet.series.velocityCaption.contains("negative is rising"))
        let list = try #require(plot.panels.first { $0.series.key == "places" })
        #expect(list.y(ofSpeed: 600) < list.y(ofSpeed: 0))
    }

    @Test func spreadKeepsLabelsApartAndInside() {
        #expect(PlotLabels.spread([10, 10, 10], spacing: 12, within: 0...100) == [10, 22, 34])
        #expect(PlotLabels.spread([95, 99], spacing: 12, within: 0...100) == [88, 100])
        // Too many to fit: from the top down, never overlapping.
        #expect(PlotLabels.spread([0, 1, 2], spacing: 12, within: 0...20) == [0, 12, 24])
    }

    @Test func ticksAreRoundNumbers() {
        #expect(PlotTicks.ticks(0, 4.5, count: 10).values == [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5])
        #expect(PlotTicks.ticks(-120, 730, count: 5).values == [0, 200, 400, 600])
        #expect(PlotTicks.label(-0.0, step: 1) == "0")
        #expect(MotionPlot.valueText(-0.01, unit: "pt") == "0 pt")
    }
}
