import FlickCore
import Foundation
import Testing
@testable import FlickRunner

/// `flick check`'s "navigation bar rides on its list": it holds on the bundled large-title examples (at the root,
/// and in a sheet's pager pages), and a bar moved off its list's content, or with alphas out of step, breaks it.
@Suite struct NavigationBarInvariantTests {
    @Test(arguments: ["large-title", "large-title-nested"])
    func examplesKeepEveryInvariant(name: String) throws {
        let scenario = try ScenarioDecoder.load(path: example(name))
        let report = InvariantChecker.check(scenario)
        #expect(report.passed, "\(report.lines)")
        // Every frame checks every bar: one at the root, two in the nested example's pages.
        let bars = name == "large-title" ? 1 : 2
        #expect(report.checks[.navigationBar] == scenario.frameCount * bars)
    }

    @Test func aBarOffItsListOrWithTitlesOutOfStepIsReported() throws {
        let scenario = try ScenarioDecoder.load(path: example("large-title"))
        let moved = checkAltered(scenario, comparingRates: false) { state, _ in
            if state.index == 30 { state.navigationBars[0].frame.size.height += 3 }
        }
        #expect(moved.violations.map(\.description)
            == ["frame 30 (0.5 s) navigationBars.inbox.frame: the bar's bottom is at 116; riding on mail's content it belongs at 113 (content top 113, inline bar's bottom 91) [navigation bar rides on its list]"])

        let alphas = checkAltered(scenario, comparingRates: false) { state, _ in
            if state.index == 40 { state.navigationBars[0].titleAlpha = 0.5 }
        }
        #expect(alphas.violations.count == 1 && alphas.violations.first?.rule == .navigationBar, "\(alphas.lines)")
        #expect(alphas.violations.first?.path == "navigationBars.inbox.titleAlpha+navigationBars.inbox.largeTitleAlpha")
    }
}
