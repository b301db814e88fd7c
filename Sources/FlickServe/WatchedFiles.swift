import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What one look at a file finds, without opening it (`stat`, links followed): which file it is (device and
/// inode, so a picture replaced by a rename is seen even with the same size and time), its size and its
/// modification time; or that nothing is there. A named pipe is looked at, never opened.
struct FileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Double
    var exists: Bool

    static let missing = FileStamp(device: 0, inode: 0, size: -1, modified: 0, exists: false)

    init(device: UInt64, inode: UInt64, size: Int64, modified: Double, exists: Bool) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.exists = exists
    }

    /// The stamp of `path` now.
    init(of path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            self = .missing
            return
        }
        self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                  modified: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9, exists: true)
    }

    /// The stamp as text, for a run's drawing context.
    var text: String { exists ? "\(device):\(inode):\(size):\(modified)" : "-" }
}

/// The files a served scenario names, as they were when it was last decoded: `ServedScenario.check` looks at them
/// on every look and decodes the scenario again when one changed, appeared or went.
struct WatchedFiles: Equatable, Sendable {
    var paths: [String] = []
    var stamps: [FileStamp] = []

    init() {}

    init(paths: [String], stamps: [FileStamp]) {
        self.paths = paths
        self.stamps = stamps
    }

    /// The stamps of the same files now.
    func now() -> [FileStamp] { paths.map(FileStamp.init(of:)) }

    /// All the stamps as one text (`LiveRun`'s `files`).
    var text: String { zip(paths, stamps).map { "\($0)=\($1.text)" }.joined(separator: ";") }
}
