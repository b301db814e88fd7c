@testable import FlickCore
import FlickRender
@testable import FlickReview
import Foundation
import Testing

/// One meaning of "settled" (docs/states.md, "Settled"): the states' phases, `--explain`'s "settles at", the contact
/// sheet's settled tile, the review page's ✓ moment and the sweep table's settle time name the same frame.
@Suite struct SettleAgreementTests {
    /// Everything each output says about when `name` settles.
    struct Said {
        var firstAtRest: [Int] = []
        var explained: [Int] = []
        var explainedText: [String] = []
        var timeline: [Int] = []
        var contactSheet: [Int] = []
        var page: [Double] = []
        var fromStates: [Double] = []
    }

    static func said(_ name: String, scale: Double = 1) throws -> (Said, Scenario) {
        let scenario = try Fixtures.example(name, scale: scale)
        var said = Said()
        // The states: a frame at rest with no finger, after one that was not.
        var previousAtRest = true
        var states: [FrameState] = []
        let simulation = Simulation(scenario: scenario, explains: true)
        while let state = simulation.nextFrame() {
            states.append(state)
            let atRest = state.scrollViews.allSatisfy { $0.phase == .idle }
                && state.sheets.allSatisfy { $0.phase == .idle || $0.phase == .dismissed }
            if atRest, !previousAtRest, state.touch == nil { said.firstAtRest.append(state.index) }
            previousAtRest = atRest
            for e in state.explanations {
                if let frame = e.settlesFrame { said.explained.append(frame) }
                if e.settles != nil { said.explainedText.append(e.text) }
            }
        }
        let timeline = MotionTimeline(scenario: scenario)
        said.timeline = timeline.settleFrames().map { timeline.frames[$0] }
        let canvas = RunCanvas(viewports: timeline.viewports, scale: 1)
        let sheet = ContactSheet(timeline: timeline, canvas: canvas, title: name, playbackFPS: scenario.fps)
        said.contactSheet = sheet.tiles.filter { $0.events.contains("settled") }.map(\.frame)
        let data = RunPageData(scenario: scenario, timeline: timeline, canvas: canvas, frameExtension: "png", overlay: false,
                               plot: nil)
        said.page = data.events.filter { $0.kind == "settled" }.map(\.time)
        let document = Data(StatesWriter.document(scenario, frames: states, format: .json).utf8)
        let names = (0..<scenario.frameCount).map { RunPageData.frameFile($0, digits: 5, ext: "png") }
        said.fromStates = try RunPageData.fromStates(document, frameNames: names, overlayNames: [])
            .events.filter { $0.kind == "settled" }.map(\.time)
        return (said, scenario)
    }

    /// A pull to refresh is marked where it triggers (frame 117, the refresh control's phase becomes `triggered`)
    /// and where its refresh ends (`refreshEnds` at 3.4 s: `ending`), by the motion timeline (plot and page) and by
    /// a review of the states alone; a range that starts mid-refresh marks only what happens inside it.
    @Test func aRefreshIsMarkedWhereItTriggersAndEnds() throws {
        let scenario = try Fixtures.example("pull-to-refresh", scale: 1)
        let refreshKinds: Set<String> = ["refresh", "refreshed"]
        let timeline = MotionTimeline(scenario: scenario)
        let marked = timeline.events.filter { refreshKinds.contains($0.kind.rawValue) }.map { "\($0.kind.rawValue) \(ReviewPage.fmt($0.time, 4))" }
        #expect(marked == ["refresh 1.95", "refreshed 3.4"])
        let states = Simulation.frames(of: scenario)
        #expect(states[117].refreshControls.first?.phase == .triggered && states[116].refreshControls.first?.phase != .triggered)
        let document = Data(StatesWriter.document(scenario, frames: states, format: .json).utf8)
        let names = (0..<scenario.frameCount).map { RunPageData.frameFile($0, digits: 5, ext: "png") }
        let read = try RunPageData.fromStates(document, frameNames: names, overlayNames: [])
            .events.filter { refreshKinds.contains($0.kind) }.map { "\($0.kind) \(ReviewPage.fmt($0.time, 4))" }
        #expect(read == marked)
        // From frame 150 (refreshing): no trigger inside, the end is.
        let late = MotionTimeline(scenario: scenario, range: 150...(scenario.frameCount - 1))
        #expect(late.events.filter { refreshKinds.contains($0.kind.rawValue) }.map(\.kind.rawValue) == ["refreshed"])
        #expect(MotionPlot.eventLabel(MotionEvent(kind: try #require(MotionEvent.Kind(rawValue: "refresh")), time: 0)) == "↻ refresh")
    }

