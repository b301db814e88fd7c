import FlickCore
import FlickImage
import FlickOutput
import FlickTrack
import Foundation

/// A reference's screen recording (`reference: [{…, video: rec.mp4}]`) beside Flick's frames on the review page
/// (docs/track.md, "Side by side"; docs/review-page.md). At render time ffmpeg decodes the video with its own
/// timestamps, scaled to fit the run's canvas, and each frame of the recording that is the nearest one to some
/// frame of the run (on the scenario's clock, aligned as the reference's samples are) is written once, by Flick's
/// PNG encoder, into `reference-frames/`. The page shows, at each of its frames, the recording's frame listed for it.
public struct ReferenceFrames: Sendable, Equatable {
    /// The recording's frame shown at one frame of the run: its index in the video (from 0), its time on the
    /// recording's clock (seconds from its first frame, the samples' clock) and the file that holds it
    /// (`reference-frames/frame_NNNNN.png`, named by the index of the first of equal frames).
    public struct Shown: Sendable, Equatable {
        public var frame: Int
        public var time: Double
        public var file: Int
    }

    /// The folder beside the page the frames are written to.
    public static let folder = "reference-frames"
    /// The most frames of a recording read: `flick track`'s limit (10 minutes at 60 fps).
    public static let maximumVideoFrames = TrackOptions().maximumFrames

    /// The video as the scenario names it, and the key that names it (`reference[0].video`), for the page's caption.
    public var video: String
    public var key: String
    /// The frames' size in pixels: the video's, scaled down (never up) to fit the run's canvas.
    public var width: Int
    public var height: Int
    /// Seconds added to the recording's clock to put it on the scenario's (`Reference.clockOffset`).
    public var offset: Double
    /// For each frame of the run from its first drawn one, the recording's frame shown there; nil where the
    /// recording has no frame (before its first, after its last).
    public var shown: [Shown?]
    /// How many files were written, and how many frames of the video were read.
    public var files: Int
    public var framesRead: Int

    /// The page data (`reference` of the run): `frames` holds `[frame, time, file]` or null for each frame of the run.
    public var json: JSONValue {
        .object([
            ("video", .string(video)), ("key", .string(key)), ("folder", .string(Self.folder)),
            ("width", .number(Double(width))), ("height", .number(Double(height))), ("offset", .number(offset)),
            ("frames", .array(shown.map { entry in
                guard let entry else { return .null }
                return .array([.number(Double(entry.frame)), .number(entry.time), .number(Double(entry.file))])
            })),
        ])
    }

    /// `reference-frames/frame_00012.png`.
    public static func filePath(_ index: Int) -> String {
        folder + "/" + RunPageData.frameFile(index, digits: 5, ext: "png")
    }

    /// The size of the shown frames: `video` scaled down (never up), keeping its shape, to fit `canvas`.
    public static func size(video: FrameSize, canvas: RunCanvas) -> (width: Int, height: Int) {
        let factor = min(1, Double(canvas.pixelWidth) / Double(video.width), Double(canvas.pixelHeight) / Double(video.height))
        return (max(1, Int((Double(video.width) * factor).rounded())), max(1, Int((Double(video.height) * factor).rounded())))
    }

    /// Which of a recording's frames is nearest each target time, read one frame at a time (no frame kept): `add`
    /// each frame's time in order, then `finish`. A target between two frames goes to the nearer (the earlier on a
    /// tie); a target before the first frame or after the last by more than half the gap to its neighbour (the run's
    /// frame interval for a video of one frame) goes to none.
    public struct Assignment {
        /// Target times, increasing, on the recording's clock (seconds from its first frame).
        public let targets: [Double]
        /// The frame each target was given (nil: none), once decided.
        public private(set) var frames: [Int?]
        private let lone: Double
        private var next = 0
        private var previous: (index: Int, time: Double)?
        private var gap: Double?

        public init(targets: [Double], loneFrameSpan: Double) {
            self.targets = targets
            frames = Array(repeating: nil, count: targets.count)
            lone = loneFrameSpan
        }

        /// Whether every target has been decided: no later frame can change anything.
        public var isComplete: Bool { next == targets.count }

        /// The frame `index` of the recording, at `time`: returns the targets given to the frame before it.
        public mutating func add(index: Int, time: Double) -> [Int] {
            defer { previous = (index, time) }
            guard let previous else { return [] }
            let gap = max(0, time - previous.time)
            var given: [Int] = []
            // Before the first frame by more than half the gap to the second: no frame.
            if self.gap == nil {
                while next < targets.count, targets[next] < previous.time - gap / 2 { next += 1 }
            }
            let middle = previous.time + gap / 2
            while next < targets.count, targets[next] <= middle {
                frames[next] = previous.index
                given.append(next)
                next += 1
            }
            self.gap = gap
            return given
        }

        /// The targets given to the last frame added.
        public mutating func finish() -> [Int] {
            guard let previous else { return [] }
            let half = (gap ?? lone) / 2
            if gap == nil {
                while next < targets.count, targets[next] < previous.time - half { next += 1 }
            }
            var given: [Int] = []
            while next < targets.count, targets[next] <= previous.time + half {
                frames[next] = previous.index
                given.append(next)
                next += 1
            }
            next = targets.count
            return given
        }
    }

