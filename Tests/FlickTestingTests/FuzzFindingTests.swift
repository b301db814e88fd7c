import FlickCore
import Foundation
import Testing
@testable import FlickRunner
import FlickTesting

/// A scenario written as `flick fuzz` writes its shrunk cases (YAML).
func fuzzCase(_ yaml: String, name: String = "case") throws -> Scenario {
    try ScenarioDecoder.decode(data: Data(yaml.utf8), file: "\(name).yaml", defaultName: name)
}

/// The shrunk cases `flick fuzz` found on the bundled examples, each replayed: the invariants hold, and the numbers
/// show the behaviour the fix made right.
@Suite("flick fuzz findings, replayed")
struct FuzzFindingTests {
    /// `flick fuzz fling-flutter-android --seed 3 --case 4`, shrunk: a 30-row list under flutter-android, a finger
    /// that pulls 148.5 pt down at the top (clamped: nothing moves) and then pushes 183 pt up without lifting.
    static let clampedPullThenPush = """
        viewport: {width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}
        fps: 60
        physics: {preset: flutter-android}
        scene: {background: plain, list: {rows: 30, rowHeight: 56}}
        duration: 0.26
        gestures:
          - {at: 0.1, touches: [[0, 52.5, 568.5], [0.008, 52.5, 582], [0.016, 52.5, 595.5], [0.024, 52.5, 609], [0.032, 52.5, 622.5], [0.04, 52.5, 636], [0.048, 52.5, 649.5], [0.056, 52.5, 663], [0.064, 52.5, 676.5], [0.072, 52.5, 690], [0.08, 52.5, 703.5], [0.088, 52.5, 717], [0.096, 52.5, 701.5], [0.104, 52.5, 682.5], [0.112, 52.5, 670.5], [0.12, 52.5, 654], [0.128, 52.5, 637], [0.136, 52.5, 629.5], [0.144, 52.5, 615], [0.152, 52.5, 600.5], [0.16, 52.5, 588.5], [0.168, 52.5, 571], [0.176, 52.5, 558], [0.184, 52.5, 550], [0.192, 52.5, 534.5]]}
        """

    @Test("flutter-android: a pull past the top is lost, and the push back scrolls from the turn at once (the invariant checks each touch sample)")
    func clampedEdgeLosesThePull() throws {
        let scenario = try fuzzCase(Self.clampedPullThenPush)
        let report = InvariantChecker.check(scenario)
        #expect(report.passed, "\(report.lines)")
        // One check per touch sample before the scenario ends (0.108 … 0.26 s, every 8 ms).
        #expect(report.checks[.followsFinger] == 20)
        let simulation = Simulation(scenario: scenario)
        // Pulled 148.5 pt down at the top (to y 717 at 0.188 s): the list stays at its top, −47.
        #expect(simulation.state(at: 0.188).scrollView("list")?.contentOffset.y == -47)
        // Pushed back up to 588.5 (0.26 s): the list follows from the turn, 717 − 588.5 = 128.5 pt, while the finger is
        // still 20 pt below where it went down (568.5).
        #expect(simulation.state(at: 0.26).scrollView("list")?.contentOffset.y == -47 + 128.5)
    }

    @Test("flutter-android: a list that leaves the finger between two samples is still reported")
    func clampedStepStillChecked() throws {
        let scenario = try fuzzCase(Self.clampedPullThenPush)
        // 3 pt added from 0.25 s on, while the list scrolls inside its range.
        let report = checkAltered(scenario) { state, _ in
            if state.time >= 0.25 { state.scrollViews[0].contentOffset.y += 3 }
        }
        let v = try #require(report.violations.first)
        #expect(v.rule == .followsFinger && v.path == "list.contentOffset.y" && abs(v.time - 0.252) < 1e-9)
        #expect(v.detail.hasPrefix("the parts under the finger moved 17.5 pt together (list.contentOffset.y +17.5) while the finger moved 14.5 pt since its previous sample at 0.244 s (off by 3 pt"), "\(v.detail)")
    }
}

extension FuzzFindingTests {
    /// `flick fuzz sheet-floatingpanel --seed 3 --case 12`, shrunk: a drag lowers the sheet 10.5 pt and lets go at
    /// 1.084 s; its stepped attraction (120 Hz) is caught 0.025 s later, the very instant its third display frame is due.
    /// sheet-floatingpanel's scene at 120 Hz display frames, its header as given, then the rest of a case.
    static func floatingPanelScene(header: String) -> String {
        """
        viewport: {width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}
        fps: 60
        physics: {preset: floatingpanel, refreshRate: 120}
        scene:
          background: map
          sheet:
            detents: [{name: tip, height: 120}, {name: half, fraction: 0.5}, {name: full, fraction: 0.92}]
            initial: half
            header: \(header)
            dimming: {from: half, to: full, alpha: 0.3}
            content: {list: {rows: 60, rowHeight: 56}}

        """
    }

