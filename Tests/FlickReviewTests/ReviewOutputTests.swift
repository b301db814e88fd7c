import FlickCore
import FlickImage
import FlickRender
@testable import FlickReview
import Foundation
import Testing

/// The review outputs as a whole: byte-identical across runs, slow motion, and the video through ffmpeg.
@Suite struct ReviewOutputTests {
    @Test func reviewOutputsAreByteIdenticalAcrossRuns() throws {
        let scenario = try Fixtures.example("vimeo-tabs", scale: 0.5)
        let out = try Fixtures.temporaryFolder("identical")
        defer { try? FileManager.default.removeItem(at: out) }
        let options = ReviewOptions(preview: true, contactSheet: true, motion: true, playbackFPS: 60)
        let a = out.appendingPathComponent("a"), b = out.appendingPathComponent("b")
        // Two thread counts: frames reach the outputs in a different interleaving.
        try Fixtures.render(scenario, range: 100...220, into: a, options: options, jobs: 2)
        try Fixtures.render(scenario, range: 100...220, into: b, options: options, jobs: 1)
        for name in options.fileNames {
            let first = try Data(contentsOf: a.appendingPathComponent("vimeo-tabs/" + name))
            let second = try Data(contentsOf: b.appendingPathComponent("vimeo-tabs/" + name))
            #expect(first.count > 1000, "\(name) is written")
            #expect(first == second, "\(name) differs between runs")
        }
        let manifest = try String(contentsOf: a.appendingPathComponent("vimeo-tabs/" + OutputFolder.manifestName), encoding: .utf8)
        for name in options.fileNames { #expect(manifest.contains("\n" + name + "\n"), "\(name) is in the manifest") }
    }

    @Test func slowMotionSamplesTheSameMotionNTimesAsOften() throws {
        let scenario = try Fixtures.example("fling-to-rest")
        let slow = SlowMotion.resampled(scenario, by: 4)
        #expect(slow.frameCount == 4 * (scenario.frameCount - 1) + 1)
        let normal = Simulation.frames(of: scenario)
        let slowed = Simulation.frames(of: slow)
        #expect(slowed.count == 4 * (normal.count - 1) + 1)
        for (k, frame) in normal.enumerated() {
            let same = slowed[4 * k]
            #expect(abs(same.time - frame.time) < 1e-12)
            #expect(abs(same.scrollViews[0].contentOffset.y - frame.scrollViews[0].contentOffset.y) < 1e-9, "frame \(k)")
        }
        // Frames between are the simulation at their own instants, not interpolations.
        let reference = Simulation(scenario: scenario)
        for index in stride(from: 1, to: slowed.count, by: 7) {
            let expected = reference.state(at: slowed[index].time)
            #expect(abs(slowed[index].scrollViews[0].contentOffset.y - expected.scrollViews[0].contentOffset.y) < 1e-9)
        }
        // Mid-deceleration, an in-between frame is not the average of its neighbours (the motion is curved).
        let i = 4 * 40 + 2
        let mid = slowed[i].scrollViews[0].contentOffset.y
        let average = (slowed[i - 2].scrollViews[0].contentOffset.y + slowed[i + 2].scrollViews[0].contentOffset.y) / 2
        #expect(abs(mid - average) > 1e-3)
    }

    /// ffprobe's fields for the first video stream and the container.
    static func probe(_ video: URL) throws -> [String: String] {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: try #require(FFmpeg.locate("ffprobe")))
        probe.arguments = ["-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                           "stream=codec_name,pix_fmt,width,height,r_frame_rate,nb_read_frames,color_space,color_range,color_primaries,color_transfer:format=duration",
                           "-of", "default=noprint_wrappers=1", video.path]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }

    @Test func gifsPlayAtARateTheirDelaysCanHold() {
        #expect(VideoFormat.gifRate(fps: 60) == 50)
        #expect(VideoFormat.gifRate(fps: 50) == 50)
        #expect(VideoFormat.gifRate(fps: 120) == 50)
        #expect(VideoFormat.gifRate(fps: 30) == 30)
        #expect(VideoFormat.gifRate(fps: 24) == 24)
        #expect(VideoFormat.gifRate(fps: 10) == 10)
        // Each frame ends at its exact end rounded to hundredths: the delays add up to the duration.
        #expect(VideoFormat.gifDelays(count: 7, fps: 30) == [3, 4, 3, 3, 4, 3, 3])
        #expect(VideoFormat.gifDelays(count: 6, fps: 24) == [4, 4, 5, 4, 4, 4])
        #expect(VideoFormat.gifDelays(count: 13, fps: 60) == Array(repeating: 2, count: 11))
        for fps in [1.0, 7, 12, 15, 23.976, 24, 25, 29.97, 30, 33, 40, 45, 48, 50] {
            let delays = VideoFormat.gifDelays(count: 301, fps: fps)
            #expect(delays.count == 301, "every frame kept at \(fps) fps")
            #expect(delays.allSatisfy { $0 >= 2 }, "no delay a browser slows, at \(fps) fps")
            #expect(abs(Double(delays.reduce(0, +)) - 30100 / fps) <= 0.5, "\(fps) fps: \(delays.reduce(0, +)) cs")
        }
    }

    /// The delays of the frames of the GIF file `data` (Graphic Control Extensions, in hundredths of a second), read
    /// by walking its blocks as the GIF89a specification lays them out.
    static func gifDelays(_ data: Data) throws -> [Int] {
        let bytes = [UInt8](data)
        try #require(bytes.count > 13 && String(decoding: bytes[0..<6], as: UTF8.self) == "GIF89a")
        var i = 13
        if bytes[10] & 0x80 != 0 { i += 3 << (Int(bytes[10] & 0x07) + 1) }
        func skipSubBlocks() throws {
            while true {
                try #require(i < bytes.count)
                let size = Int(bytes[i])
                i += 1 + size
                if size == 0 { return }
            }
        }
        var delays: [Int] = []
        while i < bytes.count {
            switch bytes[i] {
            case 0x21:
                if bytes[i + 1] == 0xF9 { delays.append(Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8) }
                i += 2
                try skipSubBlocks()
            case 0x2C:
                let packed = bytes[i + 9]
                i += 10
                if packed & 0x80 != 0 { i += 3 << (Int(packed & 0x07) + 1) }
                i += 1  // LZW minimum code size
                try skipSubBlocks()
            case 0x3B:
                return delays
            default:
                Issue.record("unexpected GIF block \(bytes[i]) at \(i)")
                return delays
            }
        }
        Issue.record("no GIF trailer")
        return delays
    }

    /// A 30 fps run used to play at 25 fps, every sixth frame left out; its GIF keeps every frame, shown 3 or 4 cs
    /// each so that frame k ends at round(100 (k + 1) / 30) cs, read back from the file's own delays.
    @Test(.enabled(if: FFmpeg.locate() != nil, "ffmpeg is not installed (apt-get install ffmpeg); the GIF is not tested"))
    func gifKeepsEveryFrameOfA30fpsRunWithDelaysOf3And4() throws {
        let ffmpeg = try #require(FFmpeg.locate())
        let out = try Fixtures.temporaryFolder("gif-delays")
        defer { try? FileManager.default.removeItem(at: out) }
        for (fps, count, expected) in [(30.0, 13, [3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3]), (24, 7, [4, 4, 5, 4, 4, 4, 4]),
                                       (60, 13, Array(repeating: 2, count: 11))] {
            let path = out.appendingPathComponent("run-\(Int(fps)).gif").path
            let encoder = try VideoEncoder(ffmpeg: ffmpeg, format: .gif, path: path, canvas: RunCanvas(pixelWidth: 32, pixelHeight: 24),
                                           fps: fps, frameCount: count)
            for i in 0..<count {
                // A band that moves every frame, so no frame is the same as the one before it.
                var rgba: [UInt8] = []
                for _ in 0..<24 { for x in 0..<32 { rgba += x == i ? [255, 255, 255, 255] : [20, 40, 80, 255] } }
                try encoder.add(try ImageSurface(Bitmap(width: 32, height: 24, rgba: rgba)))
            }
            try encoder.finish()
            let delays = try Self.gifDelays(try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(delays == expected, "\(fps) fps: \(delays)")
            #expect(delays == VideoFormat.gifDelays(count: count, fps: fps))
        }
    }

    @Test(.enabled(if: FFmpeg.locate() != nil && FFmpeg.locate("ffprobe") != nil,
                   "ffmpeg and ffprobe are not installed (apt-get install ffmpeg); the GIF is not tested"))
    func gifKeepsTheRunsDuration() throws {
        let scenario = try Fixtures.example("vimeo-tabs", scale: 0.5)
        let out = try Fixtures.temporaryFolder("gif")
        defer { try? FileManager.default.removeItem(at: out) }
        try Fixtures.render(scenario, range: 100...180, into: out, options: ReviewOptions(video: .gif, playbackFPS: 60))
        let fields = try Self.probe(out.appendingPathComponent("vimeo-tabs/preview.gif"))
        #expect(fields["codec_name"] == "gif")
        let duration = try #require(fields["duration"].flatMap(Double.init))
        #expect(abs(duration - 81.0 / 60) <= 0.02, "81 frames at 60 fps last 1.35 s, not \(duration) s")
    }

    /// `--video gif` made ffmpeg hold every frame until its palette was made (403 iPad frames at 2x went over
    /// 8 GB), and was then refused above 1 GB of frames. In two passes it streams: a GIF of any length is made, byte
    /// for byte the GIF of the one-pass filter, and the first pass's files are gone afterwards.
    @Test(.enabled(if: FFmpeg.locate() != nil, "ffmpeg is not installed (apt-get install ffmpeg); the GIF is not tested"))
    func gifStreamsInTwoPassesAndEqualsTheOnePassGIF() throws {
        let ffmpeg = try #require(FFmpeg.locate())
        let out = try Fixtures.temporaryFolder("gif-passes")
        defer { try? FileManager.default.removeItem(at: out) }
        let (width, height, count) = (64, 48, 30)
        // Opaque frames of moving bands, so their BGRA bytes are the canvas's as the encoder sends them.
        let frames = (0..<count).map { i -> Bitmap in
            var rgba: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    rgba += [UInt8((x * 4 + i * 7) & 0xFF), UInt8((y * 5 + i * 3) & 0xFF), UInt8(((x + y) * 2) & 0xFF), 255]
                }
            }
            return Bitmap(width: width, height: height, rgba: rgba)
        }
        let path = out.appendingPathComponent("run.gif").path
        // 100,000 frames of 390×844 were over the old 1 GB refusal; the count no longer matters.
        let encoder = try VideoEncoder(ffmpeg: ffmpeg, format: .gif, path: path, canvas: RunCanvas(pixelWidth: width, pixelHeight: height),
                                       fps: 60, frameCount: 100_000)
        for frame in frames { try encoder.add(try ImageSurface(frame)) }
        try encoder.finish()
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["run.gif"], "the first pass's files are removed")

