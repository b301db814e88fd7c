import CFlickCairo
import FlickDiff
import Foundation

/// A fresh folder under the system's temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init(_ label: String = "flick-diff-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the folder (subfolders are created as needed).
    func path(_ name: String) -> String {
        let file = url.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return file.path
    }
}

/// An RGB colour with components in 0...1, as Cairo takes them.
struct Paint {
    var r, g, b: Double
    var a = 1.0

    static let white = Paint(r: 1, g: 1, b: 1)
    static let blue = Paint(r: 0.1, g: 0.3, b: 0.9)
    static let black = Paint(r: 0, g: 0, b: 0)
}

/// Draws with Cairo into a `width × height` ARGB32 image filled with `background`, scaled by `scale`
/// (drawing in points), and writes it as a PNG file at `path`.
@discardableResult
func drawPNG(_ path: String, width: Int = 120, height: Int = 80, scale: Double = 1, background: Paint? = .white,
             _ draw: (OpaquePointer) -> Void = { _ in }) -> String {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((Double(width) * scale).rounded()),
                                             Int32((Double(height) * scale).rounded()))!
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    cairo_scale(cr, scale, scale)
    if let background {
        cairo_set_source_rgba(cr, background.r, background.g, background.b, background.a)
        cairo_paint(cr)
    }
    draw(cr)
    cairo_destroy(cr)
    let status = cairo_surface_write_to_png(surface, path)
    precondition(status == CAIRO_STATUS_SUCCESS, "cannot write \(path)")
    return path
}

/// Draws the same way into an SVG file of `width × height` points.
@discardableResult
func drawSVG(_ path: String, width: Int = 120, height: Int = 80, background: Paint? = .white,
             _ draw: (OpaquePointer) -> Void = { _ in }) -> String {
    let surface = cairo_svg_surface_create(path, Double(width), Double(height))!
    let cr = cairo_create(surface)!
    if let background {
        cairo_set_source_rgba(cr, background.r, background.g, background.b, background.a)
        cairo_paint(cr)
    }
    draw(cr)
    cairo_destroy(cr)
    cairo_surface_finish(surface)
    precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "cannot write \(path)")
    cairo_surface_destroy(surface)
    return path
}

/// A filled circle.
func circle(x: Double, y: Double, radius: Double, _ paint: Paint = .blue) -> (OpaquePointer) -> Void {
    { cr in
        cairo_set_source_rgba(cr, paint.r, paint.g, paint.b, paint.a)
        cairo_arc(cr, x, y, radius, 0, 2 * .pi)
        cairo_fill(cr)
    }
}

/// A filled rectangle.
func rectangle(x: Double, y: Double, width: Double, height: Double, _ paint: Paint) -> (OpaquePointer) -> Void {
    { cr in
        cairo_set_source_rgba(cr, paint.r, paint.g, paint.b, paint.a)
        cairo_rectangle(cr, x, y, width, height)
        cairo_fill(cr)
    }
}

/// Every pixel of the image with its coordinates.
func pixels(of image: Bitmap) -> [(x: Int, y: Int, color: RGBA)] {
    (0..<image.height).flatMap { y in (0..<image.width).map { x in (x, y, image[x, y]) } }
}

/// The bytes of a PNG file that declares `width × height` RGBA pixels in its header and holds `rest` after it
/// (no image data unless given): enough for anything that reads only the header.
func pngHeader(width: UInt32, height: UInt32, rest: [UInt8] = []) -> [UInt8] {
    func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    let body = Array("IHDR".utf8) + bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + body + bigEndian(crc32(body)) + rest
}

/// CRC-32 as PNG chunks carry it (ISO 3309, the polynomial 0xEDB88320, reflected).
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
}

/// Writes `bytes` to `path`.
func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}
