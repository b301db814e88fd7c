import FlickCore
import FlickRender
import Foundation
import Testing

/// The info panel beside the indicator (Path 2; docs/physics.md, "Info panel").
@Suite struct InfoPanelDrawingTests {
    @Test func panelIsDrawnAtItsFrameWithItsAlpha() throws {
        let scenario = try Fixtures.timeline()
        let shown = try DecodedFrame(scenario, Fixtures.timelineFrame(panelAlpha: 1), name: "timeline-panel")
        let hidden = try DecodedFrame(scenario, Fixtures.timelineFrame(panelAlpha: 0))
        let panel = try #require(Fixtures.timelineFrame().panel)
        // Near the panel's leading edge, clear of its text: the panel's dark fill.
        let x = panel.frame.minX + 3, y = centerY(panel.frame)
        let background = hidden.pixel(x, y)
        #expect(background.red > 200, "behind the panel (hidden): \(background)")
        let fill = shown.pixel(x, y)
        #expect(fill.red < 60 && fill.green < 60 && fill.blue < 60, "panel fill: \(fill)")
        // Half alpha lands in between.
        let half = try DecodedFrame(scenario, Fixtures.timelineFrame(panelAlpha: 0.5)).pixel(x, y)
        #expect(half.red > fill.red + 40 && half.red < background.red - 40, "panel at alpha 0.5: \(half)")
    }

    @Test func sectionHeadersAndIndicatorInDarkTheme() throws {
        let scenario = try Fixtures.timeline(theme: .dark)
        let decoded = try DecodedFrame(scenario, Fixtures.timelineFrame(), name: "timeline-dark")
        let indicator = Fixtures.timelineIndicator
        expectPixel(decoded.pixel(centerX(indicator), indicator.minY + 10), over(Color(argb: 0x80FF_FFFF), .black), "dark indicator")
    }
}
