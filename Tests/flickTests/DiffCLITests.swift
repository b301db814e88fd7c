import FlickDiff
import Foundation
import Testing

/// A folder of test images, removed afterwards.
private final class Scratch {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-diff-cli-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String {
        let file = url.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return file.path
    }

    /// Writes a white `width × height` PNG with black pixels at `dots`.
    @discardableResult
    func png(_ name: String, width: Int = 40, height: Int = 30, dots: [(Int, Int)] = []) throws -> String {
        var image = Bitmap(width: width, height: height, color: .white)
        for (x, y) in dots { image[x, y] = .black }
        try image.writePNG(path: path(name))
        return path(name)
    }

    /// Writes an SVG of `width × height` points: white, with a black square.
    @discardableResult
    func svg(_ name: String, square x: Int) throws -> String {
        try """
        <svg xmlns="http://www.w3.org/2000/svg" width="40pt" height="30pt" viewBox="0 0 40 30">
        <rect width="40" height="30" fill="#fff"/><rect x="\(x)" y="10" width="10" height="10" fill="#000"/>
        </svg>
        """.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }
}

@Suite("flick diff, end to end")
struct DiffCLITests {
    @Test("Identical files exit 0; one differing pixel exits 1 with its count; a budget lets it pass")
    func files() throws {
        let scratch = try Scratch()
        let a = try scratch.png("a.png"), same = try scratch.png("same.png"), b = try scratch.png("b.png", dots: [(7, 9)])
        let identical = try flick(["diff", a, same])
        #expect(identical.status == 0, "\(identical.stderr)")
        #expect(identical.stdout.contains("1 frame compared: 1 identical"))
        let differ = try flick(["diff", a, b])
        #expect(differ.status == 1)
        let row = try #require(differ.stdout.split(separator: "\n").first { $0.hasPrefix(b) })
        #expect(row.split(separator: " ").map(String.init) == [b, "1", "0.0833%", "0", "beyond", "tolerance"])
        #expect(try flick(["diff", a, b, "--max-diff-pixels", "1"]).status == 0)
        #expect(try flick(["diff", a, b, "--max-diff-ratio", "0.1%"]).status == 0)
        #expect(try flick(["diff", a, b, "--max-diff-ratio", "0.0005"]).status == 1)
        #expect(try flick(["diff", a, b, "--threshold", "1"]).status == 0)
        #expect(differ.stderr.isEmpty)
    }

    @Test("Errors exit 2 and say what is wrong: sizes, a non-PNG file, a missing file, a file against a folder")
    func errors() throws {
        let scratch = try Scratch()
        let a = try scratch.png("a.png"), wide = try scratch.png("wide.png", width: 41)
        let mismatch = try flick(["diff", a, wide])
        #expect(mismatch.status == 2)
        #expect(mismatch.stderr.contains("size mismatch: expected 40×30 pixels, actual 41×30 pixels"))
        try "hello".write(toFile: scratch.path("text.png"), atomically: true, encoding: .utf8)
        let notPNG = try flick(["diff", a, scratch.path("text.png")])
        #expect(notPNG.status == 2)
        #expect(notPNG.stderr.contains("\(scratch.path("text.png")): not a PNG file"))
        let missing = try flick(["diff", a, scratch.path("nope.png")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("\(scratch.path("nope.png")): no such file or folder"))
        let mixed = try flick(["diff", a, scratch.url.path])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("is a folder but"))
        let badThreshold = try flick(["diff", a, a, "--threshold", "2"])
        #expect(badThreshold.status == 2 && badThreshold.stderr.contains("--threshold must be in 0...1"))
    }

