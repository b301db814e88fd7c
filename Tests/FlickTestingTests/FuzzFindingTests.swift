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
