import FlickDiff
import Foundation
import Testing

/// How flick writes files, end to end: staged and renamed into place, never through a symbolic link, nothing
/// left behind by a failure, a signal or a killed process, and nothing of the user's replaced or deleted.
@Suite("Safe output, end to end")
struct SafeOutputTests {
    // MARK: render's folders

    @Test("A destination that is a symbolic link is refused, and the folder it points to is untouched")
    func symlinkedDestination() throws {
        let dir = try scratchFolder("symlink")
        defer { try? FileManager.default.removeItem(at: dir) }
        let keep = dir.appendingPathComponent("keep"), out = dir.appendingPathComponent("out")
        #expect(try flick(["render", "rubber-band-pull", "--out", keep.path, "--frames", "0..1", "--scale", "1"]).status == 0)
        let kept = keep.appendingPathComponent("rubber-band-pull")
        let before = try Data(contentsOf: kept.appendingPathComponent("states.json"))
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("rubber-band-pull").path,
                                                   withDestinationPath: "../keep/rubber-band-pull")
        let run = try flick(["render", "rubber-band-pull", "--out", out.path, "--frames", "0..1", "--scale", "1"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("rubber-band-pull is a symbolic link; flick never writes or deletes through a link"), "\(run.stderr)")
        #expect(contents(kept) == [".flick-output", "frames", "states.json"])
        #expect(contents(kept.appendingPathComponent("frames")) == ["frame_00000.png", "frame_00001.png"])
        #expect(try Data(contentsOf: kept.appendingPathComponent("states.json")) == before)
        #expect(contents(out) == ["rubber-band-pull"], "the link stays, nothing is staged beside it")

        // A link inside a previous output (its frames folder) makes it refuse too: what the link points to stays.
        let own = out.appendingPathComponent("own")
        #expect(try flick(["render", "rubber-band-pull", "--out", own.path, "--frames", "0..0", "--scale", "1"]).status == 0)
        let frames = own.appendingPathComponent("rubber-band-pull/frames")
        let precious = dir.appendingPathComponent("precious")
        try FileManager.default.createDirectory(at: precious, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: precious.appendingPathComponent("frame_00000.png"))
        try FileManager.default.removeItem(at: frames)
        try FileManager.default.createSymbolicLink(atPath: frames.path, withDestinationPath: precious.path)
        let linked = try flick(["render", "rubber-band-pull", "--out", own.path, "--frames", "0..0", "--scale", "1"])
        #expect(linked.status == 2)
        #expect(linked.stderr.contains("holds files flick did not write (frames)"), "\(linked.stderr)")
        #expect(try Data(contentsOf: precious.appendingPathComponent("frame_00000.png")) == Data("mine".utf8))
    }

