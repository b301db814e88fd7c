import ArgumentParser
import FlickCore
import FlickRunner
import FlickRender
import Foundation

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scenario files and report every problem found.",
        discussion: """
        Each problem is reported as `file:line:column: error: key.path: what was expected, what was found`. A valid file that will probably not behave as meant gets a warning that names the fix (a card that tracks a horizontal carousel, so no vertical pull dismisses it); text with characters no font has, which draw as empty boxes, gets a warning naming them and their key paths (docs/scenario-format.md, "Text in any language"). The icons and pictures a render would load are loaded and drawn once, as `flick render` does, so a file librsvg cannot draw is an error naming its key path. Exit status 0 when every file is valid, 2 otherwise.
        """
    )

    @Argument(help: "Scenario files (.json, .yaml, .yml) or names of bundled examples.")
    var scenarios: [String]

    func run() throws {
        // Every invalid file's problems, said together at the end with their count.
        var problems: [String] = []
        for argument in scenarios {
            let path = argument == "-" ? "<standard input>" : ExampleCatalog.resolve(argument)
            switch readScenario(argument).flatMap(checkedExpectationPaths) {
            case .success(let scenario):
                // The icons and pictures a render would load and draw once: validate passes only files that render.
                if let drawing = Self.drawingError(of: scenario, argument: argument, path: path) {
                    problems.append(drawing.description)
                    continue
                }
                print("\(terminalSafe(path)): ok (\(scenario.frameCount) frames at \(JSONValue.format(scenario.fps)) fps, \(scenario.gestures.count) gesture\(scenario.gestures.count == 1 ? "" : "s"))")
                // Valid, but probably not what its author meant (a card that tracks a horizontal carousel).
                for warning in Simulation(scenario: scenario).warnings { printError("\(path): warning: \(warning)") }
                // Text no font has draws as empty boxes (docs/scenario-format.md, "Text in any language").
                if let missing = FrameRenderer.missingCharactersWarning(of: scenario) { printError("\(path): warning: \(missing)") }
            case .failure(let problem):
                problems.append(problem.message)
            }
        }
        if !problems.isEmpty {
            throw BadInput(lines: problems + ["\(problems.count) of \(scenarios.count) file\(scenarios.count == 1 ? "" : "s") invalid"])
        }
    }

    /// The icons and pictures of `scenario` (given as `argument`, read from `path`) that would not load or draw, as
    /// `diagnostics` says them; nil when every one does. `flick render` asks this too, before it draws anything.
    static func drawingError(of scenario: Scenario, argument: String, path: String) -> ScenarioError? {
        let problems = FrameRenderer.drawingProblems(of: scenario, iconFolders: ExampleCatalog.iconFolders(forScenarioAt: path))
        guard !problems.isEmpty else { return nil }
        return diagnostics(problems, file: path, text: argument == "-" ? nil : try? String(contentsOfFile: path, encoding: .utf8))
    }

    /// Icon and picture problems as decoding problems are said: `file:line:column: error: key.path: message`, the
    /// line and column found from the key path in the file's text (a list row's `(row 2)` names the row's list).
    static func diagnostics(_ problems: [DrawingProblem], file: String, text: String?) -> ScenarioError {
        ScenarioError(problems.map { problem in
            let place = problem.keyPath.components(separatedBy: " (").first ?? problem.keyPath
            let location = text.flatMap { ScenarioTextEdit.location(of: place, in: $0) }
            return ScenarioDiagnostic(file: file, path: problem.keyPath, line: location?.line, column: location?.column,
                                      message: problem.message.trimmingCharacters(in: .whitespacesAndNewlines))
        })
    }

    /// The scenario, or the problems of its expectation paths (checked by the runner, as `flick test` does).
    private func checkedExpectationPaths(_ scenario: Scenario) -> Result<Scenario, ScenarioProblem> {
        let problems = ExpectationPaths.diagnostics(scenario)
        return problems.isEmpty ? .success(scenario) : .failure(ScenarioProblem(message: ScenarioError(problems).description))
    }
}
