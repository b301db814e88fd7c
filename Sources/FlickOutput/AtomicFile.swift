import Foundation

/// What a writer does when its destination is a symbolic link.
public enum LinkPolicy: Sendable, Equatable {
    /// The link (or a chain of links) is followed and the file it ends at is replaced; the link stays. As the shell's
    /// `>` and an editor's save do: `flick states -o`, serve's Save and Accept.
    case follow
    /// The link is refused with an error naming it, and nothing is written.
    case refuse
    /// The link itself is replaced by the new file (the rename lands on the link's name); the file it pointed to keeps
    /// its bytes. Golden files and reports written relative to a folder's descriptor (`OpenFolder`), and
    /// `ImageFile.write`.
    case replace
}

/// A file that could not be written: its path as the user gave it and the reason ("No space left on device").
public struct FileWriteError: Error, CustomStringConvertible, Sendable, Equatable {
    public let path: String
    public let reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "cannot write \(path): \(reason)" }
}

/// The one staging-name scheme of Flick's writers: `.NAME.flick-PID-N.partial`, beside the destination `NAME`, where
/// PID is the writing process and N a number no other staging of that process uses. A staging file (`AtomicFile`) or
/// folder (`OutputFolder`) is renamed over `NAME` when complete, so a stop leaves the old `NAME` or the new one.
///
/// A process killed before it could clean up (SIGKILL, a power cut) leaves its staging entry; the next write beside it
/// removes it (`leftovers`): only an entry whose name is exactly this scheme, whose process is no longer running, that
/// this user owns and that is not a symbolic link. Anything else, a look-alike such as `.notes.partial` or
/// `.a.flick-12-x.partial` included, is never touched.
package enum Staging {
    static let marker = ".flick-"
    static let suffix = ".partial"

    /// A new staging name for `name`, in this process.
    package static func name(for name: String) -> String {
        ".\(name)\(marker)\(getpid())-\(nextNumber())\(suffix)"
    }

    /// The destination name and the process id `entry` carries when it is exactly `.NAME.flick-PID-N.partial`
    /// (NAME not empty; PID and N decimal digits, PID above 0); nil for any other name.
    package static func parse(_ entry: String) -> (name: String, pid: Int32)? {
        guard entry.count > 1 + marker.count + suffix.count, entry.hasPrefix("."), entry.hasSuffix(suffix) else { return nil }
        let body = entry.dropFirst().dropLast(suffix.count)
        guard let found = body.range(of: marker, options: .backwards) else { return nil }
        let name = body[..<found.lowerBound]
        let numbers = body[found.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard !name.isEmpty, numbers.count == 2,
              numbers.allSatisfy({ (1...10).contains($0.count) && $0.allSatisfy { $0 >= "0" && $0 <= "9" } }),
              let pid = Int32(numbers[0]), pid > 0 else { return nil }
        return (String(name), pid)
    }

    /// The entries of `folder` that are staging left by processes no longer running (see the type's rule): of the
    /// destination `name` only, or of every name when nil. Full paths, sorted.
    package static func leftovers(in folder: String, name: String?) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.sorted().filter { entry in
            isLeftover(entry, of: name) && FileSystem.linkStatus(folder + "/" + entry).map(isOwnedNotLink) == true
        }.map { folder + "/" + $0 }
    }

    /// The same for a folder open at its descriptor, looked at and named relative to it (`fstatat`): entry names.
    static func leftovers(in folder: OpenFolder, name: String?) -> [String] {
        folder.names().filter { entry in
            var status = stat()
            return isLeftover(entry, of: name) && fstatat(folder.fd, entry, &status, AT_SYMLINK_NOFOLLOW) == 0 && isOwnedNotLink(status)
        }
    }

    private static func isLeftover(_ entry: String, of name: String?) -> Bool {
        guard let parsed = parse(entry), name == nil || parsed.name == name else { return false }
        return !FileSystem.isRunning(parsed.pid)
    }

    private static func isOwnedNotLink(_ status: stat) -> Bool {
        status.st_uid == getuid() && !FileSystem.isLink(status)
    }

    /// True the first time this process asks about `folder` (by path, device and inode, so a folder removed and
    /// another made in its place is new): a file writer sweeps a folder's leftovers once, not at every file (a folder
    /// of frames would be listed once per frame).
    static func firstLook(at folder: OpenFolder) -> Bool {
        var status = stat()
        guard fstat(folder.fd, &status) == 0 else { return true }
        let key = "\(status.st_dev):\(status.st_ino):\(folder.path)"
        return state.withLock { $0.swept.insert(key).inserted }
    }

    /// The folders swept so far (`firstLook`) and the last staging number given (`nextNumber`).
    private static let state = Locked((swept: Set<String>(), counter: 0))
    /// A number no other staging name of this process uses.
    private static func nextNumber() -> Int {
        state.withLock {
            $0.counter += 1
            return $0.counter
        }
    }
}

/// The one atomic file writer: every file Flick replaces goes through it (`OutputFile` for `states -o`, `flick test`'s
/// reports, `OpenFolder.write` for goldens, `ImageFile.write`, serve's Save and Accept).
///
/// The bytes go into a new file beside the destination named by `Staging` (`.NAME.flick-PID-N.partial`, created with
/// `O_EXCL | O_NOFOLLOW`), which `commit()` renames over the destination, so an interrupted write never leaves half a
/// file under the final name. The replaced file's permissions are kept (and its owner, where the system allows). A
/// link at the destination is followed, refused or replaced as `LinkPolicy` says; a folder, a device, a pipe or a
/// socket there is refused. The first write into a folder in a process removes the staging files that processes no
/// longer running left there (`Staging.leftovers`, of any destination: a folder of frames is listed once, not once a
/// frame). `abandon()`, a failed `commit()` and dropping the writer unused
/// remove the staging file.
public final class AtomicFile {
    /// The destination as the user gave it, for messages.
    public let shownPath: String
    private let folder: OpenFolder
    private let entry: String
    private let staging: String
    private let writer: FileWriter
    private var finished = false

