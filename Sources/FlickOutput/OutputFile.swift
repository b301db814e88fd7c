import Foundation

/// One file of output written safely (`flick states -o FILE`), or standard output (`-`).
///
/// A regular file (or a path where nothing is yet) is written beside its destination as
/// `.NAME.partial-PID-N` and renamed over it when complete, so an interrupted run never leaves a
/// half-written document under the final name; the file it replaces keeps its permissions (and, where
/// the system allows, its owner). A symbolic link is followed, and the file it points to is the one
/// replaced; the link stays. A device, a named pipe or a socket is written directly, as the shell's `>`
/// would: it cannot be replaced, only written to.
///
/// The staging files of processes that are no longer running are removed by the next write to the same file.
public final class OutputFile {
    /// The path as given, for messages; "standard output" for `-`.
    public let name: String
    /// Where the document goes once complete, after links; nil when written directly.
    private let target: String?
    private let staging: String?
    private let writer: FileWriter
    private var finished = false

    /// Opens `path` for writing: `-` is standard output.
    public init(path: String, cancellation: Cancellation? = nil) throws {
        guard !path.isEmpty else { throw RenderError("the output file name is empty") }
        if path == "-" {
            name = "standard output"
            target = nil
            staging = nil
            writer = FileWriter.standardOutput()
            return
        }
        name = path
        var status = stat()
        if stat(path, &status) == 0 {
            if FileSystem.isFolder(status) { throw RenderError("cannot write \(path): it is a folder") }
            if !FileSystem.isRegularFile(status) {
                // A device, a pipe or a socket: written as it is, never replaced.
                target = nil
                staging = nil
                writer = FileWriter(descriptor: try OutputFile.openDirectly(path, cancellation: cancellation), name: path, owned: true)
                return
            }
        } else if errno != ENOENT {
            throw RenderError("cannot write \(path): \(FileSystem.reason(errno))")
        }
        let target = try OutputFile.resolveLinks(path)
        let folder = FileSystem.parent(of: target)
        let base = (target as NSString).lastPathComponent
        var folderStatus = stat()
        guard stat(folder, &folderStatus) == 0, FileSystem.isFolder(folderStatus) else {
            throw RenderError("cannot write \(path): the folder \(folder) does not exist")
        }
        OutputFile.removeLeftovers(named: base, in: folder)
        var attempt = 0
        var staging: String
        var fd: Int32
        while true {
            staging = folder + "/.\(base).partial-\(getpid())-\(attempt)"
            fd = open(staging, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if fd >= 0 { break }
            guard errno == EEXIST, attempt < 1000 else {
                throw RenderError("cannot write \(path): cannot create a file in \(folder): \(FileSystem.reason(errno))")
            }
            attempt += 1
        }
        var existing = stat()
        if lstat(target, &existing) == 0, FileSystem.isRegularFile(existing) {
            // The replacement keeps the replaced file's permissions, and its owner where that is allowed.
            fchmod(fd, existing.st_mode & 0o7777)
            var created = stat()
            if fstat(fd, &created) == 0, created.st_uid != existing.st_uid || created.st_gid != existing.st_gid {
                _ = fchown(fd, existing.st_uid, existing.st_gid)
                fchmod(fd, existing.st_mode & 0o7777)
            }
        }
        self.target = target
        self.staging = staging
        writer = FileWriter(descriptor: fd, name: path, owned: true)
    }

    public func write(_ text: String) throws { try writer.write(text) }

    /// Completes the file: renames it into place (or, written directly, flushes it). Throws
    /// `RenderCancelled`, having replaced nothing, when `cancellation` was raised before the rename.
    public func commit(cancellation: Cancellation? = nil) throws {
        try writer.close()
        guard let staging, let target else {
            finished = true
            return
        }
        if cancellation?.isCancelled == true { throw RenderCancelled() }
        guard rename(staging, target) == 0 else {
            throw RenderError("cannot write \(name): cannot move the finished file into place: \(FileSystem.reason(errno))")
        }
        finished = true
    }

    /// Removes the staging file, leaving the destination as it was.
    public func abandon() {
        guard !finished else { return }
        finished = true
        try? writer.close()
        if let staging { unlink(staging) }
    }

    /// Opens a device, a pipe or a socket for writing. A pipe with no reader is waited for, checking
    /// `cancellation` (opening it blocking could not be interrupted).
    private static func openDirectly(_ path: String, cancellation: Cancellation?) throws -> Int32 {
        while true {
            let fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 {
                let flags = fcntl(fd, F_GETFL)
                _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
                return fd
            }
            guard errno == ENXIO || errno == EINTR else {
                throw RenderError("cannot write \(path): \(FileSystem.reason(errno))")
            }
            // ENXIO: a named pipe nobody reads yet.
            if cancellation?.isCancelled == true { throw RenderCancelled() }
            usleep(50_000)
        }
    }

    /// The path a chain of symbolic links at `path` ends at (where nothing may be yet).
    static func resolveLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            guard let status = FileSystem.linkStatus(current), FileSystem.isLink(status) else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw RenderError("cannot write \(path): \(FileSystem.reason(errno))") }
            let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : FileSystem.parent(of: current) + "/" + destination
        }
        throw RenderError("cannot write \(path): too many levels of symbolic links")
    }

    /// Removes the staging files that processes no longer running left for `name` in `folder`.
    static func removeLeftovers(named name: String, in folder: String) {
        for staging in FileSystem.leftovers(in: folder, prefix: ".\(name).partial-") {
            guard let status = FileSystem.linkStatus(staging), FileSystem.isRegularFile(status) else { continue }
            unlink(staging)
        }
    }
}
