import FlickCore
import FlickRender
@testable import FlickReview
import Foundation
import Testing

/// preview.apng: decoded with a reader of its own, every frame is the PNG frame of the same index on the
/// run's one canvas, with the scenario's timing, looping.
@Suite struct APNGTests {
    static let backdrop: UInt32 = 0xFF2C_2C2E

    /// Frame `index`'s PNG file placed at the top-left of a `width`×`height` canvas of backdrop.
    static func expectedCanvas(_ folder: URL, index: Int, count: Int, width: Int, height: Int) throws -> [UInt32] {
        let file = folder.appendingPathComponent("frames/" + SequenceRenderer.frameFileName(index, count: count, extension: "png"))
        let frame = try Fixtures.pixels(ofPNGFile: file)
        var canvas = [UInt32](repeating: backdrop, count: width * height)
        for y in 0..<frame.height {
            for x in 0..<frame.width { canvas[y * width + x] = frame.words[y * frame.width + x] }
        }
        return canvas
    }

    @Test func everyFrameIsTheFrameOfTheSameIndexOnOneCanvasAcrossAResize() throws {
        // vimeo-tabs widens from 390 to 600 pt from 3.4 s to 3.8 s (frames 204 to 228), animated, at rest before and
        // after.
        let scenario = try Fixtures.example("vimeo-tabs", scale: 0.5)
        let range = 196...245
        let out = try Fixtures.temporaryFolder("apng")
        defer { try? FileManager.default.removeItem(at: out) }
        try Fixtures.render(scenario, range: range, into: out, options: ReviewOptions(preview: true, playbackFPS: 60))
        let folder = out.appendingPathComponent(scenario.name)
        let apng = try APNGReader(Data(contentsOf: folder.appendingPathComponent("preview.apng")))
        // The largest viewport: 600 × 844 pt at half scale.
        #expect(apng.width == 300 && apng.height == 422)
        #expect(apng.colorType == 2)
        #expect(apng.frameCount == range.count && apng.frames.count == range.count)
        #expect(apng.plays == 0, "loops forever")
        #expect(apng.sequence == Array(0..<apng.sequence.count), "fcTL and fdAT numbered in order")
        #expect(apng.frames.allSatisfy { $0.delayNumerator == 1 && $0.delayDenominator == 60 })
        let composed = try apng.composedFrames()
        for (n, index) in range.enumerated() {
            let expected = try Self.expectedCanvas(folder, index: index, count: scenario.frameCount, width: 300, height: 422)
            #expect(composed[n] == expected, "APNG frame \(n) is not frame_\(index).png on the canvas")
        }
        // Rests are 1×1 updates, not copies; the frame before the resize fills the canvas with backdrop.
        var repeats = 0
        for index in range.dropFirst() {
            func file(_ i: Int) throws -> Data {
                try Data(contentsOf: folder.appendingPathComponent("frames/"
                    + SequenceRenderer.frameFileName(i, count: scenario.frameCount, extension: "png")))
            }
            if try file(index) == file(index - 1) { repeats += 1 }
        }
        #expect(repeats >= 5)
        #expect(apng.frames.filter { $0.width == 1 && $0.height == 1 }.count == repeats)
        #expect(apng.frames[0].width == 300 && apng.frames[0].height == 422)
        #expect(apng.frames.contains { $0.width == 300 && $0.height == 422 && $0.data.count > 100 })
    }

    @Test func delaysAreTheScenariosFrameRate() {
        #expect(Rational.approximating(60) == Rational(numerator: 60, denominator: 1))
        #expect(Rational.approximating(59.94) == Rational(numerator: 2997, denominator: 50))
        #expect(Rational.approximating(24000.0 / 1001) == Rational(numerator: 24000, denominator: 1001))
        let third = Rational.approximating(1 / 3.0)
        #expect(third == Rational(numerator: 1, denominator: 3))
    }
}
