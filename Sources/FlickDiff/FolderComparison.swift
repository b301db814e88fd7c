import FlickImage
import FlickOutput
import Foundation

/// The comparison of many frame pairs behind `flick diff` (two files or two folders): each pair compared on one
/// of several threads, with the diff images of the frames that differ written as they finish.
public enum FolderComparison {
    /// One pair of frames to compare.
    public struct FramePair: Sendable {
        /// The frame's file name (folders) or the actual file's path (two files).
        public let name: String
        public let expected: String
        public let actual: String

        public init(name: String, expected: String, actual: String) {
            self.name = name
            self.expected = expected
            self.actual = actual
        }
    }

    /// What comparing one pair gave.
    public struct FrameResult: Sendable {
        /// The comparison, without its diff image (written, then dropped, to keep memory flat).
        public let comparison: ImageComparison
        public let writeError: ImageError?
    }

    /// More threads than this many per core only add memory (each holds two decoded frames).
    public static let jobsPerCore = 4

    /// Memory the images of all threads may hold at once.
    public static let memoryBudget = 4 << 30

    /// Threads comparing frames: `jobs` (else one per core), at most `jobsPerCore` per core, at most one per
    /// frame, and no more than `memoryBudget` allows for frames of `framePixels` pixels (each thread holds two
    /// decoded images, and when it writes diff images a diff image and a strip of three).
    public static func workers(jobs: Int?, frames: Int, framePixels: Int?, writingImages: Bool) -> Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var count = min(jobs ?? cores, cores * jobsPerCore, frames)
        if let framePixels, framePixels > 0 {
            count = min(count, memoryBudget / (framePixels * 4 * (writingImages ? 6 : 2)))
        }
        return max(1, count)
    }

    /// Compares the pairs on `workers` threads, writing NAME.diff.png and NAME.sidebyside.png into `output`, and
    /// expected/, actual/ and diff/NAME.png into `report`, for the frames with differing pixels; nil when
    /// `cancellation` stopped it. `timing`, when given, is told how long each frame took to decode and compare.
    public static func compare(_ frames: [FramePair], options: DiffOptions, svgScale: Double, workers: Int,
                               cancellation: Cancellation?, writingTo output: OutputFolder?, report: OutputFolder?,
                               timing: (@Sendable (String) -> Void)? = nil) -> [Result<FrameResult, ImageError>]? {
        let results = Parallel.map(frames, jobs: workers, cancellation: cancellation, worker: { DecodingBuffers() }) { buffers, frame in
            Result { () throws(ImageError) in
                let files = try FileComparison(expected: frame.expected, actual: frame.actual, options: options,
                                               svgScale: svgScale, drawingDiff: output != nil || report != nil, buffers: buffers)
                let comparison = files.comparison
                if let timing {
                    timing("\(frame.name): decode \(milliseconds(files.decodeTime)) ms, compare \(milliseconds(files.compareTime)) ms (\(comparison.isExactMatch ? "identical" : "\(comparison.differingPixels) differing"))")
                }
                var writeError: ImageError?
                if comparison.differingPixels > 0, let diff = comparison.diffImage,
                   let expected = files.expected, let actual = files.actual {
                    do throws(ImageError) {
                        if let output {
                            try output.write(diff, named: stem(frame.name) + ".diff.png")
                            try output.write(DiffImages.sideBySide(expected: expected, actual: actual, diff: diff),
                                             named: stem(frame.name) + ".sidebyside.png")
                        }
                        if let report {
                            for (folder, image) in [("expected", expected), ("actual", actual), ("diff", diff)] {
                                try report.write(image, named: "\(folder)/\(stem(frame.name)).png")
                            }
                        }
                    } catch {
                        writeError = error
                    }
                }
                return FrameResult(comparison: comparison.withoutDiffImage(), writeError: writeError)
            }
        }
        return cancellation?.isCancelled == true ? nil : results.map { $0! }
    }

    /// The pixels a PNG file declares in its header, or nil when it is not a PNG that can be read.
    /// Only a regular file is opened (a named pipe would block the read forever; reading it later says why).
    public static func pngPixels(path: String) -> Int? {
        guard let (fd, _) = try? RegularFile.open(path: path) else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 32)
        let count = read(fd, &header, header.count)
        guard count > 0 else { return nil }
        return header[0..<count].withUnsafeBytes { Bitmap.pngSize(of: $0) }.map { $0.width * $0.height }
    }

    /// A file name (or path's last component) without its extension.
    public static func stem(_ name: String) -> String {
        ((name as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return NumberText.fixed(Double(seconds) * 1000 + Double(attoseconds) / 1e15, digits: 1)
    }
}
