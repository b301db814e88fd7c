import ArgumentParser
import FlickCore
import FlickImage
import FlickOutput
import FlickRender
import Foundation

struct Bench: ParsableCommand, WritesOutput {
    static let configuration = CommandConfiguration(
        abstract: "Measure how fast frames are simulated, drawn, encoded and written.",
        discussion: """
        Renders a scenario (default: the bundled 3x example fling-to-rest) and prints frames per second for each stage on one thread — simulate, draw, encode (with every deflate the build has, what render uses first: igzip when built with ISA-L, running the code ISA-L chooses for this CPU, which the line names; libdeflate; libspng), write — next to Cairo's own PNG writer on the same frames. Then, on --jobs threads: the floor (libspng at zlib level 1, no filter, writing RGB rows already converted, one frame per thread at once), the whole render pipeline, and the ratio of the render's time to the floor's for as many frames, with the peak memory. Files go to a temporary folder that is deleted afterwards.
        """
    )

    @Argument(help: "The scenario file, or the name of a bundled example.")
    var scenario: String = "fling-to-rest"

    @Option(help: "How many frames, spread over the scenario, the per-stage timings use.")
    var samples: Int = 60

    @OptionGroup var threads: JobsOption<BenchJobs>

    /// Bad values are bad input: exit status 2 with a message, not ArgumentParser's usage status.
    func checkOptions() throws {
        guard samples >= 1 else { throw BadInput("--samples must be at least 1, not \(samples)") }
    }

    func run() throws {
        try checkOptions()
        let path = ExampleCatalog.resolve(scenario)
        let scenario = try loadScenario(self.scenario)
        let folders = ExampleCatalog.iconFolders(forScenarioAt: path)
        let result: BenchmarkResult
        do {
            result = try Benchmark.run(scenario, sampleFrames: samples, jobs: workerThreads(threads.jobs),
                                       options: RenderOptions(iconFolders: folders), cancellation: Interruption.cancellation)
        } catch let error as RenderCancelled {
            throw Interruption.stop("\(path): \(error)")
        } catch {
            throw Failure(file: path, "\(error)")
        }
        func fps(_ x: Double) -> String {
            let number = NumberText.fixed(x, digits: 1)
            return String(repeating: " ", count: max(0, 8 - number.count)) + number + " fps"
        }
        // Row names padded to one width, the longest being "encode (libdeflate)".
        func row(_ name: String) -> String { "  " + name.padding(toLength: 20, withPad: " ", startingAt: 0) }
        print("\(scenario.name): \(result.scenarioFrames) frames of \(result.pixelWidth)×\(result.pixelHeight) px; stages timed on \(result.sampledFrames) frames, one thread")
        print(row("simulate") + fps(result.simulate))
        print(row("draw") + fps(result.draw))
        func kib(_ bytes: Double) -> String { NumberText.fixed(bytes / 1024, digits: 0) + " KiB/frame" }
        for (deflate, rate, bytes) in result.encodeByDeflate {
            var note = deflate == result.deflate ? "what render uses" : "also built; FLICK_DEFLATE=\(deflate) makes render use it"
            if deflate == .igzip, let path = PNGEncoder.igzipCodePath {
                // ISA-L chooses its code once per process by the CPU; the same cpuid checks name it here.
                note += path == "ISA-L's choice" ? "; \(path) of code" : "; ISA-L's \(path) code, chosen by the CPU"
            }
            print(row("encode (\(deflate))") + "\(fps(rate))   \(kib(bytes))  (\(note))")
        }
        print(row("write") + fps(result.write))
        print(row("cairo PNG") + "\(fps(result.cairoPNG))   \(kib(result.cairoPNGBytes))  (cairo_surface_write_to_png, for comparison)")
        let pipelineThreads = "\(result.jobs) thread\(result.jobs == 1 ? "" : "s")"
        print("on \(pipelineThreads):")
        print(row("floor") + "\(fps(result.floor))   \(kib(result.floorBytes))  (libspng, zlib level 1, no filter, RGB rows ready, one frame per thread)")
        print(row("pipeline") + "\(fps(result.pipeline))   simulate + draw + encode + write, all \(result.scenarioFrames) frames")
        print(row("render / floor") + NumberText.fixed(result.renderToFloor, digits: 2, width: 8) + "×"
              + "       the render's time over the floor's for as many frames (the target is at most 0.8×)")
        print(row("peak memory") + NumberText.fixed(Double(result.peakResidentBytes) / 1_048_576, digits: 0, width: 8) + " MiB"
              + "       this process's, the stage timings' sample frames included (a render alone: scripts/bench-encode.sh)")
    }
}
