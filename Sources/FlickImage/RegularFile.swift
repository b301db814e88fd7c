import Foundation

/// Files read from folders someone else made (a golden folder, a render to review, frames to diff): only a
/// regular file is read, and only up to a limit checked before the first byte is.
///
/// The file is opened with `O_NONBLOCK`, so a named pipe (or a device) put where a file is expected opens at
/// once instead of waiting for a writer; `fstat` on the opened descriptor then refuses anything but a regular
/// file, and its size is compared with the limit before any memory is allocated for it. Nothing can block
/// in `open` or `read`, so a signal is always seen by the next cancellation check.
public enum RegularFile {
    /// The bytes of the regular file at `path`, at most `limit` of them; `what` names the kind of file in the
    /// message of a file over the limit ("an image file", "states.json").
    public static func read(path: String, limit: Int, what: String) throws(ImageError) -> [UInt8] {
        let (fd, size) = try open(path: path)
        defer { close(fd) }
        guard size <= limit else {
            throw .unreadable(path: path, reason: "it is \(describe(bytes: size)); the limit for \(what) is \(describe(bytes: limit))")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        let failure: Int32? = bytes.withUnsafeMutableBytes { buffer in
            while filled < size {
                let n = Foundation.read(fd, buffer.baseAddress! + filled, size - filled)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if n == 0 { break }
                filled += n
            }
            return nil
        }
        if let failure { throw .unreadable(path: path, reason: String(cString: strerror(failure))) }
        if filled < size { bytes.removeLast(size - filled) }  // the file shrank while it was read
        return bytes
    }

    /// Opens the regular file at `path` for reading (blocking reads, which a regular file never waits in) and
    /// returns its descriptor, which the caller closes, and its size; refuses anything else without waiting.
    public static func open(path: String) throws(ImageError) -> (descriptor: Int32, size: Int) {
        let fd = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw ImageFile.openError(path: path) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .unreadable(path: path, reason: reason)
        }
        if let kind = kind(of: info) {
            close(fd)
            throw .unreadable(path: path, reason: info.st_mode & S_IFMT == S_IFDIR ? "it is a folder" : "it is \(kind), not a regular file")
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
    static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
    }
}
