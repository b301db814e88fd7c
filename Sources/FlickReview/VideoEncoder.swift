import FlickCore
import FlickImage
import FlickRender
import Foundation

/// A video container and codec written through ffmpeg.
public enum VideoFormat: String, CaseIterable, Sendable {
    case mp4, webm, gif

    /// ffmpeg's output options for frames at `fps`: H.264 in 4:2:0 for mp4 so every player takes it, VP9 for
    /// webm. A GIF is made in two passes (`GIFPasses`).
    func codecArguments(fps: Double) -> [String] {
        switch self {
        case .mp4:
            return VideoFormat.bt709 + ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p",
                                        "-movflags", "+faststart", "-r", Rational.approximating(fps).text]
        case .webm:
            return VideoFormat.bt709 + ["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-deadline", "good", "-cpu-used", "4",
                                        "-row-mt", "1", "-pix_fmt", "yuv420p", "-r", Rational.approximating(fps).text]
        case .gif:
            return GIFPasses.firstPassFilter(fps: fps)
        }
    }

    /// The frame rate a GIF of frames at `fps` plays at: `fps` itself up to 50, else 50. GIF delays are whole
    /// hundredths of a second, and browsers stretch a delay under 2 cs to 10 cs, so above 50 fps a GIF keeps the
    /// frame nearest each 2-cs tick (60 fps: every sixth frame is left out); up to 50 fps it keeps every frame, each
    /// shown from its start to its end rounded to hundredths (`gifDelays`: 30 fps alternates 3, 3 and 4 cs).
    static func gifRate(fps: Double) -> Double { min(fps, maximumGIFRate) }
    static let maximumGIFRate = 50.0

    /// The delays, in hundredths of a second, of a GIF of `count` frames at `fps` (`gifFrames` of them kept): frame
    /// k is shown from round(100 k / rate) to round(100 (k + 1) / rate) cs (halves away from zero, in whole numbers,
    /// as ffmpeg's GIF muxer rounds each timestamp), so the delays add up to the run's duration to within half a
    /// hundredth whatever the rate: 30 fps gives 3, 4, 3, 3, 4, 3, ….
    public static func gifDelays(count: Int, fps: Double) -> [Int] {
        let rate = Rational.approximating(gifRate(fps: fps))
        let kept = gifFrames(count: count, fps: fps).count
        return (0..<kept).map { gifEnd(ofFrame: $0, rate: rate) - gifEnd(ofFrame: $0 - 1, rate: rate) }
    }

    /// When the GIF's frame `k` ends, in hundredths of a second: round(100 (k + 1) / rate).
    static func gifEnd(ofFrame k: Int, rate: Rational) -> Int {
        let twice = 2 * 100 * (k + 1) * rate.denominator
        return (twice + rate.numerator) / (2 * rate.numerator)
    }

    /// The frames' colour, converted and tagged: the sRGB pixels become BT.709 YUV in TV (limited) range, the HD
    /// standard every player assumes for untagged HD video, and the stream says so (colour matrix, primaries, transfer
    /// and range), so no player guesses BT.601 and shifts the hues.
    static let bt709 = ["-vf", "scale=out_color_matrix=bt709:out_range=tv", "-colorspace", "bt709", "-color_primaries", "bt709",
                        "-color_trc", "bt709", "-color_range", "tv"]

    /// The positions (of `count` frames at `fps`) a GIF keeps: for each tick of its rate (`gifRate`), the frame
    /// nearest that instant. Every frame when the GIF's clock can hold `fps` (100 / fps is whole).
    public static func gifFrames(count: Int, fps: Double) -> [Int] {
        let rate = Double(gifRate(fps: fps))
        var kept: [Int] = []
        var n = 0
        while true {
            let position = Int((Double(n) * fps / rate).rounded())
            if position >= count { break }
            if kept.last != position { kept.append(position) }
            n += 1
        }
        return kept
    }

    /// What a GIF of `count` frames at `fps` leaves out, for the render's message; nil when it keeps every frame.
    public static func gifNote(count: Int, fps: Double, firstFrame: Int = 0) -> String? {
        let kept = Set(gifFrames(count: count, fps: fps))
        let dropped = (0..<count).filter { !kept.contains($0) }.map { $0 + firstFrame }
        guard !dropped.isEmpty else { return nil }
        let shown = dropped.prefix(8).map(String.init).joined(separator: ", ") + (dropped.count > 8 ? ", …" : "")
        return "preview.gif plays at \(JSONValue.format(gifRate(fps: fps))) fps, not \(JSONValue.format(fps)): a GIF's delays are whole hundredths of a "
            + "second and browsers slow a delay under 2, so \(dropped.count) of \(count) frames are left out (frames \(shown)); preview.apng and --video mp4 keep every frame"
    }
}

