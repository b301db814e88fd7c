import FlickCore
import FlickDiff
import FlickImage
import FlickOutput
import Foundation

/// The comparison behind `flick review A B`'s two-run page (docs/review-page.md): which frames of A and B are
/// compared (those at the same time), each pair's pixel diff (pixelmatch's method, as `flick diff` draws it), and
/// the frames that could not be compared because their sizes differ.
public struct RunComparison: Sendable, Equatable {
    /// Frames of A and B at the same time: A's frame `a` and B's frame `b`.
    public struct Pair: Sendable, Equatable {
        public var a: Int
        public var b: Int
    }

    /// A frame's size in pixels.
    public struct PixelSize: Sendable, Equatable {
        public var width: Int
        public var height: Int
    }

    /// Frames at the same time that were not compared because their sizes differ: how many, and the first pair's
    /// sizes in pixels.
    public struct SizeMismatch: Sendable, Equatable {
        public var count: Int
        public var a: PixelSize
        public var b: PixelSize
    }

    /// One entry per pair compared, in the order of A's frames.
    public var differences: [ReviewPage.FrameDifference]
    public var mismatch: SizeMismatch?


    /// The frames of A and B at the same time: for each frame `i` of A's range, B's frame `j` whose time `j / B.fps`
    /// is `i / A.fps` (within 1e-9 s) and lies in B's range. At equal rates frame i pairs with frame i as far as the
    /// shorter run goes; at 60 against 30 fps every other frame of A pairs; at rates with no common instants but 0,
    /// only frame 0. Raises `RenderCancelled` when `cancellation` is raised (looked at every 4096 frames).
    public static func pairs(a: RunPageData, b: RunPageData, cancellation: Cancellation? = nil) throws -> [Pair] {
        var pairs: [Pair] = []
        for i in a.first..<(a.first + a.count) {
            if i % 4096 == 0, cancellation?.isCancelled == true { throw RenderCancelled() }
            let t = Double(i) / a.fps
            let j = Int((t * b.fps).rounded())
            guard abs(Double(j) / b.fps - t) < 1e-9, j >= b.first, j < b.first + b.count else { continue }
            pairs.append(Pair(a: i, b: j))
        }
        return pairs
    }

    /// Compares the frames of A and B at the same times (`pairs(a:b:)`) on up to `jobs` threads, writing
    /// `diff/frame_NNNNN.png` (numbered by A's frame) into `folder` for each pair with differing pixels; the folder
    /// `diff/` is left out when no frame differs. `frameFolders`: the folder each run's frames are read from (the
    /// paths of `RunPageData.framePath`). A pair of frames of different sizes is not compared but counted in
    /// `mismatch`; any other failure (a frame missing or unreadable, a diff image not written) stops the other
    /// threads and is thrown. Raises `RenderCancelled` when `cancellation` is raised.
    public static func compare(a: RunPageData, b: RunPageData, frameFolders: (a: URL, b: URL), in folder: OutputFolder,
                               options: DiffOptions, jobs: Int, cancellation: Cancellation) throws -> RunComparison {
        let paired = try pairs(a: a, b: b, cancellation: cancellation)
        let digits = a.digits
        // A failure other than a size mismatch stops the other threads too.
        let stop = Cancellation { cancellation.isCancelled }
        let created = !paired.isEmpty
        if created { try folder.createFolder("diff") }
        enum Outcome { case compared(ReviewPage.FrameDifference), sizes(a: PixelSize, b: PixelSize) }
        let work = paired.map { pair in
            (index: pair.a, expected: frameFolders.a.appendingPathComponent(a.framePath(pair.a)).path,
             actual: frameFolders.b.appendingPathComponent(b.framePath(pair.b)).path)
        }
        let outcomes = Parallel.map(work, jobs: jobs, cancellation: stop, worker: { DecodingBuffers() }) {
            buffers, pair -> Result<Outcome, ImageError> in
            let (i, expected, actual) = pair
            do throws(ImageError) {
                let files = try FileComparison(expected: expected, actual: actual, options: options,
                                               drawingDiff: true, buffers: buffers)
                let c = files.comparison
                var image = false
                if c.differingPixels > 0, let diff = c.diffImage {
                    try folder.write(diff, named: "diff/" + RunPageData.frameFile(i, digits: digits, ext: "png"))
                    image = true
                }
                return .success(.compared(ReviewPage.FrameDifference(index: i, differing: c.differingPixels, antiAliased: c.antialiasedPixels,
                                                                     ratio: c.diffRatio, identical: c.isExactMatch, image: image)))
            } catch {
                // Frames of different sizes are not compared: the page says so, and the command warns.
                if case let .sizeMismatch(aw, ah, bw, bh) = error {
                    return .success(.sizes(a: PixelSize(width: aw, height: ah), b: PixelSize(width: bw, height: bh)))
                }
                stop.cancel()
                return .failure(error)
            }
        }
        if cancellation.isCancelled { throw RenderCancelled() }
        var results: [ReviewPage.FrameDifference] = []
        var mismatch: SizeMismatch?
        for outcome in outcomes {
            switch outcome {
            case .success(.compared(let difference))?: results.append(difference)
            case .success(.sizes(let a, let b))?:
                if mismatch == nil { mismatch = SizeMismatch(count: 0, a: a, b: b) }
                mismatch?.count += 1
            case nil: break
            case .failure(let error)?: throw error
            }
        }
        if created, !results.contains(where: \.image) { rmdir(folder.staging.appendingPathComponent("diff").path) }
        return RunComparison(differences: results, mismatch: mismatch)
    }

    /// The frames with differing pixels.
    public var differing: Int { differences.filter { $0.differing > 0 }.count }

    /// "3 frames compared, 1 with differing pixels": what `flick review` prints after the page's path.
    public var summary: String {
        "\(differences.count) frame\(differences.count == 1 ? "" : "s") compared, \(differing) with differing pixels"
    }

    /// The warning `flick review` prints when frames at the same time were not compared because their sizes differ
    /// (the runs drawn at other scales, `scales`: A's and B's pixels per point), without its "warning: "; nil when
    /// every pair was compared.
    public func mismatchWarning(scales: (a: Double, b: Double)) -> String? {
        guard let mismatch else { return nil }
        return "\(mismatch.count) frame\(mismatch.count == 1 ? "" : "s") at the same time not compared: A's are "
            + "\(mismatch.a.width)×\(mismatch.a.height) px (\(JSONValue.format(scales.a))x), B's \(mismatch.b.width)×\(mismatch.b.height) px (\(JSONValue.format(scales.b))x); "
            + "frames are compared only at one size: render both at one scale (--scale; --device-scale draws a scenario at its own)"
    }
}
