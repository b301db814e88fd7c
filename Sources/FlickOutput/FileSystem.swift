import Foundation

/// The file-system operations Flick's output writers share, in plain POSIX calls.
///
/// Nothing here deletes through a symbolic link: folders are opened with `O_NOFOLLOW` and entries removed
/// with `unlinkat` relative to the folder that holds them, so a link met on the way is removed (or refused),
/// never followed.
package enum FileSystem {
    /// The message of an `errno` value ("No space left on device").
    package static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// The bytes of the regular files in the folder at `path` and below it, links not followed: what an output
    /// weighs, said after it is written (`12 MB`, with `RegularFile.describe(bytes:)`).
    package static func totalBytes(ofFolder path: String) -> Int {
        var total = 0
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return 0 }
        for name in names {
            let child = (path as NSString).appendingPathComponent(name)
            guard let status = linkStatus(child) else { continue }
            if isRegularFile(status) { total += Int(status.st_size) } else if isFolder(status) { total += totalBytes(ofFolder: child) }
        }
        return total
    }

    /// What is at `path`, without following a final symbolic link; nil when nothing is.
    static func linkStatus(_ path: String) -> stat? {
        var status = stat()
        return lstat(path, &status) == 0 ? status : nil
    }

    static func isFolder(_ status: stat) -> Bool { status.st_mode & S_IFMT == S_IFDIR }
    static func isRegularFile(_ status: stat) -> Bool { status.st_mode & S_IFMT == S_IFREG }
    static func isLink(_ status: stat) -> Bool { status.st_mode & S_IFMT == S_IFLNK }

    /// `path`'s folder, "." for a bare name.
    static func parent(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    // MARK: creating

    /// Creates the folder `path` and the missing folders above it (as `mkdir -p`), returning those it created,
    /// outermost first. A file where a folder should be is named in the error ("Output is a file, not a folder").
    static func createFolders(_ path: String) throws -> [String] {
        var missing: [String] = []
        var current = path
        while true {
            var status = stat()
            if stat(current, &status) == 0 {
                // A link to a folder is a folder the user chose: following it is what they asked for.
                guard isFolder(status) else {
                    throw RenderError("cannot create the folder \(path): \(current) is a file, not a folder")
                }
                break
            }
            guard errno == ENOENT || errno == ENOTDIR else {
                throw RenderError("cannot create the folder \(path): \(current): \(reason(errno))")
            }
            missing.append(current)
            let parent = (current as NSString).deletingLastPathComponent
            if parent.isEmpty || parent == current { break }
            current = parent
        }
        var created: [String] = []
        for folder in missing.reversed() {
            if mkdir(folder, 0o777) == 0 {
                created.append(folder)
            } else if errno != EEXIST {
                let code = errno
                removeEmptyFolders(created)
                throw RenderError("cannot create the folder \(folder): \(reason(code))")
            }
        }
        return created
    }

    /// Removes the folders in `folders` (outermost first, as `createFolders` returns them) that are empty.
    static func removeEmptyFolders(_ folders: [String]) {
        for folder in folders.reversed() { rmdir(folder) }
    }

    /// Creates a new file where nothing is: `O_EXCL`, so an existing file or link is never opened. `name` is
    /// the path messages give (where the file will end up).
    static func createNewFile(_ path: String, name: String? = nil, mode: mode_t = 0o666) throws -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { throw RenderError("cannot write \(name ?? path): \(reason(errno))") }
        return fd
    }

    /// Writes `data` into a new file at `path`, checking every byte reached the file.
    ///
    /// Plain POSIX calls: Foundation's `Data.write` stages and syncs every file, which costs more than
    /// encoding a frame, and the staging folder already makes the whole output atomic.
    package static func writeNewFile(_ data: Data, to path: String, name: String? = nil) throws {
        let writer = try FileWriter(descriptor: createNewFile(path, name: name), name: name ?? path, owned: true)
        try writer.write(data)
        try writer.close()
    }

    // MARK: removing

    /// Removes `path` and, when it is a folder (not a link to one), everything inside it. Never follows a
    /// symbolic link: a link is removed, not what it points to. True when nothing is left at `path`.
    @discardableResult
    package static func removeTree(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT }
        guard isFolder(status) else { return unlink(path) == 0 }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        removeContents(of: fd)
        close(fd)
        return rmdir(path) == 0
    }

    /// Removes everything inside the open folder `fd`, depth first, without following links.
    private static func removeContents(of fd: Int32) {
        for name in entryNames(of: fd) {
            var status = stat()
            guard fstatat(fd, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            if isFolder(status) {
                let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if child >= 0 {
                    removeContents(of: child)
                    close(child)
                }
                unlinkat(fd, name, AT_REMOVEDIR)
            } else {
                unlinkat(fd, name, 0)
            }
        }
    }

    /// The names in the open folder `fd`, as bytes (a name need not be valid UTF-8), without `.` and `..`.
    private static func entryNames(of fd: Int32) -> [[CChar]] {
        let copy = dup(fd)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(directory) }
        var names: [[CChar]] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    Array(UnsafeBufferPointer(start: $0, count: strlen($0) + 1))
                }
            }
            if name == [46, 0] || name == [46, 46, 0] { continue }
            names.append(name)
        }
        return names
    }

    /// Removes the regular files at `relativePaths` inside the folder `root`, then the folders that leaves
    /// empty, then `root` if it is empty. A path through a link, or naming anything but a regular file, is
    /// left alone. Returns the first failure's reason, nil when `root` is gone.
    static func removeFiles(_ relativePaths: [String], in root: String) -> String? {
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard rootFD >= 0 else { return errno == ENOENT ? nil : reason(errno) }
        defer { close(rootFD) }
        var failure: String?
        var folders = Set<[String]>()
        for path in relativePaths {
            guard let components = plainComponents(path) else { continue }
            for depth in 1..<components.count { folders.insert(Array(components.prefix(depth))) }
            guard let (fd, name) = openParent(of: components, in: rootFD) else { continue }
            var status = stat()
            if fstatat(fd, name, &status, AT_SYMLINK_NOFOLLOW) == 0, isRegularFile(status), unlinkat(fd, name, 0) != 0 {
                failure = failure ?? "\(path): \(reason(errno))"
            }
            if fd != rootFD { close(fd) }
        }
        // Deepest first; a folder that still holds something stays.
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            guard let (fd, name) = openParent(of: folder, in: rootFD) else { continue }
            unlinkat(fd, name, AT_REMOVEDIR)
            if fd != rootFD { close(fd) }
        }
        if rmdir(root) == 0 || errno == ENOENT { return nil }
        return failure ?? reason(errno)
    }

    /// The components of a relative path that stays inside its folder (no `..`, `.`, empty or absolute parts).
    static func plainComponents(_ path: String) -> [String]? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !components.isEmpty, components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") })
        else { return nil }
        return components
    }

    /// The folder holding the last of `components`, opened below `rootFD` without following links, and that
    /// last name. The descriptor is `rootFD` itself for a top-level name; the caller closes any other.
    private static func openParent(of components: [String], in rootFD: Int32) -> (Int32, String)? {
        var fd = rootFD
        for component in components.dropLast() {
            let next = openat(fd, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if fd != rootFD { close(fd) }
            guard next >= 0 else { return nil }
            fd = next
        }
        return (fd, components[components.count - 1])
    }

    // MARK: what a folder holds

    /// Everything under `root` by relative path, without following links: regular files, folders, and
    /// anything else (links, devices, pipes, sockets). A folder that cannot be listed counts as something else,
    /// so that it is never taken for an empty one.
    static func inventory(of root: String) -> (files: Set<String>, folders: Set<String>, others: Set<String>) {
        var files = Set<String>(), folders = Set<String>(), others = Set<String>()
        func walk(_ relative: String) {
            let path = relative.isEmpty ? root : root + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                others.insert(relative.isEmpty ? "." : relative)
                return
            }
            for name in names {
                let child = relative.isEmpty ? name : relative + "/" + name
                guard let status = linkStatus(root + "/" + child) else {
                    others.insert(child)
                    continue
                }
                if isFolder(status) {
                    folders.insert(child)
                    walk(child)
                } else if isRegularFile(status) {
                    files.insert(child)
                } else {
                    others.insert(child)
                }
            }
        }
        walk("")
        return (files, folders, others)
    }

    // MARK: leftovers of processes that died

    /// Whether process `pid` is running (or may be: one we may not signal still exists).
    static func isRunning(_ pid: Int32) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }

    /// The process id in `name` when it is `prefix` + digits (+ `-` and digits): a staging name of ours.
    static func processID(inName name: String, prefix: String) -> Int32? {
        guard name.hasPrefix(prefix) else { return nil }
        let rest = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(rest.count), rest.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let pid = Int32(rest[0]), pid > 0 else { return nil }
        return pid
    }

    /// The entries of `folder` named `prefix` + a process id that is no longer running, and owned by this
    /// user: what a process killed before it could clean up (SIGKILL, a power cut) left behind.
    package static func leftovers(in folder: String, prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().compactMap { name in
            guard let pid = processID(inName: name, prefix: prefix), !isRunning(pid),
                  let status = linkStatus(folder + "/" + name), status.st_uid == getuid(), !isLink(status)
            else { return nil }
            return folder + "/" + name
        }
    }
}

