import ArgumentParser
import FlickCore
import Foundation

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scenario files and report every problem found.",
        discussion: """
        Each problem is reported as `file:line:column: error: key.path: what was expected, what was found`. Exit status 0 when every file is valid, 2 otherwise.
        """
    )

    @Argument(help: "Scenario files (.json, .yaml, .yml) or names of bundled examples.")
    var scenarios: [String]

    func run() throws {
        var failed = 0
        for argument in scenarios {
            let path = argument == "-" ? "<standard input>" : ExampleCatalog.resolve(argument)
            switch readScenario(argument) {
            case .success(let scenario):
                print("\(path): ok (\(scenario.frameCount) frames at \(JSONValue.format(scenario.fps)) fps, \(scenario.gestures.count) gesture\(scenario.gestures.count == 1 ? "" : "s"))")
            case .failure(let problem):
                failed += 1
                printError(problem.message)
            }
        }
        if failed > 0 {
            printError("\(failed) of \(scenarios.count) file\(scenarios.count == 1 ? "" : "s") invalid")
            throw failureExit
        }
    }
}
