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

    @Test("--explain=text writes one line per decision on standard error, in words, and the plain document")
    func text() throws {
        let run = try flick(["states", "sheet-handoff", "--explain=text"])
        #expect(run.status == 0)
        #expect(run.stdout == (try flick(["states", "sheet-handoff"])).stdout)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines.first?.hasPrefix("0.2 s–1.3 s, hand-off: `sheet` took 354.5 pt forward (preScroll") == true)
        #expect(lines.last?.hasPrefix("3.1 s, sheet `sheet` released at top 522 pt moving down at 1000 pt/s; projected to 1021.5 pt (UIKit projection, rate 0.998); detents: tip 724, half 422, full 67.5; chose tip, the nearest to the projection") == true)
    }

    @Test("A bad --explain value names the option and the choices")
    func badValue() throws {
        let run = try flick(["states", "sheet-handoff", "--explain=words"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--explain") && run.stderr.contains("json") && run.stderr.contains("text"), "\(run.stderr)")
    }
}
