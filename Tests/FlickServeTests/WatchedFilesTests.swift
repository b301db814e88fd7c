import FlickCore
import Foundation
import Testing
@testable import FlickServe

/// Issue 37, item 3: `flick serve` follows every file a scenario names (its rows, pictures, fonts, icons,
/// recordings), not only the scenario file, and the served folders (a new scenario appears, a removed one goes).
@Suite struct WatchedFilesTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    /// own-content (a list whose rows come from own-content/rows.csv, with PNG and SVG thumbnails) copied into a
    /// folder of its own, and served from there, looked at once.
    static func servedOwnContent() throws -> (folder: URL, served: ServedScenario) {
        let folder = URL(fileURLWithPath: ServedFiles.resolved(FileManager.default.temporaryDirectory
            .appendingPathComponent("flick-serve-watch-\(UUID().uuidString)").path))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: examples.appendingPathComponent("own-content.yaml"),
                                         to: folder.appendingPathComponent("own-content.yaml"))
        try FileManager.default.copyItem(at: examples.appendingPathComponent("own-content"), to: folder.appendingPathComponent("own-content"))
        let entry = try #require(try ServedFiles.find([folder.path]).first)
        let served = ServedScenario(entry: entry, previewScale: 1, iconFolders: [], slots: DrawingSlots(count: 1))
        #expect(served.check())
        return (folder, served)
    }

    /// Replaces `file` by a new file renamed over it (as an editor or `cp` to a temporary name and `mv` does).
    static func replace(_ file: URL, with data: Data) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".new-\(UUID().uuidString)")
        try data.write(to: temporary)
        #expect(rename(temporary.path, file.path) == 0)
    }

    @Test func theFilesAScenarioNamesAreWatched() throws {
        let (folder, served) = try Self.servedOwnContent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("own-content").path
        #expect(served.watchedFiles == [content + "/rows.csv", content + "/sunset.png", content + "/meadow.png", content + "/wave.svg"])
        #expect(!served.check(), "nothing changed")
    }

    @Test func anEditedRowsFileRunsTheScenarioAgainWithTheTunedValuesKept() throws {
        let (folder, served) = try Self.servedOwnContent()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(served.tune([SweepAssignment(path: "scene.list.rowHeight", value: "72")]).isEmpty)
        let before = try #require(served.current)
        #expect(before.version == 2)
        #expect(!String(reflecting: before.scenario.scene).contains("Harbour Swim"))
        let rows = folder.appendingPathComponent("own-content/rows.csv")
        let text = try String(contentsOf: rows, encoding: .utf8)
        try Self.replace(rows, with: Data((text + "Harbour Swim,8:00 AM · Aquatic Park,Free,\n").utf8))
        #expect(served.check())
        let after = try #require(served.current)
        #expect(after.version == 3)
        #expect(String(reflecting: after.scenario.scene).contains("Harbour Swim"))
        #expect(served.tuning.map(\.text) == ["scene.list.rowHeight=72"], "a named file's change keeps the tuned values")
        #expect(!served.check(), "read once")

        // A rows file that goes shows the problem, keeps the last run, and its return brings a run.
        try FileManager.default.removeItem(at: rows)
        #expect(served.check())
        #expect(served.current?.version == 3)
        #expect(served.currentProblems.count == 1 && served.currentProblems[0].contains("no rows file"), "\(served.currentProblems)")
        try Data(text.utf8).write(to: rows)
        #expect(served.check())
        #expect(served.current?.version == 4 && served.currentProblems.isEmpty)
    }

    @Test func aReplacedPictureIsDrawnAgain() async throws {
        let (folder, served) = try Self.servedOwnContent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try #require(served.current)
        let first = try await served.frames.png(of: run, index: 0)
        let content = folder.appendingPathComponent("own-content")
        // Same-size replacement with another picture's bytes: sunset.png becomes a copy of meadow.png.
        try Self.replace(content.appendingPathComponent("sunset.png"), with: try Data(contentsOf: content.appendingPathComponent("meadow.png")))
        #expect(served.check())
        let again = try #require(served.current)
        #expect(again.version == 2)
        #expect(again.drawingContext != run.drawingContext)
        let second = try await served.frames.png(of: again, index: 0)
        #expect(first != second, "the frame is drawn from the new picture, not taken from the cache")
        // Put back, the first frame's bytes return: the picture is all that changed.
        try Self.replace(content.appendingPathComponent("sunset.png"),
                         with: try Data(contentsOf: Self.examples.appendingPathComponent("own-content/sunset.png")))
        #expect(served.check())
        let back = try #require(served.current)
        #expect(try await served.frames.png(of: back, index: 0) == first)
    }

    @Test func aFreshChangeOfANamedFileWaitsForTheQuietLook() throws {
        let (folder, served) = try Self.servedOwnContent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = folder.appendingPathComponent("own-content/rows.csv")
        #expect(FileManager.default.createFile(atPath: rows.path, contents: Data()))
        #expect(!served.check(quiet: 3600), "a truncated file is not read at the first look")
        #expect(served.hasChangeWaiting)
        #expect(served.check(quiet: 3600), "the next look finds it the same, and reads it")
        #expect(served.current?.version == 1 && !served.currentProblems.isEmpty)
    }

    @Test func aNewScenarioInTheFolderIsServedAndARemovedOneDropped() throws {
        let folder = URL(fileURLWithPath: ServedFiles.resolved(FileManager.default.temporaryDirectory
            .appendingPathComponent("flick-serve-folder-\(UUID().uuidString)").path))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try Data(contentsOf: Self.examples.appendingPathComponent("fling-to-rest.yaml"))
        try source.write(to: folder.appendingPathComponent("b.yaml"))
        let make = { (entry: ServedFiles.Entry) in ServedScenario(entry: entry, previewScale: 1, iconFolders: [], slots: DrawingSlots(count: 1)) }
        let server = try LiveServer(scenarios: try ServedFiles.find([folder.path]).map(make), configuration: ServeConfiguration(port: 0, token: "t"))
        let original = try #require(server.scenarios.first)
        var warnings: [String] = []
        #expect(server.update(found: try ServedFiles.scan([folder.path], warnings: &warnings), make: make).added.isEmpty)

        // a.yaml appears: served, before b in the folder's order; b is the same object (its runs and pages kept).
        try source.write(to: folder.appendingPathComponent("a.yaml"))
        let (added, removed) = server.update(found: try ServedFiles.scan([folder.path], warnings: &warnings), make: make)
        #expect(added.map(\.id) == ["a"] && removed.isEmpty)
        #expect(server.scenarios.map(\.id) == ["a", "b"])
        #expect(server.scenarios[1] === original)
        #expect(IndexPage.html(server.scenarios, token: "t").contains("href=\"/s/a/?token=t\""))

        // b.yaml goes: one look that misses it keeps it (a save that moves the old file away first), two drop it.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("b.yaml"))
        #expect(server.update(found: try ServedFiles.scan([folder.path], warnings: &warnings), make: make).removed.isEmpty)
        #expect(server.scenarios.map(\.id) == ["a", "b"])
        let gone = server.update(found: try ServedFiles.scan([folder.path], warnings: &warnings), make: make).removed
        #expect(gone.map(\.id) == ["b"])
        #expect(server.scenarios.map(\.id) == ["a"])
        #expect(!IndexPage.html(server.scenarios, token: "t").contains("/s/b/"))

        // Every file gone: an empty list, not an error, while serving.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("a.yaml"))
        #expect(try ServedFiles.scan([folder.path], warnings: &warnings).isEmpty)
    }

    /// A scenario dropped from the list stops drawing its frames ahead: the warm-up under way ends after the frame
    /// it is on, and none starts again for it.
    @Test func aRemovedScenarioStopsDrawingAhead() throws {
        let folder = URL(fileURLWithPath: ServedFiles.resolved(FileManager.default.temporaryDirectory
            .appendingPathComponent("flick-serve-folder-\(UUID().uuidString)").path))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(contentsOf: Self.examples.appendingPathComponent("sheet-handoff.yaml")).write(to: folder.appendingPathComponent("b.yaml"))
        let make = { (entry: ServedFiles.Entry) in ServedScenario(entry: entry, previewScale: 1, iconFolders: [], slots: DrawingSlots(count: 1)) }
        let server = try LiveServer(scenarios: try ServedFiles.find([folder.path]).map(make), configuration: ServeConfiguration(port: 0, token: "t"))
        let served = try #require(server.scenarios.first)
        served.check()
        let run = try #require(served.current)
        served.markViewed()   // a page asked: its 271 frames are drawn ahead, two threads at a time
        #expect(served.frames.warmingThreads == 2)

        try FileManager.default.removeItem(at: folder.appendingPathComponent("b.yaml"))
        var warnings: [String] = []
        for _ in 0..<2 { server.update(found: try ServedFiles.scan([folder.path], warnings: &warnings), make: make) }
        #expect(server.scenarios.isEmpty)
        // The two threads end after the frame each was drawing, well before the 271 frames are drawn.
        #expect(eventuallyTrue { served.frames.warmingThreads == 0 })
        #expect(served.frames.cachedCount(of: run) < run.frames.count, "\(served.frames.cachedCount(of: run)) of \(run.frames.count) drawn")
        served.frames.warm(run, threads: 2)
        #expect(served.frames.warmingThreads == 0, "no warm-up starts for a scenario no longer served")
    }

    @Test func theCompareChannelSaysAChangeOfTheList() async throws {
        let folder = URL(fileURLWithPath: ServedFiles.resolved(FileManager.default.temporaryDirectory
            .appendingPathComponent("flick-serve-folder-\(UUID().uuidString)").path))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try Data(contentsOf: Self.examples.appendingPathComponent("fling-to-rest.yaml"))
        try source.write(to: folder.appendingPathComponent("b.yaml"))
        let make = { (entry: ServedFiles.Entry) -> ServedScenario in
            let s = ServedScenario(entry: entry, previewScale: 1, iconFolders: [], slots: DrawingSlots(count: 1))
            s.check()
            return s
        }
        let server = try LiveServer(scenarios: try ServedFiles.find([folder.path]).map(make), configuration: ServeConfiguration(port: 0, token: "t"))
        var updates = server.watchAll().makeAsyncIterator()
        #expect(await updates.next() == #"{"stamp": "1", "errors": []}"#)
        try source.write(to: folder.appendingPathComponent("a.yaml"))
        var warnings: [String] = []
        server.update(found: try ServedFiles.scan([folder.path], warnings: &warnings), make: make)
        #expect(await updates.next() == #"{"stamp": "1.1", "errors": []}"#)
    }
}

/// Whether `condition` holds within `limit` seconds, looked at every 2 ms (a wait for threads to end, not a timing).
private func eventuallyTrue(within limit: Double = 60, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(limit)
    while Date() < deadline {
        if condition() { return true }
        usleep(2_000)
    }
    return condition()
}
