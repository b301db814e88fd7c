import Foundation
import Testing

/// `flick render --set` and `flick states --set` end to end (docs/sweeps.md).
@Suite("flick sweeps, end to end")
struct SweepCommandTests {
    static let example = "sheet-handoff"

    @Test func renderWritesEveryVariantTheGridAndTheTable() throws {
        let out = try scratchFolder("sweep-render")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try flick(["render", Self.example, "--out", out.path, "--frames", "0..1", "--scale", "1",
                             "--set", "scene.sheet.spring.response=0.2,0.5", "--set", "scene.sheet.detents[0].height=100,140"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("\(out.path)/\(Self.example): 4 variants, 8 frames (png; contact-sheet.png, variants.csv, variants.md, variants.json) in "))
        let folder = out.appendingPathComponent(Self.example)
        #expect(contents(folder) == [".flick-output", "contact-sheet.png", "variants", "variants.csv", "variants.json", "variants.md"])
        #expect(contents(folder.appendingPathComponent("variants")) == ["01-0.2-100", "02-0.2-140", "03-0.5-100", "04-0.5-140"])
        #expect(contents(folder.appendingPathComponent("variants/03-0.5-100")) == ["frames", "states.json"])
        let csv = try String(contentsOf: folder.appendingPathComponent("variants.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("variant,folder,label,scene.sheet.spring.response,scene.sheet.detents[0].height,component,quantity,"))
        let lines = csv.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[3].hasPrefix("3,variants/03-0.5-100,\"scene.sheet.spring.response=0.5, scene.sheet.detents[0].height=100\",0.5,100,sheet,top,3.1,"))
        // The tip detent's height decides where the flick rests: 844 − 100 or 844 − 140.
        #expect(lines[1].contains(",tip,744,") && lines[2].contains(",tip,704,"))
    }

    /// A sweep with --review writes its variants on one motion graph and names what it does not write;
    /// `flick review SCENARIO... --set` writes the same graph of every variant.
    @Test func aSweepsReviewIsItsVariantsOnOneGraph() throws {
        let out = try scratchFolder("sweep-review")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try flick(["render", Self.example, "--out", out.path, "--frames", "0..1", "--scale", "1", "--review",
                             "--set", "scene.sheet.spring.response=0.2,0.5"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("(png; index.html, contact-sheet.png, variants.csv, variants.md, variants.json)"), "\(run.stdout)")
        #expect(run.stderr == "note: a sweep writes index.html (the variants on one motion graph), contact-sheet.png (the variants side by side), "
                + "variants.csv, .md and .json and, with --video, the grid video; it does not write preview.apng, motion.svg and motion.png, "
                + "or a frame player for each variant: render one variant without --set for those\n", "\(run.stderr)")
        let page = try String(contentsOf: out.appendingPathComponent("\(Self.example)/index.html"), encoding: .utf8)
        #expect(page.contains("<body data-kind=\"runs\""))
        #expect(page.components(separatedBy: "<li class=\"run\"").count - 1 == 2)
        #expect(page.contains("<span class=\"run-name\">response=0.2</span>") && page.contains("variants/02-0.5 · scene.sheet.spring.response=0.5"))

        // Two files with --set: each file's variants, named by file and values (issue: it was "Unknown option '--set'").
        let review = try flick(["review", Self.example, Self.example, "--set", "physics.preset=uikit,flutter-ios", "--out", out.path + "/r"])
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout == "\(out.path)/r/index.html: 4 runs on one motion graph\n")
        let reviewed = try String(contentsOf: out.appendingPathComponent("r/index.html"), encoding: .utf8)
        #expect(reviewed.contains("<span class=\"run-name\">sheet-handoff: preset=flutter-ios</span>"))
        let again = try flick(["review", Self.example, Self.example, "--set", "physics.preset=uikit,flutter-ios", "--out", out.path + "/r2"])
        #expect(again.status == 0)
        #expect(try Data(contentsOf: out.appendingPathComponent("r2/index.html")) == Data(reviewed.utf8))
        // A folder cannot be swept; one run alone is not a comparison.
        let folder = try flick(["review", out.appendingPathComponent("\(Self.example)/variants/01-0.2").path, "--set", "physics.preset=uikit", "--out", out.path + "/r3"])
        #expect(folder.status == 2 && folder.stderr.contains("is a folder: --set varies a scenario's keys"), "\(folder.stderr)")
        let one = try flick(["review", Self.example, "--out", out.path + "/r4"])
        #expect(one.status == 2 && one.stderr.contains("give at least two runs to compare"), "\(one.stderr)")
    }

    @Test func statesPrintsEveryVariantsDocument() throws {
        let run = try flick(["states", Self.example, "--set", "scene.sheet.spring.response=0.2,0.5"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["scenario"] as? String == Self.example)
        let sweep = try #require(document["sweep"] as? [[String: Any]])
        #expect(sweep.first?["path"] as? String == "scene.sheet.spring.response")
        #expect(sweep.first?["values"] as? [Double] == [0.2, 0.5])
        let variants = try #require(document["variants"] as? [[String: Any]])
        #expect(variants.map { $0["label"] as? String } == ["scene.sheet.spring.response=0.2", "scene.sheet.spring.response=0.5"])
        #expect(variants.map { $0["folder"] as? String } == ["variants/01-0.2", "variants/02-0.5"])
        #expect((variants[1]["assignments"] as? [String: Double]) == ["scene.sheet.spring.response": 0.5])
        let measures = try #require(variants[0]["measures"] as? [String: Any])
        #expect(measures["component"] as? String == "sheet" && measures["final"] as? String == "tip")
        // The embedded states are the plain document of the scenario with the value written into the file.
        let source = try String(contentsOf: packageRoot.appendingPathComponent("Examples/\(Self.example).yaml"), encoding: .utf8)
        let edited = source.replacingOccurrences(of: "    initial: half\n", with: "    initial: half\n    spring: {response: 0.5}\n")
        let file = try scratchFolder("sweep-states").appendingPathComponent("\(Self.example).yaml")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let plain = try JSONSerialization.jsonObject(with: Data(try flick(["states", file.path]).stdout.utf8)) as? NSDictionary
        #expect(plain == (variants[1]["states"] as? NSDictionary))
    }

    @Test func theSameSweepPrintsTheSameBytes() throws {
        let arguments = ["states", Self.example, "--set", "scene.sheet.spring.dampingRatio=0.5,1", "--format", "csv"]
        let first = try flick(arguments), second = try flick(arguments)
        #expect(first.status == 0 && first.stdout == second.stdout)
    }

    @Test func badSetsExitTwoNamingThemselves() throws {
        let cases: [([String], String)] = [
            (["--set", "scene.sheet.spring.respons=0.3"],
             "Examples/sheet-handoff.yaml: error: --set scene.sheet.spring.respons=0.3: unknown key \"respons\" (did you mean \"response\"?); expected one of: response, dampingRatio\n"),
            (["--set", "scene.sheet.spring.response=0.3,soft"],
             "Examples/sheet-handoff.yaml: error: --set scene.sheet.spring.response=soft: expected a number in (0, 10], found soft\n"),
            (["--set", "scene.sheet.detents[3].height=10"],
             "Examples/sheet-handoff.yaml: error: --set scene.sheet.detents[3].height=10: scene.sheet.detents has no item [3]: its items are [0] to [2]\n"),
            (["--set", "fps"],
             "error: --set fps: expected PATH=V1,V2,... (a key path of the scenario, such as scene.sheet.spring.response=0.2,0.4)\n"),
            (["--set", "a=1,2,3,4,5,6,7,8,9", "--set", "b=1,2,3,4,5,6,7,8"],
             "Examples/sheet-handoff.yaml: error: the sweep makes 9 × 8 = 72 variants; the limit is 64: give fewer values\n"),
        ]
        for (sets, message) in cases {
            for command in ["states", "render"] {
                let out = try scratchFolder("sweep-bad")
                defer { try? FileManager.default.removeItem(at: out) }
                let output = command == "render" ? ["--out", out.path] : ["-o", out.appendingPathComponent("states.json").path]
                let run = try flick([command, Self.example] + output + sets)
                #expect(run.status == 2, "\(command) \(sets)")
                #expect(run.stderr.replacingOccurrences(of: packageRoot.path + "/", with: "") == message, "\(command) \(sets)")
                #expect(contents(out).isEmpty, "nothing written")
            }
        }
    }

    @Test func theFilesOwnSweepRunsWithoutSet() throws {
        let folder = try scratchFolder("sweep-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try String(contentsOf: packageRoot.appendingPathComponent("Examples/\(Self.example).yaml"), encoding: .utf8)
        let file = folder.appendingPathComponent("swept.yaml")
        try (source + "sweep: {scene.sheet.spring.response: [0.3, 0.6]}\n").write(to: file, atomically: true, encoding: .utf8)
        let run = try flick(["states", file.path, "--format", "csv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").map { $0.prefix(2) } == ["va", "1,", "2,"])
        #expect(try flick(["validate", file.path]).status == 0)
        // flick review takes the file's sweep too: its variants on one graph.
        let review = try flick(["review", file.path, "--out", folder.appendingPathComponent("r").path])
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.hasSuffix("/r/index.html: 2 runs on one motion graph\n"), "\(review.stdout)")
    }

    @Test func helpExplainsSweeps() throws {
        let render = try flick(["render", "--help"])
        #expect(render.stdout.contains("--set <PATH=V1,V2,...>"))
        #expect(render.stdout.contains("--grid-columns <K>"))
        #expect(render.stdout.contains("contact-sheet.png (a row per variant"))
        let states = try flick(["states", "--help"])
        #expect(states.stdout.contains("--set <PATH=V1,V2,...>"))
        let review = try flick(["review", "--help"])
        #expect(review.stdout.contains("--set <PATH=V1,V2,...>"), "\(review.stdout)")
        #expect(review.stdout.contains("flick review SCENARIO ... --set PATH=V1,V2,..."))
        #expect(review.stdout.contains("Three or more runs: the runs on one motion graph with a shared time axis"))
    }
}
