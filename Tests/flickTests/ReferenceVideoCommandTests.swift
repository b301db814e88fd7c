import FlickImage
import Foundation
import Testing

/// A reference's screen recording beside Flick's frames on the review page (`reference: [{…, video: rec.mp4}]`;
/// docs/track.md, "Side by side"): the recording is a clip Flick rendered itself and ffmpeg encoded as a screen
/// recorder would (`TrackCommandTests`), so each of its frames is known.
@Suite(.serialized) struct ReferenceVideoCommandTests {
    /// A folder holding `fling.mp4` (the fling of `TrackCommandTests`, drawn at 1x: 200×360 px, 73 frames at 60 fps,
    /// H.264 yuv420p at crf 23) and `fling.csv`, its track (`flick track`).
    static func clipFolder(_ label: String) throws -> URL {
        let folder = try scratchFolder(label)
        let frames = try TrackCommandTests.render(folder, scale: 1)
        let video = folder.appendingPathComponent("fling.mp4")
        let encode = try TrackCommandTests.tool("ffmpeg", ["-v", "error", "-y", "-framerate", "60", "-i", frames.path + "/frame_%05d.png",
                                                           "-c:v", "libx264", "-crf", "23", "-pix_fmt", "yuv420p", video.path])
        #expect(encode.status == 0, "\(encode.stderr)")
        let track = try flick(["track", video.path, "--region", "20,60,160,220", "--scale", "1",
                               "-o", folder.appendingPathComponent("fling.csv").path])
        #expect(track.status == 0, "\(track.stderr)")
        return folder
    }