    /// Opens a staging file for `path` under `links`.
    public convenience init(path: String, links: LinkPolicy) throws {
        guard !path.isEmpty else { throw FileWriteError(path: path, reason: "the file name is empty") }
        let destination = links == .follow ? try AtomicFile.resolveLinks(path) : path
        let folderPath = FileSystem.parent(of: destination)
        var status = stat()
        guard stat(folderPath, &status) == 0, FileSystem.isFolder(status) else {
            throw FileWriteError(path: path, reason: "the folder \(folderPath) does not exist")
        }
        let folder: OpenFolder
        do {
            folder = try OpenFolder(path: folderPath)
        } catch {
            throw FileWriteError(path: path, reason: "\(error)")
        }
        try self.init((destination as NSString).lastPathComponent, in: folder, shownPath: path, links: links)
    }

    /// Opens a staging file for the entry `entry` of `folder` (a plain name), `shownPath` naming it in messages. Here
    /// `.follow` cannot reach past the folder: a link at `entry` is refused under it as under `.refuse`.
    init(_ entry: String, in folder: OpenFolder, shownPath: String, links: LinkPolicy) throws {
        guard FileSystem.plainComponents(entry)?.count == 1 else {
            throw FileWriteError(path: shownPath, reason: "not a plain file name")
        }
        var status = stat()
        var existing: stat?
        if fstatat(folder.fd, entry, &status, AT_SYMLINK_NOFOLLOW) == 0 {
            existing = status
            if FileSystem.isFolder(status) { throw FileWriteError(path: shownPath, reason: "it is a folder") }
            if FileSystem.isLink(status), links != .replace {
                throw FileWriteError(path: shownPath, reason: "it is a symbolic link, and flick does not write through it here; "
                    + "remove the link or choose another file")
            }
            if !FileSystem.isLink(status), !FileSystem.isRegularFile(status) {
                throw FileWriteError(path: shownPath, reason: "it is not a regular file, and flick replaces only regular files")
            }
        }
        if Staging.firstLook(at: folder) {
            for leftover in Staging.leftovers(in: folder, name: nil) where folder.isRegularFile(leftover) {
                unlinkat(folder.fd, leftover, 0)
            }
        }
        var attempt = 0
        var staging: String
        var fd: Int32
        while true {
            staging = Staging.name(for: entry)
            fd = openat(folder.fd, staging, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if fd >= 0 { break }
            guard errno == EEXIST, attempt < 1000 else {
                throw FileWriteError(path: shownPath, reason: "cannot create a file in \(folder.path): \(FileSystem.reason(errno))")
            }
            attempt += 1
        }
        if let existing, FileSystem.isRegularFile(existing) {
            // The replacement keeps the replaced file's permissions, and its owner where that is allowed.
            fchmod(fd, existing.st_mode & 0o7777)
            var created = stat()
            if fstat(fd, &created) == 0, created.st_uid != existing.st_uid || created.st_gid != existing.st_gid {
                _ = fchown(fd, existing.st_uid, existing.st_gid)
                fchmod(fd, existing.st_mode & 0o7777)
            }
        }
        self.shownPath = shownPath
        self.folder = folder
        self.entry = entry
        self.staging = staging
        writer = FileWriter(descriptor: fd, name: shownPath, owned: true)
    }

    deinit { abandon() }

    public func write(_ text: String) throws { try writer.write(text) }
    public func write(_ data: Data) throws { try writer.write(data) }

    /// Completes the file: closes it and renames it over the destination. On any failure, and with `RenderCancelled`
    /// when `cancellation` was raised before the rename, the staging file is removed and the destination is as it was.
    public func commit(cancellation: Cancellation? = nil) throws {
        guard !finished else { return }
        do {
            try writer.close()
        } catch {
            abandon()
            throw error
        }
        if cancellation?.isCancelled == true {
            abandon()
            throw RenderCancelled()
        }
        guard renameat(folder.fd, staging, folder.fd, entry) == 0 else {
            let reason = FileSystem.reason(errno)
            abandon()
            throw FileWriteError(path: shownPath, reason: "cannot move the finished file into place: \(reason)")
        }
        finished = true
    }

    /// Removes the staging file, leaving the destination as it was.
    public func abandon() {
        guard !finished else { return }
        finished = true
        try? writer.close()
        unlinkat(folder.fd, staging, 0)
    }

    /// Writes `data` as the file at `path` (see the type).
    public static func write(_ data: Data, to path: String, links: LinkPolicy) throws {
        let file = try AtomicFile(path: path, links: links)
        try file.write(data)
        try file.commit()
    }

    /// The path a chain of symbolic links at `path` ends at (where nothing may be yet).
    static func resolveLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            guard let status = FileSystem.linkStatus(current), FileSystem.isLink(status) else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw FileWriteError(path: path, reason: FileSystem.reason(errno)) }
            let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : FileSystem.parent(of: current) + "/" + destination
        }
        throw FileWriteError(path: path, reason: "too many levels of symbolic links")
    }
}
