import Foundation
import Testing

private func exists(_ name: String, in folder: URL) -> Bool {
    var status = stat()
    return lstat(folder.appendingPathComponent(name).path, &status) == 0
}

@Suite("flick test --prune: only what flick test wrote, every removal named, an exit status CI can gate on")
struct PruneCommandTests {
    @Test("a mixed folder loses nothing to --prune --yes but the goldens flick test wrote for what is gone")
    func mixedFolder() throws {
        let folder = try scratchFolder("prune-mixed")
        let outside = try scratchFolder("prune-outside")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        let manager = FileManager.default
        try writeFile(pagerScenario + "goldens: {frames: [12], scale: 1}\n", "p.yaml", in: folder)
        let record = try flick(["test", "p.yaml", "--record", "missing"], in: folder)
        #expect(record.status == 1, "\(record.stdout)")
        let png = try Data(contentsOf: folder.appendingPathComponent("__Goldens__/p/frame_00012.png"))
        for sub in ["gone", "guides", "swipe", "card"] {
            try manager.createDirectory(at: folder.appendingPathComponent("__Goldens__/\(sub)"), withIntermediateDirectories: true)
        }
        // What flick test wrote for a scenario since deleted: a frame and a states golden.
        try png.write(to: folder.appendingPathComponent("__Goldens__/p/frame_00030.png"))
        try writeFile("", "__Goldens__/gone/states.json", in: folder)
        try png.write(to: folder.appendingPathComponent("__Goldens__/gone/frame_00001.png"))
        // The Swift API's goldens: time_S.SSS.png of a Scenario value, and frame_NNNNN.png of a test that names
        // its scenario file, in __Goldens__ beside the test file.
        try png.write(to: folder.appendingPathComponent("__Goldens__/p/time_0.500.png"))
        try writeFile("", "__Goldens__/guides/time_1.200.png", in: folder)
        try png.write(to: folder.appendingPathComponent("__Goldens__/guides/frame_00003.png"))
        try writeFile("@Test func swipe() throws { try expectGoldenFrames(\"../Examples/swipe.yaml\", frames: [2]) }\n",
                  "SwipeTests.swift", in: folder)
        try png.write(to: folder.appendingPathComponent("__Goldens__/swipe/frame_00002.png"))
        // A scenario file that a Swift test beside also compares, at a frame the file does not list.
        try writeFile(pagerScenario + "goldens: {frames: [12], scale: 1}\n", "q.yaml", in: folder)
        try manager.createDirectory(at: folder.appendingPathComponent("__Goldens__/q"), withIntermediateDirectories: true)
        try png.write(to: folder.appendingPathComponent("__Goldens__/q/frame_00005.png"))
        try writeFile("@Test func q() throws { try expectGoldenFrames(\"q.yaml\", frames: [5]) }\n", "QTests.swift", in: folder)
        // Someone's notes beside goldens of a scenario that is gone.
        try writeFile("", "__Goldens__/card/states.json", in: folder)
        try writeFile("why card looks this way", "__Goldens__/card/notes.txt", in: folder)
        // Links: a golden folder that is one, and a golden file that is one; neither is followed.
        try png.write(to: outside.appendingPathComponent("frame_00001.png"))
        try manager.createSymbolicLink(at: folder.appendingPathComponent("__Goldens__/linked"), withDestinationURL: outside)
        try manager.createSymbolicLink(at: folder.appendingPathComponent("__Goldens__/p/frame_00040.png"),
                                       withDestinationURL: outside.appendingPathComponent("frame_00001.png"))

        let list = try flick(["test", ".", "--prune"], in: folder)
        #expect(list.status == 1, "orphans listed: CI fails until they are removed\n\(list.stdout)\(list.stderr)")
        #expect(list.stdout == """
        ./__Goldens__/gone (frame_00001.png, states.json): no scenario file gone.json, .yaml or .yml beside __Goldens__
        ./__Goldens__/p/frame_00030.png: ./p.yaml does not list frame 30 in goldens.frames
        ./__Goldens__/card: kept: no scenario file card.json, .yaml or .yml, but it holds files flick test does not write (notes.txt)
        ./__Goldens__/guides: kept: no scenario file guides.json, .yaml or .yml, but it holds files flick test does not write (time_1.200.png)
        ./__Goldens__/q/frame_00005.png: kept: ./q.yaml does not list frame 5, but QTests.swift beside __Goldens__ names q (a Swift test's golden)
        ./__Goldens__/swipe: kept: SwipeTests.swift beside __Goldens__ names it (a Swift test's goldens)
        3 golden files no scenario uses; run again with --yes to remove them

        """, "\(list.stdout)")

        let remove = try flick(["test", ".", "--prune", "--yes"], in: folder)
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(remove.stdout.hasSuffix("""
        removed ./__Goldens__/gone/frame_00001.png
        removed ./__Goldens__/gone/states.json
        removed ./__Goldens__/gone/
        removed ./__Goldens__/p/frame_00030.png
        removed 3 of 3 golden files no scenario uses and 1 emptied golden folder

        """), "\(remove.stdout)")
        for kept in ["p/frame_00012.png", "p/time_0.500.png", "p/frame_00040.png", "guides/time_1.200.png",
                     "guides/frame_00003.png", "swipe/frame_00002.png", "q/frame_00005.png", "card/states.json", "card/notes.txt", "linked"] {
            #expect(exists("__Goldens__/" + kept, in: folder), "\(kept) was removed")
        }
        #expect(!exists("__Goldens__/gone", in: folder) && !exists("__Goldens__/p/frame_00030.png", in: folder))
        #expect(manager.fileExists(atPath: outside.appendingPathComponent("frame_00001.png").path))

        let clean = try flick(["test", ".", "--prune"], in: folder)
        #expect(clean.status == 0, "\(clean.stdout)")
        #expect(clean.stdout.hasSuffix("no goldens to prune\n"), "\(clean.stdout)")
    }

    @Test("a states.json no goldens: asks for is an orphan: listed by --prune, never compared")
    func unrequestedStatesGolden() throws {
        let folder = try scratchFolder("prune-states")
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFile(pagerScenario + "goldens: {states: true}\n", "p.yaml", in: folder)
        _ = try flick(["test", "p.yaml", "--record", "missing"], in: folder)
        // goldens: dropped, and the drag changed: the old golden would differ in many paths.
        try writeFile(pagerScenario.replacingOccurrences(of: "to: [40, 150]", with: "to: [30, 150]"), "p.yaml", in: folder)
        let run = try flick(["test", "p.yaml", "--record", "never"], in: folder)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(!run.stdout.contains("states"), "\(run.stdout)")
        let list = try flick(["test", ".", "--prune"], in: folder)
        #expect(list.status == 1)
        #expect(list.stdout.contains("./__Goldens__/p/states.json: ./p.yaml asks for no states golden (goldens: has no states)\n"), "\(list.stdout)")
    }
}

@Suite("flick test --record changed: every path that moved is named, or counted")
struct RecordChangedMessageTests {
    @Test("a states golden re-recorded names how many paths moved, and each (or how many more)")
    func namesEveryMovedPath() throws {
        let folder = try scratchFolder("record-changed-paths")
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFile(pagerScenario + "goldens: {states: true}\n", "p.yaml", in: folder)
        _ = try flick(["test", "p.yaml", "--record", "missing"], in: folder)
        try writeFile(pagerScenario.replacingOccurrences(of: "to: [40, 150]", with: "to: [30, 150]") + "goldens: {states: true}\n",
                  "p.yaml", in: folder)
        let failing = try flick(["test", "p.yaml", "--record", "never"], in: folder)
        // `states differ from … in N paths`: how many moved.
        let differ = try #require(failing.stdout.firstMatch(of: /states differ from \S+ in (\d+) paths/), "\(failing.stdout)")
        let count = Int(differ.1)!
        #expect(count > 3, "enough paths move to need more than 3 names: \(failing.stdout)")
        let changed = try flick(["test", "p.yaml", "--record", "changed"], in: folder)
        let line = try #require(changed.stdout.firstMatch(of: /states: re-recorded \((\d+) paths: (.+) moved beyond 0\.001\)/),
                                "\(changed.stdout)")
        #expect(Int(line.1) == count)
        let listed = String(line.2)
        if let more = listed.firstMatch(of: #/ and (\d+) more$/#) {
            let names = listed[..<more.range.lowerBound].split(separator: ", ")
            #expect(names.count + Int(more.1)! == count, "\(listed)")
        } else {
            #expect(listed.split(separator: ", ").count == count, "\(listed)")
        }
    }
}
