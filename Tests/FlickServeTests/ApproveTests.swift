import FlickCore
import FlickImage
import FlickRunner
import Foundation
import Testing
@testable import FlickServe

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-approve-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return URL(fileURLWithPath: ServedFiles.resolved(url.path))
}

private func served(_ folder: URL) throws -> [ServedScenario] {
    try ServedFiles.find([folder.path]).map { ServedScenario(entry: $0, previewScale: 1, iconFolders: [], slots: DrawingSlots(count: 1)) }
}

/// `report`'s JSON read back, for the assertions.
private func decoded(_ value: JSONValue) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(value.text.utf8)) as? [String: Any])
}

/// sheet-handoff with expectations: the first two fail (at the end the sheet rests at tip; at 1.2 s its top is
/// full's, 67.52), the third fails over a span (while the finger moves the sheet it rests at no detent), the
/// fourth passes. The served folder is given by its full path, so the shown paths are full paths.
private let expectations = """
expect:
  # where the flick leaves it
  - {at: end, sheet.detent: half}   # wrong on purpose
  - {at: 1.2, sheet.top: {near: 100, within: 0.5}}
  - {from: 0.2, to: 1.5, sheet.detent: half}
  - {at: 0, sheet.detent: half}

"""

@Suite struct ApproveTests {
    @Test func acceptWritesOneExpectedValueIntoItsPlaceAndKeepsTheRest() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("handoff.yaml")
        let source = try String(contentsOf: repository.appendingPathComponent("Examples/sheet-handoff.yaml"), encoding: .utf8) + expectations
        try source.write(to: file, atomically: true, encoding: .utf8)
        let scenario = try #require(try served(folder).first)
        let artifacts = folder.appendingPathComponent("artifacts").path

