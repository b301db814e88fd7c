import FlickCore
import Foundation
import Testing
@testable import FlickRunner
import FlickTesting

@Suite("flick fuzz: seeded scripts, shrinking, files that read back exactly")
struct FuzzTests {
    @Test("SplitMix64 gives the reference sequence for seed 0")
    func splitMix() {
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
        var unit = SplitMix64(seed: 7)
        for _ in 0..<1000 {
            let u = unit.unit()
            #expect(u >= 0 && u < 1)
        }
        var ints = SplitMix64(seed: 9)
        #expect(Set((0..<200).map { _ in ints.int(2...4) }) == [2, 3, 4])
    }

    @Test("A seed and a case name one script; other cases differ")
    func deterministic() {
        let fuzzer = GestureFuzzer(scenario: pagerScenario())
        let a = fuzzer.scenario(seed: 42, case: 3), b = fuzzer.scenario(seed: 42, case: 3)
        #expect(a.gestures.map(FuzzScenarioFile.line) == b.gestures.map(FuzzScenarioFile.line))
        #expect(a.duration == b.duration && a.name == "pager-fuzz-42-3")
        let others = (0..<10).map { fuzzer.scenario(seed: 42, case: $0).gestures.map(FuzzScenarioFile.line) }
        #expect(Set(others).count == 10)
        #expect(fuzzer.scenario(seed: 43, case: 3).gestures.map(FuzzScenarioFile.line) != a.gestures.map(FuzzScenarioFile.line))
    }

    @Test("Scripts use every kind of gesture, aim at tab bars, never overlap one finger, and end before the scenario")
    func scripts() {
        let fuzzer = GestureFuzzer(scenario: pagerScenario())
        var kinds = Set<String>()
        var tabTaps = 0
        for i in 0..<60 {
            let s = fuzzer.scenario(seed: 1, case: i)
            kinds.formUnion(s.gestures.map(\.kind))
            let fingered = s.gestures.filter(\.usesFinger)
            for (a, b) in zip(fingered, fingered.dropFirst()) { #expect(b.at >= a.at + a.fingerDuration - 1e-9, "case \(i)") }
            #expect(s.gestures.allSatisfy { $0.at <= s.duration })
            tabTaps += s.gestures.filter { if case .tap(let p) = $0.action { p.y >= 47 && p.y < 91 } else { false } }.count
        }
        #expect(kinds == ["drag", "touches", "tap", "resize"])
        #expect(tabTaps > 10)
    }

    @Test("A case written to a file reads back to exactly the same input", arguments: 0..<12)
    func fileRoundTrip(index: Int) throws {
        let path = example("sheet-handoff")
        let original = try ScenarioDecoder.load(path: path)
        let generated = GestureFuzzer(scenario: original).scenario(seed: 5, case: index)
        let text = try FuzzScenarioFile.yaml(originalFile: path, scenario: generated, comments: ["a comment", "  and another"])
        #expect(text.hasPrefix("# a comment\n#   and another\n"))
        let read = try ScenarioDecoder.decode(data: Data(text.utf8), file: "case.yaml", defaultName: "case")
        #expect(read.name == generated.name && read.duration == generated.duration)
        #expect(read.viewport == original.viewport && read.fps == original.fps)
        let a = read.inputEvents, b = generated.inputEvents
        #expect(a.count == b.count)
        for (x, y) in zip(a, b) {
            #expect(x.time == y.time, "\(x) \(y)")
            #expect(String(describing: x.kind) == String(describing: y.kind))
        }
    }

    @Test("Shrinking keeps the one gesture that matters, moves it to the start and ends just after the violation")
    func shrinking() throws {
        // The states break "finite numbers" 0.2 s after a tap at (123, 321), whatever else happens.
        let marker = Point(x: 123, y: 321)
        let source: (Scenario) -> StateSource = { scenario in
            AlteredStates(scenario) { state, scenario in
                for g in scenario.gestures {
                    if case .tap(let p) = g.action, p == marker, state.time > g.at + 0.2 { state.sheets[0].dimming = .nan }
                }
            }
        }
        var scenario = sheetHandOff()
        scenario.gestures += [.tap(at: 3.6, marker), .tap(at: 3.8, Point(x: 50, y: 600))]
        scenario.gestures = scenario.gestures.enumerated().map { i, g in var g = g; g.index = i; return g }
        let shrunk = Fuzz.shrink(scenario, rule: .finite, source: source)
        #expect(shrunk.gestures.map(FuzzScenarioFile.line) == ["{at: 0.1, tap: [123, 321]}"])
        // The first broken frame is 0.316667 s (0.1 + 0.2 is just past frame 18): three frames later, rounded up.
        #expect(shrunk.duration == 0.37)
        let report = InvariantChecker.check(shrunk, options: InvariantChecker.Options(compareFrameRates: false), source: source)
        #expect(report.violations.first?.frame == 19)
    }
}
