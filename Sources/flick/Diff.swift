import ArgumentParser
import FlickDiff
import FlickRender
import Foundation

struct Diff: ParsableCommand, WritesOutput {
    static let configuration = CommandConfiguration(
        abstract: "Compare two images, or two folders of frames, pixel by pixel.",
        discussion: """
        A is the expected image and B the actual one: two PNG files, two SVG files (rasterised with librsvg at --scale), one of each, or two folders whose frames (*.png, *.svg) are matched by file name. A frame in A but not in B is missing, one in B but not in A is extra; both are errors.

        Images are compared as decoded pixels, never as file bytes, by pixelmatch's method: identical \
        pixels first, then for each pixel that changed the distance of the two colours in the YIQ space; \
        above the threshold the pixel differs, unless it looks like anti-aliasing in either image (a pixel \
        between a darker and a brighter neighbour on the edge of a flat area), which is not counted unless \
        --include-aa is given.

        With no budget, any differing pixel is beyond tolerance. With --max-diff-pixels and \
        --max-diff-ratio both given, both must hold.

        Prints a table of the frames that differ: differing pixels, their share of the frame, the anti-aliased pixels ignored, and whether that is within tolerance.

        With --out DIR, writes for each frame with differing pixels NAME.diff.png (differing pixels red, anti-aliased ones yellow, over a faded grey copy of A) and NAME.sidebyside.png (A | B | diff). The images are written into a hidden folder beside DIR and renamed into place when complete; DIR must be new, empty, or an earlier flick output (it holds a .flick-output list of flick's files and nothing else), which is then replaced. Files flick did not write are never overwritten or deleted. If an image cannot be written, none is kept.

        Exit status: 0 within tolerance, 1 beyond it, 2 on error (unreadable or non-PNG file, size mismatch, missing or extra frame).
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
    var maxDiffRatio: Ratio?

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences instead of ignoring them.")
    var includeAA = false

    @Option(help: ArgumentHelp("Write diff images of the frames that differ into this folder.", valueName: "DIR"))
    var out: String?

    @Option(help: ArgumentHelp("Pixels per SVG unit (point) when rasterising SVG files.", valueName: "S"))
    var scale: Double = 1

    @Option(help: ArgumentHelp("Frames compared at the same time (default: one per processor core).", valueName: "N"))
    var jobs: Int?

    @Flag(help: "Print to standard error how long each frame took to decode and to compare.")
    var timings = false

    func validate() throws {
        guard (0...1).contains(threshold) else { throw ValidationError("--threshold must be in 0...1, found \(threshold)") }
        if let maxDiffPixels, maxDiffPixels < 0 { throw ValidationError("--max-diff-pixels must not be negative") }
        guard scale > 0, scale.isFinite else { throw ValidationError("--scale must be a positive number") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let options = DiffOptions(threshold: threshold, includeAntialiasing: includeAA,
                                  maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio?.value)
        var errors: [String] = []
        let frames: [FramePair]
        switch (kind(of: expected), kind(of: actual)) {
        case (.folder, .folder):
            let folders: FrameFolders
            do {
                folders = try FrameFolders(expected: expected, actual: actual)
            } catch {
                printError("error: \(error)")
                throw failureExit
            }
            frames = folders.matched.map {
                FramePair(name: $0, expected: path(expected, $0), actual: path(actual, $0))
            }
            errors += folders.missing.map { "error: \($0): missing: in \(expected) but not in \(actual)" }
            errors += folders.extra.map { "error: \($0): extra: in \(actual) but not in \(expected)" }
            if folders.matched.isEmpty && folders.missing.isEmpty && folders.extra.isEmpty {
                errors.append("error: no frames (*.png, *.svg) in \(expected) or \(actual)")
            }
        case (.file, .file):
            frames = [FramePair(name: actual, expected: expected, actual: actual)]
        case (.missing, _):
            printError("error: \(expected): no such file or folder")
            throw failureExit
        case (_, .missing):
            printError("error: \(actual): no such file or folder")
            throw failureExit
        case (let a, _):
            printError("error: \(a == .folder ? expected : actual) is a folder but \(a == .folder ? actual : expected) is a file; give two files or two folders")
            throw failureExit
        }

        let output: OutputFolder?
        do {
            if out?.isEmpty == true { throw RenderError("--out is empty; give the folder the diff images go in") }
            output = try out.map { try OutputFolder(destination: URL(fileURLWithPath: $0)) }
        } catch {
            printError("error: \(error)")
            throw failureExit
        }

        guard let outcomes = compare(frames, options: options, writingTo: output) else {
            output?.abandon()
            printError("error: \(RenderCancelled())")
            throw Interruption.exit
        }

        var rows: [[String]] = []
        var beyond = 0, identical = 0, similar = 0
        var writeFailed = false
        for (frame, outcome) in zip(frames, outcomes) {
            switch outcome {
            case .failure(let error):
                errors.append("error: \(message(for: error, frame: frame))")
            case .success(let result):
                let c = result.comparison
                if c.isExactMatch { identical += 1 }
                if !c.isWithinTolerance { beyond += 1 }
                if c.differingPixels == 0 {
                    if !c.isExactMatch { similar += 1 }
                } else {
                    rows.append([frame.name, "\(c.differingPixels)", formatPercent(c.diffRatio), "\(c.antialiasedPixels)",
                                 c.isWithinTolerance ? "within tolerance" : "beyond tolerance"])
                }
                if let writeError = result.writeError {
                    errors.append("error: \(writeError)")
                    writeFailed = true
                }
            }
        }
        if !rows.isEmpty {
            print(table([["frame", "differing", "ratio", "anti-aliased", "result"]] + rows))
        }
        let compared = frames.count - outcomes.filter { if case .failure = $0 { true } else { false } }.count
        var summary = "\(compared) frame\(compared == 1 ? "" : "s") compared: \(identical) identical"
        if similar > 0 { summary += ", \(similar) with changes below the threshold or anti-aliasing only" }
        if !rows.isEmpty { summary += ", \(rows.count) with differing pixels (\(beyond) beyond tolerance)" }
        summary += "; threshold \(threshold), tolerated \(options.toleranceDescription) per frame"
        if !includeAA { summary += ", anti-aliasing ignored" }
        if compared > 0 || errors.isEmpty { print(summary) }
        if let output {
            // All or nothing: an image that could not be written leaves no diff images at all.
            if writeFailed {
                output.abandon()
                errors.append("error: no diff images were written to \(out ?? "")")
            } else {
                do {
                    let warnings = try output.commit(cancellation: Interruption.cancellation)
                    for warning in warnings { printError("warning: \(warning)") }
                    if output.fileCount > 0 {
                        print("diff images: \(out ?? "") (\(output.fileCount) file\(output.fileCount == 1 ? "" : "s"))")
                    }
                } catch let error as RenderCancelled {
                    output.abandon()
                    printError("error: \(error)")
                    throw Interruption.exit
                } catch {
                    output.abandon()
                    errors.append("error: \(error)")
                }
            }
        }
        for error in errors { printError(error) }
        if !errors.isEmpty { throw failureExit }
        if beyond > 0 { throw ExitCode(1) }
    }

    // MARK: comparing

    struct FramePair: Sendable {
        /// The frame's file name (folders) or the actual file's path (two files).
        let name: String
        let expected: String
        let actual: String
    }

    struct FrameResult: Sendable {
        /// The comparison, without its diff image (written, then dropped, to keep memory flat).
        let comparison: ImageComparison
        let writeError: ImageError?
    }

    /// Compares the pairs on `jobs` threads, writing diff images as frames finish; nil when a signal stopped it.
    private func compare(_ frames: [FramePair], options: DiffOptions, writingTo output: OutputFolder?) -> [Result<FrameResult, ImageError>]? {
        let results = ResultSlots<Result<FrameResult, ImageError>>(count: frames.count)
        let scale = self.scale, timings = self.timings
        let workers = min(workerThreads(jobs), max(frames.count, 1))
        let cancellation = Interruption.cancellation
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while !cancellation.isCancelled, let index = results.claim() {
                let frame = frames[index]
                results[index] = Result { () throws(ImageError) in
                    let clock = ContinuousClock()
                    let start = clock.now
                    let expected = try Bitmap.read(path: frame.expected, svgScale: scale)
                    let actual = try Bitmap.read(path: frame.actual, svgScale: scale)
                    let decoded = clock.now
                    let drawing = output != nil
                    let comparison = try ImageComparison(expected: expected, actual: actual, options: options, drawingDiff: drawing)
                    let compared = clock.now
                    if timings {
                        printError("\(frame.name): decode \(milliseconds(decoded - start)) ms, compare \(milliseconds(compared - decoded)) ms (\(comparison.isExactMatch ? "identical" : "\(comparison.differingPixels) differing"))")
                    }
                    var writeError: ImageError?
                    if let output, comparison.differingPixels > 0, let diff = comparison.diffImage {
                        do throws(ImageError) {
                            try output.write(diff, named: stem(frame.name) + ".diff.png")
                            try output.write(DiffImages.sideBySide(expected: expected, actual: actual, diff: diff),
                                             named: stem(frame.name) + ".sidebyside.png")
                        } catch {
                            writeError = error
                        }
                    }
                    return FrameResult(comparison: comparison.withoutDiffImage(), writeError: writeError)
                }
            }
        }
        return cancellation.isCancelled ? nil : results.values
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

/// A file name (or path's last component) without its extension.
private func stem(_ name: String) -> String {
    ((name as NSString).lastPathComponent as NSString).deletingPathExtension
}

private func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.1f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
}

/// Columns padded to their widest cell, two spaces apart; numbers are right-aligned.
private func table(_ rows: [[String]]) -> String {
    let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.enumerated().map { index, row in
        row.enumerated().map { column, cell in
            let padding = String(repeating: " ", count: widths[column] - cell.count)
            let numeric = index > 0 && (1...3).contains(column)
            return numeric ? padding + cell : cell + padding
        }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }.joined(separator: "\n")
}

/// A share given as a fraction (0.001) or a percentage (0.1%).
struct Ratio: ExpressibleByArgument {
    let value: Double

    init?(argument: String) {
        let percent = argument.hasSuffix("%")
        guard let number = Double(percent ? String(argument.dropLast()) : argument), number.isFinite else { return nil }
        let value = percent ? number / 100 : number
        guard (0...1).contains(value) else { return nil }
        self.value = value
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// One slot per frame, filled from several threads; `claim` hands out the next unclaimed index.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]
    private var next = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    subscript(index: Int) -> Value? {
        get { lock.withLock { slots[index] } }
        set { lock.withLock { slots[index] = newValue } }
    }

    var values: [Value] { lock.withLock { slots.map { $0! } } }
}
