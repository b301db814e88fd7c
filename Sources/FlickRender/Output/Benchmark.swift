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
    /// One thread each: simulating every frame, drawing, encoding with `PNGEncoder.preferred`, writing the file,
    /// and encoding with Cairo's own PNG writer for comparison.
    public var simulate: Double
    public var draw: Double
    public var encode: Double
    public var write: Double
    public var cairoPNG: Double
    /// The deflate `encode` used, and one thread's frames per second of each deflate this build has
    /// (`PNGEncoder.available`), from the surface to the file's bytes.
    public var deflate: PNGEncoder.Deflate
    public var encodeByDeflate: [(deflate: PNGEncoder.Deflate, fps: Double, bytes: Double)]
    /// The floor: libspng at zlib level 1, no row filters, writing RGB rows already converted from the drawing,
    /// one frame per thread on `jobs` threads at once (frames per second of all threads together).
    public var floor: Double
    public var floorBytes: Double
    /// The whole `flick render` pipeline (simulate, draw, encode, write) on `jobs` threads.
    public var pipeline: Double
    /// Mean file size of a frame from `PNGEncoder.preferred` and from Cairo's writer, in bytes.
    public var pngBytes: Double
    public var cairoPNGBytes: Double
    /// The largest resident memory of the process so far, in bytes (`getrusage`).
    public var peakResidentBytes: Int

    /// The render's time over the floor's for as many frames (below 1: faster than the floor).
    public var renderToFloor: Double { floor / pipeline }
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
        let others = PNGEncoder.available.filter { $0 != encoder.deflate }.map { PNGEncoder(deflate: $0) }
        var otherTimes = [Double](repeating: 0, count: others.count), otherBytes = [Int](repeating: 0, count: others.count)
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
            for (i, other) in others.enumerated() {
                t = Date()
                otherBytes[i] += try other.encode(image).count
                otherTimes[i] += Date().timeIntervalSince(t)
            }
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
        let floor = try measureFloor(frames, jobs: jobs, scenario: scenario, options: options, checkCancelled: checkCancelled)

        let pipelineDestination = folder.appendingPathComponent(scenario.name)
        let summary = try SequenceRenderer.render(scenario, to: pipelineDestination,
                                                  options: SequenceOptions(format: .png, jobs: jobs, render: options,
                                                                           cancellation: cancellation))

        let n = Double(frames.count)
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let byDeflate = [(encoder.deflate, n / encodeTime, Double(pngBytes) / n)]
            + others.indices.map { (others[$0].deflate, n / otherTimes[$0], Double(otherBytes[$0]) / n) }
        return BenchmarkResult(scenarioFrames: count, sampledFrames: frames.count, pixelWidth: size.0, pixelHeight: size.1,
                               jobs: jobs, simulate: simulate, draw: n / drawTime, encode: n / encodeTime,
                               write: n / writeTime, cairoPNG: n / cairoTime, deflate: encoder.deflate,
                               encodeByDeflate: byDeflate, floor: floor.fps, floorBytes: floor.bytes,
                               pipeline: Double(summary.framesWritten) / summary.seconds,
                               pngBytes: Double(pngBytes) / n, cairoPNGBytes: Double(cairoBytes) / n,
                               // Linux reports kilobytes, macOS bytes.
                               peakResidentBytes: Int(usage.ru_maxrss) * Self.residentUnit)
    }

    #if os(Linux)
    static let residentUnit = 1024
    #else
    static let residentUnit = 1
    #endif

    /// The floor on `frames`: in rounds of one frame per thread, each thread draws its frame and converts it to
    /// packed RGB rows (not timed), then all threads encode theirs with libspng at once (timed from the first
    /// start to the last end). Returns frames per second and mean bytes per frame.
    static func measureFloor(_ frames: [FrameState], jobs: Int, scenario: Scenario, options: RenderOptions,
                             checkCancelled: () throws -> Void) throws -> (fps: Double, bytes: Double) {
        // One renderer per thread: a thread takes one for the frame it draws and puts it back.
        let renderers = Locked(try (0..<jobs).map { _ in try FrameRenderer(scenario: scenario, options: options) })
        let pipeline = Pipeline(jobs: jobs)
        var seconds = 0.0
        var bytes = 0
        for round in stride(from: 0, to: frames.count, by: jobs) {
            try checkCancelled()
            let batch = Array(frames[round..<min(frames.count, round + jobs)])
            let prepared = Locked<[RGBRows]>([])
            try pipeline.run(count: batch.count, worker: { () }) { _, t in
                let renderer = renderers.withLock { $0.removeLast() }
                defer { renderers.withLock { $0.append(renderer) } }
                return try RGBRows(renderer.image(of: batch[t]).bitmap())
            } deliver: { _, rows in
                prepared.withLock { $0.append(rows) }
            }
            let rows = prepared.current
            // From the first start to the last end.
            let span = Locked((start: Date.distantFuture, end: Date.distantPast))
            let written = Locked(0)
            try pipeline.run(count: rows.count, worker: { () }) { _, t in
                let start = Date()
                let count = try rows[t].encode()
                let end = Date()
                span.withLock { $0 = (min($0.start, start), max($0.end, end)) }
                return count
            } deliver: { _, count in
                written.withLock { $0 += count }
            }
            bytes += written.current
            let (start, end) = span.current
            seconds += end.timeIntervalSince(start)
        }
        return (Double(frames.count) / seconds, Double(bytes) / Double(frames.count))
    }
}

/// A floor frame as packed RGB rows (the floor's frames are opaque, as a scenario's frames are).
private struct RGBRows: Sendable {
    var rgb: [UInt8]
    var width: Int
    var height: Int

    init(_ bitmap: Bitmap) {
        let rgba = bitmap.rgbaBytes
        var rgb = [UInt8](repeating: 0, count: bitmap.pixelCount * 3)
        for i in 0..<bitmap.pixelCount {
            rgb[3 * i] = rgba[4 * i]
            rgb[3 * i + 1] = rgba[4 * i + 1]
            rgb[3 * i + 2] = rgba[4 * i + 2]
        }
        self.rgb = rgb
        width = bitmap.width
        height = bitmap.height
    }

    /// The bytes of the PNG file libspng writes of them.
    func encode() throws -> Int {
        try rgb.withUnsafeBytes { try PNGEncoder.libspngPNG(rows: $0, width: width, height: height, colorType: .truecolor).count }
    }
}
