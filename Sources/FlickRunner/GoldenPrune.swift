import FlickOutput
import FlickCore
import Foundation

/// Goldens no scenario uses (`flick test --prune`): what `flick test` itself wrote for a scenario file that is
/// gone, a frame a scenario no longer lists, a `states.json` of a scenario that no longer asks for states.
///
/// Only the names `flick test` writes are ever orphans (`frame_NNNNN.png` and `states.json`, regular files); the
/// Swift API's `time_S.SSS.png` goldens, files of any other name, links and folders are never touched. A golden
/// folder whose scenario file is gone is an orphan only when it holds nothing else; and a frame is never an
/// orphan while a Swift file beside `__Goldens__` names its folder (FlickTesting's assertions keep their goldens
/// in `__Goldens__/<name>/` beside the test file, `frame_NNNNN.png` included).
public enum GoldenPrune {
    /// A golden file or folder that no scenario uses, and why.
    public struct Orphan: Hashable, Sendable {
        public var path: String
        public var reason: String
        /// For a folder: the files in it that are removed with it (names), sorted. Empty for a file.
        public var files: [String] = []

        public init(path: String, reason: String, files: [String] = []) {
            self.path = path
            self.reason = reason
            self.files = files
        }

        /// Every file the removal deletes, as paths.
        public var removedPaths: [String] {
            files.isEmpty ? [path] : files.map { (path as NSString).appendingPathComponent($0) }
        }
    }

    /// What `orphans` found: the orphans, and the golden folders it left alone although their scenario file is
    /// gone (with why), so a listing can say so.
    public struct Survey: Sendable {
        public var orphans: [Orphan] = []
        public var kept: [Orphan] = []
    }

    /// The names `flick test` writes into a golden folder: the only names prune ever removes.
    static func isTestGoldenName(_ name: String) -> Bool {
        name == StateTrajectory.fileName || ScenarioTests.frameIndex(ofGolden: name) != nil
    }

    /// A regular file, not a link (`lstat`).
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// A folder, not a link to one (`lstat`).
    static func isRealFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The orphans in the `__Goldens__` folders beside `scenarios` (files found by `ScenarioTests.discover`),
    /// sorted by path.
    public static func orphans(besides scenarios: [String]) -> [Orphan] { survey(besides: scenarios).orphans }

    /// The orphans, and the golden folders kept although no scenario file uses them.
    ///
    /// A scenario that does not decode keeps every golden of its folder (it cannot say which it uses). A golden
    /// folder is an orphan only when no .json, .yaml or .yml file of its name is beside `__Goldens__`, no Swift
    /// file there contains its name, and it holds only regular files `flick test` writes. `__Goldens__` and
    /// golden folders that are symbolic links are skipped, as are links inside them.
    public static func survey(besides scenarios: [String]) -> Survey {
        let manager = FileManager.default
        var folders: [String] = []
        for scenario in scenarios {
            let folder = (scenario as NSString).deletingLastPathComponent
            if !folders.contains(folder) { folders.append(folder) }
        }
        var survey = Survey()
        for folder in folders {
            let goldens = (folder as NSString).appendingPathComponent(ScenarioTests.goldensFolderName)
            guard isRealFolder(goldens) else { continue }
            let entries = ((try? manager.contentsOfDirectory(atPath: goldens)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            var swiftSources: [(name: String, text: String)]?
            for name in entries {
                let goldenFolder = (goldens as NSString).appendingPathComponent(name)
                guard isRealFolder(goldenFolder) else { continue }
                let files = ((try? manager.contentsOfDirectory(atPath: goldenFolder)) ?? []).sorted()
                let candidates = ScenarioTests.extensions.sorted().map { (folder as NSString).appendingPathComponent("\(name).\($0)") }
                guard let scenarioFile = candidates.first(where: { manager.fileExists(atPath: $0) }) else {
                    let testFiles = files.filter { isTestGoldenName($0) && isRegularFile((goldenFolder as NSString).appendingPathComponent($0)) }
                    if testFiles.isEmpty { continue }   // nothing flick test wrote: not flick test's folder
                    let sources = swiftSources ?? Self.swiftSources(in: folder)
                    swiftSources = sources
                    if let source = sources.first(where: { mentions($0.text, name) }) {
                        survey.kept.append(Orphan(path: goldenFolder, reason: "kept: \(source.name) beside \(ScenarioTests.goldensFolderName) names it (a Swift test's goldens)"))
                        continue
                    }
                    let others = files.filter { !testFiles.contains($0) }
                    guard others.isEmpty else {
                        let shown = others.prefix(4).joined(separator: ", ") + (others.count > 4 ? " and \(others.count - 4) more" : "")
                        survey.kept.append(Orphan(path: goldenFolder, reason: "kept: no scenario file \(name).json, .yaml or .yml, but it holds files flick test does not write (\(shown))"))
                        continue
                    }
                    survey.orphans.append(Orphan(path: goldenFolder,
                                                 reason: "no scenario file \(name).json, .yaml or .yml beside \(ScenarioTests.goldensFolderName)",
                                                 files: testFiles))
                    continue
                }
                guard let scenario = try? ScenarioDecoder.load(path: scenarioFile) else { continue }
                let spec: GoldenSpec
                do {
                    // No `goldens:` and no stored frame: nothing of the folder is compared.
                    spec = try ScenarioTests.goldenSpec(for: scenario, path: scenarioFile) ?? GoldenSpec(frames: [])
                } catch {
                    continue
                }
                let frames = Set(spec.frames)
                for file in files where isTestGoldenName(file) {
                    let path = (goldenFolder as NSString).appendingPathComponent(file)
                    guard isRegularFile(path) else { continue }
                    if file == StateTrajectory.fileName {
                        if spec.states == nil {
                            survey.orphans.append(Orphan(path: path, reason: "\(scenarioFile) asks for no states golden (goldens: has no states)"))
                        }
                    } else if let frame = ScenarioTests.frameIndex(ofGolden: file), !frames.contains(frame) {
                        // A Swift test beside may compare this frame of the same scenario file.
                        let sources = swiftSources ?? Self.swiftSources(in: folder)
                        swiftSources = sources
                        if let source = sources.first(where: { mentions($0.text, name) }) {
                            survey.kept.append(Orphan(path: path, reason: "kept: \(scenarioFile) does not list frame \(frame), but \(source.name) beside \(ScenarioTests.goldensFolderName) names \(name) (a Swift test's golden)"))
                        } else {
                            survey.orphans.append(Orphan(path: path, reason: "\(scenarioFile) does not list frame \(frame) in goldens.frames"))
                        }
                    }
                }
            }
        }
        survey.orphans.sort { $0.path < $1.path }
        survey.kept.sort { $0.path < $1.path }
        return survey
    }

    /// Whether `text` holds `name` as a word of its own: not inside a longer name (`p` is not in `swipe`), so
    /// `"card"`, `card.yaml` and `Examples/card.yaml` name `card`.
    static func mentions(_ text: String, _ name: String) -> Bool {
        func isNamePart(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "-" }
        var searchFrom = text.startIndex
        while let range = text.range(of: name, range: searchFrom..<text.endIndex) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before.map(isNamePart) ?? false), !(after.map(isNamePart) ?? false) { return true }
            searchFrom = text.index(after: range.lowerBound)
        }
        return false
    }

