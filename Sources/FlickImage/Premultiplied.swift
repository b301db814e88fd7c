/// Conversions between a `Bitmap` and premultiplied ARGB32 pixels (Cairo's `CAIRO_FORMAT_ARGB32`: one
/// native-endian word per pixel, alpha in the top byte, colour channels already multiplied by alpha), the
/// one place where Cairo's pixels become Flick's and back.
extension Bitmap {
    /// An image from premultiplied ARGB32 words, rows `bytesPerRow` apart. With `ignoringAlpha` (Cairo's
    /// RGB24, whose top byte is undefined) every pixel is opaque.
    ///
    /// Un-premultiplying rounds to the nearest value, `(c · 255 + α/2) / α`, as Flick's PNG frames always have.
    public init(premultipliedARGB base: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int,
                ignoringAlpha: Bool = false) {
        self.init(width: width, height: height) { out in
            guard width > 0, height > 0, var o = out.baseAddress else { return }
            for y in 0..<height {
                let row = base + y * bytesPerRow
                for x in 0..<width {
                    var argb = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    if ignoringAlpha { argb |= 0xFF00_0000 }
                    let a = argb >> 24
                    var r = argb >> 16 & 0xFF, g = argb >> 8 & 0xFF, b = argb & 0xFF
                    if a != 255 {
                        if a == 0 {
                            r = 0; g = 0; b = 0
                        } else {
                            r = min(255, (r * 255 + a / 2) / a)
                            g = min(255, (g * 255 + a / 2) / a)
                            b = min(255, (b * 255 + a / 2) / a)
                        }
                    }
                    o.pointee = UInt32(littleEndian: r | g << 8 | b << 16 | a << 24)
                    o += 1
                }
            }
        }
    }

    /// Writes the image as premultiplied ARGB32 words into rows `bytesPerRow` apart (`height` rows of at
    /// least `width × 4` bytes). Premultiplying rounds to the nearest value, as Cairo's PNG reader does.
    public func writePremultipliedARGB(to base: UnsafeMutableRawPointer, bytesPerRow: Int) {
        words.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = base + y * bytesPerRow
                for x in 0..<width {
                    let value = UInt32(littleEndian: source[y * width + x])
                    let r = value & 0xFF, g = value >> 8 & 0xFF, b = value >> 16 & 0xFF, a = value >> 24
                    func multiply(_ c: UInt32) -> UInt32 {
                        let t = c * a + 0x80
                        return (t + (t >> 8)) >> 8
                    }
                    let argb = a == 255 ? 0xFF00_0000 | r << 16 | g << 8 | b
                                        : a << 24 | multiply(r) << 16 | multiply(g) << 8 | multiply(b)
                    row.storeBytes(of: argb, toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
    }
}
