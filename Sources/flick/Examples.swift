import ArgumentParser
import FlickCore
import Foundation

struct Examples: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the bundled example scenarios.",
        discussion: """
        Examples live in the Examples/ folder of the Flick checkout (or $FLICK_EXAMPLES). Any command that takes a scenario file also takes an example's name, e.g. `flick states fling-to-rest`.
        """
    )

    func run() throws {
        guard let folder = ExampleCatalog.folder else {
            printError("error: cannot find the Examples folder; run flick from the Flick checkout or set FLICK_EXAMPLES")
            throw failureExit
        }
        let entries = ExampleCatalog.entries(in: folder)
        let width = entries.map(\.name.count).max() ?? 0
        for entry in entries {
            print(entry.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + entry.summary)
        }
    }
}

/// The bundled scenarios in Examples/, each with the summary from its first comment line.
enum ExampleCatalog {
    /// Where the tab icons a scenario names are looked up: beside the scenario file, then the bundled icons.
    static func iconFolders(forScenarioAt path: String) -> [String] {
        [URL(fileURLWithPath: path).deletingLastPathComponent().path] + (folder.map { [$0 + "/icons"] } ?? [])
    }

    /// $FLICK_EXAMPLES, else ./Examples, else the Examples folder of the checkout the executable was built in.
    static var folder: String? {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["FLICK_EXAMPLES"], !env.isEmpty { return env }
        if isDirectory(fm.currentDirectoryPath + "/Examples") { return fm.currentDirectoryPath + "/Examples" }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for _ in 0..<6 {
            url = url.deletingLastPathComponent()
            let candidate = url.appendingPathComponent("Examples").path
            if isDirectory(candidate), fm.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return candidate
            }
        }
        return nil
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    struct Entry {
        var name: String
        var path: String
        var summary: String
    }

    static func entries(in folder: String) -> [Entry] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.sorted().compactMap { file -> Entry? in
            let url = URL(fileURLWithPath: folder).appendingPathComponent(file)
            guard ScenarioDecoder.supportedExtensions.contains(url.pathExtension.lowercased()) else { return nil }
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            let comment = text.split(separator: "\n").first { $0.hasPrefix("#") && !$0.hasPrefix("# yaml-language-server:") }
            let summary = comment.map { $0.drop(while: { $0 == "#" || $0 == " " }) }.map(String.init)
                ?? describe(path: url.path)
            return Entry(name: url.deletingPathExtension().lastPathComponent, path: url.path, summary: summary)
        }
    }

    /// A one-line description from the scenario itself, for files without a leading comment (JSON).
    private static func describe(path: String) -> String {
        guard let scenario = try? ScenarioDecoder.load(path: path) else { return "(does not validate: see flick validate)" }
        let gestures = scenario.gestures.map(\.kind).joined(separator: ", ")
        return "a \(scenario.scene.root.kind), \(JSONValue.format(scenario.duration)) s"
            + (gestures.isEmpty ? "" : ": \(gestures)")
    }

    /// A path as given if it names a file; otherwise the bundled example of that name, if there is one.
    static func resolve(_ argument: String) -> String {
        if FileManager.default.fileExists(atPath: argument) || argument.contains("/") { return argument }
        guard let folder else { return argument }
        return entries(in: folder).first { $0.name == argument }?.path ?? argument
    }
}
