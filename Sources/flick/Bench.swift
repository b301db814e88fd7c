import ArgumentParser
import FlickCore
import FlickOutput
import FlickRender
import Foundation

struct Bench: ParsableCommand, WritesOutput {
    static let configuration = CommandConfiguration(
        abstract: "Measure how fast frames are simulated, drawn, encoded and written.",
        discussion: """
        Renders a scenario (default: the bundled 3x example fling-to-rest) and prints frames per second for each stage on one thread — simulate, draw, encode (libspng), write — next to Cairo's own PNG writer on the same frames, then the whole render pipeline on --jobs threads. Files go to a temporary folder that is deleted afterwards.
        """
    )

    @Argument(help: "The scenario file, or the name of a bundled example.")
    var scenario: String = "fling-to-rest"

    @Option(help: "How many frames, spread over the scenario, the per-stage timings use.")
    var samples: Int = 60

    @Option(help: "Threads for the pipeline run (default: all cores).")
    var jobs: Int?

    /// Bad values are bad input: exit status 2 with a message, not ArgumentParser's usage status.
    func checkOptions() throws {
        guard samples >= 1 else { throw badInput("--samples must be at least 1, not \(samples)") }
        if let jobs, jobs < 1 { throw badInput("--jobs must be at least 1, not \(jobs)") }
    }

    func run() throws {
        try checkOptions()
        let path = ExampleCatalog.resolve(scenario)
        let scenario = try loadScenario(self.scenario)
        let folders = ExampleCatalog.iconFolders(forScenarioAt: path)
        let result: BenchmarkResult
        do {
            result = try Benchmark.run(scenario, sampleFrames: samples, jobs: workerThreads(jobs),
                                       options: RenderOptions(iconFolders: folders), cancellation: Interruption.cancellation)
        } catch let error as RenderCancelled {
            printError("\(path): \(error)")
            throw Interruption.exit
        } catch {
            printError("\(path): error: \(error)")
            throw failureExit
        }
        func fps(_ x: Double) -> String {
            let number = NumberText.fixed(x, digits: 1)
            return String(repeating: " ", count: max(0, 8 - number.count)) + number + " fps"
        }
        print("\(scenario.name): \(result.scenarioFrames) frames of \(result.pixelWidth)×\(result.pixelHeight) px; stages timed on \(result.sampledFrames) frames, one thread")
        print("  simulate        \(fps(result.simulate))")
        print("  draw            \(fps(result.draw))")
        print("  encode (spng)   \(fps(result.encode))   \(NumberText.fixed(result.pngBytes / 1024, digits: 0)) KiB/frame")
        print("  write           \(fps(result.write))")
        print("  cairo PNG       \(fps(result.cairoPNG))   \(NumberText.fixed(result.cairoPNGBytes / 1024, digits: 0)) KiB/frame  (cairo_surface_write_to_png, for comparison)")
        print("  pipeline        \(fps(result.pipeline))   simulate + draw + encode + write on \(result.jobs) thread\(result.jobs == 1 ? "" : "s")")
    }
}
