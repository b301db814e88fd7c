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

    /// A frame that paints every pixel first (`paintsEveryPixel`) is drawn into a reused image without clearing it:
    /// drawn over noise, it has the pixels it has in a new image. The map (drawn in pieces) and a translucent
    /// background are cleared first; over noise, a translucent background lets the noise through.
    @Test(arguments: [("fling-to-rest.yaml", nil), ("deck-card.yaml", nil), ("own-screen.yaml", nil),
                      ("sheet-handoff.yaml", nil), ("fling-to-rest.yaml", "#ff000080")] as [(String, String?)])
    func framesThatPaintEveryPixelNeedNoClearing(example: String, translucent: String?) throws {
        var scenario = try Fixtures.example(example)
        scenario.viewport.scale = 1
        if let translucent { scenario.scene.background = .color(translucent) }
        let renderer = try FrameRenderer(scenario: scenario)
        let frames = Simulation.frames(of: scenario)
        let frame = frames[frames.count / 2]
        let paints = renderer.paintsEveryPixel(frame)
        #expect(paints == (example != "sheet-handoff.yaml" && translucent == nil), "\(example) \(translucent ?? "")")
        let expected = try renderer.image(of: frame).bitmap()
        let size = renderer.pixelSize(of: frame)
        let dirty = try ImageSurface(pixelWidth: size.width, pixelHeight: size.height)
        dirty.withPixels { words in
            let base = UnsafeMutablePointer(mutating: words.baseAddress!)
            var state: UInt32 = 12_345
            for i in 0..<words.count {
                state = state &* 1_664_525 &+ 1_013_904_223
                // Premultiplied noise: each colour at most its alpha.
                let a = state >> 24, c = (state >> 8 & 0xFF) * a / 255
                base[i] = a << 24 | c << 16 | (255 - c) * a / 255 << 8 | c / 2
            }
        }
        dirty.markDirty()
        try renderer.draw(frame, into: dirty)
        if paints {
            #expect(dirty.bitmap() == expected, "\(example): pixels of the noise show through")
        } else if translucent != nil {
            #expect(dirty.bitmap() != expected, "a translucent background shows what is under it")
        }
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