    /// The fling with a reference entry (`extra` after `file: fling.csv`), written as `name`.
    static func scenario(in folder: URL, name: String = "beside.yaml", extra: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try (TrackCommandTests.fling + "reference:\n  - {path: feed.contentOffset.y, file: fling.csv\(extra)}\n")
            .write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// The page data of `index.html` (the JSON in `flick-data`).
    static func pageData(_ page: URL) throws -> [String: Any] {
        let html = try String(contentsOf: page, encoding: .utf8)
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"flick-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = Data(html[start.upperBound..<end.lowerBound].utf8)
        return try #require(JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    /// The recording's frame shown at each frame of the run: [frame, time, file] or nil.
    static func shown(_ page: URL) throws -> [[Double]?] {
        let runs = try #require(pageData(page)["runs"] as? [[String: Any]])
        let reference = try #require(runs[0]["reference"] as? [String: Any])
        let frames = try #require(reference["frames"] as? [Any])
        return frames.map { ($0 as? [NSNumber])?.map(\.doubleValue) }
    }

    /// The mean difference of two PNG files' RGB channels, in levels (0…255).
    static func meanDifference(_ a: URL, _ b: URL) throws -> Double {
        let x = try Bitmap.readPNG(path: a.path), y = try Bitmap.readPNG(path: b.path)
        #expect(x.width == y.width && x.height == y.height)
        let p = x.rgbaBytes, q = y.rgbaBytes
        var sum = 0
        for i in stride(from: 0, to: p.count, by: 4) {
            sum += abs(Int(p[i]) - Int(q[i])) + abs(Int(p[i + 1]) - Int(q[i + 1])) + abs(Int(p[i + 2]) - Int(q[i + 2]))
        }
        return Double(sum) / Double(3 * x.width * x.height)
    }

    @Test func theReviewPageShowsTheRecordingsFrameAtEachFrameOfTheRun() throws {
        let folder = try Self.clipFolder("reference-video")
        defer { try? FileManager.default.removeItem(at: folder) }
        // flick track found the release at 0.2 s; the scenario's finger lifts at 0.2 s: the clocks agree.
        let scenario = try Self.scenario(in: folder, extra: ", video: fling.mp4, release: 0.2")
        let out = folder.appendingPathComponent("out")
        let run = try flick(["render", scenario.path, "--html", "--scale", "1", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let page = out.appendingPathComponent("beside/index.html")
        let shown = try Self.shown(page)
        #expect(shown.count == 73)
        // Frame i of the run shows frame i of the recording, at i / 60 s on its clock, each in its own file but
        // for the rests at the start and the end (a frame equal to the one before is that one's file).
        for (i, entry) in shown.enumerated() {
            let entry = try #require(entry, "frame \(i) shows nothing")
            #expect(entry[0] == Double(i))
            #expect(abs(entry[1] - Double(i) / 60) < 1e-6)
            #expect(entry[2] <= entry[0])
        }
        let files = contents(out.appendingPathComponent("beside/reference-frames"))
        #expect(files.count == Set(shown.compactMap { $0?[2] }).count)
        #expect(files.contains("frame_00030.png"))
        // What is shown is the recording's frame: within compression noise of Flick's own frame 30, far from frame 24's.
        let recorded = out.appendingPathComponent("beside/reference-frames/frame_00030.png")
        let same = try Self.meanDifference(recorded, out.appendingPathComponent("beside/frames/frame_00030.png"))
        let other = try Self.meanDifference(recorded, out.appendingPathComponent("beside/frames/frame_00024.png"))
        #expect(same < 2, "\(same)")
        #expect(other > 4 * same && other > 3, "\(other) vs \(same)")
        // The page names the recording and its key; run.json, which flick review reads back, does not carry it.
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<figure class=\"side reference\" id=\"reference\" title=\"reference[0].video: fling.mp4, on the scenario's clock\">"))
        #expect(html.contains("<figcaption><span class=\"badge\">R</span> Recording · fling.mp4</figcaption>"))
        #expect(!(try String(contentsOf: out.appendingPathComponent("beside/run.json"), encoding: .utf8)).contains("reference"))

        // The same input gives the same bytes: the page and every frame of the recording.
        let again = folder.appendingPathComponent("again")
        #expect(try flick(["render", scenario.path, "--html", "--scale", "1", "--out", again.path]).status == 0)
        for file in ["index.html"] + files.map({ "reference-frames/" + $0 }) {
            let a = try Data(contentsOf: out.appendingPathComponent("beside/" + file))
            let b = try Data(contentsOf: again.appendingPathComponent("beside/" + file))
            #expect(a == b, "\(file) differs between two renders")
        }
    }

    @Test func aTimeOffsetMovesTheRecordingOnTheRunsClock() throws {
        let folder = try Self.clipFolder("reference-video-offset")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The recording starts 0.1 s into the run: frames 0–5 have none of it, frame 6 shows its first frame; the
        // run ends before the recording does, so its last 6 frames are never decoded into files.
        let scenario = try Self.scenario(in: folder, extra: ", video: fling.mp4, timeOffset: 0.1")
        let out = folder.appendingPathComponent("out")
        let run = try flick(["render", scenario.path, "--html", "--scale", "1", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let shown = try Self.shown(out.appendingPathComponent("beside/index.html"))
        #expect(shown.prefix(6).allSatisfy { $0 == nil })
        for i in 6..<73 { #expect(shown[i]?[0] == Double(i - 6), "frame \(i)") }
        #expect(!contents(out.appendingPathComponent("beside/reference-frames")).contains("frame_00067.png"))
        // --frames draws part of the run: the recording is listed for those frames only.
        let part = folder.appendingPathComponent("part")
        #expect(try flick(["render", scenario.path, "--html", "--scale", "1", "--frames", "20..29", "--out", part.path]).status == 0)
        let partShown = try Self.shown(part.appendingPathComponent("beside/index.html"))
        #expect(partShown.map { $0?[0] } == (14...23).map { Double($0) })
    }

    @Test func withoutHTMLNoVideoIsRead() throws {
        let folder = try Self.clipFolder("reference-video-plain")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try Self.scenario(in: folder, extra: ", video: fling.mp4, release: 0.2")
        // No ffmpeg on PATH: a render without the page does not need it.
        let plain = try flick(["render", scenario.path, "--scale", "1", "--out", folder.appendingPathComponent("plain").path],
                              environment: ["PATH": folder.path])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!contents(folder.appendingPathComponent("plain/beside")).contains("reference-frames"))
        // With the page it does: exit 2, naming the key, and nothing written.
        let out = folder.appendingPathComponent("page")
        let page = try flick(["render", scenario.path, "--html", "--scale", "1", "--out", out.path], environment: ["PATH": folder.path])
        #expect(page.status == 2)
        #expect(page.stderr.contains("\(scenario.path): error: reference[0].video: the review page shows fling.mp4 beside the frames through ffmpeg and ffprobe, which are not on PATH; install it with `apt-get install ffmpeg`"), "\(page.stderr)")
        #expect(contents(out).filter { !$0.hasPrefix(".") }.isEmpty)
        // flick review's page does not show the recording: it renders the scenario without decoding it.
        let review = try flick(["review", scenario.path, folder.appendingPathComponent("fling.yaml").path, "--out",
                                folder.appendingPathComponent("review").path], environment: ["PATH": folder.path])
        #expect(review.status == 0, "\(review.stderr)")
        #expect(contents(folder.appendingPathComponent("review/a")).contains("frames"))
        #expect(!contents(folder.appendingPathComponent("review/a")).contains("reference-frames"))
    }

    @Test func badVideosAreClearErrors() throws {
        let folder = try scratchFolder("reference-video-errors")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "t,value\n0,0\n0.1,5\n".write(to: folder.appendingPathComponent("fling.csv"), atomically: true, encoding: .utf8)
        try "not a video\n".write(to: folder.appendingPathComponent("notes.mp4"), atomically: true, encoding: .utf8)
        let inner = folder.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try "t,value\n0,0\n0.1,5\n".write(to: inner.appendingPathComponent("fling.csv"), atomically: true, encoding: .utf8)

        // Read when the scenario is: outside the folder, missing, a folder; two videos.
        let outside = try Self.scenario(in: inner, name: "outside.yaml", extra: ", video: ../notes.mp4")
        let result = try flick(["validate", outside.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: reference[0].video: ../notes.mp4 is outside the scenario's folder"), "\(result.stderr)")
        let missing = try flick(["validate", try Self.scenario(in: folder, name: "missing.yaml", extra: ", video: nope.mp4").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("error: reference[0].video: nope.mp4: no such file"), "\(missing.stderr)")
        let folderVideo = try flick(["validate", try Self.scenario(in: folder, name: "folder.yaml", extra: ", video: inner").path])
        #expect(folderVideo.stderr.contains("error: reference[0].video: inner: is a directory, not a video"), "\(folderVideo.stderr)")
        let two = folder.appendingPathComponent("two.yaml")
        try (TrackCommandTests.fling + """
        reference:
          - {path: feed.contentOffset.y, file: fling.csv, video: notes.mp4}
          - {path: feed.contentOffset.y, file: fling.csv, video: notes.mp4}

        """).write(to: two, atomically: true, encoding: .utf8)
        let twoRun = try flick(["validate", two.path])
        #expect(twoRun.status == 2)
        #expect(twoRun.stderr.contains("error: reference[1].video: only one reference may have a video (the review page shows one recording beside the frames); reference[0].video has one"), "\(twoRun.stderr)")

        // Read by the page's render: not a video.
        let notVideo = try Self.scenario(in: folder, name: "text.yaml", extra: ", video: notes.mp4")
        #expect(try flick(["validate", notVideo.path]).status == 0)
        let render = try flick(["render", notVideo.path, "--html", "--scale", "1", "--out", folder.appendingPathComponent("out").path])
        #expect(render.status == 2)
        #expect(render.stderr.contains("error: reference[0].video: notes.mp4 is not a video ffmpeg can read: "), "\(render.stderr)")
    }
}
