import FlickImage
import FlickOutput
import Foundation

/// Frames of a recording, cut to a region, one at a time (never all in memory).
public protocol FrameSource: AnyObject {
    /// The next frame, or nil after the last.
    func next() throws -> GrayFrame?
    /// Stops reading (a decoder still running is ended).
    func close()
}

/// Finds a program in $PATH (ffmpeg, ffprobe).
public enum Tool {
    public static let installHint = Executable.ffmpegInstallHint

    /// The path of `name` in `path` (default $PATH), or nil.
    public static func locate(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        Executable.locate(name, path: path)
    }

    /// `name`'s path, or an error naming it and how to install it.
    public static func require(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) throws -> String {
        guard let found = locate(name, path: path) else {
            throw TrackError("flick track reads videos through \(name), which is not in PATH: \(installHint); or give a folder of PNG frames")
        }
        return found
    }
}

/// The size of a recording's frames in pixels.
public struct FrameSize: Sendable, Equatable {
    public var width: Int, height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

extension PixelRegion {
    /// Why the region does not fit in a frame of `size`, or nil.
    public func problem(in size: FrameSize) -> String? {
        guard width >= 1, height >= 1 else { return "the region is empty (\(width)×\(height) px)" }
        guard x >= 0, y >= 0, x + width <= size.width, y + height <= size.height else {
            return "the region \(x),\(y),\(width),\(height) px is outside the \(size.width)×\(size.height) px frame"
        }
        return nil
    }
}

/// A video (MP4, MOV, WebM, GIF, APNG, anything ffmpeg reads) decoded by ffmpeg: only the region, as 8-bit luma
/// (`crop`, `gray`), raw on a pipe, each frame with the time the video gives it (`showinfo`'s `pts_time`, frames
/// passed through as they are: `-fps_mode passthrough`, so a variable frame rate and repeated frames keep their
/// times).
public final class VideoFrames: FrameSource {
    public var path: String { pipe.path }
    private let pipe: RawVideoPipe
    private let region: PixelRegion

    /// The size of the first video stream's frames (ffprobe), or an error saying why `path` is not a video.
    public static func probe(_ path: String, searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) throws -> FrameSize {
        try checkFile(path)
        let ffprobe = try Tool.require("ffprobe", path: searchPath)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffprobe)
        process.arguments = ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                             "-of", "csv=p=0:s=x", "--", path]
        let out = Pipe(), err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { throw TrackError("cannot start \(ffprobe): \(error.localizedDescription)") }
        // ffprobe prints a line; its messages are short. Both pipes are read to the end before waiting.
        let errors = TimeLog(pipe: err)
        errors.start()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        errors.wait()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let message = errors.text
        guard process.terminationStatus == 0 else {
            throw TrackError("\(path) is not a video ffmpeg can read: \(message)")
        }
        let first = text.split(separator: "\n").first.map(String.init) ?? ""
        let parts = first.split(separator: "x").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
            throw TrackError("\(path) has no video stream\(message == "no message" ? "" : ": " + message)")
        }
        return FrameSize(width: parts[0], height: parts[1])
    }

    static func checkFile(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw TrackError("cannot read \(path): \(FileSystem.reason(errno))") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw TrackError("cannot read \(path): it is \(RegularFile.kind(of: info) ?? "not a regular file"), not a video")
        }
    }

    /// Starts ffmpeg on `path`, cutting each frame to `region` (which must fit the frame: see `probe`).
    public init(path: String, region: PixelRegion, searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) throws {
        self.region = region
        pipe = try RawVideoPipe(path: path, filter: "format=gray,crop=\(region.width):\(region.height):\(region.x):\(region.y):exact=1",
                                pixelFormat: "gray", frameBytes: region.width * region.height, searchPath: searchPath)
    }

    public func next() throws -> GrayFrame? {
        guard let (pixels, time) = try pipe.next() else { return nil }
        return GrayFrame(width: region.width, height: region.height, pixels: pixels, time: time)
    }

    public func close() { pipe.close() }
}

/// A video's frames in colour, scaled to a size (`scale`, then `rgb24`), one at a time, each with the time the
/// video gives it, as `VideoFrames` reads them: for showing a recording beside Flick's frames (docs/track.md,
/// "Side by side"). The same ffmpeg gives the same bytes for the same file.
public final class ScaledVideoFrames {
    public let width: Int, height: Int
    private let pipe: RawVideoPipe

