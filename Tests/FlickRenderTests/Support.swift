import FlickCore
import FlickRender
import Foundation
import Testing

/// A frame rendered to a PNG file and decoded back with Cairo's own PNG reader: the real pixels a reviewer sees.
struct DecodedFrame {
    let image: ImageSurface
    let scale: Double
    let png: Data

    /// Renders `frame` of `scenario` through the PNG encoder and decodes the file (kept as `name` for review
    /// when FLICK_TEST_ARTIFACTS is set).
    init(_ scenario: Scenario, _ frame: FrameState, overlay: Bool = false, name: String? = nil) throws {
        let renderer = try FrameRenderer(scenario: scenario, options: RenderOptions(overlay: overlay, iconFolders: [Fixtures.icons]))
        png = try renderer.png(of: frame)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("flick-test-\(getpid())-\(UUID().uuidString).png")
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        image = try ImageSurface(contentsOfPNGFile: file.path)
        scale = scenario.viewport.scale
        if let name { Fixtures.keep(png, as: name + ".png") }
    }

    /// The pixel under the point (`x`, `y`) in points.
    func pixel(_ x: Double, _ y: Double) -> Pixel {
        image.pixel(x: Int(x * scale), y: Int(y * scale))
    }
}

/// `color` composited over `background` and rounded to 8 bits, as the PNG should hold it.
func over(_ color: Color, _ background: Color) -> Pixel {
    func channel(_ c: Double, _ b: Double) -> UInt8 { UInt8((c * color.alpha + b * (1 - color.alpha)) * 255 + 0.5) }
    return Pixel(r: channel(color.red, background.red), g: channel(color.green, background.green),
                 b: channel(color.blue, background.blue))
}

/// Expects `actual` within `tolerance` (per channel, out of 255) of `expected`, saying both when not.
func expectPixel(_ actual: Pixel, _ expected: Pixel, tolerance: Int = 3, _ what: String,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.distance(to: expected) <= tolerance, "\(what): pixel \(actual), expected \(expected) ± \(tolerance)",
            sourceLocation: sourceLocation)
}

/// `color` composited over the opaque `background`, still as a colour (for layers over layers).
func composite(_ color: Color, _ background: Color) -> Color {
    Color(red: color.red * color.alpha + background.red * (1 - color.alpha),
          green: color.green * color.alpha + background.green * (1 - color.alpha),
          blue: color.blue * color.alpha + background.blue * (1 - color.alpha))
}
