import FlickCore
import FlickSnapshotTesting
import Foundation
import SnapshotTesting
import Testing

/// A sheet flicked from half to full, snapshotted as a team would: its states (every number, every frame) and
/// one of its frames (mid-drag), stored in __Snapshots__ beside this file. A change of 1 % to the flick must fail both.
@Suite struct SheetSnapshotTests {
    /// The scenario, with the drag's end point as the constant the change tests move.
    static func sheet(dragTo: Double = 200) throws -> Scenario {
        let yaml = """
        viewport: {width: 390, height: 844, scale: 1}
        fps: 30
        duration: 1.5
        scene:
          sheet:
            detents: [{name: half, fraction: 0.5}, {name: full, fraction: 0.92}]
            initial: half
            content: {list: {rows: 30, rowHeight: 56}}
        gestures:
          - {at: 0.1, drag: {from: [195, 600], to: [195, \(dragTo)], duration: 0.3}}
        """
        return try ScenarioDecoder.decode(data: Data(yaml.utf8), file: "sheet.yaml", defaultName: "sheet")
    }

    @Test func states() throws {
        assertSnapshot(of: try Self.sheet(), as: .states, named: "sheet", record: .missing)
    }

    @Test func frames() throws {
        assertSnapshot(of: try Self.sheet(), as: .frames([9], scale: 1), named: "sheet", record: .missing)
    }

    @Test func statesFailOnAOnePercentChange() throws {
        // 400 pt of drag becomes 404: the same snapshot no longer matches, and the message names what moved.
        let message = verifySnapshot(of: try Self.sheet(dragTo: 196), as: .states(), named: "sheet",
                                     record: .never, testName: "states()")
        let failure = try #require(message)
        #expect(failure.contains("sheet.top: off by up to"), "\(failure)")
        #expect(failure.contains("first at"), "\(failure)")
    }

    @Test func framesFailOnAOnePercentChange() throws {
        let message = verifySnapshot(of: try Self.sheet(dragTo: 196), as: .frames([9], scale: 1), named: "sheet",
                                     record: .never, testName: "frames()")
        let failure = try #require(message)
        #expect(failure.contains("pixels"), "\(failure)")
        // On Linux XCTest drops attachments: the diff image is kept in a folder the message names.
        let kept = try #require(failure.firstMatch(of: /diff image: (\S+)\//))
        #expect(FileManager.default.fileExists(atPath: String(kept.1) + "/diff.png"), "\(failure)")
    }

    @Test func toleranceWithoutImportingFlickDiff() throws {
        // How many pixels the 1 % change moves, from the failure itself.
        let failure = try #require(verifySnapshot(of: try Self.sheet(dragTo: 196), as: .frames([9], scale: 1),
                                                  named: "sheet", record: .never, testName: "frames()"))
        let counted = try #require(failure.firstMatch(of: /(\d+) pixels differ/))
        let share = Double(counted.1)! / (390 * 844)
        // DiffOptions comes with FlickSnapshotTesting: a budget just above that share takes the change, just below not.
        #expect(verifySnapshot(of: try Self.sheet(dragTo: 196), as: .frames([9], scale: 1, tolerance: DiffOptions(maxDiffRatio: share * 1.1)),
                               named: "sheet", record: .never, testName: "frames()") == nil)
        #expect(verifySnapshot(of: try Self.sheet(dragTo: 196), as: .frames([9], scale: 1, tolerance: DiffOptions(maxDiffRatio: share * 0.9)),
                               named: "sheet", record: .never, testName: "frames()") != nil)
        // The same budget in swift-snapshot-testing's words (perceptualPrecision 0.9: pixelmatch's default threshold 0.1).
        #expect(verifySnapshot(of: try Self.sheet(dragTo: 196),
                               as: .frames([9], scale: 1, precision: Float(1 - share * 1.1), perceptualPrecision: 0.9),
                               named: "sheet", record: .never, testName: "frames()") == nil)
    }
}
