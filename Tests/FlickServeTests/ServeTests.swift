import FlickCore
import FlickReview
import Foundation
import Testing
@testable import FlickServe

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
private let sheetHandoff = repository.appendingPathComponent("Examples/sheet-handoff.yaml").path

/// A fresh folder under the temporary directory, removed by the caller.
private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-serve-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return URL(fileURLWithPath: ServedFiles.resolved(url.path))
}

@Suite struct RequestGuardTests {
    let allowed = RequestGuard.hosts(bound: "127.0.0.1", port: 8765)
    let token = "0123456789abcdef0123456789abcdef"

    func refusal(_ method: String = "GET", host: String? = "127.0.0.1:8765", origin: String? = nil, token: String? = nil,
                 needsToken: Bool = false) -> String? {
        RequestGuard.refusal(method: method, host: host, origin: origin, token: token, needsToken: needsToken,
                             allowed: allowed, expectedToken: self.token)
    }

    @Test func theServersOwnAddressesOnly() {
        #expect(allowed == ["127.0.0.1:8765", "localhost:8765"])
        #expect(RequestGuard.hosts(bound: "::1", port: 80) == ["[::1]:80", "localhost:80"])
        #expect(RequestGuard.hosts(bound: "0.0.0.0", port: 80) == ["0.0.0.0:80"])
    }

    @Test func aRebindingPageIsRefusedByItsHost() {
        #expect(refusal() == nil)
        #expect(refusal(host: "LOCALHOST:8765") == nil)
        #expect(refusal(host: "evil.example:8765") == "unknown Host")
        #expect(refusal(host: "127.0.0.1") == "unknown Host")
        #expect(refusal(host: nil) == "unknown Host")
    }

    @Test func aForeignOriginIsRefused() {
        #expect(refusal(origin: "http://127.0.0.1:8765") == nil)
        #expect(refusal(origin: "http://localhost:8765") == nil)
        #expect(refusal(origin: "http://evil.example") == "foreign Origin")
        #expect(refusal(origin: "https://127.0.0.1:8765") == "foreign Origin")
        #expect(refusal(origin: "null") == "foreign Origin")
    }

    @Test func writesAndTheLiveChannelNeedTheToken() {
        #expect(refusal("POST") == "missing or wrong token")
        #expect(refusal("POST", token: String(token.dropLast()) + "0") == "missing or wrong token")
        #expect(refusal("POST", token: token) == nil)
        #expect(refusal(needsToken: true) == "missing or wrong token")
        #expect(refusal(token: token, needsToken: true) == nil)
        #expect(refusal("HEAD") == nil)
    }

    @Test func frameNamesAreReadExactly() {
        #expect(Handler.frameIndex("frame_00042.png", digits: 5) == 42)
        #expect(Handler.frameIndex("frame_123456.png", digits: 5) == 123456)
        #expect(Handler.frameIndex("frame_42.png", digits: 5) == nil)
        #expect(Handler.frameIndex("frame_00042.svg", digits: 5) == nil)
        #expect(Handler.frameIndex("frame_-0001.png", digits: 5) == nil)
        #expect(Handler.frameIndex("../frame_00042.png", digits: 5) == nil)
    }
}

@Suite struct ServedFilesTests {
    @Test func aFolderServesItsScenariosButNotALinkOutOfIt() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let served = root.appendingPathComponent("served"), outside = root.appendingPathComponent("outside")
        for folder in [served, outside, served.appendingPathComponent("sub"), served.appendingPathComponent("__Goldens__")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for file in ["served/a.yaml", "served/sub/a.yaml", "served/notes.txt", "served/__Goldens__/g.json", "served/.hidden.yaml",
                     "outside/secret.yaml"] {
            try Data("fps: 60\n".utf8).write(to: root.appendingPathComponent(file))
        }
        try FileManager.default.createSymbolicLink(atPath: served.appendingPathComponent("link.yaml").path,
                                                   withDestinationPath: outside.appendingPathComponent("secret.yaml").path)
        try FileManager.default.createSymbolicLink(atPath: served.appendingPathComponent("inner.yaml").path,
                                                   withDestinationPath: served.appendingPathComponent("a.yaml").path)
        let entries = try ServedFiles.find([served.path])
        #expect(entries.map(\.id) == ["a", "sub~a"])
        #expect(entries.allSatisfy { $0.path.hasPrefix(served.path + "/") })
        #expect(throws: ServeProblem.self) { try ServedFiles.find([served.appendingPathComponent("notes.txt").path]) }
        #expect(throws: ServeProblem.self) { try ServedFiles.find([root.appendingPathComponent("missing").path]) }
    }

