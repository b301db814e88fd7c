import FlickOutput
import Foundation

/// How two images are compared, how the diff image is drawn, and how many differing pixels are tolerated.
///
/// The comparison options and their defaults are pixelmatch's (version 7.2.0, `index.js`): `threshold`,
/// `includeAA`, `alpha`, `aaColor`, `diffColor`, `diffColorAlt`, `diffMask` and `checkerboard`.
public struct DiffOptions: Equatable, Sendable {
    /// pixelmatch's default threshold.
    public static let defaultThreshold = 0.1
    /// pixelmatch's default opacity of the expected image under the marks of a diff image.
    public static let defaultAlpha = 0.1

    /// Matching threshold, 0...1: the share of the largest possible YIQ colour distance below which two
    /// colours count as the same. 0 counts every change; pixelmatch's default is 0.1.
    public var threshold: Double
    /// Count anti-aliased pixels as differences too (pixelmatch's `includeAA`). By default they are
    /// detected, drawn in `antialiasedColor` in the diff image, and not counted.
    public var includeAntialiasing: Bool
    /// Translucent pixels are compared as composited over a background: pixelmatch 7's fixed pattern of
    /// two levels per channel (48 and 207), which tells transparent from white and from black (pixelmatch's
    /// `checkerboard`, on by default); off, over white, as pixelmatch did before version 7.
    public var checkerboard: Bool
    /// Opacity, 0...1, of the expected image's grey copy under the marks of a diff image (pixelmatch's `alpha`).
    public var alpha: Double
    /// Colour of anti-aliased pixels in a diff image (pixelmatch's `aaColor`, yellow).
    public var antialiasedColor: RGBA
    /// Colour of differing pixels in a diff image (pixelmatch's `diffColor`, red).
    public var diffColor: RGBA
    /// Colour of differing pixels that are darker in the actual image than in the expected one
    /// (pixelmatch's `diffColorAlt`); nil draws them in `diffColor` too.
    public var diffColorAlt: RGBA?
    /// Draw only the marks, over a transparent background (pixelmatch's `diffMask`).
    public var diffMask: Bool
    /// The number of differing pixels tolerated; `nil` sets no budget by count.
    public var maxDiffPixels: Int?
    /// The share (0...1) of the image's pixels that may differ; `nil` sets no budget by ratio.
    public var maxDiffRatio: Double?

    /// With no budget given, any differing pixel is beyond tolerance; with both, both must hold
    /// (as Playwright's `maxDiffPixels` and `maxDiffPixelRatio`).
    public init(threshold: Double = DiffOptions.defaultThreshold, includeAntialiasing: Bool = false,
                maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil,
                alpha: Double = DiffOptions.defaultAlpha, antialiasedColor: RGBA = .yellow,
                diffColor: RGBA = .red, diffColorAlt: RGBA? = nil, diffMask: Bool = false, checkerboard: Bool = true) {
        precondition((0...1).contains(threshold), "threshold must be in 0...1")
        precondition((0...1).contains(alpha), "alpha must be in 0...1")
        self.threshold = threshold
        self.includeAntialiasing = includeAntialiasing
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.alpha = alpha
        self.antialiasedColor = antialiasedColor
        self.diffColor = diffColor
        self.diffColorAlt = diffColorAlt
        self.diffMask = diffMask
        self.checkerboard = checkerboard
    }

    /// The largest squared YIQ distance of two colours (black against white is 35215, pixelmatch's constant)
    /// scaled by the threshold squared: a pixel whose distance exceeds this differs.
    var maxDelta: Double { 35215 * threshold * threshold }

    /// Whether `count` differing pixels out of `total` are within the budgets.
    public func tolerates(_ count: Int, of total: Int) -> Bool {
        if maxDiffPixels == nil && maxDiffRatio == nil { return count == 0 }
        if let maxDiffPixels, count > maxDiffPixels { return false }
        if let maxDiffRatio, total > 0, Double(count) / Double(total) > maxDiffRatio { return false }
        return true
    }

    /// The budget in words: "0 pixels", "10 pixels and 0.1%".
    public var toleranceDescription: String {
        var parts: [String] = []
        if let maxDiffPixels { parts.append("\(maxDiffPixels) pixel\(maxDiffPixels == 1 ? "" : "s")") }
        if let maxDiffRatio { parts.append(formatPercent(maxDiffRatio)) }
        return parts.isEmpty ? "0 pixels" : parts.joined(separator: " and ")
    }
}

