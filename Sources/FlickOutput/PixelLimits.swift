/// The largest image Flick makes or reads, in one place below every module that checks it: the scenario decoder
/// (frames, pictures), FlickImage (decoded PNGs, rasterised SVGs, diff images) and the review of a folder.
public enum PixelLimits {
    /// 64 megapixels (256 MB of RGBA); a 4K frame at scale 3 is 35 megapixels.
    public static let maximumPixels = 64_000_000
    /// Pixels on one side of an image Cairo draws into (its image surfaces take at most 32767: `MAX_IMAGE_SIZE`
    /// in cairo-image-surface.c).
    public static let maximumSide = 32767
    /// `maximumPixels` in words: "64 megapixels".
    public static var described: String { "\(maximumPixels / 1_000_000) megapixels" }
}
