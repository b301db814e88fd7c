import FlickCore
import FlickImage
import FlickRender
import Foundation
import Testing

/// Two pagers and two lists with info panels in one scene (Examples/two-pagers.yaml): each component keeps its own
/// state under its key, and each is drawn from its own state.
@Suite struct KeyedStateTests {
    static func run() throws -> (Scenario, [FrameState]) {
        let scenario = try Fixtures.example("two-pagers.yaml")
        return (scenario, Simulation.frames(of: scenario))
    }

    @Test("Each pager pages on its own and carries its own tab bar, tabs and indicator")
    func pagers() throws {
        let (_, frames) = try Self.run()
        let end = try #require(frames.last)
        #expect(end.pagers.map(\.key) == ["shows", "filters"])
        let shows = try #require(end.pager("shows")), filters = try #require(end.pager("filters"))
        // The swipe moved the first pager one page; the tap on "Month" moved the second two pages.
        #expect(shows.page == 1 && filters.page == 2)
        // Three equal tabs of 130 pt and four of 97.5 pt: the indicators sit under the second and the third tab.
        #expect(abs(shows.indicator.x - 130) < 1e-6 && abs(shows.indicator.width - 130) < 1e-6)
        #expect(abs(filters.indicator.x - 195) < 1e-6 && abs(filters.indicator.width - 97.5) < 1e-6)
        #expect(shows.tabs.map(\.x) == [0, 130, 260])
        #expect(filters.tabs.map(\.x) == [0, 97.5, 195, 292.5])
        // The first tab bar sits below the safe area; the second at the top of its own frame.
        #expect(shows.tabBar == Rect(x: 0, y: 47, width: 390, height: 44))
        #expect(filters.tabBar == Rect(x: 0, y: 230, width: 390, height: 40))
        // The top-level `pager` is the first one.
        #expect(end.pager == shows)
        // While the first pager was swiped, the second did not move.
        let midSwipe = frames[25]
        #expect((midSwipe.pager("shows")?.fraction ?? 0) > 0)
        #expect(midSwipe.pager("filters")?.fraction == 0)
    }

    @Test("Each panelled list has its own panel, showing its own sections")
    func panels() throws {
        let (_, frames) = try Self.run()
        #expect(frames[0].panels.map(\.key) == ["morning", "evening"])
        // During the fling on the first list only its panel shows.
        let fling = frames[100]
        #expect((fling.panel("morning")?.alpha ?? 0) == 1)
        #expect(fling.panel("evening")?.alpha == 0)
        // During the drag on the second list its panel shows the evening's hours.
        let drag = frames[165]
        #expect((drag.panel("evening")?.alpha ?? 0) > 0)
        #expect(drag.panel("evening")?.text.hasSuffix("PM") == true)
        #expect(drag.panel("morning")?.text.hasSuffix("AM") == true)
        // Each rides beside its own list's indicator.
        let morning = try #require(drag.scrollView("morning")?.indicator?.frame)
        let evening = try #require(drag.scrollView("evening")?.indicator?.frame)
        #expect(abs((drag.panel("evening")?.frame.maxX ?? 0) + 4 - evening.minX) < 1e-9)
        #expect(abs((drag.panel("morning")?.frame.maxX ?? 0) + 4 - morning.minX) < 1e-9)
    }

    @Test("The states document has every pager and panel under its key, and the first at the top level")
    func document() throws {
        let (scenario, frames) = try Self.run()
        let text = StatesWriter.document(scenario, frames: Array(frames.suffix(1)), format: .json)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let frame = try #require((json["frames"] as? [[String: Any]])?.first)
        let pagers = try #require(frame["pagers"] as? [String: Any])
        #expect(Set(pagers.keys) == ["shows", "filters"])
        #expect((pagers["filters"] as? [String: Any])?["page"] as? Double == 2)
        #expect((frame["pager"] as? [String: Any])?["page"] as? Double == 1)
        let panels = try #require(frame["panels"] as? [String: Any])
        #expect(Set(panels.keys) == ["morning", "evening"])
        #expect(frame.keys.contains("sheets") == false)
    }

    @Test("Each pager's indicator is drawn from its own state")
    func drawing() throws {
        let (scenario, frames) = try Self.run()
        var scenario1x = scenario
        scenario1x.viewport.scale = 1
        let end = try DecodedFrame(scenario1x, try #require(frames.last), name: "two-pagers-end")
        let tint = RGBA(0x00, 0x7A, 0xFF)
        // The first pager's underline, 2.5 pt thick at the bottom of its bar (y 88.5...91), under the second tab.
        expectPixel(end.pixel(195, 90), tint, tolerance: 6, "underline under Following")
        #expect(end.pixel(60, 90).distance(to: tint) > 60, "no underline under Featured")
        // The second pager's pill, a 15 % tint over the bar, under Month (x 195...292.5) and not under Day.
        let underMonth = end.pixel(243, 250), underDay = end.pixel(48, 250)
        #expect(underMonth.blue > underMonth.red + 10, "pill under Month: \(underMonth)")
        #expect(abs(Int(underDay.blue) - Int(underDay.red)) < 12, "no pill under Day: \(underDay)")
    }
}