    /// The Swift files directly in `folder` (where FlickTesting's assertions put `__Goldens__` by default), with
    /// their text.
    static func swiftSources(in folder: String) -> [(name: String, text: String)] {
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        return entries.filter { $0.hasSuffix(".swift") }.compactMap { name in
            let path = (folder as NSString).appendingPathComponent(name)
            guard isRegularFile(path), let data = FileManager.default.contents(atPath: path) else { return nil }
            return (name, String(decoding: data, as: UTF8.self))
        }
    }

    /// What `remove` did: every file and folder it deleted (paths), and what it could not remove, with why.
    public struct Removal: Sendable {
        public var removed: [String] = []
        public var problems: [String] = []

        public init(removed: [String] = [], problems: [String] = []) {
            self.removed = removed
            self.problems = problems
        }
    }

    /// Deletes the orphans: a file, or a folder's golden files (then the folder, once empty). Each file is
    /// checked again just before: a regular file of a name `flick test` writes, never a symbolic link; a folder
    /// that has since gained another file keeps everything. The folder above `__Goldens__` is opened once and
    /// everything below it is reached from its descriptor without following a link (`OpenFolder`: `openat` with
    /// `O_NOFOLLOW`, `unlinkat`), so a folder swapped for a link after the check is met, never followed.
    public static func remove(_ orphans: [Orphan]) -> Removal {
        var removal = Removal()
        /// `path`'s folder as an `OpenFolder`, reached from the folder above `__Goldens__` without links.
        func openFolder(_ path: String) throws -> OpenFolder {
            let parts = (path as NSString).pathComponents
            guard let at = parts.lastIndex(of: ScenarioTests.goldensFolderName) else { return try OpenFolder(path: path) }
            let top = NSString.path(withComponents: Array(parts[..<at]))
            return try OpenFolder(path: top.isEmpty ? "." : top).folder(parts[at...].joined(separator: "/"), create: false)
        }
        func unlinkGolden(_ name: String, in folder: OpenFolder) {
            let path = (folder.path as NSString).appendingPathComponent(name)
            guard folder.isRegularFile(name), isTestGoldenName(name) else {
                removal.problems.append("\(path): not a regular golden file any more; left alone")
                return
            }
            if let problem = folder.removeFile(name) {
                removal.problems.append("\(path): \(problem)")
            } else {
                removal.removed.append(path)
            }
        }
        for orphan in orphans {
            if orphan.files.isEmpty {
                do {
                    unlinkGolden((orphan.path as NSString).lastPathComponent,
                                 in: try openFolder((orphan.path as NSString).deletingLastPathComponent))
                } catch {
                    removal.problems.append("\(orphan.path): left alone: \(error)")
                }
                continue
            }
            let parent: OpenFolder, folder: OpenFolder
            do {
                parent = try openFolder((orphan.path as NSString).deletingLastPathComponent)
                folder = try parent.folder((orphan.path as NSString).lastPathComponent, create: false)
            } catch {
                removal.problems.append("\(orphan.path): not a folder any more (a link?); left alone")
                continue
            }
            let others = folder.names().filter { !orphan.files.contains($0) }
            guard others.isEmpty else {
                removal.problems.append("\(orphan.path): kept, it now holds files flick test does not write (\(others.prefix(4).joined(separator: ", ")))")
                continue
            }
            for file in orphan.files { unlinkGolden(file, in: folder) }
            if folder.names().isEmpty {
                if parent.removeEmptyFolder((orphan.path as NSString).lastPathComponent) {
                    removal.removed.append(orphan.path + "/")
                } else {
                    removal.problems.append("\(orphan.path): \(String(cString: strerror(errno)))")
                }
            }
        }
        return removal
    }
}
