import CFlickCairo
import CFlickRsvg
import Foundation

/// A Cairo image surface in ARGB32, owned: destroyed when the last reference goes.
final class ImageSurface {
    let pointer: OpaquePointer

    /// Takes ownership of a surface Cairo returned (one reference).
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// A new transparent ARGB32 surface.
    convenience init(width: Int, height: Int) {
        self.init(taking: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
    }

    deinit { cairo_surface_destroy(pointer) }

    var status: cairo_status_t { cairo_surface_status(pointer) }
    var width: Int { Int(cairo_image_surface_get_width(pointer)) }
    var height: Int { Int(cairo_image_surface_get_height(pointer)) }

    /// The surface's pixels copied into a bitmap (converted to ARGB32 first when stored otherwise).
    func bitmap() -> Bitmap {
        cairo_surface_flush(pointer)
        let format = cairo_image_surface_get_format(pointer)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
            // A8, A1, RGB16_565, RGB30: let Cairo convert by painting onto an ARGB32 surface.
            let converted = ImageSurface(width: width, height: height)
            let cr = cairo_create(converted.pointer)
            cairo_set_source_surface(cr, pointer, 0, 0)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_destroy(cr)
            return converted.bitmap()
        }
        let width = self.width, height = self.height
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(pointer) else {
            return Bitmap(width: width, height: height)
        }
        // RGB24 leaves the top byte undefined; an opaque pixel's alpha is 255.
        let alphaMask: UInt32 = format == CAIRO_FORMAT_RGB24 ? 0xFF00_0000 : 0
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            let destination = UnsafeMutableRawPointer(buffer.baseAddress!)
            let source = UnsafeRawPointer(data)
            let rowBytes = width * 4
            if stride == rowBytes {
                destination.copyMemory(from: source, byteCount: rowBytes * height)
            } else {
                for y in 0..<height {
                    let to: UnsafeMutableRawPointer = destination + y * rowBytes
                    to.copyMemory(from: source + y * stride, byteCount: rowBytes)
                }
            }
            if alphaMask != 0 {
                for i in 0..<(width * height) { buffer[i] |= alphaMask }
            }
            count = width * height
        }
        return Bitmap(width: width, height: height, premultipliedPixels: pixels)
    }

    /// A surface holding a copy of the bitmap's pixels.
    convenience init(_ bitmap: Bitmap) {
        self.init(width: bitmap.width, height: bitmap.height)
        guard bitmap.width > 0, bitmap.height > 0, let data = cairo_image_surface_get_data(pointer) else { return }
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let rowBytes = bitmap.width * 4
        let destination = UnsafeMutableRawPointer(data)
        bitmap.pixels.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            let base: UnsafeRawPointer = source.baseAddress!
            for y in 0..<bitmap.height {
                let to: UnsafeMutableRawPointer = destination + y * stride
                to.copyMemory(from: base + y * rowBytes, byteCount: rowBytes)
            }
        }
        cairo_surface_mark_dirty(pointer)
    }
}

/// The eight bytes every PNG file starts with.
private let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

extension Bitmap {
    /// Reads an image file: an SVG (by its `.svg` extension) is rasterised at `scale` pixels per SVG unit,
    /// anything else is decoded as PNG.
    public static func read(path: String, svgScale scale: Double = 1) throws(ImageError) -> Bitmap {
        if path.lowercased().hasSuffix(".svg") {
            return try rasterizeSVG(path: path, scale: scale)
        }
        return try readPNG(path: path)
    }

    /// Decodes a PNG file with Cairo (into premultiplied ARGB32; an opaque PNG's pixels get alpha 255).
    public static func readPNG(path: String) throws(ImageError) -> Bitmap {
        let header = try readPrefix(path: path, count: pngSignature.count)
        guard header == pngSignature else { throw .notPNG(path: path) }
        let surface = ImageSurface(taking: cairo_image_surface_create_from_png(path))
        guard surface.status == CAIRO_STATUS_SUCCESS else {
            throw .unreadable(path: path, reason: String(cString: cairo_status_to_string(surface.status)))
        }
        return surface.bitmap()
    }

    /// Rasterises an SVG file with librsvg, `scale` pixels per SVG user unit.
    ///
    /// The DPI is set to 72 so that a length in points (as Cairo's SVG surface writes Flick's frames)
    /// is one pixel at scale 1: a 390 pt × 844 pt frame rasterised at scale 3 is 1170 × 2532 pixels.
    /// The pixel size is the intrinsic size times `scale`, rounded up.
    public static func rasterizeSVG(path: String, scale: Double = 1) throws(ImageError) -> Bitmap {
        precondition(scale > 0, "scale must be positive")
        let data = try readAll(path: path)
        var error: UnsafeMutablePointer<GError>?
        let handle = data.withUnsafeBytes { bytes in
            rsvg_handle_new_from_data(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &error)
        }
        guard let handle else {
            throw .invalidSVG(path: path, reason: consume(error) ?? "librsvg could not parse it")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        rsvg_handle_set_dpi(handle, 72)
        var width = 0.0, height = 0.0
        guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0, width > 0, height > 0 else {
            throw .invalidSVG(path: path, reason: "it has no width and height (or viewBox) giving a size in pixels")
        }
        let pixelWidth = Int((width * scale - 1e-9).rounded(.up))
        let pixelHeight = Int((height * scale - 1e-9).rounded(.up))
        let surface = ImageSurface(width: pixelWidth, height: pixelHeight)
        guard surface.status == CAIRO_STATUS_SUCCESS else {
            throw .unreadable(path: path, reason: "cannot make a \(pixelWidth)×\(pixelHeight) image: " + String(cString: cairo_status_to_string(surface.status)))
        }
        let cr = cairo_create(surface.pointer)
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
        guard rsvg_handle_render_document(handle, cr, &viewport, &error) != 0 else {
            throw .invalidSVG(path: path, reason: consume(error) ?? "librsvg could not draw it")
        }
        return surface.bitmap()
    }

    /// Writes the image as a PNG file with Cairo, replacing a file already at `path`.
    public func writePNG(path: String) throws(ImageError) {
        let surface = ImageSurface(self)
        guard surface.status == CAIRO_STATUS_SUCCESS else {
            throw .cannotWrite(path: path, reason: String(cString: cairo_status_to_string(surface.status)))
        }
        let status = cairo_surface_write_to_png(surface.pointer, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            let reason = status == CAIRO_STATUS_WRITE_ERROR ? String(cString: strerror(errno)) : String(cString: cairo_status_to_string(status))
            throw .cannotWrite(path: path, reason: reason)
        }
    }
}

/// The message of a GError, which is freed.
private func consume(_ error: UnsafeMutablePointer<GError>?) -> String? {
    guard let error else { return nil }
    defer { g_error_free(error) }
    return error.pointee.message.map { String(cString: $0) }
}

/// Why opening `path` failed, from `errno`.
private func openError(path: String) -> ImageError {
    switch errno {
    case ENOENT, ENOTDIR: .notFound(path: path)
    case EISDIR: .unreadable(path: path, reason: "it is a folder")
    default: .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
}

/// Up to `count` first bytes of a file.
private func readPrefix(path: String, count: Int) throws(ImageError) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw openError(path: path) }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: count)
    let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, count) }
    guard n >= 0 else { throw openError(path: path) }
    return Array(buffer.prefix(n))
}

/// A whole file.
private func readAll(path: String) throws(ImageError) -> Data {
    _ = try readPrefix(path: path, count: 1)  // names a missing file, a folder or a permission problem
    guard let data = FileManager.default.contents(atPath: path) else {
        throw .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    return data
}
