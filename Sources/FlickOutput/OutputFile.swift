import Foundation

/// One file of output written safely (`flick states -o FILE`, `flick test`'s reports), or standard output (`-`).
///
/// A regular file (or a path where nothing is yet) is written through `AtomicFile` with `LinkPolicy.follow`: beside
/// its destination as `.NAME.flick-PID-N.partial` and renamed over it when complete, so an interrupted run never leaves
/// a half-written document under the final name; the file it replaces keeps its permissions (and, where the system
/// allows, its owner). A symbolic link is followed, and the file it points to is the one replaced; the link stays. A
/// device, a named pipe or a socket is written directly, as the shell's `>` would: it cannot be replaced, only
/// written to.
///
/// The staging files of processes that are no longer running are removed by the next write to the same file.
public final class OutputFile {
    /// The path as given, for messages; "standard output" for `-`.
    public let name: String
    /// The staged file; nil when written directly.
    private let file: AtomicFile?
    /// The direct writer (standard output, a device, a pipe); nil when staged.
    private let writer: FileWriter?
    private var finished = false

    /// Opens `path` for writing: `-` is standard output.
    public init(path: String, cancellation: Cancellation? = nil) throws {
        guard !path.isEmpty else { throw RenderError("the output file name is empty") }
        if path == "-" {
            name = "standard output"
            file = nil
            writer = FileWriter.standardOutput()
            return
        }
        name = path
        var status = stat()
        if stat(path, &status) == 0 {
            if FileSystem.isFolder(status) { throw FileWriteError(path: path, reason: "it is a folder") }
            if !FileSystem.isRegularFile(status) {
                // A device, a pipe or a socket: written as it is, never replaced.
                file = nil
                writer = FileWriter(descriptor: try OutputFile.openDirectly(path, cancellation: cancellation), name: path, owned: true)
                return
            }
        } else if errno != ENOENT {
            throw FileWriteError(path: path, reason: FileSystem.reason(errno))
        }
        file = try AtomicFile(path: path, links: .follow)
        writer = nil
    }

    public func write(_ text: String) throws {
        if let file { try file.write(text) } else { try writer?.write(text) }
    }

    /// Completes the file: renames it into place (or, written directly, flushes it). Throws
    /// `RenderCancelled`, having replaced nothing, when `cancellation` was raised before the rename.
    public func commit(cancellation: Cancellation? = nil) throws {
        if let file {
            try file.commit(cancellation: cancellation)
        } else {
            try writer?.close()
        }
        finished = true
    }

    /// Removes the staging file, leaving the destination as it was.
    public func abandon() {
        guard !finished else { return }
        finished = true
        file?.abandon()
        try? writer?.close()
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
}
