import FlickCore
import Foundation
import Testing
@testable import FlickRunner
import FlickTesting

/// The simulation with its states altered after the fact: a way to break one invariant on purpose.
final class AlteredStates: StateSource {
    let simulation: Simulation
    let scenario: Scenario
    let alter: @Sendable (inout FrameState, Scenario) -> Void

    init(_ scenario: Scenario, alter: @escaping @Sendable (inout FrameState, Scenario) -> Void) {
        self.scenario = scenario
        simulation = Simulation(scenario: scenario)
        self.alter = alter
    }

    func nextFrame() -> FrameState? {
        guard var state = simulation.nextFrame() else { return nil }
        alter(&state, scenario)
        return state
    }

    func state(at t: Double) -> FrameState {
        var state = simulation.state(at: t)
        alter(&state, scenario)
        return state
    }

    func send(_ kind: InputEvent.Kind, at time: Double) throws {
        try simulation.send(kind, at: time)
    }
}

/// Checks `scenario` with its states altered; `alter` sees the scenario at both frame rates and only at its own when not `comparingRates`.
func checkAltered(_ scenario: Scenario, comparingRates: Bool = true,
                  _ alter: @escaping @Sendable (inout FrameState, Scenario) -> Void) -> InvariantReport {
    InvariantChecker.check(scenario, options: InvariantChecker.Options(compareFrameRates: comparingRates)) {
        AlteredStates($0, alter: alter)
    }
}

/// A Vimeo-style pager of four pages (two with lists): a drag to the next page, then a tap on the last tab.
func pagerScenario() -> Scenario {
    let pager = PagerSpec(pages: [
        Page(title: "Comments", content: .list(ListSpec(rows: 30, rowHeight: 72))),
        Page(title: "Details", content: .list(ListSpec(rows: 12, rowHeight: 56))),
        Page(title: "Up next"), Page(title: "More"),
    ])
    return Scenario(name: "pager", viewport: Viewport(width: 390, height: 844, scale: 1, safeArea: EdgeInsets(top: 47, bottom: 34)),
                    duration: 2.5, scene: Scene(background: .plain, root: .pager(pager)),
                    gestures: [.drag(at: 0.2, from: Point(x: 300, y: 400), to: Point(x: 60, y: 405), duration: 0.6),
                               .tap(at: 1.4, Point(x: 340, y: 69))])
}

/// Path 2's timeline: a list with sections and an info panel, pulled past its top and flung.
func panelScenario() -> Scenario {
    let list = ListSpec(rowHeight: 72, sections: [Section(title: "7:00 AM", rows: 30), Section(title: "8:00 AM", rows: 45),
                                                  Section(title: "9:00 AM", rows: 60)],
                        infoPanel: InfoPanelSpec(width: 92))
    return Scenario(name: "panel", viewport: Viewport(width: 390, height: 844, scale: 1, safeArea: EdgeInsets(top: 47, bottom: 34)),
                    duration: 3, scene: Scene(background: .plain, root: .list(list)),
                    gestures: [.drag(at: 0.2, from: Point(x: 195, y: 200), to: Point(x: 195, y: 700), duration: 0.5, hold: 0.2),
                               .drag(at: 1.6, from: Point(x: 195, y: 650), to: Point(x: 195, y: 150), duration: 0.06)])
}

@Suite("Invariants on every frame")
struct InvariantTests {
    @Test("The hand-off, the pager with its tap and the panel keep every invariant, and each rule is exercised")
    func physicsKeepsThem() {
        for scenario in [sheetHandOff(), pagerScenario(), panelScenario()] {
            let report = InvariantChecker.check(scenario)
            #expect(report.passed, "\(scenario.name): \(report.lines)")
            for rule in [InvariantRule.finite, .followsFinger, .grab, .releaseVelocity, .continuity, .frameRates] {
                #expect((report.checks[rule] ?? 0) > 0, "\(scenario.name) never checked \(rule)")
            }
        }
        #expect((InvariantChecker.check(pagerScenario()).checks[.tabIndicator] ?? 0) == 151)
        #expect((InvariantChecker.check(panelScenario()).checks[.panelInTrack] ?? 0) == 181)
    }

