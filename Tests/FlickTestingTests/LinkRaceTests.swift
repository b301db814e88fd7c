import FlickRunner
import Foundation
import Testing

/// Swaps what two paths name in one step (Linux's `renameat2` with `RENAME_EXCHANGE`, found at run time as
/// Glibc's Swift module leaves it out), so a path flipped this way is always either the folder or the link.
private typealias Exchange = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
private let exchange: Exchange? = dlsym(dlopen(nil, RTLD_NOW), "renameat2").map { unsafeBitCast($0, to: Exchange.self) }
private let renameExchange: UInt32 = 1 << 1

/// Issue 36, item 6, end to end: a golden folder flipped between a real folder and a link to someone's folder
/// while `flick test --record all` writes into it, or while prune removes it as an orphan. The writes and
/// removals work from a descriptor opened without following links (`OpenFolder`), so whichever state the flip
/// is in at each moment, the other folder's files are never written, replaced or removed.
@Suite("A golden folder swapped for a link mid-run is never followed", .enabled(if: exchange != nil))
struct LinkRaceTests {
    private static let tiny = """
    viewport: {width: 60, height: 80, scale: 1, safeArea: {top: 0, bottom: 0}}
    fps: 30
    duration: 0.1
    scene:
      list: {rows: 10, rowHeight: 20}
    goldens: {frames: [0, 1, 2]}

    """

    /// A folder of someone's own, holding files with the names `flick test` writes and removes.
    private static func victim(in root: URL) throws -> (folder: URL, files: [String: Data]) {
        let folder = root.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [String: Data] = [:]
        for name in ["frame_00000.png", "frame_00001.png", "frame_00002.png", "states.json"] {
            files[name] = Data("someone's \(name)".utf8)
            try files[name]!.write(to: folder.appendingPathComponent(name))
        }
        return (folder, files)
    }

    /// What the victim folder holds now, by name.
    private static func contents(_ folder: URL) -> [String: Data] {
        var found: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            found[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }
        return found
    }

    /// The attacker of the race: swaps the folder at `path` with a link to `target` (kept at `spare`) again and
    /// again until stopped, and leaves the folder at `path` when it stops (unless the folder is gone).
    private final class Flipper: @unchecked Sendable {
        private let lock = NSLock()
        private var running = true
        private var finished = false
        private(set) var flips = 0

        init(path: String, spare: String, target: String) {
            unlink(spare)
            symlink(target, spare)
            Thread { [self] in
                var linked = false
                while lock.withLock({ running }) {
                    guard exchange!(AT_FDCWD, path, AT_FDCWD, spare, renameExchange) == 0 else { break }
                    linked.toggle()
                    lock.withLock { flips += 1 }
                }
                if linked { _ = exchange!(AT_FDCWD, path, AT_FDCWD, spare, renameExchange) }
                unlink(spare)
                lock.withLock { finished = true }
            }.start()
        }

        func stop() {
            lock.withLock { running = false }
            while !lock.withLock({ finished }) { usleep(1000) }
        }
    }

    @Test("record all into a golden folder flipped to a link writes nothing into the linked folder")
    func recordAllNeverWritesThroughAFlippedFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-link-race-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let (victim, before) = try Self.victim(in: root)
        let scenario = root.appendingPathComponent("g.yaml")
        try Self.tiny.write(to: scenario, atomically: true, encoding: .utf8)
        let goldens = root.appendingPathComponent("__Goldens__/g")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)

        let flipper = Flipper(path: goldens.path, spare: root.appendingPathComponent("__Goldens__/.spare").path, target: victim.path)
        var refused = 0
        for _ in 0..<40 {
            let result = ScenarioTests.run(path: scenario.path, options: ScenarioTestOptions(record: .all, reportDirectory: root.appendingPathComponent("rep").path))
            if !result.passed { refused += 1 }
        }
        flipper.stop()
        #expect(flipper.flips > 0)
        #expect(Self.contents(victim) == before)
        // Some runs met the link and said so; none wrote through it.
        #expect(refused > 0, "the flips never met a run (\(flipper.flips) flips)")
    }

    @Test("removing an orphan folder flipped to a link removes nothing of the linked folder")
    func pruneNeverRemovesThroughAFlippedFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-link-race-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let (victim, before) = try Self.victim(in: root)
        let scenario = root.appendingPathComponent("kept.yaml")
        try Self.tiny.write(to: scenario, atomically: true, encoding: .utf8)
        let orphan = root.appendingPathComponent("__Goldens__/gone")
        let spare = root.appendingPathComponent("__Goldens__/.spare").path

        var removedSome = 0
        for _ in 0..<60 {
            // A fresh orphan each round: the golden files of a scenario that no longer exists.
            try? FileManager.default.createDirectory(at: orphan, withIntermediateDirectories: true)
            for name in ["frame_00000.png", "states.json"] {
                try Data("old golden".utf8).write(to: orphan.appendingPathComponent(name))
            }
            let orphans = GoldenPrune.orphans(besides: [scenario.path])
            #expect(orphans.map(\.path) == [orphan.path])
            let flipper = Flipper(path: orphan.path, spare: spare, target: victim.path)
            let removal = GoldenPrune.remove(orphans)
            flipper.stop()
            removedSome += removal.removed.isEmpty ? 0 : 1
        }
        #expect(Self.contents(victim) == before)
        #expect(removedSome > 0)
    }
}
