import Foundation
import Testing
import FlickOutput

/// `OpenFolder`: writes and removals relative to a folder's descriptor never go through a link swapped in for a
/// folder or a file (issue 36, items 6 and 15).
@Suite struct OpenFolderTests {
    /// A folder with `victim/` beside `root/`, and `victim/keep.txt` that must survive.
    static func layout() throws -> (top: URL, root: URL, victim: URL) {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("flick-open-folder-\(UUID().uuidString)")
        let root = top.appendingPathComponent("root"), victim = top.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
        try "mine".write(to: victim.appendingPathComponent("keep.txt"), atomically: true, encoding: .utf8)
        return (top, root, victim)
    }

    /// `rep/sg -> ../victim`: a folder below the root that is a link is refused, and nothing lands in victim/.
    @Test func aLinkWhereAFolderShouldBeIsRefused() throws {
        let (top, root, victim) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: top) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("sg").path, withDestinationPath: "../victim")
        let folder = try OpenFolder(path: root.path)
        var message = ""
        do {
            try folder.folder("sg/states", create: true).write(Data("plot".utf8), to: "x.svg")
        } catch {
            message = "\(error)"
        }
        #expect(message == "\(root.path)/sg is a symbolic link; Flick never writes through a link")
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path) == ["keep.txt"])
    }

    /// A link where the file goes is replaced by the new file, never written through; its target keeps its bytes.
    @Test func aLinkWhereTheFileGoesIsReplaced() throws {
        let (top, root, victim) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: top) }
        let sub = try OpenFolder(path: root.path).folder("g/frames", create: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("g/frames/frame_00000.png").path,
                                                   withDestinationPath: victim.appendingPathComponent("keep.txt").path)
        try sub.write(Data("png".utf8), to: "frame_00000.png")
        #expect(try String(contentsOf: victim.appendingPathComponent("keep.txt"), encoding: .utf8) == "mine")
        #expect(try String(contentsOf: root.appendingPathComponent("g/frames/frame_00000.png"), encoding: .utf8) == "png")
        #expect(sub.names() == ["frame_00000.png"])
    }

    /// A folder opened once stays that folder: swapping its path for a link afterwards does not move the writes
    /// or removals there (the check and the use are the same descriptor).
    @Test func aFolderSwappedForALinkAfterItWasOpened() throws {
        let (top, root, victim) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: top) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("g"), withIntermediateDirectories: true)
        try "old".write(to: root.appendingPathComponent("g/keep.txt"), atomically: true, encoding: .utf8)
        let opened = try OpenFolder(path: root.path).folder("g", create: false)
        try FileManager.default.moveItem(at: root.appendingPathComponent("g"), to: top.appendingPathComponent("moved"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("g").path, withDestinationPath: victim.path)
        #expect(opened.removeFile("keep.txt") == nil)
        try opened.write(Data("new".utf8), to: "frame_00001.png")
        #expect(try String(contentsOf: victim.appendingPathComponent("keep.txt"), encoding: .utf8) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path) == ["keep.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: top.appendingPathComponent("moved").path) == ["frame_00001.png"])
        // A link is never removed as a file either.
        #expect(try OpenFolder(path: root.path).removeFile("g") == "not a regular file; left alone")
    }
}