    @Test("A finger held still before lifting releases at 0 pt/s, and the content reports 0 pt/s from 40 ms into the hold")
    func heldStill() {
        // The first drag's last touch sample is at 1.2 s (600 pt/s); the finger lifts at 1.3 s.
        let simulation = Simulation(scenario: sheetHandOff())
        #expect(abs(simulation.state(at: 1.21).scrollView("list")!.velocity.y - 600) < 1e-6)
        #expect(abs(simulation.state(at: 1.235).scrollView("list")!.velocity.y - 600) < 1e-6)
        #expect(simulation.state(at: 1.245).scrollView("list")!.velocity.y == 0)
        #expect(simulation.state(at: 1.3).scrollView("list")!.velocity.y == 0)
    }

    @Test("A part that leaves the finger during a drag is reported with the sum, the finger and the difference")
    func followsFinger() throws {
        // 30 pt added to the list while the finger scrolls it (0.8 ... 1.0 s).
        let report = checkAltered(sheetHandOff()) { state, _ in
            if state.time >= 0.8, state.time <= 1.0 { state.scrollViews[0].contentOffset.y += 30 }
        }
        let v = try #require(report.violations.first { $0.rule == .followsFinger })
        #expect(v.frame == 48 && v.time == 0.8)
        #expect(v.path == "list.contentOffset.y + sheet.top")
        #expect(v.detail.contains("off by 30 pt"), "\(v.detail)")
        #expect(report.violations.filter { $0.rule == .followsFinger }.count == 13)
        #expect(report.violations.allSatisfy { $0.rule == .followsFinger }, "\(report.lines)")
    }

    @Test("A jump when the finger comes down names the part, the instant and both positions")
    func grab() throws {
        // The sheet shifted 5 pt from the second touch-down on (1.6 s): only the touch-down sees a change.
        let report = checkAltered(sheetHandOff()) { state, _ in
            if state.time >= 1.6 { state.sheets[0].top += 5 }
        }
        #expect(report.violations.count == 1, "\(report.lines)")
        let v = try #require(report.violations.first)
        #expect(v.rule == .grab && v.path == "sheet.top" && v.frame == 96)
        #expect(v.description == "frame 96 (1.6 s) sheet.top: jumped 5 pt when the finger came down, from 67.52 to 72.52 (allowed 0.02) [no jump at touch-down]")
    }

    @Test("A motion that starts at the wrong velocity after the lift is reported with both velocities")
    func releaseVelocity() throws {
        // The flick releases at 1000 pt/s downwards at 3.1 s; the settle is made to start at twice that.
        let report = checkAltered(sheetHandOff()) { state, _ in
            if state.time >= 3.1, state.sheets[0].phase != .tracking { state.sheets[0].velocity *= 2 }
        }
        let v = try #require(report.violations.first)
        #expect(report.violations.count == 1, "\(report.lines)")
        #expect(v.rule == .releaseVelocity && v.path == "list.velocity.y + sheet.velocity" && v.frame == 186)
        #expect(v.detail.hasPrefix("moved at -1000 pt/s under the finger (rubber band undone) just before it lifted, and the motion after the lift started at -2000 pt/s (off by 1000 pt/s"), "\(v.detail)")
    }

    @Test("A jump during a settle is located to the instant by bisection")
    func continuity() throws {
        let report = checkAltered(sheetHandOff()) { state, _ in
            if state.time >= 3.5123 { state.sheets[0].top += 20 }
        }
        #expect(report.violations.count == 1, "\(report.lines)")
        let v = try #require(report.violations.first)
        #expect(v.rule == .continuity && v.path == "sheet.top")
        #expect(abs(v.time - 3.5123) < 2e-7 && v.frame == 211)
        #expect(v.detail.hasPrefix("jumped 20") && v.detail.contains(" pt at 3.5123 s with no input event"), "\(v.detail)")
    }

