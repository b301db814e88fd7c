@testable import FlickCore
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

    /// Four tabs all titled "Comments", 88.5 pt wide: the selected one is bold, which is wider than its room at the
    /// bar's size, the others regular, which fit. Every title is drawn at the one size the bold one fits at, so
    /// their ink is equally tall; none is shrunk alone.
    @Test func everyTitleIsSetAtOneSize() throws {
        let yaml = """
            name: tabs
            viewport: {width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}
            fps: 60
            duration: 1
            scene:
              background: plain
              pager:
                tabBar: {height: 44, indicator: underline, widths: [88.5, 88.5, 88.5, 88.5]}
                pages:
                  - {title: Comments, color: "#f2f2f7"}
                  - {title: Comments, color: "#f2f2f7"}
                  - {title: Comments, color: "#f2f2f7"}
                  - {title: Comments, color: "#f2f2f7"}
            gestures: []
            """
        let scenario = try Fixtures.scenario(yaml, name: "tabs")
        var frame = FrameState(index: 0, time: 0, viewport: Size(width: 390, height: 844))
        frame.scrollViews.append(Fixtures.scrollState(key: "pager", axis: .horizontal, frame: Rect(x: 0, y: 0, width: 390, height: 844),
                                                      contentSize: Size(width: 4 * 390, height: 844 - 47 - 34),
                                                      offset: Point(x: 0, y: -47), safeArea: EdgeInsets(top: 47, bottom: 34)))
        let bar = Rect(x: 0, y: 47, width: 390, height: 44)
        let tabs = (0..<4).map { TabSpan(x: Double($0) * 88.5, width: 88.5) }
        frame.pagers = [PagerState(key: "pager", page: 0, fraction: 0, indicator: tabs[0], tabBar: bar,
                                   tabs: TabSpans(tabs), tabBarOffset: 0)]
        let decoded = try DecodedFrame(scenario, frame, name: "tabs-one-size")
        // The rows of each tab's title ink, above the underline.
        let scale = decoded.scale
        let heights = tabs.map { tab -> Int in
            let background = decoded.pixel(tab.x + 2, bar.minY + 3)
            let rows = Int(bar.minY * scale)..<Int((bar.maxY - 4) * scale)
            let columns = Int((tab.x + 4) * scale)..<Int((tab.x + tab.width - 4) * scale)
            let inked = rows.filter { y in columns.contains { x in decoded.image[x, y].distance(to: background) > 60 } }
            return (inked.last ?? 0) - (inked.first ?? 0) + 1
        }
        // Cap height of DejaVu Sans: 0.729 em; at 13 pt and 3x that is 28 px.
        #expect(heights.allSatisfy { $0 > 20 }, "every tab has a title: ink heights \(heights) px")
        #expect(heights.max()! - heights.min()! <= 1, "every title at one size: ink heights \(heights) px")
    }
}
