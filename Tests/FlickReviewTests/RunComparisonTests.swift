import FlickDiff
import FlickImage
import FlickOutput
@testable import FlickReview
import Foundation
import Testing

/// `RunComparison`: which frames of two runs `flick review A B` compares, their diffs, and what it says about them.
@Suite("RunComparison")
struct RunComparisonTests {
    /// Page data of a run of `count` frames from `first` at `fps`, frames of `width`×`height` px at `scale`.
    func run(fps: Double, first: Int = 0, count: Int, width: Int = 4, height: Int = 3, scale: Double = 1) -> RunPageData {
        RunPageData(name: "run", fps: fps, scale: scale, first: first, count: count, digits: 5, ext: "png", overlay: false,
                    width: width, height: height, total: first + count, events: [], spans: [], plot: nil)
    }

    @Test("At equal rates frame i pairs with frame i, as far as the shorter run goes")
    func equalRates() throws {
        let pairs = try RunComparison.pairs(a: run(fps: 60, count: 5), b: run(fps: 60, count: 3))
        #expect(pairs == (0..<3).map { RunComparison.Pair(a: $0, b: $0) })
        let longerB = try RunComparison.pairs(a: run(fps: 60, count: 2), b: run(fps: 60, count: 9))
        #expect(longerB == [.init(a: 0, b: 0), .init(a: 1, b: 1)])
    }

    @Test("At 60 against 30 fps every other frame of A pairs with B's frame at the same time")
    func halfRate() throws {
        let pairs = try RunComparison.pairs(a: run(fps: 60, count: 7), b: run(fps: 30, count: 10))
        #expect(pairs == [.init(a: 0, b: 0), .init(a: 2, b: 1), .init(a: 4, b: 2), .init(a: 6, b: 3)])
        // The other way round, each of A's frames has B's frame at twice its index, while B lasts.
        let reverse = try RunComparison.pairs(a: run(fps: 30, count: 5), b: run(fps: 60, count: 7))
        #expect(reverse == [.init(a: 0, b: 0), .init(a: 1, b: 2), .init(a: 2, b: 4), .init(a: 3, b: 6)])
    }

    @Test("Rates with no common instant but 0 pair only frame 0; 60 and 24 fps meet every 5 frames of A")
    func incommensurateRates() throws {
        #expect(try RunComparison.pairs(a: run(fps: 60, count: 60), b: run(fps: 59, count: 59)) == [.init(a: 0, b: 0)])
        let pairs = try RunComparison.pairs(a: run(fps: 60, count: 16), b: run(fps: 24, count: 100))
        #expect(pairs == [.init(a: 0, b: 0), .init(a: 5, b: 2), .init(a: 10, b: 4), .init(a: 15, b: 6)])
    }

    @Test("Only the frames drawn (a --frames range) pair: B's frame must lie in B's range")
    func ranges() throws {
        let pairs = try RunComparison.pairs(a: run(fps: 60, first: 2, count: 6), b: run(fps: 60, first: 5, count: 10))
        #expect(pairs == [.init(a: 5, b: 5), .init(a: 6, b: 6), .init(a: 7, b: 7)])
        #expect(try RunComparison.pairs(a: run(fps: 60, first: 0, count: 3), b: run(fps: 60, first: 3, count: 3)).isEmpty)
    }

    @Test("A raised cancellation stops the pairing")
    func cancelled() {
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(throws: RenderCancelled.self) {
            try RunComparison.pairs(a: self.run(fps: 60, count: 3), b: self.run(fps: 60, count: 3), cancellation: cancellation)
        }
    }

