import FlickCore
import FlickPhysics
import Foundation
import Testing

/// Pull to refresh (docs/physics.md, "Pull to refresh"): the trigger, the held space, its release, nesting, and
/// the errors for bad keys.
@Suite struct RefreshTests {
    static func frames(_ name: String) throws -> [FrameState] {
        Simulation.frames(of: try ScenarioDecoder.load(path: ScenarioFiles.examples.appendingPathComponent(name).path))
    }

    static func frame(_ frames: [FrameState], at t: Double) -> FrameState {
        frames.min { abs($0.time - t) < abs($1.time - t) }!
    }

    /// The content's shown pull for `travel` points of finger travel on an 844 pt list: UIKit's rubber band
    /// (1 − 1/(x·0.55/d + 1))·d (docs/physics.md, "Tracking and the rubber band").
    static func rubberBand(_ travel: Double, dimension d: Double = 844) -> Double {
        (1 - 1 / (travel * 0.55 / d + 1)) * d
    }

    @Test("pull-to-refresh: a 120 pt pull shows ticks and springs back without triggering")
    func shortPullDoesNotTrigger() throws {
        let f = try Self.frames("pull-to-refresh.yaml")
        // The finger has moved its whole 120 pt at 0.4 s and holds still until 0.5 s.
        let held = Self.frame(f, at: 0.45)
        let refresh = try #require(held.refreshControl)
        #expect(refresh.phase == .pulling)
        #expect(abs(refresh.pulledExtent - Self.rubberBand(120)) < 1e-6, "pulled \(refresh.pulledExtent)")
        #expect(abs(refresh.progress - Self.rubberBand(120) / 100) < 1e-6)
        // ⌈8 × 0.612⌉ = 5 ticks, fully faded in past 35 % of the pull.
        #expect(refresh.spinner.ticks == 5 && !refresh.spinner.spinning && refresh.spinner.alpha == 1)
        #expect(f.filter { $0.time < 1.6 }.allSatisfy { $0.refreshControl?.phase != .triggered && $0.refreshControl?.phase != .refreshing })
        // UIKit's bounce has a long tail: 1.05 s after the lift it is within 0.05 pt of rest.
        #expect((Self.frame(f, at: 1.55).refreshControl?.pulledExtent ?? 1) < 0.05)
    }

    @Test("pull-to-refresh: triggers at the touch sample that pulls 100 pt, holds 60 pt, closes in 0.4 s at refreshEnds")
    func longPullTriggersHoldsAndEnds() throws {
        let f = try Self.frames("pull-to-refresh.yaml")
        // 300 pt over 0.5 s from 1.6 s: 5 pt per 120 Hz sample. 100 pt of rubber band needs 206.26 pt of travel,
        // reached at the 42nd sample (210 pt), t = 1.6 + 42/120 = 1.95 s.
        let travel = (1 / (1 - 100.0 / 844) - 1) * 844 / 0.55
        #expect(abs(travel - 206.26) < 0.01)
        #expect(Self.frame(f, at: 1.95 - 1 / 60).refreshControl?.phase == .pulling)
        let triggered = try #require(Self.frame(f, at: 1.95).refreshControl)
        #expect(triggered.phase == .triggered && triggered.spinner.spinning && triggered.spinner.ticks == 8)
        // The first pull's bounce is still a few thousandths of a point from rest when this finger comes down.
        #expect(abs(triggered.pulledExtent - Self.rubberBand(210)) < 0.01)
        // Lifted at 2.3 s: 60 pt join the adjusted inset and the bounce comes to rest there.
        let resting = Self.frame(f, at: 3.3)
        let list = try #require(resting.scrollView("list"))
        let refresh = try #require(resting.refreshControl)
        #expect(refresh.phase == .refreshing && refresh.heldInset == 60)
        #expect(list.adjustedContentInset.top == 47 + 60)
        #expect(abs(list.contentOffset.y - -107) < 0.5 / 3, "offset \(list.contentOffset.y)")
        #expect(abs(refresh.progress - 0.6) < 0.01 && abs(refresh.pulledExtent - 60) < 0.5 / 3)
        // One turn a second in 8 steps from 1.95 s: at 3.3 s, 1.35 turns, step 2.
        #expect(refresh.spinner.activeTick == 2)
        // The spinner's top is 16 pt below the opened space's top, which is the safe area's edge.
        #expect(refresh.gap.minY == 47 && abs(refresh.spinner.center.y - (47 + 16 + 14)) < 1e-9)
        // refreshEnds 3.4: the inset goes back at once; the content follows easeInOut over 0.4 s, halfway at 3.6 s.
        let halfway = Self.frame(f, at: 3.6)
        #expect(halfway.refreshControl?.phase == .ending)
        #expect(halfway.scrollView("list")?.adjustedContentInset.top == 47)
        let y = try #require(halfway.scrollView("list")?.contentOffset.y)
        let expected = -47 - 60 * (1 - UnitBezier.easeInEaseOut.progress(0.5))
        #expect(abs(y - expected) < 0.5 / 3 + 1e-9, "offset \(y), expected \(expected)")
        #expect(abs((halfway.refreshControl?.heldInset ?? 0) - 30) < 1e-9)
        let after = Self.frame(f, at: 3.9)
        #expect(after.refreshControl?.phase == .idle && after.scrollView("list")?.contentOffset.y == -47)
    }

