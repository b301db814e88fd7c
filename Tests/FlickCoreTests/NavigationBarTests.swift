import Foundation
import Testing
@testable import FlickCore

/// A large-title bar over a list of 60 rows on a 390 × 844 screen with a 47 pt status bar.
func navigationBarScene(stretches: Bool = true, fps: Int = 60, duration: Double = 3, gestures: String = "[]") -> String {
    """
    viewport: {width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}
    fps: \(fps)
    duration: \(duration)
    scene:
      background: plain
      navigationBar:
        id: nav
        title: Inbox
        stretches: \(stretches)
        content: {list: {id: mail, rows: 60, rowHeight: 56}}
    gestures: \(gestures)
    """
}

@Suite("Navigation bar: large title collapse, fade, scroll edge, stretch, nesting, keys")
struct NavigationBarTests {
    static let g = NavigationBarGeometry.self

    /// Points the tracked list is scrolled from its top resting position.
    static func scrolled(_ state: FrameState, _ list: String = "mail") -> Double {
        let view = state.scrollView(list)!
        return view.contentOffset.y + view.adjustedContentInset.top
    }

    @Test("At rest: 96 pt below a 47 pt status bar, the list's first row under it, the large title shown")
    func resting() throws {
        let state = Simulation(scenario: try scenario(navigationBarScene())).state(at: 0)
        let bar = try #require(state.navigationBar("nav"))
        let list = try #require(state.scrollView("mail"))
        #expect(bar.tracks == "mail")
        #expect(list.adjustedContentInset.top == 47 + 96)
        #expect(list.contentOffset.y == -143)
        #expect(bar.frame == Rect(x: 0, y: 0, width: 390, height: 143))
        #expect(bar.height == 96 && bar.collapse == 0 && bar.stretch == 0)
        #expect(bar.largeTitleAlpha == 1 && bar.titleAlpha == 0 && bar.backgroundAlpha == 0)
        #expect(bar.titleCenter == Point(x: 195, y: 47 + 22))
        #expect(bar.largeTitleClip == Rect(x: 0, y: 91, width: 390, height: 52))
        #expect(bar.largeTitleFrame == Rect(x: 16, y: 143 - 8 - 44, width: 358, height: 44))
        #expect(bar.largeTitleScale == 1 && bar.largeTitleFontSize == 34 && bar.titleFontSize == 17)
    }

    @Test("Scrolled 30 pt and held: the bar is 66 pt, its bottom on the content, the large title still shown")
    func partlyCollapsed() throws {
        let sim = Simulation(scenario: try scenario(navigationBarScene(
            gestures: "[{at: 0.1, drag: {from: [195, 600], to: [195, 570], duration: 0.3, hold: 0.5}}]")))
        let state = sim.state(at: 0.7)
        let bar = try #require(state.navigationBar("nav"))
        let p = Self.scrolled(state)
        #expect(p > 20 && p < 42, "scrolled \(p)")
        expectClose(bar.collapse, p / 52, 1e-12)
        expectClose(bar.height, 96 - p, 1e-9)
        expectClose(bar.frame.maxY, 143 - p, 1e-9)
        let list = try #require(state.scrollView("mail"))
        expectClose(bar.frame.maxY, list.frame.minY - list.contentOffset.y, 1e-9, "the bar's bottom is the content's top")
        #expect(bar.largeTitleAlpha == 1 && bar.backgroundAlpha == 0)
    }

    @Test("Scrolled 80 pt: collapsed to 44 pt, the inline title faded in, background and hairline in from 52 to 62 pt")
    func collapsed() throws {
        let sim = Simulation(scenario: try scenario(navigationBarScene(
            gestures: "[{at: 0.1, drag: {from: [195, 600], to: [195, 520], duration: 0.3, hold: 0.6}}]")))
        let state = sim.state(at: 0.9)
        let bar = try #require(state.navigationBar("nav"))
        #expect(Self.scrolled(state) > 62)
        #expect(bar.collapse == 1 && bar.height == 44 && bar.frame.maxY == 91)
        #expect(bar.largeTitleClip.height == 0)
        #expect(bar.titleAlpha == 1 && bar.largeTitleAlpha == 0 && bar.backgroundAlpha == 1)
        // Flutter's shrinkAnimationValue is linear in the scroll: 57 pt is halfway.
        let half = Self.g.state(key: "x", tracks: "y", frame: Rect(x: 0, y: 0, width: 390, height: 844), safeTop: 47,
                                scrolled: 57, stretches: true, largeTitleAlpha: 0)
        expectClose(half.backgroundAlpha, 0.5, 1e-12)
    }

