import Foundation

/// A folder opened once, whose files are written, replaced and removed relative to its descriptor (`openat`,
/// `mkdirat`, `renameat`, `unlinkat`), never through a symbolic link: a folder below it is opened with
/// `O_NOFOLLOW`, a file is written through `AtomicFile` under a staging name and renamed over the old one
/// (a link there is replaced, not written through). A link swapped in for a folder or a file between a check and
/// its use is met and refused, never followed: the check and the use are the same call.
public final class OpenFolder: Sendable {
    /// The folder's path, for messages.
    public let path: String
    let fd: Int32

    /// Opens the folder at `path` (a link to it is followed: it is the folder the user named).
    public init(path: String) throws {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw RenderError("cannot open the folder \(path): \(FileSystem.reason(errno))") }
        self.path = path
        self.fd = fd
    }

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// The folder `relative` below this one (names separated by `/`, no `..`), each opened without following a
    /// link, and made first when `create` (and missing). A link or a file where a folder should be is an error.
    public func folder(_ relative: String, create: Bool) throws -> OpenFolder {
        guard let components = FileSystem.plainComponents(relative) else {
            throw RenderError("\(path)/\(relative): not a plain relative path")
        }
        var current = self
        for name in components {
            let shown = (current.path as NSString).appendingPathComponent(name)
            if create, mkdirat(current.fd, name, 0o777) != 0, errno != EEXIST {
                throw RenderError("cannot create the folder \(shown): \(FileSystem.reason(errno))")
            }
            let child = openat(current.fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0 else {
                let code = errno
                if code == ELOOP || code == ENOTDIR {
                    var status = stat()
                    let isLink = fstatat(current.fd, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && FileSystem.isLink(status)
                    throw RenderError(isLink ? "\(shown) is a symbolic link; Flick never writes through a link"
                                             : "\(shown) is a file, not a folder")
                }
                throw RenderError("cannot open the folder \(shown): \(FileSystem.reason(code))")
            }
            current = OpenFolder(path: shown, fd: child)
        }
        return current
    }

    /// Writes `data` as the file `name` of this folder through `AtomicFile` (`LinkPolicy.replace`): a new file
    /// `.NAME.flick-PID-N.partial` (`O_EXCL | O_NOFOLLOW`) renamed over whatever is at `name`, so a link there is
    /// replaced, never written through. A folder at `name` is an error.
    public func write(_ data: Data, to name: String) throws {
        let file = try AtomicFile(name, in: self, shownPath: (path as NSString).appendingPathComponent(name), links: .replace)
        try file.write(data)
        try file.commit()
    }

    /// Removes the regular file `name` of this folder (`unlinkat`); anything else there (a link, a folder, a pipe)
    /// is left alone. Nil when it is gone, else why not.
    public func removeFile(_ name: String) -> String? {
        var status = stat()
        guard fstatat(fd, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return errno == ENOENT ? nil : FileSystem.reason(errno) }
        guard FileSystem.isRegularFile(status) else { return "not a regular file; left alone" }
        return unlinkat(fd, name, 0) == 0 ? nil : FileSystem.reason(errno)
    }

    /// Removes the folder `name` of this folder if it is empty (`unlinkat` with `AT_REMOVEDIR`; a link is not a
    /// folder and stays). True when it is gone.
    @discardableResult
    public func removeEmptyFolder(_ name: String) -> Bool {
        unlinkat(fd, name, AT_REMOVEDIR) == 0 || errno == ENOENT
    }

    /// Whether `name` in this folder is a regular file (not a link to one).
    public func isRegularFile(_ name: String) -> Bool {
        var status = stat()
        return fstatat(fd, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && FileSystem.isRegularFile(status)
    }

    /// The names in this folder (without `.` and `..`), sorted; names that are not UTF-8 are left out.
    public func names() -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(directory) }
        rewinddir(directory)
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(validatingCString: $0)
                }
            }
            guard let name, name != ".", name != ".." else { continue }
            names.append(name)
        }
        return names.sorted()
    }
}
