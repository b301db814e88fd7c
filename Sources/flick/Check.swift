import ArgumentParser
import FlickCore
import FlickRunner
import FlickOutput
import FlickRender
import Foundation

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the invariants of scenarios on every frame.",
        discussion: """
        Simulates each scenario and checks, on every frame and at every instant a finger comes down or lifts, that while a finger is down the sheet and scroll views it moves follow it together (rubber band undone), so a hand-off from the sheet to its list loses or adds nothing; that nothing jumps when a finger comes down, and the motion after a lift starts with the velocity the content had under the finger; that between input events every content offset and sheet top moves continuously; that scroll indicators and info panels stay inside their tracks and a pager's tab indicator is where its scroll fraction puts it; that a list's refresh control agrees with its list (the opened space, the progress, its height held while refreshing, a trigger only under a finger, the spinner's ticks); that the scenario at twice its frame rate (half above 120 fps) gives the same states at the shared instants, within 0.5 pt; and that every number is finite.

        Each violation names the frame, time, state path and numbers. A scenario that will probably not behave as meant gets the same warning as `flick validate` (on standard error), naming the fix. Exit status 0 when every scenario keeps every invariant, 1 on a violation, 2 on bad input.

        SCENARIO is a .json, .yaml or .yml file, or the name of a bundled example (see `flick examples`).
        """
    )

    @Argument(help: "Scenario files, or names of bundled examples.")
    var scenarios: [String]

    @Flag(name: .shortAndLong, help: "Say how many times each invariant was checked.")
    var verbose = false

    func run() throws {
        var loaded: [(path: String, scenario: Scenario)] = []
        var problems: [String] = []
        for argument in scenarios {
            switch readScenario(argument) {
            case .success(let scenario): loaded.append((ExampleCatalog.resolve(argument), scenario))
            case .failure(let problem): problems.append(problem.message)
            }
        }
        // Every file's problems, and nothing checked.
        guard problems.isEmpty else { throw BadInput(lines: problems) }
        let paths = loaded.map(\.path), verbose = self.verbose
        let work = loaded.map(\.scenario)
        let failures = Locked(0)
        _ = Parallel.map(work, jobs: ProcessInfo.processInfo.activeProcessorCount, { InvariantChecker.check($0) }) { i, report in
            let path = paths[i]
            let total = report.checks.values.reduce(0, +)
            // Valid and consistent, but probably not what its author meant: the same warnings as `flick validate`.
            for warning in Simulation(scenario: work[i]).warnings { printError("\(path): warning: \(warning)") }
            if let missing = FrameRenderer.missingCharactersWarning(of: work[i]) { printError("\(path): warning: \(missing)") }
            if report.passed {
                printSafe("\(path): ok (\(report.frames) frames, \(total) checks)")
                if verbose { printSafe("  " + report.checkSummary) }
            } else {
                failures.withLock { $0 += 1 }
                let count = report.violations.count + report.omitted
                printSafe("\(path): \(count) violation\(count == 1 ? "" : "s")")
                for line in report.lines { printSafe("  " + line) }
            }
        }
        let failed = failures.current
        if failed > 0 { throw ExitCode(1) }
    }
}
