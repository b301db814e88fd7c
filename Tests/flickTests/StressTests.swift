import Foundation
import Testing

/// Drawing on several threads at once: no Cairo object is shared between threads (each surface draws text
/// with font faces of its own), so renders at `--jobs 4` never trip Cairo's assertions.
@Suite("Threads, end to end")
struct StressTests {
    @Test("A pager of 5,000 titled pages, a drag and a tap, rendered at --jobs 4 twenty times")
    func manyTabsOnFourThreads() throws {
        let dir = try scratchFolder("stress")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pages = (0..<5_000).map { "      - {title: \"Page \($0)\"}" }.joined(separator: "\n")
        let scenario = dir.appendingPathComponent("tabs.yaml")
        try """
        viewport: {width: 120, height: 160, scale: 1}
        fps: 10
        duration: 0.6
        scene:
          pager:
            pages:
        \(pages)
        gestures:
          - {at: 0.05, drag: {from: [110, 80], to: [10, 80], duration: 0.15}}
          - {at: 0.3, tap: [100, 20]}
        """.write(to: scenario, atomically: true, encoding: .utf8)
        var first: Data?
        for run in 0..<20 {
            let out = dir.appendingPathComponent("out")
            let result = try flick(["render", scenario.path, "--out", out.path, "--jobs", "4", "--format", "both"])
            try #require(result.status == 0, "run \(run): status \(result.status)\n\(result.stderr)")
            // And every run draws the same frames.
            let frame = try Data(contentsOf: out.appendingPathComponent("tabs/frames/frame_00006.png"))
            if let first { #expect(frame == first, "run \(run) drew a different last frame") } else { first = frame }
        }
    }
}
