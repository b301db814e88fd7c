import FlickCore
// DiffOptions is part of `.frames`' signature: a test that imports FlickSnapshotTesting can name it.
@_exported import struct FlickDiff.DiffOptions
import FlickDiff
import FlickImage
import FlickRender
import FlickReview
import FlickRunner
import Foundation
import SnapshotTesting
#if canImport(Testing)
import Testing
#endif
import XCTest

// Snapshot strategies for swift-snapshot-testing: a team that writes `assertSnapshot(of:as:)` snapshots a Flick
// scenario's motion the same way, with its record modes and its __Snapshots__ folders.
//
//     assertSnapshot(of: scenario, as: .states)                         // every number, every frame (JSON)
//     assertSnapshot(of: scenario, as: .states(paths: ["sheet.top"], within: 0.01))
//     assertSnapshot(of: scenario, as: .frames([0, 45, 90], scale: 1))  // PNG, pixelmatch comparison
//     assertSnapshot(of: scenario, as: .motionPlot)                     // SVG of value and velocity against time

extension Snapshotting where Value == Scenario, Format == StateTrajectory {
    /// The numbers of `paths` (nil: every number of the state document) at every frame, stored as Flick's states
    /// golden JSON (docs/states.md, "States goldens") and compared value by value within `within`. A failure
    /// names each path that moved, its worst deviation with the time and frame, and the first deviating frame,
    /// and attaches an expected-vs-actual SVG plot per path. Depends on no renderer, font or system.
    public static func states(paths: [String]? = nil,
                              within tolerance: Double = StateGoldenSpec.defaultTolerance) -> Snapshotting {
        Snapshotting(pathExtension: "json", diffing: .states(within: tolerance)) { scenario in
            StateTrajectory(recording: scenario, paths: paths)
        }
    }
}

extension Snapshotting where Value == Scenario, Format == StateTrajectory {
    /// Every number of the state document at every frame, within the default tolerance: `.states()`.
    public static var states: Snapshotting { states() }
}

extension Diffing where Value == StateTrajectory {
    /// States goldens compared within an absolute tolerance.
    public static func states(within tolerance: Double) -> Diffing {
        .diff(
            toData: { Data($0.text.utf8) },
            fromData: { data in
                (try? StateTrajectory(text: data, file: "snapshot"))
                    // A file that does not decode compares as a run of no frames: the mismatch says so.
                    ?? StateTrajectory(fps: 0, frameCount: 0, width: 0, height: 0, scale: 0, series: [])
            },
            diffV2: { expected, actual in
                let outcome = StateGoldens.compare(expected: expected, actual: actual, tolerance: tolerance)
                switch outcome {
                case .matched, .recorded, .missingGolden:
                    return nil
                case .incompatible(let why):
                    return ("the snapshot was recorded for another run: \(why)", [])
                case .deviated(let deviations):
                    let times = (0..<actual.frameCount).map { Double($0) / actual.fps }
                    let golden = Dictionary(uniqueKeysWithValues: expected.series.map { ($0.path, $0.values) })
                    let run = Dictionary(uniqueKeysWithValues: actual.series.map { ($0.path, $0.values) })
                    let lines = deviations.map { $0.description(tolerance: tolerance) }
                    let plots = deviations.map { d in
                        DiffAttachment.data(
                            Data(TrajectoryPlot(path: d.path, times: times, expected: golden[d.path] ?? [],
                                                actual: run[d.path] ?? [], tolerance: tolerance,
                                                firstFrame: d.firstFrame, worstFrame: d.worstFrame).svg().utf8),
                            name: StateGoldens.plotFileName(for: d.path))
                    }
                    return ("states differ in \(deviations.count) path\(deviations.count == 1 ? "" : "s") (within \(tolerance)):\n"
                        + lines.joined(separator: "\n") + SnapshotArtifacts.keep(plots, what: "plots"), plots)
                }
            })
    }
}