/// The result of comparing an expected image with an actual one, pixel by pixel, by pixelmatch's method.
///
/// Identical pixel buffers are recognised first with one `memcmp`. Otherwise each pixel whose two
/// values differ is measured by the squared distance of the two colours in the YIQ space (Kotsarenko and
/// Ramos, 2010), weighted as pixelmatch does; above `threshold` it is a difference, unless it looks like
/// anti-aliasing in either image (Vyšniauskas, 2009): it has both a darker and a brighter neighbour, not
/// more than two neighbours of its own colour, and the darkest or the brightest neighbour sits in a flat
/// area (three or more equal neighbours) in both images.
///
/// Translucent pixels are compared composited over a background (`DiffOptions.checkerboard`), the same
/// background pixelmatch 7.2.0 uses, so the counts are pixelmatch's for any image.
public struct ImageComparison: Equatable, Sendable {
    /// Width of both images, in pixels.
    public let width: Int
    /// Height of both images, in pixels.
    public let height: Int
    /// The options the images were compared with.
    public let options: DiffOptions
    /// Whether every pixel is bit-for-bit the same.
    public let isExactMatch: Bool
    /// Pixels whose colours differ beyond the threshold (anti-aliased ones only with `includeAntialiasing`).
    public let differingPixels: Int
    /// Pixels beyond the threshold that were judged anti-aliasing and not counted (0 with `includeAntialiasing`).
    public let antialiasedPixels: Int
    /// Differing pixels in `diffColor` and anti-aliased ones in `antialiasedColor` over a faded grey copy of
    /// the expected image (or over transparency, with `diffMask`), when asked for.
    public let diffImage: Bitmap?

    /// All pixels of one image.
    public var pixelCount: Int { width * height }
    /// Differing pixels as a share (0...1) of all pixels.
    public var diffRatio: Double { pixelCount == 0 ? 0 : Double(differingPixels) / Double(pixelCount) }
    /// Whether the differing pixels are within the options' budgets.
    public var isWithinTolerance: Bool { options.tolerates(differingPixels, of: pixelCount) }

    /// One line with the measured numbers, for a failing test or a report:
    /// "1234 pixels differ (0.042% of 1170×2532, tolerated 0 pixels); 56 anti-aliased pixels ignored".
    public var summary: String {
        if isExactMatch { return "identical (\(width)×\(height))" }
        var text = "\(differingPixels) pixel\(differingPixels == 1 ? "" : "s") differ\(differingPixels == 1 ? "s" : "")"
            + " (\(formatPercent(diffRatio)) of \(width)×\(height), tolerated \(options.toleranceDescription)"
            + ", threshold \(options.threshold))"
        if antialiasedPixels > 0 { text += "; \(antialiasedPixels) anti-aliased pixel\(antialiasedPixels == 1 ? "" : "s") ignored" }
        return text
    }

    /// Compares `actual` against `expected`; with `drawingDiff`, also draws `diffImage`.
    /// Throws `ImageError.sizeMismatch` when the sizes differ.
    public init(expected: Bitmap, actual: Bitmap, options: DiffOptions = DiffOptions(), drawingDiff: Bool = false) throws(ImageError) {
        guard expected.width == actual.width, expected.height == actual.height else {
            throw .sizeMismatch(expectedWidth: expected.width, expectedHeight: expected.height,
                                actualWidth: actual.width, actualHeight: actual.height)
        }
        width = expected.width
        height = expected.height
        self.options = options
        let identical = expected.words.withUnsafeBytes { a in
            actual.words.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
        isExactMatch = identical
        var counts = (differing: 0, antialiased: 0)
        var diff: Bitmap?
        let (width, height) = (width, height)
        expected.words.withUnsafeBufferPointer { a in
            actual.words.withUnsafeBufferPointer { b in
                let matcher = PixelMatcher(a: a, b: b, width: width, height: height, options: options)
                if drawingDiff {
                    diff = Bitmap(width: width, height: height) { output in
                        counts = matcher.run(identical: identical, drawingInto: output)
                    }
                } else if !identical {
                    counts = matcher.run(identical: false, drawingInto: nil)
                }
            }
        }
        differingPixels = counts.differing
        antialiasedPixels = counts.antialiased
        diffImage = diff
    }

    /// The result for two images known to be identical (byte-identical files), without their pixels.
    public static func identical(width: Int, height: Int, options: DiffOptions = DiffOptions()) -> ImageComparison {
        ImageComparison(width: width, height: height, options: options, isExactMatch: true,
                        differingPixels: 0, antialiasedPixels: 0, diffImage: nil)
    }

    private init(width: Int, height: Int, options: DiffOptions, isExactMatch: Bool, differingPixels: Int,
                 antialiasedPixels: Int, diffImage: Bitmap?) {
        self.width = width
        self.height = height
        self.options = options
        self.isExactMatch = isExactMatch
        self.differingPixels = differingPixels
        self.antialiasedPixels = antialiasedPixels
        self.diffImage = diffImage
    }

    /// The same result without its diff image, to keep many results without their pixels.
    public func withoutDiffImage() -> ImageComparison {
        diffImage == nil ? self : ImageComparison(width: width, height: height, options: options, isExactMatch: isExactMatch,
                                                  differingPixels: differingPixels, antialiasedPixels: antialiasedPixels,
                                                  diffImage: nil)
    }
}

/// The per-pixel loop of the comparison, on raw buffers of RGBA words (no allocation, no bounds checks in
/// release builds). It follows pixelmatch 7.2.0's `index.js` step for step, so that counts and diff images
/// are the same: the YIQ distance with its sign (which image is darker), the anti-aliasing test, the
/// background under translucent pixels, and the grey of unchanged pixels.
private struct PixelMatcher {
    let a: UnsafeBufferPointer<UInt32>
    let b: UnsafeBufferPointer<UInt32>
    let width: Int
    let height: Int
    let options: DiffOptions

