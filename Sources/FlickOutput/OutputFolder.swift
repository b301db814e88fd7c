import Foundation

/// A folder of output written safely: what `flick render` writes for each scenario and `flick diff --out`
/// writes its images into.
///
/// Everything goes into a hidden staging folder beside the destination (`.NAME.flick-PID-N.partial`, the one
/// staging-name scheme, `Staging`), which is
/// renamed into place only when complete, so an interrupted or failed run never leaves a folder that looks
/// complete, and every failure removes the staging folder.
///
/// Flick deletes only what it wrote. Each output folder holds a manifest, `.flick-output`, listing every file
/// written into it; a destination that exists is replaced only if it is empty, or has a manifest and holds
/// nothing else, and then only the files its manifest lists are deleted, never through a symbolic link.
/// A destination that is itself a symbolic link is refused.
///
/// A process killed before it could clean up (SIGKILL, a power cut) leaves its staging folder; the next
/// output into the same folder removes the staging entries (of any name, exactly of `Staging`'s scheme) of processes
/// that are no longer running.
///
/// `write`, `writer` and `reservePath` may be called from any thread; `commit` and `abandon` only by the owner.
public final class OutputFolder: Sendable {
    /// The manifest's name inside an output folder.
    public static let manifestName = ".flick-output"
    static let manifestHeader = "# flick output: flick wrote the files below; the next flick run into this folder replaces them"
    /// Manifests of earlier versions (`flick render`'s and `flick diff`'s), read so their folders are replaced too.
    static let legacyManifests = [(name: ".flick-render", header: "# flick render output:"), (name: ".flick-diff", header: "")]

    public let destination: URL
    /// Where the output is written until `commit()`.
    public let staging: URL
    private let name: String
    private let parent: String
    /// Folders above the destination this output created (removed again by `abandon()` when empty).
    private let createdFolders: [String]
    /// The files written so far, and whether the output was committed or abandoned.
    private let state = Locked((written: [String](), finished: false))

    /// Checks that `destination` may be replaced, removes what dead processes left beside it, and creates
    /// the staging folder (and the folders above it that are missing).
    public init(destination: URL) throws {
        let path = destination.standardizedFileURL.path
        name = (path as NSString).lastPathComponent
        guard !name.isEmpty, name != "/", name != ".", name != ".." else {
            throw RenderError("\(destination.path) cannot name an output folder")
        }
        parent = FileSystem.parent(of: path)
        self.destination = URL(fileURLWithPath: path)
        OutputFolder.removeLeftovers(named: name, in: parent)
        try OutputFolder.checkReplaceable(path)
        createdFolders = try FileSystem.createFolders(parent)
        var attempt = 0
        var staging: String
        while true {
            staging = parent + "/" + Staging.name(for: name)
            if mkdir(staging, 0o777) == 0 { break }
            guard errno == EEXIST, attempt < 1000 else {
                let reason = FileSystem.reason(errno)
                FileSystem.removeEmptyFolders(createdFolders)
                throw RenderError("cannot create \(staging): \(reason)")
            }
            attempt += 1
        }
        self.staging = URL(fileURLWithPath: staging)
    }

    /// The number of files written so far.
    public var fileCount: Int { state.withLock { $0.written.count } }

    /// Creates a folder inside the staging folder (`frames`).
    public func createFolder(_ relativePath: String) throws {
        let path = staging.path + "/" + relativePath
        if mkdir(path, 0o777) != 0 {
            throw RenderError("cannot create \(path): \(FileSystem.reason(errno))")
        }
    }

    /// Writes one file of the output (thread-safe).
    public func write(_ data: Data, to relativePath: String) throws {
        try FileSystem.writeNewFile(data, to: reservePath(relativePath), name: displayPath(relativePath))
    }

    /// A new file of the output, to be written in pieces; the caller closes it.
    public func writer(_ relativePath: String) throws -> FileWriter {
        let path = try reservePath(relativePath)
        let name = displayPath(relativePath)
        return FileWriter(descriptor: try FileSystem.createNewFile(path, name: name), name: name, owned: true)
    }

    /// Where a file of the output will be once committed, for messages.
    private func displayPath(_ relativePath: String) -> String {
        destination.path + "/" + relativePath
    }

    /// The staging path for a file of the output written by other means (a library that takes a path),
    /// recorded in the manifest. The writer must report failure, so that the output is abandoned.
    public func reservePath(_ relativePath: String) throws -> String {
        guard FileSystem.plainComponents(relativePath) != nil, relativePath != OutputFolder.manifestName else {
            throw RenderError("\(relativePath) cannot name a file inside \(destination.path)")
        }
        state.withLock { $0.written.append(relativePath) }
        return staging.path + "/" + relativePath
    }

