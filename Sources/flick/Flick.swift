import ArgumentParser
import FlickCore
import Foundation

@main
struct Flick: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flick",
        abstract: "Simulate iOS-style scroll interactions frame by frame, and print or draw every frame.",
        discussion: """
        A scenario file (JSON or YAML) describes a scene — sheets, cards, pagers, lists — and the gestures performed on it. Flick simulates the touches with UIKit's physics and writes the state of every frame.

        Exit status: 0 success, 1 a diff found differences, 2 bad input or failure.
        """,
        subcommands: [Render.self, States.self, Validate.self, Diff.self, Examples.self, Bench.self]
    )

    /// Parses and runs the command. A usage error (an unknown option, a missing or malformed value) exits
    /// with status 2, as every other bad input does, not ArgumentParser's 64; its message is unchanged.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                printError(fullMessage(for: error))
                Foundation.exit(failureExit.rawValue)
            }
            exit(withError: error)
        }
    }
}

/// Exit status 2: bad input or failure (SPEC §1).
let failureExit = ExitCode(2)

/// Prints to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Loads a scenario named by a path, or by the name of a bundled example; prints every problem and exits 2 on failure.
func loadScenario(_ argument: String) throws -> Scenario {
    let path = ExampleCatalog.resolve(argument)
    do {
        return try ScenarioDecoder.load(path: path)
    } catch {
        printError(error.description)
        throw failureExit
    }
}