    /// Starts ffmpeg on `path`, scaling every frame to `width` × `height` pixels (with the area filter, or not at
    /// all when the video has that size: `size`, from `VideoFrames.probe`).
    public init(path: String, size: FrameSize, width: Int, height: Int,
                searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) throws {
        precondition(width > 0 && height > 0)
        self.width = width
        self.height = height
        let scale = size == FrameSize(width: width, height: height) ? "" : "scale=\(width):\(height):flags=area+accurate_rnd+full_chroma_int,"
        pipe = try RawVideoPipe(path: path, filter: scale + "format=rgb24", pixelFormat: "rgb24", frameBytes: width * height * 3,
                                searchPath: searchPath)
    }

    /// The next frame's pixels (`width × height` RGB triples, row by row) and its time in seconds on the video's
    /// clock, or nil after the last.
    public func next() throws -> (rgb: [UInt8], time: Double)? {
        guard let (pixels, time) = try pipe.next() else { return nil }
        return (pixels, time)
    }

    /// Stops ffmpeg (the frames not yet read are not decoded).
    public func close() { pipe.close() }

    deinit { pipe.close() }
}

/// ffmpeg decoding a video's first video stream through `filter`, raw frames of `frameBytes` bytes on a pipe, each
/// with the time the video gives it (`showinfo`'s `pts` × time base, frames passed through as they are:
/// `-fps_mode passthrough`, so a variable frame rate and repeated frames keep their times).
final class RawVideoPipe {
    let path: String
    private let process = Process()
    private let output: FileHandle
    private let log: TimeLog
    private var buffer: [UInt8]
    private var count = 0
    private var closed = false

    init(path: String, filter: String, pixelFormat: String, frameBytes: Int, searchPath: String?) throws {
        let ffmpeg = try Tool.require("ffmpeg", path: searchPath)
        self.path = path
        buffer = [UInt8](repeating: 0, count: frameBytes)
        let out = Pipe()
        output = out.fileHandleForReading
        log = TimeLog()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-nostdin", "-hide_banner", "-nostats", "-loglevel", "info", "-i", path, "-map", "0:v:0", "-an",
                             "-vf", filter + ",showinfo",
                             "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", pixelFormat, "pipe:1"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = log.pipe
        do { try process.run() } catch { throw TrackError("cannot start \(ffmpeg): \(error.localizedDescription)") }
        log.start()
    }

    func next() throws -> ([UInt8], Double)? {
        let size = buffer.count
        let got = buffer.withUnsafeMutableBytes { bytes -> Int in
            var filled = 0
            while filled < size {
                let n = read(output.fileDescriptor, bytes.baseAddress! + filled, size - filled)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                filled += n
            }
            return filled
        }
        if got == 0 {
            process.waitUntilExit()
            log.wait()
            closed = true
            guard process.terminationStatus == 0 else {
                throw TrackError("ffmpeg could not decode \(path) (status \(process.terminationStatus)): \(log.text)")
            }
            return nil
        }
        guard got == size else {
            close()
            throw TrackError("ffmpeg stopped in the middle of frame \(count + 1) of \(path): \(log.text)")
        }
        guard let time = log.time(count) else {
            close()
            throw TrackError("ffmpeg gave frame \(count + 1) of \(path) no time: \(log.text)")
        }
        count += 1
        return (buffer, time)
    }

    func close() {
        guard !closed else { return }
        closed = true
        if process.isRunning { process.terminate() }
        try? output.close()
        process.waitUntilExit()
        log.wait()
    }

    deinit { close() }
}

/// The last lines of a tool's messages, joined for one line of error.
func lastLines(_ text: String) -> String {
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.suffix(3)
    return lines.isEmpty ? "no message" : lines.joined(separator: " / ")
}

/// ffmpeg's standard error, read on a thread: the frame times `showinfo` prints (handed to the reader in order,
/// so only those not yet taken are held) and the last other lines, for messages.
final class TimeLog: Sendable {
    let pipe: Pipe

    private struct Log {
        var times: [Int: Double?] = [:]
        var parsed = 0
        var ended = false
        var others: [String] = []
    }

    private let log = Locked(Log())

    init(pipe: Pipe = Pipe()) { self.pipe = pipe }