    /// Issue 36, item 8: a link to `/` in the folder is skipped, not walked (it made serve say "no scenario
    /// files"), and the files past the cap are counted in a warning, not dropped without a word.
    @Test func aLinkToTheRootAndTheFileCap() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("0-up").path, withDestinationPath: "/")
        try Data("fps: 60\n".utf8).write(to: root.appendingPathComponent("z.yaml"))
        var warnings: [String] = []
        #expect(try ServedFiles.find([root.path], warnings: &warnings).map(\.id) == ["z"])
        #expect(warnings.isEmpty)
        for i in 0..<(ServedFiles.maximumFiles + 4) {
            try Data("fps: 60\n".utf8).write(to: root.appendingPathComponent(String(format: "s%05d.yaml", i)))
        }
        let entries = try ServedFiles.find([root.path], warnings: &warnings)
        #expect(entries.count == ServedFiles.maximumFiles)
        #expect(warnings == ["warning: \(root.path): serving the first 1000 scenario files; 5 more were left out (serve a folder inside it, or name the files)"])
    }
}

@Suite struct LiveRunTests {
    @Test func thePageIsTheReviewPageWithTheLiveScriptBeforeItsOwn() throws {
        let scenario = try ScenarioDecoder.load(path: sheetHandoff)
        let run = try LiveRun(scenario: scenario, version: 3, previewScale: 1, iconFolders: [])
        let tag = "<script src=\"/_flick/serve.js\"></script>"
        let page = run.page(liveScript: tag)
        let review = ReviewPage.runPage(ReviewPage.Run(data: run.data, base: "v3/", states: "v3/states.js", label: scenario.name))
        // …and the drags the release-velocity control sets, at the end of its main.
        let drags = "<script type=\"application/json\" id=\"flick-tune\">\(LiveRun.simulatedValues(scenario).text)</script>\n"
            + "<script type=\"application/json\" id=\"flick-drags\">\(run.releaseDrags.text)</script>\n"
        #expect(page.replacingOccurrences(of: tag + "\n", with: "").replacingOccurrences(of: drags, with: "") == review)
        // The slots give the bytes serve made by searching the review page for `</main>` and its last `<script>`.
        #expect(page == OldSplice.endOfMain(drags, into: OldSplice.beforePageScript(tag, into: review)))
        let tagAt = try #require(page.range(of: tag)), pageScriptAt = try #require(page.range(of: "<script>\n", options: .backwards))
        #expect(tagAt.upperBound < pageScriptAt.lowerBound)
        // Frames at the preview scale; states at the scenario's own.
        #expect(run.data.scale == 1 && run.data.width == 390 && run.data.height == 844)
        #expect(run.scenario.viewport.scale == 3)
        #expect(run.frames.count == 271)
    }

    /// Issue 37, item 4: the Tune controls start at what was simulated, preset defaults included (FloatingPanel's
    /// 0.4 s sheet spring under `floatingpanel`, not a number of the page's own).
    @Test func theTuneControlsStartAtWhatWasSimulated() throws {
        var scenario = try ScenarioDecoder.load(path: sheetHandoff)
        #expect(LiveRun.simulatedValues(scenario).text
                == #"{"physics.preset": "uikit", "physics.decelerationRate": 0.998, "physics.rubberBand": 0.55, "physics.sheetSpring.response": 0.3, "physics.sheetSpring.dampingRatio": 1}"#)
        scenario.physics.preset = .floatingpanel
        let fp = LiveRun.simulatedValues(scenario).text
        #expect(fp.contains(#""physics.preset": "floatingpanel""#))
        #expect(fp.contains(#""physics.sheetSpring.response": 0.4"#), "\(fp)")
    }

