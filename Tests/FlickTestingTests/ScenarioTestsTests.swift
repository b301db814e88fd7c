import FlickCore
import FlickDiff
import FlickOutput
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import FlickRunner
import FlickTesting

@Suite("flick test's runner: discovery, shards, one scenario's result, JUnit")
struct ScenarioTestsTests {
    @Test("Discovery walks folders, keeps scenario files only, skips goldens and hidden folders, sorts by path")
    func discovery() throws {
        let root = try temporaryFolder("flick-discover")
        defer { try? FileManager.default.removeItem(atPath: root) }
        for file in ["b.yaml", "a.json", "notes.txt", "sub/c.yml", "sub/__Goldens__/c/x.yaml", ".hidden/d.yaml", "sub/e.YAML"] {
            let path = root + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try "duration: x".write(toFile: path, atomically: true, encoding: .utf8)
        }
        // Plainly not a scenario: a mapping with none of viewport, duration and scene, and a list.
        try #"{"name": "app", "scripts": {}}"#.write(toFile: root + "/package.json", atomically: true, encoding: .utf8)
        try "- 1\n".write(toFile: root + "/sub/list.yml", atomically: true, encoding: .utf8)
        var skipped: [String] = []
        let found = try ScenarioTests.discover([root, root + "/b.yaml"], skipped: &skipped)
        #expect(found == ["a.json", "b.yaml", "sub/c.yml", "sub/e.YAML"].map { root + "/" + $0 })
        #expect(skipped == [root + "/package.json", root + "/sub/list.yml"])
        #expect(ScenarioDecoder.requiredKeys == ["viewport", "duration", "scene"])
        #expect(throws: ScenarioTests.InputError.self) { try ScenarioTests.discover([root + "/nothing"]) }
        #expect(throws: ScenarioTests.InputError.self) { try ScenarioTests.discover([root + "/sub/__Goldens__/c/none"]) }
    }

    @Test("Shards 1/n … n/n hold every path exactly once, in contiguous balanced runs", arguments: 1...7)
    func shards(count: Int) {
        for size in 0...20 {
            let paths = (0..<size).map { String(format: "s%02d.yaml", $0) }.shuffled()
            let parts = (1...count).map { ScenarioTests.shard(paths, index: $0, count: count) }
            #expect(parts.flatMap { $0 } == paths.sorted())
            let sizes = parts.map(\.count)
            #expect(sizes.max()! - sizes.min()! <= 1, "\(size) over \(count): \(sizes)")
        }
    }

    @Test("A wrong expectation makes the scenario fail, with the expectation's own line")
    func wrongExpectation() {
        let scenario = sheetHandOff(expectations: [
            Expectation(.end, "sheet.detent", .equals(.string("tip")), index: 0),
            Expectation(.at(1.2), "sheet.top", .near(422, within: 0.5), index: 1),
        ])
        let result = ScenarioTests.run(scenario, path: "suite/sheet-handoff.yaml",
                                       options: ScenarioTestOptions(record: .never))
        #expect(!result.passed && !result.isError)
        #expect(result.summaryLine.hasPrefix("FAIL suite/sheet-handoff.yaml (1 of 2 expectations failed, "))
        #expect(result.failureLines == ["expect[1]: sheet.top was 67.52, expected 422 ± 0.5 (off by 354.48) at 1.2 s (frame 72)"])
        let passing = ScenarioTests.run(sheetHandOff(expectations: [Expectation(.end, "sheet.detent", .equals(.string("tip")))]),
                                        path: "suite/sheet-handoff.yaml", options: ScenarioTestOptions(record: .never))
        #expect(passing.passed, "\(passing.failureLines)")
        #expect(passing.summaryLine.hasPrefix("PASS suite/sheet-handoff.yaml (1 expectation, "))
        #expect(passing.summaryLine.hasSuffix(" invariant checks, 0 golden frames)"))
    }

    @Test("A report folder per scenario file: files of the same name in two folders never share one")
    func reportFolders() {
        #expect(ScenarioTests.reportFolder(for: "Tests/Scenarios/card.yaml") == "Tests/Scenarios/card")
        #expect(ScenarioTests.reportFolder(for: "a/card.yaml") != ScenarioTests.reportFolder(for: "b/card.yaml"))
        #expect(ScenarioTests.reportFolder(for: "/abs/card.json") == "abs/card")
        #expect(ScenarioTests.reportFolder(for: "./x/../card.yml") == "x/_/card")
    }

