import Foundation
import Testing

@Suite("flick test: goldens.maxDiffRatio and goldens.maxDiffPixels, the pixel budget of DiffOptions and flick diff")
struct GoldenToleranceCommandTests {
    @Test("a frame that differs passes within goldens.maxDiffRatio and fails beyond it")
    func maxDiffRatio() throws {
        let folder = try scratchFolder("golden-ratio")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("p.yaml")
        try (pagerScenario + "goldens: {frames: [12], scale: 1}\n").write(to: file, atomically: true, encoding: .utf8)
        _ = try flick(["test", "p.yaml", "--record", "missing"], in: folder)
        // The drag ends 1.1 pt further: frame 12 differs in some pixels.
        let moved = pagerScenario.replacingOccurrences(of: "to: [40, 150]", with: "to: [38.9, 150]")
        try (moved + "goldens: {frames: [12], scale: 1}\n").write(to: file, atomically: true, encoding: .utf8)
        let strict = try flick(["test", "p.yaml", "--record", "never"], in: folder)
        #expect(strict.status == 1, "\(strict.stdout)\(strict.stderr)")
        let counted = try #require(strict.stdout.firstMatch(of: /(\d+) pixels? differ/), "\(strict.stdout)")
        let differing = Int(counted.1)!
        #expect(differing > 0)

        try (moved + "goldens: {frames: [12], scale: 1, maxDiffRatio: 0.5}\n").write(to: file, atomically: true, encoding: .utf8)
        let loose = try flick(["test", "p.yaml", "--record", "never"], in: folder)
        #expect(loose.status == 0, "\(loose.stdout)\(loose.stderr)")

        // Just below the share that differs: fails, naming the budget.
        let ratio = Double(differing - 1) / Double(200 * 300)
        try (moved + "goldens: {frames: [12], scale: 1, maxDiffRatio: \(ratio)}\n").write(to: file, atomically: true, encoding: .utf8)
        let tight = try flick(["test", "p.yaml", "--record", "never"], in: folder)
        #expect(tight.status == 1, "\(tight.stdout)\(tight.stderr)")

        try (moved + "goldens: {frames: [12], scale: 1, maxDiffPixels: \(differing)}\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(try flick(["test", "p.yaml", "--record", "never"], in: folder).status == 0)
        try (moved + "goldens: {frames: [12], scale: 1, maxDiffPixels: \(differing - 1)}\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(try flick(["test", "p.yaml", "--record", "never"], in: folder).status == 1)
    }

    @Test("maxDiffRatio out of 0...1, or without frames, is an error naming the key")
    func badValues() throws {
        let folder = try scratchFolder("golden-ratio-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("p.yaml")
        for (goldens, words) in [("{frames: [12], maxDiffRatio: 2}", "maxDiffRatio"),
                                 ("{states: true, maxDiffRatio: 0.1}", "maxDiffRatio is the pixel tolerance of the stored frames; add frames: [...]")] {
            try (pagerScenario + "goldens: \(goldens)\n").write(to: file, atomically: true, encoding: .utf8)
            let run = try flick(["test", "p.yaml", "--record", "never"], in: folder)
            #expect(run.status == 2, "\(run.stdout)")
            #expect((run.stdout + run.stderr).contains(words), "\(run.stdout)\(run.stderr)")
        }
    }
}
