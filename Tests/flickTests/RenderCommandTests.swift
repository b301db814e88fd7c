import FlickImage
import Foundation
import Testing

/// `flick render` end to end: the real binary on the bundled examples, reading the files it writes.
@Suite("flick render, end to end")
struct RenderCommandTests {
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-render-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("Every bundled example renders its first frames at scale 1", arguments: exampleNames)
    func rendersExample(_ name: String) throws {
        let out = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try flick(["render", name, "--out", out.path, "--frames", "0..2", "--scale", "1", "--format", "both"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "no progress bar when stderr is not a terminal: \(run.stderr)")
        let folder = out.appendingPathComponent(name)
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames").path).sorted()
        #expect(frames == ["frame_00000.png", "frame_00000.svg", "frame_00001.png", "frame_00001.svg",
                           "frame_00002.png", "frame_00002.svg"])
        let states = try Data(contentsOf: folder.appendingPathComponent("states.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: states) as? [String: Any])
        #expect((document["viewport"] as? [String: Any])?["scale"] as? Double == 1, "the render's scale")
        let png = try Data(contentsOf: folder.appendingPathComponent("frames/frame_00000.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // The summary ends with what the folder weighs (issue 37, item 8: say the size).
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).map { folder.appendingPathComponent($0).path }
        let bytes = try files.reduce(0) { total, path in
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            return total + (attributes[.type] as? FileAttributeType == .typeRegular ? (attributes[.size] as? Int ?? 0) : 0)
        }
        let size = bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
        #expect(run.stdout.hasSuffix(" s, \(size)\n"), "\(run.stdout) (the folder holds \(bytes) bytes)")
    }

    @Test func statesJSONIsWhatFlickStatesPrints() throws {
        let out = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try flick(["render", "horizontal-carousel", "--out", out.path, "--frames", "0..0"])
        #expect(run.status == 0, "\(run.stderr)")
        let states = try String(contentsOf: out.appendingPathComponent("horizontal-carousel/states.json"), encoding: .utf8)
        #expect(states == (try flick(["states", "horizontal-carousel"])).stdout)
    }

    @Test func badInputExitsTwoWithAMessage() throws {
        let out = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        for (arguments, message) in [
            (["render", "no-such-scenario.yaml"], "no such file"),
            (["render", "fling-to-rest", "--scale", "0"], "--scale"),
            (["render", "fling-to-rest", "--fps", "1000"], "--fps"),
            (["render", "fling-to-rest", "--frames", "5000..6000", "--out", out.path], "after the last frame"),
            (["render", "fling-to-rest", "--scale", "16", "--out", out.path], "64 megapixels"),
            // 390×844 at scale 13 fits; the 600×844 vimeo-tabs resizes to does not.
            (["render", "vimeo-tabs", "--scale", "13", "--out", out.path], "600×844 pt at scale 13 is 85.582 megapixels; the limit is 64 megapixels"),
            (["render", "fling-to-rest", "--preview-scale", "0", "--preview"], "--preview-scale must be a number in (0, 16], not 0.0"),
            (["render", "fling-to-rest", "--single-file"], "--single-file makes the review page one self-contained file; give it with --html or --review"),
        ] {
            let run = try flick(arguments)
            #expect(run.status == 2, "\(arguments): status \(run.status)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    @Test func refusesToReplaceAFolderItDidNotWrite() throws {
        let out = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let mine = out.appendingPathComponent("fling-to-rest/keep.txt")
        try FileManager.default.createDirectory(at: mine.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: mine)
        let run = try flick(["render", "fling-to-rest", "--out", out.path, "--frames", "0..1", "--scale", "1"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("was not written by flick"), "\(run.stderr)")
        #expect(try String(contentsOf: mine, encoding: .utf8) == "mine")
    }

    @Test func benchPrintsEveryStage() throws {
        let run = try flick(["bench", "horizontal-carousel", "--samples", "3", "--jobs", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        for stage in ["simulate", "draw", "encode (libspng)", "write", "cairo PNG", "floor", "pipeline", "render / floor",
                      "peak memory"] {
            #expect(run.stdout.contains(stage), "no \(stage) line in:\n\(run.stdout)")
        }
        // Every deflate this build has gets its line: igzip (with libisal-dev: what render uses) and libdeflate (with
        // libdeflate-dev) besides libspng.
        for deflate in PNGEncoder.available {
            #expect(run.stdout.contains("encode (\(deflate))"), "\(run.stdout)")
        }
        let used = run.stdout.split(separator: "\n").first { $0.contains("encode (\(PNGEncoder.preferred))") }
        #expect(used?.contains("what render uses") == true, "\(run.stdout)")
        // igzip's line names the code ISA-L chose for this CPU.
        if let path = PNGEncoder.igzipCodePath, path != "ISA-L's choice" {
            let igzip = run.stdout.split(separator: "\n").first { $0.contains("encode (igzip)") }
            #expect(igzip?.contains("ISA-L's \(path) code, chosen by the CPU") == true, "\(run.stdout)")
        }
    }
}
