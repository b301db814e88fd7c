import Foundation

/// Files read from folders someone else made (a scenario and the files it names, a golden folder, a render to
/// review, frames to diff): only a regular file is read, and only up to a limit checked before the first byte is.
///
/// The file is opened with `O_NONBLOCK`, so a named pipe (or a device) put where a file is expected opens at
/// once instead of waiting for a writer; `fstat` on the opened descriptor then refuses anything but a regular
/// file, and its size is compared with the limit before any memory is allocated for it. Nothing can block
/// in `open` or `read`, so a signal is always seen by the next cancellation check.
public enum RegularFile {
    /// The bytes of the regular file at `path`, at most `limit` of them; `what` names the kind of file in the
    /// message of a file over the limit ("an image file", "states.json").
    public static func read(path: String, limit: Int, what: String) throws(RegularFileError) -> [UInt8] {
        let (fd, size) = try open(path: path)
        defer { close(fd) }
        guard size <= limit else { throw RegularFileError(path: path, problem: .tooLarge(bytes: size, limit: limit, what: what)) }
        return try readBytes(fd, count: size, path: path)
    }

    /// The first `limit` bytes of the regular file at `path` (all of it when it is shorter): for a reader that says
    /// itself that a file is too long.
    public static func prefix(path: String, limit: Int) throws(RegularFileError) -> Data {
        let (fd, size) = try open(path: path)
        defer { close(fd) }
        return Data(try readBytes(fd, count: min(size, limit), path: path))
    }

    /// Up to `count` bytes from `fd`; fewer when the file shrank while it was read.
    private static func readBytes(_ fd: Int32, count: Int, path: String) throws(RegularFileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        let failure: Int32? = bytes.withUnsafeMutableBytes { buffer in
            while filled < count {
                let n = Foundation.read(fd, buffer.baseAddress! + filled, count - filled)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if n == 0 { break }
                filled += n
            }
            return nil
        }
        if let failure { throw RegularFileError(path: path, problem: .failed(errno: failure)) }
        if filled < count { bytes.removeLast(count - filled) }  // the file shrank while it was read
        return bytes
    }

    /// `read(path:limit:what:)` as `Data`.
    public static func data(path: String, limit: Int, what: String) throws(RegularFileError) -> Data {
        Data(try read(path: path, limit: limit, what: what))
    }

    /// Opens the regular file at `path` for reading (blocking reads, which a regular file never waits in) and
    /// returns its descriptor, which the caller closes, and its size; refuses anything else without waiting.
    public static func open(path: String) throws(RegularFileError) -> (descriptor: Int32, size: Int) {
        let fd = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let problem: RegularFileError.Problem = switch errno {
            case ENOENT, ENOTDIR: .notFound
            case EISDIR: .folder
            case let code: .failed(errno: code)
            }
            throw RegularFileError(path: path, problem: problem)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw RegularFileError(path: path, problem: .failed(errno: code))
        }
        if let kind = kind(of: info) {
            close(fd)
            throw RegularFileError(path: path, problem: info.st_mode & S_IFMT == S_IFDIR ? .folder : .notRegular(kind: kind))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return (fd, Int(info.st_size))
    }

    /// What a file that is not a regular one is ("a folder", "a named pipe (FIFO)"), nil for a regular file.
    public static func kind(of info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// `12 MB`, `512 bytes`.
    public static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
    }
}

/// Why `RegularFile` did not read a file: the path and the problem. Each reader words it in its own messages
/// (a scenario's "no such file", an image's "cannot read: …"); `description` is the general wording.
public struct RegularFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        /// Nothing at the path (or a path through something that is not a folder).
        case notFound
        /// A folder.
        case folder
        /// A named pipe, a device or a socket: `kind` says which ("a named pipe (FIFO)").
        case notRegular(kind: String)
        /// A regular file of `bytes`, over the reader's `limit`; `what` names the kind of file ("an icon").
        case tooLarge(bytes: Int, limit: Int, what: String)
        /// `open`, `fstat` or `read` failed with `errno` (EACCES: no permission).
        case failed(errno: Int32)
    }

    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// The problem alone, after "cannot read: " ("it is a named pipe (FIFO), not a regular file"); nil for `notFound`.
    public var reason: String? {
        switch problem {
        case .notFound: nil
        case .folder: "it is a folder"
        case .notRegular(let kind): "it is \(kind), not a regular file"
        case let .tooLarge(bytes, limit, what):
            "it is \(RegularFile.describe(bytes: bytes)); the limit for \(what) is \(RegularFile.describe(bytes: limit))"
        case .failed(let code): String(cString: strerror(code))
        }
    }

    /// `x.png: no such file`, `x.png: cannot read: it is a named pipe (FIFO), not a regular file`.
    public var description: String {
        reason.map { "\(path): cannot read: \($0)" } ?? "\(path): no such file"
    }
}