    @Test func theExportCarriesTheSheetSpringInEveryFramework() throws {
        var scenario = try ScenarioDecoder.load(path: sheetHandoff)
        scenario.physics.sheetSpring = PhysicsSettings.SpringOverride(response: 0.5, dampingRatio: 0.7)
        let snippets = Dictionary(uniqueKeysWithValues: CodeExport.snippets(for: scenario).map { ($0.framework, $0.code) })
        #expect(snippets["SwiftUI"]?.contains(".spring(response: 0.5, dampingFraction: 0.7)") == true)
        #expect(snippets["SwiftUI"]?.contains("Spring(duration: 0.5, bounce: 0.3)") == true)
        #expect(snippets["Flutter"]?.contains("SpringDescription(mass: 1, stiffness: 157.9137, damping: 17.5929)") == true)
        #expect(snippets["UIKit"]?.contains("DecelerationRate(rawValue: 0.998)") == true)
        #expect(snippets["FloatingPanel"]?.contains("// half: FloatingPanelLayoutAnchor(fractionalInset: 0.5, edge: .bottom, referenceGuide: .superview)") == true)
    }
}

@Suite struct ServedScenarioTests {
    /// sheet-handoff copied into a folder of its own, and served from there (not yet looked at).
    static func servedCopy() throws -> (folder: URL, file: URL, source: String, entry: ServedFiles.Entry, served: ServedScenario) {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("sheet-handoff.yaml")
        let source = try String(contentsOfFile: sheetHandoff, encoding: .utf8)
        try source.write(to: file, atomically: true, encoding: .utf8)
        let entry = try #require(try ServedFiles.find([folder.path]).first)
        return (folder, file, source, entry, ServedScenario(entry: entry, previewScale: 1, iconFolders: [], slots: DrawingSlots(count: 1)))
    }

    /// Save writes through the one atomic writer (`AtomicFile`): a save killed before its rename leaves
    /// `.NAME.flick-PID-N.partial`, which the next save removes once that process is gone; a running process's staging
    /// file and a file that only looks like one stay.
    @Test func saveRemovesTheStagingFileACrashedSaveLeft() throws {
        let (folder, file, _, _, served) = try Self.servedCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(served.check())
        // 2147483000 is above any Linux pid_max: no process has it.
        let crashed = ".sheet-handoff.yaml.flick-2147483000-3.partial"
        let running = ".sheet-handoff.yaml.flick-\(getpid())-999999.partial"
        let lookAlikes = [".sheet-handoff.yaml.flick-save-0A1B", ".sheet-handoff.yaml.flick-2147483000-3.partial.bak",
                          ".sheet-handoff.yaml.partial-2147483000-3"]
        for name in [crashed, running] + lookAlikes {
            try Data("half a scenario".utf8).write(to: folder.appendingPathComponent(name))
        }
        let saved = served.save([SweepAssignment(path: "physics.sheetSpring.response", value: "0.6")], write: true)
        #expect(saved.problems.isEmpty && !saved.diff.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            == ([running, "sheet-handoff.yaml"] + lookAlikes).sorted())
        #expect(served.check())
        #expect(served.current?.scenario.physics.sheetSpring?.response == 0.6)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("0.6"))
    }

    @Test func aBadEditKeepsTheLastGoodRunAndTuningUsesTheSweepsAssignment() throws {
        let (folder, file, source, entry, served) = try Self.servedCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(served.check())
        #expect(served.current?.version == 1 && served.currentProblems.isEmpty)
        #expect(!served.check(), "an unchanged file is not read again")

        try source.replacingOccurrences(of: "fps: 60", with: "fps: fast").write(to: file, atomically: true, encoding: .utf8)
        #expect(served.check())
        #expect(served.current?.version == 1)
        #expect(served.currentProblems == ["\(entry.shownPath):4:6: error: fps: expected a number in 1...240, found fast"])

        try source.write(to: file, atomically: true, encoding: .utf8)
        #expect(served.check())
        #expect(served.current?.version == 2 && served.currentProblems.isEmpty)

        #expect(served.tune([SweepAssignment(path: "physics.sheetSpring.response", value: "0.6")]).isEmpty)
        #expect(served.current?.version == 3)
        #expect(served.current?.scenario.physics.sheetSpring?.response == 0.6)
        #expect(served.tune([SweepAssignment(path: "physics.rubberBand", value: "-3")]).first?.contains("rubberBand") == true)
        #expect(served.current?.version == 3, "a refused value keeps the run")
        #expect(try String(contentsOf: file, encoding: .utf8) == source, "tuning never writes the file")
    }

