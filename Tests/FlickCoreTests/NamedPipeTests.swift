import Foundation
import Testing
@testable import FlickCore

// Every file a scenario is read from or names (the scenario, a list's rows, a row's picture, a font, a reference
// recording, a touch recording) is read only when it is a regular file: a named pipe put in its place is refused
// at once, with the key path and the reason, instead of blocking in `open` until someone writes to it.

/// A named pipe at `path` that lets a reader waiting on it go after a few seconds (a writer opens it and closes
/// it at once, so the reader sees an empty file): a reader that blocks fails its test instead of hanging it.
final class NamedPipe: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var done = false

    init(_ path: String) throws {
        self.path = path
        guard mkfifo(path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        Thread { [self] in
            for _ in 0..<100 {
                Thread.sleep(forTimeInterval: 0.05)
                if finished { return }
            }
            // Only a reader blocked in open lets a non-blocking writer open; keep trying until the test ends.
            while !finished {
                let fd = open(path, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { close(fd) }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }.start()
    }

    private var finished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return done
    }

    func finish() {
        lock.lock()
        done = true
        lock.unlock()
    }
}

@Suite struct NamedPipeTests {
    static let viewport = "viewport: {width: 390, height: 844}\nduration: 1\n"

    @Test func aScenarioFileThatIsANamedPipe() throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        let pipe = try NamedPipe(folder.path("s.yaml"))
        defer { pipe.finish() }
        do {
            _ = try ScenarioDecoder.load(path: pipe.path)
            Issue.record("decoded without error")
        } catch {
            #expect(error.diagnostics == [ScenarioDiagnostic(file: pipe.path, path: "", message: "is a named pipe (FIFO), not a regular file")])
        }
    }

    @Test("A file the scenario names that is a named pipe", arguments: [
        // (the scenario's text after the viewport, the file that is a pipe, other files, key path, message after the name)
        ("scene:\n  list: {rows: {file: rows.csv}, rowHeight: 60}\n", "rows.csv", [String: String](), "scene.list.rows.file", "rows.csv is a named pipe (FIFO), not a regular file"),
        ("scene:\n  list: {rows: {file: rows.csv}, rowHeight: 60}\n", "pic.png", ["rows.csv": "title,thumbnail\nA,pic.png\n"], "scene.list.rows.file", "pic.png is a named pipe (FIFO), not a regular file"),
        ("font: {file: f.ttf}\nscene:\n  list: {rows: 5, rowHeight: 44}\n", "f.ttf", [:], "font.file", "f.ttf is a named pipe (FIFO), not a regular file"),
        ("scene:\n  list: {id: feed, rows: 50, rowHeight: 44}\nreference:\n  - {path: feed.contentOffset.y, file: r.csv}\n", "r.csv", [:], "reference[0].file", "r.csv: is a named pipe (FIFO), not a regular file"),
        ("scene:\n  list: {id: feed, rows: 50, rowHeight: 44}\ngestures:\n  - {at: 0.1, touches: {file: t.csv, format: csv}}\n", "t.csv", [:], "gestures[0].touches.file", "t.csv: is a named pipe (FIFO), not a regular file"),
    ])
    func aNamedFileThatIsANamedPipe(text: String, pipeName: String, files: [String: String], keyPath: String, message: String) throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        for (name, content) in files { try folder.write(name, content) }
        let pipe = try NamedPipe(folder.path(pipeName))
        defer { pipe.finish() }
        try folder.write("s.yaml", Self.viewport + text)
        do {
            _ = try ScenarioDecoder.load(path: folder.path("s.yaml"))
            Issue.record("decoded without error")
        } catch {
            let found = error.diagnostics.first
            #expect(found?.path == keyPath, "\(error.diagnostics)")
            #expect(found?.message.hasSuffix(message) == true, "\(error.diagnostics)")
        }
    }
}