    @Test("Every bad option exits 2 with a message naming the option", arguments: [
        (["--threshold", "2"], "--threshold"),
        (["--threshold", "abc"], "--threshold"),
        (["--alpha", "1.5"], "--alpha"),
        (["--alpha", "-0.1"], "--alpha"),
        (["--diff-color", "red"], "--diff-color"),
        (["--diff-color", "256,0,0"], "--diff-color"),
        (["--aa-color", "#12345"], "--aa-color"),
        (["--diff-color-alt", "1,2"], "--diff-color-alt"),
        (["--jobs", "0"], "--jobs"),
        (["--jobs", "x"], "--jobs"),
        (["--max-diff-pixels", "-1"], "--max-diff-pixels"),
        (["--max-diff-ratio", "2"], "--max-diff-ratio"),
        (["--max-diff-ratio", "150%"], "--max-diff-ratio"),
        (["--format", "xml"], "--format"),
        (["--scale", "0"], "--scale"),
        (["--scale", "nan"], "--scale"),
        (["--bogus"], "--bogus"),
        (["--out"], "--out"),
    ])
    func badOptions(_ row: ([String], String)) throws {
        let scratch = try Scratch()
        let a = try scratch.png("a.png")
        let run = try flick(["diff", a, a] + row.0)
        #expect(run.status == 2, "\(row.0): \(run.stderr)")
        #expect(run.stderr.contains(row.1), "\(row.0): \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test("A missing argument exits 2 too")
    func missingArgument() throws {
        let run = try flick(["diff", "a.png"])
        #expect(run.status == 2 && run.stderr.contains("Missing expected argument '<B>'"), "\(run.stderr)")
    }

    @Test("--format json: one object per frame and a summary")
    func json() throws {
        let scratch = try Scratch()
        for i in 0..<2 { try scratch.png("a/frame_0000\(i).png") }
        try scratch.png("b/frame_00000.png")
        try scratch.png("b/frame_00001.png", dots: [(3, 4), (10, 10)])
        let run = try flick(["diff", scratch.path("a"), scratch.path("b"), "--format", "json", "--max-diff-pixels", "1"])
        #expect(run.status == 1, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let frames = try #require(document["frames"] as? [[String: Any]])
        #expect(frames.map { $0["name"] as? String } == ["frame_00000.png", "frame_00001.png"])
        let differing = frames[1]
        #expect(differing["differing"] as? Int == 2 && differing["antiAliased"] as? Int == 0)
        #expect(differing["total"] as? Int == 1200 && differing["withinTolerance"] as? Bool == false)
        #expect(abs((differing["ratio"] as? Double ?? 0) - 2.0 / 1200) < 1e-12)
        #expect(frames[0]["identical"] as? Bool == true && frames[0]["withinTolerance"] as? Bool == true)
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["compared"] as? Int == 2 && summary["identical"] as? Int == 1)
        #expect(summary["beyondTolerance"] as? Int == 1 && summary["withinTolerance"] as? Bool == false)
        #expect(summary["maxDiffPixels"] as? Int == 1 && summary["threshold"] as? Double == 0.1)

        // Within tolerance: exit 0; a missing frame is listed and exits 2, with the document still printed.
        #expect(try flick(["diff", scratch.path("a"), scratch.path("b"), "--format", "json", "--max-diff-pixels", "2"]).status == 0)
        try scratch.png("a/frame_00002.png")
        let missing = try flick(["diff", scratch.path("a"), scratch.path("b"), "--format", "json"])
        #expect(missing.status == 2)
        let withMissing = try #require(try JSONSerialization.jsonObject(with: Data(missing.stdout.utf8)) as? [String: Any])
        #expect((withMissing["summary"] as? [String: Any])?["missing"] as? [String] == ["frame_00002.png"])
    }

    @Test("pixelmatch's options on the command line give pixelmatch's own counts and diff images", arguments: [
        (["--threshold", "0.05", "--alpha", "0.5", "--aa-color", "0,192,0", "--diff-color", "#ff00ff"], "2a", "2b", "2diff", 12437),
        (["--threshold", "0.05", "--diff-mask"], "1a", "1b", "1diffmask", 143),
        (["--diff-color-alt", "00ff00"], "7a", "7b", "7diff", 2448),
        (["--threshold", "0.05"], "5a", "5b", "5diff", 6),
    ])
    func pixelmatchOptions(_ row: ([String], String, String, String, Int)) throws {
        let scratch = try Scratch()
        let fixtures = packageRoot.appendingPathComponent("Tests/FlickDiffTests/Fixtures/pixelmatch").path
        let out = scratch.path("diffs")
        let run = try flick(["diff", "\(fixtures)/\(row.1).png", "\(fixtures)/\(row.2).png", "--out", out, "--format", "json"] + row.0)
        #expect(run.status == 1, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((document["frames"] as? [[String: Any]])?.first?["differing"] as? Int == row.4)
        let drawn = try Bitmap.readPNG(path: "\(out)/\(row.2).diff.png")
        #expect(drawn == (try Bitmap.readPNG(path: "\(fixtures)/\(row.3).png")), "\(row.3)")
    }