    /// An editor that saves in place truncates the file, then writes it. `flick serve` looks with `quiet`, so a look
    /// that falls between the two does not read the empty file (the page would flash an error): it reads a change once
    /// the file is that old, or when the next look finds it the same.
    @Test func aSaveInProgressIsNotReadHalfWritten() throws {
        let (folder, file, source, _, served) = try Self.servedCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(served.check())
        let quiet = 3600.0   // an hour: every change here is fresher than that

        // Truncated: the first look leaves it alone.
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        #expect(!served.check(quiet: quiet))
        #expect(served.currentProblems.isEmpty && served.current?.version == 1)
        // Written: another stamp, so it is a first look again.
        let edited = source.replacingOccurrences(of: "alpha: 0.3", with: "alpha: 0.5")
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data(edited.utf8))
        try handle.close()
        #expect(!served.check(quiet: quiet))
        #expect(served.hasChangeWaiting)
        // The next look finds it the same, and reads it.
        #expect(served.check(quiet: quiet))
        #expect(!served.hasChangeWaiting)
        #expect(served.currentProblems.isEmpty && served.current?.version == 2)

        // A file older than `quiet` is read at the first look.
        try source.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -10)], ofItemAtPath: file.path)
        #expect(served.check(quiet: 1))
        #expect(served.current?.version == 3)

        // Without `quiet` the empty file is read at once, and its problem shown: what the quiet look avoids.
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        #expect(served.check())
        #expect(!served.currentProblems.isEmpty && served.current?.version == 3)
    }
}

extension ServedScenarioTests {
    /// The scenario file is stamped as the files it names are (`FileStamp`: device, inode, size and time, links
    /// followed), under one quiet rule: a file renamed over it with the same size and time is read; a symbolic link
    /// put in its place is noticed, and noticed again when it is swapped to another target, but never read through
    /// (the page's problems carry nothing of the target's text).
    @Test func aRenameOverItAndALinkSwappedInAreNoticedByTheStampAndNoLinkIsReadThrough() throws {
        let (folder, file, source, entry, served) = try Self.servedCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        #expect(served.check())
        let time = try #require(try manager.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)

        // Same size, same modification time, another file renamed over it: only its inode tells.
        let edited = source.replacingOccurrences(of: "alpha: 0.3", with: "alpha: 0.5")
        #expect(edited.utf8.count == source.utf8.count && edited != source)
        let beside = folder.appendingPathComponent(".new.yaml")
        try edited.write(to: beside, atomically: false, encoding: .utf8)
        try manager.setAttributes([.modificationDate: time], ofItemAtPath: beside.path)
        #expect(rename(beside.path, file.path) == 0)
        #expect(served.check(quiet: 3600) == false && served.hasChangeWaiting, "fresh: left for the next look, as any change")
        #expect(served.check(quiet: 3600), "found the same at the next look: read")
        #expect(served.current?.version == 2 && served.currentProblems.isEmpty)

        // A link put in its place, to a secret outside the folder: noticed, refused, nothing of it shown.
        let outside = try temporaryFolder()
        defer { try? manager.removeItem(at: outside) }
        let secret = outside.appendingPathComponent("secret.yaml"), other = outside.appendingPathComponent("other.yaml")
        try "root:x:0:0:root:/root:/bin/bash\n".write(to: secret, atomically: true, encoding: .utf8)
        try "other:secret line\n".write(to: other, atomically: true, encoding: .utf8)
        let link = folder.appendingPathComponent(".link.yaml")
        try manager.createSymbolicLink(atPath: link.path, withDestinationPath: secret.path)
        #expect(rename(link.path, file.path) == 0)
        #expect(served.check())
        let refusal = "\(entry.shownPath): error: cannot read the file: it is a symbolic link put in place of the file served (flick serve never reads through one), not a regular file"
        #expect(served.currentProblems == [refusal])
        #expect(served.current?.version == 2, "the last good run stays")
        #expect(!served.status.contains("root:x") && !served.status.contains("secret line"))
        #expect(!served.check(), "the same link and target: nothing new")

        // The link swapped to another target: its stamp (the target's) changed, so it is noticed, and still refused.
        try manager.createSymbolicLink(atPath: link.path, withDestinationPath: other.path)
        #expect(rename(link.path, file.path) == 0)
        #expect(served.check())
        #expect(served.currentProblems == [refusal] && !served.status.contains("secret line"))

        // A file again: read.
        try manager.removeItem(at: file)
        try source.write(to: file, atomically: true, encoding: .utf8)
        #expect(served.check())
        #expect(served.current?.version == 3 && served.currentProblems.isEmpty)
    }
}

