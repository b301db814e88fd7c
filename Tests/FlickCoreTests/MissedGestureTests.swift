import FlickPhysics
import Foundation
import Testing
@testable import FlickCore

/// A drag that moves nothing is said (`--explain`) and warned about (validate, check); explanations say no settle a
/// later event takes over; the physics keeps the device's scale whatever the frames are drawn at.
@Suite struct MissedGestureTests {
    static let peekSheet = """
        viewport: {width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}
        fps: 60
        duration: 2
        scene:
          background: map
          sheet:
            detents: [{name: peek, height: 120}, {name: half, fraction: 0.5}]
            initial: peek
            content: {list: {rows: 30, rowHeight: 56}}
        gestures:
          - {at: 0.2, drag: {from: [500, 900], to: [500, 600], duration: 0.3}}
          - {at: 1.0, drag: {from: [195, 300], to: [195, 500], duration: 0.3}}
          - {at: 1.5, drag: {from: [195, 800], to: [195, 700], duration: 0.2}}
        """

    static func explanations(_ s: Scenario) -> [Explanation] {
        var all: [Explanation] = []
        Simulation(scenario: s, explains: true).run { all += $0.explanations }
        return all
    }

    @Test func aDragOutsideTheViewportOrOnTheMapIsExplainedAndWarned() throws {
        let s = try scenario(Self.peekSheet)
        let drags = Self.explanations(s).filter { $0.event == .drag }
        #expect(drags.count == 2)
        #expect(drags.map(\.time) == [0.5, 1.3])
        #expect(drags.allSatisfy { $0.component.isEmpty && $0.passes.isEmpty })
        #expect(drags[0].text == "0.2 s–0.5 s, drag: nothing moved: the finger went down at [500, 900], outside the 390×844 pt viewport (positions are points, not pixels)")
        #expect(drags[1].reason == "nothing moved: nothing under the finger at [195, 300] scrolls or follows a drag")
        // The third drag, on the sheet, moves it: no entry, no warning.
        let warnings = Simulation(scenario: s).warnings
        #expect(warnings == [
            "gestures[0].drag moves nothing: the finger went down at [500, 900], outside the 390×844 pt viewport (positions are points, not pixels)",
            "gestures[1].drag moves nothing: nothing under the finger at [195, 300] scrolls or follows a drag",
        ])
    }

    @Test func aReleaseTheRefreshsEndTakesOverSaysNoSettle() throws {
        let text = try String(contentsOf: ScenarioFiles.examples.appendingPathComponent("pull-to-refresh.yaml"), encoding: .utf8)
        #expect(text.contains("refresh: {refreshEnds: 3.4}"))
        let s = try scenario(text.replacingOccurrences(of: "refresh: {refreshEnds: 3.4}", with: "refresh: {refreshEnds: 2.6}"))
        let release = try #require(Self.explanations(s).first { $0.event == .release && abs($0.time - 2.3) < 1e-9 })
        // The spring back to the held offset would rest at 2.92 s; the end at 2.6 s replaces it.
        #expect(release.settles == nil && release.settlesFrame == nil)
        #expect(release.text.hasSuffix("the refresh's end (`refreshEnds`) at 2.6 s (frame 156) takes the motion over before it settles"))
        #expect(!release.text.contains("settles at"))
        // The example itself (end at 3.4 s) still settles at 2.92 s, and the list is idle while the space is held.
        let example = try ScenarioDecoder.load(path: ScenarioFiles.examples.appendingPathComponent("pull-to-refresh.yaml").path)
        let own = try #require(Self.explanations(example).first { $0.event == .release && abs($0.time - 2.3) < 1e-9 })
        #expect(own.settlesFrame == 175)
        let held = Simulation.frames(of: example).filter { $0.time >= 2.92 && $0.time < 3.4 }
        #expect(!held.isEmpty && held.allSatisfy { $0.scrollView("list")?.phase == .idle && $0.refreshControl?.phase == .refreshing })
    }

    @Test func aSnapThatEndsOnATouchDownsFrameWouldSettleOnlyIfItIsNotStopped() throws {
        let s = try ScenarioDecoder.load(path: ScenarioFiles.examples.appendingPathComponent("large-title.yaml").path)
        let release = try #require(Self.explanations(s).first { $0.event == .release && abs($0.time - 0.7) < 1e-9 })
        #expect(release.nextTouchDown == 1.0)
        #expect(release.text.hasSuffix("would settle at 1 s (frame 60) if the touch-down at 1 s (frame 60) does not stop it first"))
    }

    @Test func theStatesAreTheDevicesWhateverScaleTheFramesAreDrawnAt() throws {
        for name in ["sheet-handoff.yaml", "carousel-sheet.yaml", "sheet-floatingpanel.yaml"] {
            let device = try ScenarioDecoder.load(path: ScenarioFiles.examples.appendingPathComponent(name).path)
            var preview = device
            preview.viewport.scale = 1
            let a = Simulation.frames(of: device).map(\.json.text), b = Simulation.frames(of: preview).map(\.json.text)
            #expect(a.count == device.frameCount)
            #expect(a == b, "\(name)")
            // A 1x device (the file's scale changed) does rest at another frame: the scale is the physics' pixel.
            var oneX = device
            oneX.viewport = Viewport(width: device.viewport.width, height: device.viewport.height, scale: 1,
                                     safeArea: device.viewport.safeArea)
            #expect(Simulation.frames(of: oneX).map(\.json.text) != a, "\(name)")
        }
    }
}