    /// Decodes `reference`'s video (`Reference.videoPath`) and writes the frames shown at the run's frames
    /// `first ..< first + count` (at `fps`) into `folder`'s `reference-frames/`. `releaseTime` is the scenario's
    /// (`Scenario.releaseTime`), where the reference is aligned when it has no `timeOffset`. Errors name the key
    /// (`reference[0].video: rec.mp4: …`).
    public static func extract(_ reference: Reference, releaseTime: Double, fps: Double, first: Int, count: Int, canvas: RunCanvas,
                               into folder: OutputFolder, searchPath: String? = ProcessInfo.processInfo.environment["PATH"],
                               cancellation: Cancellation? = nil) throws -> ReferenceFrames {
        let key = "reference[\(reference.index)].video"
        guard let name = reference.video, let current = ReferenceVideo.current(reference) else {
            throw ReviewError("\(key): the reference has no video")
        }
        func fail(_ message: String) -> ReviewError {
            ReviewError("\(key): \(name)" + (message.hasPrefix("is ") || message.hasPrefix("has ") ? " " : ": ") + message)
        }
        guard Executable.locate("ffmpeg", path: searchPath) != nil, Executable.locate("ffprobe", path: searchPath) != nil else {
            throw ReviewError("\(key): the review page shows \(name) beside the frames through ffmpeg and ffprobe, which are not on PATH; \(Executable.ffmpegInstallHint), or leave out --html and --review")
        }
        // The file as it is now: still a regular file, still inside the scenario's folder; its real path is opened.
        let path: String
        switch current {
        case .success(let real): path = real
        case .failure(let problem): throw fail(problem.description)
        }
        let size: FrameSize
        do { size = try VideoFrames.probe(path, searchPath: searchPath) } catch { throw fail(Self.trimmed("\(error)", path: path)) }
        let (width, height) = Self.size(video: size, canvas: canvas)
        let offset = reference.clockOffset(releaseTime: releaseTime)
        let targets = (0..<count).map { Double(first + $0) / fps - offset }
        var assignment = Assignment(targets: targets, loneFrameSpan: 1 / fps)
        let frames: ScaledVideoFrames
        do {
            frames = try ScaledVideoFrames(path: path, size: size, width: width, height: height, searchPath: searchPath)
        } catch {
            throw fail(Self.trimmed("\(error)", path: path))
        }
        defer { frames.close() }
        try folder.createFolder(Self.folder)
        let encoder = PNGEncoder()
        var shown = [Shown?](repeating: nil, count: count)
        var previous: (index: Int, rgb: [UInt8], time: Double)?
        var lastWritten: (file: Int, rgb: [UInt8])?
        var files = 0, read = 0
        var start: Double?
        func give(_ targetIndices: [Int], to frame: (index: Int, rgb: [UInt8], time: Double)) throws {
            guard !targetIndices.isEmpty else { return }
            // A frame equal to the last one written (a recorder's repeat) is that one's file.
            let file: Int
            if let lastWritten, lastWritten.rgb == frame.rgb {
                file = lastWritten.file
            } else {
                try folder.write(encoder.encode(Self.bitmap(frame.rgb, width: width, height: height)), to: Self.filePath(frame.index))
                files += 1
                file = frame.index
                lastWritten = (file, frame.rgb)
            }
            for target in targetIndices { shown[target] = Shown(frame: frame.index, time: frame.time, file: file) }
        }
        while !assignment.isComplete {
            if cancellation?.isCancelled == true { throw RenderCancelled() }
            let next: (rgb: [UInt8], time: Double)?
            do { next = try frames.next() } catch { throw fail(Self.trimmed("\(error)", path: path)) }
            guard let next else {
                if let previous { try give(assignment.finish(), to: previous) }
                break
            }
            read += 1
            guard read <= maximumVideoFrames else {
                throw fail("more than \(maximumVideoFrames) frames read before the run's last frame (10 minutes at 60 fps); cut the recording to the gesture, e.g. `ffmpeg -ss START -t SECONDS -i in.mp4 -c copy out.mp4`, and align it with release or timeOffset")
            }
            let time = next.time - (start ?? next.time)
            if start == nil { start = next.time }
            let given = assignment.add(index: read - 1, time: time)
            if let previous { try give(given, to: previous) }
            previous = (read - 1, next.rgb, time)
        }
        if read == 0 { throw fail("the video has no frames") }
        return ReferenceFrames(video: name, key: key, width: width, height: height, offset: offset, shown: shown,
                               files: files, framesRead: read)
    }

    /// `rgb` (RGB triples) as an opaque bitmap.
    static func bitmap(_ rgb: [UInt8], width: Int, height: Int) -> Bitmap {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        rgb.withUnsafeBufferPointer { source in
            rgba.withUnsafeMutableBufferPointer { target in
                for i in 0..<(width * height) {
                    target[4 * i] = source[3 * i]
                    target[4 * i + 1] = source[3 * i + 1]
                    target[4 * i + 2] = source[3 * i + 2]
                }
            }
        }
        return Bitmap(width: width, height: height, rgba: rgba)
    }

    /// A track error's text without the video's path repeated after the key has named it.
    static func trimmed(_ message: String, path: String) -> String {
        var text = message
        for prefix in ["\(path): ", "\(path) "] where text.hasPrefix(prefix) {
            text = String(text.dropFirst(prefix.count))
        }
        return text.replacingOccurrences(of: path, with: "the video")
    }
}