/// A file being written through its descriptor: every byte is checked in, and `close()` reports what
/// the last write or the close itself met, so nothing is taken as written that did not reach the file.
public final class FileWriter {
    private let descriptor: Int32
    /// The file's path or "standard output", for messages.
    let name: String
    private let owned: Bool
    private var buffer: [UInt8] = []
    private var closed = false
    private static let bufferSize = 1 << 16

    /// Writes to `descriptor`; closes it at `close()` when `owned`.
    init(descriptor: Int32, name: String, owned: Bool) {
        self.descriptor = descriptor
        self.name = name
        self.owned = owned
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Standard output: written through, never closed.
    static func standardOutput() -> FileWriter {
        FileWriter(descriptor: STDOUT_FILENO, name: "standard output", owned: false)
    }

    deinit {
        if owned && !closed { Foundation.close(descriptor) }
    }

    public func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    public func write(_ data: Data) throws {
        if buffer.isEmpty && data.count >= Self.bufferSize {
            try data.withUnsafeBytes { try writeAll($0) }
        } else {
            buffer.append(contentsOf: data)
            if buffer.count >= Self.bufferSize { try flush() }
        }
    }

    /// Hands what is buffered to the file.
    public func flush() throws {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try buffer.withUnsafeBytes { try writeAll($0) }
    }

    /// Flushes, then closes the file (standard output stays open); throws what either met.
    public func close() throws {
        guard !closed else { return }
        defer { closed = true }
        do {
            try flush()
        } catch {
            if owned { Foundation.close(descriptor) }
            throw error
        }
        if owned && Foundation.close(descriptor) != 0 {
            throw FileWriteError(path: name, reason: FileSystem.reason(errno))
        }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        if let failure = FlickOutput.writeAll(bytes, to: descriptor) {
            throw FileWriteError(path: name, reason: FileSystem.reason(failure))
        }
    }
}
