import ArgumentParser
import FlickCore
import FlickImage
import Foundation

@main
struct Flick: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flick",
        abstract: "Simulate iOS-style scroll interactions frame by frame, and print or draw every frame.",
        discussion: """
        A scenario file (JSON or YAML) describes a scene — sheets, cards, pagers, lists — and the gestures performed on it. Flick simulates the touches with UIKit's physics and writes the state of every frame.

        Exit status: 0 success; 1 differences or failed checks (diff, check, test, fuzz); 2 bad input, bad usage or failure; 128 + N when signal N stopped the command.
        """,
        subcommands: [Render.self, States.self, Validate.self, Diff.self, Review.self, Examples.self, Bench.self,
                      Check.self, Test.self, FuzzCommand.self, Devices.self, Schema.self, Serve.self, Fit.self,
                      TrackCommand.self]
    )

    /// Runs the command line, with flick's exit statuses: 0 success (and help), 1 a diff beyond tolerance,
    /// 2 bad input or failure — every usage error of every command included, which ArgumentParser would
    /// end with its own status 64 — and 128 + N when signal N stopped the command.
    static func main() {
        // Before any thread starts, so that every thread inherits it: see `Interruption`.
        Interruption.hold()
        let arguments = Array(CommandLine.arguments.dropFirst())
        // ArgumentParser's `help` shows the nearest command's help for a name it does not know, and exits 0.
        do {
            if let problem = unknownHelpTopic(arguments) { throw BadInput(problem) }
            var command = try parseAsRoot(States.optionalValues(arguments))
            if !(command is WritesOutput) { Interruption.release() }
            // A deflate asked for by name that this build lacks is an error, not a silent fallback.
            if let problem = PNGEncoder.environmentProblem { throw BadInput(problem) }
            try command.run()
        } catch let exit as ExitCode {
            finishStandardOutput()
            Foundation.exit(exit.rawValue)
        } catch let problem as ReportedError {
            // Thrown by a command's run(): printed here and nowhere else. A `BadInput` thrown by validate() comes
            // wrapped, as ArgumentParser's message below.
            printError(problem.description)
            finishStandardOutput()
            Foundation.exit(problem.status.rawValue)
        } catch {
            let message = fullMessage(for: error)
            if exitCode(for: error) == .success {
                // --help and other clean exits print to standard output.
                print(message)
                finishStandardOutput()
                Foundation.exit(0)
            }
            // flick's own bad input thrown by a `validate()` or an option's transform comes wrapped in ArgumentParser's
            // error, and is printed as flick prints it ("error: …", not "Error: error: …").
            if let problem = badInput(in: error) {
                printError(problem.description)
                Foundation.exit(problem.status.rawValue)
            }
            printError(message.isEmpty ? "error: \(error)" : message)
            Foundation.exit(failureExit.rawValue)
        }
        finishStandardOutput()
    }
}

extension Flick {
    /// The `BadInput` inside an error of ArgumentParser's (which keeps an error thrown by `validate()` or by an
    /// option's transform as a value of its own error), found by walking the error's stored values a few levels
    /// deep; nil when there is none.
    static func badInput(in error: Error) -> BadInput? {
        func find(_ value: Any, depth: Int) -> BadInput? {
            if let problem = value as? BadInput { return problem }
            guard depth > 0 else { return nil }
            for child in Mirror(reflecting: value).children {
                if let problem = find(child.value, depth: depth - 1) { return problem }
            }
            return nil
        }
        return find(error, depth: 6)
    }

    /// Why `flick help NAME...` names no command: "flick has no command named \"rendr\"; did you mean render? (see
    /// `flick help`)"; nil for anything else.
    static func unknownHelpTopic(_ arguments: [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        let names = arguments.dropFirst().filter { !$0.hasPrefix("-") }
        // `flick help help` is the help of `help` itself, which ArgumentParser adds.
        if names.first == "help" { return nil }
        var subcommands = configuration.subcommands
        var path: [String] = []
        for name in names {
            let known = subcommands.map { $0._commandName }
            guard let index = known.firstIndex(of: name) else {
                return helpProblem(name, known: known, path: path)
            }
            path.append(name)
            subcommands = subcommands[index].configuration.subcommands
        }
        return nil
    }

    /// "flick render has no command named \"x\" (see `flick help render`)", with the closest name when one is close.
    private static func helpProblem(_ name: String, known: [String], path: [String]) -> String {
        var message = "\((["flick"] + path).joined(separator: " ")) has no command named \"\(name)\""
        if let closest = known.min(by: { ExampleCatalog.editDistance($0, name) < ExampleCatalog.editDistance($1, name) }),
           ExampleCatalog.editDistance(closest, name) <= max(2, name.count / 3) {
            message += "; did you mean \(closest)?"
        }
        return message + " (see `\((["flick", "help"] + path).joined(separator: " "))`)"
    }
}

/// A command that writes output safely and so stops only between steps, on a signal (see `Interruption`).
protocol WritesOutput {}

/// Exit status 2: bad input or failure.
let failureExit = ExitCode(2)

/// Flushes standard output and exits 2 with a message if it could not be written (a full disk, `> /dev/full`):
/// a command whose output was lost did not succeed.
func finishStandardOutput() {
    // fflush(nil) flushes every stream (standard output is the only buffered one) and fails if a write fails.
    if fflush(nil) != 0 {
        let reason = String(cString: strerror(errno))
        printError("error: cannot write standard output: \(reason)")
        Foundation.exit(failureExit.rawValue)
    }
}

/// Prints to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((terminalSafe(message) + "\n").utf8))
}

/// Prints a line to standard output through `terminalSafe`: success lines name files and ids from the user's folder.
func printSafe(_ line: String) {
    print(terminalSafe(line))
}

/// Text that cannot drive a terminal: control characters other than line breaks and tabs (an escape sequence in
/// a file name or an id that would move the cursor, clear the screen or set the title) are written as `\u{1b}`.
func terminalSafe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        if isControl(scalar) {
            out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
        } else {
            out.append(scalar)
        }
    }
    return String(out)
}

/// C0 controls but line feed and tab, DEL, and the C1 controls (U+0080–U+009F, which some terminals obey too).
private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
}

/// Loads a scenario named by a path, by the name of a bundled example, or `-` for standard input; on failure throws
/// every problem as `BadInput` (exit status 2).
func loadScenario(_ argument: String) throws -> Scenario {
    switch readScenario(argument) {
    case .success(let scenario): return scenario
    case .failure(let problem): throw BadInput(lines: [problem.message])
    }
}

/// The problems of a scenario that cannot be loaded, as `file:line:column: error: …` lines.
struct ScenarioProblem: Error {
    var message: String
}

/// A scenario named on the command line: a file, a bundled example's name, or `-` (standard input, YAML or JSON).
func readScenario(_ argument: String) -> Result<Scenario, ScenarioProblem> {
    if argument == "-" {
        // One byte more than the decoder takes, so that it can say the input is too long.
        let data = FileHandle.standardInput.readData(ofLength: ScenarioDecoder.maximumFileSize + 1)
        return Result { () throws(ScenarioError) in
            try ScenarioDecoder.decode(data: data, file: "<standard input>", defaultName: "stdin")
        }.mapError { ScenarioProblem(message: $0.description) }
    }
    if let problem = ExampleCatalog.problem(with: argument) {
        return .failure(ScenarioProblem(message: "\(argument): error: \(problem)"))
    }
    return Result { () throws(ScenarioError) in try ScenarioDecoder.load(path: ExampleCatalog.resolve(argument)) }
        .mapError { ScenarioProblem(message: $0.description) }
}
