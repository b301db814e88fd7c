import Foundation
import Testing

/// `flick render --html`, `flick review` and `flick diff --report` end to end: the files they write, their bytes
/// across runs, and their errors (exit status 2, nothing of the user's touched).
@Suite("review pages, end to end")
struct ReviewPageCommandTests {
    static func read(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    @Test func htmlRenderIsByteIdenticalAcrossRuns() throws {
        let out = try scratchFolder("html")
        defer { try? FileManager.default.removeItem(at: out) }
        var pages: [Data] = []
        for name in ["one", "two"] {
            let run = try flick(["render", "sheet-handoff", "--html", "--overlay-layer", "--scale", "0.25", "--frames", "0..12",
                                 "--out", out.appendingPathComponent(name).path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("(png; motion.svg, index.html, states.js, run.json)"), "\(run.stdout)")
            let folder = out.appendingPathComponent(name + "/sheet-handoff")
            #expect(contents(folder) == [".flick-output", "frames", "index.html", "motion.svg", "overlay", "run.json", "states.js", "states.json"])
            #expect(contents(folder.appendingPathComponent("overlay")).count == 13)
            pages.append(try Self.read(folder.appendingPathComponent("index.html")))
        }
        #expect(pages[0] == pages[1])
        #expect(String(decoding: pages[0], as: UTF8.self).contains("\"overlay\": true"))
    }

    @Test func overlayAndOverlayLayerTogetherAreRefused() throws {
        let out = try scratchFolder("overlay-both")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try flick(["render", "sheet-handoff", "--overlay", "--overlay-layer", "--out", out.appendingPathComponent("o").path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--overlay-layer") && run.stderr.contains("give one"), "\(run.stderr)")
        #expect(contents(out).isEmpty)
    }

    @Test func reviewOfTwoScenariosIsByteIdenticalAcrossRuns() throws {
        let out = try scratchFolder("review")
        defer { try? FileManager.default.removeItem(at: out) }
        var pages: [Data] = []
        for name in ["one", "two"] {
            let run = try flick(["review", "fling-to-rest", "fling-into-end", "--scale", "0.25", "--out", out.appendingPathComponent(name).path])
            #expect(run.status == 0, "\(run.stderr)")
            let folder = out.appendingPathComponent(name)
            #expect(contents(folder).starts(with: [".flick-output", "a", "b"]), "\(contents(folder))")
            #expect(contents(folder.appendingPathComponent("a")).contains("index.html"))
            pages.append(try Self.read(folder.appendingPathComponent("index.html")))
            // The runs rendered here belong to the review's output: a second review replaces them.
            let manifest = try String(contentsOf: folder.appendingPathComponent(".flick-output"), encoding: .utf8)
            #expect(manifest.contains("\na/frames/frame_00000.png\n") && manifest.contains("\nb/.flick-output\n"))
        }
        #expect(pages[0] == pages[1])
        let again = try flick(["review", "fling-to-rest", "fling-to-rest", "--scale", "0.25", "--out", out.appendingPathComponent("one").path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("0 with differing pixels"), "\(again.stdout)")
    }

    /// Runs at two scales have no frame of one size: nothing is compared, and the command says why instead of
    /// a quiet "0 compared" that reads as "identical".
    @Test func runsAtTwoScalesAreNotComparedAndTheCommandSaysWhy() throws {
        let out = try scratchFolder("review-scales")
        defer { try? FileManager.default.removeItem(at: out) }
        let render = try flick(["render", "fling-to-rest", "--scale", "0.5", "--frames", "0..10", "--out", out.appendingPathComponent("renders").path])
        #expect(render.status == 0, "\(render.stderr)")
        let run = try flick(["review", out.appendingPathComponent("renders/fling-to-rest").path, "fling-to-rest", "--scale", "0.25",
                             "--out", out.appendingPathComponent("review").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("0 frames compared, 0 with differing pixels"), "\(run.stdout)")
        #expect(run.stderr == "warning: 11 frames at the same time not compared: A's are 195×422 px (0.5x), B's 98×211 px (0.25x); "
                + "frames are compared only at one size: render both at one scale (--scale; --device-scale draws a scenario at its own)\n", "\(run.stderr)")
    }

    @Test func reviewOfARenderedFolderReadsItWhereItIs() throws {
        let out = try scratchFolder("review-folder")
        defer { try? FileManager.default.removeItem(at: out) }
        let render = try flick(["render", "fling-to-rest", "--scale", "0.25", "--frames", "0..20", "--out", out.appendingPathComponent("renders").path])
        #expect(render.status == 0, "\(render.stderr)")
        let run = try flick(["review", out.appendingPathComponent("renders/fling-to-rest").path, "fling-to-rest", "--scale", "0.25",
                             "--out", out.appendingPathComponent("review").path])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOf: out.appendingPathComponent("review/index.html"), encoding: .utf8)
        #expect(page.contains("\"base\": \"../renders/fling-to-rest/\""))
        // Its states are carried in the page as JSON: no script of the folder, none written beside the page.
        #expect(page.contains("<script type=\"application/json\" data-states=\"a\">{"))
        #expect(!page.contains("<script src="))
        #expect(contents(out.appendingPathComponent("review")).allSatisfy { !$0.hasSuffix(".js") })
        // Frames 0...20 of A against the same frames of B, all identical.
        #expect(run.stdout.contains("21 frames compared, 0 with differing pixels"), "\(run.stdout)")
    }

    @Test func reviewErrorsExitTwoAndTouchNothing() throws {
        let out = try scratchFolder("review-errors")
        defer { try? FileManager.default.removeItem(at: out) }
        let plain = out.appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: plain.appendingPathComponent("notes.txt"))
        let cases: [([String], String)] = [
            (["review", plain.path, "fling-to-rest", "--out", out.appendingPathComponent("r").path], "not one `flick render` wrote"),
            (["review", "no-such-scenario", "fling-to-rest", "--out", out.appendingPathComponent("r").path], "no-such-scenario"),
            (["review", "fling-to-rest", "fling-to-rest", "--out", plain.path, "--scale", "0.25"], "was not written by flick"),
            (["review", "fling-to-rest", "fling-to-rest", "--threshold", "2", "--out", out.appendingPathComponent("r").path], "--threshold"),
            (["review", "fling-to-rest", "--out", out.appendingPathComponent("r").path], "give at least two runs to compare"),
        ]
        for (arguments, message) in cases {
            let run = try flick(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        #expect(contents(out) == ["plain"])
        #expect(contents(plain) == ["notes.txt"])
        // A folder inside the output it would replace.
        let render = try flick(["render", "fling-to-rest", "--scale", "0.25", "--frames", "0..2", "--out", out.appendingPathComponent("r").path])
        #expect(render.status == 0)
        let inside = try flick(["review", out.appendingPathComponent("r/fling-to-rest").path, "fling-to-rest",
                                "--out", out.appendingPathComponent("r").path])
        #expect(inside.status == 2)
        #expect(inside.stderr.contains("inside --out"), "\(inside.stderr)")
    }

    @Test func diffReportKeepsTheExitStatusAndListsTheFrames() throws {
        let out = try scratchFolder("diff-report")
        defer { try? FileManager.default.removeItem(at: out) }
        for (name, extra) in [("a", [String]()), ("b", ["--overlay"])] {
            let run = try flick(["render", "fling-to-rest", "--scale", "0.25", "--frames", "0..3", "--out", out.appendingPathComponent(name).path] + extra)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let a = out.appendingPathComponent("a/fling-to-rest/frames").path, b = out.appendingPathComponent("b/fling-to-rest/frames").path
        let same = try flick(["diff", a, a, "--report", out.appendingPathComponent("same").path])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(contents(out.appendingPathComponent("same")) == [".flick-output", "index.html"], "no empty image folders")
        let differ = try flick(["diff", a, b, "--report", out.appendingPathComponent("report").path])
        #expect(differ.status == 1, "\(differ.stderr)")
        let report = out.appendingPathComponent("report")
        #expect(contents(report) == [".flick-output", "actual", "diff", "expected", "index.html"])
        #expect(contents(report.appendingPathComponent("diff")) == (0...3).map { "frame_0000\($0).png" })
        let page = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect((0...3).allSatisfy { page.contains("data-name=\"frame_0000\($0).png\"") })
        // Twice: the same bytes, the previous report replaced.
        let again = try flick(["diff", a, b, "--report", report.path])
        #expect(again.status == 1)
        #expect(try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8) == page)
        // Bad --report values.
        for (arguments, message) in [(["--report", ""], "--report is empty"),
                                     (["--report", report.path, "--out", report.path], "same folder"),
                                     (["--report", out.appendingPathComponent("a/fling-to-rest/frames").path], "not written by flick")] {
            let run = try flick(["diff", a, b] + arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        #expect(contents(out.appendingPathComponent("a/fling-to-rest/frames")).count == 4)
    }
}
