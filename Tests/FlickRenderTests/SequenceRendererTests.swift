import FlickCore
@testable import FlickRender
import Foundation
import Testing

/// `flick render`'s output folder: names, states.json, determinism, and never deleting what flick did not write.
@Suite struct SequenceRendererTests {
    static func shortScenario() throws -> Scenario {
        var scenario = try Fixtures.example("rubber-band-pull.yaml")
        scenario.viewport.scale = 1
        return scenario
    }

    static func files(_ folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        for path in OutputFolder.files(under: folder) {
            result[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
        }
        return result
    }

    @Test func writesFramesStatesAndManifest() throws {
        let scenario = try Self.shortScenario()
        let out = try Fixtures.temporaryFolder("layout")
        defer { try? FileManager.default.removeItem(at: out) }
        let summary = try SequenceRenderer.render(scenario, to: out.appendingPathComponent(scenario.name),
                                                  options: SequenceOptions(format: .both, frames: 10...14, jobs: 2))
        #expect(summary.framesWritten == 5)
        let files = Self.files(out.appendingPathComponent(scenario.name)).keys.sorted()
        let expected = [".flick-output"] + (10...14).flatMap { ["frames/frame_000\($0).png", "frames/frame_000\($0).svg"] }
            + ["states.json"]
        #expect(files == expected.sorted())
        // states.json is the document `flick states` prints, for every frame.
        let states = try String(contentsOf: out.appendingPathComponent(scenario.name + "/states.json"), encoding: .utf8)
        #expect(states == StatesWriter.document(scenario, frames: Simulation.frames(of: scenario), format: .json))
        // Nothing is left beside the destination.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [scenario.name])
    }

    @Test func frameNamesHaveAtLeastFiveDigits() {
        #expect(SequenceRenderer.frameFileName(7, count: 181, extension: "png") == "frame_00007.png")
        #expect(SequenceRenderer.frameFileName(7, count: 100_000, extension: "svg") == "frame_00007.svg")
        #expect(SequenceRenderer.frameFileName(7, count: 100_001, extension: "png") == "frame_000007.png")
    }

    @Test func sameInputGivesByteIdenticalFiles() throws {
        let scenario = try Self.shortScenario()
        let out = try Fixtures.temporaryFolder("determinism")
        defer { try? FileManager.default.removeItem(at: out) }
        // Different thread counts, so frames meet Cairo's per-process counters in different orders.
        _ = try SequenceRenderer.render(scenario, to: out.appendingPathComponent("a"),
                                        options: SequenceOptions(format: .both, frames: 20...27, jobs: 2))
        _ = try SequenceRenderer.render(scenario, to: out.appendingPathComponent("b"),
                                        options: SequenceOptions(format: .both, frames: 20...27, jobs: 1))
        let a = Self.files(out.appendingPathComponent("a")), b = Self.files(out.appendingPathComponent("b"))
        #expect(a.count == 18)
        for (name, data) in a {
            #expect(b[name] == data, "\(name) differs between runs")
        }
    }

    @Test func replacesItsOwnOutputButRefusesOtherFolders() throws {
        let scenario = try Self.shortScenario()
        let out = try Fixtures.temporaryFolder("safety")
        defer { try? FileManager.default.removeItem(at: out) }
        let destination = out.appendingPathComponent(scenario.name)
        let options = SequenceOptions(format: .png, frames: 0...3, jobs: 2)
        _ = try SequenceRenderer.render(scenario, to: destination, options: options)
        // A second render replaces the first, which had more frames: the old extra frames go.
        _ = try SequenceRenderer.render(scenario, to: destination, options: SequenceOptions(format: .png, frames: 0...1, jobs: 2))
        #expect(Self.files(destination).keys.filter { $0.hasPrefix("frames/") }.sorted()
                == ["frames/frame_00000.png", "frames/frame_00001.png"])

        // A file flick did not write makes it refuse, and it stays.
        let notes = destination.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: notes)
        #expect(throws: RenderError.self) { try SequenceRenderer.render(scenario, to: destination, options: options) }
        #expect(FileManager.default.fileExists(atPath: notes.path))

        // A folder without a manifest is never replaced.
        let foreign = out.appendingPathComponent("foreign")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: foreign.appendingPathComponent("frame_00000.png"))
        do {
            _ = try SequenceRenderer.render(scenario, to: foreign, options: options)
            Issue.record("rendered over a folder flick did not write")
        } catch let error as RenderError {
            #expect(error.description.contains("was not written by flick"), "message: \(error.description)")
        }
        #expect(FileManager.default.contents(atPath: foreign.appendingPathComponent("frame_00000.png").path) == Data("x".utf8))
        // No staging folders are left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".") }.isEmpty)
    }
}
