import FlickDiff
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing


/// A short pager scenario at 1x: a drag to the second page, then a tap on the third tab.
private let pagerYAML = """
viewport: {width: 200, height: 300, scale: 1, safeArea: {top: 0, bottom: 0}}
duration: 1.5
scene:
  background: plain
  pager:
    pages: [{title: A, color: "#ffd6d6"}, {title: B, color: "#d9f7d6"}, {title: C, color: "#d6ecff"}]
gestures:
  - {at: 0.1, drag: {from: [150, 150], to: [40, 150], duration: 0.2}}
  - {at: 0.8, tap: [170, 20]}

"""

/// The scenario lines (`PASS …`, `FAIL …`, `ERROR …`) of a `flick test` output.
private func scenarioLines(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") || $0.hasPrefix("ERROR ") }
}

@Suite("flick check and flick test, end to end")
struct TestCommandTests {
    @Test("check: every bundled example keeps every invariant")
    func checkExamples() throws {
        let run = try flick(["check"] + exampleNames)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == exampleNames.count)
        #expect(lines.allSatisfy { $0.contains(": ok (") && $0.contains(" checks)") }, "\(lines)")
    }

    @Test("check: a file that does not decode, or does not exist, exits 2 naming it")
    func checkBadInput() throws {
        let missing = try flick(["check", "no-such-scenario.yaml"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no-such-scenario.yaml"))
        let folder = try scratchFolder("check-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.yaml")
        try "duration: 1\nscene: {list: {rows: 3}}\n".write(to: bad, atomically: true, encoding: .utf8)
        let run = try flick(["check", bad.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("\(bad.path)") && run.stderr.contains("rowHeight"), "\(run.stderr)")
    }

    @Test("test and validate: an expectation path that names nothing exits 2 with its place and the nearest path")
    func wrongExpectationPath() throws {
        let folder = try scratchFolder("expect-path")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("typo.yaml")
        try (pagerYAML + "expect:\n  - {at: end, pager.pag: 2}\n").write(to: file, atomically: true, encoding: .utf8)
        let message = "\(file.path):11:15: error: expect[0].pager.pag: no state has the path pager.pag (did you mean pager.page?)"
        let test = try flick(["test", file.path])
        #expect(test.status == 2)
        #expect(test.stdout.contains("ERROR \(file.path)") && test.stdout.contains(message), "\(test.stdout)")
        let validate = try flick(["validate", file.path])
        #expect(validate.status == 2)
        #expect(validate.stderr.contains(message), "\(validate.stderr)")
        // Rendering does not run expectations, so it does not check their paths.
        #expect(try flick(["states", file.path]).status == 0)
    }

    @Test("test: a folder runs every scenario, one line each, and ends with the count")
    func testExamples() throws {
        let run = try flick(["test", "Examples"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last == "\(exampleNames.count) passed, 0 failed")
        let scenarios = scenarioLines(run.stdout)
        #expect(scenarios.count == exampleNames.count)
        #expect(scenarios.allSatisfy { $0.hasPrefix("PASS Examples/") })
        // Sorted by path, whatever order the threads finish in.
        #expect(scenarios == scenarios.sorted())
        #expect(try flick(["test", "Examples"]).stdout == run.stdout)
    }

    @Test("test: the shards 1/3, 2/3, 3/3 together run every scenario exactly once")
    func shards() throws {
        var seen: [String] = []
        for i in 1...3 {
            let run = try flick(["test", "Examples", "--shard", "\(i)/3"])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let lines = scenarioLines(run.stdout)
            #expect(run.stdout.hasSuffix("\(lines.count) passed, 0 failed\n"))
            seen += lines.map { String($0.split(separator: " ")[1]) }
        }
        let all = scenarioLines(try flick(["test", "Examples"]).stdout).map { String($0.split(separator: " ")[1]) }
        #expect(seen.count == exampleNames.count)
        #expect(seen == all)
        #expect(Set(seen).count == seen.count)
        // More shards than scenarios: the extra shards run nothing and pass.
        let halves = try (1...2).map { try flick(["test", "Examples/sheet-handoff.yaml", "--shard", "\($0)/2"]).stdout }
        #expect(halves.sorted().first == "0 passed, 0 failed\n")
        #expect(halves.filter { $0.hasSuffix("1 passed, 0 failed\n") }.count == 1)
    }

    @Test("test: a changed golden frame fails with the frame, the pixel count and the images; JUnit says so too")
    func changedGolden() throws {
        let folder = try scratchFolder("test-golden")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("pager.yaml")
        try pagerYAML.write(to: scenario, atomically: true, encoding: .utf8)
        // The golden of frame 30 as `flick render` draws it, stored where `flick test` looks.
        let render = try flick(["render", scenario.path, "--out", folder.appendingPathComponent("out").path, "--frames", "30"])
        #expect(render.status == 0, "\(render.stderr)")
        let goldens = folder.appendingPathComponent("__Goldens__/pager")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        let golden = goldens.appendingPathComponent("frame_00030.png")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("out/pager/frames/frame_00030.png"), to: golden)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("out"))

        let pass = try flick(["test", "pager.yaml", "--record", "never"], in: folder)
        #expect(pass.status == 0, "\(pass.stdout)")
        #expect(pass.stdout.hasPrefix("PASS pager.yaml (0 expectations, "))
        #expect(pass.stdout.contains(", 1 golden frame)\n"))

        // One pixel changed to a colour far from the one there.
        var image = try Bitmap.readPNG(path: golden.path)
        image[100, 150] = image[100, 150] == RGBA(0, 0, 0) ? RGBA(255, 255, 255) : RGBA(0, 0, 0)
        try image.writePNG(path: golden.path)
        let report = folder.appendingPathComponent("report"), junit = folder.appendingPathComponent("junit.xml")
        let markdown = folder.appendingPathComponent("summary.md")
        let fail = try flick(["test", "pager.yaml", "--record", "never", "--report", report.path, "--junit", junit.path,
                              "--markdown", markdown.path], in: folder)
        #expect(fail.status == 1)
        #expect(fail.stdout.hasPrefix("FAIL pager.yaml (0 expectations, "))
        #expect(fail.stdout.contains("1 of 1 golden frame failed)"))
        #expect(fail.stdout.contains("  frame 30 differs from __Goldens__/pager/frame_00030.png: 1 pixel"), "\(fail.stdout)")
        #expect(fail.stdout.hasSuffix("\n0 passed, 1 failed\n"))
        for name in ["expected.png", "actual.png", "diff.png"] {
            #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("pager/frame_00030/\(name)").path), "\(name)")
        }
        // The flip book: an APNG of two frames (acTL), expected then actual.
        let flip = try Data(contentsOf: report.appendingPathComponent("pager/frame_00030/flip.png"))
        #expect(flip.count > 100 && flip.range(of: Data("acTL".utf8)) != nil)
        let summary = try String(contentsOf: markdown, encoding: .utf8)
        #expect(summary.hasPrefix("## flick test: 0 passed, 1 failed\n"), "\(summary)")
        #expect(summary.contains("- frame 30: **1 pixel differs** from `__Goldens__/pager/frame_00030.png` (0."), "\(summary)")
        #expect(summary.contains("[diff](report/pager/frame_00030/diff.png) · [expected](report/pager/frame_00030/expected.png) · "
            + "[actual](report/pager/frame_00030/actual.png) · [flip preview (APNG)](report/pager/frame_00030/flip.png)"), "\(summary)")
        let diff = try Bitmap.readPNG(path: report.appendingPathComponent("pager/frame_00030/diff.png").path)
        #expect(diff[100, 150].red > 200 && diff[100, 150].green < 80, "the changed pixel is red in the diff")

        let xml = try Data(contentsOf: junit)
        let document = try JUnitDocument(xml)
        #expect(document.cases == ["pager.yaml"])
        #expect(document.failures == ["frame 30 differs from __Goldens__/pager/frame_00030.png"])
        #expect(document.suiteAttributes["tests"] == "1" && document.suiteAttributes["failures"] == "1")
        // The golden itself is never rewritten with --record never.
        #expect(try Bitmap.readPNG(path: golden.path)[100, 150] == image[100, 150])
    }

    @Test("test: without goldens named in the file or stored beside it, nothing is compared and nothing written")
    func noGoldens() throws {
        let folder = try scratchFolder("test-record")
        defer { try? FileManager.default.removeItem(at: folder) }
        try pagerYAML.write(to: folder.appendingPathComponent("pager.yaml"), atomically: true, encoding: .utf8)
        // Without goldens: named in the file or stored beside it, there is nothing to compare.
        let none = try flick(["test", "."], in: folder)
        #expect(none.status == 0 && none.stdout.contains("0 golden frames"), "\(none.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("__Goldens__").path))
    }

    @Test("test: bad input exits 2 with a message; a scenario that does not decode is an ERROR line")
    func badInput() throws {
        for (arguments, message) in [
            (["test", "no-such-folder"], "no-such-folder: no such file or folder"),
            (["test", "Examples", "--shard", "4/3"], "--shard must be i/n with 1 ≤ i ≤ n"),
            (["test", "Examples", "--shard", "one"], "--shard must be i/n"),
            (["test", "Examples", "--record", "sometimes"], "--record must be one of missing, changed, all, never"),
            (["test", "Examples", "--junit", "/no/such/folder/junit.xml"], "the folder /no/such/folder does not exist"),
            (["test", "Examples/icons"], "no scenario files"),
        ] {
            let run = try flick(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        let folder = try scratchFolder("test-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        try pagerYAML.write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try "duration: 1\nscene: {list: {rows: 3, rowHeight: 40}}\ngestures: [{at: 0.1, swipe: [1, 2]}]\n"
            .write(to: folder.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        let junit = folder.appendingPathComponent("junit.xml")
        let run = try flick(["test", ".", "--junit", junit.path], in: folder)
        #expect(run.status == 2)
        #expect(scenarioLines(run.stdout) == [scenarioLines(run.stdout)[0], "ERROR ./b.yaml"])
        #expect(run.stdout.contains("  ./b.yaml:3:"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("1 passed, 1 failed\n"))
        let document = try JUnitDocument(try Data(contentsOf: junit))
        #expect(document.errors.count == 1 && document.suiteAttributes["errors"] == "1")
    }

    @Test("test: --record missing writes the goldens `goldens:` names and fails once; the next run passes")
    func recordMissing() throws {
        let folder = try scratchFolder("test-record")
        defer { try? FileManager.default.removeItem(at: folder) }
        try (pagerYAML + "goldens: {frames: [0, 45], scale: 1}\n")
            .write(to: folder.appendingPathComponent("pager.yaml"), atomically: true, encoding: .utf8)
        let first = try flick(["test", "pager.yaml", "--record", "missing"], in: folder)
        #expect(first.status == 1)
        #expect(first.stdout.contains("  frame 45: recorded a new golden at __Goldens__/pager/frame_00045.png; check it and run again"), "\(first.stdout)")
        let goldens = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("__Goldens__/pager").path)
        #expect(goldens.sorted() == ["frame_00000.png", "frame_00045.png"])
        let second = try flick(["test", "pager.yaml", "--record", "never"], in: folder)
        #expect(second.status == 0, "\(second.stdout)")
        #expect(second.stdout.contains(", 2 golden frames)"))
    }

    @Test("test: a wrong expectation fails with expect[i], the path, the value found and the one expected")
    func wrongExpectation() throws {
        let folder = try scratchFolder("test-expect")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The drag of 110 pt (over half of the 200 pt page) goes to page 1; the tap on the third tab to page 2.
        try (pagerYAML + """
        expect:
          - {at: 0.5, pager.page: 1}
          - {at: end, pager.page: 1}
          - {at: end, scrollViews.pager.contentOffset.x: {near: 400, within: 0.5}}

        """).write(to: folder.appendingPathComponent("pager.yaml"), atomically: true, encoding: .utf8)
        let run = try flick(["test", "pager.yaml"], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("FAIL pager.yaml (1 of 3 expectations failed, "), "\(run.stdout)")
        #expect(run.stdout.contains("  expect[1]: pager.page was 2, expected 1 (off by 1) at the end, 1.5 s (frame 90)\n"), "\(run.stdout)")
    }
}

/// A real violation Flick has today: a pager's settle to its second page nearly over when the viewport quadruples its
/// width in 0.05 s. The settle is stretched with the width, and a spring's end is judged on its stretched distance
/// (half a pixel), so the growing width pushes the end later faster than time passes: sampled at 120 fps the settle
/// is over at an instant between two 60-fps frames, while at 60 fps it is still animating at the next. When Flick no
/// longer does this, replace the scenario with another real violation.
private let resizedSettleYAML = """
viewport: {width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}
duration: 1.5
scene:
  pager:
    pages: [{title: A}, {title: B}, {title: C}, {title: D}]
gestures:
  - {at: 0.1, tap: [150, 69]}
  - {at: 0.94, resize: {width: 1560, height: 844, duration: 0.05, curve: linear}}

"""

@Suite("flick fuzz and a broken invariant, end to end")
struct FuzzCommandTests {
    @Test("check and test: a broken invariant exits 1 naming the frame, time, path and numbers")
    func brokenInvariant() throws {
        let folder = try scratchFolder("check-broken")
        defer { try? FileManager.default.removeItem(at: folder) }
        try resizedSettleYAML.write(to: folder.appendingPathComponent("settle.yaml"), atomically: true, encoding: .utf8)
        let check = try flick(["check", "settle.yaml"], in: folder)
        #expect(check.status == 1)
        #expect(check.stdout == """
            settle.yaml: 7 violations
              frame 57 (0.95 s) pager.phase: is "animating" at 60 fps but "idle" at 120 fps [frame rates agree] (and 6 more times)

            """)
        let test = try flick(["test", "settle.yaml"], in: folder)
        #expect(test.status == 1)
        #expect(test.stdout.hasPrefix("FAIL settle.yaml (0 expectations, 1 invariant broken, 0 golden frames)\n  frame 57 (0.95 s) pager.phase: is \"animating\" at 60 fps but \"idle\" at 120 fps"))
        #expect(test.stdout.hasSuffix("\n0 passed, 1 failed\n"))
    }

    @Test("fuzz: the same seed gives the same run; a clean run writes nothing")
    func clean() throws {
        let folder = try scratchFolder("fuzz-clean")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        // Seed 2 is the one CI runs.
        let run = try flick(["fuzz", "sheet-handoff", "--seed", "2", "--count", "4", "--out", out])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == "sheet-handoff: 4 scripts, 0 broke an invariant\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    // pagination-demo seed 3 case 18 was the pager settle restarted at each layout of an animated resize, now fixed;
    // no seed tried since finds a violation (20 cases each: seeds 1–4 of vimeo-tabs, two-pagers and large-title-nested;
    // 0–3 and 5 of pagination-demo and sheet-handoff; 3, 4, 6 and 7 of ten other examples).
    @Test("fuzz: a violation is shrunk and written as a scenario that reproduces it",
          .disabled("its finding (a pager settle during an animated resize) is fixed; needs another real fuzz finding"))
    func finding() throws {
        let folder = try scratchFolder("fuzz-finding")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let run = try flick(["fuzz", "pagination-demo", "--seed", "3", "--case", "18", "--out", out.path])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "case 18: frame 263 (4.383333 s) pager.velocity.x: is 0 at 60 fps but -2.405116 at 120 fps (off by 2.405116; allowed 0.5) [frame rates agree]")
        let file = out.appendingPathComponent("pagination-demo-fuzz-3-18.yaml").path
        #expect(lines.dropFirst().first == "  shrunk from 6 gestures and 5.71 s to 3 gestures and 4.44 s: \(file)", "\(lines)")
        #expect(lines.last == "pagination-demo: 1 script, 1 broke an invariant")
        let check = try flick(["check", file])
        #expect(check.status == 1)
        #expect(check.stdout.contains("pager.phase: is \"idle\" at 60 fps but \"animating\" at 120 fps"))
        // Run again: the same file, left as it is.
        let again = try flick(["fuzz", "pagination-demo", "--seed", "3", "--case", "18", "--out", out.path])
        #expect(again.stdout == run.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["pagination-demo-fuzz-3-18.yaml"])
    }

    @Test("fuzz: bad input exits 2")
    func badInput() throws {
        for (arguments, message) in [
            (["fuzz", "sheet-handoff", "--count", "0"], "--count must be in 1...1000000"),
            (["fuzz", "no-such-scenario.yaml"], "no-such-scenario.yaml"),
            (["fuzz", "sheet-handoff", "--jobs", "0"], "--jobs must be at least 1"),
        ] {
            let run = try flick(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }
}

/// The parts of a JUnit XML file the tests look at; parsing fails on XML that is not well-formed.
private struct JUnitDocument {
    var suiteAttributes: [String: String] = [:]
    var cases: [String] = []
    var failures: [String] = []
    var errors: [String] = []

    init(_ data: Data) throws {
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        self = delegate.document
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var document = JUnitDocument(empty: ())

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch element {
            case "testsuite": document.suiteAttributes = attributes
            case "testcase": document.cases.append(attributes["name"] ?? "")
            case "failure": document.failures.append(String((attributes["message"] ?? "").prefix { $0 != ":" }))
            case "error": document.errors.append(attributes["message"] ?? "")
            default: break
            }
        }
    }

    private init(empty: Void) {}
}

/// `reference:` end to end: the residual in `flick states`, and `{reference: n, within: E}` in `flick test`.
@Suite struct ReferenceCommandTests {
    @Test func statesReportsTheResidual() throws {
        let run = try flick(["states", "Examples/device-bounce.yaml"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let references = try #require(document["references"] as? [[String: Any]])
        let first = try #require(references.first)
        #expect(first["path"] as? String == "feed.contentOffset.y")
        #expect(first["compared"] as? Double == 45)
        let max = try #require(first["max"] as? Double)
        #expect(abs(max - 0.261058) < 1e-6)
        #expect(first["worstFrame"] as? Double == 14)
        #expect((first["recorded"] as? [[Double]])?.count == 45)
    }

    @Test func testRequiresTheReference() throws {
        let folder = try scratchFolder("reference-test")
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Examples/device-bounce.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "within: 0.3", with: "within: 0.2")
        // A scenario reads its recordings from its own folder (docs/scenario-format.md, "Files a scenario reads").
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("recordings"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Examples/recordings/uikit-bounce-2x.csv"),
                                         to: folder.appendingPathComponent("recordings/uikit-bounce-2x.csv"))
        try text.write(to: folder.appendingPathComponent("tight.yaml"), atomically: true, encoding: .utf8)
        let run = try flick(["test", folder.appendingPathComponent("tight.yaml").path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("expect[0]: reference[0] feed.contentOffset.y vs recordings/uikit-bounce-2x.csv: off by up to 0.261 pt, expected within 0.2, worst at 0.237 s (frame 14); 7 of the 45 samples are further (rms 0.137)"), "\(run.stdout)")
        #expect(try flick(["test", "Examples/device-bounce.yaml"]).status == 0)
    }

    @Test func aBadRecordingExitsTwoWithItsLine() throws {
        let folder = try scratchFolder("reference-bad")
        try "t,v\n0,1\n0.1,NaN\n".write(to: folder.appendingPathComponent("r.csv"), atomically: true, encoding: .utf8)
        try """
        viewport: {width: 390, height: 844}
        duration: 1
        scene: {list: {id: feed, rows: 30, rowHeight: 50}}
        reference: [{path: feed.contentOffset.y, file: r.csv}]
        """.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let run = try flick(["states", folder.appendingPathComponent("s.yaml").path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("s.yaml:4:48: error: reference[0].file: r.csv:3: value is NaN, not a finite number"), "\(run.stderr)")
    }

    /// `flick fit`: the paste-ready block, the residuals before and after, the uncertainty; --out replaces its own
    /// earlier plot and refuses, before fitting, a folder of someone else's.
    @Test func fitPrintsTheBlockAndWritesThePlot() throws {
        let run = try flick(["fit", "Examples/device-bounce.yaml"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("physics:\n  bounce: 9.99615\n"), "\(run.stdout)")
        #expect(run.stdout.contains("reference[0] feed.contentOffset.y vs recordings/uikit-bounce-2x.csv: max 0.261 → 0.265 pt, rms 0.137 → 0.137 pt"))
        #expect(run.stdout.contains("bounce: 9.99671 → 9.99615; ±1 % raises the rms by 0.452 / 0.439 pt"), "\(run.stdout)")
        #expect(run.stdout.contains("not constrained by these recordings: decelerationRate, rubberBand"))
        let scratch = try scratchFolder("fit-out")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("fit")
        let first = try flick(["fit", "Examples/device-bounce.yaml", "--out", folder.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == run.stdout)
        #expect(contents(folder) == [".flick-output", "fit.png", "fit.svg"])
        let png = try Data(contentsOf: folder.appendingPathComponent("fit.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Run again into the same folder: flick's own earlier plot is replaced.
        let again = try flick(["fit", "Examples/device-bounce.yaml", "--out", folder.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.isEmpty, "\(again.stderr)")
        #expect(contents(folder) == [".flick-output", "fit.png", "fit.svg"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("fit.png")) == png)
        // A folder holding a file flick did not write is refused before anything is fitted or printed.
        let mine = scratch.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try "keep".write(to: mine.appendingPathComponent("fit.svg"), atomically: true, encoding: .utf8)
        let refused = try flick(["fit", "Examples/device-bounce.yaml", "--out", mine.path])
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty, "\(refused.stdout)")
        #expect(refused.stderr == "error: \(mine.path) exists and was not written by flick (it has no .flick-output list of flick's files); move it away or choose another output folder\n")
        #expect(contents(mine) == ["fit.svg"])
        #expect(try String(contentsOf: mine.appendingPathComponent("fit.svg"), encoding: .utf8) == "keep")
        // --only: the constants named (spaces around a name and a name given twice are fine), the others left alone.
        let only = try flick(["fit", "Examples/device-bounce.yaml", "--only", " rubberBand , bounce,bounce"])
        #expect(only.status == 0, "\(only.stderr)")
        #expect(only.stdout.contains("physics:\n  bounce: 9.99615\n"), "\(only.stdout)")
        #expect(only.stdout.hasSuffix("bounce: 9.99671 → 9.99615; ±1 % raises the rms by 0.452 / 0.439 pt\n"
            + "not constrained by these recordings: rubberBand\n"), "\(only.stdout)")
        let none = try flick(["fit", "fling-to-rest"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("the scenario names no recording (reference:); nothing to fit"), "\(none.stderr)")
    }
}
