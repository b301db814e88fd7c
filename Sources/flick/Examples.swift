import ArgumentParser
import FlickCore
import Foundation

struct Examples: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the bundled example scenarios.",
        discussion: """
        Any command that takes a scenario file also takes an example's name, e.g. `flick states fling-to-rest`. The examples are looked up in $FLICK_EXAMPLES when it is set; else in PREFIX/share/flick/Examples when flick is installed as PREFIX/bin/flick (scripts/install.sh); else in the Examples folder of the checkout flick was built in, wherever it is run from (links on PATH are followed); else in ./Examples. The list is wrapped to the terminal's width: $COLUMNS, else the terminal's, else 80 columns (a pipe or a file).
        """
    )

    func run() throws {
        let folder: String
        switch ExampleCatalog.location {
        case .found(let found): folder = found
        case .problem(let problem):
            throw BadInput(problem)
        }
        let entries = ExampleCatalog.entries(in: folder)
        for line in ExampleCatalog.listing(entries.map { ($0.name, $0.summary) }, width: Terminal.columns) { print(line) }
    }
}

/// The terminal's width, for text wrapped to it.
enum Terminal {
    /// `$COLUMNS` when it is a number of at least 20; else the width of the terminal standard output is (ioctl
    /// `TIOCGWINSZ`); else 80 (a pipe, a file).
    static var columns: Int {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let n = Int(text), n >= 20 { return min(n, 10_000) }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 {
            return Int(size.ws_col)
        }
        return 80
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a word longer than the line stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}

/// The bundled scenarios in Examples/, each with the summary from its first comment line.
enum ExampleCatalog {
    /// Where the tab icons a scenario names are looked up: beside the scenario file, then the bundled icons.
    static func iconFolders(forScenarioAt path: String) -> [String] {
        [URL(fileURLWithPath: path).deletingLastPathComponent().path] + (folder.map { [$0 + "/icons"] } ?? [])
    }

    /// Where the examples are, or why they cannot be found.
    enum Location {
        case found(String)
        case problem(String)
    }

    /// $FLICK_EXAMPLES (which must be a folder); else PREFIX/share/flick/Examples or Examples beside the
    /// executable; else the Examples folder of the checkout the executable was built in; else ./Examples.
    ///
    /// The executable is found from the system (`/proc/self/exe`, `_NSGetExecutablePath`), not from the
    /// command line, which holds only `flick` when it is run through PATH; links to it are followed.
    static var location: Location {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["FLICK_EXAMPLES"], !env.isEmpty {
            return isDirectory(env) ? .found(env) : .problem("FLICK_EXAMPLES is \(env), which is not a folder")
        }
        if let executable = Bundle.main.executablePath {
            let bin = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
            for candidate in [bin.appendingPathComponent("../share/flick/Examples").standardizedFileURL.path,
                              bin.appendingPathComponent("Examples").path] where isDirectory(candidate) {
                return .found(candidate)
            }
            var url = bin
            for _ in 0..<6 {
                let candidate = url.appendingPathComponent("Examples").path
                if isDirectory(candidate), fm.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                    return .found(candidate)
                }
                url = url.deletingLastPathComponent()
            }
        }
        if isDirectory(fm.currentDirectoryPath + "/Examples") { return .found(fm.currentDirectoryPath + "/Examples") }
        return .problem("cannot find the bundled examples: install flick with scripts/install.sh, run the flick built "
            + "in a Flick checkout, or set FLICK_EXAMPLES to the Examples folder")
    }

