import FlickCore
import FlickImage
import Foundation

/// Frames per second of each stage of a render, measured on one scenario in one run (`flick bench`).
public struct BenchmarkResult: Sendable {
    /// Frames in the scenario, and how many of them the per-stage timings used.
    public var scenarioFrames: Int
    public var sampledFrames: Int
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var jobs: Int
    /// One thread each: simulating every frame, drawing, encoding with libspng, writing the file,
    /// and encoding with Cairo's own PNG writer for comparison.
    public var simulate: Double
    public var draw: Double
    public var encode: Double
    public var write: Double
    public var cairoPNG: Double
    /// The whole `flick render` pipeline (simulate, draw, encode, write) on `jobs` threads.
    public var pipeline: Double
    /// Mean file size of a frame from libspng and from Cairo's writer, in bytes.
    public var pngBytes: Double
    public var cairoPNGBytes: Double
}

public enum Benchmark {
    /// Measures `scenario`: stages on `sampleFrames` frames spread evenly over it, and the full parallel
    /// pipeline over every frame with `jobs` threads. Files go to a fresh folder `flick-bench-PID` under
    /// `scratch`, deleted afterwards, also when it fails or is cancelled; such folders left by benchmarks that
    /// were killed (their process is gone) are deleted first.
    public static func run(_ scenario: Scenario, sampleFrames: Int, jobs: Int, options: RenderOptions,
                           scratch: URL = FileManager.default.temporaryDirectory,
                           cancellation: Cancellation? = nil) throws -> BenchmarkResult {
        for leftover in FileSystem.leftovers(in: scratch.path, prefix: "flick-bench-") { FileSystem.removeTree(leftover) }
        let folder = scratch.appendingPathComponent("flick-bench-\(getpid())")
        guard mkdir(folder.path, 0o700) == 0 else {
            throw RenderError("cannot create \(folder.path): \(FileSystem.reason(errno))")
        }
        defer { FileSystem.removeTree(folder.path) }
        func checkCancelled() throws { if cancellation?.isCancelled == true { throw RenderCancelled() } }

        // Simulation alone, repeated until it has run long enough to time.
        var simulated = 0
        let simulationStart = Date()
        repeat {
            try checkCancelled()
            Simulation(scenario: scenario).run { _ in simulated += 1 }
        } while Date().timeIntervalSince(simulationStart) < 0.5
        let simulate = Double(simulated) / Date().timeIntervalSince(simulationStart)

        let count = scenario.frameCount
        let samples = max(1, min(sampleFrames, count))
        let wanted = Set((0..<samples).map { samples == 1 ? 0 : $0 * (count - 1) / (samples - 1) })
        var frames: [FrameState] = []
        Simulation(scenario: scenario).run { if wanted.contains($0.index) { frames.append($0) } }

        let renderer = try FrameRenderer(scenario: scenario, options: options)
        let encoder = PNGEncoder()
        var drawTime = 0.0, encodeTime = 0.0, writeTime = 0.0, cairoTime = 0.0
        var pngBytes = 0, cairoBytes = 0
        var size = (0, 0)
        for frame in frames {
            try checkCancelled()
            var t = Date()
            let image = try renderer.image(of: frame)
            drawTime += Date().timeIntervalSince(t)
            size = (image.pixelWidth, image.pixelHeight)
            t = Date()
            let png = try encoder.encode(image)
            encodeTime += Date().timeIntervalSince(t)
            pngBytes += png.count
            let file = folder.appendingPathComponent("frame.png")
            t = Date()
            try FileSystem.writeNewFile(png, to: file.path)
            writeTime += Date().timeIntervalSince(t)
            unlink(file.path)
            t = Date()
            let cairo = try image.cairoPNGData()
            cairoTime += Date().timeIntervalSince(t)
            cairoBytes += cairo.count
        }

        let pipelineDestination = folder.appendingPathComponent(scenario.name)
        let summary = try SequenceRenderer.render(scenario, to: pipelineDestination,
                                                  options: SequenceOptions(format: .png, jobs: jobs, render: options,
                                                                           cancellation: cancellation))

        let n = Double(frames.count)
        return BenchmarkResult(scenarioFrames: count, sampledFrames: frames.count, pixelWidth: size.0, pixelHeight: size.1,
                               jobs: jobs, simulate: simulate, draw: n / drawTime, encode: n / encodeTime,
                               write: n / writeTime, cairoPNG: n / cairoTime,
                               pipeline: Double(summary.framesWritten) / summary.seconds,
                               pngBytes: Double(pngBytes) / n, cairoPNGBytes: Double(cairoBytes) / n)
    }
}
