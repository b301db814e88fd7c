import CFlickCairo
import CFlickRsvg
import FlickCore
import FlickImage
import Foundation

/// A Cairo surface: pixels (`ImageSurface`) or a vector document (`SVGSurface`). Owns its `cairo_surface_t`.
public class Surface {
    let pointer: OpaquePointer

    init(pointer: OpaquePointer) throws {
        self.pointer = pointer
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cairo: cannot create surface: " + String(cString: cairo_status_to_string(status)))
        }
    }

    deinit { cairo_surface_destroy(pointer) }
}

/// 32-bit premultiplied ARGB pixels in memory (CAIRO_FORMAT_ARGB32).
public final class ImageSurface: Surface {
    public let pixelWidth: Int
    public let pixelHeight: Int

    /// A transparent image of the given size in pixels.
    public init(pixelWidth: Int, pixelHeight: Int) throws {
        guard ImageLimits.allowsDrawing(width: pixelWidth, height: pixelHeight) else {
            throw RenderError("cannot create the image: " + ImageLimits.describe(width: pixelWidth, height: pixelHeight))
        }
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        try super.init(pointer: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)))
    }

    /// A surface holding the bitmap's pixels (premultiplied, as Cairo stores them).
    public convenience init(_ bitmap: Bitmap) throws {
        try self.init(pixelWidth: bitmap.width, pixelHeight: bitmap.height)
        flush()
        bitmap.writePremultipliedARGB(to: cairo_image_surface_get_data(pointer)!, bytesPerRow: stride)
        cairo_surface_mark_dirty(pointer)
    }

    /// Rasterises an SVG document with librsvg, scaled to fill `pixelWidth`×`pixelHeight`
    /// (how SVG frames are compared with PNG frames).
    public convenience init(svg data: Data, pixelWidth: Int, pixelHeight: Int) throws {
        try self.init(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        let document = try SVGDocument(data: data)
        let canvas = Canvas(self)
        try document.render(in: canvas, rect: Rect(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight)))
    }

    /// Bytes from one row to the next.
    public var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }

    /// Makes pending drawing visible in the pixel buffer.
    public func flush() { cairo_surface_flush(pointer) }

    /// Tells Cairo that the pixel buffer was written directly (after `withPixels`).
    func markDirty() { cairo_surface_mark_dirty(pointer) }

    /// Calls `body` with the premultiplied ARGB words, row by row (`stride / 4` words a row): how the review
    /// outputs compare a frame with the previous one without copying it.
    public func withPixels<R>(_ body: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        flush()
        let base = cairo_image_surface_get_data(pointer)!
        let words = base.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * pixelHeight) { $0 }
        return try body(UnsafeBufferPointer(start: words, count: stride / 4 * pixelHeight))
    }

    /// The mean relative luminance (`Color.luminance`'s weights) of the pixels in the columns `x` and rows `y`, in
    /// 0...1, each pixel as premultiplied (a transparent one counts as black); nil for an empty range.
    func meanLuminance(x: Range<Int>, y: Range<Int>) -> Double? {
        let columns = x.clamped(to: 0..<pixelWidth), rows = y.clamped(to: 0..<pixelHeight)
        guard !columns.isEmpty, !rows.isEmpty else { return nil }
        return withPixels { words in
            var sum = 0.0
            for row in rows {
                for column in columns {
                    let word = words[row * stride / 4 + column]
                    let (r, g, b) = (Double((word >> 16) & 0xFF), Double((word >> 8) & 0xFF), Double(word & 0xFF))
                    sum += Color.luminanceWeights.red * r + Color.luminanceWeights.green * g + Color.luminanceWeights.blue * b
                }
            }
            return sum / 255 / Double(columns.count * rows.count)
        }
    }

    /// The drawing as a bitmap of straight RGBA pixels: the one place where Cairo's pixels leave Cairo.
    public func bitmap() -> Bitmap {
        flush()
        return Bitmap(premultipliedARGB: cairo_image_surface_get_data(pointer)!, width: pixelWidth, height: pixelHeight,
                      bytesPerRow: stride)
    }

    /// Encodes with Cairo's own PNG writer (libpng defaults); slower than `PNGEncoder`, kept to compare with it.
    public func cairoPNGData() throws -> Data {
        let sink = ByteSink()
        let status = cairo_surface_write_to_png_stream(pointer, byteSinkWrite, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cairo: cannot encode PNG: " + String(cString: cairo_status_to_string(status)))
        }
        return sink.data
    }
}

/// An SVG document being drawn, in points, collected in memory.
public final class SVGSurface: Surface {
    private let sink: ByteSink
    public let width: Double
    public let height: Double

    public init(width: Double, height: Double) throws {
        let sink = ByteSink()
        self.sink = sink
        self.width = width
        self.height = height
        let surface = cairo_svg_surface_create_for_stream(byteSinkWrite, Unmanaged.passUnretained(sink).toOpaque(),
                                                          width, height)!
        // User units: width="390" and coordinates in points, as the frame states give them.
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_USER)
        try super.init(pointer: surface)
    }

    /// Ends the document and returns it, with Cairo's per-process ids renumbered so equal drawings give equal bytes.
    public func finish() throws -> Data {
        cairo_surface_finish(pointer)
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cairo: cannot write SVG: " + String(cString: cairo_status_to_string(status)))
        }
        return SVGIdentifiers.normalized(sink.data)
    }
}

/// Collects the bytes a Cairo stream writer hands over.
final class ByteSink {
    var data = Data()
}

/// A `cairo_write_func_t` appending to the `ByteSink` passed as its closure.
let byteSinkWrite: cairo_write_func_t = { closure, bytes, length in
    guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
    Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
    return CAIRO_STATUS_SUCCESS
}
