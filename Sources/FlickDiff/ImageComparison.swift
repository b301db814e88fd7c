import Foundation

/// How two images are compared, and how many differing pixels are tolerated.
public struct DiffOptions: Equatable, Sendable {
    /// pixelmatch's default threshold.
    public static let defaultThreshold = 0.1

    /// Matching threshold, 0...1: the share of the largest possible YIQ colour distance below which two
    /// colours count as the same. 0 counts every change; pixelmatch's default is 0.1.
    public var threshold: Double
    /// Count anti-aliased pixels as differences too (pixelmatch's `includeAA`). By default they are
    /// detected, drawn yellow in the diff image, and not counted.
    public var includeAntialiasing: Bool
    /// The number of differing pixels tolerated; `nil` sets no budget by count.
    public var maxDiffPixels: Int?
    /// The share (0...1) of the image's pixels that may differ; `nil` sets no budget by ratio.
    public var maxDiffRatio: Double?

    /// With no budget given, any differing pixel is beyond tolerance; with both, both must hold
    /// (as Playwright's `maxDiffPixels` and `maxDiffPixelRatio`).
    public init(threshold: Double = DiffOptions.defaultThreshold, includeAntialiasing: Bool = false,
                maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil) {
        precondition((0...1).contains(threshold), "threshold must be in 0...1")
        self.threshold = threshold
        self.includeAntialiasing = includeAntialiasing
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
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
/// Translucent pixels are compared as composited over a background, which for premultiplied values is
/// a plain subtraction: `(p₁ − p₂) − background × (α₁ − α₂)`. The background alternates between two greys
/// in a one-pixel checkerboard, so a change of alpha alone is seen on every background.
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
    /// Differing pixels red and anti-aliased ones yellow over a faded grey copy of the expected image,
    /// when asked for.
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
        let identical = expected.pixels.withUnsafeBytes { a in
            actual.pixels.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
        isExactMatch = identical
        var diff = drawingDiff ? DiffImages.fadedCopy(of: expected) : nil
        if identical {
            differingPixels = 0
            antialiasedPixels = 0
        } else {
            let counts = expected.pixels.withUnsafeBufferPointer { a in
                actual.pixels.withUnsafeBufferPointer { b in
                    diff.withUnsafeMutablePixels { output in
                        PixelMatcher(a: a, b: b, width: expected.width, height: expected.height, options: options).run(drawingInto: output)
                    }
                }
            }
            differingPixels = counts.differing
            antialiasedPixels = counts.antialiased
        }
        diffImage = diff
    }

    private init(_ other: ImageComparison, diffImage: Bitmap?) {
        width = other.width
        height = other.height
        options = other.options
        isExactMatch = other.isExactMatch
        differingPixels = other.differingPixels
        antialiasedPixels = other.antialiasedPixels
        self.diffImage = diffImage
    }

    /// The same result without its diff image, to keep many results without their pixels.
    public func withoutDiffImage() -> ImageComparison {
        diffImage == nil ? self : ImageComparison(self, diffImage: nil)
    }
}

extension Optional where Wrapped == Bitmap {
    /// Runs `body` with the wrapped bitmap's pixels, or with nil.
    fileprivate mutating func withUnsafeMutablePixels<R>(_ body: (UnsafeMutableBufferPointer<UInt32>?) -> R) -> R {
        guard var bitmap = self else { return body(nil) }
        self = nil  // keep the buffer uniquely referenced, so writing does not copy it
        let result = bitmap.pixels.withUnsafeMutableBufferPointer { body($0) }
        self = bitmap
        return result
    }
}

/// The per-pixel loop of the comparison, on raw buffers (no allocation, no bounds checks in release builds).
private struct PixelMatcher {
    let a: UnsafeBufferPointer<UInt32>
    let b: UnsafeBufferPointer<UInt32>
    let width: Int
    let height: Int
    let options: DiffOptions