    /// Writes `frames` as A's or B's `frames/frame_NNNNN.png` in `folder`.
    func writeFrames(_ frames: [Bitmap], to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("frames"), withIntermediateDirectories: true)
        for (i, frame) in frames.enumerated() {
            try frame.writePNG(path: folder.appendingPathComponent("frames/" + RunPageData.frameFile(i, digits: 5, ext: "png")).path)
        }
    }

    @Test("Frames that differ get a diff image named by A's frame; identical frames none; the summary counts both")
    func diffImages() throws {
        let root = try Fixtures.temporaryFolder("run-comparison")
        defer { try? FileManager.default.removeItem(at: root) }
        let white = Bitmap(width: 4, height: 3, color: RGBA(255, 255, 255))
        var dotted = white
        dotted[1, 1] = RGBA(0, 0, 0)
        dotted[2, 1] = RGBA(0, 0, 0)
        // A at 60 fps: frames 0..3; B at 30 fps: frames 0..1, at A's 0 and 2. A's frame 2 differs from B's 1.
        try writeFrames([white, white, white, white], to: root.appendingPathComponent("a"))
        try writeFrames([white, dotted], to: root.appendingPathComponent("b"))
        let folder = try OutputFolder(destination: root.appendingPathComponent("review"))
        defer { folder.abandon() }
        let comparison = try RunComparison.compare(a: run(fps: 60, count: 4), b: run(fps: 30, count: 2),
                                                   frameFolders: (root.appendingPathComponent("a"), root.appendingPathComponent("b")),
                                                   in: folder, options: DiffOptions(threshold: 0.1), jobs: 2, cancellation: Cancellation())
        #expect(comparison.differences.map(\.index) == [0, 2])
        #expect(comparison.differences.map(\.differing) == [0, 2])
        #expect(comparison.differences.map(\.identical) == [true, false])
        #expect(comparison.differences.map(\.image) == [false, true])
        #expect(comparison.differences[1].ratio == 2.0 / 12)
        #expect(comparison.differing == 1)
        #expect(comparison.mismatch == nil)
        #expect(comparison.mismatchWarning(scales: (1, 1)) == nil)
        #expect(comparison.summary == "2 frames compared, 1 with differing pixels")
        let diff = folder.staging.appendingPathComponent("diff")
        #expect(try FileManager.default.contentsOfDirectory(atPath: diff.path) == ["frame_00002.png"])
        let image = try Bitmap.readPNG(path: diff.appendingPathComponent("frame_00002.png").path)
        #expect(image.width == 4 && image.height == 3)
        #expect(image[1, 1] == RGBA(255, 0, 0))  // pixelmatch's red on a differing pixel
    }

    @Test("No frame differs: no diff folder is left")
    func noDiffFolder() throws {
        let root = try Fixtures.temporaryFolder("run-comparison-same")
        defer { try? FileManager.default.removeItem(at: root) }
        let white = Bitmap(width: 4, height: 3, color: RGBA(255, 255, 255))
        try writeFrames([white], to: root.appendingPathComponent("a"))
        try writeFrames([white], to: root.appendingPathComponent("b"))
        let folder = try OutputFolder(destination: root.appendingPathComponent("review"))
        defer { folder.abandon() }
        let comparison = try RunComparison.compare(a: run(fps: 30, count: 1), b: run(fps: 30, count: 1),
                                                   frameFolders: (root.appendingPathComponent("a"), root.appendingPathComponent("b")),
                                                   in: folder, options: DiffOptions(), jobs: 1, cancellation: Cancellation())
        #expect(comparison.summary == "1 frame compared, 0 with differing pixels")
        #expect(!FileManager.default.fileExists(atPath: folder.staging.appendingPathComponent("diff").path))
    }

    @Test("Frames of other sizes are not compared: counted, and the warning names both sizes and scales")
    func sizeMismatch() throws {
        let root = try Fixtures.temporaryFolder("run-comparison-sizes")
        defer { try? FileManager.default.removeItem(at: root) }
        let small = Bitmap(width: 4, height: 3, color: RGBA(255, 255, 255))
        let large = Bitmap(width: 12, height: 9, color: RGBA(255, 255, 255))
        try writeFrames([small, small, small], to: root.appendingPathComponent("a"))
        try writeFrames([large, large, large], to: root.appendingPathComponent("b"))
        let folder = try OutputFolder(destination: root.appendingPathComponent("review"))
        defer { folder.abandon() }
        let comparison = try RunComparison.compare(a: run(fps: 30, count: 3), b: run(fps: 30, count: 3, width: 12, height: 9, scale: 3),
                                                   frameFolders: (root.appendingPathComponent("a"), root.appendingPathComponent("b")),
                                                   in: folder, options: DiffOptions(), jobs: 2, cancellation: Cancellation())
        #expect(comparison.differences.isEmpty)
        #expect(comparison.mismatch == RunComparison.SizeMismatch(count: 3, a: .init(width: 4, height: 3), b: .init(width: 12, height: 9)))
        #expect(comparison.summary == "0 frames compared, 0 with differing pixels")
        #expect(comparison.mismatchWarning(scales: (1, 3)) == "3 frames at the same time not compared: A's are 4×3 px (1x), B's 12×9 px (3x); "
                + "frames are compared only at one size: render both at one scale (--scale; --device-scale draws a scenario at its own)")
    }

    @Test("A missing frame is an error naming the file, not a frame left out")
    func missingFrame() throws {
        let root = try Fixtures.temporaryFolder("run-comparison-missing")
        defer { try? FileManager.default.removeItem(at: root) }
        let white = Bitmap(width: 4, height: 3, color: RGBA(255, 255, 255))
        try writeFrames([white, white], to: root.appendingPathComponent("a"))
        try writeFrames([white], to: root.appendingPathComponent("b"))
        let folder = try OutputFolder(destination: root.appendingPathComponent("review"))
        defer { folder.abandon() }
        // B's data says 2 frames, its folder holds 1.
        do {
            _ = try RunComparison.compare(a: run(fps: 30, count: 2), b: run(fps: 30, count: 2),
                                          frameFolders: (root.appendingPathComponent("a"), root.appendingPathComponent("b")),
                                          in: folder, options: DiffOptions(), jobs: 1, cancellation: Cancellation())
            Issue.record("no error")
        } catch {
            #expect("\(error)".contains("b/frames/frame_00001.png"), "\(error)")
        }
    }
}