    static func floatingPanelCatch(secondDrag: Bool = true) -> String {
        floatingPanelScene(header: #"{height: 56, title: "Studios nearby"}"#) + """
        duration: 1.16
        gestures:
          - {at: 0.1, drag: {from: [335, 664], to: [390, 674.5], duration: 0.984}}
        """ + (secondDrag ? "\n  - {at: 1.109, drag: {from: [370.5, 584], to: [390, 844], duration: 0.994}}\n" : "\n")
    }

    @Test("floatingpanel: a finger caught on a display frame's instant holds the sheet at the frame shown before it, at 60 and 120 fps")
    func floatingPanelCaughtWhereShown() throws {
        let scenario = try fuzzCase(Self.floatingPanelCatch())
        let report = InvariantChecker.check(scenario)
        #expect(report.passed, "\(report.lines)")
        // Left alone, the attraction shows its third frame at 1.109 s: 0.28724 pt higher than the second.
        let alone = Simulation(scenario: try fuzzCase(Self.floatingPanelCatch(secondDrag: false)))
        let shownBefore = alone.state(at: 1.109 - 1e-7).sheet!.top
        #expect(abs(shownBefore - 432.234247) < 1e-6)
        #expect(abs(alone.state(at: 1.109).sheet!.top - 431.947007) < 1e-6)
        // Caught at 1.109 s, the sheet stays at the second frame, at either output rate, and follows the finger from it.
        for fps in [60.0, 120.0] {
            var s = scenario
            s.fps = fps
            let simulation = Simulation(scenario: s)
            let caught = simulation.state(at: 1.109)
            #expect(caught.sheet?.top == shownBefore && caught.sheet?.phase == .tracking, "\(fps) fps")
            let later = simulation.state(at: 1.15)
            let finger = try #require(later.touch)
            #expect(abs(later.sheet!.top - (shownBefore + finger.y - 584)) < 1e-9, "\(fps) fps")
        }
    }

    /// An android list flung by a slow drag that ends at 1.223 s; a finger comes down at 1.234 s, a whole millisecond
    /// at which the spline is due to step a pixel (`flick fuzz` on fling-flutter-android's scene under `android`,
    /// seed 1, case 15, shrunk). The case was found when `easeIn` was the quadratic u²; `cubicBezier: [1/3, 0, 2/3, 1/3]`
    /// is that quadratic raised to a cubic (x(s) = s, y(s) = s²), so the drag, and the pixel step at 1.234 s, stay.
    static func androidCatch(grab: Bool) -> String {
        """
        viewport: {width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}
        fps: 60
        physics: {preset: android}
        scene: {background: plain, list: {rows: 30, rowHeight: 56}}
        duration: 1.29
        gestures:
          - {at: 0.068, drag: {from: [360, 409], to: [0, 284], duration: 1.155, cubicBezier: [0.3333333333333333, 0, 0.6666666666666666, 0.3333333333333333]}}
        """ + (grab ? "\n  - {at: 1.234, touches: [[0, 211.5, 721.5], [0.008, 211.5, 717.5], [0.016, 211.5, 713.5]]}\n" : "\n")
    }

    @Test("android: a finger coming down on a whole millisecond holds the list at the pixel shown before it")
    func androidCaughtWhereShown() throws {
        let report = InvariantChecker.check(try fuzzCase(Self.androidCatch(grab: true)))
        #expect(report.passed, "\(report.lines)")
        let alone = Simulation(scenario: try fuzzCase(Self.androidCatch(grab: false)))
        #expect(alone.state(at: 1.234 - 1e-7).scrollView("list")?.contentOffset.y == 80)
        #expect(alone.state(at: 1.234).scrollView("list")?.contentOffset.y == 80 + 1.0 / 3)
        let caught = Simulation(scenario: try fuzzCase(Self.androidCatch(grab: true))).state(at: 1.234)
        #expect(caught.scrollView("list")?.contentOffset.y == 80 && caught.scrollView("list")?.phase == .tracking)
    }
}

extension FuzzFindingTests {
    /// `flick fuzz horizontal-carousel --seed 1 --case 10`, shrunk (and made 5 ms quicker since UIKit's two-rate
    /// bounce): a 25-ms flick of 314 pt into the start of a horizontal list 390 pt wide bounces to 470 pt past its
    /// edge, further than the rubber band can show (390);
    /// a finger comes down at 0.181 s (`second`: a tap, or a drag 350 pt back towards the edge; nil: none).
    static func bounceBeyondReach(_ second: String?) -> String {
        """
        viewport: {width: 390, height: 200, scale: 2}
        fps: 60
        scene: {background: plain, list: {rows: 12, rowHeight: 150, axis: horizontal}}
        duration: 0.8
        gestures:
          - {at: 0.1, drag: {from: [76, 11], to: [390, 11], duration: 0.025}}
        """ + (second.map { "\n  - {at: 0.181, \($0)}\n" } ?? "\n")
    }

    static let tapBack = "tap: [365.5, 23]"
    static let dragBack = "drag: {from: [365.5, 23], to: [15.5, 23], duration: 0.5}"

    @Test("uikit: a bounce caught beyond the rubber band's reach stays where it is shown, comes back 1:1 to the band's reach, then is resisted")
    func caughtBeyondTheBandsReach() throws {
        for second in [Self.tapBack, Self.dragBack] {
            let report = InvariantChecker.check(try fuzzCase(Self.bounceBeyondReach(second)))
            #expect(report.passed, "\(second): \(report.lines)")
        }
        // Left alone, the bounce is 447.494 pt past the edge at 0.181 s (the band never shows 390).
        let shown = try #require(Simulation(scenario: try fuzzCase(Self.bounceBeyondReach(nil))).state(at: 0.181)
            .scrollView("list")?.contentOffset.x)
        #expect(abs(shown - -447.4938) < 1e-3, "\(shown)")
        let simulation = Simulation(scenario: try fuzzCase(Self.bounceBeyondReach(Self.dragBack)))
        let caught = try #require(simulation.state(at: 0.181).scrollView("list"))
        #expect(abs(caught.contentOffset.x - shown) < 1e-9 && caught.phase == .tracking)
        // Dragged back: 1:1 while the excess lasts (shown − 138.387097, the band's reach c·d/(1 + c) at d = 390).
        let reach = 0.55 * 390 / 1.55
        for t in [0.3, 0.45, 0.55] {
            let state = simulation.state(at: t)
            let moved = 365.5 - state.touch!.x
            #expect(abs(state.scrollView("list")!.contentOffset.x - (shown + moved)) < 1e-9, "\(t) s")
        }
        // Past the excess the band resists: the finger's 350 pt bring the content to the band's own overshoot for a
        // drag of d − (350 − excess) past the edge.
        let end = simulation.state(at: 0.681).scrollView("list")!.contentOffset.x
        let x = 390 - (350 - (-shown - reach))
        #expect(abs(end - -(1 - 1 / (x * 0.55 / 390 + 1)) * 390) < 1e-6, "\(end)")
    }
}

extension FuzzFindingTests {
    /// `flick fuzz sheet-floatingpanel --seed 8 --case 10`, shrunk: a drag lowers the sheet and lets go at 0.706 s; its
    /// stepped attraction (120 Hz) shows a display frame every 1/120 s from then on, the 15th due at 0.831 s. Then (with
    /// `beside`) a finger comes down at 0.831 s on the map at y 248, 182 pt above the sheet's top: it catches nothing.
    static func floatingPanelBeside(_ beside: Bool) -> String {
        floatingPanelScene(header: #"{height: 56, title: "Studios nearby", buttons: [Filters]}"#) + """
        duration: 0.89
        gestures:
          - {at: 0.1, drag: {from: [135.5, 827], to: [390, 844], duration: 0.606}}
        """ + (beside ? "\n  - {at: 0.831, drag: {from: [105.5, 248], to: [0, 190.5], duration: 0.303}}\n" : "\n")
    }

    @Test("floatingpanel: a finger beside a settling sheet leaves it settling; the display frame due at that instant is shown, and is no jump")
    func floatingPanelFingerBesideTheSheet() throws {
        let report = InvariantChecker.check(try fuzzCase(Self.floatingPanelBeside(true)))
        #expect(report.passed, "\(report.lines)")
        #expect((report.checks[.grab] ?? 0) >= 2)
        // The attraction's 14th frame (shown from 0.8227 s) just before 0.831 s, its 15th at 0.831 s: 0.615 pt higher.
        let alone = Simulation(scenario: try fuzzCase(Self.floatingPanelBeside(false)))
        let shownBefore = try #require(alone.state(at: 0.831 - 1e-7).sheet?.top)
        let dueAtTouch = try #require(alone.state(at: 0.831).sheet?.top)
        #expect(abs(shownBefore - 430.700344) < 1e-6 && abs(dueAtTouch - 430.085175) < 1e-6)
        // With the finger on the map the sheet is not caught: it shows the same frames, still settling.
        let beside = Simulation(scenario: try fuzzCase(Self.floatingPanelBeside(true)))
        #expect(beside.state(at: 0.831 - 1e-7).sheet?.top == shownBefore)
        let atTouch = beside.state(at: 0.831)
        #expect(atTouch.touch?.phase == .began && atTouch.sheet?.top == dueAtTouch && atTouch.sheet?.phase == .settling)
    }

    @Test("A part the finger does not catch that the touch-down moves is still a jump, named with where it is without the finger")
    func uncaughtPartMovedByTheTouchDown() throws {
        // The sheet shifted 5 pt while the finger on the map is down (from 0.831 s): the run without it has no shift.
        let report = checkAltered(try fuzzCase(Self.floatingPanelBeside(true))) { state, _ in
            if state.time >= 0.831, let touch = state.touch, touch.phase != .ended { state.sheets[0].top += 5 }
        }
        #expect(report.violations.count == 1, "\(report.lines)")
        let v = try #require(report.violations.first)
        #expect(v.rule == .grab && v.path == "sheet.top" && v.time == 0.831)
        #expect(v.detail == "jumped 4.384831 pt when the finger came down, from 430.700344 to 435.085175 (allowed 0.020015, or 430.085175 where it is without the finger)", "\(v.detail)")
    }
}