/// A GIF in two passes of ffmpeg, so that its memory stays flat however many frames it has. Its one palette is
/// made from every frame (`palettegen`, which gives it only at the end), and mapping a frame to it (`paletteuse`)
/// needs it: in one pass, `split` held every frame as raw RGBA until the palette came (403 iPad frames at 2x went
/// over 8 GB). Instead the first pass streams the frames into `palettegen` and, losslessly compressed (FFV1, whose
/// BGRA decodes to the same bytes), into a file beside the GIF; the second reads that file and the palette and
/// streams `paletteuse`. The GIF is byte for byte the one-pass GIF; the frames file is removed when it is written.
enum GIFPasses {
    /// Both passes' files are written bit-exact (no encoder version or time), so the same frames give the same bytes.
    static let exact = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1"]

    /// The first pass's filter: the frames (already thinned to the GIF's rate, `gifFrames`, and timed at it) to
    /// `palettegen` ([p]) and on as they are ([b]), their timestamps kept for the muxer's delays.
    static func firstPassFilter(fps: Double) -> [String] {
        ["-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=diff[p]"]
    }

    /// The first pass's outputs: the palette (a 16×16 PNG) and the frames (FFV1 in NUT).
    static func firstPassOutputs(palette: String, frames: String) -> [String] {
        ["-map", "[p]"] + exact + ["-y", palette, "-map", "[b]", "-c:v", "ffv1"] + exact + ["-an", "-f", "nut", "-y", frames]
    }

    /// The second pass, whole: the frames and the palette in, the GIF (looping) out. The muxer makes each frame's
    /// delay from the timestamps, the next frame's less its own, and the last frame's is `finalDelay` (cs).
    static func secondPass(palette: String, frames: String, path: String, finalDelay: Int) -> [String] {
        ["-nostdin", "-hide_banner", "-loglevel", "error", "-i", frames, "-i", palette,
         "-filter_complex", "[0:v][1:v]paletteuse=dither=bayer", "-loop", "0", "-final_delay", "\(finalDelay)"]
            + exact + ["-an", "-y", path]
    }

    /// The hidden files beside `path` the first pass writes: `.NAME.palette.png` and `.NAME.frames.nut`.
    static func intermediates(of path: String) -> (palette: String, frames: String) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        return (folder.appendingPathComponent(".\(name).palette.png").path, folder.appendingPathComponent(".\(name).frames.nut").path)
    }
}

/// Finds ffmpeg, the optional tool videos are made with.
public enum FFmpeg {
    /// How to get it, for the message when it is missing.
    public static let installHint = Executable.ffmpegInstallHint

    /// The path of `name` (ffmpeg, ffprobe) in $PATH, or nil.
    public static func locate(_ name: String = "ffmpeg", path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        Executable.locate(name, path: path)
    }
}

/// Streams a run's frames, on its one canvas, into ffmpeg's standard input as raw pixels (no temporary
/// files): the canvas rounded up to even dimensions (4:2:0 needs them), at the run's exact frame rate.
final class VideoEncoder {
    let canvas: RunCanvas
    /// The video's size: the canvas rounded up to even numbers of pixels.
    let width: Int
    let height: Int
    private let process = Process()
    private let input: FileHandle
    private let errorOutput = ErrorCollector()
    private let path: String
    private var buffer: [UInt32]
    private let backdropWord: UInt32
    private var previousSize: (Int, Int)?
    private var finished = false
    private let ffmpeg: String
    /// A GIF's palette and frames, written by the first pass and read by the second (`GIFPasses`); nil otherwise.
    private let gif: (palette: String, frames: String)?
    private var secondPass: Process?
    /// The positions of the frames written (a GIF's `gifFrames`; nil: every frame), and the next position.
    private let kept: Set<Int>?
    private var position = 0
    /// A GIF's rate, and the frames written so far (the last one's delay is the muxer's `final_delay`).
    private let gifRate: Rational
    private var written = 0

