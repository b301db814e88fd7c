import Foundation
import Testing

/// One error of each command, end to end: its whole standard error (every line of it, once, never "error: error:")
/// and its exit status. The commands throw their errors as values and `main` prints them (issue 34, "A thin CLI").
@Suite("Errors, printed once with their exit status")
struct ErrorOnceTests {
    /// A command line run in a folder holding `bad.yaml` (one line, four problems), `ok.yaml` (a scenario missing a
    /// list's row height) and `mine/` (a folder of the user's, with `mine/rubber-band-pull/` inside), and what it must
    /// write on standard error (`{DIR}` stands for the folder, `{EXAMPLES}` for the bundled examples' folder).
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var stderr: String
        var status: Int32 = 2
        var environment: [String: String] = [:]
        var testDescription: String { "flick " + arguments.joined(separator: " ") }
    }

    static let refused = "exists and was not written by flick (it has no .flick-output list of flick's files); move it away or choose another output folder"
    static let badLines = """
        bad.yaml:1:1: error: missing required key "viewport"
        bad.yaml:1:6: error: fps: expected a number in 1...240, found 300
        bad.yaml:1:1: error: missing required key "duration"
        bad.yaml:1:1: error: missing required key "scene"

        """
    static let presets = "uikit, floatingpanel, flutter-ios, flutter-android, android"

    static let cases: [Case] = [
        // Options checked before anything runs.
        Case(arguments: ["render", "rubber-band-pull", "--scale", "0"], stderr: "error: --scale must be a number in (0, 16], not 0.0\n"),
        Case(arguments: ["render", "rubber-band-pull", "--jobs", "0"], stderr: "error: --jobs must be at least 1, not 0\n"),
        Case(arguments: ["bench", "rubber-band-pull", "--samples", "0"], stderr: "error: --samples must be at least 1, not 0\n"),
        Case(arguments: ["fuzz", "rubber-band-pull", "--count", "0"], stderr: "error: --count must be in 1...1000000, not 0\n"),
        Case(arguments: ["test", "--shard", "0/0", "."], stderr: "error: --shard must be i/n with 1 ≤ i ≤ n, e.g. 2/3, not \"0/0\"\n"),
        Case(arguments: ["review", "--out", ""], stderr: "error: --out is empty; give the folder the page goes in\n"),
        Case(arguments: ["fit", "rubber-band-pull", "--only", "foo"],
             stderr: "error: --only: unknown constant 'foo'; flick fit knows bounce, decelerationRate, rubberBand, sheetSpring.response, sheetSpring.dampingRatio, pagingSpring.response, pagingSpring.dampingRatio\n"),
        // The first name it does not know among known ones (names are case-sensitive, as `physics:` keys are), or an empty one.
        Case(arguments: ["fit", "no-such.yaml", "--only", "bounce, Bounce,nope"],
             stderr: "error: --only: unknown constant 'Bounce'; flick fit knows bounce, decelerationRate, rubberBand, sheetSpring.response, sheetSpring.dampingRatio, pagingSpring.response, pagingSpring.dampingRatio\n"),
        Case(arguments: ["fit", "rubber-band-pull", "--only", "bounce,"],
             stderr: "error: --only: an empty name; flick fit knows bounce, decelerationRate, rubberBand, sheetSpring.response, sheetSpring.dampingRatio, pagingSpring.response, pagingSpring.dampingRatio\n"),
        Case(arguments: ["help", "rendr"], stderr: "error: flick has no command named \"rendr\"; did you mean render? (see `flick help`)\n"),
        // Every file's problems at once, each once.
        Case(arguments: ["render", "no-such.yaml", "bad.yaml", "rubber-band-pull", "--out", "o"],
             stderr: "no-such.yaml: error: no such file\n" + badLines),
        Case(arguments: ["render", "rubber-band-pull", "rubber-band-pull", "--out", "o", "--frames", "0..0"],
             stderr: "{EXAMPLES}/rubber-band-pull.yaml: error: given more than once\n"),
        Case(arguments: ["render", "rubber-band-pull", "--set", "physics.preset=ios,nope", "--out", "o", "--frames", "0..0"],
             stderr: "{EXAMPLES}/rubber-band-pull.yaml: error: --set physics.preset=ios: expected one of \(presets), found ios\n"
                + "{EXAMPLES}/rubber-band-pull.yaml: error: --set physics.preset=nope: expected one of \(presets), found nope\n"),
        Case(arguments: ["states", "bad.yaml"], stderr: badLines),
        Case(arguments: ["validate", "no-such.yaml", "bad.yaml", "ok.yaml"],
             stderr: "no-such.yaml: error: no such file\n" + badLines
                + "ok.yaml:3:15: error: scene.list: missing required key \"rowHeight\"\n3 of 3 files invalid\n"),
        Case(arguments: ["check", "no-such.yaml", "bad.yaml"], stderr: "no-such.yaml: error: no such file\n" + badLines),
        Case(arguments: ["bench", "bad.yaml"], stderr: badLines),
        Case(arguments: ["review", "bad.yaml", "--set", "physics.preset=uikit,android", "--out", "o"], stderr: badLines),
        Case(arguments: ["fit", "rubber-band-pull"],
             stderr: "{EXAMPLES}/rubber-band-pull.yaml: error: the scenario names no recording (reference:); nothing to fit\n"),
        Case(arguments: ["render", "rubber-band-pull", "--from", "nope.json", "--out", "o"], stderr: "nope.json: error: cannot read: no such file\n"),
        // Options of a fixed set of values, which name the values.
        Case(arguments: ["test", ".", "--record", "sometimes"], stderr: "error: --record must be one of missing, changed, all, never, not \"sometimes\"\n"),
        Case(arguments: ["test", ".", "--junit", "x.xml", "--junit-style", "ant"], stderr: "error: --junit-style must be full or strict, not \"ant\"\n"),
        // `failed` (the earlier name of `changed`) in any case is a mode: what is refused is --record with --merge.
        Case(arguments: ["test", "--merge", "nope", "--record", "Failed"],
             stderr: "error: --record does not apply to --merge, which runs nothing: it reads the blobs the shards wrote\n"),
        // Inputs that are not there.
        Case(arguments: ["diff", "nope1", "nope2"], stderr: "error: nope1: no such file or folder\n"),
        Case(arguments: ["diff", "ok.yaml", "bad.yaml"], stderr: "error: ok.yaml: not a PNG file (it does not start with the PNG signature)\n"),
        Case(arguments: ["test", "--merge", "nope"], stderr: "error: nope: no such file or folder\n"),
        Case(arguments: ["track", "nope.mp4", "--region", "0,0,10,10"], stderr: "error: cannot read nope.mp4: No such file or directory\n"),
        Case(arguments: ["examples"], stderr: "error: FLICK_EXAMPLES is /nonexistent, which is not a folder\n",
             environment: ["FLICK_EXAMPLES": "/nonexistent"]),
        // Failures: an output that is not flick's to replace, a folder that is not there.
        Case(arguments: ["render", "rubber-band-pull", "--out", "mine", "--frames", "0..0"],
             stderr: "{EXAMPLES}/rubber-band-pull.yaml: error: {DIR}/mine/rubber-band-pull \(refused)\n"),
        Case(arguments: ["review", "rubber-band-pull", "fling-to-rest", "--out", "mine"], stderr: "error: {DIR}/mine \(refused)\n"),
        Case(arguments: ["diff", "ok.yaml", "ok.yaml", "--out", "mine"], stderr: "error: {DIR}/mine \(refused)\n"),
        Case(arguments: ["states", "rubber-band-pull", "--output", "/nonexistent/dir/x.json"],
             stderr: "error: cannot write /nonexistent/dir/x.json: the folder /nonexistent/dir does not exist\n"),
    ]

    @Test("A command's error is its whole standard error, said once, with exit status 2", arguments: cases)
    func printedOnce(_ example: Case) throws {
        let dir = try scratchFolder("error-once")
        defer { try? FileManager.default.removeItem(at: dir) }
        try "fps: 300\n".write(to: dir.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        try "viewport: {width: 100, height: 100, scale: 1}\nduration: 0.1\nscene: {list: {rows: 3}}\n"
            .write(to: dir.appendingPathComponent("ok.yaml"), atomically: true, encoding: .utf8)
        let mine = dir.appendingPathComponent("mine/rubber-band-pull")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try "mine\n".write(to: mine.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try "mine\n".write(to: dir.appendingPathComponent("mine/notes.txt"), atomically: true, encoding: .utf8)

        let run = try flick(example.arguments, in: dir, environment: example.environment)
        let expected = example.stderr
            .replacingOccurrences(of: "{EXAMPLES}", with: packageRoot.appendingPathComponent("Examples").path)
            .replacingOccurrences(of: "{DIR}", with: dir.path)
        #expect(run.status == example.status)
        #expect(run.stderr == expected)
        #expect(!run.stderr.contains("error: error:") && !run.stderr.contains("Error: error:"))
        // Nothing of the user's was touched, and nothing was written.
        #expect(contents(dir) == ["bad.yaml", "mine", "ok.yaml"])
        #expect(contents(mine) == ["notes.txt"])
    }

    @Test("--format of diff and --axis of track take their values only, which their help lists", arguments: [
        (["diff", "a.png", "b.png", "--format", "xml"], "Error: The value 'xml' is invalid for '--format <F>'. Please provide one of 'text' and 'json'.",
         ["diff", "--help"], "(values: text, json; default: text)"),
        (["track", "v.mp4", "--region", "0,0,1,1", "--axis", "z"], "Error: The value 'z' is invalid for '--axis <y|x>'. Please provide one of 'y' and 'x'.",
         ["track", "--help"], "(values: y, x;"),
    ])
    func fixedValues(_ row: ([String], String, [String], String)) throws {
        let run = try flick(row.0)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(row.1 + "\n"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let help = try flick(row.2)
        #expect(help.status == 0)
        #expect(help.stdout.contains(row.3), "\(help.stdout)")
    }
}
