import Foundation
import Testing

/// The package's root, from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The built `flick`, next to the test bundle.
let flickURL: URL = {
    var candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    return candidates.map { $0.appendingPathComponent("flick") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0].appendingPathComponent("flick")
}()

struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs flick with `arguments` in the package root and collects its output.
func flick(_ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:]) throws -> Run {
    let process = Process()
    process.executableURL = flickURL
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    // Standard output goes to a file, so a large document can never fill a pipe and stall the process.
    let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("flick-out-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: outURL) }
    let out = try FileHandle(forWritingTo: outURL)
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try out.close()
    let outData = try Data(contentsOf: outURL)
    return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
               stderr: String(decoding: errData, as: UTF8.self))
}

let exampleNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Examples").path)) ?? []
    return files.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
        .map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }.sorted()
}()

@Suite("flick, end to end")
struct CLITests {
    @Test("Every bundled example simulates to the states document (docs/states.md)", arguments: exampleNames)
    func statesOfExample(_ name: String) throws {
        let run = try flick(["states", name])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["scenario"] as? String == name)
        let fps = try #require(document["fps"] as? Double)
        let frames = try #require(document["frames"] as? [[String: Any]])
        let viewport = try #require(document["viewport"] as? [String: Any])
        #expect(viewport["width"] != nil && viewport["height"] != nil && viewport["scale"] != nil)
        #expect(frames.count > 1)
        for (i, frame) in frames.enumerated() {
            #expect(frame["index"] as? Int == i)
            #expect(abs((frame["time"] as? Double ?? -1) - Double(i) / fps) < 1e-6)
            #expect(frame.keys.contains("touch"))
            let views = try #require(frame["scrollViews"] as? [String: [String: Any]])
            for (_, view) in views {
                for key in ["contentOffset", "contentSize", "contentInset", "adjustedContentInset", "frame", "velocity", "phase"] {
                    #expect(view[key] != nil, "\(name) frame \(i) lacks \(key)")
                }
                #expect(["idle", "tracking", "decelerating", "bouncing", "animating"].contains(view["phase"] as? String ?? ""))
            }
            if let sheet = frame["sheet"] as? [String: Any] {
                #expect(["idle", "tracking", "settling", "dismissing", "dismissed"].contains(sheet["phase"] as? String ?? ""))
                for key in ["top", "detent", "velocity", "dimming"] { #expect(sheet.keys.contains(key)) }
            }
        }
    }

    @Test("The same input gives byte-identical output")
    func deterministic() throws {
        let a = try flick(["states", "sheet-handoff"]), b = try flick(["states", "sheet-handoff"])
        #expect(a.status == 0 && a.stdout == b.stdout)
        #expect(a.stdout.count > 10_000)
    }

