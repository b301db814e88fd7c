import Foundation
import Testing
@testable import FlickCore

// `expect:` and `goldens:` as the decoder reads them; `flick test` runs them.

@Suite struct ExpectationDecodingTests {
    static let sheetScene = """
        viewport: {width: 390, height: 844}
        duration: 2
        scene:
          sheet:
            detents: [{name: tip, height: 120}, {name: half, fraction: 0.5}]
            initial: half
            content: {pager: {pages: [{title: A, content: {list: {id: songs, rows: 40, rowHeight: 50}}}, {title: B}]}}

        """

    @Test func expectationsDecode() throws {
        let scenario = try decodeScenario(Self.sheetScene + """
            expect:
              - {at: 1.2, sheet.detent: tip, pager.page: 0}
              - {at: end, songs.contentOffset.y: {near: 120, within: 0.5}}
              - {from: 0.5, to: 1, sheet.phase: idle, touch.phase: null}
              - at: 0
                pagers.pager.tabs[1].x: 195
                "sheet.detent": "half"
                songs.indicator.alpha: 0
            """)
        let e = scenario.expectations
        #expect(e.map(\.path) == ["sheet.detent", "pager.page", "songs.contentOffset.y", "sheet.phase", "touch.phase",
                                  "pagers.pager.tabs[1].x", "sheet.detent", "songs.indicator.alpha"])
        #expect(e.map(\.index) == [0, 0, 1, 2, 2, 3, 3, 3])
        #expect(e[0].time == .at(1.2) && e[0].condition == .equals(.string("tip")))
        #expect(e[1].condition == .equals(.number(0)))
        #expect(e[2].time == .end && e[2].condition == .near(120, within: 0.5))
        #expect(e[3].time == .span(from: 0.5, to: 1) && e[4].condition == .equals(.null))
        #expect(e[5].condition == .equals(.number(195)) && e[6].condition == .equals(.string("half")))
    }

    /// One schema for YAML and JSON: `"end"` as a JSON string (or a quoted YAML string) is the end too.
    @Test func endReadsTheSameInJSON() throws {
        let json = """
            {"viewport": {"width": 390, "height": 844}, "duration": 2,
             "scene": {"list": {"id": "songs", "rows": 40, "rowHeight": 50}},
             "expect": [{"at": "end", "songs.contentOffset.y": 0}, {"at": 1.5, "songs.contentOffset.y": 0}]}
            """
        let scenario = try decodeScenario(json)
        #expect(scenario.expectations.map(\.time) == [.end, .at(1.5)])
        let quoted = try decodeScenario(Self.sheetScene + "expect:\n  - {at: \"end\", sheet.detent: half}\n")
        #expect(quoted.expectations.map(\.time) == [.end])
        let wrong = problem(json.replacingOccurrences(of: "\"at\": \"end\"", with: "\"at\": \"later\""))
        #expect(wrong?.path == "expect[0].at")
        #expect(wrong?.message == "expected end or a number ≥ 0, found the string \"later\"")
    }

    @Test("Decoding runs no simulation: a wrong path decodes, with the place the runner's message names")
    func wrongPathsDecodeWithTheirPlace() throws {
        let scenario = try decodeScenario(Self.sheetScene + """
            expect:
              - {at: 1, sheet.detnt: tip}
            """)
        #expect(scenario.expectations.map(\.source) == [Expectation.Source(file: "test.yaml", path: "expect[0].sheet.detnt", line: 9, column: 13)])
    }

    @Test func timesAndShapes() {
        func one(_ item: String) -> ScenarioDiagnostic? { problem(Self.sheetScene + "expect:\n  - \(item)\n") }
        expectDiagnostic(one("{sheet.detent: tip}"), path: "expect[0]", line: 9, column: 5,
                         message: "expected a time: at (seconds or end), or from and to; or reference and within")
        expectDiagnostic(one("{at: 1, from: 0, to: 1, sheet.detent: tip}"), path: "expect[0]", line: 9, column: 5,
                         message: "expected at, or from and to, not both")
        expectDiagnostic(one("{from: 0, sheet.detent: tip}"), path: "expect[0]", line: 9, column: 5, message: "missing required key \"to\"")
        expectDiagnostic(one("{at: 3, sheet.detent: tip}"), path: "expect[0].at", line: 9, column: 10,
                         message: "3 s is after the scenario ends (duration 2 s)")
        expectDiagnostic(one("{at: soon, sheet.detent: tip}"), path: "expect[0].at", line: 9, column: 10,
                         message: "expected end or a number ≥ 0, found soon")
        expectDiagnostic(one("{from: 1, to: 0.5, sheet.detent: tip}"), path: "expect[0].from", line: 9, column: 12,
                         message: "from 1 s is after to 0.5 s")
        expectDiagnostic(one("{from: 0.001, to: 0.002, sheet.detent: tip}"), path: "expect[0]", line: 9, column: 5,
                         message: "no frame lies from 0.001 s to 0.002 s at 60 fps")
        expectDiagnostic(one("{at: 1}"), path: "expect[0]", line: 9, column: 5,
                         message: "expected a state path to check, such as sheet.detent: full")
        expectDiagnostic(one("{at: 1, sheet.top: {near: 1}}"), path: "expect[0].sheet.top", line: 9, column: 24,
                         message: "missing required key \"within\"")
        // A tolerance written beside the time, not inside the path's value.
        expectDiagnostic(one("{at: 1, sheet.top: 400, within: 1}"), path: "expect[0].within", line: 9, column: 37,
                         message: "within beside a time belongs inside a state path's value, as PATH: {near: X, within: E}; at this level it goes with reference")
        expectDiagnostic(one("{at: 1, reference: 0, within: 1}"), path: "expect[0]", line: 9, column: 5,
                         message: "expected a time (at, or from and to) or a reference, not both")
        expectDiagnostic(one("{at: 1, sheet.top: .nan}"), path: "expect[0].sheet.top", line: 9, column: 24,
                         message: "expected a finite number, found .nan")
        expectDiagnostic(one("{at: 1, sheet.top: [1]}"), path: "expect[0].sheet.top", line: 9, column: 24,
                         message: "expected a number, a string, true, false, null or {near: X, within: E}, found a list")
    }

    @Test func goldens() throws {
        let scenario = try decodeScenario(Self.sheetScene + "goldens: {frames: [0, 60, 120], scale: 1}\n")
        #expect(scenario.goldens == GoldenSpec(frames: [0, 60, 120], scale: 1))
        #expect(try decodeScenario(Self.sheetScene + "goldens: {frames: [5]}\n").goldens == GoldenSpec(frames: [5]))
        #expect(try decodeScenario(Self.sheetScene).goldens == nil)
        expectDiagnostic(problem(Self.sheetScene + "goldens: {frames: [0, 121]}\n"), path: "goldens.frames[1]", line: 8, column: 23,
                         message: "frame 121 does not exist; the scenario has 121 frames (0...120)")
        expectDiagnostic(problem(Self.sheetScene + "goldens: {frames: [3, 3]}\n"), path: "goldens.frames[1]", line: 8, column: 23,
                         message: "frame 3 is listed twice (first at goldens.frames[0])")
        expectDiagnostic(problem(Self.sheetScene + "goldens: {frames: []}\n"), path: "goldens.frames", line: 8, column: 19,
                         message: "expected at least 1 item, found 0")
        expectDiagnostic(problem(Self.sheetScene + "goldens: {frames: [1], scale: 0.0001}\n"), path: "goldens.scale", line: 8,
                         column: 31, message: "at this scale, 390×844 pt at scale 0.0001 makes images of 0×0 pixels; each side must be from 1 to 32767 pixels")
    }
}
