import Foundation
import Testing

/// `flick render`'s review flags end to end: the files they write, --slow in states.json, and --video without ffmpeg.
@Suite("flick render --review, end to end")
struct ReviewCommandTests {
    /// Runs flick with `environment` replacing the process's (PATH without ffmpeg).
    static func flickWithEnvironment(_ arguments: [String], environment: [String: String]) throws -> Run {
        let process = Process()
        process.executableURL = flickURL
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    @Test func reviewWritesEveryOutputBesideTheFrames() throws {
        let out = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try flick(["render", "sheet-handoff", "--review", "--scale", "0.25", "--frames", "0..40", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("preview.apng, contact-sheet.png, motion.svg, motion.png, index.html, states.js, run.json"), "\(run.stdout)")
        let folder = out.appendingPathComponent("sheet-handoff")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == [".flick-output", "contact-sheet.png", "frames", "index.html", "motion.png", "motion.svg", "preview.apng",
                          "run.json", "states.js", "states.json"])
        let manifest = try String(contentsOf: folder.appendingPathComponent(".flick-output"), encoding: .utf8)
        for name in ["contact-sheet.png", "motion.png", "motion.svg", "preview.apng", "index.html", "states.js", "run.json"] {
            #expect(manifest.contains("\n\(name)\n"))
        }
        let apng = try Data(contentsOf: folder.appendingPathComponent("preview.apng"))
        #expect(apng.range(of: Data("acTL".utf8)) != nil)
        let svg = try String(contentsOf: folder.appendingPathComponent("motion.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") && svg.contains("<svg"))
        // A second render replaces the first, review outputs included.
        let again = try flick(["render", "sheet-handoff", "--contact-sheet", "--scale", "0.25", "--frames", "0..5", "--out", out.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == [".flick-output", "contact-sheet.png", "frames", "states.json"])
    }

    @Test func videoWithoutFFmpegExitsTwoAndWritesNothing() throws {
        let out = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let empty = out.appendingPathComponent("empty-path")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let run = try Self.flickWithEnvironment(["render", "sheet-handoff", "--review", "--video", "mp4", "--out", out.appendingPathComponent("o").path],
                                 environment: ["PATH": empty.path, "HOME": NSHomeDirectory()])
        #expect(run.status == 2)
        #expect(run.stderr.contains("ffmpeg") && run.stderr.contains("apt-get install ffmpeg"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("o").path), "nothing written")
    }

    @Test func slowMotionHasNTimesTheFramesAtTheSamePositions() throws {
        let out = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        func frames(_ extra: [String], _ folder: String) throws -> [[String: Any]] {
            let run = try flick(["render", "fling-to-rest", "--frames", "0..1", "--scale", "0.25",
                                 "--out", out.appendingPathComponent(folder).path] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            let data = try Data(contentsOf: out.appendingPathComponent(folder + "/fling-to-rest/states.json"))
            let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return try #require(document["frames"] as? [[String: Any]])
        }
        func offsetY(_ frame: [String: Any]) throws -> Double {
            let views = try #require(frame["scrollViews"] as? [String: Any])
            let list = try #require(views["list"] as? [String: Any])
            let offset = try #require(list["contentOffset"] as? [String: Any])
            return try #require(offset["y"] as? Double)
        }
        let normal = try frames([], "normal")
        let slow = try frames(["--slow", "4"], "slow")
        #expect(slow.count == 4 * (normal.count - 1) + 1)
        for k in stride(from: 0, to: normal.count, by: 5) {
            #expect(abs((slow[4 * k]["time"] as? Double ?? -1) - (normal[k]["time"] as? Double ?? -2)) < 1e-9)
            #expect(abs(try offsetY(slow[4 * k]) - offsetY(normal[k])) < 1e-6, "frame \(k)")
        }
    }

    @Test func badReviewOptionsExitTwo() throws {
        for (arguments, message) in [
            (["render", "fling-to-rest", "--slow", "1"], "--slow"),
            (["render", "fling-to-rest", "--slow", "21"], "--slow"),
            (["render", "fling-to-rest", "--contact-sheet-frames", "0"], "--contact-sheet-frames"),
        ] {
            let run = try flick(arguments)
            #expect(run.status == 2, "\(arguments): status \(run.status)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }
}