    @Test("refresh-in-sheet: the sheet comes down to its lowest detent first, then the list refreshes")
    func sheetYieldsAtItsLowestDetent() throws {
        let f = try Self.frames("refresh-in-sheet.yaml")
        let pulled = Self.frame(f, at: 1.3)
        let sheet = try #require(pulled.sheet)
        // half: 844 × 0.5 from the bottom.
        #expect(abs(sheet.top - 422) < 1e-6, "sheet top \(sheet.top)")
        #expect(pulled.refreshControl?.phase == .triggered)
        let resting = Self.frame(f, at: 2.8)
        #expect(resting.sheet?.detent == "half" && resting.sheet?.top == 422)
        #expect(resting.refreshControl?.phase == .refreshing)
        let list = try #require(resting.scrollView("list"))
        #expect(abs(list.contentOffset.y - -60) < 0.5 / 3, "offset \(list.contentOffset.y)")
        #expect(Self.frame(f, at: 3.6).refreshControl?.phase == .idle)
    }

    @Test("a card keeps the pull: its list never refreshes")
    func cardTakesThePull() throws {
        let text = try String(contentsOf: ScenarioFiles.examples.appendingPathComponent("refresh-in-sheet.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "    initial: full\n", with: "    initial: full\n    dismissible: true\n")
        let f = Simulation.frames(of: try decodeScenario(text))
        #expect(f.allSatisfy { $0.refreshControl?.phase == .idle || $0.refreshControl?.phase == nil })
        #expect(f.allSatisfy { ($0.refreshControl?.pulledExtent ?? 0) == 0 })
    }

    @Test("refresh-in-pager: the page's own list refreshes, the other page's does not")
    func pagerPageRefreshes() throws {
        let f = try Self.frames("refresh-in-pager.yaml")
        let resting = Self.frame(f, at: 2.5)
        #expect(resting.pager?.page == 1)
        #expect(resting.refreshControl("archive")?.phase == .refreshing)
        #expect(resting.refreshControl("inbox")?.phase == .idle)
        let archive = try #require(resting.scrollView("archive"))
        #expect(abs(archive.contentOffset.y - -(archive.adjustedContentInset.top)) < 0.5 / 3)
        let inbox = try #require(resting.scrollView("inbox"))
        #expect(archive.adjustedContentInset.top == inbox.adjustedContentInset.top + 60)
        #expect(abs((resting.refreshControl("archive")?.pulledExtent ?? 0) - 60) < 0.5 / 3)
        #expect(Self.frame(f, at: 3.6).refreshControl("archive")?.phase == .idle)
    }

    @Test("an end before the refresh begins is ignored: the refresh never ends")
    func endBeforeTriggerIsIgnored() throws {
        let text = try String(contentsOf: ScenarioFiles.examples.appendingPathComponent("pull-to-refresh.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "refreshEnds: 3.4", with: "refreshEnds: 0.5")
        let last = try #require(Simulation.frames(of: try decodeScenario(text)).last)
        #expect(last.refreshControl?.phase == .refreshing && last.refreshControl?.heldInset == 60)
    }

    @Test func badKeysAreNamed() {
        func scenario(_ refresh: String, axis: String = "") -> String {
            """
            viewport: {width: 390, height: 844}
            duration: 1
            scene:
              list: {rows: 30, rowHeight: 50\(axis), refresh: \(refresh)}
            """
        }
        expectDiagnostic(problem(scenario("{triggerDistance: 50}")), path: "scene.list.refresh", line: 4, column: 44,
                         message: "the held height 60 pt is more than the trigger distance 50 pt; a refresh cannot hold more than the pull that began it")
        expectDiagnostic(problem(scenario("{refreshEnds: 2}", axis: ", axis: horizontal")), path: "scene.list.refresh",
                         line: 4, column: 62,
                         message: "pull to refresh pulls a vertical list down from its top; this list is horizontal")
        expectDiagnostic(problem(scenario("{refreshEnd: 2}")), path: "scene.list.refresh.refreshEnd", line: 4, column: 45,
                         containing: ["unknown key \"refreshEnd\" (did you mean \"refreshEnds\"?)"])
        expectDiagnostic(problem(scenario("{refreshEnds: -1}")), path: "scene.list.refresh.refreshEnds", line: 4, column: 58,
                         message: "expected a number ≥ 0, found -1")
        expectDiagnostic(problem(scenario("{triggerDistance: 80, height: 90}")), path: "scene.list.refresh.height", line: 4, column: 74,
                         message: "the held height 90 pt is more than the trigger distance 80 pt; a refresh cannot hold more than the pull that began it")
    }

    @Test("its own rules (flick check's refresh rule) find nothing in pull-to-refresh, and name what a broken state breaks")
    func itsRulesLiveInItsFolder() throws {
        let frames = try Self.frames("pull-to-refresh.yaml")
        let spec = try #require(ScenarioDecoder.load(path: ScenarioFiles.examples.appendingPathComponent("pull-to-refresh.yaml").path)
            .scene.root.allComponents.compactMap { $0.attachment(of: RefreshSpec.self) }.first)
        var checked = 0
        for frame in frames {
            for refresh in frame.refreshControls {
                let view = try #require(frame.scrollView(refresh.key))
                let problems = refresh.problems(spec: spec, view: view, touch: frame.touch, positionTolerance: 0.02)
                #expect(problems.isEmpty, "frame \(frame.index): \(problems)")
                checked += 1
            }
        }
        #expect(checked == frames.count)
        // Frame 150 is refreshing, resting at its top with 60 pt held: break its progress, ticks and held inset.
        let frame = frames[150]
        var broken = try #require(frame.refreshControl("list"))
        #expect(broken.phase == .refreshing)
        broken.progress -= 0.1
        broken.heldInset = 50
        broken.spinner.ticks = 7
        let problems = broken.problems(spec: spec, view: try #require(frame.scrollView("list")), touch: frame.touch,
                                       positionTolerance: 0.02)
        #expect(problems.map(\.path) == ["progress", "heldInset", "spinner.ticks"])
        #expect(problems.last?.detail == "7 ticks spinning, not 8")
        // Triggered with no finger down.
        let lifted = try #require(frames[117].refreshControl("list"))
        #expect(lifted.phase == .triggered && frames[117].touch != nil)
        #expect(lifted.problems(spec: spec, view: try #require(frames[117].scrollView("list")), touch: nil, positionTolerance: 0.02)
            .map(\.path) == ["phase"])
    }
}
