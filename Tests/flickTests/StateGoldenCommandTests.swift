import Foundation
import Testing

private func contents(_ name: String, in folder: URL) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(name))
}

@Suite("flick test: states goldens, record modes, --prune and --markdown, end to end")
struct StateGoldenCommandTests {
    @Test("sheet-handoff's states golden records, passes, and a 1 % change of the tip detent fails with a plot per path")
    func onePercentChange() throws {
        let folder = try scratchFolder("states-one-percent")
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOf: packageRoot.appendingPathComponent("Tests/Scenarios/sheet-handoff.yaml"), encoding: .utf8)
        let yaml = original.replacingOccurrences(of: #"goldens: {frames: [0, 45, 72, 192, 270], scale: 1, states: true}"#,
                                                 with: "goldens: {states: true}")
        #expect(yaml != original)
        try writeFile(yaml, "sheet.yaml", in: folder)
        let record = try flick(["test", "sheet.yaml", "--record", "missing"], in: folder)
        #expect(record.status == 1)
        #expect(record.stdout.contains("  states: recorded a new golden at __Goldens__/sheet/states.json; check it and run again"), "\(record.stdout)")
        let golden = try contents("__Goldens__/sheet/states.json", in: folder)
        // The golden of the repository's own sheet-handoff: the same bytes from the same scenario.
        #expect(golden == (try Data(contentsOf: packageRoot.appendingPathComponent("Tests/Scenarios/__Goldens__/sheet-handoff/states.json"))))
        let pass = try flick(["test", "sheet.yaml", "--record", "never"], in: folder)
        #expect(pass.status == 0, "\(pass.stdout)")
        #expect(pass.stdout.contains("states golden: 49 paths × 271 frames"), "\(pass.stdout)")

