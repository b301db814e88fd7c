import ArgumentParser
import FlickCore
import FlickRunner
import FlickOutput
import Foundation

struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Run random gesture scripts on a scenario's scene and check each with the invariants.",
        discussion: """
        Each case replaces the scenario's gestures with a random script: drags and fast flicks into edges, reversals without lifting, rapid taps (on tab bars when there are any), resizes, and gestures that grab the content again while it is still settling. Every case is checked with the invariants of `flick check`.

        A case that breaks an invariant is shrunk (fewest gestures, simplest ones, earliest, shortest duration that still break the same rule) and written to DIR as a scenario file that reproduces it, with the violation in a comment at its top. An existing file is never replaced by a different one.

        The same seed gives the same cases, on every machine: case i of seed N can be replayed alone with --case i. Exit status 0 when every case keeps every invariant, 1 when one breaks one, 2 on bad input.

        SCENARIO is a .json, .yaml or .yml file, or the name of a bundled example (see `flick examples`).
        """
    )

    @Argument(help: "The scenario whose scene is fuzzed, or the name of a bundled example.")
    var scenario: String

    @Option(help: "The seed of the random scripts.")
    var seed: UInt64 = 0

    @Option(help: "How many scripts to run.")
    var count: Int = 20

    @Option(name: .customLong("case"), help: "Run only this case of the seed (0-based).")
    var onlyCase: Int?

    @Option(name: .long, help: ArgumentHelp("Where minimal scenarios that reproduce a violation are written.", valueName: "dir"))
    var out: String = "Output/fuzz"

    @OptionGroup var threads: JobsOption<FuzzJobs>

    func run() throws {
        guard (1...1_000_000).contains(count) else { throw BadInput("--count must be in 1...1000000, not \(count)") }
        if let onlyCase, onlyCase < 0 { throw BadInput("--case must be 0 or more, not \(onlyCase)") }
        let path = ExampleCatalog.resolve(scenario)
        let base = try loadScenario(scenario)
        // The cases run in order and each finding is reported and dropped: memory stays flat for a million cases.
        let firstCase = onlyCase ?? 0, total = onlyCase == nil ? count : 1
        let seed = self.seed, out = self.out
        let writer = ReproductionWriter(folder: out, original: path)
        let broken = Locked(0)
        Parallel.forEach(count: total, jobs: threads.jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                         { Fuzz.run(base, seed: seed, case: firstCase + $0) }) { _, finding in
            guard let finding else { return }
            broken.withLock { $0 += 1 }
            let first = finding.report.violations.first { $0.rule == finding.rule }
            printSafe("case \(finding.index): \(first.map(\.description) ?? finding.rule.rawValue)")
            let from = finding.original, to = finding.shrunk
            let sizes = "shrunk from \(plural(from.gestures.count, "gesture")) and \(JSONValue.format(from.duration)) s "
                + "to \(plural(to.gestures.count, "gesture")) and \(JSONValue.format(to.duration)) s"
            do {
                let file = try writer.write(finding, seed: seed)
                printSafe("  \(sizes): \(file)")
                if let problem = writer.reproduces(file: file, rule: finding.rule) { printSafe("  warning: \(problem)") }
            } catch {
                printSafe("  \(sizes); could not write it: \(error)")
            }
        }
        printSafe("\(self.scenario): \(plural(total, "script")), \(broken.current) broke an invariant")
        if broken.current > 0 { throw ExitCode(1) }
    }
}

private func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

/// Writes the shrunk cases as scenario files beside each other, never replacing a different file.
private struct ReproductionWriter {
    let folder: String
    let original: String

    func write(_ finding: FuzzFinding, seed: UInt64) throws -> String {
        let violations = finding.report.violations.filter { $0.rule == finding.rule }
        var comments = ["flick fuzz \(original) --seed \(seed) --case \(finding.index), shrunk. It breaks an invariant:"]
        comments += violations.prefix(3).map { "  \($0)" }
        comments.append("Check it with: flick check <this file>")
        let text = try FuzzScenarioFile.yaml(originalFile: original, scenario: finding.shrunk, comments: comments)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var suffix = 1
        while true {
            let name = finding.shrunk.name + (suffix == 1 ? "" : "-\(suffix)") + ".yaml"
            let path = (folder as NSString).appendingPathComponent(name)
            if let existing = FileManager.default.contents(atPath: path) {
                if existing == Data(text.utf8) { return path }
                suffix += 1
                continue
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
            return path
        }
    }

    /// Nil when the written file, read back, breaks the same rule; else what went wrong.
    func reproduces(file: String, rule: InvariantRule) -> String? {
        do {
            let scenario = try ScenarioDecoder.load(path: file)
            let report = InvariantChecker.check(scenario)
            return report.violations.contains { $0.rule == rule } ? nil : "\(file), read back, keeps \"\(rule.rawValue)\""
        } catch {
            return "\(file) does not read back: \(error.description)"
        }
    }
}