    @Test("Over white (--no-checkerboard) pixelmatch's translucent fixtures do not differ, as before its version 7")
    func noCheckerboard() throws {
        let fixtures = packageRoot.appendingPathComponent("Tests/FlickDiffTests/Fixtures/pixelmatch").path
        let run = try flick(["diff", "\(fixtures)/5a.png", "\(fixtures)/5b.png", "--threshold", "0.05", "--no-checkerboard"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    @Test("Folders of byte-identical frames are equal without decoding them")
    func identicalBytes() throws {
        let scratch = try Scratch()
        // A PNG header and bytes that do not decode: only a comparison that never decodes can pass.
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        header += Array("IHDR".utf8) + [0, 0, 0, 40, 0, 0, 0, 30, 8, 6, 0, 0, 0, 0, 0, 0, 0] + Array(repeating: 9, count: 50)
        for folder in ["a", "b"] {
            for i in 0..<5 { try Data(header).write(to: URL(fileURLWithPath: scratch.path("\(folder)/frame_0000\(i).png"))) }
        }
        let run = try flick(["diff", scratch.path("a"), scratch.path("b")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("5 frames compared: 5 identical"))
    }

    @Test("Images over the pixel limit exit 2 with their size, before anything is decoded")
    func pixelLimit() throws {
        let scratch = try Scratch()
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000"><rect width="1" height="1"/></svg>"#
        try svg.write(toFile: scratch.path("big.svg"), atomically: true, encoding: .utf8)
        try svg.write(toFile: scratch.path("other.svg"), atomically: true, encoding: .utf8)
        let run = try flick(["diff", scratch.path("big.svg"), scratch.path("other.svg")])
        #expect(run.status == 2)
        #expect(run.stderr.contains("big.svg: 30000×30000 pixels is 900 megapixels; the limit is 64 megapixels"), "\(run.stderr)")

        // Two 20000×20000 PNGs (headers only: the limit is checked before any pixel data is read).
        func header(_ last: UInt8) -> [UInt8] {
            let ihdr = Array("IHDR".utf8) + [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0]
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in ihdr {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            crc ^= 0xFFFF_FFFF
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + ihdr
                + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) } + [last]
        }
        try Data(header(1)).write(to: URL(fileURLWithPath: scratch.path("a.png")))
        try Data(header(2)).write(to: URL(fileURLWithPath: scratch.path("b.png")))
        let pngs = try flick(["diff", scratch.path("a.png"), scratch.path("b.png")])
        #expect(pngs.status == 2)
        #expect(pngs.stderr.contains("a.png: 20000×20000 pixels is 400 megapixels; the limit is 64 megapixels"), "\(pngs.stderr)")
    }

    @Test("--jobs is capped at 4 per core, and never more than the frames")
    func jobs() throws {
        let scratch = try Scratch()
        for i in 0..<20 {
            let name = String(format: "frame_%05d.png", i)
            try scratch.png("a/" + name)
            try scratch.png("b/" + name, dots: [(i, 0)])
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let many = try flick(["diff", scratch.path("a"), scratch.path("b"), "--jobs", "1000", "--timings"])
        #expect(many.status == 1)
        #expect(many.stderr.contains("comparing 20 frames on \(min(4 * cores, 20)) thread"), "\(many.stderr)")
        let two = try flick(["diff", scratch.path("a"), scratch.path("b"), "--jobs", "2", "--timings"])
        #expect(two.stderr.contains("comparing 20 frames on 2 threads"))
    }

    @Test("--out on images too wide for three side by side stacks them, and counts only the files written")
    func wideImages() throws {
        let scratch = try Scratch()
        let a = try scratch.png("a.png", width: 11000, height: 4)
        let b = try scratch.png("b.png", width: 11000, height: 4, dots: [(10999, 3)])
        let out = scratch.path("diffs")
        let run = try flick(["diff", a, b, "--out", out])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("diff images: \(out) (2 files)"), "\(run.stdout)")
        let strip = try Bitmap.readPNG(path: out + "/b.sidebyside.png")
        #expect(strip.width == 11000 && strip.height == 3 * 4 + 2 * DiffImages.gap)
        #expect(strip[10999, 3] == .white && strip[10999, 4 + DiffImages.gap + 3] == .black)
        #expect(strip[10999, 2 * (4 + DiffImages.gap) + 3] == .red)
    }

    @Test("Folders: frames matched by name; a missing and an extra frame are errors named, differing frames tabled")
    func folders() throws {
        let scratch = try Scratch()
        for i in 0..<3 { try scratch.png("a/frame_0000\(i).png") }
        try scratch.png("b/frame_00000.png")
        try scratch.png("b/frame_00001.png", dots: [(1, 1), (20, 20)])
        try scratch.png("b/frame_00003.png")
        let run = try flick(["diff", scratch.path("a"), scratch.path("b")])
        #expect(run.status == 2)
        #expect(run.stderr.contains("frame_00002.png: missing"))
        #expect(run.stderr.contains("frame_00003.png: extra"))
        #expect(run.stdout.contains("frame_00001.png          2"))
        #expect(!run.stdout.contains("frame_00000.png"))
        #expect(run.stdout.contains("2 frames compared: 1 identical, 1 with differing pixels (1 beyond tolerance)"))

        try FileManager.default.removeItem(atPath: scratch.path("b/frame_00003.png"))
        try scratch.png("b/frame_00002.png")
        #expect(try flick(["diff", scratch.path("a"), scratch.path("b")]).status == 1)
        #expect(try flick(["diff", scratch.path("a"), scratch.path("b"), "--max-diff-pixels", "2", "--jobs", "1"]).status == 0)
    }

    @Test("--out writes diff images of differing frames into a new folder, replaces its own on a rerun, and refuses a folder it did not write")
    func out() throws {
        let scratch = try Scratch()
        for i in 0..<2 { try scratch.png("a/frame_0000\(i).png") }
        try scratch.png("b/frame_00000.png")
        try scratch.png("b/frame_00001.png", dots: [(3, 4)])
        let out = scratch.path("report/diffs")
        let run = try flick(["diff", scratch.path("a"), scratch.path("b"), "--out", out])
        #expect(run.status == 1)
        #expect(run.stdout.contains("diff images: \(out) (2 files)"), "\(run.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted()
            == [".flick-output", "frame_00001.diff.png", "frame_00001.sidebyside.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("report")) == ["diffs"], "no staging folder is left")
        let diff = try Bitmap.readPNG(path: out + "/frame_00001.diff.png")
        #expect(diff[3, 4] == .red && diff[0, 0] == .white)
        #expect(try Bitmap.readPNG(path: out + "/frame_00001.sidebyside.png").width == 3 * 40 + 2 * DiffImages.gap)

        // A rerun after the frame was fixed replaces the folder: the stale images it wrote are gone.
        try scratch.png("b/frame_00001.png")
        let rerun = try flick(["diff", scratch.path("a"), scratch.path("b"), "--out", out])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [".flick-output"])

        // A file flick did not write makes it refuse, before any comparison, and nothing changes.
        try "mine".write(toFile: out + "/notes.txt", atomically: true, encoding: .utf8)
        try scratch.png("b/frame_00001.png", dots: [(3, 4)])
        let notes = try flick(["diff", scratch.path("a"), scratch.path("b"), "--out", out])
        #expect(notes.status == 2)
        #expect(notes.stderr.contains("holds files flick did not write (notes.txt)"), "\(notes.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [".flick-output", "notes.txt"])

        // A folder flick did not write is refused, and nothing in it changes.
        let refused = try flick(["diff", scratch.path("a"), scratch.path("b"), "--out", scratch.path("a")])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("was not written by flick"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("a")).sorted() == ["frame_00000.png", "frame_00001.png"])
    }

    @Test("A rerun removes the staging folder a killed run left beside --out, and no running process's")
    func leftoverPartial() throws {
        let scratch = try Scratch()
        let a = try scratch.png("a.png"), b = try scratch.png("b.png", dots: [(1, 1)])
        let out = scratch.path("diffs")
        #expect(try flick(["diff", a, b, "--out", out]).status == 1)
        // A process that no longer runs (no PID is this large) was writing diffs; a live one (this test) too.
        let dead = scratch.path(".diffs.flick-2147483000-17.partial"), live = scratch.path(".diffs.flick-\(getpid())-18.partial")
        for folder in [dead, live] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "half".write(toFile: folder + "/b.diff.png", atomically: false, encoding: .utf8)
        }
        #expect(try flick(["diff", a, b, "--out", out]).status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
            == [".diffs.flick-\(getpid())-18.partial", "a.png", "b.png", "diffs"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [".flick-output", "b.diff.png", "b.sidebyside.png"])
    }

    @Test("Two SVG files are rasterised at --scale and compared")
    func svg() throws {
        let scratch = try Scratch()
        let a = try scratch.svg("a.svg", square: 10), same = try scratch.svg("same.svg", square: 10), moved = try scratch.svg("moved.svg", square: 12)
        #expect(try flick(["diff", a, same, "--scale", "3"]).status == 0)
        let run = try flick(["diff", a, moved, "--scale", "2"])
        #expect(run.status == 1)
        // Moved by 2 points: at 2x, 4 columns of 20 pixels leave on the left and 4 arrive on the right.
        let row = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix(moved) })
        #expect(row.split(separator: " ")[1] == "160", "\(run.stdout)")
        let png = try scratch.png("a.png")
        #expect(try flick(["diff", png, a]).status == 1)
    }

    @Test("diff --help explains the options, the method and the exit status")
    func help() throws {
        let run = try flick(["diff", "--help"])
        #expect(run.status == 0)
        for text in ["--threshold", "--max-diff-pixels", "--max-diff-ratio", "--out", "--include-aa", "--scale",
                     "YIQ", "anti-aliasing", "missing", "extra", "Exit status: 0 within tolerance, 1 beyond it, 2 on error"] {
            #expect(run.stdout.contains(text), "help lacks \(text)")
        }
        #expect(try flick(["--help"]).stdout.contains("diff"))
    }
}