    @Test("An indicator out of its track, a panel away from the indicator, a tab indicator off its fraction")
    func geometry() throws {
        let indicator = checkAltered(sheetHandOff(), comparingRates: false) { state, _ in
            if state.index == 10 { state.scrollViews[0].indicator!.frame.origin.y -= 100 }
        }
        #expect(indicator.violations.count == 1, "\(indicator.lines)")
        #expect(indicator.violations.first?.path == "list.indicator.frame.y")
        #expect(indicator.violations.first?.detail.contains("outside its track 481 to ") == true, "\(indicator.lines)")

        let panel = checkAltered(panelScenario(), comparingRates: false) { state, _ in
            if state.index == 100 { state.panels[0].frame.origin.x -= 2 }
        }
        #expect(panel.violations.map(\.description) == ["frame 100 (1.666667 s) panel.frame.x: the panel ends 6 pt left of the indicator, not 4 pt [panel inside its track]"])

        let tab = checkAltered(pagerScenario(), comparingRates: false) { state, _ in
            if state.index == 100 { state.pagers[0].indicator.x += 1.5 }
        }
        #expect(tab.violations.count == 1 && tab.violations.first?.rule == .tabIndicator, "\(tab.lines)")
        #expect(tab.violations.first?.path == "pager.indicator")
    }

    @Test("A sheet settling and a card leaving during animated resizes: 60 and 120 fps agree, velocities to 0.5 pt/s")
    func animatedResizeAgreesAcrossFrameRates() throws {
        let sheet = SheetSpec(detents: [.height("tip", 120), .fraction("half", 0.5), .fraction("full", 0.92)], initial: "half",
                              content: .list(ListSpec(rows: 60, rowHeight: 56)))
        let settling = Scenario(name: "settle-resize", viewport: Viewport(width: 390, height: 844, scale: 3), duration: 1.5,
                                scene: Scene(background: .map, root: .sheet(sheet)),
                                gestures: [.drag(at: 0.1, from: Point(x: 195, y: 500), to: Point(x: 195, y: 300), duration: 0.15),
                                           .resize(at: 0.3, to: Size(width: 600, height: 500), duration: 0.5, curve: .easeInOut)])
        let card = SheetSpec(detents: [.top("card", 55)], initial: "card", content: .list(ListSpec(rows: 40, rowHeight: 64)),
                             dismissible: true, presentation: .deck)
        let leaving = Scenario(name: "dismiss-resize", viewport: Viewport(width: 390, height: 844, scale: 3), duration: 1.5,
                               scene: Scene(background: .map, root: .sheet(card)),
                               gestures: [.drag(at: 0.1, from: Point(x: 195, y: 300), to: Point(x: 195, y: 650), duration: 0.3),
                                          .resize(at: 0.45, to: Size(width: 600, height: 600), duration: 0.4)])
        for scenario in [settling, leaving] {
            let report = InvariantChecker.check(scenario)
            #expect(report.passed, "\(scenario.name): \(report.lines)")
            #expect((report.checks[.frameRates] ?? 0) > 80)
        }
    }

    @Test("Frame rates that disagree are reported per path, and NaN is reported")
    func frameRatesAndNaN() throws {
        let rates = checkAltered(sheetHandOff()) { state, scenario in
            if scenario.fps == 120, state.index == 120 { state.scrollViews[0].contentOffset.y += 0.75 }
        }
        #expect(rates.violations.map(\.description) == ["frame 60 (1 s) list.contentOffset.y: is 125.52 at 60 fps but 126.27 at 120 fps (off by 0.75; allowed 0.5) [frame rates agree]"])

        // Velocities are held to the same half point per second, not more.
        let velocity = checkAltered(sheetHandOff()) { state, scenario in
            if scenario.fps == 120, state.index == 120 { state.sheets[0].velocity += 0.75 }
        }
        #expect(velocity.violations.map(\.description).first?.hasPrefix("frame 60 (1 s) sheet.velocity: is ") == true)
        #expect(velocity.violations.first?.description.hasSuffix("(off by 0.75; allowed 0.5) [frame rates agree]") == true)

        let nan = checkAltered(sheetHandOff(), comparingRates: false) { state, _ in
            if state.index == 5 { state.sheets[0].dimming = .nan }
        }
        #expect(nan.violations.map(\.description) == ["frame 5 (0.083333 s) sheet.dimming: is nan [finite numbers]"])
    }
}