extension Snapshotting where Value == Scenario, Format == Bitmap {
    /// The frames drawn side by side in one PNG (through FlickImage), at `scale` pixels per point (nil: the
    /// scenario's), compared with FlickDiff's pixelmatch method within `tolerance` (by default not one pixel
    /// may differ, anti-aliasing aside); a failure names each frame that differs and by how many pixels, and
    /// attaches the diff image. Pixels depend on Cairo and fonts: prefer `.states` for CI across machines.
    public static func frames(_ frames: [Int], scale: Double? = nil,
                              tolerance: DiffOptions = DiffOptions(maxDiffPixels: 0)) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .flickImage(tolerance: tolerance, frames: frames)) { scenario in
            do {
                return try FrameStrip.render(scenario, frames: frames, scale: scale)
            } catch {
                recordProblem("FlickSnapshotTesting: cannot draw \(scenario.name): \(error)")
                return Bitmap(width: 1, height: 1, color: RGBA(255, 0, 255))
            }
        }
    }

    /// `.frames` with swift-snapshot-testing's own tolerance words, as its `.image(precision:perceptualPrecision:)`
    /// means them: `precision` is the share of pixels that must match (0.99: 1 % may differ; pixelmatch's budget
    /// `maxDiffRatio` = 1 − precision); `perceptualPrecision` how close a pixel must be to count as matching
    /// (1: exactly; 0.98: what the library calls imperceptible; pixelmatch's `threshold` = 1 − perceptualPrecision,
    /// the share of the largest YIQ colour distance). Both must lie in 0...1.
    public static func frames(_ frames: [Int], scale: Double? = nil, precision: Float,
                              perceptualPrecision: Float = 1) -> Snapshotting {
        let p = Double(min(max(precision, 0), 1)), perceptual = Double(min(max(perceptualPrecision, 0), 1))
        return .frames(frames, scale: scale, tolerance: DiffOptions(threshold: 1 - perceptual, maxDiffRatio: 1 - p))
    }
}

extension Diffing where Value == Bitmap {
    /// PNG files through FlickImage, compared with FlickDiff (pixelmatch); the diff image as an attachment.
    public static func flickImage(tolerance: DiffOptions) -> Diffing { flickImage(tolerance: tolerance, frames: []) }

    /// `flickImage(tolerance:)` for `frames` drawn side by side, all of one width: a failure names each frame that
    /// differs, with its own count.
    static func flickImage(tolerance: DiffOptions, frames: [Int]) -> Diffing {
        .diff(
            toData: { (try? $0.pngData()) ?? Data() },
            fromData: { data in
                (try? Bitmap.decodePNG(data, path: "snapshot")) ?? Bitmap(width: 1, height: 1)
            },
            diffV2: { expected, actual in
                guard expected.width == actual.width, expected.height == actual.height else {
                    return ("the snapshot is \(expected.sizeDescription) px, this run draws \(actual.sizeDescription) px", [])
                }
                guard let comparison = try? ImageComparison(expected: expected, actual: actual, options: tolerance,
                                                            drawingDiff: true) else {
                    return ("the images cannot be compared", [])
                }
                if comparison.isWithinTolerance { return nil }
                var attachments: [DiffAttachment] = []
                if let diff = comparison.diffImage, let png = try? diff.pngData() {
                    attachments.append(.data(png, name: "diff.png"))
                }
                var message = "frames differ: \(comparison.summary)"
                let perFrame = FrameStrip.differingFrames(expected: expected, actual: actual, frames: frames, options: tolerance)
                if !perFrame.isEmpty { message += "\n" + perFrame.joined(separator: "\n") }
                return (message + SnapshotArtifacts.keep(attachments, what: "diff image"), attachments)
            })
    }
}

extension Snapshotting where Value == Scenario, Format == String {
    /// The motion plot (`flick review`'s motion.svg): every moving value and its velocity against time. Compared
    /// as drawn: both SVGs are rasterised with librsvg and compared with pixelmatch, so bytes that draw the same
    /// (another Cairo's glyph names) match, and a failure says how many pixels moved, with the diff image and
    /// this run's plot attached, instead of a diff of SVG path data. Text is drawn with the machine's fonts.
    public static var motionPlot: Snapshotting {
        Snapshotting(pathExtension: "svg", diffing: .motionPlot) { scenario in
            do {
                let plot = MotionPlot(timeline: MotionTimeline(scenario: scenario), title: scenario.name)
                return String(decoding: try plot.svg(), as: UTF8.self)
            } catch {
                recordProblem("FlickSnapshotTesting: cannot draw the motion plot of \(scenario.name): \(error)")
                return ""
            }
        }
    }
}

extension Diffing where Value == String {
    /// Motion plots compared as drawn (see `Snapshotting.motionPlot`).
    public static var motionPlot: Diffing {
        .diff(toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) }, diffV2: compareDrawn)
    }

    private static func compareDrawn(_ expected: String, _ actual: String) -> (String, [DiffAttachment])? {
        guard expected != actual else { return nil }
        let drawn: (Bitmap, Bitmap)
        do {
            drawn = (try Bitmap.rasterizeSVG(Array(expected.utf8), path: "the snapshot", scale: 1),
                     try Bitmap.rasterizeSVG(Array(actual.utf8), path: "this run's plot", scale: 1))
        } catch {
            return ("the motion plot differs from the snapshot, which cannot be drawn: \(error)", [])
        }
        let attachments: [DiffAttachment] = [.data(Data(actual.utf8), name: "motion.svg")]
        guard drawn.0.width == drawn.1.width, drawn.0.height == drawn.1.height else {
            return ("the motion plot is \(drawn.1.sizeDescription) px, the snapshot \(drawn.0.sizeDescription) px: "
                + "another duration or other series" + SnapshotArtifacts.keep(attachments, what: "plot"), attachments)
        }
        guard let comparison = try? ImageComparison(expected: drawn.0, actual: drawn.1, drawingDiff: true) else {
            return ("the motion plots cannot be compared", [])
        }
        if comparison.isWithinTolerance { return nil }
        var all = attachments
        if let diff = comparison.diffImage, let png = try? diff.pngData() { all.insert(.data(png, name: "diff.png"), at: 0) }
        return ("the motion plot differs from the snapshot: \(comparison.summary)"
            + SnapshotArtifacts.keep(all, what: "diff image and plot"), all)
    }
}

