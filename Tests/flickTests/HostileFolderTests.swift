import FlickDiff
import Foundation
import Testing

/// A small scenario of a few frames, without `name:` (its name comes from its file's name).
private let tinyYAML = """
viewport: {width: 120, height: 160, scale: 1, safeArea: {top: 0, bottom: 0}}
fps: 30
duration: 0.1
scene:
  list: {rows: 20, rowHeight: 40}

"""

/// Runs flick, killing it after `limit` seconds: a test of something that used to hang must not hang the suite.
private func flickWithin(_ limit: Double, _ arguments: [String], in directory: URL = packageRoot,
                         environment: [String: String] = [:]) throws -> (run: Run, timedOut: Bool) {
    let running = try RunningFlick(arguments, in: directory, environment: environment)
    let ended = eventually(within: limit) { !running.process.isRunning }
    if !ended { running.signal(SIGKILL) }
    return (try running.wait(), !ended)
}

/// Makes a named pipe at `url`.
private func makeFIFO(_ url: URL) throws {
    try? FileManager.default.removeItem(at: url)
    #expect(mkfifo(url.path, 0o644) == 0, "mkfifo \(url.path)")
}

/// Folders, goldens and pages from someone else, opened by `review`, `diff` and `test`: each case is an attack
/// that once succeeded (a script run, a file written through a link, a trap, a hang) and must now be refused.
@Suite("Someone else's folder is hostile")
struct HostileFolderTests {
    /// Renders `fling-to-rest` frames 0...3 at 0.25× (with `--html` when `html`) into `out/renders/fling-to-rest`.
    static func render(into out: URL, html: Bool = true) throws -> URL {
        let run = try flick(["render", "fling-to-rest", "--scale", "0.25", "--frames", "0..3", "--out", out.appendingPathComponent("renders").path]
                            + (html ? ["--html"] : []))
        #expect(run.status == 0, "\(run.stderr)")
        return out.appendingPathComponent("renders/fling-to-rest")
    }

    /// Reviews `folder` against itself into `out/review`.
    static func review(_ folder: URL, _ other: URL? = nil, out: URL) throws -> Run {
        try flickWithin(120, ["review", folder.path, (other ?? folder).path, "--out", out.appendingPathComponent("review").path]).run
    }

    static func page(_ out: URL) throws -> String {
        try String(contentsOf: out.appendingPathComponent("review/index.html"), encoding: .utf8)
    }

    // MARK: 1–3: pages

