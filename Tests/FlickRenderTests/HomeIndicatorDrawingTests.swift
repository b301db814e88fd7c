@testable import FlickCore
import FlickImage
@testable import FlickRender
import Foundation
import Testing

/// The home indicator takes its colour from what is drawn under it: light over dark content, dark over light.
@Suite struct HomeIndicatorDrawingTests {
    /// The middle of the bar: 8 pt above the bottom edge of an 844 pt viewport, 5 pt tall.
    static let barCentre = (x: 195.0, y: 844.0 - 8 - 2.5)

    static func scene(background: String) throws -> Scenario {
        try Fixtures.scenario("""
            name: indicator
            viewport: {width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}
            fps: 60
            duration: 1
            scene:
              background: {color: "\(background)"}
              list: {rows: 1, rowHeight: 44}
            gestures: []
            """, name: "indicator")
    }

    @Test func lightOverADarkBackgroundAndDarkOverALightOne() throws {
        let frame = FrameState(index: 0, time: 0, viewport: Size(width: 390, height: 844))
        for (hex, ink, what) in [("#1c1c1e", Color.white, "light bar over #1c1c1e"), ("#14307a", Color.white, "light bar over navy"),
                                 ("#ffffff", Color.black, "dark bar over white"), ("#f2f2f7", Color.black, "dark bar over #f2f2f7")] {
            let background = Color(hex: hex)!
            let decoded = try DecodedFrame(try Self.scene(background: hex), frame, name: "indicator-" + hex.dropFirst())
            expectPixel(decoded.pixel(Self.barCentre.x, Self.barCentre.y), over(ink.withAlpha(0.9), background), what)
            // Beside the bar, the background itself.
            expectPixel(decoded.pixel(40, Self.barCentre.y), over(background, background), what + ": beside the bar")
        }
    }

    /// The content under the bar decides, not the scene's background: a pager's page colour, from its offset.
    @Test func followsThePageUnderIt() throws {
        let scenario = try Fixtures.scenario(Fixtures.pagesYAML, name: "pages")
        // Page 1 is #FF9500 (luminance 0.63): a dark bar; page 2 is #5856D6 (0.38): a light one.
        for (fraction, page, ink) in [(0.0, 0xFF9500, Color.black), (1.0 / 3, 0x5856D6, Color.white)] {
            let decoded = try DecodedFrame(scenario, Fixtures.pagesFrame(fraction: fraction), name: "indicator-page-\(page)")
            expectPixel(decoded.pixel(Self.barCentre.x, Self.barCentre.y), over(ink.withAlpha(0.9), Color(rgb: UInt32(page))),
                        "bar over page colour \(String(page, radix: 16))")
        }
    }

    /// An SVG frame is not read back: its content is drawn again into an image of the bar's rectangle, so its bar
    /// has the PNG's colour.
    @Test func theSVGFrameChoosesAsThePNGDoes() throws {
        let frame = FrameState(index: 0, time: 0, viewport: Size(width: 390, height: 844))
        for (hex, ink) in [("#1c1c1e", Color.white), ("#ffffff", Color.black)] {
            let scenario = try Self.scene(background: hex)
            let svg = try FrameRenderer(scenario: scenario).svg(of: frame)
            let raster = try ImageSurface(svg: svg, pixelWidth: 1170, pixelHeight: 2532).bitmap()
            let pixel = raster[Int(Self.barCentre.x * 3), Int(Self.barCentre.y * 3)]
            expectPixel(pixel, over(ink.withAlpha(0.9), Color(hex: hex)!), "SVG bar over \(hex)")
        }
    }
}
