import FlickDiff
import Foundation
import Testing
@testable import FlickRunner
import FlickTesting

let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples")

func example(_ name: String) -> String { examples.appendingPathComponent(name + ".yaml").path }

/// Flick's own goldens: key frames of the bundled examples at 1x, so a change in physics or drawing fails here
/// with a picture. Re-record after an intended change with `FLICK_RECORD=changed swift test`.
@Suite("Flick's own golden frames")
struct FlickGoldenTests {
    @Test("ClassPass hand-off: at half, mid-rise, at full with the list scrolled, settling to the tip")
    func sheetHandOff() throws {
        try expectGoldenFrames(example("sheet-handoff"), frames: [0, 30, 78, 200], scale: 1)
    }

    @Test("Segmented sheet: paging between lists, then the sheet raised with the second list")
    func classPassSegmented() throws {
        try expectGoldenFrames(example("classpass-segmented"), frames: [24, 110], scale: 1)
    }

    @Test("Card pulled from a scrolled list, then leaving")
    func cardDismiss() throws {
        try expectGoldenFrames(example("card-dismiss"), frames: [40, 75], scale: 1)
    }

    @Test("Vimeo tabs: mid-drag, mid-tap-scroll, halfway through the animated resize on one whole page")
    func vimeoTabs() throws {
        try expectGoldenFrames(example("vimeo-tabs"), frames: [40, 150, 216], scale: 1)
    }

    @Test("Info panel pinned at the bottom while the indicator is a dot")
    func timelinePanel() throws {
        try expectGoldenFrames(example("timeline-edges"), frames: [45], scale: 1)
    }
}

@Suite("Golden frame assertions: record modes and failure artifacts")
struct GoldenFramesBehaviourTests {
    func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flick-goldens-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("missing records new goldens and fails; the next run matches")
    func recordMissing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try GoldenFrames.verify(scenario: example("rubber-band-pull"), frames: [0, 30], goldenDirectory: folder,
                                            scale: 1, record: .missing)
        #expect(first.count == 2)
        #expect(first.allSatisfy { !$0.passed })
        #expect(first[0].message?.contains("recorded a new golden") == true)
        #expect(FileManager.default.fileExists(atPath: folder + "/frame_00030.png"))
        let second = try GoldenFrames.verify(scenario: example("rubber-band-pull"), frames: [0, 30], goldenDirectory: folder,
                                             scale: 1, record: .missing)
        #expect(second.allSatisfy { $0.passed })
    }

    @Test("never fails on a missing golden without writing it")
    func recordNever() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let results = try GoldenFrames.verify(scenario: example("rubber-band-pull"), frames: [10], goldenDirectory: folder,
                                              scale: 1, record: .never)
        #expect(results.first?.passed == false)
        #expect(results.first?.message?.contains("no golden") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("A one-pixel change fails with the measured numbers and writes expected, actual, diff images")
    func onePixelChange() throws {
        let folder = try temporaryFolder(), artifacts = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder); try? FileManager.default.removeItem(atPath: artifacts) }
        _ = try GoldenFrames.verify(scenario: example("rubber-band-pull"), frames: [30], goldenDirectory: folder,
                                    scale: 1, record: .all)
        // Change one pixel of the golden to a colour far from what is there.
        let path = folder + "/frame_00030.png"
        var golden = try Bitmap.readPNG(path: path)
        golden[200, 100] = golden[200, 100] == RGBA(0, 0, 255) ? RGBA(255, 0, 0) : RGBA(0, 0, 255)
        try golden.writePNG(path: path)
        let results = try GoldenFrames.verify(scenario: example("rubber-band-pull"), frames: [30], goldenDirectory: folder,
                                              scale: 1, record: .missing, artifactsDirectory: artifacts)
        let result = try #require(results.first)
        #expect(!result.passed)
        guard case .mismatched(let comparison, let artifactFolder) = result.outcome else {
            Issue.record("expected a mismatch, got \(result.outcome)"); return
        }
        #expect(comparison.differingPixels == 1)
        #expect(result.message?.contains("1 ") == true)
        for file in ["expected.png", "actual.png", "diff.png", "side-by-side.png"] {
            #expect(FileManager.default.fileExists(atPath: artifactFolder + "/" + file), "\(file)")
        }
        let diff = try Bitmap.readPNG(path: artifactFolder + "/diff.png")
        #expect(diff[200, 100].red > 200 && diff[200, 100].green < 80, "the changed pixel is red in the diff")
        // changed re-records it; the run after matches.
        let rerecord = try GoldenFrames.verify(scenario: example("rubber-band-pull"), frames: [30], goldenDirectory: folder,
                                               scale: 1, record: .changed)
        #expect(rerecord.first?.message?.contains("re-recorded") == true)
        #expect(try GoldenFrames.verify(scenario: example("rubber-band-pull"), frames: [30], goldenDirectory: folder,
                                        scale: 1, record: .never).allSatisfy { $0.passed })
    }

    @Test("FLICK_RECORD names the mode; anything else means missing")
    func environment() {
        #expect(GoldenRecordMode.environmentVariable == "FLICK_RECORD")
        #expect(GoldenRecordMode(rawValue: "changed") == .changed)
        // `failed` is the earlier name of `changed`, still read from FLICK_RECORD and --record.
        #expect(GoldenRecordMode(word: "Failed") == .changed && GoldenRecordMode(word: "never") == .never)
        #expect(GoldenRecordMode(word: "sometimes") == nil)
        #expect(GoldenRecordMode.allCases.map(\.rawValue) == ["missing", "changed", "all", "never"])
    }
}
