import FlickCore
import FlickRender
@testable import FlickReview
import Foundation
import Testing

/// The review pages' data and bytes (their behaviour in a browser is tested by Tests/Browser).
@Suite struct ReviewPageTests {
    static func sheetHandoffData(range: ClosedRange<Int>? = nil) throws -> (RunPageData, MotionPlot) {
        let scenario = try Fixtures.example("sheet-handoff")
        let timeline = MotionTimeline(scenario: scenario, range: range)
        let plot = MotionPlot(timeline: timeline, title: "t")
        let data = RunPageData(scenario: scenario, timeline: timeline,
                               canvas: RunCanvas(viewports: timeline.viewports, scale: 1), frameExtension: "png",
                               overlay: false, plot: plot)
        return (data, plot)
    }

    @Test func pageDataOfARender() throws {
        let (data, plot) = try Self.sheetHandoffData(range: 10...99)
        #expect(data.name == "sheet-handoff")
        #expect(data.fps == 60 && data.scale == 1)
        #expect(data.first == 10 && data.count == 90 && data.total == 271 && data.digits == 5)
        #expect(data.width == 390 && data.height == 844)
        #expect(data.framePath(42) == "frames/frame_00042.png")
        #expect(data.framePath(7, folder: "overlay") == "overlay/frame_00007.png")
        // The moments of the scenario's gestures that fall in frames 10...99 (0.1667 s ... 1.65 s).
        #expect(data.events.map(\.kind) == ["down", "release", "down"])
        #expect(data.events.map(\.time) == [0.2, 1.3, 1.6])
        #expect(data.spans == [[0.2, 1.3], [1.6, 2.7]])
        // The plot's mapping is MotionPlot's own: its graphs' edges and times.
        let page = try #require(data.plot)
        #expect(page.src == "motion.svg")
        #expect(page.width == MotionPlot.width && page.height == plot.height.rounded(.up))
        let rect = plot.panels[0].valueRect
        for t in [0.2, 0.9, 1.5] {
            #expect(abs(page.x(ofTime: t) - plot.x(ofTime: t, in: rect)) < 1e-9)
        }
        #expect(page.bands.count == 2 * plot.panels.count)
        #expect(page.bands[1] == [plot.panels[0].speedRect.minY, plot.panels[0].speedRect.maxY])
    }

    @Test func pageIsDeterministicAndCarriesItsData() throws {
        let (data, _) = try Self.sheetHandoffData()
        let run = ReviewPage.Run(data: data, label: "sheet-handoff")
        let first = ReviewPage.runPage(run), second = ReviewPage.runPage(run)
        #expect(first == second)
        #expect(first.hasPrefix("<!DOCTYPE html>"))
        // Nothing is fetched from elsewhere: the page's own files only, by relative path.
        #expect(!first.contains("http://") && !first.contains("https://") && !first.contains("fetch("))
        #expect(first.contains("<script src=\"states.js\"></script>"))
        #expect(first.contains("<img src=\"motion.svg\""))
        // The data as run.json carries it reads back to the same data (to the 1e-6 of its numbers), validated.
        #expect(try RunPageData.decode(Data(data.json.text.utf8), file: "run.json").json.text == data.json.text)
        // The marks and the moments: one per event, in order.
        #expect(first.components(separatedBy: "<span class=\"mark down\"").count - 1 == 3)
        #expect(first.components(separatedBy: "class=\"moment ").count - 1 == data.events.count)
        // Small: the style, the script and the data of a 271-frame run.
        #expect(first.utf8.count < 60_000, "\(first.utf8.count) bytes")
    }

    @Test func textFromTheScenarioCannotCloseTheScriptOrTheMarkup() throws {
        var (data, _) = try Self.sheetHandoffData(range: 0...3)
        data.name = "a</script><b>\"&"
        let page = ReviewPage.runPage(ReviewPage.Run(data: data, label: data.name))
        #expect(!page.contains("a</script>"))
        #expect(page.contains("a&lt;/script&gt;&lt;b&gt;&quot;&amp;"))
        #expect(page.contains("\"name\": \"a\\u003c/script\\u003e\\u003cb\\u003e\\\"\\u0026\""))
        // An HTML comment opening a script (`<!--<script>`) would keep the page's scripts from running: none appears.
        data.name = "x<!--<script>\u{2028}"
        let comment = ReviewPage.runPage(ReviewPage.Run(data: data, label: data.name))
        #expect(!comment.contains("<!--"))
        #expect(comment.contains("\"name\": \"x\\u003c!--\\u003cscript\\u003e\\u2028\""))
    }