    /// `frameCount`: the frames that will be added (any number: every format streams).
    init(ffmpeg: String, format: VideoFormat, path: String, canvas: RunCanvas, fps: Double, frameCount: Int) throws {
        self.canvas = canvas
        self.path = path
        self.ffmpeg = ffmpeg
        width = canvas.pixelWidth + canvas.pixelWidth % 2
        height = canvas.pixelHeight + canvas.pixelHeight % 2
        gif = format == .gif ? GIFPasses.intermediates(of: path) : nil
        let backdrop = RunCanvas.backdrop
        backdropWord = 0xFF00_0000 | UInt32((backdrop.red * 255).rounded()) << 16
            | UInt32((backdrop.green * 255).rounded()) << 8 | UInt32((backdrop.blue * 255).rounded())
        buffer = [UInt32](repeating: backdropWord, count: width * height)
        let stdin = Pipe()
        input = stdin.fileHandleForWriting
        // Cairo's ARGB32 words in memory are B, G, R, A on little-endian machines (A, R, G, B on big-endian).
        let pixelFormat = UInt32(1).littleEndian == 1 ? "bgra" : "argb"
        kept = format == .gif ? Set(VideoFormat.gifFrames(count: frameCount, fps: fps)) : nil
        gifRate = Rational.approximating(VideoFormat.gifRate(fps: fps))
        let rate = format == .gif ? gifRate.text : Rational.approximating(fps).text
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-nostdin", "-hide_banner", "-loglevel", "error",
                             "-f", "rawvideo", "-pix_fmt", pixelFormat, "-s", "\(width)x\(height)", "-framerate", rate,
                             "-i", "pipe:0"]
            + format.codecArguments(fps: fps)
            + (gif.map { GIFPasses.firstPassOutputs(palette: $0.palette, frames: $0.frames) } ?? GIFPasses.exact + ["-an", "-y", path])
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorOutput.pipe
        // A write to a pipe whose reader died must fail with EPIPE, not end flick.
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            throw ReviewError("cannot start \(ffmpeg): \(error.localizedDescription)")
        }
        errorOutput.start()
    }

    /// Writes the next frame: `image` at the canvas's top-left, the rest backdrop.
    func add(_ image: ImageSurface) throws {
        defer { position += 1 }
        if let kept, !kept.contains(position) { return }
        written += 1
        let w = min(image.pixelWidth, width), h = min(image.pixelHeight, height)
        if let previous = previousSize, previous != (w, h) {
            for i in buffer.indices { buffer[i] = backdropWord }
        }
        previousSize = (w, h)
        image.withPixels { source in
            let rowWords = image.stride / 4
            buffer.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    let from = source.baseAddress! + y * rowWords
                    let to = out.baseAddress! + y * width
                    to.update(from: from, count: w)
                    // Translucent pixels are flattened onto the backdrop as the APNG does (opaque frames are copied).
                    for x in 0..<w where to[x] >> 24 != 0xFF { to[x] = Self.over(to[x], backdropWord) }
                }
            }
        }
        try buffer.withUnsafeBytes { bytes in try writeAll(bytes) }
    }

    /// Premultiplied `top` over opaque `bottom`.
    static func over(_ top: UInt32, _ bottom: UInt32) -> UInt32 {
        let a = top >> 24
        func channel(_ shift: UInt32) -> UInt32 {
            let t = (top >> shift) & 0xFF, b = (bottom >> shift) & 0xFF
            return min(255, t + (b * (255 - a) + 127) / 255)
        }
        return 0xFF00_0000 | channel(16) << 16 | channel(8) << 8 | channel(0)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        if let failure = FlickImage.writeAll(bytes, to: input.fileDescriptor) {
            process.waitUntilExit()
            throw ReviewError("ffmpeg stopped taking frames (\(String(cString: strerror(failure)))): \(errorOutput.text)")
        }
    }

    /// Closes the input and waits for ffmpeg to write the file (a GIF: runs its second pass, then removes the
    /// first pass's files).
    func finish() throws {
        finished = true
        try? input.close()
        process.waitUntilExit()
        errorOutput.wait()
        defer { removeIntermediates() }
        guard process.terminationStatus == 0 else {
            throw ReviewError("ffmpeg failed writing \(path) (status \(process.terminationStatus)): \(errorOutput.text)")
        }
        guard let gif else { return }
        let second = Process()
        let errors = ErrorCollector()
        second.executableURL = URL(fileURLWithPath: ffmpeg)
        let last = max(written, 1) - 1
        second.arguments = GIFPasses.secondPass(palette: gif.palette, frames: gif.frames, path: path,
                                                finalDelay: VideoFormat.gifEnd(ofFrame: last, rate: gifRate) - VideoFormat.gifEnd(ofFrame: last - 1, rate: gifRate))
        second.standardInput = FileHandle.nullDevice
        second.standardOutput = FileHandle.nullDevice
        second.standardError = errors.pipe
        do {
            try second.run()
        } catch {
            throw ReviewError("cannot start \(ffmpeg): \(error.localizedDescription)")
        }
        secondPass = second
        errors.start()
        second.waitUntilExit()
        errors.wait()
        guard second.terminationStatus == 0 else {
            throw ReviewError("ffmpeg failed writing \(path) (status \(second.terminationStatus)): \(errors.text)")
        }
    }

    /// Stops ffmpeg (the render failed or was interrupted) and removes a GIF's first-pass files.
    func abandon() {
        if !finished {
            finished = true
            try? input.close()
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        if let secondPass, secondPass.isRunning {
            secondPass.terminate()
            secondPass.waitUntilExit()
        }
        removeIntermediates()
    }

    private func removeIntermediates() {
        guard let gif else { return }
        unlink(gif.palette)
        unlink(gif.frames)
    }
}

/// Reads a child's standard error on a thread of its own, so a chatty child never blocks on a full pipe.
final class ErrorCollector: Sendable {
    let pipe = Pipe()
    private let output = Locked((data: Data(), ended: false))

    func start() {
        let handle = pipe.fileHandleForReading
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                output.withLock { if $0.data.count < 1 << 16 { $0.data.append(chunk) } }
            }
            output.withLock { $0.ended = true }
        }.start()
    }

    /// Waits until the child has closed its standard error.
    func wait() { output.withLock(when: \.ended) { _ in } }

    /// The last lines it printed.
    var text: String {
        let lines = String(decoding: output.withLock { $0.data }, as: UTF8.self).split(separator: "\n").suffix(5)
        return lines.isEmpty ? "no message" : lines.joined(separator: " / ")
    }
}
