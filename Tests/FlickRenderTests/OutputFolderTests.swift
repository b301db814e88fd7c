import FlickCore
@testable import FlickOutput
@testable import FlickRender
import Foundation
import Testing

/// The one safe writer of output folders: commit rules, manifests, leftovers, cancellation.
@Suite struct OutputFolderTests {
    static func scenario() throws -> Scenario {
        var scenario = try Fixtures.example("rubber-band-pull.yaml")
        scenario.viewport.scale = 1
        return scenario
    }

    @Test("A cancellation after the last frame, before the commit, commits nothing")
    func cancelledAfterTheLastFrame() throws {
        let out = try Fixtures.temporaryFolder("cancel-last")
        defer { try? FileManager.default.removeItem(at: out) }
        let cancellation = Cancellation()
        let options = SequenceOptions(format: .png, frames: 0...2, jobs: 2, cancellation: cancellation)
        #expect(throws: RenderCancelled.self) {
            _ = try SequenceRenderer.render(try Self.scenario(), to: out.appendingPathComponent("rubber-band-pull"),
                                            options: options) { done, total in
                if done == total { cancellation.cancel() }
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [])
    }

    @Test("Folders written by earlier versions (.flick-render, .flick-diff) are replaced; their other files are not")
    func legacyManifests() throws {
        let out = try Fixtures.temporaryFolder("legacy")
        defer { try? FileManager.default.removeItem(at: out) }
        let render = out.appendingPathComponent("render")
        try FileManager.default.createDirectory(at: render.appendingPathComponent("frames"), withIntermediateDirectories: true)
        try Data("# flick render output: the files below were written by flick and are replaced by the next render\nframes/frame_00000.png\nstates.json\n".utf8)
            .write(to: render.appendingPathComponent(".flick-render"))
        try Data("png".utf8).write(to: render.appendingPathComponent("frames/frame_00000.png"))
        try Data("{}".utf8).write(to: render.appendingPathComponent("states.json"))
        let folder = try OutputFolder(destination: render)
        try folder.write(Data("new".utf8), to: "new.txt")
        #expect(try folder.commit() == [])
        #expect(OutputFolder.files(under: render) == [".flick-output", "new.txt"])

        let diff = out.appendingPathComponent("diff")
        try FileManager.default.createDirectory(at: diff, withIntermediateDirectories: true)
        try Data("a.diff.png\n".utf8).write(to: diff.appendingPathComponent(".flick-diff"))
        try Data("png".utf8).write(to: diff.appendingPathComponent("a.diff.png"))
        try Data("mine".utf8).write(to: diff.appendingPathComponent("notes.txt"))
        #expect(throws: RenderError.self) { _ = try OutputFolder(destination: diff) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: diff.path).sorted() == [".flick-diff", "a.diff.png", "notes.txt"])
    }

    @Test("A manifest naming paths outside its folder never deletes them")
    func manifestCannotReachOutside() throws {
        let out = try Fixtures.temporaryFolder("outside")
        defer { try? FileManager.default.removeItem(at: out) }
        let victim = out.appendingPathComponent("victim.txt")
        try Data("mine".utf8).write(to: victim)
        let previous = out.appendingPathComponent("previous")
        try FileManager.default.createDirectory(at: previous, withIntermediateDirectories: true)
        try Data((OutputFolder.manifestHeader + "\n../victim.txt\n/\(victim.path)\n").utf8)
            .write(to: previous.appendingPathComponent(OutputFolder.manifestName))
        let folder = try OutputFolder(destination: previous)
        #expect(try folder.commit() == [])
        #expect(try Data(contentsOf: victim) == Data("mine".utf8))
    }

    @Test("Staging folders of processes no longer running are removed; a running process's are kept")
    func leftovers() throws {
        let out = try Fixtures.temporaryFolder("leftovers")
        defer { try? FileManager.default.removeItem(at: out) }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/sh")
        finished.arguments = ["-c", "exit 0"]
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier
        let fm = FileManager.default
        for name in [".name.flick-\(dead)-0.partial/frames", ".name.flick-1-0.partial", ".other.flick-\(dead)-0.partial", ".name.flick-x-0.partial",
                     ".name.partial-\(dead)-0"] {
            try fm.createDirectory(at: out.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try Data("png".utf8).write(to: out.appendingPathComponent(".name.flick-\(dead)-0.partial/frames/frame_00000.png"))
        // A link in a dead process's staging folder is removed, not followed.
        let kept = out.appendingPathComponent("kept")
        try fm.createDirectory(at: kept, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: kept.appendingPathComponent("file"))
        try fm.createSymbolicLink(atPath: out.appendingPathComponent(".name.flick-\(dead)-0.partial/link").path, withDestinationPath: kept.path)
        let folder = try OutputFolder(destination: out.appendingPathComponent("name"))
        folder.abandon()
        // Another output's staging left by a dead process goes too (a killed render of another scenario).
        #expect(try fm.contentsOfDirectory(atPath: out.path).sorted() == [".name.flick-1-0.partial", ".name.flick-x-0.partial", ".name.partial-\(dead)-0", "kept"])
        #expect(try Data(contentsOf: kept.appendingPathComponent("file")) == Data("mine".utf8))
    }

    @Test("abandon() removes everything it wrote and the folders it created")
    func abandonRemovesAll() throws {
        let out = try Fixtures.temporaryFolder("abandon")
        defer { try? FileManager.default.removeItem(at: out) }
        let folder = try OutputFolder(destination: out.appendingPathComponent("a/b/name"))
        try folder.createFolder("frames")
        try folder.write(Data("x".utf8), to: "frames/one.png")
        let writer = try folder.writer("states.json")
        try writer.write("{")
        folder.abandon()
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [])
    }

    @Test("A file's staging files left by processes no longer running go; an abandoned file leaves the old one as it was")
    func outputFileLeftovers() throws {
        let out = try Fixtures.temporaryFolder("file-leftovers")
        defer { try? FileManager.default.removeItem(at: out) }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/sh")
        finished.arguments = ["-c", "exit 0"]
        try finished.run()
        finished.waitUntilExit()
        let fm = FileManager.default
        let target = out.appendingPathComponent("s.json")
        try Data("old".utf8).write(to: target)
        try Data("partial".utf8).write(to: out.appendingPathComponent(".s.json.flick-\(finished.processIdentifier)-0.partial"))
        try Data("running".utf8).write(to: out.appendingPathComponent(".s.json.flick-1-0.partial"))
        let file = try OutputFile(path: target.path)
        try file.write("new")
        file.abandon()
        #expect(try fm.contentsOfDirectory(atPath: out.path).sorted() == [".s.json.flick-1-0.partial", "s.json"])
        #expect(try Data(contentsOf: target) == Data("old".utf8))
        let again = try OutputFile(path: target.path)
        try again.write("new")
        try again.commit()
        #expect(try Data(contentsOf: target) == Data("new".utf8))
    }
}