    static let red = RGBA.red.premultiplied
    static let yellow = RGBA.yellow.premultiplied

    func run(drawingInto output: UnsafeMutableBufferPointer<UInt32>?) -> (differing: Int, antialiased: Int) {
        let maxDelta = options.maxDelta
        let detectAA = !options.includeAntialiasing
        var differing = 0, antialiased = 0
        for y in 0..<height {
            let row = y * width
            for x in 0..<width {
                let i = row + x
                let p = a[i], q = b[i]
                if p == q { continue }
                let delta = colorDelta(p, q, x: x, y: y)
                if delta <= maxDelta { continue }
                if detectAA && (isAntialiased(a, other: b, x: x, y: y) || isAntialiased(b, other: a, x: x, y: y)) {
                    antialiased += 1
                    output?[i] = Self.yellow
                } else {
                    differing += 1
                    output?[i] = Self.red
                }
            }
        }
        return (differing, antialiased)
    }

    /// The squared YIQ distance between two premultiplied pixels composited over the background at (x, y).
    @inline(__always)
    func colorDelta(_ p: UInt32, _ q: UInt32, x: Int, y: Int) -> Double {
        let (dr, dg, db) = channelDeltas(p, q, x: x, y: y)
        let dy = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        let di = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let dq = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    }

    /// The difference in brightness (Y of YIQ) between two premultiplied pixels over the background at (x, y).
    @inline(__always)
    func brightnessDelta(_ p: UInt32, _ q: UInt32, x: Int, y: Int) -> Double {
        let (dr, dg, db) = channelDeltas(p, q, x: x, y: y)
        return dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    }

    /// Red, green and blue of `p` minus `q`, both composited over the background grey at (x, y).
    @inline(__always)
    func channelDeltas(_ p: UInt32, _ q: UInt32, x: Int, y: Int) -> (Double, Double, Double) {
        var dr = Double(Int(p >> 16 & 0xFF) - Int(q >> 16 & 0xFF))
        var dg = Double(Int(p >> 8 & 0xFF) - Int(q >> 8 & 0xFF))
        var db = Double(Int(p & 0xFF) - Int(q & 0xFF))
        let da = Int(p >> 24) - Int(q >> 24)
        if da != 0 {
            // over a background c: p + c·(1 − αp) − (q + c·(1 − αq)) = p − q − c·(αp − αq)
            let background: Double = (x ^ y) & 1 == 0 ? 48 : 207
            let shift = background * Double(da) / 255
            dr -= shift
            dg -= shift
            db -= shift
        }
        return (dr, dg, db)
    }

    /// Whether the pixel at (x, y) of `image` looks like anti-aliasing (pixelmatch's `antialiased`):
    /// not more than two neighbours of its own brightness, both a darker and a brighter neighbour, and the
    /// darkest or the brightest of them inside a flat area in both images.
    @inline(__always)
    func isAntialiased(_ image: UnsafeBufferPointer<UInt32>, other: UnsafeBufferPointer<UInt32>, x: Int, y: Int) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, height - 1)
        let center = image[y * width + x]
        // A pixel on the image's edge has fewer neighbours; count the missing ones as one equal neighbour.
        var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var darkestAt = 0, brightestAt = 0
        // Columns outside, rows inside: the order decides which of two equally dark neighbours is kept,
        // and this is pixelmatch's order.
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let at = ny * width + nx
                let neighbour = image[at]
                let delta = neighbour == center ? 0 : brightnessDelta(center, neighbour, x: x, y: y)
                if delta == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = at
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = at
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

/// A share as a percentage with enough digits to tell a single pixel of a large frame: "0.0034%", "12.5%".
public func formatPercent(_ ratio: Double) -> String {
    let percent = ratio * 100
    if percent == 0 { return "0%" }
    if percent >= 10 { return String(format: "%.1f%%", percent) }
    if percent >= 0.01 { return String(format: "%.3g%%", percent) }
    return String(format: "%.2g%%", percent)
}
