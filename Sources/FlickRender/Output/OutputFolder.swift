import Foundation

/// A render's destination folder, written safely (SPEC §1): everything goes into a hidden temporary folder
/// beside the destination, which is renamed into place only when complete, so an interrupted render never
/// leaves a sequence that looks complete.
///
/// Flick deletes only what it wrote. Each output folder holds a manifest, `.flick-render`, listing every file
/// the render wrote; a destination that exists is replaced only if it has a manifest and holds nothing else,
/// and then only the files its manifest lists are deleted.
/// `write` and `record` may be called from any thread; `commit` and `abandon` only by the owner.
public final class OutputFolder: @unchecked Sendable {
    /// The manifest's name inside an output folder.
    public static let manifestName = ".flick-render"
    static let manifestHeader = "# flick render output: the files below were written by flick and are replaced by the next render"

    public let destination: URL
    /// Where the render is written until `commit()`.
    public let staging: URL
    private var written: [String] = []
    private let lock = NSLock()
    private var finished = false

    /// Checks that `destination` may be replaced and creates the staging folder beside it.
    public init(destination: URL) throws {
        self.destination = destination.standardizedFileURL
        let fm = FileManager.default
        let parent = self.destination.deletingLastPathComponent()
        try OutputFolder.checkReplaceable(self.destination)
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw RenderError("cannot create the folder \(parent.path): \(OutputFolder.reason(error))")
        }
        var attempt = 0
        var staging: URL
        while true {
            staging = parent.appendingPathComponent(".\(self.destination.lastPathComponent).partial-\(getpid())-\(attempt)")
            if mkdir(staging.path, 0o755) == 0 { break }
            guard errno == EEXIST, attempt < 1000 else {
                throw RenderError("cannot create \(staging.path): \(String(cString: strerror(errno)))")
            }
            attempt += 1
        }
        self.staging = staging
    }

    /// Throws unless `destination` is absent or a previous flick render's output holding only files it listed.
    static func checkReplaceable(_ destination: URL) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: destination.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw RenderError("\(destination.path) exists and is not a folder; flick will not replace it")
        }
        guard let listed = manifest(of: destination) else {
            throw RenderError("\(destination.path) exists and was not written by flick render (it has no \(manifestName)); "
                + "move it away or choose another --out")
        }
        let foreign = files(under: destination).filter { !listed.contains($0) && $0 != manifestName }
        if !foreign.isEmpty {
            let shown = foreign.prefix(5).joined(separator: ", ") + (foreign.count > 5 ? ", …" : "")
            throw RenderError("\(destination.path) holds files flick did not write (\(shown)); "
                + "move them away or choose another --out")
        }
    }

    /// The relative paths a folder's manifest lists, or nil when it has none.
    static func manifest(of folder: URL) -> Set<String>? {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(manifestName), encoding: .utf8),
              text.hasPrefix(manifestHeader) else { return nil }
        return Set(text.split(separator: "\n").dropFirst().map(String.init))
    }

    /// Relative paths of the regular files under `folder`.
    static func files(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory),
               !isDirectory.boolValue {
                result.append(path)
            }
        }
        return result.sorted()
    }

    /// Creates a folder inside the staging folder (`frames`).
    public func createFolder(_ relativePath: String) throws {
        do {
            try FileManager.default.createDirectory(at: staging.appendingPathComponent(relativePath),
                                                    withIntermediateDirectories: true)
        } catch {
            throw RenderError("cannot create \(staging.appendingPathComponent(relativePath).path): \(OutputFolder.reason(error))")
        }
    }

    /// Writes one file of the render (thread-safe).
    public func write(_ data: Data, to relativePath: String) throws {
        // Recorded first, so a file left half-written by a failure is still removed by `abandon()`.
        record(relativePath)
        try OutputFolder.writeFile(data, to: staging.appendingPathComponent(relativePath).path)
    }

    /// Notes a file written into the staging folder by other means (a stream), for the manifest.
    public func record(_ relativePath: String) {
        lock.lock()
        written.append(relativePath)
        lock.unlock()
    }

    /// Writes the manifest and moves the staging folder into place, replacing a previous render's output.
    public func commit() throws {
        let fm = FileManager.default
        let list = ([OutputFolder.manifestHeader] + written.sorted()).joined(separator: "\n") + "\n"
        try write(Data(list.utf8), to: OutputFolder.manifestName)
        // Check again: the destination may have changed while rendering.
        try OutputFolder.checkReplaceable(destination)
        var previous: URL?
        if fm.fileExists(atPath: destination.path) {
            let aside = destination.deletingLastPathComponent()
                .appendingPathComponent(".\(destination.lastPathComponent).replaced-\(getpid())")
            guard rename(destination.path, aside.path) == 0 else {
                throw RenderError("cannot move the previous \(destination.path) aside: \(String(cString: strerror(errno)))")
            }
            previous = aside
        }
        guard rename(staging.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if let previous { _ = rename(previous.path, destination.path) }
            throw RenderError("cannot move the render into \(destination.path): \(reason)")
        }
        finished = true
        if let previous { OutputFolder.removeListedFiles(in: previous) }
    }

    /// Deletes what this render wrote into the staging folder, and the folder if that leaves it empty.
    public func abandon() {
        guard !finished else { return }
        finished = true
        lock.lock()
        let files = written
        lock.unlock()
        OutputFolder.remove(files, in: staging)
    }

    /// Deletes the files a previous render's manifest lists, then its folders that are left empty.
    static func removeListedFiles(in folder: URL) {
        guard let listed = manifest(of: folder) else { return }
        remove(Array(listed) + [manifestName], in: folder)
    }

    private static func remove(_ files: [String], in folder: URL) {
        let fm = FileManager.default
        var folders = Set<String>()
        for file in files {
            try? fm.removeItem(at: folder.appendingPathComponent(file))
            var parent = (file as NSString).deletingLastPathComponent
            while !parent.isEmpty { folders.insert(parent); parent = (parent as NSString).deletingLastPathComponent }
        }
        // Deepest first; rmdir fails (and so keeps) any folder that still holds something.
        for sub in folders.sorted(by: { $0.count > $1.count }) { rmdir(folder.appendingPathComponent(sub).path) }
        rmdir(folder.path)
    }

    /// Writes a new file with plain POSIX calls: Foundation's `Data.write` stages and syncs every file, which
    /// costs more than encoding a frame, and the staging folder already makes the whole render atomic.
    static func writeFile(_ data: Data, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw RenderError("cannot write \(path): \(String(cString: strerror(errno)))") }
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 { throw RenderError("cannot write \(path): \(String(cString: strerror(failure)))") }
    }

    static func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
