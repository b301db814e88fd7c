import FlickOutput
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a scenario may read files from (docs/scenario-format.md, "Files a scenario reads"): the folder its file is
/// in and that folder's subfolders, every link followed. A scenario comes from anyone (a pull request), and the
/// files it names are read by `flick validate` in CI: a path that leaves the folder, as written (`/etc/passwd`,
/// `../../x`) or through a link (`rows.csv -> /etc/passwd`), is refused before the file is opened.
public enum ScenarioFolder {
    /// The real path (links followed) of the folder `scenarioFile` is in: the one folder tree its files come from.
    public static func root(ofScenario scenarioFile: String) -> String {
        let folder = URL(fileURLWithPath: scenarioFile).deletingLastPathComponent().standardizedFileURL.path
        return realPath(folder) ?? folder
    }

    /// `name` (absolute, or relative to the folder of `base`) as an absolute path, or why it may not be read: its
    /// real location, links followed, is not inside `root` (a real path). A path that names nothing yet is
    /// judged by its folder's real path, so that "no such file" is said only of a file the scenario may read.
    public static func resolve(_ name: String, from base: String, within root: String) -> Result<String, OutsideFolder> {
        let path: String
        if name.hasPrefix("/") {
            path = URL(fileURLWithPath: name).standardizedFileURL.path
        } else {
            path = URL(fileURLWithPath: base).deletingLastPathComponent().appendingPathComponent(name).standardizedFileURL.path
        }
        guard contains(root, existingRealPath(path)) else { return .failure(OutsideFolder(name: name, root: root)) }
        record?.add(path)
        return .success(path)
    }

    /// The files `resolve` let through while `recording` runs: every file a scenario names (rows, thumbnails,
    /// pictures, fonts, recordings, icons looked up), whether or not it exists yet. `flick serve` watches them.
    @TaskLocal static var record: FileRecord?

    /// `body`'s result and the paths `resolve` gave while it ran, in order, each once (at most `FileRecord.limit`).
    public static func recording<T>(_ body: () -> T) -> (value: T, files: [String]) {
        let record = FileRecord()
        let value = $record.withValue(record) { body() }
        return (value, record.paths)
    }

    /// The paths `recording` collects.
    final class FileRecord: Sendable {
        /// The most paths kept: a scenario naming more (rows with thousands of thumbnails) has the first watched.
        static let limit = 1_000
        private let record = Locked((seen: Set<String>(), paths: [String]()))

        func add(_ path: String) {
            record.withLock { record in
                guard record.paths.count < Self.limit, record.seen.insert(path).inserted else { return }
                record.paths.append(path)
            }
        }

        var paths: [String] { record.withLock { $0.paths } }
    }

    /// The real path of `path` (standardized, absolute): of its deepest part that exists, with the parts that do not
    /// exist yet after it (they hold no `..` and no link).
    static func existingRealPath(_ path: String) -> String {
        var head = path, tail: [String] = []
        while head != "/" {
            if let real = realPath(head) {
                return tail.reversed().reduce(real) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
            }
            let url = URL(fileURLWithPath: head)
            tail.append(url.lastPathComponent)
            head = url.deletingLastPathComponent().path
        }
        return tail.reversed().reduce("") { $0 + "/" + $1 }
    }

    /// Whether `path` (a real path) is `root` or lies under it.
    static func contains(_ root: String, _ path: String) -> Bool {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path == root || path.hasPrefix(prefix)
    }

    /// `path` with every link followed and `.`/`..` removed, or nil when some part of it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A file a scenario names that lies outside its folder.
    public struct OutsideFolder: Error, CustomStringConvertible, Sendable {
        public var name: String
        public var root: String
        public var description: String {
            "\(name) is outside the scenario's folder \(root) (links followed); a scenario reads files only from its own folder and the folders in it (docs/scenario-format.md, \"Files a scenario reads\")"
        }
    }
}
