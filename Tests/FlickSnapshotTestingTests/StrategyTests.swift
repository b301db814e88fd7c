import FlickCore
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
        #expect(message == "states differ in 1 path (within 0.5):\nscrollViews.pager.contentOffset.x: off by up to 2.04767 at 0.317 s "
            + "(frame 19; expected 120.414, got 122.462); first at 0.167 s (frame 10), 18 frames beyond 0.5", "\(message)")
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
    }

    @Test(".motionPlot is an SVG document")
    func motionPlot() throws {
        let svg = Self.snapshot(try Self.pager(), Snapshotting<Scenario, String>.motionPlot)
        #expect(svg.contains("<svg"))
        #expect(svg == Self.snapshot(try Self.pager(), Snapshotting<Scenario, String>.motionPlot), "the same scenario, the same bytes")
    }
}
