@_exported import FlickImage
import CFlickCairo
import CFlickRsvg
import Foundation

extension Bitmap {
    /// Reads an image file: an SVG (by its `.svg` extension) is rasterised at `scale` pixels per SVG unit,
    /// anything else is decoded as PNG (libspng).
    public static func read(path: String, svgScale scale: Double = 1) throws(ImageError) -> Bitmap {
        try decode(ImageFile.read(path: path), path: path, svgScale: scale)
    }

    /// Decodes the bytes of an image file named `path`: SVG by the path's extension, else PNG.
    static func decode(_ bytes: [UInt8], path: String, svgScale scale: Double) throws(ImageError) -> Bitmap {
        var image = Bitmap(width: 0, height: 0)
        try image.decode(bytes, path: path, svgScale: scale)
        return image
    }

    /// Decodes the bytes of an image file named `path` into this bitmap (reusing its storage for a PNG).
    mutating func decode(_ bytes: [UInt8], path: String, svgScale scale: Double) throws(ImageError) {
        if Self.isSVG(path) {
            self = try Self.rasterizeSVG(bytes, path: path, scale: scale)
            return
        }
        let result = bytes.withUnsafeBytes { buffer in Result { () throws(ImageError) in try decodePNG(buffer, path: path) } }
        try result.get()
    }

    /// Whether `path` names an SVG file (by extension, in any case).
    static func isSVG(_ path: String) -> Bool { path.lowercased().hasSuffix(".svg") }

    /// Rasterises an SVG file with librsvg, `scale` pixels per SVG user unit.
    ///
    /// The DPI is set to 72 so that a length in points (as Cairo's SVG surface writes Flick's frames)
    /// is one pixel at scale 1: a 390 pt × 844 pt frame rasterised at scale 3 is 1170 × 2532 pixels.
    /// The pixel size is the intrinsic size times `scale`, rounded up, and is checked against
    /// `ImageLimits` before anything is drawn.
    public static func rasterizeSVG(path: String, scale: Double = 1) throws(ImageError) -> Bitmap {
        try rasterizeSVG(ImageFile.read(path: path), path: path, scale: scale)
    }

    /// Rasterises the SVG document `bytes` (read from `path`, which names it in errors).
    public static func rasterizeSVG(_ bytes: [UInt8], path: String, scale: Double) throws(ImageError) -> Bitmap {
        precondition(scale > 0 && scale.isFinite, "scale must be positive")
        let document = try SVGFile(bytes, path: path)
        let (width, height) = try document.pixelSize(scale: scale)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .unreadable(path: path, reason: "cannot make a \(width)×\(height) image: " + String(cString: cairo_status_to_string(status)))
        }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        try document.render(cr)
        cairo_surface_flush(surface)
        return Bitmap(premultipliedARGB: cairo_image_surface_get_data(surface)!, width: width, height: height,
                      bytesPerRow: Int(cairo_image_surface_get_stride(surface)))
    }

    /// The size in pixels of an image file without decoding its pixels: a PNG's header, an SVG's intrinsic
    /// size times `svgScale`.
    static func size(of bytes: [UInt8], path: String, svgScale scale: Double) throws(ImageError) -> (width: Int, height: Int) {
        if isSVG(path) { return try SVGFile(bytes, path: path).pixelSize(scale: scale) }
        let size = bytes.withUnsafeBytes { pngSize(of: $0) }
        guard let size else {
            let signed = bytes.withUnsafeBytes { hasPNGSignature($0) }
            throw signed ? .unreadable(path: path, reason: "no PNG header") : .notPNG(path: path)
        }
        try ImageLimits.check(width: size.width, height: size.height, path: path)
        return size
    }
}

/// An SVG document parsed by librsvg, freed when the value goes.
private final class SVGFile {
    let handle: OpaquePointer
    let path: String
    let width: Double
    let height: Double

    init(_ bytes: [UInt8], path: String) throws(ImageError) {
        self.path = path
        var error: UnsafeMutablePointer<GError>?
        let parsed = bytes.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, $0.count, &error) }
        guard let parsed else { throw .invalidSVG(path: path, reason: consume(error) ?? "librsvg could not parse it") }
        handle = parsed
        rsvg_handle_set_dpi(handle, 72)
        var width = 0.0, height = 0.0
        guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0, width > 0, height > 0,
              width.isFinite, height.isFinite else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            throw .invalidSVG(path: path, reason: "it has no width and height (or viewBox) giving a size in pixels")
        }
        self.width = width
        self.height = height
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// The size in pixels at `scale`, rounded up; refused when Cairo could not draw it within `ImageLimits`.
    func pixelSize(scale: Double) throws(ImageError) -> (Int, Int) {
        let w = (width * scale - 1e-9).rounded(.up), h = (height * scale - 1e-9).rounded(.up)
        // Clamped only so that the conversion cannot trap; any such size is refused.
        let (pixelWidth, pixelHeight) = (Int(min(w, 1e12)), Int(min(h, 1e12)))
        try ImageLimits.checkDrawing(width: pixelWidth, height: pixelHeight, path: path)
        return (pixelWidth, pixelHeight)
    }

    /// Draws the document on `cr`, whose user space is in SVG units.
    func render(_ cr: OpaquePointer) throws(ImageError) {
        var error: UnsafeMutablePointer<GError>?
        var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
        guard rsvg_handle_render_document(handle, cr, &viewport, &error) != 0 else {
            throw .invalidSVG(path: path, reason: consume(error) ?? "librsvg could not draw it")
        }
    }
}

/// The message of a GError, which is freed.
private func consume(_ error: UnsafeMutablePointer<GError>?) -> String? {
    guard let error else { return nil }
    defer { g_error_free(error) }
    return error.pointee.message.map { String(cString: $0) }
}
