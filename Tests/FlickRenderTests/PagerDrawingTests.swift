import FlickCore
import FlickImage
import FlickRender
import Foundation
import Testing

/// Pages in their colours placed by contentOffset, and the tab bar's indicator from the pager state.
@Suite struct PagerDrawingTests {
    @Test func pagesFollowContentOffset() throws {
        let scenario = try Fixtures.scenario(Fixtures.pagesYAML, name: "pages")
        let first = try DecodedFrame(scenario, Fixtures.pagesFrame(fraction: 0), name: "pages-0")
        expectPixel(first.pixel(20, 700), RGBA(0xFF, 0x95, 0x00), "page 1 colour")
        // A third of the way: page 2 fills the screen.
        let second = try DecodedFrame(scenario, Fixtures.pagesFrame(fraction: 1.0 / 3), name: "pages-1")
        expectPixel(second.pixel(20, 700), RGBA(0x58, 0x56, 0xD6), "page 2 colour")
        // Mid-swipe: page 1 on the left, page 2 on the right.
        let mid = try DecodedFrame(scenario, Fixtures.pagesFrame(fraction: 1.0 / 6), name: "pages-mid")
        expectPixel(mid.pixel(20, 700), RGBA(0xFF, 0x95, 0x00), "left half mid-swipe")
        expectPixel(mid.pixel(370, 700), RGBA(0x58, 0x56, 0xD6), "right half mid-swipe")
    }

    @Test func pillIndicatorSitsAtTheStatesX() throws {
        let scenario = try Fixtures.scenario(Fixtures.pagesYAML, name: "pages")
        let pill = over(Color(rgb: 0x007AFF, alpha: 0.15), composite(Color(rgb: 0xFFFFFF, alpha: 0.96), Color(rgb: 0xFF9500)))
        // The tab bar is at y 47...91; the pill spans the indicator's x inset by 4 pt.
        let atFirst = try DecodedFrame(scenario, Fixtures.pagesFrame(fraction: 0))
        expectPixel(atFirst.pixel(10, 60), pill, tolerance: 4, "pill under the first tab")
        let atThird = try DecodedFrame(scenario, Fixtures.pagesFrame(fraction: 2.0 / 3), name: "pages-2")
        #expect(atThird.pixel(10, 60).distance(to: pill) > 4, "no pill under the first tab on page 3")
        expectPixel(atThird.pixel(270, 60), over(Color(rgb: 0x007AFF, alpha: 0.15),
                                                composite(Color(rgb: 0xFFFFFF, alpha: 0.96), Color(rgb: 0x34C759))),
                    tolerance: 4, "pill under the third tab")
    }
}