    @Test func statesCarriedInThePageAreEscapedByteForByte() {
        let json = Data("{\"a\": \"</script><!--<script>&\u{2028}é\"}".utf8)
        let safe = String(decoding: ReviewPage.scriptSafe(json), as: UTF8.self)
        #expect(safe == "{\"a\": \"\\u003c/script\\u003e\\u003c!--\\u003cscript\\u003e\\u0026\\u2028é\"}")
        let decoded = try? JSONSerialization.jsonObject(with: Data(safe.utf8)) as? [String: String]
        #expect(decoded?["a"] == "</script><!--<script>&\u{2028}é")
        #expect(ReviewPage.pathURL("../a#b/p%41q/x y/..") == "../a%23b/p%2541q/x%20y/..")
    }

    @Test func statesScriptRegistersTheDocumentUnderItsOwnSource() {
        let script = String(decoding: ReviewPage.statesScript(Data("{\"frames\": []}\n".utf8)), as: UTF8.self)
        #expect(script == "(window.flickStates = window.flickStates || {})[document.currentScript.getAttribute(\"src\")] =\n{\"frames\": []};\n")
    }

    @Test func runDataOfAFolderWithoutAPageComesFromItsStates() throws {
        let scenario = try Fixtures.example("vimeo-tabs", scale: 0.5)
        let simulation = Simulation(scenario: scenario)
        var frames: [FrameState] = []
        while let frame = simulation.nextFrame() { frames.append(frame) }
        let states = StatesWriter.document(scenario, frames: frames, format: .json)
        let names = (5...40).map { SequenceRenderer.frameFileName($0, count: scenario.frameCount, extension: "png") } + ["notes.txt"]
        let data = try RunPageData.fromStates(Data(states.utf8), frameNames: names, overlayNames: [])
        #expect(data.first == 5 && data.count == 36 && data.ext == "png" && !data.overlay && data.plot == nil)
        #expect(data.fps == scenario.fps && data.scale == 0.5 && data.total == scenario.frameCount)
        // Touch-downs at `began`, releases at `ended` and the resize where the viewport changes, as the states say.
        let timeline = MotionTimeline(scenario: scenario)
        let resize = try #require(timeline.events.first { $0.kind == .resize })
        let resizes = data.events.filter { $0.kind == "resize" }
        #expect(resizes.count == 1)
        // (Times come from states.json, written to the microsecond.)
        #expect(resizes.allSatisfy { $0.time >= resize.time - 1e-6 && $0.time <= resize.time + 1 / scenario.fps + 1e-6 })
        let downs = frames.filter { $0.touch?.phase == .began }.map(\.time)
        #expect(data.events.filter { $0.kind == "down" }.map(\.time) == downs)
        #expect(!downs.isEmpty)
        // A gap in the frames is refused.
        #expect(throws: ReviewError.self) {
            try RunPageData.fromStates(Data(states.utf8), frameNames: ["frame_00001.png", "frame_00003.png"], overlayNames: [])
        }
        #expect(throws: ReviewError.self) { try RunPageData.fromStates(Data("{}".utf8), frameNames: names, overlayNames: []) }
    }

    @Test func htmlRenderWritesThePageAndItsScriptsByteIdenticalTwice() throws {
        let folder = try Fixtures.temporaryFolder("html")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try Fixtures.example("sheet-handoff", scale: 0.25)
        var options = ReviewOptions(playbackFPS: 60)
        options.html = true
        #expect(options.fileNames == ["motion.svg", "index.html", "states.js", "run.json"])
        var pages: [Data] = []
        for run in ["one", "two"] {
            try Fixtures.render(scenario, range: 0...20, into: folder.appendingPathComponent(run), options: options)
            let out = folder.appendingPathComponent(run + "/sheet-handoff")
            let states = try Data(contentsOf: out.appendingPathComponent("states.json"))
            let script = try Data(contentsOf: out.appendingPathComponent("states.js"))
            #expect(script == ReviewPage.statesScript(states))
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("motion.svg").path))
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("motion.png").path))
            pages.append(try Data(contentsOf: out.appendingPathComponent("index.html")))
        }
        #expect(pages[0] == pages[1])
        let json = try Data(contentsOf: folder.appendingPathComponent("one/sheet-handoff/run.json"))
        let data = try RunPageData.decode(json, file: "run.json")
        #expect(data.first == 0 && data.count == 21 && data.width == 98 && data.height == 211)
    }

    /// `flick render --html` (its `ReviewRecorder.render`) simulates the scenario once: the frames, states.json, the
    /// timeline and the page data are folds over one recorded run. The recorder and the renderer each simulating
    /// (the way before) is two.
    @Test func htmlRenderSimulatesOnce() throws {
        let folder = try Fixtures.temporaryFolder("once")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try Fixtures.example("sheet-handoff", scale: 0.25)
        var review = ReviewOptions(contactSheet: true, motion: true, playbackFPS: scenario.fps)
        review.html = true
        let sequence = SequenceOptions(format: .png, frames: 0...20, jobs: 2, render: RenderOptions(iconFolders: [Fixtures.examples.path]))
        let once = SimulationCounter()
        try Simulation.$counter.withValue(once) {
            _ = try ReviewRecorder.render(scenario, to: folder.appendingPathComponent("once/sheet-handoff"), options: sequence, review: review)
        }
        #expect(once.count == 1)
        let twice = SimulationCounter()
        try Simulation.$counter.withValue(twice) {
            try Fixtures.render(scenario, range: 0...20, into: folder.appendingPathComponent("twice"), options: review)
        }
        #expect(twice.count == 2)
        // The same files either way.
        for name in ["states.json", "run.json", "index.html", "motion.svg", "contact-sheet.png", "frames/frame_00020.png"] {
            let a = try Data(contentsOf: folder.appendingPathComponent("once/sheet-handoff/" + name))
            let b = try Data(contentsOf: folder.appendingPathComponent("twice/sheet-handoff/" + name))
            #expect(a == b, "\(name)")
        }
    }

    @Test func comparePageCarriesBothRunsAndTheDiffs() throws {
        let (data, _) = try Self.sheetHandoffData(range: 0...9)
        let a = ReviewPage.Run(data: data, base: "a/", states: "a/states.js", label: "A run")
        let b = ReviewPage.Run(data: data, base: "../other/", states: "b.states.js", label: "B run")
        let differences = [ReviewPage.FrameDifference(index: 3, differing: 12, antiAliased: 1, ratio: 0.25, identical: false, image: true)]
        let page = ReviewPage.comparePage(a: a, b: b, differences: differences)
        #expect(page == ReviewPage.comparePage(a: a, b: b, differences: differences))
        #expect(page.contains("<script src=\"a/states.js\"></script>\n<script src=\"b.states.js\"></script>"))
        #expect(page.contains("\"frames\": {\"3\": {\"differing\": 12, \"antiAliased\": 1, \"ratio\": 0.25, \"identical\": false, \"image\": true}}"))
        #expect(page.contains("<img src=\"a/motion.svg\"") && page.contains("<img src=\"../other/motion.svg\""))
        // States carried in the page: JSON under the run's key, never a script.
        let carried = ReviewPage.Run(data: data, base: "../x/", states: "b", label: "B", statesJSON: Data("{\"frames\": [\"</script>\"]}".utf8))
        let withStates = ReviewPage.comparePage(a: a, b: carried, differences: differences)
        #expect(withStates.contains("<script type=\"application/json\" data-states=\"b\">{\"frames\": [\"\\u003c/script\\u003e\"]}</script>"))
    }

    @Test func diffReportListsEveryFrame() {
        let frames = [
            ReviewPage.ReportFrame(name: "frame_00000.png", stem: "frame_00000", differing: 0, antiAliased: 0, total: 100, ratio: 0,
                                   identical: true, withinTolerance: true, images: false),
            ReviewPage.ReportFrame(name: "frame_00001.png", stem: "frame_00001", differing: 7, antiAliased: 2, total: 100, ratio: 0.07,
                                   identical: false, withinTolerance: false, images: true),
        ]
        let page = ReviewPage.diffReport(expected: "a", actual: "b", frames: frames, errors: ["frame_00002.png: missing"], summary: "s")
        #expect(page == ReviewPage.diffReport(expected: "a", actual: "b", frames: frames, errors: ["frame_00002.png: missing"], summary: "s"))
        #expect(page.contains("<tr tabindex=\"0\" data-name=\"frame_00000.png\" data-differing=\"0\""))
        #expect(page.contains("<tr tabindex=\"0\" data-name=\"frame_00001.png\" data-differing=\"7\""))
        #expect(page.contains("<span class=\"chip bad\">1 beyond tolerance</span>"))
        #expect(page.contains("<li>frame_00002.png: missing</li>"))
    }
}
