import FlickOutput
import Foundation
import Testing

/// `AtomicFile`, the one atomic writer: its staging-name scheme, the sweep of its own leftovers and its link policy.
@Suite struct AtomicFileTests {
    /// Above any Linux pid_max (4194304 at most): no process has it.
    static let deadPID: Int32 = 2_147_483_000

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func names(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("the staging name carries the destination, the process and a number, and is read back exactly")
    func stagingNames() {
        let name = Staging.name(for: "s.json")
        #expect(name.hasPrefix(".s.json.flick-\(getpid())-") && name.hasSuffix(".partial"))
        #expect(Staging.name(for: "s.json") != name, "each staging name of a process is new")
        #expect(Staging.parse(name)?.name == "s.json" && Staging.parse(name)?.pid == getpid())
        #expect(Staging.parse(".a.b.flick-12-0.partial")?.name == "a.b")
        #expect(Staging.parse(".x.flick-1-2.flick-34-5.partial")?.name == "x.flick-1-2")
        #expect(Staging.parse(".x.flick-34-5.partial")?.pid == 34)
        for other in ["x.flick-34-5.partial", ".x.flick-34-5.partial.bak", ".x.flick-34-5", ".x.flick-34.partial",
                      ".x.flick-34-5-6.partial", ".x.flick--5.partial", ".x.flick-0-5.partial", ".x.flick-3a-5.partial",
                      ".x.flick-+3-5.partial", ".x.flick-3-x.partial", "..flick-34-5.partial", ".x.partial-34-5",
                      ".x.flick-save-0A1B", ".x.flick-99999999999-5.partial", ".partial", ".flick-1-2.partial"] {
            #expect(Staging.parse(other) == nil, "\(other)")
        }
    }

    @Test("a dead process's staging files are swept at the first write into a folder; a live one's, a link, a folder and look-alikes stay")
    func sweep() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fm = FileManager.default
        let dead = ".s.json.flick-\(Self.deadPID)-4.partial"
        let live = ".s.json.flick-\(getpid())-999999.partial"
        let otherName = ".t.json.flick-\(Self.deadPID)-4.partial"
        let lookAlikes = [".s.json.flick-\(Self.deadPID)-x.partial", ".s.json.partial-\(Self.deadPID)-4",
                          ".s.json.flick-\(Self.deadPID)-4.partial.bak", "s.json.flick-\(Self.deadPID)-4.partial",
                          ".s.json.flick-save-\(Self.deadPID)"]
        for name in [dead, live, otherName] + lookAlikes {
            try Data("user's".utf8).write(to: folder.appendingPathComponent(name))
        }
        // A link and a folder named by the scheme are not staging files of a file writer: left alone.
        let outside = folder.appendingPathComponent("outside.txt")
        try Data("keep".utf8).write(to: outside)
        let link = ".s.json.flick-\(Self.deadPID)-5.partial", subfolder = ".s.json.flick-\(Self.deadPID)-6.partial"
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent(link).path, withDestinationPath: outside.path)
        try fm.createDirectory(at: folder.appendingPathComponent(subfolder), withIntermediateDirectories: false)

        try AtomicFile.write(Data("new".utf8), to: folder.appendingPathComponent("s.json").path, links: .refuse)
        #expect(try Self.names(folder) == ([live, link, subfolder, "outside.txt", "s.json"] + lookAlikes).sorted())
        #expect(try Data(contentsOf: outside) == Data("keep".utf8))
        for name in [live] + lookAlikes {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == Data("user's".utf8), "\(name)")
        }
        #expect(Staging.leftovers(in: folder.path, name: nil).map { ($0 as NSString).lastPathComponent } == [subfolder])
        #expect(Staging.leftovers(in: folder.path, name: "t.json").isEmpty)
        // Swept once a folder: a dead process's staging file that appears later stays until the next process.
        try Data("later".utf8).write(to: folder.appendingPathComponent(otherName))
        try AtomicFile.write(Data("again".utf8), to: folder.appendingPathComponent("s.json").path, links: .refuse)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(otherName).path))
    }

    @Test("a link at the destination: refused with a clear error, followed, or replaced")
    func links() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fm = FileManager.default
        let target = folder.appendingPathComponent("target.txt"), link = folder.appendingPathComponent("link.txt")
        try Data("old".utf8).write(to: target)
        try fm.createSymbolicLink(atPath: link.path, withDestinationPath: "target.txt")

        var message = ""
        do {
            try AtomicFile.write(Data("new".utf8), to: link.path, links: .refuse)
        } catch {
            message = "\(error)"
        }
        #expect(message == "cannot write \(link.path): it is a symbolic link, and flick does not write through it here; "
            + "remove the link or choose another file")
        #expect(try Data(contentsOf: target) == Data("old".utf8))
        #expect(try Self.names(folder) == ["link.txt", "target.txt"], "nothing staged is left")

        try AtomicFile.write(Data("followed".utf8), to: link.path, links: .follow)
        #expect(try fm.destinationOfSymbolicLink(atPath: link.path) == "target.txt", "the link stays")
        #expect(try Data(contentsOf: target) == Data("followed".utf8))

        try AtomicFile.write(Data("replaced".utf8), to: link.path, links: .replace)
        #expect((try? fm.destinationOfSymbolicLink(atPath: link.path)) == nil, "the link became a file")
        #expect(try Data(contentsOf: link) == Data("replaced".utf8))
        #expect(try Data(contentsOf: target) == Data("followed".utf8), "what the link pointed to is untouched")
        #expect(try Self.names(folder) == ["link.txt", "target.txt"])
    }

    @Test("a folder at the destination is refused; the replaced file keeps its permissions; abandon leaves the old file")
    func folderPermissionsAndAbandon() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        #expect(throws: FileWriteError(path: folder.path + "/sub", reason: "it is a folder")) {
            try AtomicFile.write(Data(), to: folder.path + "/sub", links: .follow)
        }
        #expect(throws: FileWriteError(path: folder.path + "/missing/x", reason: "the folder \(folder.path)/missing does not exist")) {
            try AtomicFile.write(Data(), to: folder.path + "/missing/x", links: .follow)
        }
        let file = folder.appendingPathComponent("f.txt")
        try Data("old".utf8).write(to: file)
        try fm.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        try AtomicFile.write(Data("new".utf8), to: file.path, links: .follow)
        #expect((try fm.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o640)

        let abandoned = try AtomicFile(path: file.path, links: .follow)
        try abandoned.write("never")
        #expect(try Self.names(folder).count == 3, "the staging file is there while writing")
        abandoned.abandon()
        do {
            let dropped = try AtomicFile(path: file.path, links: .follow)
            try dropped.write("never either")
        }
        #expect(try Self.names(folder) == ["f.txt", "sub"])
        #expect(try Data(contentsOf: file) == Data("new".utf8))

        let cancelled = try AtomicFile(path: file.path, links: .follow)
        try cancelled.write("cancelled")
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(throws: RenderCancelled.self) { try cancelled.commit(cancellation: cancellation) }
        #expect(try Self.names(folder) == ["f.txt", "sub"])
        #expect(try Data(contentsOf: file) == Data("new".utf8))
    }
}
