import FlickCore
import FlickImage
import FlickRender
import Foundation

/// The one canvas every frame of a run's preview is shown on: the largest viewport of the run, in pixels.
/// A smaller frame (before or after a resize) sits at its top-left corner on the backdrop colour.
public struct RunCanvas: Hashable, Sendable {
    public var pixelWidth: Int
    public var pixelHeight: Int

    /// A neutral dark grey (iOS's systemGray5 in dark mode), distinct from both themes' backgrounds.
    public static let backdrop = Color(rgb: 0x2C2C2E)

    public init(pixelWidth: Int, pixelHeight: Int) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// The canvas of frames drawn at `scale` with the given viewports (FrameRenderer's rounding).
    public init(viewports: [Size], scale: Double) {
        let sizes = viewports.map { (Int(($0.width * scale).rounded()), Int(($0.height * scale).rounded())) }
        self.init(pixelWidth: max(1, sizes.map(\.0).max() ?? 1), pixelHeight: max(1, sizes.map(\.1).max() ?? 1))
    }

    /// `image` on the backdrop at `width`×`height` pixels (the canvas, or the image's own size to flatten
    /// translucent pixels), top-left aligned.
    static func compose(_ image: ImageSurface, width: Int, height: Int) throws -> ImageSurface {
        let surface = try ImageSurface(pixelWidth: width, pixelHeight: height)
        let canvas = Canvas(surface)
        canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), backdrop)
        canvas.paint(image, atDevicePixelX: 0, y: 0)
        surface.flush()
        return surface
    }
}

/// A frame rate as a fraction of two integers of at most 16 bits (APNG's delays, ffmpeg's -framerate).
struct Rational: Hashable, Sendable {
    var numerator: Int
    var denominator: Int

    /// The closest fraction to `x` whose terms fit `limit` (continued fractions).
    static func approximating(_ x: Double, limit: Int = 65535) -> Rational {
        var best = Rational(numerator: max(1, min(limit, Int(x.rounded()))), denominator: 1)
        var (h0, h1, k0, k1) = (0, 1, 1, 0)
        var value = x
        for _ in 0..<32 {
            let a = Int(value.rounded(.down))
            let (h2, k2) = (a * h1 + h0, a * k1 + k0)
            guard h2 <= limit, k2 <= limit else { break }
            if h2 > 0 { best = Rational(numerator: h2, denominator: k2) }
            (h0, h1, k0, k1) = (h1, h2, k1, k2)
            let fraction = value - Double(a)
            if fraction < 1e-12 { break }
            value = 1 / fraction
        }
        return best
    }

    var text: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}

/// Writes an animated PNG (the APNG extension: acTL, fcTL and fdAT chunks) frame by frame, reusing each
/// frame's compressed image data from its PNG file: a frame costs one more write, not a second encode.
///
/// Every frame is exact. A frame the size of the canvas replaces it; a smaller one updates its top-left
/// region, over a backdrop laid down (one full-canvas image, encoded here) when the size changes; a frame
/// equal to the previous one is a 1×1 update that changes nothing, so rests cost a few bytes.
final class APNGWriter {
    let canvas: RunCanvas
    let frameCount: Int
    /// Each frame's delay in seconds, as APNG's 16-bit fraction.
    let delay: Rational
    private let path: String
    private var descriptor: Int32
    private var sequence: UInt32 = 0
    private var written = 0
    private var previousSize: (width: Int, height: Int)?
    private let encoder = PNGEncoder()

