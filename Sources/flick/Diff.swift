import ArgumentParser
import FlickDiff
import FlickImage
import FlickOutput
import FlickRender
import Foundation

struct Diff: ParsableCommand, WritesOutput {
    static let configuration = CommandConfiguration(
        abstract: "Compare two images, or two folders of frames, pixel by pixel.",
        discussion: """
        A is the expected image and B the actual one: two PNG files, two SVG files (rasterised with librsvg at --scale), one of each, or two folders whose frames (*.png, *.svg) are matched by file name; a folder flick render wrote (states.json beside frames/) is compared by its frames/. A frame in A but not in B is missing, one in B but not in A is extra; both are errors.

        Files with the same bytes are identical without being decoded. Other images are compared as decoded pixels by pixelmatch's method (version 7.2.0, its options and its counts): for each pixel that changed, the distance of the two colours in the YIQ space; above the threshold the pixel differs, unless it looks like anti-aliasing in either image (a pixel between a darker and a brighter neighbour on the edge of a flat area), which is not counted unless --include-aa is given. Translucent pixels are compared as composited over pixelmatch's background pattern (over white with --no-checkerboard).

        With no budget, any differing pixel is beyond tolerance. With --max-diff-pixels and --max-diff-ratio both given, both must hold.

        Prints a table of the frames that differ: differing pixels, their share of the frame, the anti-aliased pixels ignored, and whether that is within tolerance; with --format json, one object per frame and a summary instead.

        With --out DIR, writes for each frame with differing pixels NAME.diff.png (differing pixels in --diff-color, anti-aliased ones in --aa-color, over a grey copy of A faded to --alpha) and NAME.sidebyside.png (A | B | diff; stacked, or reduced, when three side by side would be wider than 32767 pixels). The images are written into a hidden folder beside DIR and renamed into place when complete; DIR must be new, empty, or an earlier flick output (it holds a .flick-output list of flick's files and nothing else), which is then replaced. Files flick did not write are never overwritten or deleted. If an image cannot be written, none is kept.

        With --report DIR, writes DIR/index.html, a page to review the run in a browser (opened from disk, no network): every frame compared with its differing pixels, and for each frame that differs expected | actual | diff side by side or as a wipe, with the numbers. The images it shows are written beside it (expected/, actual/ and diff/NAME.png); DIR is written like --out's folder. The exit status is the same with or without it.

        Every image is limited to 64 megapixels, checked from its header before it is decoded. Colours are #rrggbb or r,g,b.

        Exit status: 0 within tolerance, 1 beyond it, 2 on error (unreadable, too large or non-PNG file, size mismatch, missing or extra frame, a bad option).
        """
    )

    @Argument(help: ArgumentHelp("The expected image (PNG or SVG), or a folder of expected frames.", valueName: "A"))
    var expected: String

    @Argument(help: ArgumentHelp("The actual image, or a folder of actual frames.", valueName: "B"))
    var actual: String

    @Option(help: ArgumentHelp("Matching threshold in 0...1: colour differences smaller than this share of the largest one are ignored.", valueName: "T"))
    var threshold: Double = DiffOptions.defaultThreshold

    @Option(name: .customLong("max-diff-pixels"), help: ArgumentHelp("Differing pixels tolerated per frame.", valueName: "N"))
    var maxDiffPixels: Int?

    @Option(name: .customLong("max-diff-ratio"), help: ArgumentHelp("Share of a frame's pixels that may differ, in 0...1: 0.001 or 0.1%.", valueName: "R"))
    var maxDiffRatio: String?

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences instead of ignoring them.")
    var includeAA = false

    @Flag(inversion: .prefixedNo, help: "Compare translucent pixels over pixelmatch 7's background pattern (the default), or over white.")
    var checkerboard = true

    @Option(help: ArgumentHelp("Opacity in 0...1 of the grey copy of A under the marks of a diff image.", valueName: "O"))
    var alpha: Double = DiffOptions.defaultAlpha

    @Option(name: .customLong("aa-color"), help: ArgumentHelp("Colour of anti-aliased pixels in diff images (default #ffff00).", valueName: "C"))
    var aaColor: String?

    @Option(name: .customLong("diff-color"), help: ArgumentHelp("Colour of differing pixels in diff images (default #ff0000).", valueName: "C"))
    var diffColor: String?

    @Option(name: .customLong("diff-color-alt"), help: ArgumentHelp("Colour of differing pixels that are darker in B than in A (default: --diff-color).", valueName: "C"))
    var diffColorAlt: String?

    @Flag(name: .customLong("diff-mask"), help: "Draw diff images as the marks alone, over transparency.")
    var diffMask = false

    @Option(help: ArgumentHelp("Write diff images of the frames that differ into this folder.", valueName: "DIR"))
    var out: String?

    @Option(help: ArgumentHelp("Write a review page of the comparison, index.html with the images it shows, into this folder.", valueName: "DIR"))
    var report: String?

