import FlickCore
import FlickImage
import FlickRender
import Foundation
import Testing

/// A frame rendered to PNG and decoded back (libspng): the real pixels a reviewer sees.
struct DecodedFrame {
    let image: Bitmap
    let scale: Double
    let png: Data

    /// Renders `frame` of `scenario` through the PNG encoder and decodes the file's bytes (kept as `name` for
    /// review when FLICK_TEST_ARTIFACTS is set).
    init(_ scenario: Scenario, _ frame: FrameState, overlay: Bool = false, name: String? = nil) throws {
        let renderer = try FrameRenderer(scenario: scenario, options: RenderOptions(overlay: overlay, iconFolders: [Fixtures.icons]))
        png = try renderer.png(of: frame)
        image = try Bitmap.decodePNG(png, path: name ?? "frame")
        scale = scenario.viewport.scale
        if let name { Fixtures.keep(png, as: name + ".png") }
    }

    /// The pixel under the point (`x`, `y`) in points.
    func pixel(_ x: Double, _ y: Double) -> RGBA {
        image[Int(x * scale), Int(y * scale)]
    }
}

/// `color` composited over `background` and rounded to 8 bits, as the PNG should hold it.
func over(_ color: Color, _ background: Color) -> RGBA {
    func channel(_ c: Double, _ b: Double) -> UInt8 { UInt8((c * color.alpha + b * (1 - color.alpha)) * 255 + 0.5) }
    return RGBA(channel(color.red, background.red), channel(color.green, background.green),
                channel(color.blue, background.blue))
}

/// Expects `actual` within `tolerance` (per channel, out of 255) of `expected`, saying both when not.
func expectPixel(_ actual: RGBA, _ expected: RGBA, tolerance: Int = 3, _ what: String,
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
