import Foundation

/// The frames of two folders, matched by file name: the expected folder's and the actual folder's.
public struct FrameFolders: Equatable, Sendable {
    /// Extensions of the files taken as frames (compared without regard to case); other files are ignored.
    public static let frameExtensions: Set<String> = ["png", "svg"]

    /// File names present in both folders, sorted.
    public let matched: [String]
    /// Frames of the expected folder that the actual folder lacks.
    public let missing: [String]
    /// Frames of the actual folder that the expected folder lacks.
    public let extra: [String]

    /// Lists both folders (not their subfolders) and matches their frames.
    public init(expected: String, actual: String) throws(ImageError) {
        let expectedNames = try Self.frames(in: expected)
        let actualNames = try Self.frames(in: actual)
        matched = expectedNames.intersection(actualNames).sorted()
        missing = expectedNames.subtracting(actualNames).sorted()
        extra = actualNames.subtracting(expectedNames).sorted()
    }

    /// Where `folder`'s frames are: its `frames` folder when it is a folder `flick render` wrote (a `states.json` beside
    /// `frames/`, and perhaps contact-sheet.png or motion.png, which are no frames), else the folder itself.
    public static func framesFolder(of folder: String) -> String {
        let inner = (folder as NSString).appendingPathComponent("frames")
        let states = (folder as NSString).appendingPathComponent("states.json")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: states),
              FileManager.default.fileExists(atPath: inner, isDirectory: &isDirectory), isDirectory.boolValue else { return folder }
        return inner
    }

    /// The names of the frame files directly inside `folder`.
    public static func frames(in folder: String) throws(ImageError) -> Set<String> {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) { throw .notFound(path: folder) }
            throw .unreadable(path: folder, reason: "cannot list the folder")
        }
        return Set(names.filter { name in
            !name.hasPrefix(".") && frameExtensions.contains((name as NSString).pathExtension.lowercased())
        })
    }
}
