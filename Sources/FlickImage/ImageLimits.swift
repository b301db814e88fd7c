/// The largest image Flick makes or decodes: one limit for frames, decoded PNGs, rasterised SVGs and
/// diff images, checked from the size alone (a file's header), before any pixel is allocated.
public enum ImageLimits {
    /// 64 megapixels (256 MB of RGBA); a 4K frame at scale 3 is 35 megapixels. The scenario decoder's
    /// frame limit is the same constant (`PixelLimits`).
    public static let maximumPixels = PixelLimits.maximumPixels
    /// Pixels on one side of an image Cairo draws into (its image surfaces take at most 32767).
    public static let maximumCairoSide = PixelLimits.maximumSide

    /// Whether a `width × height` image is allowed: at least one pixel a side, at most `maximumPixels`.
    public static func allows(width: Int, height: Int) -> Bool {
        guard width > 0, height > 0 else { return false }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && pixels <= maximumPixels
    }

    /// Whether Cairo can draw a `width × height` image within the limit (also at most `maximumCairoSide` a side).
    public static func allowsDrawing(width: Int, height: Int) -> Bool {
        allows(width: width, height: height) && width <= maximumCairoSide && height <= maximumCairoSide
    }

    /// Throws `ImageError.tooLarge` naming `path` unless a `width × height` image is allowed.
    public static func check(width: Int, height: Int, path: String) throws(ImageError) {
        guard allows(width: width, height: height) else { throw .tooLarge(path: path, width: width, height: height) }
    }

    /// Throws `ImageError.tooLarge` naming `path` unless Cairo can draw a `width × height` image within the limit.
    public static func checkDrawing(width: Int, height: Int, path: String) throws(ImageError) {
        guard allowsDrawing(width: width, height: height) else { throw .tooLarge(path: path, width: width, height: height) }
    }

    /// Why a size is refused: "30000×30000 pixels is 900 megapixels; the limit is 64 megapixels".
    public static func describe(width: Int, height: Int) -> String {
        let size = "\(width)×\(height) pixels"
        if width <= 0 || height <= 0 { return "\(size): an image needs at least one pixel a side" }
        let megapixels = Double(width) * Double(height) / 1e6
        if megapixels * 1e6 <= Double(maximumPixels) {
            return "\(size) is more than Cairo draws; the limit is \(maximumCairoSide) pixels a side"
        }
        let amount = megapixels >= 10 ? "\(Int(megapixels.rounded()))" : "\((megapixels * 10).rounded() / 10)"
        return "\(size) is \(amount) megapixels; the limit is \(PixelLimits.described)"
    }
}
