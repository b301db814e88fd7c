import FlickCore
import Foundation

/// The scenario files `flick serve` serves, found once at the start: the files given, and every `.yaml`, `.yml`
/// and `.json` file below a folder given (hidden entries and `__Goldens__` folders skipped). Every path is
/// resolved through its symbolic links and kept only when it lies inside the folder it was found in, so no
/// request can reach a file outside it: requests name a scenario by id, and the ids come from this list.
public enum ServedFiles {
    public struct Entry: Equatable, Sendable {
        public var id: String
        /// Symbolic links resolved.
        public var path: String
        /// As given on the command line, or below the folder given.
        public var shownPath: String
    }

    /// The entries for the command line's arguments, or the problem with one of them.
    public static func find(_ arguments: [String]) throws(ServeProblem) -> [Entry] {
        var warnings: [String] = []
        return try find(arguments, warnings: &warnings)
    }

    /// The entries, and in `warnings` what was left out: the files past `maximumFiles` of a folder, counted.
    public static func find(_ arguments: [String], warnings: inout [String]) throws(ServeProblem) -> [Entry] {
        let entries = try scan(arguments, warnings: &warnings)
        guard !entries.isEmpty else { throw ServeProblem("error: no scenario files (.yaml, .yml, .json) in \(arguments.joined(separator: ", "))") }
        return entries
    }

    /// As `find`, but an argument's folder with no scenario files left gives an empty list, not an error: what
    /// `flick serve` looks for again while it runs (a new file in a served folder appears, a removed one goes).
    public static func scan(_ arguments: [String], warnings: inout [String]) throws(ServeProblem) -> [Entry] {
        var found: [(root: String, path: String, shown: String)] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw ServeProblem("\(argument): error: no such file or folder")
            }
            if isDirectory.boolValue {
                let root = resolved(argument)
                let listed = scenarioFiles(below: root)
                if listed.dropped > 0 {
                    warnings.append("warning: \(argument): serving the first \(maximumFiles) scenario files; \(listed.dropped) more were left out (serve a folder inside it, or name the files)")
                }
                for relative in listed.files {
                    let path = resolved(root + "/" + relative)
                    guard inside(path, root) else { continue }
                    found.append((root, path, (argument as NSString).appendingPathComponent(relative)))
                }
            } else {
                let ext = (argument as NSString).pathExtension.lowercased()
                guard ScenarioDecoder.supportedExtensions.contains(ext) else {
                    throw ServeProblem("\(argument): error: not a scenario file (.yaml, .yml or .json) or a folder")
                }
                let path = resolved(argument)
                found.append(((path as NSString).deletingLastPathComponent, path, argument))
            }
        }
        var entries: [Entry] = []
        for item in found where !entries.contains(where: { $0.path == item.path }) {
            let relative = String(item.path.dropFirst(item.root.count + 1))
            var id = ((relative as NSString).deletingPathExtension).replacingOccurrences(of: "/", with: "~")
            if entries.contains(where: { $0.id == id }) { id += "." + (relative as NSString).pathExtension }
            while entries.contains(where: { $0.id == id }) { id += "~" }
            entries.append(Entry(id: id, path: item.path, shownPath: item.shown))
        }
        return entries
    }

    /// `path` with every symbolic link resolved (realpath), or standardized when it cannot be.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return (path as NSString).standardizingPath }
        defer { free(real) }
        return String(cString: real)
    }

    /// Whether `path` is `root` or below it.
    static func inside(_ path: String, _ root: String) -> Bool {
        path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The most scenario files served from one folder.
    public static let maximumFiles = 1_000

    /// Scenario files below `root`, relative to it, sorted; hidden entries and `__Goldens__` skipped. At most
    /// `limit` files (`dropped` counts those left out, up to 100,000 looked at) and `depth` folders deep, so a huge
    /// tree cannot stall the start. A link is followed only when its real path lies inside `root` (a link to `/`
    /// is skipped, not walked), and a folder reached twice is walked once.
    static func scenarioFiles(below root: String, limit: Int = maximumFiles, depth: Int = 8) -> (files: [String], dropped: Int) {
        var out: [String] = []
        var dropped = 0, looked = 0
        var walked = Set<String>()
        func walk(_ relative: String, _ level: Int) {
            let folder = relative.isEmpty ? root : root + "/" + relative
            guard level <= depth, walked.insert(resolved(folder)).inserted,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names.sorted() where !name.hasPrefix(".") && name != "__Goldens__" && looked < 100_000 {
                looked += 1
                let child = relative.isEmpty ? name : relative + "/" + name
                let path = root + "/" + child
                var status = stat()
                if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, !inside(resolved(path), root) { continue }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    walk(child, level + 1)
                } else if ScenarioDecoder.supportedExtensions.contains((name as NSString).pathExtension.lowercased()) {
                    if out.count < limit { out.append(child) } else { dropped += 1 }
                }
            }
        }
        walk("", 0)
        return (out, dropped)
    }
}

/// A problem with `flick serve`'s arguments, as the line to print.
public struct ServeProblem: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