    /// Writes the manifest and moves the staging folder into place, replacing a previous output; returns
    /// warnings (a previous output that could not be removed completely). Throws `RenderCancelled`, having
    /// committed nothing, when `cancellation` was raised at any time before the move.
    public func commit(cancellation: Cancellation? = nil) throws -> [String] {
        let list = ([OutputFolder.manifestHeader] + state.withLock { $0.written }.sorted()).joined(separator: "\n") + "\n"
        try FileSystem.writeNewFile(Data(list.utf8), to: staging.path + "/" + OutputFolder.manifestName)
        if cancellation?.isCancelled == true { throw RenderCancelled() }
        // Check again: the destination may have changed while the output was written.
        try OutputFolder.checkReplaceable(destination.path)
        var previous: String?
        if FileSystem.linkStatus(destination.path) != nil {
            let aside = OutputFolder.unusedName(parent + "/.\(name).replaced-\(getpid())")
            guard rename(destination.path, aside) == 0 else {
                throw RenderError("cannot move the previous \(destination.path) aside: \(FileSystem.reason(errno))")
            }
            previous = aside
        }
        guard rename(staging.path, destination.path) == 0 else {
            let reason = FileSystem.reason(errno)
            if let previous { _ = rename(previous, destination.path) }
            throw RenderError("cannot move the output into \(destination.path): \(reason)")
        }
        state.withLock { $0.finished = true }
        guard let previous else { return [] }
        if let failure = OutputFolder.removePrevious(previous) {
            return ["the previous \(destination.path) was moved to \(previous) and could not be removed completely (\(failure)); "
                + "remove it by hand"]
        }
        return []
    }

    /// Deletes the staging folder and everything in it, and the folders above it this output created.
    public func abandon() {
        let wasFinished = state.withLock { state in
            defer { state.finished = true }
            return state.finished
        }
        guard !wasFinished else { return }
        FileSystem.removeTree(staging.path)
        FileSystem.removeEmptyFolders(createdFolders)
    }

    // MARK: rules

    /// Throws unless `path` is absent, an empty folder, or a previous flick output holding only files it listed.
    static func checkReplaceable(_ path: String) throws {
        guard let status = FileSystem.linkStatus(path) else { return }
        guard !FileSystem.isLink(status) else {
            throw RenderError("\(path) is a symbolic link; flick never writes or deletes through a link: "
                + "remove the link or choose another output folder")
        }
        guard FileSystem.isFolder(status) else {
            throw RenderError("\(path) exists and is not a folder; flick will not replace it")
        }
        let contents = FileSystem.inventory(of: path)
        if contents.files.isEmpty && contents.folders.isEmpty && contents.others.isEmpty { return }
        guard let manifest = manifest(of: path) else {
            throw RenderError("\(path) exists and was not written by flick (it has no \(manifestName) list of flick's files); "
                + "move it away or choose another output folder")
        }
        let folders = Set(manifest.listed.flatMap { file -> [String] in
            let components = file.split(separator: "/").map(String.init)
            return (1..<max(1, components.count)).map { components.prefix($0).joined(separator: "/") }
        })
        let foreign = contents.files.subtracting(manifest.listed).subtracting(manifest.names)
            .union(contents.folders.subtracting(folders)).union(contents.others).sorted()
        if !foreign.isEmpty {
            let shown = foreign.prefix(5).joined(separator: ", ") + (foreign.count > 5 ? ", …" : "")
            throw RenderError("\(path) holds files flick did not write (\(shown)); move them away or choose another output folder")
        }
    }

    /// The relative paths a folder's manifest lists (only paths inside the folder), and the manifests'
    /// own names; nil when it has no manifest.
    static func manifest(of folder: String) -> (listed: Set<String>, names: Set<String>)? {
        var listed = Set<String>(), names = Set<String>()
        for (file, header) in [(manifestName, manifestHeader)] + legacyManifests {
            guard let status = FileSystem.linkStatus(folder + "/" + file), FileSystem.isRegularFile(status),
                  let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8),
                  text.hasPrefix(header) else { continue }
            let lines = text.split(separator: "\n").map(String.init)
            listed.formUnion((header.isEmpty ? lines : Array(lines.dropFirst())).filter { FileSystem.plainComponents($0) != nil })
            names.insert(file)
        }
        return names.isEmpty ? nil : (listed, names)
    }

    /// Deletes the files a previous output's manifest lists and the manifest, then the folders left empty;
    /// the reason something stayed, nil when the folder is gone.
    static func removePrevious(_ folder: String) -> String? {
        let manifest = manifest(of: folder) ?? ([], [])
        return FileSystem.removeFiles(Array(manifest.listed) + Array(manifest.names), in: folder)
    }

    /// Removes the staging folders, and previous outputs moved aside, that processes no longer running left
    /// beside `name` in `folder`.
    /// The staging entries of every name are removed, not only `name`'s: a render killed while writing one scenario
    /// leaves `.other.flick-PID-N.partial`, which the next render of another scenario into the same folder removes.
    static func removeLeftovers(named name: String, in folder: String) {
        for staging in Staging.leftovers(in: folder, name: nil) {
            FileSystem.removeTree(staging)
        }
        for previous in FileSystem.leftovers(in: folder, prefix: ".\(name).replaced-") {
            _ = removePrevious(previous)
        }
    }

    /// `base`, or `base-1`, `base-2`… : the first name nothing is at.
    static func unusedName(_ base: String) -> String {
        var candidate = base
        var attempt = 0
        while FileSystem.linkStatus(candidate) != nil {
            attempt += 1
            candidate = base + "-\(attempt)"
        }
        return candidate
    }

    /// Relative paths of the regular files under `folder`, sorted (no links followed).
    public static func files(under folder: URL) -> [String] {
        FileSystem.inventory(of: folder.path).files.sorted()
    }
}
