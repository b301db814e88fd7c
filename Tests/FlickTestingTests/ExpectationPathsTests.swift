import FlickCore
import FlickRunner
import Foundation
import Testing

/// The runner's check of expectation paths on the scene's first frame (decoding runs no simulation).
@Suite("Expectation paths, checked by the runner")
struct ExpectationPathsTests {
    static let sheetScene = """
        viewport: {width: 390, height: 844}
        duration: 2
        scene:
          sheet:
            detents: [{name: tip, height: 120}, {name: half, fraction: 0.5}]
            initial: half
            content: {pager: {pages: [{title: A, content: {list: {id: songs, rows: 40, rowHeight: 50}}}, {title: B}]}}

        """

    static func decode(_ text: String) throws -> Scenario {
        try ScenarioDecoder.decode(data: Data(text.utf8), file: "test.yaml", defaultName: "test")
    }

    @Test("A wrong path names its place, the nearest path and what its known part holds; a wrong kind says so")
    func wrongPathsSuggestCloseOnes() throws {
        let found = ExpectationPaths.diagnostics(try Self.decode(Self.sheetScene + """
            expect:
              - {at: 1, sheet.detnt: tip}
              - {at: 1, sheet.frame: 0}
              - {at: 1, songs.contentOfset.y: 0}
              - {at: 1, sheet.detent: {near: 1, within: 0.1}}
              - {at: 1, pager.page: two}
              - {at: 1, sheet.detent: half}
            """))
        #expect(found.map(\.file) == Array(repeating: "test.yaml", count: 5))
        #expect(found.map(\.path) == ["expect[0].sheet.detnt", "expect[1].sheet.frame", "expect[2].songs.contentOfset.y",
                                      "expect[3].sheet.detent", "expect[4].pager.page"])
        #expect(found.map(\.line) == [9, 10, 11, 12, 13])
        #expect(found.map(\.column) == [13, 13, 13, 13, 13])
        #expect(found[0].message.hasPrefix("no state has the path sheet.detnt (did you mean sheet.detent?); sheet holds top, detent,"))
        #expect(found[1].message == "sheet.frame holds several values; name one: sheet.frame.x, sheet.frame.y, sheet.frame.width, sheet.frame.height")
        #expect(found[2].message.hasPrefix("no state has the path songs.contentOfset.y (did you mean songs.contentOffset.y?); songs holds contentOffset,"))
        #expect(found[3].message == "sheet.detent is a string (half at 0 s), not a number")
        #expect(found[4].message == "pager.page is a number (0 at 0 s), not a string")
        #expect(found[0].description.hasPrefix("test.yaml:9:13: error: expect[0].sheet.detnt: no state has the path sheet.detnt"))
    }

    @Test("A reference whose path names nothing is found with its place; a reference check's own path is not checked twice")
    func referencePaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-reference-paths-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "t,value\n0,0\n0.1,1\n".write(to: folder.appendingPathComponent("r.csv"), atomically: true, encoding: .utf8)
        let text = """
            viewport: {width: 390, height: 844}
            duration: 1
            scene: {list: {id: feed, rows: 40, rowHeight: 50}}
            reference:
              - {path: feed.offset.y, file: r.csv}
            expect: [{reference: 0, within: 0.5}]

            """
        let scenario = try ScenarioDecoder.decode(data: Data(text.utf8), file: folder.appendingPathComponent("s.yaml").path,
                                                  defaultName: "s")
        let found = ExpectationPaths.diagnostics(scenario)
        #expect(found.map(\.path) == ["reference[0].path"])
        #expect(found.first?.line == 5)
        #expect(found.first?.message.hasPrefix("no state has the path feed.offset.y") == true, "\(found.first?.message ?? "")")
    }

    @Test("A scenario with a wrong path is an error of the run, before any expectation is checked")
    func runReportsThem() throws {
        let scenario = try Self.decode(Self.sheetScene + "expect:\n  - {at: 1, sheet.detnt: tip}\n")
        let result = ScenarioTests.run(scenario, path: "test.yaml")
        #expect(result.isError)
        #expect(result.error?.hasPrefix("test.yaml:9:13: error: expect[0].sheet.detnt: no state has the path sheet.detnt") == true,
                "\(result.error ?? "")")
        #expect(result.expectationCount == 0)
    }

    @Test("An expectation built in Swift has no place; its message names it by index")
    func builtInSwift() {
        let found = ExpectationPaths.diagnostics(sheetHandOff(expectations: [Expectation(.end, "sheet.detnt", .equals(.string("tip")), index: 2)]))
        #expect(found.map(\.path) == ["expect[2].sheet.detnt"])
        #expect(found.first?.line == nil)
    }
}
