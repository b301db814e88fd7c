import FlickOutput
@testable import FlickReview
import Foundation
import Testing

/// Which frame of a recording the review page shows beside each of the run's (docs/review-page.md, "A recording
/// beside the frames"): the nearest on one clock, none beyond the recording's ends.
struct ReferenceFramesTests {
    /// Feeds `times` (a recording's frame times) and returns the frame given to each target.
    static func assign(_ targets: [Double], times: [Double], lone: Double = 1.0 / 60) -> (frames: [Int?], handed: [[Int]]) {
        var assignment = ReferenceFrames.Assignment(targets: targets, loneFrameSpan: lone)
        var handed: [[Int]] = []
        for (i, t) in times.enumerated() {
            let given = assignment.add(index: i, time: t)
            if i > 0 { handed.append(given) }
            if assignment.isComplete { break }
        }
        handed.append(assignment.finish())
        return (assignment.frames, handed)
    }

    @Test func aRecordingAtHalfTheRateGivesEachRunFrameTheNearest() {
        // Run frames every 1/64 s, recording frames every 1/32 s (times exact in binary, so the ties are ties).
        let targets = (0...12).map { Double($0) / 64 }
        let times = (0...6).map { Double($0) / 32 }
        let result = Self.assign(targets, times: times)
        // A target exactly between two frames (1/64, 3/64, …) goes to the earlier one.
        #expect(result.frames == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6])
        // Each frame's targets are handed over once the next frame's time is known, the last one's at the end.
        #expect(result.handed == [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11], [12]])
    }

    @Test func targetsBeyondTheRecordingGetNoFrame() {
        // The recording runs from 0.1 to 0.2 s at 20 fps (gap 0.05): targets before 0.075 and after 0.225 get none.
        let targets = [0.0, 0.07, 0.08, 0.1, 0.124, 0.126, 0.2, 0.22, 0.23, 0.5]
        let result = Self.assign(targets, times: [0.1, 0.15, 0.2])
        #expect(result.frames == [nil, nil, 0, 0, 0, 1, 2, 2, nil, nil])
    }

    @Test func aRecordingOfOneFrameCoversHalfARunFrameEachSide() {
        let result = Self.assign([0.0, 0.01, 0.5], times: [0.0], lone: 0.02)
        #expect(result.frames == [0, 0, nil])
    }

    @Test func readingStopsOnceEveryTargetIsDecided() {
        var assignment = ReferenceFrames.Assignment(targets: [0, 0.1], loneFrameSpan: 1.0 / 60)
        _ = assignment.add(index: 0, time: 0)
        _ = assignment.add(index: 1, time: 0.1)
        #expect(!assignment.isComplete)
        // A frame past the last target's middle decides it: nothing later can be nearer.
        #expect(assignment.add(index: 2, time: 0.3) == [1])
        #expect(assignment.isComplete)
        #expect(assignment.frames == [0, 1])
    }

    @Test func shownFramesFitTheCanvasAndAreNeverScaledUp() {
        #expect(ReferenceFrames.size(video: .init(width: 1170, height: 2532), canvas: RunCanvas(pixelWidth: 390, pixelHeight: 844)) == (390, 844))
        #expect(ReferenceFrames.size(video: .init(width: 390, height: 844), canvas: RunCanvas(pixelWidth: 1170, pixelHeight: 2532)) == (390, 844))
        // A landscape recording beside a portrait canvas fits its width.
        #expect(ReferenceFrames.size(video: .init(width: 1920, height: 1080), canvas: RunCanvas(pixelWidth: 390, pixelHeight: 844)) == (390, 219))
    }
}
