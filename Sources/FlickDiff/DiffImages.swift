/// The images a failing comparison leaves for review.
public enum DiffImages {
    /// Width of the grey bar between the panels of a side-by-side strip, in pixels.
    public static let gap = 8
    /// The colour of the bars between the panels.
    public static let barColor = RGBA(128, 128, 128)

    /// Where the three panels of a strip go, and how much they are reduced to fit.
    public struct Layout: Equatable, Sendable {
        /// Panels side by side (left to right), or stacked (top to bottom) when side by side would be too wide.
        public enum Arrangement: Equatable, Sendable { case sideBySide, stacked }

        public let arrangement: Arrangement
        /// Each panel pixel is the mean of `reduction × reduction` image pixels (1: full size).
        public let reduction: Int
        /// Size of one panel, in pixels.
        public let panelWidth: Int
        public let panelHeight: Int

        /// Size of the whole strip, in pixels.
        public var width: Int { arrangement == .sideBySide ? 3 * panelWidth + 2 * gap : panelWidth }
        public var height: Int { arrangement == .sideBySide ? panelHeight : 3 * panelHeight + 2 * gap }

        /// The top-left corner of panel `n` (0: expected, 1: actual, 2: diff).
        func origin(of n: Int) -> (x: Int, y: Int) {
            arrangement == .sideBySide ? (n * (panelWidth + gap), 0) : (0, n * (panelHeight + gap))
        }
    }

    /// The layout of the strip for images of `width × height` pixels: side by side at full size when Cairo
    /// could draw that (at most 32767 pixels a side) within the pixel limit, else stacked, else reduced by
    /// the smallest whole factor that makes one of the two fit.
    public static func layout(width: Int, height: Int) -> Layout {
        precondition(width > 0 && height > 0, "panels must not be empty")
        var reduction = 1
        while true {
            let w = (width + reduction - 1) / reduction, h = (height + reduction - 1) / reduction
            for arrangement in [Layout.Arrangement.sideBySide, .stacked] {
                let layout = Layout(arrangement: arrangement, reduction: reduction, panelWidth: w, panelHeight: h)
                if ImageLimits.allowsDrawing(width: layout.width, height: layout.height) { return layout }
            }
            reduction += 1
        }
    }

    /// Expected, actual and diff in one image, separated by grey bars `gap` pixels wide: side by side, or
    /// stacked, or reduced, as `layout(width:height:)` decides. All three must have the same size.
    public static func sideBySide(expected: Bitmap, actual: Bitmap, diff: Bitmap) -> Bitmap {
        let panels = [expected, actual, diff]
        precondition(panels.allSatisfy { $0.width == expected.width && $0.height == expected.height }, "panels of different sizes")
        let layout = layout(width: expected.width, height: expected.height)
        var strip = Bitmap(width: layout.width, height: layout.height, color: barColor)
        for (n, panel) in panels.enumerated() {
            let (left, top) = layout.origin(of: n)
            let reduced = layout.reduction == 1 ? panel : reduce(panel, by: layout.reduction)
            strip.words.withUnsafeMutableBufferPointer { destination in
                reduced.words.withUnsafeBufferPointer { source in
                    for y in 0..<reduced.height {
                        let from = source.baseAddress! + y * reduced.width
                        (destination.baseAddress! + (top + y) * layout.width + left).update(from: from, count: reduced.width)
                    }
                }
            }
        }
        return strip
    }

    /// The image with each `factor × factor` block (clipped at the right and bottom edges) averaged into one
    /// pixel, weighting colours by their opacity.
    public static func reduce(_ image: Bitmap, by factor: Int) -> Bitmap {
        let width = (image.width + factor - 1) / factor, height = (image.height + factor - 1) / factor
        return image.words.withUnsafeBufferPointer { source in
            Bitmap(width: width, height: height) { out in
                for by in 0..<height {
                    for bx in 0..<width {
                        var r = 0, g = 0, b = 0, a = 0, n = 0
                        for y in (by * factor)..<min((by + 1) * factor, image.height) {
                            for x in (bx * factor)..<min((bx + 1) * factor, image.width) {
                                let value = UInt32(littleEndian: source[y * image.width + x])
                                let alpha = Int(value >> 24)
                                r += Int(value & 0xFF) * alpha
                                g += Int(value >> 8 & 0xFF) * alpha
                                b += Int(value >> 16 & 0xFF) * alpha
                                a += alpha
                                n += 1
                            }
                        }
                        let color = a == 0 ? RGBA.clear
                            : RGBA(UInt8((r + a / 2) / a), UInt8((g + a / 2) / a), UInt8((b + a / 2) / a), UInt8((a + n / 2) / n))
                        out[by * width + bx] = color.word
                    }
                }
            }
        }
    }
}
