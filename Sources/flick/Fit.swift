import ArgumentParser
import FlickCore
import FlickImage
import FlickRender
import FlickReview
import FlickRunner
import Foundation

struct Fit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fit the physics constants a scenario's recordings constrain, by least squares.",
        discussion: """
        SCENARIO names recordings (`reference:`, docs/scenario-format.md, "References"). flick fit changes only the constants those recordings constrain — of the edge bounce's ω (`bounce`), `decelerationRate`, `rubberBand`, `sheetSpring` (response, dampingRatio) and `pagingSpring`, those whose 1 % change moves a recorded sample — to minimise the sum of squared differences between the simulation and every recorded sample (Levenberg–Marquardt; docs/physics.md, "Fitting to a recording").

        It prints a `physics:` block ready to paste into the scenario, each reference's residual before and after, and each fitted constant's uncertainty: how much the rms residual grows when it is 1 % lower or higher. With --out DIR it writes DIR/fit.svg and DIR/fit.png: each recording against the simulation before and after (an existing file there is an error, never replaced).
        """
    )

    @Argument(help: "The scenario file, or the name of a bundled example.")
    var scenario: String

    @Option(help: "Write fit.svg and fit.png (recording vs before vs after) into this folder.")
    var out: String?

    func run() throws {
        let scenario = try loadScenario(self.scenario)
        guard !scenario.references.isEmpty else {
            printError("\(ExampleCatalog.resolve(self.scenario)): error: the scenario names no recording (reference:); nothing to fit")
            throw failureExit
        }
        guard let fit = PhysicsFit(scenario) else {
            printError("\(ExampleCatalog.resolve(self.scenario)): error: no recorded sample lies inside the scenario's time; nothing to fit")
            throw failureExit
        }
        if fit.constants.isEmpty {
            print("# The recordings constrain none of: \(PhysicsFit.Constant.allCases.map(\.rawValue).joined(separator: ", ")).")
        } else {
            print("# Fitted to \(fit.before.map(\.differences.count).reduce(0, +)) recorded samples in \(fit.iterations) steps; paste into the scenario:")
            print(fit.physicsBlock)
        }
        print("")
        for (b, a) in zip(fit.before, fit.after) {
            print("reference[\(b.reference.index)] \(b.reference.path) vs \(b.reference.file): "
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
        if let out { try writePlot(fit, to: out) }
    }

    private func writePlot(_ fit: PhysicsFit, to folder: String) throws {
        let url = URL(fileURLWithPath: folder)
        let plot = FitPlot(title: "\(fit.scenario.name) · fit", before: fit.before, after: fit.after)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for (name, data) in [("fit.svg", try plot.svg()), ("fit.png", try PNGEncoder().encode(plot.image()))] {
                let file = url.appendingPathComponent(name)
                guard !FileManager.default.fileExists(atPath: file.path) else {
                    printError("error: \(file.path) exists; flick fit never replaces a file (remove it or choose another --out)")
                    throw failureExit
                }
                try data.write(to: file, options: .withoutOverwriting)
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            printError("error: \(folder): \(error)")
            throw failureExit
        }
    }
}