        // The tip detent 120 pt → 121.2 pt (1 %): the flick to the tip ends 1.2 pt higher.
        try writeFile(yaml.replacingOccurrences(of: "{name: tip, height: 120}", with: "{name: tip, height: 121.2}"), "sheet.yaml", in: folder)
        let report = folder.appendingPathComponent("report"), markdown = folder.appendingPathComponent("summary.md")
        let fail = try flick(["test", "sheet.yaml", "--record", "never", "--report", report.path, "--markdown", markdown.path],
                             in: folder)
        #expect(fail.status == 1)
        #expect(fail.stdout.contains("  states differ from __Goldens__/sheet/states.json in 7 paths (within 0.001):"), "\(fail.stdout)")
        let plot = report.appendingPathComponent("sheet/states/sheet.top.svg")
        #expect(fail.stdout.contains("    sheet.top: off by up to 1.2 at 3.800 s (frame 228; expected 724, got 722.8); "
            + "first at 3.117 s (frame 187), 84 frames beyond 0.001; plot: \(plot.path)"), "\(fail.stdout)")
        #expect(fail.stdout.contains("    sheet.velocity: off by up to 9.23584 at 3.150 s (frame 189; expected 1538.14, got 1528.9)"), "\(fail.stdout)")
        let svg = try String(contentsOf: plot, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">sheet.top</text>") && svg.contains("worst: -1.2 at 3.800 s (frame 228"), "\(svg.prefix(900))")
        #expect(svg.components(separatedBy: "<polyline").count - 1 >= 3, "expected, actual and their difference")
        let summary = try String(contentsOf: markdown, encoding: .utf8)
        #expect(summary.hasPrefix("## flick test: 0 passed, 1 failed\n"))
        #expect(summary.contains("| ❌ | `sheet.yaml` | 4 of 33 failed | 1221 checks | — | 7 paths off |"), "\(summary)")
        #expect(summary.contains("  - `sheet.top`: **1.2** — off by up to 1.2 at 3.800 s (frame 228; expected 724, got 722.8); first at 3.117 s (frame 187), 84 frames beyond 0.001 — [plot](report/sheet/states/sheet.top.svg)"), "\(summary)")
        // The golden is never rewritten with --record never.
        #expect(try contents("__Goldens__/sheet/states.json", in: folder) == golden)
    }

    @Test("--record changed rewrites only the golden that fails; the others keep their bytes")
    func recordChanged() throws {
        let folder = try scratchFolder("states-changed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldens = "goldens: {frames: [12], scale: 1, states: true}\n"
        try writeFile(pagerScenario + goldens, "a.yaml", in: folder)
        try writeFile(pagerScenario + goldens, "b.yaml", in: folder)
        let record = try flick(["test", ".", "--record", "missing"], in: folder)
        #expect(record.status == 1, "\(record.stdout)")
        let names = ["__Goldens__/a/states.json", "__Goldens__/a/frame_00012.png", "__Goldens__/b/states.json", "__Goldens__/b/frame_00012.png"]
        let before = try names.map { try contents($0, in: folder) }
        // Stale bytes an unchanged golden would lose if it were rewritten.
        let marker = folder.appendingPathComponent("__Goldens__/a/states.json")
        let touched = try FileManager.default.attributesOfItem(atPath: marker.path)[.modificationDate] as? Date

        // b's drag ends 1.1 pt further: its states and its frame 12 change; a's do not.
        try writeFile(pagerScenario.replacingOccurrences(of: "to: [40, 150]", with: "to: [38.9, 150]") + goldens, "b.yaml", in: folder)
        let changed = try flick(["test", ".", "--record", "changed"], in: folder)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("PASS ./a.yaml"), "\(changed.stdout)")
        #expect(changed.stdout.contains("  states: re-recorded ("), "\(changed.stdout)")
        #expect(changed.stdout.contains("  frame 12: re-recorded (it differed: "), "\(changed.stdout)")
        let after = try names.map { try contents($0, in: folder) }
        #expect(after[0] == before[0] && after[1] == before[1])
        #expect(after[2] != before[2] && after[3] != before[3])
        #expect((try FileManager.default.attributesOfItem(atPath: marker.path)[.modificationDate] as? Date) == touched)
        let again = try flick(["test", ".", "--record", "never"], in: folder)
        #expect(again.status == 0, "\(again.stdout)")

        // The old name of the mode is still understood.
        let old = try flick(["test", ".", "--record", "failed"], in: folder)
        #expect(old.status == 0, "\(old.stdout)")
    }

    @Test("a golden of another frame count, fps, scale or size fails naming the mismatch")
    func mismatches() throws {
        let folder = try scratchFolder("states-mismatch")
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFile(pagerScenario + "goldens: {frames: [12], scale: 1, states: true}\n", "p.yaml", in: folder)
        _ = try flick(["test", "p.yaml", "--record", "missing"], in: folder)
        for (change, line) in [
            ("duration: 1.2", "states golden __Goldens__/p/states.json was recorded for another run: 61 frames in the golden, 73 in this run"),
            ("fps: 30\nduration: 1", "fps 60 in the golden, 30 in this run; 61 frames in the golden, 31 in this run"),
        ] {
            try writeFile(pagerScenario.replacingOccurrences(of: "duration: 1", with: change) + "goldens: {frames: [12], scale: 1, states: true}\n",
                      "p.yaml", in: folder)
            let run = try flick(["test", "p.yaml", "--record", "never"], in: folder)
            #expect(run.status == 1)
            #expect(run.stdout.contains(line), "\(run.stdout)")
        }
        // Drawn at 2x against a golden drawn at 1x: both sizes named, nothing compared, no abort.
        try writeFile(pagerScenario.replacingOccurrences(of: "scale: 1,", with: "scale: 2,") + "goldens: {frames: [12], states: true}\n",
                  "p.yaml", in: folder)
        let scaled = try flick(["test", "p.yaml", "--record", "never"], in: folder)
        #expect(scaled.status == 1)
        #expect(scaled.stdout.contains("  frame 12: __Goldens__/p/frame_00012.png cannot be compared: the golden is 200×300 px, this run draws 400×600 px (200×300 pt at scale 2)"), "\(scaled.stdout)")
        #expect(scaled.stdout.contains("scale 1 in the golden, 2 in this run"), "\(scaled.stdout)")
    }

    @Test("the states golden is byte-stable, and a link at its name is replaced, never written through")
    func byteStableAndLinks() throws {
        let folder = try scratchFolder("states-stable")
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFile(pagerScenario + "goldens: {states: [scrollViews.pager.contentOffset.x, touch.x], within: 0.01}\n", "p.yaml", in: folder)
        _ = try flick(["test", "p.yaml", "--record", "all"], in: folder)
        let first = try contents("__Goldens__/p/states.json", in: folder)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("{\"format\": \"flick-states-golden\", \"version\": 1, \"fps\": 60, \"frames\": 61, \"viewport\": {\"height\": 300, \"scale\": 1, \"width\": 200},\n\"values\": {\n\"scrollViews.pager.contentOffset.x\": [0,0,0,0,0,0,0,"), "\(text.prefix(300))")
        #expect(text.contains("\n\"touch.x\": [null,null,null,null,null,null,150,"), "\(text)")
        let outside = folder.appendingPathComponent("outside.json")
        try "keep me".write(to: outside, atomically: true, encoding: .utf8)
        let golden = folder.appendingPathComponent("__Goldens__/p/states.json")
        try FileManager.default.removeItem(at: golden)
        try FileManager.default.createSymbolicLink(at: golden, withDestinationURL: outside)
        let again = try flick(["test", "p.yaml", "--record", "all"], in: folder)
        #expect(again.status == 1)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "keep me")
        #expect(try contents("__Goldens__/p/states.json", in: folder) == first)
    }

    @Test("--prune lists the goldens no scenario uses and removes them only with --yes")
    func prune() throws {
        let folder = try scratchFolder("states-prune")
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFile(pagerScenario + "goldens: {frames: [12], scale: 1}\n", "p.yaml", in: folder)
        _ = try flick(["test", "p.yaml", "--record", "missing"], in: folder)
        let goldens = folder.appendingPathComponent("__Goldens__")
        try FileManager.default.createDirectory(at: goldens.appendingPathComponent("gone"), withIntermediateDirectories: true)
        try Data([1]).write(to: goldens.appendingPathComponent("gone/frame_00001.png"))
        try FileManager.default.copyItem(at: goldens.appendingPathComponent("p/frame_00012.png"),
                                         to: goldens.appendingPathComponent("p/frame_00030.png"))
        try Data("{}".utf8).write(to: goldens.appendingPathComponent("p/states.json"))
        let list = try flick(["test", ".", "--prune"], in: folder)
        #expect(list.status == 1, "\(list.stderr)")
        #expect(list.stdout == """
        ./__Goldens__/gone (frame_00001.png): no scenario file gone.json, .yaml or .yml beside __Goldens__
        ./__Goldens__/p/frame_00030.png: ./p.yaml does not list frame 30 in goldens.frames
        ./__Goldens__/p/states.json: ./p.yaml asks for no states golden (goldens: has no states)
        3 golden files no scenario uses; run again with --yes to remove them

        """, "\(list.stdout)")
        #expect(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("gone").path))
        let remove = try flick(["test", ".", "--prune", "--yes"], in: folder)
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(remove.stdout.hasSuffix("removed 3 of 3 golden files no scenario uses and 1 emptied golden folder\n"), "\(remove.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: goldens.path) == ["p"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: goldens.appendingPathComponent("p").path) == ["frame_00012.png"])
        let yesAlone = try flick(["test", ".", "--yes"], in: folder)
        #expect(yesAlone.status == 2 && yesAlone.stderr.contains("--yes only confirms --prune"), "\(yesAlone.stderr)")
    }

    @Test("goldens: bad states keys are errors naming the key and the problem")
    func badKeys() throws {
        let folder = try scratchFolder("states-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (goldens, message) in [
            ("goldens: {within: 0.1}", "within sets the tolerance of states; add states: true or a list of paths"),
            ("goldens: {}", "expected frames: [...], states: true (or a list of paths), or both"),
            ("goldens: {states: [scrollViews.pager.contentOfset.x]}", "no state has the path scrollViews.pager.contentOfset.x (did you mean scrollViews.pager.contentOffset.x?)"),
            ("goldens: {states: [scrollViews.pager.phase]}", "goldens.states[0]: scrollViews.pager.phase is a string"),
            ("goldens: {states: yes please}", "expected true, false or a list of state paths"),
            ("goldens: {states: [a.b, a.b]}", "a.b is listed twice"),
            ("goldens: {states: true, scale: 1}", "scale is the scale of the stored frames; add frames: [...]"),
        ] {
            try writeFile(pagerScenario + goldens + "\n", "p.yaml", in: folder)
            let run = try flick(["test", "p.yaml"], in: folder)
            #expect(run.status == 2, "\(goldens)")
            #expect(run.stdout.contains("p.yaml:") && run.stdout.contains(message), "\(goldens): \(run.stdout)")
        }
    }
}