    @Test("A folder named like a bundled example (an earlier render's output) does not hide the example")
    func exampleBesideItsOutputFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-cli-shadow-\(getpid())")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("fling-to-rest/frames"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try flick(["states", "fling-to-rest", "--format", "csv"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 241 + 1)
        let folder = try flick(["states", "./fling-to-rest"], in: dir)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("is a directory, not a scenario file"), "\(folder.stderr)")
    }

    @Test("CSV has one header row and one row per frame, with dotted column names")
    func csv() throws {
        let run = try flick(["states", "fling-to-rest", "--format", "csv"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 241 + 1)
        let header = lines[0].split(separator: ",").map(String.init)
        #expect(header.starts(with: ["index", "time", "touch.x", "touch.y", "touch.phase", "list.contentOffset.x", "list.contentOffset.y"]))
        #expect(lines.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == header.count })
    }

    @Test("--output writes the file and leaves no partial file behind")
    func outputFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-cli-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("states.json").path
        let run = try flick(["states", "rubber-band-pull", "--output", target])
        #expect(run.status == 0)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == (try flick(["states", "rubber-band-pull"])).stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["states.json"])
        let missing = try flick(["states", "rubber-band-pull", "--output", dir.path + "/nope/states.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("does not exist"))
    }

    @Test("Bad files exit 2 with file, line, column, key path and the problem")
    func badInput() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bad-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.yaml")
        try """
        viewport: {width: 390, height: 844}
        fps: 300
        duration: 1
        scene:
          sheet:
            detents: [{name: tip, height: 120}, {name: full, fraction: 1.5}]
            initial: tip
            content: {list: {rows: 3, rowHight: 5}}
        """.write(to: bad, atomically: true, encoding: .utf8)
        for command in [["validate", bad.path], ["states", bad.path]] {
            let run = try flick(command)
            #expect(run.status == 2)
            #expect(run.stderr.contains("\(bad.path):2:6: error: fps: expected a number in 1...240, found 300"))
            #expect(run.stderr.contains("\(bad.path):6:64: error: scene.sheet.detents[1].fraction: expected a number in (0, 1], found 1.5"))
            #expect(run.stderr.contains("scene.sheet.content.list.rowHight: unknown key \"rowHight\" (did you mean \"rowHeight\"?)"))
            #expect(run.stdout.isEmpty || command[0] == "validate")
        }
        let syntax = dir.appendingPathComponent("syntax.json")
        try "{\"fps\": 60,\n \"duration\": [1, 2\n}".write(to: syntax, atomically: true, encoding: .utf8)
        let run = try flick(["validate", syntax.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("\(syntax.path):3:1: error: syntax error"))
        let missing = try flick(["states", "no-such-file.yaml"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no-such-file.yaml: error: no such file"))
    }

    @Test("A scenario path that does not exist is said to be missing, by every command that takes scenarios", arguments: [
        ["render", "nope/sheet-handoff"], ["states", "nope/sheet-handoff"], ["check", "nope/sheet-handoff"],
        ["validate", "nope/sheet-handoff"], ["review", "sheet-handoff", "nope/sheet-handoff"],
        ["states", "nope/sheet-handoff", "--set", "physics.preset=uikit,flutter"],
        ["render", "nope/sheet-handoff", "--set", "physics.preset=uikit,flutter"],
        ["fuzz", "nope/sheet-handoff"], ["fit", "nope/sheet-handoff"], ["bench", "nope/sheet-handoff"],
        ["serve", "nope/sheet-handoff"],
    ])
    func missingScenarioPath(_ arguments: [String]) throws {
        let dir = try scratchFolder("missing-path")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try flick(arguments, in: dir)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("nope/sheet-handoff: error: no such file or folder\n"), "\(run.stderr)")
        #expect(!run.stderr.contains("unsupported file type"))
        #expect(contents(dir).isEmpty)
    }

    @Test("flick help names a command, or is an error naming the closest; help of a command and of no command print help")
    func helpOfNoSuchCommand() throws {
        let typo = try flick(["help", "rendr"])
        #expect(typo.status == 2)
        #expect(typo.stdout.isEmpty)
        #expect(typo.stderr == "error: flick has no command named \"rendr\"; did you mean render? (see `flick help`)\n")
        let unknown = try flick(["help", "nosuch"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "error: flick has no command named \"nosuch\" (see `flick help`)\n")
        let nested = try flick(["help", "render", "nosuch"])
        #expect(nested.status == 2)
        #expect(nested.stderr == "error: flick render has no command named \"nosuch\" (see `flick help render`)\n")
        for arguments in [["help"], ["help", "render"], ["help", "help"]] {
            let run = try flick(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.hasPrefix("OVERVIEW: "), "\(arguments): \(run.stdout)")
        }
        #expect(try flick(["help", "render"]).stdout == (try flick(["render", "--help"])).stdout)
    }

    @Test("validate reports ok for every example; examples lists them all")
    func validateAndList() throws {
        let run = try flick(["validate"] + exampleNames)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == exampleNames.count)
        // One line an example when the terminal is wide enough.
        let list = try flick(["examples"], environment: ["COLUMNS": "5000"])
        #expect(list.status == 0)
        for name in exampleNames { #expect(list.stdout.contains(name)) }
        #expect(list.stdout.split(separator: "\n").count == exampleNames.count)
        // Piped, 80 columns; with COLUMNS, that width: every line fits, the words all there, in order.
        for (environment, width) in [(["COLUMNS": ""], 80), (["COLUMNS": "60"], 60)] {
            let wrapped = try flick(["examples"], environment: environment)
            let lines = wrapped.stdout.split(separator: "\n")
            #expect(lines.allSatisfy { $0.count <= width }, "\(lines.map(\.count).max() ?? 0) > \(width)")
            #expect(lines.count > exampleNames.count)
            #expect(wrapped.stdout.split(whereSeparator: \.isWhitespace) == list.stdout.split(whereSeparator: \.isWhitespace))
        }
        // A JSON example has no comment: its line is made from the scenario.
        let carousel = list.stdout.split(separator: "\n").first { $0.hasPrefix("horizontal-carousel ") }
        #expect(carousel?.hasSuffix(" a horizontal list of 12 rows in a 390×200 pt viewport, 2 s, 1 drag (no comment to describe it: JSON has none)") == true,
                "\(String(describing: carousel))")
        // A comment of several lines is said whole, not cut at its first line.
        let sheet = list.stdout.split(separator: "\n").first { $0.hasPrefix("carousel-sheet ") }
        #expect(sheet?.hasSuffix("cards page by one card plus its spacing, the neighbours peek at both sides, and a vertical drag on the list raises the sheet.") == true,
                "\(String(describing: sheet))")
    }

    @Test("Every usage error of every command exits 2 with a message naming the option or argument")
    func usageErrorsExitTwo() throws {
        for (arguments, named) in [
            (["diff", "a.png", "b.png", "--threshold", "2"], "--threshold"),
            (["diff", "a.png", "b.png", "--jobs", "0"], "--jobs"),
            (["diff", "a.png"], "<B>"),
            (["render", "fling-to-rest", "--jobs", "0"], "--jobs"),
            (["render", "fling-to-rest", "--fps", "0"], "--fps"),
            (["render", "fling-to-rest", "--bogus"], "--bogus"),
            (["render", "fling-to-rest", "--frames", "-1..3"], "'--frames <frames>': frame indices start at 0"),
            (["render", "fling-to-rest", "--frames", "9..3"], "'--frames <frames>': the range ends before it starts"),
            (["render", "fling-to-rest", "--format", "gif"], "--format"),
            (["render", "fling-to-rest", "--out"], "--out"),
            (["render"], "<scenarios>"),
            (["states"], "<scenario>"),
            (["states", "fling-to-rest", "--format", "xml"], "--format"),
            (["validate", "--strict", "fling-to-rest"], "--strict"),
            (["examples", "extra"], "'extra'"),
            (["bench", "--samples", "0"], "--samples"),
            (["bench", "--jobs", "x"], "--jobs"),
            (["nonsense"], "'nonsense'"),
        ] {
            let run = try flick(arguments)
            #expect(run.status == 2, "\(arguments): status \(run.status)")
            #expect(run.stderr.contains(named), "\(arguments): \(run.stderr)")
        }
    }

    @Test("bench --help gives the default of --jobs once")
    func benchHelp() throws {
        let run = try flick(["bench", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.components(separatedBy: "(default: all cores)").count == 2, "\(run.stdout)")
        #expect(!run.stdout.contains("(default: \(ProcessInfo.processInfo.activeProcessorCount))"), "\(run.stdout)")
    }

    @Test("--help explains each command")
    func help() throws {
        let top = try flick(["--help"])
        #expect(top.status == 0)
        for command in ["states", "validate", "examples"] { #expect(top.stdout.contains(command)) }
        let states = try flick(["states", "--help"])
        #expect(states.stdout.contains("--format"))
        #expect(states.stdout.contains("--output"))
    }
}

@Suite("validate and check warn about DeckTransition's tracking pitfall")
struct TrackingWarningTests {
    @Test("A card whose first child is a horizontal carousel: valid, with a warning that names the fix")
    func carouselFirst() throws {
        let dir = try scratchFolder("pitfall")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("card.yaml")
        try """
        viewport: {width: 390, height: 844}
        duration: 1
        scene:
          sheet:
            detents: [{name: card, fraction: 0.94}]
            initial: card
            dismissible: true
            content:
              stack:
                children:
                  - {height: 190, carousel: {id: covers, cardWidth: 300, cards: [{title: A}, {title: B}]}}
                  - {height: 500, list: {id: feed, rows: 40, rowHeight: 56}}
        """.write(to: file, atomically: true, encoding: .utf8)
        for command in ["validate", "check"] {
            let run = try flick([command, file.path])
            #expect(run.status == 0, "\(command)")
            #expect(run.stderr.contains("\(file.path): warning: card `sheet` tracks `covers`, which cannot scroll vertically: pulls on `feed` will never dismiss it; add `tracks: feed`"), "\(command): \(run.stderr)")
        }
    }
}