        let before = try decoded(scenario.report(accept: .nothing, artifacts: artifacts))
        #expect(before["passed"] as? Bool == false)
        let failing = try #require(before["expectations"] as? [[String: Any]])
        #expect(failing.map { "\($0["index"]!) \($0["path"]!) \($0["expected"]!) \($0["actual"]!) \($0["acceptable"]!)" } == [
            "0 sheet.detent half tip 1", "1 sheet.top 100 ± 0.5 67.52 1", "2 sheet.detent half null 0",
        ])
        #expect(failing[0]["writes"] as? String == "expect[0].sheet.detent: half → tip")

        let one = try decoded(scenario.report(accept: .expectation(index: 0, path: "sheet.detent"), artifacts: artifacts))
        #expect(one["wrote"] as? [String] == ["\(folder.path)/handoff.yaml: expect[0].sheet.detent: half → tip"])
        #expect(one["errors"] as? [String] == [])
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written == source.replacingOccurrences(of: "{at: end, sheet.detent: half}", with: "{at: end, sheet.detent: tip}"))
        #expect(ScenarioTextEdit.diff(source, written).split(separator: "\n").count == 2, "one line changed")

        let all = try decoded(scenario.report(accept: .everything, artifacts: artifacts))
        #expect(all["wrote"] as? [String] == ["\(folder.path)/handoff.yaml: expect[1].sheet.top.near: 100 → 67.52"])
        #expect(try String(contentsOf: file, encoding: .utf8)
            == written.replacingOccurrences(of: "{near: 100, within: 0.5}", with: "{near: 67.52, within: 0.5}"))
        // The span cannot be one value: it is the one failure left, and the comments are all there.
        #expect((all["expectations"] as? [[String: Any]])?.map { $0["index"] as? Int } == [2])
        #expect(try String(contentsOf: file, encoding: .utf8).contains("# wrong on purpose"))

        let none = try decoded(scenario.report(accept: .expectation(index: 3, path: "sheet.detent"), artifacts: artifacts))
        #expect(none["wrote"] as? [String] == [])
        #expect(none["errors"] as? [String] == ["\(folder.path)/handoff.yaml: expect[3] sheet.detent does not fail, or Accept cannot write it"])
    }

    @Test func acceptWritesTheFailingGoldenAndItsImagesAreServedFromTheServersFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "card-carousel-pitfall"
        let goldens = folder.appendingPathComponent("__Goldens__/\(name)")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        let stored = repository.appendingPathComponent("Tests/Scenarios/__Goldens__/\(name)")
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Tests/Scenarios/\(name).yaml"),
                                         to: folder.appendingPathComponent("\(name).yaml"))
        // Frame 30's golden is frame 120's: frame 30 fails.
        for file in ["frame_00030.png", "frame_00120.png"] {
            try FileManager.default.copyItem(at: stored.appendingPathComponent("frame_00120.png"), to: goldens.appendingPathComponent(file))
        }
        let scenario = try #require(try served(folder).first)
        let artifacts = folder.appendingPathComponent(".artifacts").path

        let before = try decoded(scenario.report(accept: .nothing, artifacts: artifacts))
        let frames = try #require(before["goldens"] as? [[String: Any]])
        #expect(frames.map { "\($0["frame"]!) \($0["passed"]!)" } == ["30 0", "120 1"])
        #expect(frames[0]["images"] as? String == "/s/\(name)/failed/frame_00030/")
        let images = try #require(scenario.failureImageFolder(frame: 30))
        #expect(images.hasPrefix(artifacts + "/"))
        for file in ["expected.png", "actual.png", "diff.png"] {
            #expect(FileManager.default.fileExists(atPath: images + "/" + file))
        }

        let accepted = try decoded(scenario.report(accept: .goldens, artifacts: artifacts))
        #expect(accepted["wrote"] as? [String] == ["\(folder.path)/__Goldens__/\(name)/frame_00030.png: frame 30 written"])
        #expect(accepted["passed"] as? Bool == true)
        #expect(scenario.failureImageFolder(frame: 30) == nil, "a passing frame has no images to show")
        // The same pixels as the committed golden (the bytes depend on the build's deflate library).
        #expect(try Bitmap.readPNG(path: goldens.appendingPathComponent("frame_00030.png").path)
            == Bitmap.readPNG(path: stored.appendingPathComponent("frame_00030.png").path))
    }

    @Test func acceptOfOneGoldenFrameWritesOnlyThatFrameAsTheRecorderWouldAndRefusesAFrameNotListed() throws {
        let folder = try temporaryFolder()
        let recorded = try temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: recorded)
        }
        let name = "card-carousel-pitfall"
        let goldens = folder.appendingPathComponent("__Goldens__/\(name)")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        let stored = repository.appendingPathComponent("Tests/Scenarios/__Goldens__/\(name)")
        for place in [folder, recorded] {
            try FileManager.default.copyItem(at: repository.appendingPathComponent("Tests/Scenarios/\(name).yaml"),
                                             to: place.appendingPathComponent("\(name).yaml"))
        }
        // Frames 30 and 120 hold each other's golden: both fail.
        try FileManager.default.copyItem(at: stored.appendingPathComponent("frame_00120.png"), to: goldens.appendingPathComponent("frame_00030.png"))
        try FileManager.default.copyItem(at: stored.appendingPathComponent("frame_00030.png"), to: goldens.appendingPathComponent("frame_00120.png"))
        let scenario = try #require(try served(folder).first)
        let artifacts = folder.appendingPathComponent(".artifacts").path
        let file30 = goldens.appendingPathComponent("frame_00030.png"), file120 = goldens.appendingPathComponent("frame_00120.png")
        let before120 = try Data(contentsOf: file120)

        // A frame the golden list does not name, or no frame at all: refused with its message, nothing written.
        let before30 = try Data(contentsOf: file30)
        for frame in [60, -1, 100_000] {
            switch scenario.acceptGoldenFrame(frame, artifacts: artifacts) {
            case .success: Issue.record("frame \(frame) was accepted")
            case .failure(let refusal):
                #expect(refusal.message == "\(folder.path)/\(name).yaml: frame \(frame) is not one of its golden frames (30, 120)")
            }
        }
        #expect(try Data(contentsOf: file30) == before30)
        #expect(try Data(contentsOf: file120) == before120)
        #expect(try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted() == ["frame_00030.png", "frame_00120.png"])

        let accepted = try decoded(try scenario.acceptGoldenFrame(30, artifacts: artifacts).get())
        #expect(accepted["wrote"] as? [String] == ["\(folder.path)/__Goldens__/\(name)/frame_00030.png: frame 30 written"])
        #expect(accepted["errors"] as? [String] == [])
        #expect(accepted["accepted"] as? Bool == true)
        // The page lists again: frame 30 passes, frame 120 still fails (and its file is untouched).
        let frames = try #require(accepted["goldens"] as? [[String: Any]])
        #expect(frames.map { "\($0["frame"]!) \($0["passed"]!)" } == ["30 1", "120 0"])
        #expect(accepted["passed"] as? Bool == false)
        #expect(try Data(contentsOf: file120) == before120)
        // Byte for byte what `flick test --record all` writes for frame 30 (same build, same encoder).
        let recorder = ScenarioTests.run(path: recorded.appendingPathComponent("\(name).yaml").path,
                                         options: ScenarioTestOptions(record: .all, reportDirectory: artifacts))
        #expect(recorder.goldens.map(\.frame) == [30, 120])
        let recorder30 = recorded.appendingPathComponent("__Goldens__/\(name)/frame_00030.png")
        let acceptedBytes = try Data(contentsOf: file30), recorderBytes = try Data(contentsOf: recorder30)
        if acceptedBytes != recorderBytes {
            // Which half differs tells drawing from encoding apart: equal pixels in other bytes is the encoder's
            // (issue 38), other pixels the drawing's. Both files are kept when FLICK_TEST_ARTIFACTS names a folder.
            let samePixels = try Bitmap.readPNG(path: file30.path).words == Bitmap.readPNG(path: recorder30.path).words
            if let keep = ProcessInfo.processInfo.environment["FLICK_TEST_ARTIFACTS"], !keep.isEmpty {
                try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
                try? acceptedBytes.write(to: URL(fileURLWithPath: keep).appendingPathComponent("accept-frame_00030.png"))
                try? recorderBytes.write(to: URL(fileURLWithPath: keep).appendingPathComponent("recorder-frame_00030.png"))
            }
            let why = samePixels ? "the pixels are the same: the encoder wrote other bytes" : "the pixels differ: the drawing differs"
            Issue.record("Accept's frame 30 (\(acceptedBytes.count) bytes) is not the recorder's (\(recorderBytes.count) bytes); \(why)")
        }
    }

    @Test func acceptOfAFrameIsAskedForByItsIndexAndNeedsTheToken() {
        func scope(_ query: [String: String]) -> String {
            switch Handler.acceptScope({ query[$0] }) {
            case .success(let scope): return "\(scope)"
            case .failure(let refusal): return refusal.message
            }
        }
        #expect(scope(["frame": "30"]) == "goldenFrame(30)")
        #expect(scope([:]) == "goldens")
        #expect(scope(["all": "1"]) == "everything")
        #expect(scope(["expect": "0", "path": "sheet.top"]) == "expectation(index: 0, path: \"sheet.top\")")
        for bad in ["-1", "x", "", "3.0", "99999999999999999999"] {
            #expect(scope(["frame": bad]) == "expected ?frame=N, the index of one of the scenario's golden frames")
        }
        #expect(scope(["expect": "x"]) == "expected ?expect=N&path=P")
        #expect(RequestGuard.refusal(method: "POST", host: "127.0.0.1:8765", origin: nil, token: nil, needsToken: false,
                                     allowed: ["127.0.0.1:8765"], expectedToken: "secret") == "missing or wrong token")
    }

    @Test func orphansAreThoseInAGoldensFolderBesideAServedFileReachedThroughNoLink() throws {
        let folder = try temporaryFolder()
        let outside = try temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        try String(contentsOf: repository.appendingPathComponent("Examples/sheet-handoff.yaml"), encoding: .utf8)
            .write(to: folder.appendingPathComponent("kept.yaml"), atomically: true, encoding: .utf8)
        let manager = FileManager.default
        for sub in ["kept", "gone"] {
            try manager.createDirectory(at: folder.appendingPathComponent("__Goldens__/\(sub)"), withIntermediateDirectories: true)
            try Data([0x89]).write(to: folder.appendingPathComponent("__Goldens__/\(sub)/frame_00001.png"))
        }
        // A golden folder that is a link out of the served folder: never listed, never removed through.
        try Data([0x89]).write(to: outside.appendingPathComponent("frame_00001.png"))
        try manager.createSymbolicLink(at: folder.appendingPathComponent("__Goldens__/linked"), withDestinationURL: outside)

        let listed = ServedOrphans.list(try served(folder))
        #expect(listed.map(\.shown) == ["\(folder.path)/__Goldens__/gone"])
        #expect(listed.first?.reason == "no scenario file gone.json, .yaml or .yml beside __Goldens__")
        #expect(GoldenPrune.remove(listed.map(\.orphan)).problems == [])
        #expect(!manager.fileExists(atPath: folder.appendingPathComponent("__Goldens__/gone").path))
        #expect(manager.fileExists(atPath: folder.appendingPathComponent("__Goldens__/kept/frame_00001.png").path))
        #expect(manager.fileExists(atPath: outside.appendingPathComponent("frame_00001.png").path))
    }

    /// Issue 36, item 15: an orphan golden folder holding a person's notes is listed by no one and loses nothing; a
    /// Remove that took part of a folder (a file changed in between) names what it removed beside the problem, never
    /// "nothing removed" while the PNG and states.json are gone.
    @Test func anOrphanFolderWithNotesLosesNothingAndAPartialRemoveSaysWhatWent() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try String(contentsOf: repository.appendingPathComponent("Examples/sheet-handoff.yaml"), encoding: .utf8)
            .write(to: folder.appendingPathComponent("kept.yaml"), atomically: true, encoding: .utf8)
        let card = folder.appendingPathComponent("__Goldens__/card")
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        try Data([0x89]).write(to: card.appendingPathComponent("frame_00001.png"))
        try Data("{}".utf8).write(to: card.appendingPathComponent("states.json"))
        try Data("why card looks this way".utf8).write(to: card.appendingPathComponent("notes.txt"))
        #expect(ServedOrphans.list(try served(folder)).isEmpty)
        #expect(GoldenPrune.survey(besides: [folder.appendingPathComponent("kept.yaml").path]).kept.map(\.path) == [card.path])
        #expect(try FileManager.default.contentsOfDirectory(atPath: card.path).sorted() == ["frame_00001.png", "notes.txt", "states.json"])

        let listed = ServedOrphans.Listed(shown: "served/__Goldens__/gone", reason: "", orphan: GoldenPrune.Orphan(
            path: "/abs/__Goldens__/gone", reason: "", files: ["frame_00001.png", "states.json"]))
        let whole = ServedOrphans.answer(GoldenPrune.Removal(removed: ["/abs/__Goldens__/gone/frame_00001.png",
                                                                      "/abs/__Goldens__/gone/states.json", "/abs/__Goldens__/gone/"]), of: listed)
        #expect(whole.removed == ["served/__Goldens__/gone"] && whole.problems.isEmpty)
        let part = ServedOrphans.answer(GoldenPrune.Removal(removed: ["/abs/__Goldens__/gone/frame_00001.png"],
                                                            problems: ["/abs/__Goldens__/gone/states.json: not a regular golden file any more; left alone"]), of: listed)
        #expect(part.removed == ["served/__Goldens__/gone/frame_00001.png"])
        #expect(part.problems == ["served/__Goldens__/gone/states.json: not a regular golden file any more; left alone"])
    }

    @Test func anExpectedValueIsWrittenAsYAMLReadsItBack() {
        #expect(ExpectationProposal.yamlText(.string("full")) == "full")
        #expect(ExpectationProposal.yamlText(.string("yes")) == "\"yes\"")
        #expect(ExpectationProposal.yamlText(.string("two words")) == "\"two words\"")
        #expect(ExpectationProposal.yamlText(.number(67.5200004)) == "67.52")
        #expect(ExpectationProposal.yamlText(.bool(false)) == "false")
        #expect(ExpectationProposal.yamlText(.null) == "null")
    }

    @Test func aPlaceAKeyPathCannotNameIsWrittenByItsSteps() throws {
        let text = "expect:\n  - {at: 0, \"pager.tabs[1].x\": 131}  # quoted\n"
        let edited = try ScenarioTextEdit.apply(steps: [.key("expect"), .index(0), .key("pager.tabs[1].x")], shownPath: "p",
                                                value: "140.5", to: text, file: "f.yaml")
        #expect(edited == "expect:\n  - {at: 0, \"pager.tabs[1].x\": 140.5}  # quoted\n")
    }

    @Test func theReleaseVelocityControlKnowsTheDragsThatReleaseAtDistanceOverDuration() throws {
        let scenario = try ScenarioDecoder.load(path: repository.appendingPathComponent("Examples/sheet-handoff.yaml").path)
        let run = try LiveRun(scenario: scenario, version: 1, previewScale: 1, iconFolders: [])
        // Gestures 0 and 1 hold before lifting (they release at rest); gesture 2 is 100 pt in 0.1 s.
        let drags = run.releaseDrags.text
        #expect(drags == #"[{"gesture": 2, "distance": 100, "duration": 0.1}]"#)
        #expect(run.page(liveScript: "").contains("<script type=\"application/json\" id=\"flick-drags\">\(drags)</script>\n</main>"))
    }
}