    func start() {
        let handle = pipe.fileHandleForReading
        Thread { [self] in
            var pending = Data()
            var timeBase: (Int64, Int64)?
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    take(line, timeBase: &timeBase)
                }
                // A line without an end that grows without bound is not ffmpeg's: keep its tail only.
                if pending.count > 1 << 16 { pending.removeFirst(pending.count - 1024) }
            }
            if !pending.isEmpty { take(String(decoding: pending, as: UTF8.self), timeBase: &timeBase) }
            log.withLock { $0.ended = true }
        }.start()
    }

    private func take(_ line: String, timeBase: inout (Int64, Int64)?) {
        if line.contains("Parsed_showinfo"), let range = line.range(of: "config in time_base: ") {
            // pts_time has six significant digits only; pts × time base is exact.
            let fraction = line[range.upperBound...].prefix { $0 != "," }.split(separator: "/").compactMap { Int64($0) }
            if fraction.count == 2, fraction[1] > 0 { timeBase = (fraction[0], fraction[1]) }
        } else if line.contains("Parsed_showinfo"), let range = line.range(of: " pts_time:") {
            let rest = line[range.upperBound...].prefix { $0 != " " }
            var time = Double(rest)
            if let timeBase, let start = line.range(of: " pts:") {
                let digits = line[start.upperBound...].drop { $0 == " " }.prefix { $0 != " " }
                if let pts = Int64(digits) { time = Double(pts) * Double(timeBase.0) / Double(timeBase.1) }
            }
            log.withLock { log in
                log.times[log.parsed] = time
                log.parsed += 1
            }
        } else if line.contains("Parsed_showinfo") {
            return
        } else {
            log.withLock { log in
                log.others.append(line)
                if log.others.count > 8 { log.others.removeFirst() }
            }
        }
    }

    /// The time of frame `index` (from 0), waiting for ffmpeg to print it; nil when it never does, or not a number.
    func time(_ index: Int) -> Double? {
        log.withLock(when: { index < $0.parsed || $0.ended }) { log in
            guard let time = log.times.removeValue(forKey: index) else { return nil }
            return time.flatMap { $0.isFinite ? $0 : nil }
        }
    }

    /// Waits until ffmpeg has closed its standard error.
    func wait() { log.withLock(when: \.ended) { _ in } }

    var text: String {
        log.withLock { lastLines($0.others.joined(separator: "\n")) }
    }
}

/// A folder of PNG frames, in the order of their names (numbers compared as numbers: frame-2 before frame-10),
/// `fps` apart, decoded by FlickImage and cut to the region.
public final class PNGFolderFrames: FrameSource {
    public let folder: String
    public let files: [String]
    private let fps: Double
    private var region: PixelRegion?
    private var index = 0

    public init(folder: String, fps: Double) throws {
        guard fps.isFinite, fps > 0 else { throw TrackError("--fps must be a positive number, not \(fps)") }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw TrackError("cannot read the folder \(folder): \(error.localizedDescription)")
        }
        files = names.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        guard !files.isEmpty else { throw TrackError("\(folder) holds no PNG frames (*.png)") }
        self.folder = folder
        self.fps = fps
    }

    /// The first frame's size (decoded from its header).
    public func size() throws -> FrameSize {
        let path = folder + "/" + files[0]
        let bitmap: Bitmap
        do { bitmap = try Bitmap.readPNG(path: path) } catch { throw TrackError("\(error)") }
        return FrameSize(width: bitmap.width, height: bitmap.height)
    }

    public func start(region: PixelRegion) { self.region = region }

    public func next() throws -> GrayFrame? {
        guard let region else { preconditionFailure("start(region:) first") }
        guard index < files.count else { return nil }
        defer { index += 1 }
        let path = folder + "/" + files[index]
        let bitmap: Bitmap
        do { bitmap = try Bitmap.readPNG(path: path) } catch { throw TrackError("\(error)") }
        if let problem = region.problem(in: FrameSize(width: bitmap.width, height: bitmap.height)) {
            throw TrackError("\(path): \(problem)")
        }
        return GrayFrame(region: region, of: bitmap, time: Double(index) / fps)
    }

    public func close() {}
}

extension GrayFrame {
    /// `region` of `bitmap` as luma (Rec. 601 weights, as ffmpeg's `gray`), over black where translucent.
    public init(region: PixelRegion, of bitmap: Bitmap, time: Double) {
        var pixels = [UInt8](repeating: 0, count: region.width * region.height)
        for y in 0..<region.height {
            for x in 0..<region.width {
                let c = bitmap[region.x + x, region.y + y]
                let a = Int(c.alpha)
                let luma = (299 * Int(c.red) + 587 * Int(c.green) + 114 * Int(c.blue)) * a / 255
                pixels[y * region.width + x] = UInt8((luma + 500) / 1000)
            }
        }
        self.init(width: region.width, height: region.height, pixels: pixels, time: time)
    }
}