    @Test("Goldens named by the scenario are recorded when missing, then compared; a changed pixel fails with its numbers")
    func goldens() throws {
        let folder = try temporaryFolder("flick-run-goldens"), report = try temporaryFolder("flick-run-report")
        defer { try? FileManager.default.removeItem(atPath: folder); try? FileManager.default.removeItem(atPath: report) }
        var scenario = sheetHandOff()
        scenario.goldens = GoldenSpec(frames: [0, 78], scale: 1)
        let path = folder + "/sheet-handoff.yaml"
        let options = ScenarioTestOptions(record: .missing, reportDirectory: report)
        let first = ScenarioTests.run(scenario, path: path, options: options)
        #expect(!first.passed)
        #expect(first.failureLines == [
            "frame 0: recorded a new golden at \(folder)/__Goldens__/sheet-handoff/frame_00000.png; check it and run again",
            "frame 78: recorded a new golden at \(folder)/__Goldens__/sheet-handoff/frame_00078.png; check it and run again",
        ])
        let second = ScenarioTests.run(scenario, path: path, options: options)
        #expect(second.passed, "\(second.failureLines)")

        let golden = folder + "/__Goldens__/sheet-handoff/frame_00078.png"
        var image = try Bitmap.readPNG(path: golden)
        image[300, 500] = image[300, 500] == RGBA(255, 0, 0) ? RGBA(0, 0, 255) : RGBA(255, 0, 0)
        try image.writePNG(path: golden)
        let third = ScenarioTests.run(scenario, path: path, options: options)
        #expect(third.summaryLine.hasSuffix(", 1 of 2 golden frames failed)"))
        let line = try #require(third.failureLines.first)
        #expect(line.hasPrefix("frame 78 differs from \(golden): 1 pixel differs ("), "\(line)")
        // The report keeps the file's path (the temporary folder is absolute: its leading "/" is dropped).
        #expect(line.hasSuffix("Expected, actual, diff and side-by-side images: \(report)\(folder)/sheet-handoff/frame_00078"))
        #expect(FileManager.default.fileExists(atPath: report + folder + "/sheet-handoff/frame_00078/diff.png"))

        // Without `goldens:`, the frames already stored are compared, at the scale they were drawn at.
        scenario.goldens = nil
        let stored = ScenarioTests.run(scenario, path: path, options: ScenarioTestOptions(record: .never))
        #expect(stored.goldens.map(\.frame) == [0, 78])
        #expect(stored.goldens.map(\.passed) == [true, false])
        #expect(try ScenarioTests.goldenSpec(for: scenario, path: path) == GoldenSpec(frames: [0, 78], scale: 1))
    }

    @Test("Golden file names: frame_ and at least five digits")
    func goldenNames() {
        #expect(ScenarioTests.frameIndex(ofGolden: "frame_00012.png") == 12)
        #expect(ScenarioTests.frameIndex(ofGolden: "frame_123456.png") == 123456)
        #expect(ScenarioTests.frameIndex(ofGolden: "frame_12.png") == nil)
        #expect(ScenarioTests.frameIndex(ofGolden: "frame_0001a.png") == nil)
        #expect(ScenarioTests.frameIndex(ofGolden: "expected.png") == nil)
    }

    @Test("JUnit XML is well-formed and escapes what it must, with one testcase per scenario")
    func junit() throws {
        var failing = ScenarioTestResult(path: "a & b/<odd> \"name\".yaml")
        failing.expectationCount = 1
        failing.expectationFailures = [ExpectationFailure(
            expectation: Expectation(.at(1), "sheet.top", .near(1, within: 0)), frame: 60, time: 1, actual: .number(2),
            failedFrames: 1, coveredFrames: 1, description: "expect[0]: sheet.top was 2 < 3 & \"so\" \u{1} on")]
        var broken = ScenarioTestResult(path: "c.yaml")
        broken.error = "c.yaml:1:1: error: syntax error"
        let passing = ScenarioTestResult(path: "d.yaml")
        let xml = JUnitReport.xml([failing, broken, passing])
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"flick test\" tests=\"3\" failures=\"1\" errors=\"1\" time=\"0.000\">\n"))
        #expect(xml.contains("<testcase classname=\"a &amp; b\" name=\"&lt;odd&gt; &quot;name&quot;.yaml\" file=\"a &amp; b/&lt;odd&gt; &quot;name&quot;.yaml\" time=\"0.000\">"))
        #expect(xml.contains("<failure message=\"expect[0]: sheet.top was 2 &lt; 3 &amp; &quot;so&quot;  on\" type=\"expectation\">"))
        #expect(xml.contains("<error message=\"c.yaml:1:1: error: syntax error\" type=\"bad input\">"))
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.lastPathComponent
        #expect(xml.contains("<testcase classname=\"\(Markup.escape(here, .xml(attribute: true)))\" name=\"d.yaml\" file=\"d.yaml\" time=\"0.000\"/>"))
        final class Count: NSObject, XMLParserDelegate {
            var elements: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) { elements.append(name) }
        }
        let parser = XMLParser(data: Data(xml.utf8)), count = Count()
        parser.delegate = count
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(count.elements == ["testsuites", "testsuite", "properties", "testcase", "failure", "testcase", "error", "testcase",
                                   "system-out", "system-err"])
    }

    @Test("Markdown escapes free text: no emphasis, HTML, link, code or mention of its own")
    func markdownEscapes() {
        var failing = ScenarioTestResult(path: "x.yaml")
        failing.expectationCount = 1
        failing.expectationFailures = [ExpectationFailure(
            expectation: Expectation(.at(1), "sheet.top", .near(1, within: 0)), frame: 60, time: 1, actual: .number(2),
            failedFrames: 1, coveredFrames: 1, description: "expect[0]: @bob <b>x</b> *y* [l](http://e) `c` & #1 | $z$")]
        let markdown = MarkdownReport.markdown([failing], markdownFile: "/tmp/summary.md")
        #expect(markdown.contains("- expectation: expect\\[0\\]: @\u{200B}bob \\<b\\>x\\</b\\> \\*y\\* \\[l\\](http:\u{200B}//e) \\`c\\` &amp; \\#1 \\| \\$z\\$\n"),
                "\(markdown)")
        // An expected value from a pull request: no image, no link, no autolink, no mention (issue 36, item 16).
        #expect(MarkdownReport.text("![t](https://evil.example/p.png) @everyone www.evil.example")
                == "!\\[t\\](https:\u{200B}//evil.example/p.png) @\u{200B}everyone www\u{200B}.evil.example")
        #expect(MarkdownReport.code("a`b") == "`` a`b ``")
        #expect(MarkdownReport.fenced("```\nx") == "````\n```\nx\n````\n")
    }
}