    @Test("The titles trade places over 0.15 s from the instant the list crosses 42 pt, the same at 60 and 120 fps")
    func titleFade() throws {
        // A fling: the crossing happens during the deceleration, between frames.
        let fling = "[{at: 0.1, drag: {from: [195, 600], to: [195, 560], duration: 0.05}}]"
        let a = Simulation.frames(of: try scenario(navigationBarScene(fps: 60, duration: 1, gestures: fling)))
        let b = Simulation.frames(of: try scenario(navigationBarScene(fps: 120, duration: 1, gestures: fling)))
        var fading = 0
        for frame in a {
            let other = b[frame.index * 2]
            let x = try #require(frame.navigationBar("nav")), y = try #require(other.navigationBar("nav"))
            expectClose(x.largeTitleAlpha, y.largeTitleAlpha, 1e-9, "frame \(frame.index)")
            expectClose(x.titleAlpha + x.largeTitleAlpha, 1, 1e-12)
            if x.largeTitleAlpha > 0 && x.largeTitleAlpha < 1 { fading += 1 }
        }
        // 0.15 s at 60 fps: 8 or 9 frames mid-fade.
        #expect((8...9).contains(fading), "\(fading) frames mid-fade")
        // The crossing, found on a fine grid of the deceleration, and the fade half done 75 ms later.
        let sim = Simulation(scenario: try scenario(navigationBarScene(fps: 60, duration: 1, gestures: fling)))
        var t = 0.15
        while Self.scrolled(sim.state(at: t)) < 42 { t += 1e-5 }
        let mid = try #require(sim.state(at: t + 0.075).navigationBar("nav"))
        expectClose(mid.largeTitleAlpha, 0.5, 1e-3, "half-way through the fade")
    }

    @Test("Pulled 100 pt past the top: the bar grows with the list and the title scales by 1 + 0.03 × stretch / 44")
    func stretch() throws {
        let pull = "[{at: 0.1, drag: {from: [195, 300], to: [195, 500], duration: 0.4, hold: 0.6}}]"
        let state = Simulation(scenario: try scenario(navigationBarScene(gestures: pull))).state(at: 0.8)
        let bar = try #require(state.navigationBar("nav"))
        let stretch = -Self.scrolled(state)
        #expect(stretch > 50, "rubber-banded \(stretch)")
        expectClose(bar.stretch, stretch, 1e-9)
        expectClose(bar.height, 96 + stretch, 1e-9)
        expectClose(bar.largeTitleScale, 1 + 0.03 * stretch / 44, 1e-12)
        expectClose(bar.largeTitleFontSize, 34 * bar.largeTitleScale, 1e-12)
        expectClose(bar.largeTitleFrame.maxY, bar.frame.maxY - 8, 1e-9, "scaled about its bottom-left corner")
        expectClose(bar.largeTitleFrame.height, 44 * bar.largeTitleScale, 1e-9)
        // The scale stops at 1.1 (146.7 pt of stretch).
        let far = Self.g.state(key: "x", tracks: "y", frame: Rect(x: 0, y: 0, width: 390, height: 844), safeTop: 47,
                               scrolled: -300, stretches: true, largeTitleAlpha: 1)
        #expect(far.largeTitleScale == 1.1)

        let fixed = Simulation(scenario: try scenario(navigationBarScene(stretches: false, gestures: pull))).state(at: 0.8)
        let still = try #require(fixed.navigationBar("nav"))
        #expect(Self.scrolled(fixed) < -50)
        #expect(still.height == 96 && still.stretch == 0 && still.largeTitleScale == 1 && still.frame.maxY == 143)
    }

