import Foundation
import Testing

/// `flick states --explain` and `--explain=text` on the real binary (docs/states.md, "Explanations").
@Suite struct ExplainCommandTests {
    @Test("--explain adds an explain list to the frames of releases; the rest of the document is unchanged")
    func json() throws {
        let plain = try flick(["states", "sheet-handoff"])
        let explained = try flick(["states", "sheet-handoff", "--explain"])
        #expect(plain.status == 0 && explained.status == 0)
        #expect(!plain.stdout.contains("\"explain\""))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(explained.stdout.utf8)) as? [String: Any])
        let frames = try #require(document["frames"] as? [[String: Any]])
        let explainedFrames = frames.filter { $0["explain"] != nil }
        #expect(explainedFrames.map { $0["time"] as? Double } == [1.3, 2.7, 3.1])
        let last = try #require((explainedFrames.last?["explain"] as? [[String: Any]])?.first)
        #expect(last["rule"] as? String == "uikit.sheet")
        #expect(last["chosen"] as? String == "tip")
        #expect((last["candidates"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["tip", "half", "full"])
        for key in ["time", "event", "component", "position", "velocity", "projected", "destination", "settles", "reason", "text"] {
            #expect(last[key] != nil, "\(key)")
        }
        // Without the explain lists, the same frames.
        let stripped = frames.map { $0.filter { $0.key != "explain" } }
        let original = try #require((try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])?["frames"] as? [[String: Any]])
        #expect(NSArray(array: stripped).isEqual(to: original))
        // --explain=json is the same.
        #expect(try flick(["states", "sheet-handoff", "--explain=json"]).stdout == explained.stdout)
    }

    @Test("--explain=text prints one line per decision in words, and no document; -o puts the plain document in a file")
    func text() throws {
        let run = try flick(["states", "sheet-handoff", "--explain=text"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines.first?.hasPrefix("0.2 s–1.3 s, hand-off: `sheet` took 354.5 pt forward (preScroll") == true)
        #expect(lines.last?.hasPrefix("3.1 s, sheet `sheet` released at top 522 pt moving down at 1000 pt/s; projected to 621 pt (UIKit's sheet projection, rate 0.99); detents: tip 724, half 422, full 67.5; chose tip, the nearest to the projection") == true)
        #expect(lines.last?.hasSuffix("; settles at 3.8 s (frame 228)") == true)
        // -o FILE: the same lines on standard output, the plain document in FILE, and its name said.
        let dir = try scratchFolder("explain-text")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("states.json")
        let toFile = try flick(["states", "sheet-handoff", "--explain=text", "-o", file.path])
        #expect(toFile.status == 0)
        #expect(toFile.stdout == run.stdout)
        #expect(toFile.stderr == "states written to \(file.path)\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == (try flick(["states", "sheet-handoff"])).stdout)
        // -o -: the document on standard output, the lines on standard error.
        let both = try flick(["states", "sheet-handoff", "--explain=text", "-o", "-"])
        #expect(both.stdout == (try flick(["states", "sheet-handoff"])).stdout)
        #expect(both.stderr == run.stdout)
    }

    @Test("With --set, --explain=text prints each variant's lines under a heading naming it, and no document")
    func sweepText() throws {
        let run = try flick(["states", "fling-to-rest", "--set", "physics.decelerationRate=0.99,0.998", "--explain=text"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let single = try flick(["states", "fling-to-rest", "--explain=text"])
        let dir = try scratchFolder("explain-sweep")
        defer { try? FileManager.default.removeItem(at: dir) }
        let tuned = try flick(["states", try tunedFlingToRest(rate: 0.99, in: dir), "--explain=text"])
        #expect(single.status == 0 && tuned.status == 0 && !tuned.stdout.isEmpty)
        #expect(run.stdout == "== variant 1: physics.decelerationRate=0.99\n" + tuned.stdout
                + "== variant 2: physics.decelerationRate=0.998\n" + single.stdout)
        // -o FILE: the same lines on standard output, the plain sweep document in FILE.
        let file = dir.appendingPathComponent("sweep.json")
        let toFile = try flick(["states", "fling-to-rest", "--set", "physics.decelerationRate=0.99,0.998", "--explain=text", "-o", file.path])
        #expect(toFile.status == 0)
        #expect(toFile.stdout == run.stdout)
        #expect(toFile.stderr == "states written to \(file.path)\n")
        let plain = try flick(["states", "fling-to-rest", "--set", "physics.decelerationRate=0.99,0.998"])
        #expect(try String(contentsOf: file, encoding: .utf8) == plain.stdout)
        // -o -: the document on standard output, the lines on standard error.
        let both = try flick(["states", "fling-to-rest", "--set", "physics.decelerationRate=0.99,0.998", "--explain=text", "-o", "-"])
        #expect(both.stdout == plain.stdout)
        #expect(both.stderr == run.stdout)
        // --help says so.
        let help = try flick(["states", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("--explain=text prints, per variant, a heading naming it (`== variant 1: physics.decelerationRate=0.99`)"), "\(help)")
    }

    @Test("With --set, --explain puts each variant's explain lists in its states document")
    func sweepJSON() throws {
        let run = try flick(["states", "fling-to-rest", "--set", "physics.decelerationRate=0.99,0.998", "--explain"])
        #expect(run.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let variants = try #require(document["variants"] as? [[String: Any]])
        #expect(variants.count == 2)
        let single = try #require(try JSONSerialization.jsonObject(with: Data(try flick(["states", "fling-to-rest", "--explain"]).stdout.utf8)) as? [String: Any])
        let states = try #require(variants.last?["states"] as? [String: Any])
        #expect(NSDictionary(dictionary: states).isEqual(to: single))
        let explained = (states["frames"] as? [[String: Any]] ?? []).filter { $0["explain"] != nil }
        #expect(explained.count == 1)
    }

    @Test("A bad --explain value names the option and the choices")
    func badValue() throws {
        let run = try flick(["states", "sheet-handoff", "--explain=words"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--explain") && run.stderr.contains("json") && run.stderr.contains("text"), "\(run.stderr)")
    }
}

/// A copy of fling-to-rest's file in `folder` with `physics.decelerationRate` set to `rate`, as --set writes it in.
private func tunedFlingToRest(rate: Double, in folder: URL) throws -> String {
    let text = try String(contentsOf: packageRoot.appendingPathComponent("Examples/fling-to-rest.yaml"), encoding: .utf8)
    let file = folder.appendingPathComponent("fling-to-rest.yaml")
    try (text + "physics: {decelerationRate: \(rate)}\n").write(to: file, atomically: true, encoding: .utf8)
    return file.path
}