    @Option(help: ArgumentHelp("Output: text (a table and a summary line) or json.", valueName: "F"))
    var format: DiffFormat = .text

    @Option(help: ArgumentHelp("Pixels per SVG unit (point) when rasterising SVG files.", valueName: "S"))
    var scale: Double = 1

    @OptionGroup var threads: JobsOption<DiffJobs>

    @Flag(help: "Print to standard error how long each frame took to decode and to compare.")
    var timings = false

    /// The options, checked: a bad value is bad input (exit status 2) with a message naming the option.
    func checkedOptions() throws -> DiffOptions {
        guard threshold.isFinite, (0...1).contains(threshold) else { throw BadInput("--threshold must be in 0...1, not \(threshold)") }
        if let maxDiffPixels, maxDiffPixels < 0 { throw BadInput("--max-diff-pixels must not be negative, not \(maxDiffPixels)") }
        var ratio: Double?
        if let maxDiffRatio {
            guard let value = DiffOptions.share(maxDiffRatio) else {
                throw BadInput("--max-diff-ratio must be a share in 0...1 (0.001) or a percentage (0.1%), not \(maxDiffRatio)")
            }
            ratio = value
        }
        guard alpha.isFinite, (0...1).contains(alpha) else { throw BadInput("--alpha must be in 0...1, not \(alpha)") }
        guard scale.isFinite, scale > 0, scale <= 16 else { throw BadInput("--scale must be a number in (0, 16], not \(scale)") }
        func color(_ value: String?, _ option: String, _ fallback: RGBA) throws -> RGBA {
            guard let value else { return fallback }
            guard let color = DiffOptions.color(value) else {
                throw BadInput("\(option) must be a colour, #rrggbb or r,g,b with each in 0...255, not \(value)")
            }
            return color
        }
        return DiffOptions(threshold: threshold, includeAntialiasing: includeAA, maxDiffPixels: maxDiffPixels,
                           maxDiffRatio: ratio, alpha: alpha,
                           antialiasedColor: try color(aaColor, "--aa-color", .yellow),
                           diffColor: try color(diffColor, "--diff-color", .red),
                           diffColorAlt: try diffColorAlt.map { try color($0, "--diff-color-alt", .red) },
                           diffMask: diffMask, checkerboard: checkerboard)
    }

    func run() throws {
        let options = try checkedOptions()
        var errors: [String] = []
        var missing: [String] = [], extra: [String] = []
        let frames: [FramePair]
        switch (kind(of: expected), kind(of: actual)) {
        case (.folder, .folder):
            // A folder flick render wrote holds its frames in frames/.
            let expected = FrameFolders.framesFolder(of: expected), actual = FrameFolders.framesFolder(of: actual)
            let folders: FrameFolders
            do {
                folders = try FrameFolders(expected: expected, actual: actual)
            } catch {
                throw Failure.of(error)
            }
            frames = folders.matched.map {
                FramePair(name: $0, expected: path(expected, $0), actual: path(actual, $0))
            }
            missing = folders.missing
            extra = folders.extra
            errors += folders.missing.map { "error: \($0): missing: in \(expected) but not in \(actual)" }
            errors += folders.extra.map { "error: \($0): extra: in \(actual) but not in \(expected)" }
            if folders.matched.isEmpty && folders.missing.isEmpty && folders.extra.isEmpty {
                errors.append("error: no frames (*.png, *.svg) in \(expected) or \(actual)")
            }
        case (.file, .file):
            frames = [FramePair(name: actual, expected: expected, actual: actual)]
        case (.missing, _):
            throw BadInput("\(expected): no such file or folder")
        case (_, .missing):
            throw BadInput("\(actual): no such file or folder")
        case (let a, _):
            throw BadInput("\(a == .folder ? expected : actual) is a folder but \(a == .folder ? actual : expected) is a file; give two files or two folders")
        }

        let output: OutputFolder?, reportFolder: OutputFolder?
        do {
            if out?.isEmpty == true { throw RenderError("--out is empty; give the folder the diff images go in") }
            try checkReportOption()
            output = try out.map { try OutputFolder(destination: URL(fileURLWithPath: $0)) }
            do {
                reportFolder = try report.map { try Self.reportFolder(URL(fileURLWithPath: $0)) }
            } catch {
                output?.abandon()
                throw error
            }
        } catch {
            throw Failure.of(error)
        }

        guard let outcomes = compare(frames, options: options, writingTo: output, report: reportFolder) else {
            output?.abandon()
            reportFolder?.abandon()
            throw Interruption.stop("error: \(RenderCancelled())")
        }

        var tally = DiffTally()
        var writeFailed = false
        for (frame, outcome) in zip(frames, outcomes) {
            switch outcome {
            case .failure(let error):
                errors.append("error: \(message(for: error, frame: frame))")
            case .success(let result):
                tally.add(frame.name, result.comparison)
                if let writeError = result.writeError {
                    errors.append("error: \(writeError)")
                    writeFailed = true
                }
            }
        }
        if let reportFolder {
            errors += try writeReport(reportFolder, frames: frames, outcomes: outcomes, errors: errors, options: options,
                                  failed: writeFailed)
        }
        // All or nothing: an image that could not be written leaves no diff images at all.
        var diffImages = 0
        if let output {
            if writeFailed {
                output.abandon()
                errors.append("error: no diff images were written to \(out ?? "")")
            } else {
                try Interruption.committing(output, {
                    let warnings = try output.commit(cancellation: Interruption.cancellation)
                    for warning in warnings { printError("warning: \(warning)") }
                    diffImages = output.fileCount
                }, failed: { errors.append("error: \($0)") })
            }
        }
        if format == .json {
            let summary = Summary(compared: tally.compared, identical: tally.identical, differing: tally.rows.count,
                                  beyondTolerance: tally.beyond, withinTolerance: tally.beyond == 0 && errors.isEmpty, threshold: options.threshold,
                                  includeAA: options.includeAntialiasing, maxDiffPixels: options.maxDiffPixels,
                                  maxDiffRatio: options.maxDiffRatio, missing: missing, extra: extra,
                                  errors: errors.map { String($0.dropFirst("error: ".count)) },
                                  diffImages: diffImages, diffFolder: diffImages > 0 ? out : nil)
            print(try JSONReport(frames: tally.frames.map { FrameReport($0.name, $0.comparison) }, summary: summary).text())
        } else {
            if !tally.rows.isEmpty {
                // Escaped first (a frame's name from someone's folder), so the columns are measured as they are printed.
                printSafe(DiffTally.table(([DiffTally.header] + tally.rows).map { $0.map(terminalSafe) }))
            }
            if tally.compared > 0 || errors.isEmpty { printSafe(tally.summaryLine(options: options)) }
            if diffImages > 0 {
                printSafe("diff images: \(out ?? "") (\(diffImages) file\(diffImages == 1 ? "" : "s"))")
            }
        }
        // Every frame's error, after the table and the summary.
        if !errors.isEmpty { throw Failure(lines: errors) }
        if tally.beyond > 0 { throw ExitCode(1) }
    }