    /// The examples folder, if it can be found.
    static var folder: String? {
        if case .found(let folder) = location { return folder }
        return nil
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The list as `flick examples` prints it in `width` columns: each name, then its summary wrapped beside it
    /// (continuation lines under the summary's first); when the names leave less than 30 columns, each summary
    /// goes under its name, indented by 4.
    static func listing(_ entries: [(name: String, summary: String)], width: Int) -> [String] {
        let nameWidth = entries.map(\.name.count).max() ?? 0
        var lines: [String] = []
        if width - nameWidth - 2 >= 30 {
            let indent = String(repeating: " ", count: nameWidth + 2)
            for entry in entries {
                let summary = Terminal.wrap(entry.summary, width: width - nameWidth - 2)
                lines.append(entry.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  " + summary[0])
                lines += summary.dropFirst().map { indent + $0 }
            }
        } else {
            for entry in entries {
                lines.append(entry.name)
                lines += Terminal.wrap(entry.summary, width: max(width - 4, 16)).map { "    " + $0 }
            }
        }
        return lines
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
            // The whole first comment paragraph (its lines joined), not its first line cut mid-sentence.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                .filter { !$0.hasPrefix("# yaml-language-server:") }
            let paragraph = lines.drop { !$0.hasPrefix("#") }.prefix { $0.hasPrefix("#") }
                .map { String($0.drop { $0 == "#" || $0 == " " }) }
                .prefix { !$0.isEmpty }
            let summary = paragraph.isEmpty ? describe(path: url.path) : paragraph.joined(separator: " ")
            return Entry(name: url.deletingPathExtension().lastPathComponent, path: url.path, summary: summary)
        }
    }

    /// A one-line description from the scenario itself, for files without a leading comment (JSON).
    private static func describe(path: String) -> String {
        guard let scenario = try? ScenarioDecoder.load(path: path) else { return "(does not validate: see flick validate)" }
        var counts: [(String, Int)] = []
        for kind in scenario.gestures.map(\.kind) {
            if let i = counts.firstIndex(where: { $0.0 == kind }) { counts[i].1 += 1 } else { counts.append((kind, 1)) }
        }
        let gestures = counts.map { "\($0.1) \($0.0)\($0.1 == 1 ? "" : "s")" }.joined(separator: ", ")
        let what = scenario.scene.root.briefDescription
        return "\(what) in a \(JSONValue.format(scenario.viewport.width))×\(JSONValue.format(scenario.viewport.height)) pt "
            + "viewport, \(JSONValue.format(scenario.duration)) s" + (gestures.isEmpty ? ", no gestures" : ", \(gestures)")
            + " (no comment to describe it: JSON has none)"
    }

    /// A path as given if it names a file; otherwise the bundled example of that name, if there is one. A folder
    /// of the same name in the working directory (an earlier `--out .`'s `sheet-handoff/`) does not hide the example.
    static func resolve(_ argument: String) -> String {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder)
        if (exists && !isFolder.boolValue) || argument.contains("/") { return argument }
        guard let folder else { return argument }
        return entries(in: folder).first { $0.name == argument }?.path ?? argument
    }

    /// Why `argument` names no scenario, when it is a bare name (no folder, no scenario extension) that is
    /// neither a file nor a bundled example: "no example or file named fling-to-res; did you mean fling-to-rest?".
    /// Paths and file names are left to the decoder, which says "no such file".
    static func problem(with argument: String) -> String? {
        let ext = URL(fileURLWithPath: argument).pathExtension.lowercased()
        guard !argument.contains("/"), !ScenarioDecoder.supportedExtensions.contains(ext),
              !FileManager.default.fileExists(atPath: argument) else { return nil }
        switch location {
        case .problem(let problem):
            return "no file named \(argument), and no example of that name either: \(problem)"
        case .found(let folder):
            let names = entries(in: folder).map(\.name)
            if names.contains(argument) { return nil }
            var message = "no example or file named \(argument)"
            if let closest = names.min(by: { editDistance($0, argument) < editDistance($1, argument) }),
               editDistance(closest, argument) <= max(2, argument.count / 3) {
                message += "; did you mean \(closest)?"
            } else {
                message += " (see `flick examples`)"
            }
            return message
        }
    }

    /// The Levenshtein distance between two names.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
