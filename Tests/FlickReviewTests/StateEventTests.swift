import FlickCore
import Foundation
import Testing
@testable import FlickReview

/// The events the components' states mark reach the review through `StateEventTracker` and `FrameState.eventKinds`
/// alone (docs/review-page.md, "events"): a list's keyboard, an attachment FlickReview does not name, is marked,
/// labelled and drawn like a refresh.
@Suite struct StateEventTests {
    static let scenarioFile = Fixtures.root.appendingPathComponent("Tests/Scenarios/keyboard-dismiss.yaml")

    @Test("keyboard-dismiss: `keyboard` at 0.516667 s, the first frame it is not up, in the timeline and in the page data")
    func theKeyboardIsMarked() throws {
        let scenario = try ScenarioDecoder.load(path: Self.scenarioFile.path)
        let timeline = MotionTimeline(scenario: scenario)
        let marked = timeline.events.filter { $0.kind.rawValue == "keyboard" }.map { ReviewPage.fmt($0.time, 6) }
        #expect(marked == ["0.516667"])
        // Each frame's key phases carry the keyboard's: a tile at each change (shown, hiding, hidden).
        #expect(timeline.phases[30].contains("list.keyboard shown") && timeline.phases[31].contains("list.keyboard hiding")
                && timeline.phases[46].contains("list.keyboard hidden"))
        // From the states alone (a folder's states.json), the same mark.
        let document = Data(StatesWriter.document(scenario, frames: Simulation.frames(of: scenario), format: .json).utf8)
        let names = (0..<scenario.frameCount).map { RunPageData.frameFile($0, digits: 5, ext: "png") }
        let data = try RunPageData.fromStates(document, frameNames: names, overlayNames: [])
        #expect(data.events.filter { $0.kind == "keyboard" }.map { ReviewPage.fmt($0.time, 6) } == ["0.516667"])
        // A range that starts after it has no mark: the state before its first frame is `hiding` already.
        let late = MotionTimeline(scenario: scenario, range: 40...(scenario.frameCount - 1))
        #expect(!late.events.contains { $0.kind.rawValue == "keyboard" })
    }

    @Test("the page and the plot name it with its own words and symbol; run.json accepts it and lists it in its error")
    func itsWordsComeFromItsFolder() throws {
        #expect(ReviewPage.label("keyboard") == "keyboard dismissed" && ReviewPage.symbol("keyboard") == "↓")
        #expect(ReviewPage.label("refreshed") == "refresh ended" && ReviewPage.symbol("refresh") == "↻")
        let kind = try #require(MotionEvent.Kind(rawValue: "keyboard"))
        #expect(MotionPlot.eventLabel(MotionEvent(kind: kind, time: 0)) == "↓ keyboard")
        #expect(MotionEvent.Kind.names == "down, release, tap, resize, settled, moving, refresh, refreshed or keyboard")
        #expect(MotionEvent.Kind(rawValue: "keyboards") == nil)
    }
}
