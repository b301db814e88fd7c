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
            CompareRun(scenario: try #require(s.current).scenario, label: try #require(s.current).scenario.name, detail: s.shownPath)
        }
        let graph = CompareGraph(runs: runs)
        #expect(page == ReviewPage.runsPage(title: "flick serve · all runs",
                                            meta: "2 served files on one motion graph, as they are now (reload for later edits)",
                                            graph: graph, links: [(label: "all scenarios", href: "/?token=t0k")]))
        #expect(page.components(separatedBy: "class=\"run-line value\"").count - 1
                == graph.titles.reduce(0) { n, title in n + runs.filter { $0.series.contains { $0.title == title } }.count })
        #expect(page.components(separatedBy: "<li class=\"run\"").count - 1 == 2)
    }

    @Test func aFilesVariantsOrWhatIsWrongWithTheSet() throws {
        let scenario = try #require(try Self.served(["sheet-handoff"]).first)
        let page = try ComparePage.sweep(scenario, sets: ["physics.preset=uikit,floatingpanel,flutter-ios"], token: "t").get()
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
}
