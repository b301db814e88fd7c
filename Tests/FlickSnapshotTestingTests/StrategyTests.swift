import FlickCore
import FlickDiff
import FlickImage
import FlickRunner
import FlickSnapshotTesting
import Foundation
import SnapshotTesting
import Testing

/// The strategies' snapshots and diffs, without files: the fixture package (Integrations/SnapshotTestingFixture)
/// runs them through `assertSnapshot` as a team would.
@Suite("FlickSnapshotTesting strategies")
struct StrategyTests {
    static func pager(dragTo x: Double = 40) throws -> Scenario {
        let yaml = """
        viewport: {width: 200, height: 300, scale: 1, safeArea: {top: 0, bottom: 0}}
        duration: 1
        scene: {background: plain, pager: {pages: [{title: A}, {title: B}, {title: C}]}}
        gestures: [{at: 0.1, drag: {from: [150, 150], to: [\(x), 150], duration: 0.2}}]
        """
        return try ScenarioDecoder.decode(data: Data(yaml.utf8), file: "pager.yaml", defaultName: "pager")
    }

    static func snapshot<Format>(_ scenario: Scenario, _ strategy: Snapshotting<Scenario, Format>) -> Format {
        var value: Format?
        strategy.snapshot(scenario).run { value = $0 }
        return value!
    }

    @Test(".states round-trips through its JSON, and a change beyond `within` is named with a plot attached")
    func states() throws {
        let strategy = Snapshotting<Scenario, StateTrajectory>.states(paths: ["scrollViews.pager.contentOffset.x"], within: 0.5)
        let golden = Self.snapshot(try Self.pager(), strategy)
        let stored = strategy.diffing.fromData(strategy.diffing.toData(golden))
        #expect(stored == golden)
        #expect(strategy.diffing.diffV2(stored, golden) == nil)
        // 0.2 pt further: within 0.5.
        #expect(strategy.diffing.diffV2(stored, Self.snapshot(try Self.pager(dragTo: 39.8), strategy)) == nil)
        // 2 pt further: beyond.
        let (message, attachments) = try #require(strategy.diffing.diffV2(stored, Self.snapshot(try Self.pager(dragTo: 38), strategy)))
        let head = "states differ in 1 path (within 0.5):\nscrollViews.pager.contentOffset.x: off by up to 2.04767 at 0.317 s "
            + "(frame 19; expected 120.414, got 122.462); first at 0.167 s (frame 10), 18 frames beyond 0.5\nplots: "
        #expect(message.hasPrefix(head), "\(message)")
        // The plot is kept in the folder the last line names (XCTest drops attachments on Linux).
        let kept = String(message.dropFirst(head.count).dropLast())
        #expect(FileManager.default.fileExists(atPath: kept + "/scrollViews.pager.contentOffset.x.svg"), "\(message)")
        try? FileManager.default.removeItem(atPath: kept)
        #expect(attachments.count == 1)
        if case .data(let svg, let name)? = attachments.first {
            #expect(name == "scrollViews.pager.contentOffset.x.svg")
            #expect(String(decoding: svg, as: UTF8.self).hasPrefix("<svg "))
        }
        // A snapshot that is not a states golden compares as a mismatch, not a crash.
        let broken = strategy.diffing.fromData(Data("not json".utf8))
        #expect(strategy.diffing.diffV2(broken, golden)?.0.contains("recorded for another run") == true)
    }

    @Test(".frames draws the frames side by side, and a moved drag differs by counted pixels with the diff attached")
    func frames() throws {
        let strategy = Snapshotting<Scenario, Bitmap>.frames([6, 12], scale: 1)
        let golden = Self.snapshot(try Self.pager(), strategy)
        #expect(golden.width == 400 && golden.height == 300)
        let stored = strategy.diffing.fromData(strategy.diffing.toData(golden))
        #expect(stored == golden)
        #expect(strategy.diffing.diffV2(stored, golden) == nil)
        let (message, attachments) = try #require(strategy.diffing.diffV2(stored, Self.snapshot(try Self.pager(dragTo: 36), strategy)))
        #expect(message.hasPrefix("frames differ: ") && message.contains("pixels differ"), "\(message)")
        if case .data(_, let name)? = attachments.first { #expect(name == "diff.png") } else { Issue.record("no diff attached") }
        // Each frame that differs is named with its own count; the diff image is kept where Linux keeps it.
        let lines = message.components(separatedBy: "\n")
        #expect(lines.contains { $0.wholeMatch(of: /frame 12: \d+ pixels differ/) != nil }, "\(message)")
        let kept = try #require(lines.last?.firstMatch(of: /^diff image: (.+)\/$/))
        #expect(FileManager.default.fileExists(atPath: String(kept.1) + "/diff.png"), "\(message)")
        try? FileManager.default.removeItem(atPath: String(kept.1))
    }

    @Test("swift-snapshot-testing's words: precision is the share of pixels that must match, perceptualPrecision the closeness of one")
    func precisionWords() throws {
        let golden = Self.snapshot(try Self.pager(), Snapshotting<Scenario, Bitmap>.frames([6, 12], scale: 1))
        let moved = Self.snapshot(try Self.pager(dragTo: 36), Snapshotting<Scenario, Bitmap>.frames([6, 12], scale: 1))
        let exact = try ImageComparison(expected: golden, actual: moved, options: DiffOptions(threshold: 0))
        let share = exact.diffRatio
        #expect(share > 0.001, "the drag moved pixels: \(exact.summary)")
        let loose = Snapshotting<Scenario, Bitmap>.frames([6, 12], scale: 1, precision: Float(1 - share * 1.5))
        #expect(loose.diffing.diffV2(golden, moved) == nil, "\(share)")
        let tight = Snapshotting<Scenario, Bitmap>.frames([6, 12], scale: 1, precision: Float(1 - share * 0.5))
        #expect(tight.diffing.diffV2(golden, moved) != nil)
        // perceptualPrecision 0 tolerates any colour: nothing differs.
        let blind = Snapshotting<Scenario, Bitmap>.frames([6, 12], scale: 1, precision: 1, perceptualPrecision: 0)
        #expect(blind.diffing.diffV2(golden, moved) == nil)
    }

    @Test(".motionPlot is an SVG document; a change is said in pixels with the diff image, not as SVG path data")
    func motionPlot() throws {
        let strategy = Snapshotting<Scenario, String>.motionPlot
        let svg = Self.snapshot(try Self.pager(), strategy)
        #expect(svg.contains("<svg"))
        #expect(svg == Self.snapshot(try Self.pager(), strategy), "the same scenario, the same bytes")
        #expect(strategy.diffing.diffV2(svg, svg) == nil)
        let moved = Self.snapshot(try Self.pager(dragTo: 30), strategy)
        let (message, attachments) = try #require(strategy.diffing.diffV2(svg, moved))
        #expect(message.hasPrefix("the motion plot differs from the snapshot: ") && message.contains("pixels differ ("), "\(message)")
        #expect(!message.contains("<path") && !message.contains("glyph"), "\(message)")
        #expect(attachments.count == 2)
        let kept = try #require(message.components(separatedBy: "\n").last?.firstMatch(of: /^diff image and plot: (.+)\/$/))
        #expect(FileManager.default.fileExists(atPath: String(kept.1) + "/motion.svg"))
        try? FileManager.default.removeItem(atPath: String(kept.1))
        // `.states` without parentheses is `.states()`.
        let plain = Self.snapshot(try Self.pager(), Snapshotting<Scenario, StateTrajectory>.states)
        #expect(plain == Self.snapshot(try Self.pager(), Snapshotting<Scenario, StateTrajectory>.states()))
    }
}
