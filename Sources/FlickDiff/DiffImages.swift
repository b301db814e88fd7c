/// The images a failing comparison leaves for review.
public enum DiffImages {
    /// How much of the expected image's brightness shows under the marks of a diff image
    /// (pixelmatch's `alpha`): 0 is white, 1 the full grey copy.
    public static let fadedCopyOpacity = 0.1

    /// Width of the grey bar between the panels of a side-by-side strip, in pixels.
    public static let gap = 8

    /// The expected image in grey, faded towards white: the background of a diff image.
    static func fadedCopy(of image: Bitmap) -> Bitmap {
        var pixels = [UInt32](repeating: 0, count: image.pixels.count)
        let alpha = fadedCopyOpacity
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { destination in
                for i in 0..<source.count {
                    let p = source[i]
                    // Brightness of the straight colour times its alpha, from premultiplied channels directly;
                    // blended with white: 255 + (Y − 255) · opacity · α = 255 + opacity · (Yₚ − α).
                    let luma = Double(p >> 16 & 0xFF) * 0.29889531 + Double(p >> 8 & 0xFF) * 0.58662247 + Double(p & 0xFF) * 0.11448223
                    let grey = UInt32((255 + alpha * (luma - Double(p >> 24))).rounded())
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
