import ArgumentParser
import FlickCore
import FlickRender
import Foundation

struct States: ParsableCommand, WritesOutput {
    static let configuration = CommandConfiguration(
        abstract: "Simulate a scenario and print the state of every frame.",
        discussion: """
        Prints the per-frame state document: for each frame its time, the touch, every scroll view's contentOffset, contentSize, insets, frame, velocity, phase and indicator, and the sheet, pager and info panel when the scene has them. JSON gives one frame per line; CSV gives one column per value.

        --explain adds to the frame of each release and tab tap an `explain` list (docs/states.md, "Explanations"): the rule the component followed (`rule`), the release position and velocity, where the rule projected it, the detents or pages it chose among (`candidates`), the one chosen and why (`reason`), and a readable line (`text`); a drag handed between nested components gets an entry saying which one took it in which pass, a card's release says which scroll view it tracks and why, and a list's refresh control gets an entry when it triggers (its pull against the trigger distance), when it holds its space at the lift and when it ends (where the content comes to rest). --explain=text prints only those lines, one per decision, on standard output; with -o FILE the plain document (as without --explain) goes to FILE and the lines to standard output; with -o - the document goes to standard output and the lines to standard error. CSV has no explanation columns.

        With -o FILE the document is written beside FILE and renamed over it once complete, so an interrupted run leaves FILE as it was; the replaced file keeps its permissions, and a symbolic link is followed (the file it points to is replaced). A device or a named pipe is written directly. -o - is standard output.

        With --set PATH=V1,V2,... (or `sweep:` in the file), prints one document for every variant of the sweep: the swept keys, then per variant its number, label, assignments, measures (settle time, overshoot, final detent or page, peak velocity) and states document; --format csv prints the measures' table instead (docs/states.md, "Sweeps"). With --explain each variant's states document has its explain lists; --explain=text prints, per variant, a heading naming it (`== variant 1: physics.decelerationRate=0.99`) and then its lines, with -o as for one scenario.

        SCENARIO is a .json, .yaml or .yml file, or the name of a bundled example (see `flick examples`).
        """
    )

    @Argument(help: "The scenario file, or the name of a bundled example.")
    var scenario: String

    @Option(help: "Output format: json or csv.")
    var format: StatesWriter.Format = .json

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output (replaced only once complete).")
    var output: String?

    /// How decisions are explained: in the document, or as words on standard error.
    enum ExplainMode: String, CaseIterable, ExpressibleByArgument {
        case json, text
    }

    @Option(help: ArgumentHelp("Explain every release and tap: --explain (or --explain=json) in the document, --explain=text as lines alone.",
                               valueName: "json|text"))
    var explain: ExplainMode?

    /// `--explain` may be given without a value: it means `--explain=json`.
    static func optionalValues(_ arguments: [String]) -> [String] {
        guard arguments.first == "states" else { return arguments }
        return arguments.map { $0 == "--explain" ? "--explain=json" : $0 }
    }

    @OptionGroup(title: "Sweeps (docs/sweeps.md)")
    var sweepOptions: SweepOptions

    func run() throws {
        if try printSweep() { return }
        let scenario = try loadScenario(self.scenario)
        if explain == .text, output == nil {
            // The explanation alone: the document is not what was asked for.
            let simulation = Simulation(scenario: scenario, explains: true)
            while let frame = simulation.nextFrame() {
                for explanation in frame.explanations { print(explanation.text) }
            }
            return
        }
        // With -o FILE the lines go to standard output and the document to FILE; with -o - the lines go to
        // standard error, beside the document on standard output.
        let linesToStandardOutput = output != nil && output != "-"
        try writeDocument { file, cancellation in
            var writer = StatesWriter(format: format) { try file.write($0) }
            try writer.begin(scenario)
            let simulation = Simulation(scenario: scenario, explains: explain != nil)
            while var frame = simulation.nextFrame() {
                if cancellation.isCancelled { throw RenderCancelled() }
                if explain == .text {
                    for explanation in frame.explanations {
                        if linesToStandardOutput { print(explanation.text) } else { printError(explanation.text) }
                    }
                    frame.explanations = []
                }
                try writer.write(frame)
            }
            let residuals = ReferenceResidual.measure(scenario)
            if format == .csv { for residual in residuals { printError(residual.summary) } }
            try writer.end(references: residuals)
        }
        if explain == .text, let output, linesToStandardOutput { printError("states written to \(output)") }
    }

    /// `writeDocument(to:_:)` at -o FILE, else standard output.
    func writeDocument(_ body: (OutputFile, Cancellation) throws -> Void) throws {
        try flick.writeDocument(to: output ?? "-", body)
    }
}

/// Opens `path` (`-`: standard output) through `OutputFile`, lets `body` write the document, and commits it: whole or
/// not at all. A failure or a signal abandons it (the file stays as it was) and throws why: exit status 2, or 128 +
/// the signal's number.
func writeDocument(to path: String, _ body: (OutputFile, Cancellation) throws -> Void) throws {
    let cancellation = Interruption.cancellation
    let file: OutputFile
    do {
        file = try OutputFile(path: path, cancellation: cancellation)
    } catch is RenderCancelled {
        throw Interruption.exit
    } catch {
        throw Failure.of(error)
    }
    try Interruption.committing(file, stopped: { "\(file.name): \($0)" }, {
        try body(file, cancellation)
        try file.commit(cancellation: cancellation)
    }, failed: { throw Failure.of($0) })
}

extension StatesWriter.Format: ExpressibleByArgument {}