    /// Counts the differing and anti-aliased pixels and, when `output` is given, writes every pixel of the
    /// diff image into it (`identical`: the buffers are known to be equal).
    func run(identical: Bool, drawingInto output: UnsafeMutableBufferPointer<UInt32>?) -> (differing: Int, antialiased: Int) {
        let fadedAlpha = options.alpha
        let mask = options.diffMask
        let clear = RGBA.clear.word
        if identical {
            if let output {
                for i in 0..<output.count { output[i] = mask ? clear : Self.grey(a[i], alpha: fadedAlpha) }
            }
            return (0, 0)
        }
        let maxDelta = options.maxDelta
        let detectAA = !options.includeAntialiasing
        let aaColor = options.antialiasedColor.opaque.word
        let diffColor = options.diffColor.opaque.word
        let altColor = (options.diffColorAlt ?? options.diffColor).opaque.word
        var differing = 0, antialiased = 0
        for y in 0..<height {
            let row = y * width
            for x in 0..<width {
                let i = row + x
                let p = a[i], q = b[i]
                let delta = p == q ? 0 : colorDelta(p, q, at: i)
                if abs(delta) > maxDelta {
                    if detectAA && (isAntialiased(a, other: b, x: x, y: y) || isAntialiased(b, other: a, x: x, y: y)) {
                        antialiased += 1
                        // pixelmatch leaves anti-aliased pixels out of a mask.
                        output?[i] = mask ? clear : aaColor
                    } else {
                        differing += 1
                        output?[i] = delta < 0 ? altColor : diffColor
                    }
                } else if let output {
                    output[i] = mask ? clear : Self.grey(p, alpha: fadedAlpha)
                }
            }
        }
        return (differing, antialiased)
    }

    /// The expected pixel as a grey faded towards white: its brightness blended with white at `alpha` times
    /// its own opacity (pixelmatch's `drawGrayPixel`), truncated to 8 bits as pixelmatch's byte buffer stores it.
    @inline(__always)
    static func grey(_ word: UInt32, alpha: Double) -> UInt32 {
        let value = UInt32(littleEndian: word)
        let r = Double(value & 0xFF), g = Double(value >> 8 & 0xFF), b = Double(value >> 16 & 0xFF), a = Double(value >> 24)
        let luma = r * 0.29889531 + g * 0.58662247 + b * 0.11448223
        let level = UInt32(255 + (luma - 255) * alpha * a / 255)
        return UInt32(littleEndian: level | level << 8 | level << 16 | 0xFF00_0000)
    }

    /// The squared YIQ distance between two pixels, negative when `q` is the darker (pixelmatch's
    /// `colorDelta`); pixel index `i` places the background under translucent pixels.
    @inline(__always)
    func colorDelta(_ p: UInt32, _ q: UInt32, at i: Int) -> Double {
        let (dr, dg, db) = channelDeltas(p, q, at: i)
        let dy = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        let di = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let dq = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
        return dy > 0 ? -delta : delta
    }

    /// The difference in brightness (Y of YIQ) of `p` minus `q`, both over the background at pixel `i`.
    @inline(__always)
    func brightnessDelta(_ p: UInt32, _ q: UInt32, at i: Int) -> Double {
        let (dr, dg, db) = channelDeltas(p, q, at: i)
        return dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    }

