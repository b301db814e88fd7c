import FlickCore
@testable import FlickReview
import Foundation
import Testing

/// Many runs on one motion graph (`CompareGraph`, `ReviewPage.runsPage`): its lines, marks, legend and bytes.
/// Its behaviour in a browser is tested by Tests/Browser.
@Suite struct CompareGraphTests {
    /// sheet-handoff's variants of `--set scene.sheet.spring.response=…` (the keys a sweep varies).
    static func sweepRuns(_ responses: [Double]) throws -> [CompareRun] {
        let axis = try SweepAxis.parse("scene.sheet.spring.response=" + responses.map { "\($0)" }.joined(separator: ","))
        let sweep = try ScenarioSweep.load(path: Fixtures.examples.appendingPathComponent("sheet-handoff.yaml").path, axes: [axis])
        return sweep.variants.map { variant in
            CompareRun(scenario: variant.scenario, label: CompareRun.variantLabel(variant.assignments), detail: variant.label)
        }
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func everyRunGetsItsOwnColourAndDash() {
        let styles = (0..<ScenarioSweep.maximumVariants).map { CompareGraph.style(of: $0) }
        #expect(Set(styles.map { "\($0.color) \($0.dash)" }).count == ScenarioSweep.maximumVariants)
        // The first runs differ in both colour and dash.
        let first = Array(styles.prefix(CompareGraph.palette.count))
        #expect(Set(first.map(\.color)).count == first.count && Set(first.map(\.dash)).count == first.count)
        #expect(!CompareGraph.palette.contains("#F0E442"))
    }

    /// `/compare` with unrelated screens (issue 37, item 12): runs of one group share panels, each group has its
    /// own panels on its own scale, and a reference line that not every run of a panel has is labelled by its runs.
    @Test func groupsGetTheirOwnPanelsAndLinesSayWhoseTheyAre() throws {
        var runs = try Self.sweepRuns([0.2, 0.5])
        let fling = try Fixtures.example("fling-to-rest"), rubber = try Fixtures.example("rubber-band-pull")
        runs.append(CompareRun(scenario: fling, label: "fling-to-rest", detail: "fling"))
        runs.append(CompareRun(scenario: rubber, label: "rubber-band-pull", detail: "rubber"))
        for i in 0..<2 { runs[i].group = "sheet-handoff" }
        runs[2].group = "fling-to-rest"
        runs[3].group = "rubber-band-pull"
        let graph = CompareGraph(runs: runs)
        #expect(graph.panels.map { "\($0.group ?? "-") / \($0.title)" } == [
            "sheet-handoff / sheet · top edge", "sheet-handoff / list · content offset y",
            "fling-to-rest / list · content offset y", "rubber-band-pull / list · content offset y"])
        let svg = graph.svg()
        let panels = svg.components(separatedBy: "<g class=\"panel\"").dropFirst()
        #expect(panels.count == 4)
        for (panel, (group, title)) in zip(panels, graph.panels) {
            #expect(panel.hasPrefix(" data-title=\"\(title)\" data-group=\"\(group ?? "")\">"), "\(panel.prefix(80))")
            // Only the group's runs draw in its panels.
            let drawn = Set(runs.indices.filter { panel.contains("class=\"run-line value\" data-run=\"\($0)\"") })
            #expect(drawn == Set(runs.indices.filter { runs[$0].group == group }), "\(title) of \(group ?? "")")
        }
        // Two runs of one panel whose lists end at different places: the shared top edge is one plain line, each
        // bottom edge says whose it is.
        func list(_ label: String, end: Double) -> CompareRun {
            CompareRun(label: label, detail: label, series: [CompareRun.Series(
                title: "list · content offset y", flipped: false, times: [0, 1], values: [0, 110], velocities: [0, 0],
                references: [.init(label: "top edge", value: 0), .init(label: "bottom edge", value: end)],
                velocityCaption: ScrollViewState.velocityCaption("y"))], marks: [])
        }
        let shared = CompareGraph(runs: [list("short", end: 100), list("long", end: 120)])
        #expect(shared.panels.count == 1)
        let labels = shared.svg().components(separatedBy: "class=\"ref-label\"").dropFirst().compactMap { chunk -> String? in
            guard let start = chunk.firstIndex(of: ">"), let end = chunk.range(of: "</text>") else { return nil }
            return String(chunk[chunk.index(after: start)..<end.lowerBound])
        }
        #expect(labels.sorted() == ["bottom edge  100 pt · short", "bottom edge  120 pt · long", "top edge  0 pt"], "\(labels)")
    }

    @Test func nRunsDrawNLinesPerGraphAndALegendOfN() throws {
        let runs = try Self.sweepRuns([0.2, 0.35, 0.5])
        let graph = CompareGraph(runs: runs)
        #expect(graph.titles == ["sheet · top edge", "list · content offset y"])
        let svg = graph.svg()
        #expect(Self.count("class=\"run-line value\"", in: svg) == 3 * graph.titles.count)
        #expect(Self.count("class=\"run-line speed\"", in: svg) == 3 * graph.titles.count)
        for i in 0..<3 {
            let style = CompareGraph.style(of: i)
            #expect(svg.contains("class=\"run-line value\" data-run=\"\(i)\" clip-path=\"url(#clip-8-v)\" stroke=\"\(style.color)\""))
        }
        let legend = graph.legend()
        #expect(Self.count("<li class=\"run\"", in: legend) == 3)
        // The slower springs settle later: the settle times in the legend grow with the response.
        let settles = runs.map { $0.marks.filter { $0.kind == .settled }.map(\.time).last ?? 0 }
        #expect(settles[0] < settles[1] && settles[1] < settles[2], "\(settles)")
        // A shared time axis: from the earliest start to the latest end.
        #expect(graph.timeRange == 0...4.5)
    }

    @Test func releaseAndSettleMarksCarryTheExplanation() throws {
        let run = try #require(try Self.sweepRuns([0.5]).first)
        #expect(run.marks.map(\.kind) == [.release, .release, .release, .settled])
        let third = run.marks[2]
        #expect(third.time == 3.1)
        #expect(third.explain.contains { $0.hasPrefix("3.1 s, sheet `sheet` released at top") && $0.contains("chose tip") }, "\(third.explain)")
        // The settle mark carries the decision whose motion it ends.
        let settle = run.marks[3]
        #expect(settle.explain.contains { $0.contains("chose tip") }, "\(settle.explain)")
        let svg = CompareGraph(runs: [run]).svg()
        #expect(svg.contains("<g class=\"mark settled\" data-run=\"0\" tabindex=\"0\"><title>response=0.5 · settled at \(String(format: "%.3f", settle.time)) s\n"))
        #expect(CompareGraph.momentsText(run.marks).hasPrefix("released 1.3 s, 2.7 s, 3.1 s · settled "))
    }

    @Test func settleMarksFallBackToTheLastRelease() {
        // "other" was recorded more than a frame after the release: not its explanation.
        let marks = CompareRun.marks([(.release, 1), (.settled, 1.5), (.moving, 2)],
                                     explanations: [(1, nil, "why one"), (1.02, 3, "other")], frame: 1.0 / 60)
        #expect(marks.map(\.explain) == [["why one"], ["why one"], ["why one"]])
        let exact = CompareRun.marks([(.tap, 1), (.settled, 3)], explanations: [(1, 3, "tab"), (1, nil, "not it")], frame: 1.0 / 60)
        #expect(exact[1].explain == ["tab"])
    }

    @Test(arguments: ["sheet-handoff", "vimeo-tabs", "carousel-sheet"])
    func aFoldersStatesGiveTheSameCurvesAsTheScenario(_ name: String) throws {
        let scenario = try Fixtures.example(name)
        let simulated = CompareRun(scenario: scenario, label: "a", detail: "")
        let simulation = Simulation(scenario: scenario)
        var frames: [FrameState] = []
        while let frame = simulation.nextFrame() { frames.append(frame) }
        let states = Data(StatesWriter.document(scenario, frames: frames, format: .json).utf8)
        let events = simulated.marks.map { RunPageData.Event(kind: $0.kind == .settled ? "settled" : $0.kind.rawValue, time: $0.time) }
        let read = try CompareRun(statesJSON: states, events: events, label: "a", detail: "")
        #expect(read.series.map(\.title) == simulated.series.map(\.title))
        for (a, b) in zip(read.series, simulated.series) {
            #expect(a.unit == b.unit)
            #expect(a.values.count == b.values.count)
            #expect(zip(a.values, b.values).allSatisfy { abs($0 - $1) < 1e-5 })
        }
        #expect(read.marks.map(\.time) == simulated.marks.map(\.time))
        // Plain states carry no explanations, and the legend says so.
        #expect(read.marks.allSatisfy { $0.explain.isEmpty })
        #expect(CompareGraph(runs: [read]).legend().contains("No <code>--explain</code> lines"))
        #expect(!CompareGraph(runs: [simulated]).legend().contains("No <code>--explain</code> lines"))
        #expect(throws: ReviewError.self) { try CompareRun(statesJSON: Data("[1]".utf8), events: [], label: "x", detail: "") }
    }

    /// A pager's graph is in pages, as on the motion plot: vimeo-tabs ends at page 3 (its fourth tab), ticked at
    /// whole pages, with its velocity labelled as the scroll view's.
    @Test func aPagerIsGraphedInPages() throws {
        let run = CompareRun(scenario: try Fixtures.example("vimeo-tabs"), label: "tabs", detail: "")
        let pager = try #require(run.series.first { $0.title == "pager · page" })
        #expect(pager.unit == "pages")
        #expect(abs(try #require(pager.values.last) - 3) < 1e-6)
        #expect(pager.references.map(\.value) == [0, 1, 2, 3])
        let svg = CompareGraph(runs: [run]).svg()
        #expect(svg.contains(">velocity (pt/s): d(contentOffset.x)/dt; positive is toward later pages and is drawn up</text>"))
        let ticks = svg.components(separatedBy: "text-anchor=\"end\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(ticks.prefix(4) == ["0", "1", "2", "3"], "\(ticks)")
    }

    @Test func variantLabelsNameTheLastKey() {
        #expect(CompareRun.variantLabel([SweepAssignment(path: "scene.sheet.spring.response", value: "0.3"),
                                         SweepAssignment(path: "physics.preset", value: "uikit")]) == "response=0.3 · preset=uikit")
        #expect(CompareRun.variantLabel([SweepAssignment(path: "scene.sheet.detents[1].fraction", value: "0.5")]) == "detents[1].fraction=0.5")
    }

    @Test func thePageIsDeterministicAndEscapesEveryString() throws {
        var runs = try Self.sweepRuns([0.2, 0.8])
        runs[0].label = "</script><img src=x onerror=alert(1)>"
        runs[1].detail = "a\"b & <c>"
        runs[1].marks[0].explain = ["<b>bold</b>"]
        let graph = CompareGraph(runs: runs)
        let page = ReviewPage.runsPage(title: "t <x>", meta: "m & n", graph: graph, links: [(label: "a\"", href: "x.png\" onclick=\"y")])
        #expect(page == ReviewPage.runsPage(title: "t <x>", meta: "m & n", graph: CompareGraph(runs: runs),
                                            links: [(label: "a\"", href: "x.png\" onclick=\"y")]))
        #expect(!page.contains("<img src=x") && !page.contains("<b>bold") && !page.contains("<c>") && !page.contains("<x>"))
        #expect(!page.contains("onclick=\"y"))
        #expect(page.contains("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(page.contains("a&quot;b &amp; &lt;c&gt;"))
        // The labels in the page's JSON data cannot end its script element.
        #expect(Self.count("</script>", in: page) == 2)
        #expect(page.contains("<body data-kind=\"runs\""))
    }
}