    @Test("In a sheet: the bar moves with the sheet's top and collapses with the sheet's list")
    func inSheet() throws {
        let yaml = """
        viewport: {width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}
        duration: 3
        scene:
          sheet:
            detents: [{name: half, fraction: 0.5}, {name: full, fraction: 0.92}]
            initial: half
            header: {height: 20}
            content: {navigationBar: {id: nav, title: Classes, content: {list: {id: classes, rows: 40, rowHeight: 56}}}}
        gestures: [{at: 0.2, drag: {from: [195, 700], to: [195, 200], duration: 0.8, hold: 0.5}}]
        """
        let sim = Simulation(scenario: try scenario(yaml))
        let start = sim.state(at: 0)
        let sheet = try #require(start.sheet), bar = try #require(start.navigationBar("nav"))
        #expect(bar.frame == Rect(x: 0, y: sheet.top + 20, width: 390, height: 96), "no status bar inside the sheet")
        #expect(start.scrollView("classes")?.contentOffset.y == -96)
        // Up: the sheet rises to full, then the list scrolls and the bar collapses.
        let later = sim.state(at: 1.3)
        let top = try #require(later.sheet?.top), raised = try #require(later.navigationBar("nav"))
        expectClose(top, 844 - 0.92 * 844, 1e-6, "at full")
        #expect(raised.frame.minY == top + 20)
        #expect(raised.collapse == 1 && raised.titleAlpha == 1 && raised.height == 44)
    }

    /// A sheet whose pager pages are large-title bars, flung up so fast that its spring carries it past its full
    /// detent and the pages' tops above the screen: the four cases `flick fuzz Examples/large-title-nested.yaml` found
    /// with seeds 6 (cases 0, 2, 4; case 0 resizes the viewport first) and 8 (case 12), shrunk.
    static func flungSheet(_ gestures: String, duration: Double) -> String {
        """
        viewport: {width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}
        duration: \(duration)
        scene:
          background: map
          sheet:
            detents: [{name: half, fraction: 0.5}, {name: full, fraction: 0.92}]
            initial: half
            header: {height: 20}
            content:
              pager:
                tabBar: {height: 40, indicator: pill}
                pages:
                  - {title: Studios, content: {navigationBar: {id: studiosBar, title: Studios, content: {list: {id: studios, rows: 40, rowHeight: 64}}}}}
                  - {title: Classes, content: {navigationBar: {id: classesBar, title: Classes, content: {list: {id: classes, rows: 40, rowHeight: 56}}}}}
        gestures: \(gestures)
        """
    }

    static let flings: [(gestures: String, duration: Double)] = [
        ("[{at: 0.1, resize: {width: 544, height: 585}}, {at: 0.112, drag: {from: [74, 446.5], to: [74, 102], duration: 0.05}}]", 0.26),
        ("[{at: 0.1, drag: {from: [169, 498.5], to: [169, 0], duration: 0.067}}]", 0.26),
        ("[{at: 0.1, drag: {from: [44, 561], to: [44, 0], duration: 0.025}}]", 0.19),
        ("[{at: 0.1, drag: {from: [359, 675.5], to: [359, 340], duration: 0.023}}]", 0.21),
    ]

    @Test("A sheet flung past the screen's top: its lists keep their bars' whole inset and each bar rides on its content",
          arguments: flings.indices)
    func frameAboveTheScreen(_ fling: Int) throws {
        let (gestures, duration) = Self.flings[fling]
        let sim = Simulation(scenario: try scenario(Self.flungSheet(gestures, duration: duration)))
        var aboveTheScreen = false
        for frame in 0...Int(duration * 60) {
            let state = sim.state(at: Double(frame) / 60)
            for (barKey, listKey) in [("studiosBar", "studios"), ("classesBar", "classes")] {
                let bar = try #require(state.navigationBar(barKey)), list = try #require(state.scrollView(listKey))
                aboveTheScreen = aboveTheScreen || bar.frame.minY < 0
                // The status bar's part of the bar plus 96 pt, wherever the bar's top is.
                let safeTop = bar.frame.height - bar.height
                expectClose(list.adjustedContentInset.top, safeTop + 96, 1e-9, "frame \(frame): \(listKey)'s inset")
                let contentTop = list.frame.minY - list.contentOffset.y
                let inlineBottom = bar.frame.minY + safeTop + 44
                expectClose(bar.frame.maxY, min(max(contentTop, inlineBottom), inlineBottom + 52 + bar.stretch), 1e-9,
                            "frame \(frame): \(barKey)'s bottom rides on \(listKey)'s content")
            }
        }
        #expect(aboveTheScreen, "the fling takes the bars' tops above the screen")
    }