    @Test("1: a reviewed folder's own index.html and states.js are never read or run; its states come in as JSON")
    func reviewRunsNoScriptOfTheFolder() throws {
        let out = try scratchFolder("hostile-script")
        defer { try? FileManager.default.removeItem(at: out) }
        let folder = try Self.render(into: out)
        try Data("document.title = \"PWNED\";\n".utf8).write(to: folder.appendingPathComponent("states.js"))
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let injected = html.replacingOccurrences(of: "\"events\": [", with: "\"events\": [{\"kind\": \"x\\\"><img src=x onerror=\\\"document.title='PWNED'\\\">\", \"time\": 0}, ")
        #expect(injected != html)
        try Data(injected.utf8).write(to: folder.appendingPathComponent("index.html"))
        let run = try Self.review(folder, out: out)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try Self.page(out)
        #expect(!page.contains("PWNED") && !page.contains("onerror="))
        #expect(!page.contains("<script src="), "no script of the folder is loaded")
        #expect(page.contains("<script type=\"application/json\" data-states=\"a\">{"))
        #expect(contents(out.appendingPathComponent("review")) == [".flick-output", "index.html"])

        // The same markup in run.json, which review does read: refused, naming the file and the key.
        let json = try String(contentsOf: folder.appendingPathComponent("run.json"), encoding: .utf8)
        try Data(json.replacingOccurrences(of: "\"events\": [", with: "\"events\": [{\"kind\": \"x\\\"><img src=x onerror=alert(1)>\", \"time\": 0}, ").utf8)
            .write(to: folder.appendingPathComponent("run.json"))
        let refused = try Self.review(folder, out: out)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("fling-to-rest: run.json: events[0].kind: must be down, release, tap, resize, settled, moving, refresh, refreshed or keyboard"), "\(refused.stderr)")
    }

    @Test("2: names holding <!--<script> from a scenario's file name, a folder or a frame file cannot break the page")
    func commentScriptNamesStayData() throws {
        let out = try scratchFolder("hostile-comment")
        defer { try? FileManager.default.removeItem(at: out) }
        // A scenario named by its file: the name follows `name`'s rules.
        let scenario = out.appendingPathComponent("x<!--<script>.yaml")
        try tinyYAML.write(to: scenario, atomically: true, encoding: .utf8)
        let render = try flick(["render", scenario.path, "--html", "--out", out.appendingPathComponent("r").path])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(contents(out.appendingPathComponent("r")) == ["x__--_script_"])
        let own = try String(contentsOf: out.appendingPathComponent("r/x__--_script_/index.html"), encoding: .utf8)
        #expect(!own.contains("<!--"))

        // A folder given to review.
        let folder = try Self.render(into: out)
        let renamed = out.appendingPathComponent("renders/A<!--<script>x")
        try FileManager.default.moveItem(at: folder, to: renamed)
        let run = try Self.review(renamed, out: out)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try Self.page(out)
        #expect(!page.contains("<!--"))
        #expect(page.contains("\"label\": \"A\\u003c!--\\u003cscript\\u003ex\""))
        #expect(page.contains("A &lt;!--&lt;script&gt;x") || page.contains("A&lt;!--&lt;script&gt;x"))
        #expect(page.contains("\"base\": \"../renders/A%3C%21--%3Cscript%3Ex/\""))

        // A frame file given to diff --report.
        let frames = renamed.appendingPathComponent("frames")
        for name in try FileManager.default.contentsOfDirectory(atPath: frames.path) where name != "frame_00000.png" {
            try FileManager.default.removeItem(at: frames.appendingPathComponent(name))
        }
        try FileManager.default.moveItem(at: frames.appendingPathComponent("frame_00000.png"), to: frames.appendingPathComponent("x<!--<script>.png"))
        let diff = try flick(["diff", frames.path, frames.path, "--report", out.appendingPathComponent("report").path])
        #expect(diff.status == 0, "\(diff.stderr)")
        let report = try String(contentsOf: out.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(!report.contains("<!--"))
        #expect(report.contains("\"name\": \"x\\u003c!--\\u003cscript\\u003e.png\""))
    }

    @Test("3: folder names with # and % are URL-encoded in the page's paths")
    func pagePathsAreURLEncoded() throws {
        let out = try scratchFolder("hostile-url")
        defer { try? FileManager.default.removeItem(at: out) }
        let folder = try Self.render(into: out)
        let a = out.appendingPathComponent("renders/a#b"), b = out.appendingPathComponent("renders/p%41q")
        try FileManager.default.copyItem(at: folder, to: b)
        try FileManager.default.moveItem(at: folder, to: a)
        let run = try Self.review(a, b, out: out)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try Self.page(out)
        #expect(page.contains("\"base\": \"../renders/a%23b/\""))
        #expect(page.contains("\"base\": \"../renders/p%2541q/\""))
        #expect(page.contains("src=\"../renders/a%23b/motion.svg\""))
        #expect(run.stdout.contains("4 frames compared, 0 with differing pixels"), "\(run.stdout)")
    }

    // MARK: 7, 15: numbers and sizes read back

    @Test("7: crafted page data in run.json is refused with its key, never trapped on", arguments: [
        ("first", "9223372036854775807", "first: must be a frame of the run"),
        ("fps", "0", "fps: must be in 1...4800, not 0.0"),
        ("fps", "1e-300", "fps: must be in 1...4800"),
        ("count", "-1", "count: must be in 1...241"),
        ("count", "100000000000", "count: must be in 1...241"),
        ("digits", "4000000000", "digits: must be in 1...19, not 4000000000"),
        ("spans", "[[0]]", "spans[0]: must be [from, to] in seconds"),
        ("ext", "\"png/../../x\"", "ext: must be png or svg"),
        ("width", "1e300", "not a run's page data"),
    ])
    func craftedRunData(key: String, value: String, message: String) throws {
        let out = try scratchFolder("hostile-run-json")
        defer { try? FileManager.default.removeItem(at: out) }
        let folder = try Self.render(into: out)
        let url = folder.appendingPathComponent("run.json")
        let json = try String(contentsOf: url, encoding: .utf8)
        let crafted = json.replacingOccurrences(of: #""\#(key)": [^,]*(\]\])?"#, with: "\"\(key)\": \(value)", options: .regularExpression)
        #expect(crafted != json)
        try Data(crafted.utf8).write(to: url)
        let (run, timedOut) = try flickWithin(60, ["review", folder.path, folder.path, "--out", out.appendingPathComponent("review").path])
        #expect(!timedOut)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("fling-to-rest: run.json: \(message)"), "\(run.stderr)")
    }

    @Test("7: a one-item band of the motion plot is refused")
    func oneItemBand() throws {
        let out = try scratchFolder("hostile-bands")
        defer { try? FileManager.default.removeItem(at: out) }
        let folder = try Self.render(into: out)
        let url = folder.appendingPathComponent("run.json")
        let json = try String(contentsOf: url, encoding: .utf8)
        let crafted = json.replacingOccurrences(of: #""bands": \[[^\n]*\]\}"#, with: "\"bands\": [[1]]}", options: .regularExpression)
        #expect(crafted != json)
        try Data(crafted.utf8).write(to: url)
        let run = try Self.review(folder, out: out)
        #expect(run.status == 2)
        #expect(run.stderr.contains("run.json: plot.bands[0]: must be [top, bottom] in points"), "\(run.stderr)")
    }

    @Test("7: crafted states.json and frame names of a folder without page data are refused or ignored, never trapped on")
    func craftedStates() throws {
        let out = try scratchFolder("hostile-states")
        defer { try? FileManager.default.removeItem(at: out) }
        let folder = try Self.render(into: out, html: false)
        // Frame names with signs and the largest numbers: not frames, ignored.
        for name in ["frame_+9223372036854775807.png", "frame_-9223372036854775807.png", "frame_99999999999999999999999.png"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent("frames/" + name))
        }
        let fine = try Self.review(folder, out: out)
        #expect(fine.status == 0, "\(fine.stderr)")
        let url = folder.appendingPathComponent("states.json")
        let original = try String(contentsOf: url, encoding: .utf8)
        for (from, to, message) in [
            (#""fps": [0-9.]+"#, "\"fps\": 1e-300", "states.json: fps must be in 1...4800"),
            (#""width": [0-9.]+"#, "\"width\": 1e300", "states.json: viewport: must be a size in points"),
        ] {
            let crafted = original.replacingOccurrences(of: from, with: to, options: .regularExpression)
            #expect(crafted != original)
            try Data(crafted.utf8).write(to: url)
            let run = try Self.review(folder, out: out)
            #expect(run.status == 2)
            #expect(run.stderr.contains(message), "\(run.stderr)")
        }
    }

    @Test("15: a states.json over the limit is refused before it is read")
    func statesSizeLimit() throws {
        let out = try scratchFolder("hostile-size")
        defer { try? FileManager.default.removeItem(at: out) }
        let folder = try Self.render(into: out)
        // A sparse file of 65 MiB: no disk used, but reading it would allocate it all and more.
        let url = folder.appendingPathComponent("states.json")
        #expect(truncate(url.path, 65 << 20) == 0)
        let run = try Self.review(folder, out: out)
        #expect(run.status == 2)
        #expect(run.stderr.contains("fling-to-rest: states.json: cannot read: it is 65 MB; the limit for states.json is 64 MB"), "\(run.stderr)")
    }

    @Test("Issue 36, item 11: pictures whose decoded sizes add up past the budget are refused by validate before any is decoded")
    func picturesOverTheMemoryBudget() throws {
        let folder = try scratchFolder("hostile-budget")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Five 8000×8000 PNG headers: each within the 64-megapixel limit, 1.28 GB decoded together.
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        for _ in 0..<2 { header += [0, 0, 0x1F, 0x40] }
        header += [8, 6, 0, 0, 0]
        var rows = "title,thumbnail\n"
        for i in 0..<5 {
            try Data(header).write(to: folder.appendingPathComponent("p\(i).png"))
            rows += "Row \(i),p\(i).png\n"
        }
        try rows.write(to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        try "viewport: {width: 200, height: 300, scale: 1}\nduration: 0.05\nscene:\n  list: {rows: {file: rows.csv}, rowHeight: 60}\n"
            .write(to: folder.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
        let (run, timedOut) = try flickWithin(60, ["validate", "p.yaml"], in: folder)
        #expect(!timedOut)
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: scene.list.rows.file (row 5): the PNG pictures up to this one take 1280000000 bytes decoded"), "\(run.stderr)")
        #expect(run.stderr.contains("a scenario's pictures may take at most 1073741824 bytes together (256 megapixels)"), "\(run.stderr)")
    }

    @Test("Issue 36, item 12: a font FreeType cannot read is refused by validate with its key path")
    func garbageFont() throws {
        let folder = try scratchFolder("hostile-font")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Array("OTTO".utf8) + [UInt8](repeating: 0x41, count: 200)).write(to: folder.appendingPathComponent("bad.otf"))
        try "viewport: {width: 200, height: 300, scale: 1}\nduration: 0.05\nfont: {file: bad.otf}\nscene:\n  list: {rows: 3, rowHeight: 60}\n"
            .write(to: folder.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
        let run = try flick(["validate", "p.yaml"], in: folder)
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: font.file: FreeType cannot read the font"), "\(run.stderr)")
    }

    @Test("Issue 36, item 17: escape sequences in file names are escaped on success lines of check, render, fuzz, review --out, diff rows and test --prune")
    func escapesOnSuccessLines() throws {
        let folder = try scratchFolder("hostile-escape-ok")
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "\u{1b}]0;pwned\u{7}x.yaml"
        try tinyYAML.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let check = try flick(["check", name], in: folder)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(!check.stdout.contains("\u{1b}") && check.stdout.contains("\\u{1b}]0;pwned\\u{7}x.yaml: ok"), "\(check.stdout)")
        let render = try flick(["render", name, "--out", "o"], in: folder)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(!render.stdout.contains("\u{1b}"), "\(render.stdout)")
        let shown = "\\u{1b}]0;pwned\\u{7}x"
        let fuzz = try flick(["fuzz", name, "--count", "2"], in: folder)
        #expect(fuzz.status == 0, "\(fuzz.stderr)")
        #expect(!fuzz.stdout.contains("\u{1b}") && fuzz.stdout.contains("\(shown).yaml: 2 scripts, 0 broke an invariant"), "\(fuzz.stdout)")

        // Two folders of frames whose names hold the sequence, one frame differing, for review --out and diff.
        let frames = try #require(contents(folder.appendingPathComponent("o")).first { !$0.hasPrefix(".") })
        let a = "a\u{1b}]0;pwned\u{7}x", b = "b\u{1b}]0;pwned\u{7}x"
        for copy in [a, b] {
            try FileManager.default.copyItem(at: folder.appendingPathComponent("o/\(frames)"), to: folder.appendingPathComponent(copy))
        }
        let frame = "frame_0\u{1b}]0;pwned\u{7}x.png"
        try FileManager.default.copyItem(at: folder.appendingPathComponent("\(a)/frames/frame_00000.png"),
                                         to: folder.appendingPathComponent("\(a)/frames/\(frame)"))
        try tinyYAML.replacingOccurrences(of: "rowHeight: 40", with: "rowHeight: 30").write(to: folder.appendingPathComponent("other.yaml"), atomically: true, encoding: .utf8)
        #expect(try flick(["render", "other.yaml", "--out", "o"], in: folder).status == 0)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("o/other/frames/frame_00000.png"),
                                         to: folder.appendingPathComponent("\(b)/frames/\(frame)"))
        let review = try flick(["review", a, b, "--out", "r\u{1b}]0;pwned\u{7}x"], in: folder)
        #expect(review.status == 0, "\(review.stderr)")
        #expect(!review.stdout.contains("\u{1b}") && review.stdout.hasPrefix("r\(shown)/index.html: 4 frames compared"), "\(review.stdout)")
        let diff = try flick(["diff", a, b], in: folder)
        #expect(diff.status == 1, "\(diff.stderr)")
        #expect(!diff.stdout.contains("\u{1b}"), "\(diff.stdout)")
        // The row names the frame escaped, and the columns line up with the escaped name's width.
        let rows = diff.stdout.split(separator: "\n").map(String.init)
        let row = try #require(rows.first { $0.hasPrefix("frame_0\(shown).png") }, "\(diff.stdout)")
        let end = "frame_0\(shown).png".count + 2 + "differing".count
        #expect(String(Array(rows[0])[(end - 9)..<end]) == "differing", "\(diff.stdout)")
        #expect(Array(row)[end - 1].isNumber && Array(row)[end] == " ", "\(diff.stdout)")

        // An orphan golden folder whose name holds the sequence: listed and removed by --prune, escaped.
        let pruned = folder.appendingPathComponent("p")
        let orphan = pruned.appendingPathComponent("__Goldens__/g\u{1b}]0;pwned\u{7}x")
        try FileManager.default.createDirectory(at: orphan, withIntermediateDirectories: true)
        try tinyYAML.write(to: pruned.appendingPathComponent("kept.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("\(a)/frames/frame_00000.png"), to: orphan.appendingPathComponent("frame_00001.png"))
        let list = try flick(["test", "p", "--prune"], in: folder)
        #expect(list.status == 1, "\(list.stderr)")
        #expect(!list.stdout.contains("\u{1b}") && list.stdout.hasPrefix("p/__Goldens__/g\(shown) (frame_00001.png): no scenario file g\(shown).json"), "\(list.stdout)")
        let prune = try flick(["test", "p", "--prune", "--yes"], in: folder)
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(!prune.stdout.contains("\u{1b}") && prune.stdout.contains("removed p/__Goldens__/g\(shown)/frame_00001.png\n"), "\(prune.stdout)")
    }

    @Test("Issue 36, item 15: --report never writes through a link planted in the report folder; an orphan golden folder holding notes keeps its PNG and states.json")
    func reportLinksAndOrphanNotes() throws {
        let top = try scratchFolder("hostile-report")
        defer { try? FileManager.default.removeItem(at: top) }
        let manager = FileManager.default
        let folder = top.appendingPathComponent("s"), victim = top.appendingPathComponent("victim")
        try manager.createDirectory(at: victim, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: victim.appendingPathComponent("keep.txt"))
        let scenario = tinyYAML.replacingOccurrences(of: "duration: 0.1", with: "duration: 0.3")
            + "goldens: {frames: [2], scale: 1, states: true}\ngestures:\n  - {at: 0, drag: {from: [60, 120], to: [60, 40], duration: 0.1}}\n"
        try writeFile(scenario, "sg.yaml", in: folder)
        #expect(try flick(["test", "sg.yaml", "--record", "missing"], in: folder).status == 1)
        try writeFile(scenario.replacingOccurrences(of: "to: [60, 40]", with: "to: [60, 50]"), "sg.yaml", in: folder)
        func victimIsUntouched() throws {
            #expect(try manager.contentsOfDirectory(atPath: victim.path) == ["keep.txt"])
            #expect(try Data(contentsOf: victim.appendingPathComponent("keep.txt")) == Data("mine".utf8))
        }
        // rep/sg -> ../victim: the failing frame's images and the states plots would go there.
        let rep = folder.appendingPathComponent("rep")
        try manager.createDirectory(at: rep, withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: rep.appendingPathComponent("sg").path, withDestinationPath: "../../victim")
        let linked = try flick(["test", "sg.yaml", "--report", "rep"], in: folder)
        #expect(linked.status == 2, "\(linked.stdout)\(linked.stderr)")
        #expect(linked.stdout.contains("error: goldens: rep/sg is a symbolic link; Flick never writes through a link"), "\(linked.stdout)")
        try victimIsUntouched()
        // A link one folder further down (rep/sg/states -> victim), and a plot's own file linked to a file of victim.
        try manager.removeItem(at: rep.appendingPathComponent("sg"))
        try manager.createDirectory(at: rep.appendingPathComponent("sg"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: rep.appendingPathComponent("sg/states").path, withDestinationPath: "../../../victim")
        let deeper = try flick(["test", "sg.yaml", "--report", "rep"], in: folder)
        #expect(deeper.status == 2 && deeper.stdout.contains("rep/sg/states is a symbolic link"), "\(deeper.stdout)\(deeper.stderr)")
        try victimIsUntouched()
        try manager.removeItem(at: rep.appendingPathComponent("sg/states"))
        try manager.createDirectory(at: rep.appendingPathComponent("sg/states"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: rep.appendingPathComponent("sg/states/touch.y.svg").path,
                                       withDestinationPath: victim.appendingPathComponent("keep.txt").path)
        let plot = try flick(["test", "sg.yaml", "--report", "rep"], in: folder)
        #expect(plot.status == 1, "\(plot.stdout)\(plot.stderr)")
        try victimIsUntouched()
        var status = stat()
        #expect(lstat(rep.appendingPathComponent("sg/states/touch.y.svg").path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG,
                "the link is replaced by the plot, not written through")
        #expect(try String(contentsOf: rep.appendingPathComponent("sg/states/touch.y.svg"), encoding: .utf8).hasPrefix("<svg"))

        // An orphan golden folder (its scenario gone) holding someone's notes beside a PNG and a states.json.
        let card = folder.appendingPathComponent("__Goldens__/card")
        try manager.createDirectory(at: card, withIntermediateDirectories: true)
        for file in ["frame_00002.png", "states.json"] {
            try manager.copyItem(at: folder.appendingPathComponent("__Goldens__/sg/\(file)"), to: card.appendingPathComponent(file))
        }
        try Data("why card looks this way".utf8).write(to: card.appendingPathComponent("notes.txt"))
        let list = try flick(["test", ".", "--prune"], in: folder)
        #expect(list.status == 0, "\(list.stdout)\(list.stderr)")
        #expect(list.stdout == "./__Goldens__/card: kept: no scenario file card.json, .yaml or .yml, but it holds files flick test does not write (notes.txt)\nno goldens to prune\n", "\(list.stdout)")
        let prune = try flick(["test", ".", "--prune", "--yes"], in: folder)
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(prune.stdout.hasSuffix("removed 0 of 0 golden files no scenario uses\n"), "\(prune.stdout)")
        #expect(try manager.contentsOfDirectory(atPath: card.path).sorted() == ["frame_00002.png", "notes.txt", "states.json"])
    }

    @Test("Issue 36, item 16: an expected value from a pull request adds no image, link, mention or HTML to --markdown")
    func markdownOfAnExpectedValue() throws {
        let folder = try scratchFolder("hostile-markdown")
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFile(tinyYAML + "expect:\n  - {at: 0, list.phase: \"![t](https://evil.example/p.png) @everyone <img src=x> www.evil.example\"}\n",
                      "s.yaml", in: folder)
        let run = try flick(["test", "s.yaml", "--markdown", "out.md"], in: folder)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let markdown = try String(contentsOf: folder.appendingPathComponent("out.md"), encoding: .utf8)
        #expect(markdown.contains("expected \"!\\[t\\](https:\u{200B}//evil.example/p.png) @\u{200B}everyone \\<img src=x\\> www\u{200B}.evil.example\""), "\(markdown)")
        for raw in ["](https://", "@everyone", " <img", "www.evil"] { #expect(!markdown.contains(raw), "\(raw) in \(markdown)") }
    }

    @Test("Issue 36, item 14: flick fit refuses, exit 2 and no block to paste, a constant recording and a damping ratio that comes out 0.00000")
    func fitRefusesWhatItCannotFit() throws {
        let folder = try scratchFolder("hostile-fit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bounce = try String(contentsOf: packageRoot.appendingPathComponent("Examples/device-bounce.yaml"), encoding: .utf8)
        try writeFile(bounce, "d.yaml", in: folder)
        try writeFile("t,v\n" + (0..<120).map { "\(Double($0) / 60),1000\n" }.joined(), "recordings/uikit-bounce-2x.csv", in: folder)
        let constant = try flick(["fit", "d.yaml"], in: folder)
        #expect(constant.status == 2 && constant.stdout.isEmpty, "\(constant.stdout)")
        #expect(constant.stderr == "d.yaml: error: cannot fit: every recorded sample inside the scenario's time is 1000.000: a constant recording measures no motion to fit\n")
        // Three samples of the sheet's settle, the last far off: the damping ratio runs to 0, which physics: refuses.
        let sheet = try String(contentsOf: packageRoot.appendingPathComponent("Examples/sheet-handoff.yaml"), encoding: .utf8)
        try writeFile(sheet + "reference:\n  - {path: sheet.top, file: sh.csv, timeOffset: 0}\n", "s.yaml", in: folder)
        try writeFile("t,v\n3.15,596\n3.3,711\n3.45,7230\n", "sh.csv", in: folder)
        let damping = try flick(["fit", "s.yaml"], in: folder)
        #expect(damping.status == 2 && damping.stdout.isEmpty, "\(damping.stdout)")
        #expect(damping.stderr == "s.yaml: error: cannot fit: sheetSpring.dampingRatio came out as 0.00000, outside the (0, 10] that physics.sheetSpring.dampingRatio takes: the recordings do not pin it down\n")
    }

    @Test("Issue 36, item 18: a states.json of one frame copied past the value budget is refused before it is parsed")
    func statesOfCopiedFrames() throws {
        let out = try scratchFolder("hostile-copies")
        defer { try? FileManager.default.removeItem(at: out) }
        let folder = try Self.render(into: out, html: false)
        let url = folder.appendingPathComponent("states.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let frames = try #require(document["frames"] as? [Any])
        let frame = try JSONSerialization.data(withJSONObject: frames[0])
        // Under the 64 MB size limit, over 4,000,000 values: copies of frame 0 until the values are past the budget.
        let valuesPerFrame = frame.filter { [UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "{"), UInt8(ascii: "[")].contains($0) }.count
        let copies = 4_000_000 / valuesPerFrame + 10
        var crafted = Data("{\"fps\": 30, \"frames\": [".utf8)
        for i in 0..<copies { if i > 0 { crafted.append(UInt8(ascii: ",")) }; crafted.append(frame) }
        crafted.append(contentsOf: Array("]}".utf8))
        #expect(crafted.count < 64 << 20, "\(crafted.count)")
        try crafted.write(to: url)
        let run = try Self.review(folder, out: out)
        #expect(run.status == 2)
        #expect(run.stderr.contains("states.json holds more than 4000000 values"), "\(run.stderr)")
    }

    // MARK: 9, 18: FIFOs

    @Test("9, 18: a named pipe where a frame, a states.json or a file to diff is expected is refused at once")
    func namedPipes() throws {
        let out = try scratchFolder("hostile-fifo")
        defer { try? FileManager.default.removeItem(at: out) }
        let folder = try Self.render(into: out)
        let frames = folder.appendingPathComponent("frames")
        let copy = out.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: frames, to: copy)
        try makeFIFO(copy.appendingPathComponent("frame_00003.png"))
        let diff = try flickWithin(60, ["diff", frames.path, copy.path])
        #expect(!diff.timedOut && diff.run.status == 2, "\(diff.run.stderr)")
        #expect(diff.run.stderr.contains("frame_00003.png: cannot read: it is a named pipe (FIFO), not a regular file"), "\(diff.run.stderr)")

        let single = try flickWithin(60, ["diff", copy.appendingPathComponent("frame_00003.png").path, frames.appendingPathComponent("frame_00003.png").path])
        #expect(!single.timedOut && single.run.status == 2, "\(single.run.stderr)")
        #expect(single.run.stderr.contains("named pipe (FIFO)"), "\(single.run.stderr)")

        // A frame of a folder to review.
        let other = out.appendingPathComponent("renders/other")
        try FileManager.default.copyItem(at: folder, to: other)
        try makeFIFO(other.appendingPathComponent("frames/frame_00003.png"))
        let review = try flickWithin(60, ["review", folder.path, other.path, "--out", out.appendingPathComponent("review").path])
        #expect(!review.timedOut && review.run.status == 2, "\(review.run.stderr)")
        #expect(review.run.stderr.contains("named pipe (FIFO)"), "\(review.run.stderr)")

        // Its states.json: the reason, not a raw Cocoa error about permissions.
        try makeFIFO(other.appendingPathComponent("states.json"))
        let states = try flickWithin(60, ["review", other.path, folder.path, "--out", out.appendingPathComponent("review").path])
        #expect(!states.timedOut && states.run.status == 2)
        #expect(states.run.stderr.contains("other: states.json: cannot read: it is a named pipe (FIFO), not a regular file"), "\(states.run.stderr)")
        #expect(!states.run.stderr.contains("NSCocoaErrorDomain"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("review").path))
    }

    @Test("9: a scenario file, or a file it names, that is a named pipe is refused at once with exit 2")
    func namedPipeScenarios() throws {
        let folder = try scratchFolder("hostile-fifo-scenario")
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeFIFO(folder.appendingPathComponent("s.yaml"))
        try makeFIFO(folder.appendingPathComponent("rows.csv"))
        try "viewport: {width: 200, height: 300, scale: 1}\nduration: 0.05\nscene:\n  list: {rows: {file: rows.csv}, rowHeight: 60}\n"
            .write(to: folder.appendingPathComponent("rows.yaml"), atomically: true, encoding: .utf8)
        for (command, message) in [(["validate", "s.yaml"], "s.yaml: error: is a named pipe (FIFO), not a regular file"),
                                   (["render", "s.yaml", "--out", "o"], "s.yaml: error: is a named pipe (FIFO), not a regular file"),
                                   (["validate", "rows.yaml"], "scene.list.rows.file"),
                                   (["states", "rows.yaml"], "rows.csv is a named pipe (FIFO), not a regular file")] {
            let (run, timedOut) = try flickWithin(60, command, in: folder)
            #expect(!timedOut, "\(command)")
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(command): \(run.stderr)")
        }
    }

    @Test("9: a named pipe as a golden is refused at once")
    func pipeAsGolden() throws {
        let folder = try scratchFolder("hostile-fifo-golden")
        defer { try? FileManager.default.removeItem(at: folder) }
        try tinyYAML.write(to: folder.appendingPathComponent("g.yaml"), atomically: true, encoding: .utf8)
        let goldens = folder.appendingPathComponent("__Goldens__/g")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        try makeFIFO(goldens.appendingPathComponent("frame_00000.png"))
        let test = try flickWithin(60, ["test", "g.yaml", "--record", "never"], in: folder)
        #expect(!test.timedOut)
        #expect(test.run.status != 0)
        #expect(test.run.stdout.contains("named pipe (FIFO)"), "\(test.run.stdout)")
    }

    // MARK: 5, 6: goldens never written through a link

    @Test("5: a golden that is a link to a user's file is never written through, even with --record all")
    func goldenLinkToAUsersFile() throws {
        let folder = try scratchFolder("hostile-golden-link")
        defer { try? FileManager.default.removeItem(at: folder) }
        try tinyYAML.write(to: folder.appendingPathComponent("g.yaml"), atomically: true, encoding: .utf8)
        // The user's own PNG, of the same size as the golden would be.
        let render = try flick(["render", "g.yaml", "--frames", "0", "--out", folder.appendingPathComponent("o").path], in: folder)
        #expect(render.status == 0, "\(render.stderr)")
        let mine = folder.appendingPathComponent("mine.png")
        var bytes = try Data(contentsOf: folder.appendingPathComponent("o/g/frames/frame_00000.png"))
        bytes.append(Data("my own".utf8))
        try bytes.write(to: mine)
        let goldens = folder.appendingPathComponent("__Goldens__/g")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: goldens.appendingPathComponent("frame_00000.png").path, withDestinationPath: mine.path)
        let test = try flick(["test", "g.yaml", "--record", "all"], in: folder)
        #expect(test.status != 0)
        #expect(try Data(contentsOf: mine) == bytes)
        #expect(test.stdout.contains("is a symbolic link; goldens are never read or written through a link"), "\(test.stdout)")
    }

    @Test("5: a dangling golden link, or a golden folder linked elsewhere, never makes flick test write outside the folder")
    func goldenLinksOutside() throws {
        let folder = try scratchFolder("hostile-golden-outside")
        let outside = try scratchFolder("hostile-golden-elsewhere")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        try (tinyYAML + "goldens: {frames: [0], scale: 1}\n").write(to: folder.appendingPathComponent("g.yaml"), atomically: true, encoding: .utf8)
        let goldensRoot = folder.appendingPathComponent("__Goldens__")
        try FileManager.default.createDirectory(at: goldensRoot.appendingPathComponent("g"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: goldensRoot.appendingPathComponent("g/frame_00000.png").path,
                                                   withDestinationPath: outside.appendingPathComponent("planted.png").path)
        let dangling = try flick(["test", "g.yaml"], in: folder)
        #expect(dangling.status != 0)
        #expect(dangling.stdout.contains("is a symbolic link"), "\(dangling.stdout)")
        #expect(contents(outside).isEmpty)

        try FileManager.default.removeItem(at: goldensRoot.appendingPathComponent("g"))
        try FileManager.default.createSymbolicLink(atPath: goldensRoot.appendingPathComponent("g").path, withDestinationPath: outside.path)
        let linked = try flick(["test", "g.yaml"], in: folder)
        #expect(linked.status != 0)
        #expect(linked.stdout.contains("__Goldens__/g is a symbolic link"), "\(linked.stdout)")
        #expect(contents(outside).isEmpty)
    }

    @Test("6: failed goldens' images go to a private folder, not a fixed name a link may hold")
    func artifactsFolderIsPrivate() throws {
        let folder = try scratchFolder("hostile-artifacts")
        let temporary = try scratchFolder("hostile-tmp")
        let planted = try scratchFolder("hostile-planted")
        defer { for url in [folder, temporary, planted] { try? FileManager.default.removeItem(at: url) } }
        try (tinyYAML + "goldens: {frames: [0], scale: 1}\n").write(to: folder.appendingPathComponent("g.yaml"), atomically: true, encoding: .utf8)
        let record = try flick(["test", "g.yaml"], in: folder)
        #expect(record.status != 0, "recording fails so the golden gets a look")
        // One pixel of the golden changed: the next run fails and writes its images.
        let golden = folder.appendingPathComponent("__Goldens__/g/frame_00000.png")
        var image = try Bitmap.readPNG(path: golden.path)
        image[60, 80] = image[60, 80] == RGBA(0, 0, 0) ? RGBA(255, 255, 255) : RGBA(0, 0, 0)
        try image.writePNG(path: golden.path)
        try FileManager.default.createSymbolicLink(atPath: temporary.appendingPathComponent("flick-golden-failures").path, withDestinationPath: planted.path)
        let failing = try flick(["test", "g.yaml", "--record", "never"], in: folder, environment: ["TMPDIR": temporary.path, "FLICK_ARTIFACTS": ""])
        #expect(failing.status != 0)
        #expect(contents(planted).isEmpty)
        let made = contents(temporary).filter { $0.hasPrefix("flick-golden-failures-") }
        #expect(made.count == 1, "\(contents(temporary)) \(failing.stdout)")
        var status = stat()
        #expect(lstat(temporary.appendingPathComponent(made.first ?? "-").path, &status) == 0 && status.st_mode & 0o777 == 0o700)
    }

    // MARK: 8

    @Test("8: --shard with the largest numbers does not overflow")
    func largestShard() throws {
        let run = try flick(["test", "Tests/Scenarios", "--shard", "9223372036854775807/9223372036854775807", "--record", "never"])
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        #expect(run.status != 132)
    }

    // MARK: 4: raw text in other outputs

    @Test("4: terminal escape sequences in file names are not printed raw by validate and test")
    func terminalEscapes() throws {
        let folder = try scratchFolder("hostile-escape")
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "e\u{1b}]0;PWNED\u{07}\u{1b}[2J"
        try tinyYAML.write(to: folder.appendingPathComponent(name + ".yaml"), atomically: true, encoding: .utf8)
        try (tinyYAML + "fps: x\n").write(to: folder.appendingPathComponent(name + "-bad.yaml"), atomically: true, encoding: .utf8)
        let validate = try flick(["validate", name + ".yaml", name + "-bad.yaml"], in: folder)
        #expect(validate.status == 2)
        let test = try flick(["test", "."], in: folder)
        for output in [validate.stdout, validate.stderr, test.stdout, test.stderr] {
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(output.debugDescription)")
        }
        #expect(validate.stdout.contains("e\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J.yaml: ok"), "\(validate.stdout.debugDescription)")
        #expect(validate.stderr.contains("e\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J-bad.yaml"), "\(validate.stderr.debugDescription)")
        #expect(test.stdout.contains("PASS ./e\\u{1b}]0;PWNED") || test.stdout.contains("PASS e\\u{1b}]0;PWNED"), "\(test.stdout.debugDescription)")
    }

    // MARK: 11, 17, 18, 19

    @Test("11: flick test does not follow links to folders (up -> .., self -> .)")
    func folderLinkLoops() throws {
        let folder = try scratchFolder("hostile-loop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let inner = folder.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try tinyYAML.write(to: inner.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("self").path, withDestinationPath: ".")
        let (run, timedOut) = try flickWithin(60, ["test", folder.path])
        #expect(!timedOut)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("1 passed, 0 failed\n"), "\(run.stdout)")
    }

    @Test("17: validate refuses an icon that render refuses, naming the key path")
    func validateChecksIcons() throws {
        let folder = try scratchFolder("hostile-icon")
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        viewport: {width: 200, height: 300, scale: 1}
        duration: 0.2
        scene:
          pager:
            pages: [{title: A}, {title: B, icon: ../../etc/passwd}]

        """.replacingOccurrences(of: "[{title: A}, {title: B, icon: ../../etc/passwd}]",
                                 with: "[{title: A}, {title: B, icon: ../../etc/passwd}, {title: C, icon: nope}]")
            .write(to: folder.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
        let folders = "looked in \(folder.path), \(packageRoot.appendingPathComponent("Examples/icons").path)"
        let expected = """
            p.yaml:5:42: error: scene.pager.pages[1].icon: icon "../../etc/passwd": ../../etc/passwd.svg is outside the scenario's folder \(folder.resolvingSymlinksInPath().path) (links followed); a scenario reads files only from its own folder and the folders in it (docs/scenario-format.md, "Files a scenario reads")
            p.yaml:5:78: error: scene.pager.pages[2].icon: icon "nope" not found: no file nope.svg (\(folders))

            """
        // Every problem at once, with its line and column, as decoding problems are said.
        let validate = try flick(["validate", "p.yaml"], in: folder)
        #expect(validate.status == 2)
        #expect(validate.stderr == expected + "1 of 1 file invalid\n", "\(validate.stderr)")
        // render says the same, all at once, before it draws anything.
        let render = try flick(["render", "p.yaml", "--out", folder.appendingPathComponent("o").path], in: folder)
        #expect(render.status == 2)
        #expect(render.stderr == expected, "\(render.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("o").path))
    }

    @Test("18: a review input reached through a link into --out is refused as inside --out, not with a staging path")
    func reviewThroughALinkIntoOut() throws {
        let out = try scratchFolder("hostile-link-out")
        defer { try? FileManager.default.removeItem(at: out) }
        let render = try flick(["render", "fling-to-rest", "--scale", "0.25", "--frames", "0..2", "--out", out.appendingPathComponent("r").path])
        #expect(render.status == 0)
        let link = out.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: out.appendingPathComponent("r/fling-to-rest").path)
        let run = try flick(["review", link.path, "fling-to-rest", "--scale", "0.25", "--out", out.appendingPathComponent("r").path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("is inside --out"), "\(run.stderr)")
        #expect(!run.stderr.contains(".partial"))
    }

    @Test("19: the staging folders of dead processes are removed whatever output they were for")
    func staleStagingOfAnotherName() throws {
        let out = try scratchFolder("hostile-stale")
        defer { try? FileManager.default.removeItem(at: out) }
        let dead = try deadProcessID()
        let stale = out.appendingPathComponent(".other-scenario.flick-\(dead)-0.partial")
        try FileManager.default.createDirectory(at: stale.appendingPathComponent("frames"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: stale.appendingPathComponent("frames/frame_00000.png"))
        let mine = out.appendingPathComponent(".notes.partial-x")
        try Data("mine".utf8).write(to: mine)
        let render = try flick(["render", "fling-to-rest", "--scale", "0.25", "--frames", "0", "--out", out.path])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(contents(out) == [".notes.partial-x", "fling-to-rest"])
    }

    // MARK: 10

    @Test("10: an icon that multiplies <use> references is refused before librsvg draws it, naming the key path")
    func useBombIcon() throws {
        let folder = try scratchFolder("hostile-use")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Ten levels, each using the level below four times: 4^10 copies of one rectangle.
        var defs = "<rect id=\"l0\" width=\"1\" height=\"1\"/>"
        for level in 1...10 {
            defs += "<g id=\"l\(level)\">" + (0..<4).map { "<use href=\"#l\(level - 1)\" x=\"\($0)\"/>" }.joined() + "</g>"
        }
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><defs>\(defs)</defs><use href=\"#l10\"/></svg>".utf8)
            .write(to: folder.appendingPathComponent("bomb.svg"))
        try """
        viewport: {width: 200, height: 300, scale: 1}
        duration: 0.05
        scene:
          pager:
            pages: [{title: A, icon: bomb}, {title: B}]

        """.write(to: folder.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
        for command in [["validate", "p.yaml"], ["render", "p.yaml", "--out", folder.appendingPathComponent("o").path]] {
            let (run, timedOut) = try flickWithin(60, command, in: folder)
            #expect(!timedOut)
            #expect(run.status == 2, "\(command)")
            #expect(run.stderr.contains("scene.pager.pages[0].icon: icon \"bomb\":") && run.stderr.contains("has 41 references to other elements")
                    && run.stderr.contains("an icon may have at most 16"), "\(run.stderr)")
        }
        // A named pipe as an icon is refused, not waited on.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("bomb.svg"))
        try makeFIFO(folder.appendingPathComponent("bomb.svg"))
        let (pipe, timedOut) = try flickWithin(60, ["validate", "p.yaml"], in: folder)
        #expect(!timedOut && pipe.status == 2)
        #expect(pipe.stderr.contains("named pipe (FIFO)"), "\(pipe.stderr)")
    }

    /// Icons that multiply work without `<use>`, and one librsvg refuses to draw: each is refused by `validate` and
    /// `render` with the key path, exit 2, never drawn blank.
    @Test("10: icons that multiply work through patterns or markers, or that librsvg cannot draw, are refused", arguments: [
        ("patterns", "references to other elements"),
        ("markers", "puts markers on paths (marker-mid)"),
        ("invalid-size", "librsvg: cannot draw SVG: rendering error: InvalidSize"),
        // Issue 36, item 10: filters and embedded images are refused, and the text is read as librsvg reads it.
        ("turbulence", "has a <filter> element; an icon may have no filters (<filter>, <fe…>) or embedded images (<image>)"),
        ("fe-alone", "has a <feimage> element; an icon may have no filters"),
        ("data-image", "has a <image> element; an icon may have no filters"),
        ("data-uri", "has a data: URI; an icon may embed no other document or image"),
        ("utf16", "is UTF-16 or UTF-32 text (a byte-order mark); an icon must be UTF-8 SVG text without entities"),
        ("css-escape", "has 17 references to other elements"),
    ])
    func iconsThatFailToDraw(kind: String, message: String) throws {
        let folder = try scratchFolder("hostile-icon-\(kind)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try hostileSVG(kind).write(to: folder.appendingPathComponent("bad.svg"))
        try """
        viewport: {width: 200, height: 300, scale: 1}
        duration: 0.05
        scene:
          pager:
            pages: [{title: A}, {title: B, icon: bad}]

        """.write(to: folder.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
        for command in [["validate", "p.yaml"], ["render", "p.yaml", "--out", folder.appendingPathComponent("o").path]] {
            let (run, timedOut) = try flickWithin(60, command, in: folder)
            #expect(!timedOut)
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("scene.pager.pages[1].icon: icon \"bad\":") && run.stderr.contains(message), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("o").path))
    }

    @Test("10: pictures that multiply work through patterns or markers are refused, naming the file and the key", arguments: [
        ("patterns", "thumbnail", "references to other elements"),
        ("markers", "thumbnail", "puts markers on paths (marker-mid); a picture may have none"),
        ("patterns", "background", "a picture may have at most 20"),
        ("markers", "background", "puts markers on paths (marker-mid); a picture may have none"),
    ])
    func picturesThatMultiplyWork(kind: String, place: String, message: String) throws {
        let folder = try scratchFolder("hostile-picture-\(kind)-\(place)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try hostileSVG(kind).write(to: folder.appendingPathComponent("bad.svg"))
        let scene: String, keyPath: String
        switch place {
        case "thumbnail":
            try "title,thumbnail\nA,bad.svg\n".write(to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
            (scene, keyPath) = ("  list: {rows: {file: rows.csv}, rowHeight: 44}\n", "scene.list.rows.file")
        default:
            (scene, keyPath) = ("  background: {image: bad.svg}\n  list: {rows: 3, rowHeight: 44}\n", "scene.background.image")
        }
        let file = folder.appendingPathComponent("bad.svg").path
        try expectRefused(scene: scene, in: folder) { $0.contains(keyPath) && $0.contains(file) && $0.contains(message) }
    }
}

/// 17: a picture librsvg cannot draw passed `validate` (only `render` trial-drew it). Both now draw it once, by the
/// same code, and refuse it naming the key path and the file, exit 2.
@Suite struct PictureTrialDrawTests {
    @Test("17: a picture librsvg cannot draw is refused by validate as by render, naming the key path and the file", arguments: [
        "background", "thumbnail", "page", "sheet",
    ])
    func pictureThatCannotBeDrawn(place: String) throws {
        let folder = try scratchFolder("undrawable-picture-\(place)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try hostileSVG("invalid-size").write(to: folder.appendingPathComponent("bad.svg"))
        let scene: String, keyPath: String
        switch place {
        case "thumbnail":
            try "title,thumbnail\nA,good.svg\nB,bad.svg\n".write(to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
            try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><rect width=\"24\" height=\"24\"/></svg>".utf8)
                .write(to: folder.appendingPathComponent("good.svg"))
            (scene, keyPath) = ("  stack:\n    children:\n      - height: 100\n        list: {rows: 3, rowHeight: 44}\n      - height: 200\n        list: {rows: {file: rows.csv}, rowHeight: 44}\n",
                                "scene.stack.children[1].list.rows.file (row 2)")
        case "page":
            (scene, keyPath) = ("  pager:\n    pages: [{title: A}, {title: B, image: bad.svg}]\n", "scene.pager.pages[1].image")
        case "sheet":
            (scene, keyPath) = ("  sheet:\n    detents: [{name: half, top: 150}]\n    initial: half\n    image: bad.svg\n    content: {list: {rows: 3, rowHeight: 44}}\n", "scene.sheet.image")
        default:
            (scene, keyPath) = ("  background: {image: bad.svg}\n  list: {rows: 3, rowHeight: 44}\n", "scene.background.image")
        }
        let file = folder.appendingPathComponent("bad.svg").path
        try expectRefused(scene: scene, in: folder) {
            $0.contains("\(keyPath): \(file): librsvg: cannot draw SVG: rendering error: InvalidSize")
        }
    }
}

/// An SVG document of 24 points a side that asks librsvg for work without bound: `patterns` (three levels of a
/// hundred pattern fills), `markers` (markers on markers), or a pattern tile librsvg cannot draw (`invalid-size`).
private func hostileSVG(_ kind: String) -> Data {
    let body: String = {
        switch kind {
        case "patterns":
            // Three levels of a hundred pattern fills: 10⁴ pattern draws, 1.6 s a frame.
            var defs = "<pattern id=\"p0\" width=\"1\" height=\"1\" patternUnits=\"userSpaceOnUse\"><rect width=\"1\" height=\"1\"/></pattern>"
            for level in 1...2 {
                defs += "<pattern id=\"p\(level)\" width=\"10\" height=\"10\" patternUnits=\"userSpaceOnUse\">"
                    + (0..<100).map { "<rect x=\"\($0 % 10)\" y=\"\($0 / 10)\" width=\"1\" height=\"1\" fill=\"url(#p\(level - 1))\"/>" }.joined() + "</pattern>"
            }
            return "<defs>\(defs)</defs><rect width=\"24\" height=\"24\" fill=\"url(#p2)\"/>"
        case "markers":
            // A path of a hundred vertices, each repeating a marker that is a path of a hundred vertices with markers.
            func path(_ marker: String) -> String {
                "<path d=\"M0 0 " + (1..<100).map { "L\($0 % 10) \($0 / 10)" }.joined(separator: " ") + "\" stroke=\"black\" marker-mid=\"url(#\(marker))\"/>"
            }
            return "<defs><marker id=\"m0\"><rect width=\"1\" height=\"1\"/></marker><marker id=\"m1\">\(path("m0"))</marker></defs>\(path("m1"))"
        case "turbulence":
            // 198 bytes that never finish drawing.
            return "<filter id=\"f\"><feTurbulence numOctaves=\"1000000\"/></filter><rect width=\"24\" height=\"24\" filter=\"url(#f)\"/>"
        case "fe-alone":
            // Six nested filters of feImage took 48 s to validate; an fe… element is refused wherever it is.
            return "<svg:feImage xmlns:svg=\"http://www.w3.org/2000/svg\" href=\"#x\"/><rect id=\"x\" width=\"24\" height=\"24\"/>"
        case "data-image":
            return "<image width=\"24\" height=\"24\" href=\"data:image/png;base64,iVBORw0KGgo=\"/>"
        case "data-uri":
            return "<rect width=\"24\" height=\"24\" style=\"fill: url('da&#x74;a:image/svg+xml,x')\"/>"
        case "utf16", "css-escape":
            // 17 references written as `u\72l(`, which librsvg reads as url(: one more than an icon may have.
            return "<defs><linearGradient id=\"g\"/></defs>" + (0..<17).map { _ in "<rect width=\"1\" height=\"1\" style=\"fill: u\\72l(#g)\"/>" }.joined()
        default:
            // A pattern tile of 10⁹ points: librsvg gives up ("InvalidSize") and leaves Cairo's groups unbalanced.
            return "<defs><pattern id=\"p\" width=\"1e9\" height=\"1e9\" patternUnits=\"userSpaceOnUse\"><rect width=\"1e9\" height=\"1e9\"/></pattern></defs>"
                + "<rect width=\"24\" height=\"24\" fill=\"url(#p)\"/>"
        }
    }()
    let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\(body)</svg>"
    if kind == "utf16" { return Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)! }
    return Data(text.utf8)
}

/// Writes `p.yaml` (a 200×300 viewport for 0.05 s with `scene`) in `folder`; `flick validate` and `flick render`
/// both exit 2 within 60 s with a message `names` accepts, print no "ok", and write no output.
private func expectRefused(scene: String, in folder: URL, names: (String) -> Bool,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
    try "viewport: {width: 200, height: 300, scale: 1}\nduration: 0.05\nscene:\n\(scene)"
        .write(to: folder.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
    for command in [["validate", "p.yaml"], ["render", "p.yaml", "--out", folder.appendingPathComponent("o").path]] {
        let (run, timedOut) = try flickWithin(60, command, in: folder)
        #expect(!timedOut, sourceLocation: sourceLocation)
        #expect(run.status == 2, "\(command): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(names(run.stderr), "\(command): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(!run.stdout.contains("ok"), "\(command): \(run.stdout)", sourceLocation: sourceLocation)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("o").path), sourceLocation: sourceLocation)
}
