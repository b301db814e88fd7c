import ArgumentParser
import FlickCore
import FlickImage
import FlickOutput
import FlickRender
import FlickReview
import FlickRunner
import Foundation

struct Fit: ParsableCommand, WritesOutput {
    static let configuration = CommandConfiguration(
        abstract: "Fit the physics constants a scenario's recordings constrain, by least squares.",
        discussion: """
        SCENARIO names recordings (`reference:`, docs/scenario-format.md, "References"). flick fit changes only the constants those recordings constrain — of the edge bounce's rate k (`bounce`), `decelerationRate`, `rubberBand`, `sheetSpring` (response, dampingRatio) and `pagingSpring`, those whose 1 % change moves a recorded sample — to minimise the sum of squared differences between the simulation and every recorded sample (Levenberg–Marquardt; docs/physics.md, "Fitting to a recording").

        --only names the constants to fit (comma-separated), leaving the others as the scenario has them: a recording of a bounce alone constrains `bounce` well and `decelerationRate` only weakly (it shortens the bounce too), so `--only bounce` measures k alone.

        It prints a `physics:` block ready to paste into the scenario, each reference's residual before and after, and each fitted constant's uncertainty: how much the rms residual grows when it is 1 % lower or higher. With --out DIR it writes DIR/fit.svg and DIR/fit.png: each recording against the simulation before and after. DIR must be new, empty, or an earlier flick output (it holds a .flick-output list of flick's files and nothing else), which is then replaced; this is checked before fitting. The files are written into a hidden folder beside DIR and renamed into place when complete; files flick did not write are never overwritten or deleted.
        """
    )

    @Argument(help: "The scenario file, or the name of a bundled example.")
    var scenario: String

    @Option(help: "Write fit.svg and fit.png (recording vs before vs after) into this folder (new, empty or an earlier flick output).")
    var out: String?

    @Option(help: ArgumentHelp("Fit only these constants, comma-separated: \(FitConstants.known).", valueName: "names"),
            completion: .list(PhysicsFit.Constant.allCases.map(\.rawValue)), transform: FitConstants.init(parsing:))
    var only: FitConstants?

    func run() throws {
        let candidates = only?.constants ?? PhysicsFit.Constant.allCases
        // Only a plot written into --out stops between steps on a signal (held since the start, see Interruption).
        if out == nil { Interruption.release() }
        let scenario = try loadScenario(self.scenario)
        guard !scenario.references.isEmpty else {
            throw BadInput(file: ExampleCatalog.resolve(self.scenario), "the scenario names no recording (reference:); nothing to fit")
        }
        // The output folder is checked (and its staging folder made) before the fit, so that nothing is printed
        // and then refused.
        let folder: OutputFolder?
        do {
            if out?.isEmpty == true { throw RenderError("--out is empty; give the folder fit.svg and fit.png go in") }
            folder = try out.map { try OutputFolder(destination: URL(fileURLWithPath: $0)) }
        } catch {
            throw Failure.of(error)
        }
        do {
            try fitAndReport(scenario, candidates: candidates, into: folder)
        } catch {
            folder?.abandon()
            throw error
        }
    }

    /// Fits, prints the block, the residuals and the uncertainties, and writes the plot into `folder`.
    private func fitAndReport(_ scenario: Scenario, candidates: [PhysicsFit.Constant], into folder: OutputFolder?) throws {
        guard let fit = PhysicsFit(scenario, candidates: candidates) else {
            throw BadInput(file: ExampleCatalog.resolve(self.scenario), "no recorded sample lies inside the scenario's time; nothing to fit")
        }
        guard fit.problems.isEmpty else {
            let file = ExampleCatalog.resolve(self.scenario)
            throw BadInput(lines: fit.problems.map { "\(file): error: cannot fit: \($0)" })
        }
        if fit.constants.isEmpty {
            print("# The recordings constrain none of: \(candidates.map(\.rawValue).joined(separator: ", ")).")
        } else {
            print("# Fitted to \(fit.before.map(\.differences.count).reduce(0, +)) recorded samples in \(fit.iterations) steps; paste into the scenario:")
            print(fit.physicsBlock)
        }
        print("")
        for (b, a) in zip(fit.before, fit.after) {
            printSafe("reference[\(b.reference.index)] \(b.reference.path) vs \(b.reference.file): "
                  + "max \(ReferenceResidual.format(b.maximum)) → \(ReferenceResidual.format(a.maximum)) pt, "
                  + "rms \(ReferenceResidual.format(b.rms)) → \(ReferenceResidual.format(a.rms)) pt")
        }
        for c in fit.constants {
            print("\(c.constant.rawValue): \(PhysicsFit.format(c.before, c.constant)) → \(PhysicsFit.format(c.after, c.constant)); "
                  + "±1 % raises the rms by \(ReferenceResidual.format(c.growthAtMinusOnePercent)) / \(ReferenceResidual.format(c.growthAtPlusOnePercent)) pt")
        }
        if !fit.unconstrained.isEmpty {
            print("not constrained by these recordings: \(fit.unconstrained.map(\.rawValue).joined(separator: ", "))")
        }
        if let folder { try writePlot(fit, into: folder) }
    }

    /// Writes fit.svg and fit.png into the output folder and moves it into place; throws the reason (exit status 2, or
    /// 128 + N on signal N) when it cannot.
    private func writePlot(_ fit: PhysicsFit, into folder: OutputFolder) throws {
        let plot = FitPlot(title: "\(fit.scenario.name) · fit", before: fit.before, after: fit.after)
        try Interruption.committing(folder, {
            try folder.write(try plot.svg(), to: "fit.svg")
            try folder.write(try PNGEncoder().encode(plot.image()), to: "fit.png")
            for warning in try folder.commit(cancellation: Interruption.cancellation) { printError("warning: \(warning)") }
        }, failed: { throw Failure.of($0) })
    }
}

/// `--only`'s value: physics constants named as `physics:` names them, comma-separated (`bounce, rubberBand`), each
/// kept once, in the order first named. Read by `init(parsing:)` as the option's transform, which says what is wrong
/// with a name (ArgumentParser's `ExpressibleByArgument` could only say that the whole value is invalid).
struct FitConstants {
    var constants: [PhysicsFit.Constant]

    /// The names flick fit knows: "bounce, decelerationRate, …".
    static var known: String { PhysicsFit.Constant.allCases.map(\.rawValue).joined(separator: ", ") }

    /// Reads `--only`; an unknown or empty name is bad input (exit 2) that names it and the known ones.
    init(parsing argument: String) throws {
        constants = []
        for name in argument.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let constant = PhysicsFit.Constant(rawValue: name) else {
                throw BadInput("--only: \(name.isEmpty ? "an empty name" : "unknown constant '\(name)'"); flick fit knows \(Self.known)")
            }
            if !constants.contains(constant) { constants.append(constant) }
        }
    }
}
