import CFlickCairo
import CFlickRsvg
import FlickCore
import Foundation

/// An SVG document parsed by librsvg (tab icons; SVG frames rasterised for comparison). Owns its RsvgHandle.
public final class SVGDocument {
    private let handle: OpaquePointer

    public init(data: Data) throws {
        var error: UnsafeMutablePointer<GError>?
        let handle = data.withUnsafeBytes { bytes in
            rsvg_handle_new_from_data(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &error)
        }
        guard let handle else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw RenderError("librsvg: cannot read SVG: \(message)")
        }
        self.handle = handle
    }

    public convenience init(contentsOfFile path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw RenderError("cannot read \(path)") }
        do {
            try self.init(data: data)
        } catch let error as RenderError {
            throw RenderError("\(path): \(error.description)")
        }
    }

    /// The document's own width and height in pixels, when it gives them (`width`/`height`, or a `viewBox`).
    var intrinsicSize: (width: Double, height: Double)? {
        var width = 0.0, height = 0.0
        guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0, width > 0, height > 0,
              width.isFinite, height.isFinite else { return nil }
        return (width, height)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Draws the whole document scaled to fit `rect` (keeping its aspect ratio, centred).
    public func render(in canvas: Canvas, rect: Rect) throws {
        var viewport = RsvgRectangle(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
        var error: UnsafeMutablePointer<GError>?
        let ok = withUnsafeMutablePointer(to: &viewport) { rsvg_handle_render_document(handle, canvas.context, $0, &error) }
        if ok == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw RenderError("librsvg: cannot draw SVG: \(message)")
        }
    }
}
