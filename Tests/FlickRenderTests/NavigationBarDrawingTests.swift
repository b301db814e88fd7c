@testable import FlickCore
import FlickImage
@testable import FlickRender
import Foundation
import Testing

/// The large-title bar drawn from its state: clear at the scroll edge with the large title under the status bar,
/// then the inline title over the translucent bar and its hairline once the list has scrolled under it.
@Suite struct NavigationBarDrawingTests {
    static let blue = Color(rgb: 0x3366CC)

    static func scene(gestures: String = "[]") throws -> Scenario {
        try Fixtures.scenario("""
            viewport: {width: 390, height: 844, scale: 2, safeArea: {top: 47, bottom: 34}}
            duration: 1.2
            scene:
              background: {color: "#3366cc"}
              navigationBar: {id: nav, title: Inbox, content: {list: {id: mail, rows: 60, rowHeight: 56}}}
            gestures: \(gestures)
            """, name: "large-title")
    }

    /// How many pixels of the rect (in points) are not `color` (text drawn over it).
    static func inked(_ frame: DecodedFrame, _ rect: Rect, apartFrom color: RGBA) -> Int {
        var count = 0
        var y = rect.minY
        while y < rect.maxY {
            var x = rect.minX
            while x < rect.maxX {
                if frame.pixel(x, y).distance(to: color) > 40 { count += 1 }
                x += 0.5
            }
            y += 0.5
        }
        return count
    }

    @Test func expandedBarIsClearWithTheLargeTitle() throws {
        let scenario = try Self.scene()
        let state = Simulation(scenario: scenario).state(at: 0)
        let decoded = try DecodedFrame(scenario, state, name: "large-title-rest")
        let blue = over(Self.blue, .black)
        // The bar is clear at the scroll edge: the background shows beside the title and under the inline bar.
        expectPixel(decoded.pixel(380, 120), blue, tolerance: 0, "beside the large title")
        expectPixel(decoded.pixel(300, 70), blue, tolerance: 0, "the inline bar, no background yet")
        // The large title is drawn in its box (x from 16, y 91 to 135); the inline title is not.
        #expect(Self.inked(decoded, Rect(x: 16, y: 95, width: 100, height: 36), apartFrom: blue) > 200)
        #expect(Self.inked(decoded, Rect(x: 160, y: 58, width: 70, height: 22), apartFrom: blue) == 0)
        // No hairline at the bar's bottom (143).
        expectPixel(decoded.pixel(300, 142.6), blue, tolerance: 0, "no hairline at the scroll edge")
    }

    @Test func collapsedBarHasItsBackgroundHairlineAndInlineTitle() throws {
        let scenario = try Self.scene(gestures: "[{at: 0.1, drag: {from: [195, 600], to: [195, 520], duration: 0.3, hold: 0.6}}]")
        let state = Simulation(scenario: scenario).state(at: 0.9)
        let bar = try #require(state.navigationBar("nav"))
        #expect(bar.frame.maxY == 91 && bar.backgroundAlpha == 1 && bar.titleAlpha == 1)
        let decoded = try DecodedFrame(scenario, state, name: "large-title-collapsed")
        // Flutter's bar colour over the blue background (no row reaches y 60: the content starts at 63).
        let barColor = composite(NavigationBarDrawing.lightBar, Self.blue)
        expectPixel(decoded.pixel(300, 60), over(barColor, .black), tolerance: 1, "the bar's background")
        // The hairline: the last device pixel row of the bar (90.5 ... 91 at 2x).
        expectPixel(decoded.pixel(300, 90.6), over(NavigationBarDrawing.hairline, barColor), tolerance: 1, "the hairline")
        // The inline title is drawn, centred on 195, 69.
        #expect(Self.inked(decoded, Rect(x: 160, y: 58, width: 70, height: 22), apartFrom: over(barColor, .black)) > 50)
    }
}
