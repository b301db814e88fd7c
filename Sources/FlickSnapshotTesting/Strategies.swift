import FlickCore
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
//     assertSnapshot(of: scenario, as: .states())                       // every number, every frame (JSON)
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
                        + lines.joined(separator: "\n"), plots)
                }
            })
    }
}

extension Snapshotting where Value == Scenario, Format == Bitmap {
    /// The frames drawn side by side in one PNG (through FlickImage), at `scale` pixels per point (nil: the
    /// scenario's), compared with FlickDiff's pixelmatch method within `tolerance` (by default not one pixel
    /// may differ, anti-aliasing aside); a failure attaches the diff image. Pixels depend on Cairo and fonts:
    /// prefer `.states` for CI across machines.
    public static func frames(_ frames: [Int], scale: Double? = nil,
                              tolerance: DiffOptions = DiffOptions(maxDiffPixels: 0)) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .flickImage(tolerance: tolerance)) { scenario in
            do {
                return try FrameStrip.render(scenario, frames: frames, scale: scale)
            } catch {
                recordProblem("FlickSnapshotTesting: cannot draw \(scenario.name): \(error)")
                return Bitmap(width: 1, height: 1, color: RGBA(255, 0, 255))
            }
        }
    }
}

extension Diffing where Value == Bitmap {
    /// PNG files through FlickImage, compared with FlickDiff (pixelmatch); the diff image as an attachment.
    public static func flickImage(tolerance: DiffOptions) -> Diffing {
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
                return ("frames differ: \(comparison.summary)", attachments)
            })
    }
}

extension Snapshotting where Value == Scenario, Format == String {
    /// The motion plot (`flick review`'s motion.svg): every moving value and its velocity against time. Text is
    /// drawn with the machine's fonts, so, as pixels, it is best compared on one kind of machine.
    public static var motionPlot: Snapshotting {
        Snapshotting(pathExtension: "svg", diffing: .lines) { scenario in
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
