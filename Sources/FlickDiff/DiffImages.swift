/// The images a failing comparison leaves for review.
public enum DiffImages {
    /// How much of the expected image's brightness shows under the marks of a diff image, in tenths
    /// (pixelmatch's `alpha`, 0.1): 0 is white, 10 the full grey copy.
    static let fadedCopyTenths = 1

    /// Width of the grey bar between the panels of a side-by-side strip, in pixels.
    public static let gap = 8

    /// The expected image in grey, faded towards white: the background of a diff image.
    static func fadedCopy(of image: Bitmap) -> Bitmap {
        var pixels = [UInt32](repeating: 0, count: image.pixels.count)
        // Brightness of the straight colour times its alpha, from the premultiplied channels directly;
        // blended with white: 255 + (Y − 255) · opacity · α = 255 + opacity · (Yₚ − α). In integers scaled by
        // 10⁵: the YIQ weights to four places (they sum to 1) times the opacity in tenths, plus ½ to round.
        let tenths = fadedCopyTenths
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { destination in
                for i in 0..<source.count {
                    let p = source[i]
                    let luma = 2989 * Int(p >> 16 & 0xFF) + 5866 * Int(p >> 8 & 0xFF) + 1145 * Int(p & 0xFF)
                    let scaled = 25_500_000 + tenths * (luma - 10_000 * Int(p >> 24)) + 50_000
                    let grey = UInt32(scaled / 100_000)
                    destination[i] = 0xFF00_0000 | grey << 16 | grey << 8 | grey
                }
            }
        }
        return Bitmap(width: image.width, height: image.height, premultipliedPixels: pixels)
    }

    /// Expected, actual and diff side by side, separated by grey bars `gap` pixels wide.
    /// All three must have the same size.
    public static func sideBySide(expected: Bitmap, actual: Bitmap, diff: Bitmap) -> Bitmap {
        let panels = [expected, actual, diff]
        precondition(panels.allSatisfy { $0.width == expected.width && $0.height == expected.height }, "panels of different sizes")
        let width = expected.width * 3 + gap * 2
        var strip = Bitmap(width: width, height: expected.height, color: RGBA(128, 128, 128))
        strip.pixels.withUnsafeMutableBufferPointer { destination in
            for (n, panel) in panels.enumerated() {
                let left = n * (expected.width + gap)
                panel.pixels.withUnsafeBufferPointer { source in
                    for y in 0..<panel.height {
                        let from = source.baseAddress! + y * panel.width
                        (destination.baseAddress! + y * width + left).update(from: from, count: panel.width)
                    }
                }
            }
        }
        return strip
    }
}
