import FlickCore
@testable import FlickRender
import Foundation
import Testing

/// Frames whose pixels equal the previous frame's are written with that frame's bytes, not encoded again:
/// the files are the same as encoding every frame, and an observer sees every frame in order.
@Suite struct FrameReuseTests {
    /// Records what an observer is handed.
    final class Recorder: SequenceObserver, @unchecked Sendable {
        var indices: [Int] = []
        var repeats: [Int] = []
        var pngs: [Int: Data] = [:]
        let needsPNG: Bool
        init(needsPNG: Bool) { self.needsPNG = needsPNG }
        func begin(_ folder: OutputFolder) throws {}
        func consume(_ frame: DrawnFrame) throws {
            indices.append(frame.state.index)
            if frame.repeatsPrevious { repeats.append(frame.state.index) }
            pngs[frame.state.index] = frame.png
        }
        func finish(_ folder: OutputFolder) throws {}
        func abandon() {}
    }

    @Test func repeatedFramesAreTheBytesOfEncodingEveryFrame() throws {
        // snap-demo rests from about 1.2 s on: most of its last frames repeat.
        var scenario = try Fixtures.example("snap-demo.yaml")
        scenario.viewport.scale = 1
        let out = try Fixtures.temporaryFolder("reuse")
        defer { try? FileManager.default.removeItem(at: out) }
        let recorder = Recorder(needsPNG: false)
        let range = 40...150
        _ = try SequenceRenderer.render(scenario, to: out.appendingPathComponent("a"),
                                        options: SequenceOptions(format: .png, frames: range, jobs: 2, observer: recorder))
        #expect(recorder.indices == Array(range))
        let renderer = try FrameRenderer(scenario: scenario)
        var expectedRepeats: [Int] = []
        var previous: Data?
        let states = Simulation.frames(of: scenario)
        for index in range {
            let encoded = try renderer.png(of: states[index])
            let written = try Data(contentsOf: out.appendingPathComponent("a/frames/"
                + SequenceRenderer.frameFileName(index, count: scenario.frameCount, extension: "png")))
            #expect(written == encoded, "frame \(index) differs from encoding it on its own")
            #expect(recorder.pngs[index] == encoded)
            if index > range.lowerBound, encoded == previous { expectedRepeats.append(index) }
            previous = encoded
        }
        // The rest is long, and only frames equal to their predecessor are marked.
        #expect(expectedRepeats.count > 50)
        #expect(recorder.repeats == expectedRepeats)
    }

    @Test func svgOnlyRenderStillHandsPixelsToAnObserver() throws {
        var scenario = try Fixtures.example("snap-demo.yaml")
        scenario.viewport.scale = 1
        let out = try Fixtures.temporaryFolder("reuse-svg")
        defer { try? FileManager.default.removeItem(at: out) }
        let recorder = Recorder(needsPNG: true)
        _ = try SequenceRenderer.render(scenario, to: out.appendingPathComponent("a"),
                                        options: SequenceOptions(format: .svg, frames: 0...9, jobs: 2, observer: recorder))
        #expect(recorder.indices == Array(0...9))
        #expect(recorder.pngs.count == 10)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("a/frames").path)
        #expect(files.allSatisfy { $0.hasSuffix(".svg") } && files.count == 10)
    }
}