/// swift-snapshot-testing hands a failure's attachments to XCTest, which keeps them only under Xcode; elsewhere
/// (Linux, `swift test`) they would be lost. So they are also written to a folder of their own under
/// `$SNAPSHOT_ARTIFACTS` (the library's variable for failed snapshots; else the temporary folder), which the
/// failure message names.
enum SnapshotArtifacts {
    static func keep(_ attachments: [DiffAttachment], what: String) -> String {
        let files = attachments.compactMap { attachment -> (Data, String)? in
            if case .data(let data, let name) = attachment { return (data, name) }
            return nil
        }
        guard !files.isEmpty else { return "" }
        let root = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
            ?? NSTemporaryDirectory()
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var template = Array(((root as NSString).appendingPathComponent("flick-snapshot-XXXXXX")).utf8CString)
        guard let made = mkdtemp(&template) else { return "" }
        let folder = String(cString: made)
        for (data, name) in files {
            try? data.write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(name)))
        }
        return "\n\(what): \(folder)/"
    }
}

/// Frames of a scenario drawn side by side.
enum FrameStrip {
    static func render(_ scenario: Scenario, frames: [Int], scale: Double?) throws -> Bitmap {
        var scenario = scenario
        if let scale { scenario.viewport.scale = scale }
        guard !frames.isEmpty else { throw GoldenError("no frames to draw") }
        for frame in frames where !(0..<scenario.frameCount).contains(frame) {
            throw GoldenError("frame \(frame) is outside \(scenario.name)'s 0...\(scenario.frameCount - 1)")
        }
        let renderer = try FrameRenderer(scenario: scenario)
        let simulation = Simulation(scenario: scenario)
        var images: [(Int, Bitmap)] = []
        for frame in frames.sorted() {
            images.append((frame, try renderer.image(of: simulation.state(at: scenario.time(ofFrame: frame))).bitmap()))
        }
        let order = Dictionary(uniqueKeysWithValues: images)
        let ordered = frames.compactMap { order[$0] }
        let width = ordered.map(\.width).reduce(0, +), height = ordered.map(\.height).max() ?? 0
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        var left = 0
        for image in ordered {
            let source = image.rgbaBytes
            for y in 0..<image.height {
                let from = y * image.width * 4, to = (y * width + left) * 4
                bytes.replaceSubrange(to..<(to + image.width * 4), with: source[from..<(from + image.width * 4)])
            }
            left += image.width
        }
        return Bitmap(width: width, height: height, rgba: bytes)
    }

    /// For a strip of `frames` of one width each: a line per frame with pixels that differ (by `options`' threshold).
    static func differingFrames(expected: Bitmap, actual: Bitmap, frames: [Int], options: DiffOptions) -> [String] {
        guard frames.count > 1, expected.width % frames.count == 0 else { return [] }
        let width = expected.width / frames.count
        func crop(_ image: Bitmap, _ index: Int) -> Bitmap {
            let source = image.rgbaBytes
            var bytes = [UInt8](); bytes.reserveCapacity(width * image.height * 4)
            for y in 0..<image.height {
                let from = (y * image.width + index * width) * 4
                bytes += source[from..<(from + width * 4)]
            }
            return Bitmap(width: width, height: image.height, rgba: bytes)
        }
        var any = options
        any.maxDiffPixels = nil
        any.maxDiffRatio = nil
        return frames.indices.compactMap { index in
            guard let comparison = try? ImageComparison(expected: crop(expected, index), actual: crop(actual, index), options: any),
                  comparison.differingPixels > 0 else { return nil }
            let n = comparison.differingPixels
            return "frame \(frames[index]): \(n) pixel\(n == 1 ? " differs" : "s differ")"
        }
    }
}

/// A problem the strategy cannot return as a difference: a test failure in Swift Testing or XCTest.
func recordProblem(_ message: String) {
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(Comment(rawValue: message))
        return
    }
    #endif
    XCTFail(message)
}
