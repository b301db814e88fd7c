@testable import FlickCore
@testable import FlickRender
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

    /// While the panel shows the section, the list's section chips are not drawn over the rows beside it: they are
    /// drawn at 1 − the panel's alpha (timeline-panel drew a light "7:00 AM" chip against the dark "7:00 AM" panel).
    @Test func sectionChipsFadeAsThePanelShows() throws {
        let scenario = try Fixtures.timeline()
        guard case .list(let spec) = scenario.scene.root.kind else { Issue.record("the timeline is a list"); return }
        // Offset 330: the 10:00 AM section starts at y 54, so its chip is pinned at 53 (the top inset 47 + 6).
        let chip = ListDrawing.chipRect(title: "10:00 AM", top: 53, spec: spec, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let probe = (x: chip.minX + 5, y: chip.minY + chip.height / 2)
        let chipColor = over(Color(rgb: 0xF2F2F7, alpha: 0.97), .white)
        let hidden = try DecodedFrame(scenario, Fixtures.timelineFrame(panelAlpha: 0), name: "chips-panel-hidden")
        expectPixel(hidden.pixel(probe.x, probe.y), chipColor, "the chip with the panel hidden")
        let shown = try DecodedFrame(scenario, Fixtures.timelineFrame(panelAlpha: 1), name: "chips-panel-shown")
        expectPixel(shown.pixel(probe.x, probe.y), over(.white, .white), "no chip while the panel shows")
        let half = try DecodedFrame(scenario, Fixtures.timelineFrame(panelAlpha: 0.5), name: "chips-panel-half")
        expectPixel(half.pixel(probe.x, probe.y), over(Color(rgb: 0xF2F2F7, alpha: 0.97 * 0.5), .white), "half a chip at half the panel")
    }
}
