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

    /// The SVG file at `path`: a regular file of at most `limit` bytes (a named pipe is refused, not waited on),
    /// parsed, then drawn once on a small image so that a document librsvg cannot draw is refused here, with
    /// librsvg's reason, rather than drawn blank in every frame.
    public convenience init(contentsOfFile path: String, limit: Int = 64 << 20) throws {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path: path, limit: limit, what: "an SVG file")
        } catch {
            throw RenderError("\(error)")
        }
        try self.init(bytes: bytes, path: path)
    }

    /// `bytes` read from `path` (named in the messages), parsed and drawn once (see `init(contentsOfFile:limit:)`).
    convenience init(bytes: [UInt8], path: String) throws {
        do {
            try self.init(data: Data(bytes))
            try checkDrawable()
        } catch let error as RenderError {
            throw RenderError("\(path): \(error.description)")
        }
    }

    /// The side of the image `checkDrawable` draws on, in pixels (a tab icon's size at scale 2).
    static let trialSide = 64

    /// Draws the document once on a transparent `trialSide`-pixel image, inside a group as a tinted icon is drawn,
    /// and throws when librsvg refuses it ("rendering error: InvalidSize") or leaves Cairo in an error: a failed
    /// draw unbalances Cairo's groups, and everything drawn after it in the frame is lost.
    func checkDrawable() throws {
        let surface = try ImageSurface(pixelWidth: Self.trialSide, pixelHeight: Self.trialSide)
        let canvas = Canvas(surface)
        try canvas.tinted(Color(red: 0, green: 0, blue: 0, alpha: 1)) {
            try render(in: canvas, rect: Rect(x: 0, y: 0, width: Double(Self.trialSide), height: Double(Self.trialSide)))
        }
        if let problem = canvas.problem { throw RenderError("librsvg: cannot draw SVG: cairo: \(problem)") }
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