    @Test(arguments: ["sheet-handoff", "deck-card"])
    func everyOutputNamesTheSameFrame(_ name: String) throws {
        let (said, scenario) = try Self.said(name)
        #expect(!said.firstAtRest.isEmpty)
        #expect(said.timeline == said.firstAtRest)
        #expect(said.contactSheet == said.firstAtRest)
        #expect(said.page == said.firstAtRest.map { Double($0) / scenario.fps })
        // The states document rounds times to 1e-6.
        #expect(said.fromStates.count == said.page.count)
        for (a, b) in zip(said.fromStates, said.page) { #expect(abs(a - b) < 1e-6) }
        // Each motion a release started ends on a settle of the run, unless a later touch-down comes first (deck-card's
        // card, released at 0.85 s, would rest at frame 93 at its device's 3x: the touch at 1.5 s, frame 90, is first).
        #expect(!said.explained.isEmpty)
        let settled = zip(said.explained, said.explainedText).filter { !$0.1.contains("would settle at") }
        #expect(!settled.isEmpty)
        for (frame, _) in settled { #expect(said.firstAtRest.contains(frame)) }
        for (frame, text) in settled {
            let seconds = ReviewPage.fmt(Double(frame) / scenario.fps, 2)
            #expect(text.contains("settles at \(seconds) s (frame \(frame))"))
        }
    }

    @Test func sheetHandoffSettlesAtFrame228() throws {
        // The release at 3.1 s at 3x: the spring's end is 3.79 s, so the first frame at rest is 228 (3.8 s).
        let (said, scenario) = try Self.said("sheet-handoff", scale: 3)
        #expect(said.firstAtRest.last == 228)
        #expect(said.explained == [228])
        var meter = VariantMeter(scenario: scenario)
        Simulation(scenario: scenario).run { meter.add($0) }
        let settle = try #require(meter.measures.settle)
        #expect(abs(settle - (3.8 - 3.1)) < 1e-9)
    }

    @Test func aRunThatEndsMovingSaysSo() throws {
        // carousel-sheet's list is still decelerating at its last frame: no settle at the end, a "moving" moment.
        let scenario = try Fixtures.example("carousel-sheet")
        let timeline = MotionTimeline(scenario: scenario)
        #expect(timeline.stillMovingAtEnd)
        #expect(timeline.events.last?.kind == .moving)
        #expect(timeline.events.last?.time == timeline.times.last)
        #expect(!timeline.settleFrames().contains(timeline.frames.count - 1))
        var meter = VariantMeter(scenario: scenario)
        Simulation(scenario: scenario).run { meter.add($0) }
        #expect(meter.measures.settle == nil)
        #expect(ReviewPage.label("moving") == "still moving at the end")
    }

    @Test func settlingSamples() {
        let moving = Settling.Sample(touching: false, atRest: false)
        let still = Settling.Sample(touching: false, atRest: true)
        let held = Settling.Sample(touching: true, atRest: true)
        let dragged = Settling.Sample(touching: true, atRest: false)
        #expect(Settling.settles([still, moving, moving, still, still]) == [3])
        // A drag that stops under the finger is no settle; nor is the lift frame (touch `ended`).
        #expect(Settling.settles([dragged, held, still]) == [])
        #expect(Settling.stillMovingAtEnd([still, moving]))
        #expect(!Settling.stillMovingAtEnd([moving, dragged]))
        #expect(Settling.firstFrame(atOrAfter: 3.79, fps: 60) == 228)
        #expect(Settling.firstFrame(atOrAfter: 3.8, fps: 60) == 228)
        #expect(Settling.firstFrame(atOrAfter: 3.8 + 1e-9, fps: 60) == 229)
    }
}