    @Test("Flung past the screen's top: the bar, pushed down its frame by the status bar, collapses onto the content")
    func collapsedAboveTheScreen() throws {
        let (gestures, duration) = Self.flings[2]
        let sim = Simulation(scenario: try scenario(Self.flungSheet(gestures, duration: duration)))
        // Frame 8: the sheet's top at −188.29, the page's at −81.29 (below the 20 pt header, the 40 pt tab bar and the
        // 47 pt status bar the pager keeps its tab bar under). The list has not moved on its page (offset −96), so
        // its content's top is at 14.71; the bar, pushed 47 pt down its frame by the status bar, is collapsed
        // 47 of its 52 pt onto it. Before the fix the list got only the 61.71 pt of the bar's inset that were on
        // screen, counted itself pulled 34.29 pt past its top, and the bar stretched to 96 over the rows.
        let state = sim.state(at: 8.0 / 60)
        let bar = try #require(state.navigationBar("studiosBar")), list = try #require(state.scrollView("studios"))
        expectClose(try #require(state.sheet?.top), -188.286091, 1e-6)
        expectClose(list.frame.minY, -81.286091, 1e-6)
        #expect(list.contentOffset.y == -96)
        #expect(list.adjustedContentInset.top == 47 + 96)
        expectClose(bar.frame.maxY, 14.713909, 1e-6)
        expectClose(bar.collapse, 47.0 / 52, 1e-12)
        #expect(bar.stretch == 0)
    }

    @Test("In pager pages: each bar moves with its page and tracks its own list")
    func inPager() throws {
        let yaml = """
        viewport: {width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}
        duration: 2
        scene:
          pager:
            pages:
              - {title: A, content: {navigationBar: {id: barA, title: A, content: {list: {id: a, rows: 40, rowHeight: 56}}}}}
              - {title: B, content: {navigationBar: {id: barB, title: B, content: {list: {id: b, rows: 40, rowHeight: 56}}}}}
        gestures: [{at: 0.1, drag: {from: [300, 500], to: [150, 500], duration: 0.3, hold: 0.3}}]
        """
        let state = Simulation(scenario: try scenario(yaml)).state(at: 0.6)
        let pager = try #require(state.scrollView("pager"))
        let a = try #require(state.navigationBar("barA")), b = try #require(state.navigationBar("barB"))
        #expect(a.tracks == "a" && b.tracks == "b")
        #expect(pager.contentOffset.x > 100)
        expectClose(a.frame.minX, -pager.contentOffset.x, 1e-9)
        expectClose(b.frame.minX, 390 - pager.contentOffset.x, 1e-9)
        // Pages sit below the 44 pt tab bar, under the status bar: no status bar inside them.
        #expect(a.frame.minY == 47 + 44 && a.height == 96 && a.frame.height == 96)
        #expect(state.scrollView("a")?.contentOffset.y == -96)
    }

    @Test("Its states are in the document under navigationBars and reachable by path")
    func statePaths() throws {
        let state = Simulation(scenario: try scenario(navigationBarScene())).state(at: 0)
        #expect(StatePath.value(at: "navigationBars.nav.height", in: state) == .number(96))
        #expect(StatePath.value(at: "navigationBars.nav.largeTitleFrame.x", in: state) == .number(16))
        #expect(StatePath.value(at: "navigationBars.nav.tracks", in: state) == .string("mail"))
    }

    @Test("Bad keys: a content without a vertical list, a misspelt key, a missing title")
    func badKeys() {
        func bar(_ body: String) -> String {
            """
            viewport: {width: 390, height: 844}
            duration: 1
            scene:
              navigationBar: \(body)
            """
        }
        expectDiagnostic(problem(bar("{title: T, content: {carousel: {cards: [{title: A}], cardWidth: 300}}}")),
                         path: "scene.navigationBar.content", line: 4, column: 38,
                         message: "a navigation bar collapses with a vertical list, and its content holds none")
        expectDiagnostic(problem(bar("{title: T, content: {list: {rows: 3, rowHeight: 40}}, stretchs: true}")),
                         path: "scene.navigationBar.stretchs", line: 4, column: 72,
                         containing: ["unknown key \"stretchs\" (did you mean \"stretches\"?)",
                                      "expected one of: id, title, content, stretches"])
        expectDiagnostic(problem(bar("{content: {list: {rows: 3, rowHeight: 40}}}")),
                         path: "scene.navigationBar", line: 4, column: 18,
                         containing: ["missing required key \"title\""])
        expectDiagnostic(problem(bar("{title: T, content: {list: {rows: 3, rowHeight: 40}}, stretches: 2}")),
                         path: "scene.navigationBar.stretches", line: 4, column: 83,
                         containing: ["expected true or false"])
    }
}