    // MARK: comparing

    typealias FramePair = FolderComparison.FramePair
    typealias FrameResult = FolderComparison.FrameResult

    /// Compares the pairs on `--jobs` threads (see `FolderComparison.workers`); nil when a signal stopped it.
    private func compare(_ frames: [FramePair], options: DiffOptions, writingTo output: OutputFolder?,
                         report: OutputFolder?) -> [Result<FrameResult, ImageError>]? {
        let workers = FolderComparison.workers(jobs: threads.jobs, frames: frames.count,
                                               framePixels: frames.first.flatMap { FolderComparison.pngPixels(path: $0.expected) },
                                               writingImages: out != nil)
        if timings { printError("comparing \(frames.count) frame\(frames.count == 1 ? "" : "s") on \(workers) thread\(workers == 1 ? "" : "s")") }
        var timing: (@Sendable (String) -> Void)?
        if timings { timing = { printError($0) } }
        return FolderComparison.compare(frames, options: options, svgScale: scale, workers: workers,
                                        cancellation: Interruption.cancellation, writingTo: output, report: report,
                                        timing: timing)
    }

    private func message(for error: ImageError, frame: FramePair) -> String {
        switch error {
        case .sizeMismatch:
            "\(frame.name): \(error) (A: \(frame.expected), B: \(frame.actual))"
        default:
            error.description
        }
    }

    // MARK: paths

    private enum Kind { case file, folder, missing }

    private func kind(of path: String) -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .folder : .file
    }

    private func path(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

// MARK: JSON

/// One frame of `--format json`.
private struct FrameReport: Encodable {
    let name: String
    let differing: Int
    let antiAliased: Int
    let total: Int
    let ratio: Double
    let identical: Bool
    let withinTolerance: Bool

    init(_ name: String, _ comparison: ImageComparison) {
        self.name = name
        differing = comparison.differingPixels
        antiAliased = comparison.antialiasedPixels
        total = comparison.pixelCount
        ratio = comparison.diffRatio
        identical = comparison.isExactMatch
        withinTolerance = comparison.isWithinTolerance
    }
}

/// The summary of `--format json`.
private struct Summary: Encodable {
    let compared: Int
    let identical: Int
    let differing: Int
    let beyondTolerance: Int
    /// Whether the run passes: every frame within tolerance and no error (exit status 0).
    let withinTolerance: Bool
    let threshold: Double
    let includeAA: Bool
    let maxDiffPixels: Int?
    let maxDiffRatio: Double?
    let missing: [String]
    let extra: [String]
    let errors: [String]
    let diffImages: Int
    let diffFolder: String?
}

/// The document `--format json` prints: `{"frames": [...], "summary": {...}}`, keys sorted.
private struct JSONReport: Encodable {
    let frames: [FrameReport]
    let summary: Summary

    func text() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// What `flick diff --format` prints: a table and a summary line, or JSON.
enum DiffFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}
