import FlickCore
import Foundation

/// Goldens no scenario uses (`flick test --prune`): a folder of `__Goldens__` whose scenario file is gone, a
/// frame a scenario no longer lists, a `states.json` of a scenario that no longer asks for states.
public enum GoldenPrune {
    /// A golden file or folder that no scenario uses, and why.
    public struct Orphan: Hashable, Sendable {
        public var path: String
        public var reason: String
    }

    /// The names a golden folder holds that flick writes: the only files `remove` deletes.
    static func isGoldenFile(_ name: String) -> Bool {
        name == StateTrajectory.fileName || ScenarioTests.frameIndex(ofGolden: name) != nil
            || (name.hasPrefix("time_") && name.hasSuffix(".png"))
    }

    /// The orphans in the `__Goldens__` folders beside `scenarios` (files found by `ScenarioTests.discover`),
    /// sorted by path. A scenario that does not decode keeps every golden of its folder (it cannot say which it
    /// uses); a golden folder is an orphan only when no .json, .yaml or .yml file of its name is beside it.
    public static func orphans(besides scenarios: [String]) -> [Orphan] {
        let manager = FileManager.default
        var folders: [String] = []
        for scenario in scenarios {
            let folder = (scenario as NSString).deletingLastPathComponent
            if !folders.contains(folder) { folders.append(folder) }
        }
        var orphans: [Orphan] = []
        for folder in folders {
            let goldens = (folder as NSString).appendingPathComponent(ScenarioTests.goldensFolderName)
            let entries = ((try? manager.contentsOfDirectory(atPath: goldens)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            for name in entries {
                let goldenFolder = (goldens as NSString).appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: goldenFolder, isDirectory: &isFolder), isFolder.boolValue else { continue }
                let candidates = ScenarioTests.extensions.sorted().map { (folder as NSString).appendingPathComponent("\(name).\($0)") }
                guard let scenarioFile = candidates.first(where: { manager.fileExists(atPath: $0) }) else {
                    orphans.append(Orphan(path: goldenFolder, reason: "no scenario file \(name).json, .yaml or .yml beside \(ScenarioTests.goldensFolderName)"))
                    continue
                }
                guard let scenario = try? ScenarioDecoder.load(path: scenarioFile),
                      let spec = try? ScenarioTests.goldenSpec(for: scenario, path: scenarioFile) else { continue }
                let files = ((try? manager.contentsOfDirectory(atPath: goldenFolder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
                let frames = Set(spec.frames)
                for file in files where isGoldenFile(file) {
                    let path = (goldenFolder as NSString).appendingPathComponent(file)
                    if file == StateTrajectory.fileName {
                        if spec.states == nil {
                            orphans.append(Orphan(path: path, reason: "\(scenarioFile) asks for no states golden"))
                        }
                    } else if let frame = ScenarioTests.frameIndex(ofGolden: file) {
                        if !frames.contains(frame) {
                            orphans.append(Orphan(path: path, reason: "\(scenarioFile) does not list frame \(frame) in goldens.frames"))
                        }
                    } else {
                        orphans.append(Orphan(path: path, reason: "scenario files compare frames by index, not time"))
                    }
                }
            }
        }
        return orphans.sorted { $0.path < $1.path }
    }

    /// Deletes the orphans: a file, or in a folder the golden files flick writes (then the folder, once empty).
    /// Never follows a symbolic link. Returns what could not be removed, with why.
    public static func remove(_ orphans: [Orphan]) -> [String] {
        let manager = FileManager.default
        var problems: [String] = []
        for orphan in orphans {
            var isFolder: ObjCBool = false
            let attributes = try? manager.attributesOfItem(atPath: orphan.path)
            let isLink = attributes?[.type] as? FileAttributeType == .typeSymbolicLink
            guard !isLink, manager.fileExists(atPath: orphan.path, isDirectory: &isFolder) else {
                if isLink { problems.append("\(orphan.path): a symbolic link; left alone") }
                continue
            }
            if !isFolder.boolValue {
                if unlink(orphan.path) != 0 { problems.append("\(orphan.path): \(String(cString: strerror(errno)))") }
                continue
            }
            let files = (try? manager.contentsOfDirectory(atPath: orphan.path)) ?? []
            var kept: [String] = []
            for file in files.sorted() {
                let path = (orphan.path as NSString).appendingPathComponent(file)
                let type = (try? manager.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
                if isGoldenFile(file), type == .typeRegular, unlink(path) == 0 { continue }
                kept.append(file)
            }
            if kept.isEmpty {
                if rmdir(orphan.path) != 0 { problems.append("\(orphan.path): \(String(cString: strerror(errno)))") }
            } else {
                problems.append("\(orphan.path): kept, it holds files flick does not write (\(kept.prefix(4).joined(separator: ", ")))")
            }
        }
        return problems
    }
}