    /// Red, green and blue of `p` minus `q`; when either is translucent, both composited over the
    /// background at pixel `i`: (c₁·α₁ − c₂·α₂ − background·(α₁ − α₂)) / 255.
    @inline(__always)
    func channelDeltas(_ p: UInt32, _ q: UInt32, at i: Int) -> (Double, Double, Double) {
        let p = UInt32(littleEndian: p), q = UInt32(littleEndian: q)
        let r1 = Double(p & 0xFF), g1 = Double(p >> 8 & 0xFF), b1 = Double(p >> 16 & 0xFF), a1 = Double(p >> 24)
        let r2 = Double(q & 0xFF), g2 = Double(q >> 8 & 0xFF), b2 = Double(q >> 16 & 0xFF), a2 = Double(q >> 24)
        guard a1 < 255 || a2 < 255 else { return (r1 - r2, g1 - g2, b1 - b2) }
        let (rb, gb, bb) = background(at: i)
        let da = a1 - a2
        return ((r1 * a1 - r2 * a2 - rb * da) / 255, (g1 * a1 - g2 * a2 - gb * da) / 255, (b1 * a1 - b2 * a2 - bb * da) / 255)
    }

    /// The background a translucent pixel at index `i` is composited over. pixelmatch 7 takes each channel
    /// from the pixel's byte offset k = 4i: red 48 + 159·(k mod 2), green and blue 48 + 159·(⌊k/φ⌋ mod 2) and
    /// 48 + 159·(⌊k/φ²⌋ mod 2), φ the golden ratio — a pattern that is neither white nor black. Without
    /// `checkerboard`, white.
    @inline(__always)
    func background(at i: Int) -> (Double, Double, Double) {
        guard options.checkerboard else { return (255, 255, 255) }
        let k = Double(4 * i)
        func level(_ n: Int) -> Double { 48 + 159 * Double(n & 1) }
        return (level(4 * i), level(Int(k / 1.618033988749895)), level(Int(k / 2.618033988749895)))
    }

    /// Whether the pixel at (x, y) of `image` looks like anti-aliasing (pixelmatch's `antialiased`):
    /// not more than two neighbours of its own brightness, both a darker and a brighter neighbour, and the
    /// darkest or the brightest of them inside a flat area in both images.
    @inline(__always)
    func isAntialiased(_ image: UnsafeBufferPointer<UInt32>, other: UnsafeBufferPointer<UInt32>, x: Int, y: Int) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, height - 1)
        let at = y * width + x
        let center = image[at]
        // A pixel on the image's edge has fewer neighbours; count the missing ones as one equal neighbour.
        var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var darkestAt = 0, brightestAt = 0
        // Columns outside, rows inside: the order decides which of two equally dark neighbours is kept,
        // and this is pixelmatch's order.
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let neighbourAt = ny * width + nx
                let neighbour = image[neighbourAt]
                let delta = neighbour == center ? 0 : brightnessDelta(center, neighbour, at: at)
                if delta == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = neighbourAt
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = neighbourAt
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(image, at: darkestAt) && hasManySiblings(other, at: darkestAt))
            || (hasManySiblings(image, at: brightestAt) && hasManySiblings(other, at: brightestAt))
    }

    /// Whether the pixel at index `at` has three or more neighbours of exactly its value (the image's edge
    /// counting as one).
    @inline(__always)
    func hasManySiblings(_ image: UnsafeBufferPointer<UInt32>, at: Int) -> Bool {
        let x = at % width, y = at / width
        let x0 = max(x - 1, 0), x2 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, height - 1)
        let value = image[at]
        var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        for nx in x0...x2 {
            for ny in y0...y2 where (nx != x || ny != y) && image[ny * width + nx] == value {
                equal += 1
                if equal > 2 { return true }
            }
        }
        return false
    }
}

extension RGBA {
    /// The colour with full opacity: marks in a diff image are opaque, as pixelmatch draws them.
    var opaque: RGBA { RGBA(red, green, blue, 255) }
}

/// A share as a percentage with enough digits to tell a single pixel of a large frame: "0.0034%", "12.5%".
public func formatPercent(_ ratio: Double) -> String {
    let percent = ratio * 100
    if percent == 0 { return "0%" }
    if percent >= 10 { return NumberText.fixed(percent, digits: 1) + "%" }
    if percent >= 0.01 { return NumberText.significant(percent, digits: 3) + "%" }
    return NumberText.significant(percent, digits: 2) + "%"
}
