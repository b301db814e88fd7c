import FlickDiff
import Foundation

/// The folder `flick diff --out` writes diff images into. It must be new, empty, or one an earlier
/// `flick diff` wrote into; the files that earlier run wrote (listed in the folder's manifest) are removed
/// first, so stale diff images never mix with fresh ones, and any other file is never touched.
final class DiffOutputFolder: @unchecked Sendable {
    /// The list of files flick diff wrote into the folder, one name a line.
    static let manifestName = ".flick-diff"

    let path: String
    private let lock = NSLock()
    private var ours: [String] = []
    /// Files in the folder that flick diff did not write.
    private let foreign: Set<String>

    /// The number of images completely written so far.
    var written: Int { lock.withLock { completed } }
    private var completed = 0

    init(path: String) throws(ImageError) {
        self.path = path
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            do {
                try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw .cannotWrite(path: path, reason: "cannot create the folder (\(error.localizedDescription))")
            }
            foreign = []
            try writeManifest()
            return
        }
        guard isDirectory.boolValue else { throw .cannotWrite(path: path, reason: "it is a file, not a folder") }
        var contents: [String]
        do {
            contents = try manager.contentsOfDirectory(atPath: path)
        } catch {
            throw .cannotWrite(path: path, reason: "cannot list the folder")
        }
        // Images an interrupted flick diff was writing (the hidden files they are written to) are its own.
        for name in contents where ImageFile.isLeftoverPartial(name) {
            if (try? manager.removeItem(atPath: path + "/" + name)) != nil { contents.removeAll { $0 == name } }
        }
        let manifest = path + "/" + Self.manifestName
        if contents.isEmpty {
            foreign = []
        } else if let listed = try? String(contentsOfFile: manifest, encoding: .utf8) {
            let previous = Set(listed.split(separator: "\n").map(String.init).filter(Self.isPlainName))
            for name in previous where contents.contains(name) {
                do {
                    try manager.removeItem(atPath: path + "/" + name)
                } catch {
                    throw .cannotWrite(path: path, reason: "cannot remove \(name), written by an earlier flick diff")
                }
            }
            foreign = Set(contents).subtracting(previous).subtracting([Self.manifestName])
        } else {
            throw .cannotWrite(path: path, reason: "the folder holds files flick diff did not write; give a new or an empty folder")
        }
        try writeManifest()
    }

    /// Writes `image` as `name` in the folder, recording it in the manifest first; the file appears only
    /// once complete (`Bitmap.writePNG`).
    func write(_ image: Bitmap, named name: String) throws(ImageError) {
        let target = path + "/" + name
        guard !foreign.contains(name) else {
            throw .cannotWrite(path: target, reason: "a file flick diff did not write is there; it was left alone")
        }
        let recorded = lock.withLock { () -> Result<Void, ImageError> in
            ours.append(name)
            return Result { () throws(ImageError) in try writeManifest() }
        }
        try recorded.get()
        try image.writePNG(path: target)
        lock.withLock { completed += 1 }
    }

    /// Call with the lock held (or before any thread shares the folder).
    private func writeManifest() throws(ImageError) {
        let manifest = path + "/" + Self.manifestName
        let text = ours.sorted().map { $0 + "\n" }.joined()
        do {
            try text.write(toFile: manifest, atomically: true, encoding: .utf8)
        } catch {
            throw .cannotWrite(path: manifest, reason: error.localizedDescription)
        }
    }

    /// A name inside the folder: no separator, not `.` or `..`.
    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && name != "." && name != ".."
    }
}
