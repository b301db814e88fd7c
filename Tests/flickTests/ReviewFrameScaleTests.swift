import Foundation
import Testing

/// A folder with a review page (`flick render --html` or `--review`, the runs `flick review A B` renders) draws its
/// frames at 1 pixel per point unless `--scale` or `--device-scale` says otherwise, so that it can be carried in a
/// pull request (docs/review-page.md, "Sizes"); a plain render keeps the scenario's scale, and the physics is the
/// device's at every scale.
@Suite("review folders' frame scale")
struct ReviewFrameScaleTests {
    /// A 3x scenario small enough to draw every frame at once.
    static let tiny = """
    viewport: {width: 120, height: 160, scale: 3, safeArea: {top: 0, bottom: 0}}
    duration: 0.1
    scene:
      list: {rows: 12, rowHeight: 60}
    gestures:
      - at: 0
        drag: {from: [60, 140], to: [60, 40], duration: 0.05}

    """

    /// The width and height of a PNG file, from its IHDR chunk.
    static func pngSize(_ url: URL) throws -> [Int] {
        let bytes = [UInt8](try Data(contentsOf: url).prefix(24))
        try #require(bytes.count == 24 && bytes[12..<16].elementsEqual("IHDR".utf8), "\(url.path) is not a PNG")
        func int(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return [int(16), int(20)]
    }

    static func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func scenario(in folder: URL, named name: String = "tiny") throws -> String {
        let file = folder.appendingPathComponent(name + ".yaml")
        try tiny.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func aReviewFoldersFramesAreAt1xAndDeviceScaleRestoresTheScenariosScale() throws {
        let out = try scratchFolder("review-scale")
        defer { try? FileManager.default.removeItem(at: out) }
        let file = try Self.scenario(in: out)
        var documents: [String: [String: Any]] = [:]
        for (name, extra, size) in [("page", ["--html"], [120, 160]), ("review", ["--review"], [120, 160]),
                                    ("device", ["--review", "--device-scale"], [360, 480]), ("plain", [], [360, 480]),
                                    ("given", ["--html", "--scale", "2"], [240, 320])] {
            let run = try flick(["render", file, "--out", out.appendingPathComponent(name).path] + extra)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let folder = out.appendingPathComponent(name + "/tiny")
            #expect(try Self.pngSize(folder.appendingPathComponent("frames/frame_00000.png")) == size, "\(name)")
            let document = try Self.json(folder.appendingPathComponent("states.json"))
            let viewport = try #require(document["viewport"] as? [String: Any])
            #expect(viewport["scale"] as? Double == Double(size[0]) / 120, "\(name): \(viewport)")
            // The device's scale is said whenever the frames are drawn at another.
            #expect(viewport["deviceScale"] as? Double == (size[0] == 360 ? nil : 3), "\(name): \(viewport)")
            if extra.contains("--html") || extra.contains("--review") {
                let page = try Self.json(folder.appendingPathComponent("run.json"))
                #expect(page["scale"] as? Double == Double(size[0]) / 120, "\(name)")
                #expect(page["width"] as? Int == size[0], "\(name)")
            }
            documents[name] = document
        }
        // The physics is the device's at every scale: every frame's state is the same.
        let frames = try documents.mapValues { try JSONSerialization.data(withJSONObject: try #require($0["frames"]), options: [.sortedKeys]) }
        #expect(Set(frames.values).count == 1)
        #expect(try #require(documents["page"]?["frames"] as? [Any]).count == 7)
        // The preview of a 1x folder is the frames themselves, at the same scale.
        #expect(try Self.pngSize(out.appendingPathComponent("review/tiny/preview.apng")) == [120, 160])
    }

    @Test func deviceScaleWithScaleIsRefused() throws {
        let out = try scratchFolder("review-scale-both")
        defer { try? FileManager.default.removeItem(at: out) }
        let file = try Self.scenario(in: out)
        for command in [["render", file, "--html"], ["review", file, file]] {
            let run = try flick(command + ["--device-scale", "--scale", "2", "--out", out.appendingPathComponent("o").path])
            #expect(run.status == 2, "\(command[0])")
            #expect(run.stderr.contains("--device-scale") && run.stderr.contains("give one"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("o").path))
        }
    }

    @Test func aTwoRunReviewDrawsItsRunsAndDiffAt1xAndDeviceScaleAtTheScenariosScale() throws {
        let out = try scratchFolder("review-two-scale")
        defer { try? FileManager.default.removeItem(at: out) }
        let a = try Self.scenario(in: out, named: "a")
        let b = out.appendingPathComponent("b.yaml")
        // B's rows are taller: every frame differs, so the diff has images.
        try Self.tiny.replacingOccurrences(of: "rowHeight: 60", with: "rowHeight: 70").write(to: b, atomically: true, encoding: .utf8)
        for (name, extra, size) in [("small", [String](), [120, 160]), ("device", ["--device-scale"], [360, 480])] {
            let folder = out.appendingPathComponent(name)
            let run = try flick(["review", a, b.path, "--out", folder.path] + extra)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            for side in ["a", "b"] {
                #expect(try Self.pngSize(folder.appendingPathComponent(side + "/frames/frame_00000.png")) == size, "\(name) \(side)")
            }
            let diffs = contents(folder.appendingPathComponent("diff"))
            #expect(!diffs.isEmpty, "\(name): \(run.stdout)")
            for diff in diffs {
                #expect(try Self.pngSize(folder.appendingPathComponent("diff/" + diff)) == size, "\(name) \(diff)")
            }
        }
    }
}
