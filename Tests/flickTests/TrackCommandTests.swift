import Foundation
import Testing

/// `flick track` end to end: Flick renders a known motion, ffmpeg encodes it as a screen recorder would (H.264,
/// yuv420p, constant quality), and the track must give back the simulation's states (docs/track.md).
@Suite(.serialized) struct TrackCommandTests {
    /// A fling on a list: 150 pt up in 0.1 s, released at 1500 pt/s, decelerating.
    static let fling = """
    viewport: {width: 200, height: 360, scale: 3}
    fps: 60
    duration: 1.2
    scene:
      background: plain
      list: {id: feed, rows: 200, rowHeight: 56}
    gestures:
      - {at: 0.1, drag: {from: [100, 300], to: [100, 150], duration: 0.1}}

    """

    /// Runs a tool; its status and standard error.
    static func tool(_ name: String, _ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The scenario's contentOffset.y per frame (`flick states --format csv`).
    static func offsets(_ scenario: URL) throws -> [Double] {
        let run = try flick(["states", scenario.path, "--format", "csv"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false)
        let column = try #require(header.firstIndex(of: "feed.contentOffset.y"))
        return lines.dropFirst().map { Double($0.split(separator: ",", omittingEmptySubsequences: false)[column])! }
    }

    /// The samples of a reference CSV.
    static func samples(_ csv: String) -> [(t: Double, value: Double)] {
        csv.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("t,") }.map {
            let parts = $0.split(separator: ",")
            return (Double(parts[0])!, Double(parts[1])!)
        }
    }

    /// Renders the fling at `scale` into `folder`/frames-`scale`, returns the frames' folder.
    static func render(_ folder: URL, scale: Int) throws -> URL {
        let scenario = folder.appendingPathComponent("fling.yaml")
        try fling.write(to: scenario, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("render-\(scale)x")
        let run = try flick(["render", scenario.path, "--scale", "\(scale)", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        return out.appendingPathComponent("fling/frames")
    }

    /// Every kept sample within `tolerance` of the simulation's contentOffset.y at its frame.
    static func expectTrack(_ csv: String, matches offsets: [Double], within tolerance: Double, minimumSamples: Int) {
        let kept = samples(csv)
        #expect(kept.count >= minimumSamples)
        var worst = 0.0
        for s in kept {
            let frame = Int((s.t * 60).rounded())
            #expect(abs(s.t * 60 - Double(frame)) < 0.01, "t = \(s.t) is no frame's time")
            worst = max(worst, abs(s.value - offsets[frame]))
        }
        #expect(worst <= tolerance, "worst \(worst) pt")
    }

    /// H.264 at crf 23 (yuv420p), 3x and 2x: every kept frame within 0.5 pt (3x) and 1 pt (2x) of the states.
    @Test(arguments: [3, 2]) func aRenderedFlingIsRecoveredFromH264(scale: Int) throws {
        let folder = try scratchFolder("track-h264")
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try Self.render(folder, scale: scale)
        let video = folder.appendingPathComponent("fling.mp4")
        let input = frames.path + "/frame_%05d.png"
        let arguments: [String] = ["-v", "error", "-y", "-framerate", "60", "-i", input, "-c:v", "libx264", "-crf", "23", "-pix_fmt", "yuv420p", video.path]
        let encode = try Self.tool("ffmpeg", arguments)
        #expect(encode.status == 0, "\(encode.stderr)")
        let run = try flick(["track", video.path, "--region", "20,60,160,220", "--scale", "\(scale)"])
        #expect(run.status == 0, "\(run.stderr)")
        let offsets = try Self.offsets(folder.appendingPathComponent("fling.yaml"))
        Self.expectTrack(run.stdout, matches: offsets, within: scale == 3 ? 0.5 : 1, minimumSamples: 60)
        #expect(run.stdout.hasPrefix("# flick track \(video.path) --region 20,60,160,220 --axis y at \(scale) px/pt\n"))
        // Released at 0.2 s, on the last frame of the drag.
        #expect(run.stderr.contains("release: 0.2 s (found from the motion"), "\(run.stderr)")
    }

    /// A variable frame rate with frames missing and frames repeated (as a screen recorder writes them): the
    /// repeats are dropped, not samples of zero velocity, and every kept frame is on the states.
    @Test func aVariableFrameRateWithRepeatedFramesKeepsItsTimes() throws {
        let folder = try scratchFolder("track-vfr")
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try Self.render(folder, scale: 3)
        // Every 4th frame left out (the one before it shown for two frames' time), except at 15, 23 and 43, where
        // the frame before is shown again instead: a repeat, at that frame's time. Each frame keeps its time.
        let repeats: Set<Int> = [15, 23, 43]
        var list = "ffconcat version 1.0\n"
        // `option framerate 60`: each picture on a 1/60 s clock (the image reader's default is 25 fps).
        func name(_ i: Int) -> String { "file '\(frames.path)/frame_\(String(format: "%05d", i)).png'\noption framerate 60\n" }
        for i in 0..<73 {
            if i % 4 == 3 {
                if repeats.contains(i) { list += name(i - 1) + "duration \(1.0 / 60)\n" }
                continue
            }
            let shown = i % 4 == 2 && !repeats.contains(i + 1) && i + 1 < 73 ? 2.0 / 60 : 1.0 / 60
            list += name(i) + "duration \(shown)\n"
        }
        let listFile = folder.appendingPathComponent("list.txt")
        try list.write(to: listFile, atomically: true, encoding: .utf8)
        let video = folder.appendingPathComponent("vfr.mp4")
        let encode = try Self.tool("ffmpeg", ["-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", listFile.path,
                                              "-fps_mode", "passthrough", "-enc_time_base", "1/600", "-video_track_timescale", "600", "-c:v", "libx264", "-crf", "23", "-pix_fmt", "yuv420p", video.path])
        #expect(encode.status == 0, "\(encode.stderr)")
        let run = try flick(["track", video.path, "--region", "20,60,160,220", "--scale", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        let offsets = try Self.offsets(folder.appendingPathComponent("fling.yaml"))
        #expect(run.stderr.contains("repeated frames"), "\(run.stderr)")
        // Every kept frame is at its own time (a repeat kept would be ~20 pt behind the states there).
        Self.expectTrack(run.stdout, matches: offsets, within: 0.5, minimumSamples: 45)
        let kept = Self.samples(run.stdout)
        for i in repeats { #expect(!kept.contains { abs($0.t * 60 - Double(i)) < 0.01 }, "the repeat at frame \(i) was kept") }
        for i in stride(from: 3, to: 73, by: 4) where !repeats.contains(i) {
            #expect(!kept.contains { abs($0.t * 60 - Double(i)) < 0.01 }, "no frame was shown at \(i)")
        }
    }

    /// A 10 fps GIF of the fling (palette and dithering; up to 140 pt a frame, beyond half the region): a clear
    /// refusal, not a trace of the wrong rows.
    @Test func aTenFPSGIFIsRefusedWhenItMovesTooFarAFrame() throws {
        let folder = try scratchFolder("track-gif")
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try Self.render(folder, scale: 3)
        let gif = folder.appendingPathComponent("fling.gif")
        let input = frames.path + "/frame_%05d.png"
        let arguments: [String] = ["-v", "error", "-y", "-framerate", "60", "-i", input,
                                   "-vf", "fps=10,split[a][b];[a]palettegen[p];[b][p]paletteuse", gif.path]
        #expect(try Self.tool("ffmpeg", arguments).status == 0)
        let run = try flick(["track", gif.path, "--region", "20,60,160,220", "--scale", "3"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("error: \(gif.path): lost the region's content after 0.1 s: no confident match for"), "\(run.stderr)")
        // Its first frames, 50 pt apart, are within reach: with a taller region the trace is right where kept.
        let tall = try flick(["track", gif.path, "--region", "20,0,160,360", "--scale", "3"])
        if tall.status == 0 {
            let offsets = try Self.offsets(folder.appendingPathComponent("fling.yaml"))
            Self.expectTrack(tall.stdout, matches: offsets, within: 0.5, minimumSamples: 1)
        } else {
            #expect(tall.stderr.contains("lost the region's content"), "\(tall.stderr)")
        }
    }

    /// Bad input: a clear error naming the file, exit status 2, nothing on standard output.
    @Test func badInputIsAClearError() throws {
        let folder = try scratchFolder("track-errors")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("notes.mp4")
        try "not a video\n".write(to: text, atomically: true, encoding: .utf8)
        let notVideo = try flick(["track", text.path, "--region", "0,0,10,10", "--scale", "1"])
        #expect(notVideo.status == 2)
        #expect(notVideo.stderr.hasPrefix("error: \(text.path) is not a video ffmpeg can read: "), "\(notVideo.stderr)")

        // A video with a stream and no frames.
        let empty = folder.appendingPathComponent("empty.mp4")
        #expect(try Self.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=gray:s=16x16:r=60", "-frames:v", "0",
                                         "-c:v", "libx264", empty.path]).status == 0)
        let noFrames = try flick(["track", empty.path, "--region", "0,0,10,10", "--scale", "1"])
        #expect(noFrames.status == 2)
        #expect(noFrames.stderr == "error: \(empty.path) has no video stream\n")

        // 100,000 frames of 16×16 (raw, 25 MB): refused at 36,000, with flat memory.
        let long = folder.appendingPathComponent("long.nut")
        #expect(try Self.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=gray:s=16x16:r=1000", "-t", "100",
                                         "-c:v", "rawvideo", "-pix_fmt", "gray", long.path]).status == 0)
        let tooLong = try flick(["track", long.path, "--region", "0,0,16,16", "--scale", "1"])
        #expect(tooLong.status == 2)
        #expect(tooLong.stderr.contains("error: \(long.path): more than 36000 frames: flick track reads at most 36000"), "\(tooLong.stderr)")

        let outside = try flick(["track", long.path, "--region", "10,10,10,10", "--scale", "1"])
        #expect(outside.status == 2)
        #expect(outside.stderr == "error: \(long.path): --region 10,10,10,10 at 1x: the region 10,10,10,10 px is outside the 16×16 px frame\n")

        let noScale = try flick(["track", long.path, "--region", "0,0,4,4"])
        #expect(noScale.status == 2)
        #expect(noScale.stderr.contains("a 16×16 px recording is the size of no device preset (`flick devices`): give its pixels per point with --scale"))

        // ffmpeg missing: PATH without it.
        let noTool = try flick(["track", long.path, "--region", "0,0,4,4", "--scale", "1"], environment: ["PATH": folder.path])
        #expect(noTool.status == 2)
        #expect(noTool.stderr.hasPrefix("error: flick track reads videos through ffprobe, which is not in PATH: install it with `apt-get install ffmpeg`"), "\(noTool.stderr)")
    }

    /// --out writes the CSV whole (standard output stays empty), --plot the SVG trace; both are read back.
    @Test func outAndPlotWriteTheirFiles() throws {
        let folder = try scratchFolder("track-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try Self.render(folder, scale: 3)
        let csv = folder.appendingPathComponent("fling.csv"), svg = folder.appendingPathComponent("fling.svg")
        let run = try flick(["track", frames.path, "--fps", "60", "--scale", "3", "--region", "20,60,160,220",
                             "-o", csv.path, "--plot", svg.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let offsets = try Self.offsets(folder.appendingPathComponent("fling.yaml"))
        // PNG frames have no compression noise: within 0.2 pt (the renderer snaps the content to pixels).
        Self.expectTrack(try String(contentsOf: csv, encoding: .utf8), matches: offsets, within: 0.2, minimumSamples: 60)
        let plot = try String(contentsOf: svg, encoding: .utf8)
        #expect(plot.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(plot.contains("release 0.2 s"))
        #expect(run.stderr.contains("reference: {path: LIST.contentOffset.y, file: \(csv.path), release: 0.2}"))
    }
}