@Suite struct NamedPipeServeTests {
    /// `check()` on a thread of the test's own; false when it did not return within 3 s (the pipe is then opened
    /// for writing and closed, so that a blocked reader gets its end and the test does not hang).
    private func checksAtOnce(_ served: ServedScenario, pipe: String) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread { served.check(); done.signal() }.start()
        guard done.wait(timeout: .now() + 3) == .timedOut else { return true }
        let writer = open(pipe, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
        _ = done.wait(timeout: .now() + 3)
        return false
    }

    @Test func aServedFileThatIsOrBecomesANamedPipeIsRefusedWithoutWaiting() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("f.yaml").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let entry = try #require(try ServedFiles.find([folder.path]).first)
        let served = ServedScenario(entry: entry, previewScale: 1, iconFolders: [], slots: DrawingSlots(count: 1))
        #expect(checksAtOnce(served, pipe: pipe))
        #expect(served.currentProblems.contains { $0.contains("named pipe") })

        // A served file swapped for a pipe while served.
        let (copyFolder, file, _, _, copy) = try ServedScenarioTests.servedCopy()
        defer { try? FileManager.default.removeItem(at: copyFolder) }
        copy.check()
        #expect(copy.current != nil)
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        #expect(checksAtOnce(copy, pipe: file.path))
        #expect(copy.currentProblems.contains { $0.contains("named pipe") })
        #expect(copy.current != nil, "the last good run stays")
    }
}

@Suite struct TuneKeysTests {
    @Test func aValueFromThePageNeverNamesAFile() throws {
        #expect(TuneKeys.refusal(path: "physics.preset", values: ["uikit", "flutter-ios"]) == nil)
        #expect(TuneKeys.refusal(path: "scene.background", values: ["map", "\"#112233\""]) == nil)
        for (path, value) in [("reference", "[{path: sheet.top, file: /etc/passwd, baseline: 0}]"), ("reference.0.file", "/etc/passwd"),
                              ("scene.background", "{image: /any.png}"), ("scene.background", "{\"im\\x61ge\": /any.png}"),
                              ("scene.font", "{file: /etc/passwd}"), ("scene.font.file", "/x.ttf"), ("list.rows", "[{thumbnail: /x.png}]")] {
            let refusal = try #require(TuneKeys.refusal(path: path, values: [value]), "\(path)=\(value)")
            #expect(refusal.contains("names a file"))
        }
        // /s/ID/compare?set=… is refused before the file is read again, and says nothing of the file named.
        let (folder, _, _, _, served) = try ServedScenarioTests.servedCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        served.check()
        guard case .failure(let problems) = ComparePage.sweep(served, sets: ["reference=[{path: sheet.top, file: /etc/passwd, baseline: 0}]"],
                                                              token: "t") else {
            Issue.record("the sweep was made")
            return
        }
        #expect(problems.lines.joined().contains("names a file"))
        #expect(!problems.lines.joined().contains("root:"))
    }
}