        // The one-pass GIF of the same raw frames, with the filter `--video gif` used before.
        let raw = out.appendingPathComponent("frames.bgra")
        var bgra: [UInt8] = []
        for bitmap in frames {
            let rgba = bitmap.rgbaBytes
            for p in stride(from: 0, to: rgba.count, by: 4) { bgra += [rgba[p + 2], rgba[p + 1], rgba[p], rgba[p + 3]] }
        }
        try Data(bgra).write(to: raw)
        let onePass = out.appendingPathComponent("one-pass.gif").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-nostdin", "-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "bgra",
                             "-s", "\(width)x\(height)", "-framerate", "60", "-i", raw.path, "-filter_complex",
                             "[0:v]fps=50,split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer", "-loop", "0",
                             "-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1", "-an", "-y", onePass]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let twoPass = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(twoPass.count > 1000)
        #expect(twoPass == (try Data(contentsOf: URL(fileURLWithPath: onePass))), "the two-pass GIF equals the one-pass GIF")
    }

    @Test(.enabled(if: FFmpeg.locate() != nil && FFmpeg.locate("ffprobe") != nil,
                   "ffmpeg and ffprobe are not installed (apt-get install ffmpeg); the video is not tested"))
    func mp4HasTheRunsFramesRateAndEvenSize() throws {
        // Before the resize: 390 pt at half scale is 195 px, an odd width the video rounds up.
        let scenario = try Fixtures.example("vimeo-tabs", scale: 0.5)
        let out = try Fixtures.temporaryFolder("video")
        defer { try? FileManager.default.removeItem(at: out) }
        let range = 60...119
        try Fixtures.render(scenario, range: range, into: out, options: ReviewOptions(video: .mp4, playbackFPS: 60))
        let fields = try Self.probe(out.appendingPathComponent("vimeo-tabs/preview.mp4"))
        #expect(fields["codec_name"] == "h264")
        #expect(fields["pix_fmt"] == "yuv420p")
        #expect(fields["width"] == "196" && fields["height"] == "422", "\(fields)")
        #expect(fields["r_frame_rate"] == "60/1")
        #expect(fields["nb_read_frames"] == "\(range.count)")
        let duration = try #require(fields["duration"].flatMap(Double.init))
        #expect(abs(duration - Double(range.count) / 60) < 1e-3, "duration \(duration)")
        // Tagged as what it holds: BT.709 in TV range.
        #expect(fields["color_space"] == "bt709" && fields["color_primaries"] == "bt709" && fields["color_transfer"] == "bt709",
                "\(fields)")
        #expect(fields["color_range"] == "tv", "\(fields)")
    }

    @Test func gifFramesAreTheNearestToEachTickOfItsClock() {
        // 60 fps on a 50 fps clock: frame round(1.2 n) for each tick n; every sixth is left out.
        let kept = VideoFormat.gifFrames(count: 13, fps: 60)
        #expect(kept == [0, 1, 2, 4, 5, 6, 7, 8, 10, 11, 12])
        #expect(VideoFormat.gifFrames(count: 30, fps: 50) == Array(0..<30))
        #expect(VideoFormat.gifNote(count: 30, fps: 50) == nil)
        let note = try! #require(VideoFormat.gifNote(count: 13, fps: 60, firstFrame: 100))
        #expect(note.contains("plays at 50 fps, not 60") && note.contains("2 of 13 frames are left out (frames 103, 109)"), "\(note)")
    }

    /// --preview-scale draws the preview at its own scale (the frames keep theirs), and --single-file carries
    /// the run's frames at that scale inside the page.
    @Test func previewScaleAndSingleFilePage() throws {
        let scenario = try Fixtures.example("vimeo-tabs", scale: 2)
        let out = try Fixtures.temporaryFolder("preview-scale")
        defer { try? FileManager.default.removeItem(at: out) }
        var options = ReviewOptions(preview: true, playbackFPS: 60)
        options.previewScale = 0.5
        options.html = true
        options.singleFile = true
        let range = 100...119
        let recorder = try Fixtures.render(scenario, range: range, into: out, options: options)
        #expect(recorder.previewCanvas.pixelWidth == 195 && recorder.canvas.pixelWidth == 780)
        let folder = out.appendingPathComponent("vimeo-tabs")
        let apng = try Bitmap.readPNG(path: folder.appendingPathComponent("preview.apng").path)
        #expect(apng.width == 195 && apng.height == 422)
        let frame = try Bitmap.readPNG(path: folder.appendingPathComponent("frames/frame_00100.png").path)
        #expect(frame.width == 780, "the frames stay at --scale")
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let urls = page.components(separatedBy: "data:image/png;base64,").count - 1
        #expect(urls >= 1 && urls <= range.count)
        #expect(page.contains("data:image/svg+xml;base64,"), "the plot is inside")
        #expect(page.contains("<script type=\"application/json\" data-states="), "the states are inside")
        #expect(!page.contains("<script src="), "nothing is loaded from beside it")
        // The first inlined frame decodes to the preview's size.
        let start = try #require(page.range(of: "data:image/png;base64,"))
        let end = try #require(page[start.upperBound...].firstIndex(of: "\""))
        let png = try #require(Data(base64Encoded: String(page[start.upperBound..<end])))
        let decoded = try Bitmap.decodePNG(png, path: "inline")
        #expect(decoded.width == 195 && decoded.height == 422)
    }
}
