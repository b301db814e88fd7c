import FlickPhysics
import Foundation
import Testing
@testable import FlickCore

/// `Simulation(scenario:explains:)`: the decisions behind every release, tab tap and hand-off, as the frames carry
/// them (docs/states.md, "Explanations").
@Suite("Explanations: the rule and the numbers behind each decision")
struct ExplanationTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples").standardized

    static func explained(_ example: String) throws -> [FrameState] {
        let url = examples.appendingPathComponent(example)
        // The example's own path: a `reference:` file is found beside it.
        let s = try ScenarioDecoder.decode(data: Data(contentsOf: url), file: url.path, defaultName: "x")
        let simulation = Simulation(scenario: s, explains: true)
        var frames: [FrameState] = []
        simulation.run { frames.append($0) }
        return frames
    }

    static func all(_ frames: [FrameState]) -> [Explanation] { frames.flatMap(\.explanations) }

    @Test("Without explains, no frame carries an explanation")
    func offByDefault() throws {
        let f = Simulation.frames(of: try scenario(String(contentsOf: Self.examples.appendingPathComponent("sheet-handoff.yaml"), encoding: .utf8)))
        #expect(f.allSatisfy { $0.explanations.isEmpty })
        #expect(!f.contains { $0.json.text.contains("explain") })
    }

    @Test("A UIKit sheet release: UIKit's sheet projection at 0.99, candidates around the segment at the lift, the nearest chosen")
    func uikitSheetRelease() throws {
        let frames = try Self.explained("sheet-handoff.yaml")
        // The flick down from half at 3.1 s, on the frame of the release.
        let frame = try #require(frames.first { $0.explanations.contains { $0.time == 3.1 && $0.component == "sheet" } })
        #expect(frame.time == 3.1)
        let e = try #require(frame.explanations.first { $0.component == "sheet" })
        #expect(e.event == .release)
        #expect(e.rule == "uikit.sheet")
        expectClose(e.position!, 522, 1e-9)
        expectClose(e.velocity!, 1000, 1e-6)
        // UIKit's sheet projection: x + v·0.99/(1 − 0.99)/1000 = 522 + 99.
        expectClose(e.projected!, 621, 1e-9)
        #expect(e.candidates.map(\.name) == ["tip", "half", "full"])
        #expect(e.chosen == "tip")
        expectClose(e.destination!, 724, 1e-9)
        #expect(e.text.hasPrefix("3.1 s, sheet `sheet` released at top 522 pt moving down at 1000 pt/s; projected to 621 pt (UIKit's sheet projection, rate 0.99); detents: tip 724, half 422, full 67.5; chose tip, the nearest to the projection; settles at"))
        // The release at 2.7 s, still at half: slower than 250 pt/s, it projects nowhere.
        let atHalf = try #require(frames.flatMap(\.explanations).first { $0.time == 2.7 && $0.component == "sheet" && $0.event == .release })
        #expect(atHalf.candidates.map(\.name) == ["tip", "half", "full"])
        #expect(atHalf.reason == "slower than 250 pt/s, so projected to where it is, 422 pt; detents: tip 724, half 422, full 67.5; chose half, the nearest to the projection", "\(atHalf.reason)")
    }

    @Test("A rest the run does not reach, or a touch-down comes before, is said as one it would reach")
    func restsCutShort() throws {
        // fling-to-rest: UIKit's deceleration ends at 4.7 s, the run at 4 s (frame 240).
        let fling = try #require(Self.all(try Self.explained("fling-to-rest.yaml")).first)
        #expect(fling.settlesFrame == 282 && fling.afterLastFrame && fling.nextTouchDown == nil)
        #expect(fling.text.hasSuffix("; would settle at 4.7 s (frame 282), after the run's last frame (240, 4 s): it ends still moving"))
        #expect(fling.json.text.contains(#""settlesFrame": 282, "afterLastFrame": true, "reason""#))
        // A pull released still at 0.7 s: its bounce would end after 1.3 s; a touch-down at 1 s comes first.
        var caught: [FrameState] = []
        Simulation(scenario: try scenario(listScene(duration: 2, gestures: """
          - {at: 0.1, drag: {from: [195, 200], to: [195, 500], duration: 0.4, hold: 0.2}}
          - {at: 1.0, drag: {from: [195, 400], to: [195, 380], duration: 0.2}}
        """)), explains: true).run { caught.append($0) }
        let first = try #require(Self.all(caught).first)
        #expect(first.nextTouchDown == 1 && !first.afterLastFrame && (first.settles ?? 0) > 1.3, "\(first.text)")
        #expect(first.text.contains("; would settle at ") && first.text.hasSuffix(" if the touch-down at 1 s (frame 60) does not stop it first"), "\(first.text)")
        #expect(first.json.text.contains(#""nextTouchDown": 1, "reason""#), "\(first.json.text)")
        let entries = Self.all(try Self.explained("pull-to-refresh.yaml"))
        // A rest inside the run with no touch-down before it is said plainly, with neither key.
        let last = try #require(entries.last)
        #expect(last.text.hasSuffix("; settles at 3.8 s (frame 228)"))
        #expect(!last.afterLastFrame && last.nextTouchDown == nil && !last.json.text.contains("afterLastFrame"))
    }

    @Test("A hand-off names who took the drag in which pass")
    func handOff() throws {
        let entries = Self.all(try Self.explained("sheet-handoff.yaml"))
        let drag = try #require(entries.first { $0.event == .drag })
        #expect(drag.passes.map(\.component) == ["sheet", "list"])
        #expect(drag.passes.map(\.pass) == ["preScroll", "scroll"])
        // 354.48 pt raise the sheet from half (422) to full (67.52); the other 245.52 scroll the list.
        expectClose(drag.passes[0].distance, 354.48, 1e-6)
        expectClose(drag.passes[1].distance, 245.52, 1e-6)
        let back = try #require(entries.filter { $0.event == .drag }.dropFirst().first)
        #expect(back.passes.map(\.pass) == ["scroll", "postScroll"])
    }

    @Test("FloatingPanel: the clipped projection, the progress against the redirect point")
    func floatingPanelRelease() throws {
        let entries = Self.all(try Self.explained("sheet-floatingpanel.yaml")).filter { $0.component == "sheet" }
        #expect(entries.count == 2)
        let flick = entries[0]
        #expect(flick.rule == "floatingpanel.targetState")
        expectClose(flick.velocity!, -1200, 1e-6)
        // 302 − 0.499·1200 = −296.8, clipped at full (67.52): all the way from half to full.
        expectClose(flick.projected!, 67.52, 1e-9)
        #expect(flick.chosen == "full")
        #expect(flick.text.contains("from half to full it covered 100% of the way, more than the redirect point 50%"))
        let slow = entries[1]
        #expect(slow.chosen == "full")
        #expect(slow.text.contains("from full to half it covered 33.9% of the way, not more than the redirect point 50%"))
    }

    @Test("A card's release says distance and velocity against their thresholds, and which view it tracks")
    func cardRelease() throws {
        let e = try #require(Self.all(try Self.explained("card-dismiss.yaml")).first { $0.component == "sheet" && $0.event == .release })
        #expect(e.chosen == "dismiss")
        #expect(e.rule == "uikit.card")
        #expect(e.tracks == Explanation.Tracking(view: "list", why: "its content is a scroll view (DeckTransition's rule)"))
        #expect(e.text.contains("300 pt below its lowest detent (dismisses past 240 pt), still (dismisses faster than 1000 pt/s down): it leaves"))
        let tracks = Self.all(try Self.explained("card-tracks.yaml"))
        let untracked = try #require(tracks.first { $0.event == .drag })
        #expect(untracked.text.contains("the drag is on `notes`, which card `sheet` does not track (it tracks `songs`): the card stays put"))
        let spring = try #require(tracks.first { $0.component == "sheet" && $0.event == .release })
        #expect(spring.chosen == "card")
        #expect(spring.tracks?.why == "its `tracks:` names it")
    }

    @Test("Pager releases and tab taps: the page and why")
    func pagerDecisions() throws {
        let entries = Self.all(try Self.explained("vimeo-tabs.yaml"))
        let fling = try #require(entries.first { $0.event == .release && $0.time == 1.35 })
        #expect(fling.rule == "uikit.paging")
        #expect(fling.chosen == "page 0 (“Comments”)")
        #expect(fling.text.contains("faster than 50 pt/s, so half a page back: 0.35 rounds to 0"))
        let tap = try #require(entries.first { $0.event == .tap })
        #expect(tap.chosen == "page 3 (“More”)")
        #expect(tap.rule == "tab")
    }

    @Test("A list release names its law and where it rests; under flutter-android it stops at the edge")
    func listRelease() throws {
        let fling = try #require(Self.all(try Self.explained("fling-into-end.yaml")).first)
        #expect(fling.rule == "uikit.deceleration")
        #expect(fling.text.contains("past the end (1430 pt): it meets the edge and bounces back"))
        let clamped = try #require(Self.all(try Self.explained("fling-flutter-android.yaml")).first { $0.event == .release && $0.velocity != 0 })
        #expect(clamped.rule == "flutter.clamping")
        #expect(clamped.destination == 870)
        #expect(clamped.text.contains("it stops at the edge, no bounce"))
    }

    /// A list with a refresh control, pulled twice (docs/states.md, "Explanations": the `refresh` entries).
    static func refreshRun(ends: String, second: String = "") throws -> [Explanation] {
        let yaml = """
            viewport: {width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}
            fps: 60
            duration: 3
            scene:
              list: {rows: 40, rowHeight: 72, refresh: {\(ends)}}
            gestures:
              - {at: 0.1, drag: {from: [195, 200], to: [195, 500], duration: 0.5, hold: 0.2}}
            \(second)
            """
        var frames: [FrameState] = []
        Simulation(scenario: try scenario(yaml), explains: true).run { frames.append($0) }
        return Self.all(frames).filter { $0.event == .refresh }
    }

    @Test("A refresh: the trigger against the trigger distance, the held inset at the lift, the end and where it rests")
    func refreshCycle() throws {
        let frames = try Self.explained("pull-to-refresh.yaml")
        let entries = Self.all(frames).filter { $0.event == .refresh }
        #expect(entries.map(\.text) == [
            "1.95 s, list `list` triggers its refresh: pulled 101.6 pt below its top, at least the trigger distance 100 pt, the finger still down (UIRefreshControl begins before the lift)",
            "2.3 s, list `list` refreshing: the finger lifted after the refresh triggered (at 1.95 s); it holds 60 pt open above its content (its top inset 47 pt → 107 pt), so its top rests at offset -107 pt instead of -47 pt, until `refreshEnds` at 3.4 s",
            "3.4 s, list `list` ends its refresh (`refreshEnds`): the 60 pt held above its content close in 0.4 s along easeInOut (a UIView animation); the content moves from offset -107 pt to its top, -47 pt; settles at 3.8 s (frame 228)",
        ])
        #expect(entries.map(\.chosen) == ["triggered", "refreshing", "ending"])
        #expect(entries.allSatisfy { $0.rule == "uikit.refreshControl" && $0.component == "list" })
        // Each on the frame of its instant, as the document's phase changes.
        for e in entries {
            let frame = try #require(frames.first { $0.explanations.contains(e) })
            #expect(frame.index == Int((e.time * 60).rounded()))
            #expect(frame.refreshControl?.phase.rawValue == e.chosen)
        }
        // The lift's offset is the release's (read before the held inset changes the limits).
        let release = try #require(Self.all(frames).first { $0.event == .release && $0.time == entries[1].time })
        #expect(entries[1].position == release.position)
        #expect(entries[1].destination == -107)
        #expect(entries[2].destination == -47)
        #expect(entries[2].settles == 3.8)
        #expect(entries[2].settlesFrame == 228)
        // The end settles on the frame the document first says idle again.
        #expect(frames.first { $0.time > 3.4 && $0.refreshControl?.phase == .idle }?.index == 228)
    }

    @Test("A refresh that ends while the finger is down ends at the lift; one that never ends says so")
    func refreshEndsOtherwise() throws {
        let beforeLift = try Self.refreshRun(ends: "refreshEnds: 0.5")
        #expect(beforeLift.map(\.text).last == "0.8 s, list `list` ends its refresh at the lift: `refreshEnds` (0.5 s) came while the finger held the list; nothing was held yet, so the release returns to its top, -47 pt")
        let duringSecond = try Self.refreshRun(
            ends: "refreshEnds: 1.2", second: "  - {at: 1.0, drag: {from: [195, 600], to: [195, 200], duration: 0.3, hold: 0.2}}")
        #expect(duringSecond.map(\.text).last == "1.5 s, list `list` ends its refresh at the lift: `refreshEnds` (1.2 s) came while the finger held the list; the 60 pt held above its content are given back at once")
        let scrolledAway = try Self.refreshRun(
            ends: "refreshEnds: 2", second: "  - {at: 1.0, drag: {from: [195, 600], to: [195, 200], duration: 0.3, hold: 0.2}}")
        #expect(scrolledAway.map(\.text).last == "2 s, list `list` ends its refresh (`refreshEnds`): the 60 pt held above its content close in 0.4 s along easeInOut (a UIView animation); the content is at offset 273.7 pt, past its top (-47 pt): it stays where it is (endRefreshing() stops any motion)")
        let never = try Self.refreshRun(ends: "")
        #expect(never.map(\.chosen) == ["triggered", "refreshing"])
        #expect(never.last?.text.hasSuffix("instead of -47 pt, to the end of the run (no `refreshEnds`)") == true)
    }

    @Test("Every release in every bundled example is explained")
    func everyReleaseExplained() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
        #expect(files.count >= 17)
        for file in files {
            let frames = try Self.explained(file)
            for frame in frames where frame.touch?.phase == .ended {
                // A lift that moved something is explained on its own frame (a tap on a row moves nothing).
                let moved = !frame.explanations.isEmpty
                let wasDrag = frame.explanations.isEmpty == false || frames.first { $0.index == frame.index - 1 }?.touch?.phase == .moved
                if wasDrag { #expect(moved, "\(file) frame \(frame.index)") }
            }
            #expect(Self.all(frames).allSatisfy { !$0.text.isEmpty && !$0.text.contains("nan") }, "\(file)")
        }
    }
}
