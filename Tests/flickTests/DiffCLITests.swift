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
        #expect(badThreshold.status != 0 && badThreshold.stderr.contains("--threshold must be in 0...1"))
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