    @Test("A render that fails leaves nothing behind: no staging folder, none of the folders --out would create")
    func failedRenderLeavesNothing() throws {
        let dir = try scratchFolder("failed-render"), source = try scratchFolder("failed-render-source")
        defer { try? FileManager.default.removeItem(at: dir); try? FileManager.default.removeItem(at: source) }
        // A tab icon that is not SVG, and a scale too small for one pixel: both fail the render.
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples").standardizedFileURL
        try FileManager.default.copyItem(at: examples.appendingPathComponent("icons"),
                                         to: source.appendingPathComponent("icons"))
        try FileManager.default.copyItem(at: examples.appendingPathComponent("vimeo-tabs.yaml"),
                                         to: source.appendingPathComponent("tabs.yaml"))
        try Data("<svg garbage".utf8).write(to: source.appendingPathComponent("icons/comments.svg"))
        let run = try flick(["render", source.appendingPathComponent("tabs.yaml").path,
                             "--out", dir.appendingPathComponent("new/deeper").path, "--frames", "0..1"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("icons/comments.svg: librsvg: cannot read SVG"), "\(run.stderr)")
        #expect(contents(dir) == [])
        let tiny = try flick(["render", "rubber-band-pull", "--out", dir.appendingPathComponent("new/deeper").path,
                              "--frames", "0..1", "--scale", "0.001"])
        #expect(tiny.status == 2)
        #expect(tiny.stderr.contains("makes images of 0×1 pixels; each side must be from 1 to 32767 pixels"), "\(tiny.stderr)")
        #expect(contents(dir) == [])
    }

    @Test("--out naming a path through a file, or nothing, says so")
    func badOutFolder() throws {
        let dir = try scratchFolder("bad-out")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("afile")
        try Data("x".utf8).write(to: file)
        let run = try flick(["render", "rubber-band-pull", "--out", file.path + "/sub", "--frames", "0..0", "--scale", "1"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("cannot create the folder \(file.path)/sub: \(file.path) is a file, not a folder"), "\(run.stderr)")
        let empty = try flick(["render", "rubber-band-pull", "--out", ""], in: dir)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("--out is empty"), "\(empty.stderr)")
        #expect(contents(dir) == ["afile"])
    }

    @Test("A render killed with SIGKILL leaves its staging folder; the next render into the folder removes it")
    func killedRenderIsCleanedUpNextTime() throws {
        let dir = try scratchFolder("killed")
        defer { try? FileManager.default.removeItem(at: dir) }
        let long = dir.appendingPathComponent("long/sample.yaml"), short = dir.appendingPathComponent("short/sample.yaml")
        try FileManager.default.createDirectory(at: long.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: short.deletingLastPathComponent(), withIntermediateDirectories: true)
        try writeLongScenario(to: long)
        try writeLongScenario(to: short, frames: 240)
        let out = dir.appendingPathComponent("out")
        let render = try RunningFlick(["render", long.path, "--out", out.path, "--jobs", "1"])
        #expect(eventually { !names(in: out, startingWith: ".sample.flick-\(render.pid)-").isEmpty })
        render.signal(SIGKILL)
        _ = try render.wait()
        #expect(names(in: out, startingWith: ".sample.flick-").count == 1, "SIGKILL cannot be cleaned up after")

        // Another process's staging folder that is still running is left alone.
        let alive = out.appendingPathComponent(".sample.flick-1-0.partial")
        try FileManager.default.createDirectory(at: alive, withIntermediateDirectories: true)
        let rerun = try flick(["render", short.path, "--out", out.path])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(contents(out) == [".sample.flick-1-0.partial", "sample"])
    }

    @Test("SIGINT, SIGTERM, SIGHUP and SIGQUIT stop a render alike: exit 128 + N, nothing left, no backtrace",
          arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
    func signalStopsRender(_ number: Int32) throws {
        let dir = try scratchFolder("signal-render")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenario = dir.appendingPathComponent("sample.yaml")
        try writeLongScenario(to: scenario)
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let render = try RunningFlick(["render", scenario.path, "--out", out.path, "--jobs", "2"])
        #expect(eventually { !names(in: out, startingWith: ".sample.flick-").isEmpty })
        render.signal(number)
        let run = try render.wait()
        #expect(run.status == 128 + number, "\(run.stderr)")
        #expect(run.stderr.contains("interrupted; the partial output was removed"), "\(run.stderr)")
        #expect(!run.stderr.contains("Backtrace") && !run.stderr.contains("Crash"), "\(run.stderr)")
        #expect(contents(out) == [])
    }

    @Test("An old render that cannot be deleted is moved aside with a warning")
    func undeletableOldRenderWarns() throws {
        let dir = try scratchFolder("undeletable")
        defer {
            _ = try? runTool("/usr/bin/chattr", ["-R", "-i", dir.path])
            _ = try? runTool("/bin/chmod", ["-R", "u+w", dir.path])
            try? FileManager.default.removeItem(at: dir)
        }
        let out = dir.appendingPathComponent("out")
        #expect(try flick(["render", "rubber-band-pull", "--out", out.path, "--frames", "0..1", "--scale", "1"]).status == 0)
        let frames = out.appendingPathComponent("rubber-band-pull/frames")
        // Root may delete anything not immutable; anyone else cannot delete from a read-only folder.
        let locked = getuid() == 0
            ? try runTool("/usr/bin/chattr", ["+i", frames.appendingPathComponent("frame_00000.png").path])
            : try runTool("/bin/chmod", ["a-w", frames.path])
        try #require(locked, "cannot make a file undeletable here")
        let run = try flick(["render", "rubber-band-pull", "--out", out.path, "--frames", "0..0", "--scale", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: the previous \(out.path)/rubber-band-pull was moved to \(out.path)/.rubber-band-pull.replaced-"),
                "\(run.stderr)")
        #expect(run.stderr.contains("could not be removed completely"), "\(run.stderr)")
        #expect(contents(out.appendingPathComponent("rubber-band-pull/frames")) == ["frame_00000.png"])
    }

    // MARK: states -o

    @Test("states -o writes devices and named pipes directly, follows links, keeps the mode, and - is standard output")
    func statesOutputTargets() throws {
        let dir = try scratchFolder("states-o")
        defer { try? FileManager.default.removeItem(at: dir) }
        let document = try flick(["states", "rubber-band-pull"]).stdout
        #expect(document.count > 10_000)

        // A device stays a device.
        #expect(try flick(["states", "rubber-band-pull", "-o", "/dev/null"]).status == 0)
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)

        // A named pipe is written into, and stays a pipe.
        let fifo = dir.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let received = ReadAll(path: fifo.path)
        let piped = try flick(["states", "rubber-band-pull", "-o", fifo.path])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(received.wait() == document)
        #expect(lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)

        // A link is followed: the file it points to is replaced, keeping its mode; the link stays a link.
        let target = dir.appendingPathComponent("target.json"), link = dir.appendingPathComponent("link.json")
        try Data("{}".utf8).write(to: target)
        #expect(chmod(target.path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "target.json")
        #expect(try flick(["states", "rubber-band-pull", "-o", link.path]).status == 0)
        #expect(try String(contentsOf: target, encoding: .utf8) == document)
        #expect(lstat(link.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
        #expect(stat(target.path, &status) == 0 && status.st_mode & 0o777 == 0o600)

        // A link to nothing yet creates the file it names.
        let dangling = dir.appendingPathComponent("dangling.json")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "made.json")
        #expect(try flick(["states", "rubber-band-pull", "-o", dangling.path]).status == 0)
        #expect(try String(contentsOf: dir.appendingPathComponent("made.json"), encoding: .utf8) == document)

        // - is standard output, not a file named "-".
        let dash = try flick(["states", "rubber-band-pull", "-o", "-"], in: dir)
        #expect(dash.status == 0 && dash.stdout == document)
        #expect(contents(dir) == ["dangling.json", "fifo", "link.json", "made.json", "target.json"])

        // A full device, a folder and a missing folder are errors that name the file.
        let full = try flick(["states", "rubber-band-pull", "-o", "/dev/full"])
        #expect(full.status == 2 && full.stderr.contains("cannot write /dev/full: No space left on device"), "\(full.stderr)")
        let folder = try flick(["states", "rubber-band-pull", "-o", dir.path])
        #expect(folder.status == 2 && folder.stderr.contains("cannot write \(dir.path): it is a folder"), "\(folder.stderr)")
        #expect(contents(dir) == ["dangling.json", "fifo", "link.json", "made.json", "target.json"])
    }

    @Test("A signal during states -o leaves the old file as it was and no partial file",
          arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalStopsStatesOutput(_ number: Int32) throws {
        let dir = try scratchFolder("signal-states")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenario = dir.appendingPathComponent("long.yaml"), out = dir.appendingPathComponent("s.json")
        try writeLongScenario(to: scenario)
        try Data("old".utf8).write(to: out)
        let states = try RunningFlick(["states", scenario.path, "-o", out.path])
        #expect(eventually { !names(in: dir, startingWith: ".s.json.flick-").isEmpty })
        states.signal(number)
        let run = try states.wait()
        #expect(run.status == 128 + number, "\(run.stderr)")
        #expect(run.stderr.contains("interrupted"), "\(run.stderr)")
        #expect(contents(dir) == ["long.yaml", "s.json"])
        #expect(try Data(contentsOf: out) == Data("old".utf8))
    }

    // MARK: diff --out and bench

    @Test("Ctrl-C during diff --out leaves no diff folder and no staging folder")
    func signalStopsDiffOutput() throws {
        let dir = try scratchFolder("signal-diff")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Large frames, so that comparing them takes a while.
        var a = Bitmap(width: 3000, height: 3000, color: .white)
        try a.writePNG(path: dir.appendingPathComponent("a.png").path)
        for x in 0..<3000 { a[x, x] = .black }
        try a.writePNG(path: dir.appendingPathComponent("b.png").path)
        let out = dir.appendingPathComponent("diffs")
        let diff = try RunningFlick(["diff", dir.appendingPathComponent("a.png").path, dir.appendingPathComponent("b.png").path,
                                     "--out", out.path])
        #expect(eventually { !names(in: dir, startingWith: ".diffs.flick-").isEmpty })
        diff.signal(SIGINT)
        let run = try diff.wait()
        #expect(run.status == 130, "\(run.stderr)")
        #expect(!run.stdout.contains("diff images"), "\(run.stdout)")
        #expect(contents(dir) == ["a.png", "b.png"])
    }

    /// Issue 24, item 9: `review` once set a flag on SIGINT and SIGTERM that nothing read. The signals are held and
    /// asked for between steps, as a render's are.
    @Test("SIGINT and SIGTERM stop a review alike: exit 128 + N, no review folder, no staging folder", arguments: [SIGINT, SIGTERM])
    func signalStopsReview(_ number: Int32) throws {
        let dir = try scratchFolder("signal-review")
        defer { try? FileManager.default.removeItem(at: dir) }
        try writeLongScenario(to: dir.appendingPathComponent("a.yaml"))
        try writeLongScenario(to: dir.appendingPathComponent("b.yaml"))
        let review = try RunningFlick(["review", "a.yaml", "b.yaml", "--out", "review"], in: dir)
        #expect(eventually { !names(in: dir, startingWith: ".review.flick-").isEmpty })
        review.signal(number)
        let run = try review.wait()
        #expect(run.status == 128 + number, "\(run.stderr)")
        #expect(!run.stderr.contains("Backtrace") && !run.stderr.contains("Crash"), "\(run.stderr)")
        #expect(contents(dir) == ["a.yaml", "b.yaml"])
    }

    @Test("An interrupted bench removes its temporary folder; one a killed bench left is removed by the next")
    func benchCleansUp() throws {
        let tmp = try scratchFolder("bench-tmp")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let bench = try RunningFlick(["bench", "fling-to-rest", "--samples", "240", "--jobs", "1"],
                                     environment: ["TMPDIR": tmp.path])
        #expect(eventually { contents(tmp) == ["flick-bench-\(bench.pid)"] })
        bench.signal(SIGINT)
        let run = try bench.wait()
        #expect(run.status == 130, "\(run.stderr)")
        #expect(contents(tmp) == [])

        let leftover = tmp.appendingPathComponent("flick-bench-\(try deadProcessID())")
        try FileManager.default.createDirectory(at: leftover.appendingPathComponent("sample"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: leftover.appendingPathComponent("sample/frame.png"))
        let next = try flick(["bench", "horizontal-carousel", "--samples", "1", "--jobs", "1"], environment: ["TMPDIR": tmp.path])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(contents(tmp) == [])
    }

    @Test("A write that fails (a full disk, here a file-size limit) leaves nothing and reports nothing written")
    func failedWrites() throws {
        let dir = try scratchFolder("full-disk")
        defer { try? FileManager.default.removeItem(at: dir) }
        var a = Bitmap(width: 300, height: 300, color: .white)
        try a.writePNG(path: dir.appendingPathComponent("a.png").path)
        for x in 0..<300 { a[x, x] = .black }
        try a.writePNG(path: dir.appendingPathComponent("b.png").path)
        try Data("old".utf8).write(to: dir.appendingPathComponent("s.json"))
        /// flick with files limited to a few kilobytes; SIGXFSZ ignored, so a write past the limit fails (EFBIG).
        func limited(_ arguments: [String]) throws -> Run {
            try RunningFlick(["-c", "trap '' XFSZ; ulimit -f 4; exec \"$0\" \"$@\"", flickURL.path] + arguments,
                             in: dir, executable: URL(fileURLWithPath: "/bin/sh")).wait()
        }
        let diff = try limited(["diff", "a.png", "b.png", "--out", "diffs"])
        #expect(diff.status == 2)
        // Which diff image is the first past the limit depends on how small the deflate packs it (b.diff.png with
        // libspng, b.sidebyside.png with libdeflate); the one that failed is named.
        #expect(["b.diff.png", "b.sidebyside.png"].contains { diff.stderr.contains("\(dir.path)/diffs/\($0): cannot write: File too large") },
                "\(diff.stderr)")
        #expect(diff.stderr.contains("no diff images were written"), "\(diff.stderr)")
        #expect(!diff.stdout.contains("diff images:"), "\(diff.stdout)")
        let states = try limited(["states", "sheet-handoff", "-o", "s.json"])
        #expect(states.status == 2)
        #expect(states.stderr.contains("cannot write s.json: File too large"), "\(states.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("s.json")) == Data("old".utf8))
        let render = try limited(["render", "sheet-handoff", "--out", "out", "--frames", "0..1"])
        #expect(render.status == 2)
        #expect(render.stderr.contains("\(dir.path)/out/sheet-handoff/"), "\(render.stderr)")
        #expect(render.stderr.contains("File too large"), "\(render.stderr)")
        #expect(contents(dir) == ["a.png", "b.png", "s.json"])
    }

    // MARK: standard output

    @Test("Output that cannot be written to standard output (a full disk) fails with exit 2")
    func fullStandardOutput() throws {
        for arguments in [["states", "rubber-band-pull"], ["examples"], ["validate", "fling-to-rest"]] {
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            let run = try RunningFlick(arguments, standardOutput: full).wait()
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("cannot write standard output: No space left on device"), "\(arguments): \(run.stderr)")
        }
    }
}

/// Reads a named pipe to its end on another thread (opening it blocks until a writer comes).
final class ReadAll: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(path: String) {
        Thread {
            if let handle = FileHandle(forReadingAtPath: path) {
                self.data = handle.readDataToEndOfFile()
            }
            self.done.signal()
        }.start()
    }

    func wait() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}

/// Runs a system tool; true when it succeeded.
@discardableResult
func runTool(_ path: String, _ arguments: [String]) throws -> Bool {
    guard FileManager.default.isExecutableFile(atPath: path) else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
}