    init(path: String, canvas: RunCanvas, frameCount: Int, fps: Double) throws {
        self.canvas = canvas
        self.frameCount = frameCount
        let rate = Rational.approximating(fps)
        delay = Rational(numerator: rate.denominator, denominator: rate.numerator)
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw ReviewError("cannot write \(path): \(String(cString: strerror(errno)))") }
        var head = Data(PNGChunks.signature)
        var header = Data()
        PNGChunks.appendUInt32(UInt32(canvas.pixelWidth), to: &header)
        PNGChunks.appendUInt32(UInt32(canvas.pixelHeight), to: &header)
        // 8-bit RGB, deflate, adaptive filtering method 0, no interlace: what PNGEncoder writes for opaque frames.
        header.append(contentsOf: [8, 2, 0, 0, 0])
        PNGChunks.append("IHDR", header, to: &head)
        var control = Data()
        PNGChunks.appendUInt32(UInt32(frameCount), to: &control)
        PNGChunks.appendUInt32(0, to: &control) // loops forever
        PNGChunks.append("acTL", control, to: &head)
        try write(head)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Adds the next frame: its image, its PNG bytes (nil to encode here) and whether it repeats the previous one.
    func add(image: ImageSurface, png: Data?, repeatsPrevious: Bool) throws {
        guard written < frameCount else { throw ReviewError("\(path): more frames than announced") }
        let size = (width: image.pixelWidth, height: image.pixelHeight)
        let fillsCanvas = size.width == canvas.pixelWidth && size.height == canvas.pixelHeight
        let sizeChanged = previousSize.map { $0 != size } ?? true
        let region: (width: Int, height: Int)
        let data: Data
        if sizeChanged && !fillsCanvas {
            // The first frame, or a new size smaller than the canvas: the whole canvas, backdrop included.
            region = (canvas.pixelWidth, canvas.pixelHeight)
            data = try PNGChunks.imageData(of: encoder.encode(RunCanvas.compose(image, width: region.width,
                                                                                height: region.height))).data
        } else if repeatsPrevious && !sizeChanged, case let argb = image.withPixels({ $0[0] }), argb >> 24 == 0xFF {
            region = (1, 1)
            data = PNGChunks.storedZlib([0, UInt8(truncatingIfNeeded: argb >> 16), UInt8(truncatingIfNeeded: argb >> 8),
                                         UInt8(truncatingIfNeeded: argb)])
        } else {
            region = size
            data = try opaqueImageData(image: image, png: png)
        }
        previousSize = size

        var chunks = Data()
        var control = Data()
        PNGChunks.appendUInt32(sequence, to: &control)
        sequence += 1
        for value in [region.width, region.height, 0, 0] { PNGChunks.appendUInt32(UInt32(value), to: &control) }
        PNGChunks.appendUInt16(UInt16(delay.numerator), to: &control)
        PNGChunks.appendUInt16(UInt16(delay.denominator), to: &control)
        control.append(contentsOf: [0, 0]) // dispose: none; blend: source (the region is replaced)
        PNGChunks.append("fcTL", control, to: &chunks)
        if written == 0 {
            // The first frame is also the image a viewer without APNG support shows.
            PNGChunks.append("IDAT", data, to: &chunks)
        } else {
            var frameData = Data(capacity: data.count + 4)
            PNGChunks.appendUInt32(sequence, to: &frameData)
            sequence += 1
            frameData.append(data)
            PNGChunks.append("fdAT", frameData, to: &chunks)
        }
        try write(chunks)
        written += 1
    }

    /// Ends the file; it must have exactly the announced number of frames.
    func finish() throws {
        guard written == frameCount else {
            throw ReviewError("\(path): \(written) frames written of the \(frameCount) announced")
        }
        var end = Data()
        PNGChunks.append("IEND", Data(), to: &end)
        try write(end)
        let status = close(descriptor)
        descriptor = -1
        if status != 0 { throw ReviewError("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    /// 8-bit RGB image data for `image`: its own PNG's when that is 8-bit RGB, else encoded here after
    /// flattening translucent pixels onto the backdrop (the animation has one pixel format).
    private func opaqueImageData(image: ImageSurface, png: Data?) throws -> Data {
        if let png {
            let (header, data) = try PNGChunks.imageData(of: png)
            if header.colorType == 2, header.bitDepth == 8, header.width == image.pixelWidth, header.height == image.pixelHeight {
                return data
            }
        }
        let flat = try RunCanvas.compose(image, width: image.pixelWidth, height: image.pixelHeight)
        return try PNGChunks.imageData(of: encoder.encode(flat)).data
    }

    private func write(_ data: Data) throws {
        if let failure = data.withUnsafeBytes({ writeAll($0, to: descriptor) }) {
            throw ReviewError("cannot write \(path): \(String(cString: strerror(failure)))")
        }
    }
}
