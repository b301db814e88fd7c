import FlickCore
import FlickReview
import Foundation
import Testing
@testable import FlickServe

/// `flick serve`'s pages of many runs on one graph: the same page `flick review` writes (one code path), made
/// from the served runs. Over real HTTP and in a browser: Tests/Browser/test_compare.py.
@Suite struct ComparePageTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    static func served(_ names: [String]) throws -> [ServedScenario] {
        let entries = try ServedFiles.find(names.map { examples.appendingPathComponent($0 + ".yaml").path })
        return entries.map { entry in
            let scenario = ServedScenario(entry: entry, previewScale: 1, iconFolders: [], slots: DrawingSlots(count: 1))
            scenario.check()
            return scenario
        }
    }

    @Test func theServedFilesAreTheReviewPagesGraph() throws {
        let scenarios = try Self.served(["fling-to-rest", "sheet-handoff"])
        let page = ComparePage.served(scenarios, token: "t0k")
        let runs = try scenarios.map { s in
            var run = CompareRun(scenario: try #require(s.current).scenario, label: try #require(s.current).scenario.name, detail: s.shownPath)
            // Two screens: each file is its own group, on its own panels and scale.
            run.group = run.label
            return run
        }
        let graph = CompareGraph(runs: runs)
        #expect(graph.panels.map { $0.group ?? "" } == ["fling-to-rest", "sheet-handoff", "sheet-handoff"])
        #expect(page.contains("data-title=\"list · content offset y\" data-group=\"fling-to-rest\""))
        #expect(page.contains("data-title=\"list · content offset y\" data-group=\"sheet-handoff\""))
        let tag = "<script src=\"/_flick/serve.js\" data-mode=\"compare\" data-live=\"/compare/live\" data-stamp=\"1.1\" data-token=\"t0k\"></script>"
        #expect(page == OldSplice.beforePageScript(tag, into: ReviewPage.runsPage(
            title: "flick serve · all runs", meta: "2 served files on one motion graph, following every save and tune",
            graph: graph, links: [(label: "all scenarios", href: "/?token=t0k")])))
        // The live script runs before the page's own; the page gets no write controls (Approve's script).
        let live = try #require(page.range(of: tag)), own = try #require(page.range(of: "<script>\n", options: .backwards))
        #expect(live.upperBound < own.lowerBound)
        #expect(!page.contains("approve.js"))
        #expect(page == ComparePage.served(scenarios, token: "t0k"), "the same state gives the same bytes")
        #expect(page.components(separatedBy: "class=\"run-line value\"").count - 1 == graph.panels.count, "one run per panel")
        #expect(page.components(separatedBy: "<li class=\"run\"").count - 1 == 2)
    }

    @Test func aFilesVariantsOrWhatIsWrongWithTheSet() throws {
        let scenario = try #require(try Self.served(["sheet-handoff"]).first)
        let page = try ComparePage.sweep(scenario, sets: ["physics.preset=uikit,floatingpanel,flutter-ios"], token: "t").get()
        #expect(page.contains("<script src=\"/_flick/serve.js\" data-mode=\"compare\" data-live=\"/s/sheet-handoff/live\" data-stamp=\"1\" data-token=\"t\"></script>"))
        #expect(!page.contains("approve.js"))
        #expect(page.components(separatedBy: "<li class=\"run\"").count - 1 == 3)
        #expect(page.contains("<span class=\"run-name\">preset=floatingpanel</span>"))
        guard case .failure(let problems) = ComparePage.sweep(scenario, sets: ["physics.preset=nope"], token: "t") else {
            Issue.record("a preset that does not exist was taken")
            return
        }
        #expect(problems.lines.contains { $0.contains("nope") }, "\(problems)")
        #expect(!problems.lines.joined().contains(scenario.path) || scenario.path == scenario.shownPath)
        guard case .failure(let none) = ComparePage.sweep(scenario, sets: [], token: "t") else {
            Issue.record("no set was taken")
            return
        }
        #expect(none.lines == ["give the keys to vary: /s/sheet-handoff/compare?set=PATH=V1,V2,..."])
    }

    /// A folder of its own with copies of `names` from Examples, served (each checked once).
    static func servedCopies(_ names: [String]) throws -> (folder: URL, scenarios: [ServedScenario]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-compare-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(at: examples.appendingPathComponent(name + ".yaml"), to: folder.appendingPathComponent(name + ".yaml"))
        }
        let scenarios = try ServedFiles.find([folder.path]).map { entry in
            let scenario = ServedScenario(entry: entry, previewScale: 1, iconFolders: [], slots: DrawingSlots(count: 1))
            scenario.check()
            return scenario
        }
        return (folder, scenarios)
    }

    /// Writes `text` as `file` with another modification time than before, so that `check()` sees it at once.
    static func write(_ text: String, to file: URL, step: Int) throws {
        try text.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(step))], ofItemAtPath: file.path)
    }

    @Test func theStampAndStatusFollowEditsAndBrokenFilesKeepTheirLastRun() throws {
        let (folder, scenarios) = try Self.servedCopies(["fling-to-rest", "sheet-handoff"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("sheet-handoff.yaml")
        let source = try String(contentsOf: file, encoding: .utf8)
        #expect(ComparePage.status(scenarios) == #"{"stamp": "1.1", "errors": []}"#)
        let before = ComparePage.served(scenarios, token: "t")

        try Self.write(source + "\nphysics: {rubberBand: [1]}\n", to: file, step: 1)
        #expect(scenarios[1].check())
        let status = ComparePage.status(scenarios)
        #expect(status.hasPrefix(#"{"stamp": "1.1", "errors": [""#), "a broken file keeps its last good run: \(status)")
        #expect(status.contains("sheet-handoff.yaml:"), "\(status)")
        #expect(status.contains("physics.rubberBand"), "\(status)")
        #expect(ComparePage.served(scenarios, token: "t") == before, "the graph stays as it was")

        let edited = source.replacingOccurrences(of: "to: [195, 600], duration: 0.1", with: "to: [195, 700], duration: 0.1")
        #expect(edited != source)
        try Self.write(edited, to: file, step: 2)
        #expect(scenarios[1].check())
        #expect(ComparePage.status(scenarios) == #"{"stamp": "1.2", "errors": []}"#)
        let after = ComparePage.served(scenarios, token: "t")
        #expect(after != before)
        #expect(after.contains("data-stamp=\"1.2\""))
    }

    /// A variants page asked for while the file is broken: a browser gets a page with no runs that says the problem
    /// and follows the file (its live tag on the file's channel, at the version read); a script gets the lines.
    @Test func aVariantsPageOpenedWhileTheFileIsBrokenFollowsIt() throws {
        let (folder, scenarios) = try Self.servedCopies(["sheet-handoff"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("sheet-handoff.yaml")
        let source = try String(contentsOf: file, encoding: .utf8)
        try Self.write(source + "\nphysics: {rubberBand: [1]}\n", to: file, step: 1)
        #expect(scenarios[0].check())
        let sets = ["physics.preset=uikit,flutter-ios"]
        guard case .failure(let problems) = ComparePage.sweep(scenarios[0], sets: sets, token: "t") else {
            Issue.record("a broken file gave variants")
            return
        }
        #expect(problems.ofFile && problems.version == 1)
        let page = ComparePage.waiting(scenarios[0], sets: sets, problems: problems, token: "t")
        #expect(page.contains("<script src=\"/_flick/serve.js\" data-mode=\"compare\" data-live=\"/s/sheet-handoff/live\" data-stamp=\"1\" data-token=\"t\"></script>"))
        #expect(page.contains("cannot be made from the file as it is now; this page follows it: "))
        #expect(page.contains("error: physics.rubberBand"))
        #expect(!page.contains("<li class=\"run\""))
        // A malformed request is no problem of the file's.
        guard case .failure(let malformed) = ComparePage.sweep(scenarios[0], sets: ["nokey"], token: "t") else {
            Issue.record("a set without = was taken")
            return
        }
        #expect(!malformed.ofFile)
        // Fixed, the variants come.
        try Self.write(source, to: file, step: 2)
        #expect(scenarios[0].check())
        #expect(try ComparePage.sweep(scenarios[0], sets: sets, token: "t").get().components(separatedBy: "<li class=\"run\"").count - 1 == 2)
        #expect(Handler.wantsPage(accept: "text/html,application/xhtml+xml,*/*;q=0.8"))
        #expect(!Handler.wantsPage(accept: "*/*") && !Handler.wantsPage(accept: nil))
    }

    @Test func theCompareChannelSaysEveryFilesUpdates() async throws {
        let (folder, scenarios) = try Self.servedCopies(["fling-to-rest", "sheet-handoff"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LiveServer(scenarios: scenarios, configuration: ServeConfiguration(port: 0, token: "t"))
        var updates = server.watchAll().makeAsyncIterator()
        #expect(await updates.next() == #"{"stamp": "1.1", "errors": []}"#)
        let file = folder.appendingPathComponent("fling-to-rest.yaml")
        let source = try String(contentsOf: file, encoding: .utf8)
        try Self.write(source + "\nphysics: {decelerationRate: 0.99}\n", to: file, step: 1)
        #expect(scenarios[0].check())
        #expect(await updates.next() == #"{"stamp": "2.1", "errors": []}"#)
        await server.stop()
        #expect(await updates.next() == nil, "the channel ends when the server stops")
    }
}

/// How serve made its pages before `ReviewPage.Slots`, by searching the page: kept to show that the slots give the
/// same bytes.
enum OldSplice {
    /// `html` with `tag` and a line break inserted just before its last inline `<script>` (the page's own script).
    static func beforePageScript(_ tag: String, into html: String) -> String {
        guard let range = html.range(of: "<script>\n", options: .backwards) else { return html }
        var out = html
        out.insert(contentsOf: tag + "\n", at: range.lowerBound)
        return out
    }

    /// `html` with `text` inserted just before its first `</main>`.
    static func endOfMain(_ text: String, into html: String) -> String {
        guard let end = html.range(of: "</main>") else { return html }
        var out = html
        out.insert(contentsOf: text, at: end.lowerBound)
        return out
    }
}
