import FlickCore
import FlickImage
import FlickRender
import Foundation
import Testing

/// The scroll indicator, on frames from the real simulation of a bundled example.
@Suite struct ScrollIndicatorDrawingTests {
    /// fling-to-rest at scale 1 (fast), with the frames where the indicator is fully shown and hidden.
    static func flingFrames() throws -> (scenario: Scenario, shown: FrameState, hidden: FrameState) {
        var scenario = try Fixtures.example("fling-to-rest.yaml")
        scenario.viewport.scale = 1
        let frames = Simulation.frames(of: scenario)
        let shown = try #require(frames.first { ($0.scrollView("list")?.indicator?.alpha ?? 0) == 1 && $0.time > 0.5 })
        let hidden = try #require(frames.first { ($0.scrollView("list")?.indicator?.alpha ?? 1) == 0 })
        return (scenario, shown, hidden)
    }

    @Test func indicatorIsDrawnInIOSColourWhereTheStateSaysAndNowhereElse() throws {
        let (scenario, shown, hidden) = try Self.flingFrames()
        let indicator = try #require(shown.scrollView("list")?.indicator)
        let decoded = try DecodedFrame(scenario, shown, name: "indicator-shown")
        let centre = (x: indicator.frame.minX + indicator.frame.width / 2, y: indicator.frame.minY + indicator.frame.height / 2)
        // 0x59000000 over white.
        expectPixel(decoded.pixel(centre.x, centre.y), over(Color(argb: 0x5900_0000), .white), "indicator centre")
        // Above and below the indicator, in the same column: the white background.
        expectPixel(decoded.pixel(centre.x, indicator.frame.minY - 3), RGBA(255, 255, 255), "just above the indicator")
        // The same place on a frame where the indicator has faded out.
        let faded = try DecodedFrame(scenario, hidden, name: "indicator-hidden")
        expectPixel(faded.pixel(centre.x, centre.y), RGBA(255, 255, 255), "indicator position once faded")
    }

    @Test func darkThemeIndicatorIsTranslucentWhite() throws {
        var (scenario, shown, _) = try Self.flingFrames()
        scenario.theme = .dark
        let indicator = try #require(shown.scrollView("list")?.indicator)
        let decoded = try DecodedFrame(scenario, shown, name: "indicator-dark")
        expectPixel(decoded.pixel(indicator.frame.minX + 1.5, indicator.frame.minY + indicator.frame.height / 2),
                    over(Color(argb: 0x80FF_FFFF), .black), "dark indicator centre")
    }

    @Test func pngSizeIsViewportTimesScale() throws {
        var scenario = try Fixtures.example("horizontal-carousel.json")
        for scale in [1.0, 2.0, 3.0] {
            scenario.viewport.scale = scale
            let frame = try #require(Simulation(scenario: scenario).nextFrame())
            let decoded = try DecodedFrame(scenario, frame)
            #expect(decoded.image.width == Int(390 * scale) && decoded.image.height == Int(200 * scale),
                    "scale \(scale): \(decoded.image.width)×\(decoded.image.height)")
        }
    }
}
