import FlickCore
@testable import FlickImage
@testable import FlickRender
import Foundation
import Testing

/// Rendered frames through every deflate: the same bytes for the same frame however busy the machine (igzip runs the
/// code ISA-L chooses for the CPU), and the same pixels from igzip as from libdeflate for every example.
@Suite(.serialized) struct PNGEncoderFrameTests {
    /// Frames of a few examples at their own scale (1170×2532 and the like): a list, a sheet over a map, cards.
    static func frames() throws -> [Bitmap] {
        try ["fling-to-rest.yaml", "sheet-handoff.yaml", "deck-card.yaml"].flatMap { name in
            let scenario = try Fixtures.example(name)
            let renderer = try FrameRenderer(scenario: scenario, options: RenderOptions(iconFolders: [Fixtures.examples.path, Fixtures.icons]))
            let states = Simulation.frames(of: scenario)
            return try [0, states.count / 3, states.count / 2, states.count - 1].map { try renderer.image(of: states[$0]).bitmap() }
        }
    }

    /// Processes that keep every core busy until `stop` is called: the encoders' threads compete with another
    /// process, not only with each other.
    static func busyProcesses() throws -> () -> Void {
        let processes = try (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "while :; do :; done"]
            try process.run()
            return process
        }
        return {
            for process in processes {
                // SIGKILL: the shell's loop may run with SIGTERM ignored, as it inherits it.
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
    }

    /// Twelve rendered frames, encoded once alone, then by three times as many threads as there are cores (each with
    /// its own encoder, its buffers reused between frames in a different order on each thread) while as many busy
    /// processes as cores compete for them: every file equals the first one of its frame, byte for byte. Not timed:
    /// it counts files that differ, however long the run takes.
    @Test(arguments: PNGEncoder.available)
    func sameBytesOnMoreThreadsThanCoresUnderLoad(deflate: PNGEncoder.Deflate) throws {
        let frames = try Self.frames()
        let expected = try frames.map { try PNGEncoder(deflate: deflate).encode($0) }
        let threads = 3 * ProcessInfo.processInfo.activeProcessorCount
        let rounds = deflate == .libspng ? 1 : 3
        let mismatches = FrameMismatches()
        let stop = try Self.busyProcesses()
        defer { stop() }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let encoder = PNGEncoder(deflate: deflate)
            for round in 0..<rounds {
                for k in frames.indices {
                    let i = (k * (thread + 1) + round) % frames.count
                    let png = try? encoder.encode(frames[i])
                    if png != expected[i] { mismatches.record("thread \(thread), round \(round), frame \(i)") }
                }
            }
        }
        #expect(mismatches.all.isEmpty, "\(deflate) wrote other bytes for the same frame: \(mismatches.all)")
    }

    /// Every example's first, middle and last frames (at scale 1) decode to the same pixels whichever deflate wrote
    /// them: igzip's SSE, AVX2 and AVX-512 code write other valid streams than libdeflate (and than each other on
    /// other CPUs), and goldens compare pixels.
    @Test func everyExampleDecodesToTheSamePixelsWithEveryDeflate() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.examples.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 20)
        let encoders = PNGEncoder.available.map { PNGEncoder(deflate: $0) }
        for name in names {
            var scenario = try Fixtures.example(name)
            scenario.viewport.scale = 1
            let renderer = try FrameRenderer(scenario: scenario, options: RenderOptions(iconFolders: [Fixtures.examples.path, Fixtures.icons]))
            let states = Simulation.frames(of: scenario)
            for index in Set([0, states.count / 2, states.count - 1]).sorted() {
                let image = try renderer.image(of: states[index])
                let pixels = image.bitmap()
                for encoder in encoders {
                    let png = try encoder.encode(image)
                    #expect(try Bitmap.decodePNG(png, path: "x.png") == pixels, "\(name) frame \(index), \(encoder.deflate)")
                    #expect(try encoder.encode(image) == png, "\(name) frame \(index), \(encoder.deflate): other bytes")
                }
            }
        }
    }

    /// igzip is offered first in a build with ISA-L, whatever the CPU, and says which of ISA-L's code it runs.
    @Test(.enabled(if: PNGEncoder.builtWithISAL, "built without ISA-L")) func igzipIsTheDefault() {
        #expect(PNGEncoder.available.first == .igzip)
        #expect(["generic", "SSE", "AVX", "AVX2", "AVX-512", "ISA-L's choice"].contains(PNGEncoder.igzipCodePath ?? ""))
        #if arch(x86_64)
        #expect(PNGEncoder.igzipCodePath != "ISA-L's choice")
        #endif
    }
}

/// What the threads of `sameBytesOnMoreThreadsThanCoresUnderLoad` found, behind a lock.
private final class FrameMismatches: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String] = []

    func record(_ what: String) { lock.withLock { found.append(what) } }
    var all: [String] { lock.withLock { found } }
}
