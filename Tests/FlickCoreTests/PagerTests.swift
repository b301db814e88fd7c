import FlickPhysics
import Foundation
import Testing
@testable import FlickCore

func pagerScene(pages: Int = 4, paging: String = "page", extra: String = "", viewport: String = "{width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}",
                duration: Double = 3, gestures: String) -> String {
    let list = (0..<pages).map { "{title: \"Tab \($0)\", content: {list: {rows: 30, rowHeight: 60}}}" }.joined(separator: ", ")
    return """
    viewport: \(viewport)
    duration: \(duration)
    scene:
      pager:
        pages: [\(list)]
        paging: \(paging)\(extra)
    gestures:
    \(gestures)
    """
}

@Suite("Pager: paging, snapping, the tabs indicator, taps, resize")
struct PagerTests {
    @Test("The Vimeo article's example through states: 400×660, safe area 20, inset 40, page 2 of 3 → (1200, 600), (400, −60)")
    func seedGeometry() throws {
        let f = try frames("""
        viewport: {width: 400, height: 660, scale: 2, safeArea: {top: 20}}
        duration: 0.1
        scene:
          pager:
            pages: [{title: One}, {title: Two}, {title: Three}]
            initialPage: 1
            contentInset: {top: 40}
        """)
        let pager = try #require(f[0].scrollView("pager"))
        #expect(pager.frame == Rect(x: 0, y: 0, width: 400, height: 660))
        #expect(pager.contentSize == Size(width: 1200, height: 600))
        #expect(pager.contentOffset == Point(x: 400, y: -60))
        #expect(f[0].pager?.page == 1)
        expectClose(f[0].pager!.fraction, 1.0 / 3, 1e-12)
    }

    /// offset (pt, page width 390), release velocity (pt/s, + forward), page at drag start → page.
    static let releases: [(Double, Double, Int, Int)] = [
        (500, 0, 1, 1), (500, 100, 1, 2), (500, -100, 1, 1),      // P1 at Flick's 50 pt/s threshold
        (300, -100, 1, 0),                                          // P2
        (584, 0, 1, 1), (585, 0, 1, 2), (975, 0, 2, 3),             // P3: halves round away from zero
        (585, -100, 1, 1),                                          // P4
        (1000, -3000, 3, 2),                                        // P6: only one page per release
        (500, 40, 1, 1), (500, 60, 1, 2),                           // the 50 pt/s threshold
        (600, 5000, 0, 1),                                          // one page from the drag's start page
        (1300, 0, 3, 3),                                            // clamped to the last page
    ]

    @Test("Paging: ±0.5 page beyond 50 pt/s, halves away from zero, one page per release", arguments: releases)
    func pagingRelease(_ row: (Double, Double, Int, Int)) {
        let (offset, velocity, start, expected) = row
        let rule = PagingBehavior(mode: .page, pageCount: 4, rule: PhysicsPreset.uikit.paging)
        #expect(rule.releasePage(offset: offset, velocity: velocity, dragStartOffset: Double(start) * 390,
                                 dragStartPage: start, pageWidth: 390) == expected)
    }

    @Test("The Codementor article: snap 0.3 picks 3.25 → 3 and 3.3 → 4; pagination 0.1: 3.05 → 3, 3.1 → 4, 2.91 → 3, 2.89 → 2")
    func seed004() {
        let snap = PagingBehavior(mode: .snap(0.3), pageCount: 10, rule: PhysicsPreset.uikit.paging)
        for (page, expected) in [(3.25, 3), (3.3, 4), (3.0, 3), (3.29, 3)] {
            #expect(snap.releasePage(offset: page * 100, velocity: 0, dragStartOffset: 0, dragStartPage: 0,
                                     pageWidth: 100) == expected, "\(page)")
        }
        // With velocity the projected offset decides: 2.5 pages + 2000 pt/s projects 9.99 pages on (page width 100).
        #expect(snap.releasePage(offset: 250, velocity: 200, dragStartOffset: 0, dragStartPage: 0, pageWidth: 100) == 4)   // 250 + 99.9 = 3.499 → 4
        let pagination = PagingBehavior(mode: .pagination(0.1), pageCount: 10, rule: PhysicsPreset.uikit.paging)
        for (page, expected) in [(3.05, 3), (3.1, 4)] {
            #expect(pagination.releasePage(offset: page * 100, velocity: 0, dragStartOffset: 300, dragStartPage: 3,
                                           pageWidth: 100) == expected, "forward \(page)")
        }
        for (page, expected) in [(2.91, 3), (2.89, 2)] {
            #expect(pagination.releasePage(offset: page * 100, velocity: 0, dragStartOffset: 300, dragStartPage: 3,
                                           pageWidth: 100) == expected, "backward \(page)")
        }
        #expect(pagination.releasePage(offset: 550, velocity: 3000, dragStartOffset: 300, dragStartPage: 3,
                                       pageWidth: 100) == 4, "one page at a time")
    }

    @Test("A drag past half a page lands on the next page; the spring starts from the release velocity")
    func dragToNextPage() throws {
        let f = try frames(pagerScene(gestures: "  - {at: 0.2, drag: {from: [300, 400], to: [60, 405], duration: 0.6, hold: 0.1}}"))
        let release = try #require(f.firstIndex { $0.touch?.phase == .ended })
        expectClose(f[release].scrollView("pager")!.contentOffset.x, 240, 1e-9)
        #expect(f[release].scrollView("pager")!.phase == .animating)
        #expect(f[release].pager!.page == 1)
        #expect(f.last!.scrollView("pager")!.contentOffset.x == 390)
        #expect(f.last!.scrollView("pager")!.phase == .idle)
        // The vertical list on the page did not move: the axis locked horizontal.
        #expect(f.allSatisfy { $0.scrollView("list")!.contentOffset.y == $0.scrollView("list")!.adjustedContentInset.top * -1 })
    }

    @Test("The tabs indicator is driven by the scroll: x = bar width × contentOffset.x / contentSize.width")
    func indicatorFollowsScroll() throws {
        let f = try frames(pagerScene(gestures: "  - {at: 0.2, tap: [340, 69]}"))
        var previous = 0.0
        var sawInBetween = false
        for frame in f {
            let pager = frame.scrollView("pager")!
            let state = frame.pager!
            expectClose(state.fraction, pager.contentOffset.x / pager.contentSize.width, 1e-12)
            expectClose(state.indicator.x, 390 * state.fraction, 1e-9)
            expectClose(state.indicator.width, 97.5, 1e-9)
            // Never jumps: the biggest step between frames stays well under a tab's width.
            #expect(abs(state.indicator.x - previous) < 60, "frame \(frame.index)")
            if state.indicator.x > 10 && state.indicator.x < 280 { sawInBetween = true }
            previous = state.indicator.x
        }
        #expect(sawInBetween, "the indicator passes the tabs in between")
        expectClose(f.last!.pager!.indicator.x, 292.5, 1e-9)
        #expect(f.last!.pager!.page == 3)
    }

    @Test("With unequal tabs the indicator's x and width interpolate between neighbouring tabs")
    func unequalTabs() throws {
        let s = try scenario(pagerScene(pages: 3, extra: "\n    tabBar: {widths: [100, 150, 140]}", duration: 0.1, gestures: "  []"))
        guard case .pager(let spec) = s.scene.root.kind else { Issue.record("no pager"); return }
        let node = PagerNode(spec: spec, key: "pager", physics: .uikit, builder: SceneBuilder(physics: .uikit))
        node.layout(frame: Rect(x: 0, y: 0, width: 390, height: 844), context: LayoutContext(viewport: Size(width: 390, height: 844), safeArea: .zero), at: 0)
        let halfway = node.indicator(offset: 195)
        expectClose(halfway.x, 50, 1e-9)
        expectClose(halfway.width, 125, 1e-9)
        let second = node.indicator(offset: 390)
        expectClose(second.x, 100, 1e-9)
        expectClose(second.width, 150, 1e-9)
        expectClose(node.indicator(offset: 585).x, 175, 1e-9)
    }

    @Test("A tap during a running scroll retargets it from the current position and velocity")
    func retarget() throws {
        let f = try frames(pagerScene(gestures: """
          - {at: 0.2, tap: [340, 69]}
          - {at: 0.4, tap: [50, 69]}
        """))
        let secondUp = try #require(f.lastIndex { $0.touch?.phase == .ended })
        let before = f[secondUp - 1].scrollView("pager")!, at = f[secondUp].scrollView("pager")!
        // Velocity is continuous across the retarget (the spring starts from the current velocity).
        #expect(abs(at.velocity.x - before.velocity.x) < 2000, "\(before.velocity.x) → \(at.velocity.x)")
        #expect(abs(at.contentOffset.x - before.contentOffset.x) < 150)
        #expect(f[secondUp].pager!.page == 0)
        #expect(f.last!.scrollView("pager")!.contentOffset.x == 0)
    }

    @Test("After a resize the same page is shown, aligned: contentOffset.x = page × new width")
    func resizeAtRest() throws {
        let f = try frames(pagerScene(gestures: """
          - {at: 0.1, tap: [150, 69]}
          - {at: 1.5, resize: {width: 600, height: 844}}
        """))
        let resized = f.first { $0.viewport.width == 600 }!
        #expect(resized.scrollView("pager")!.contentOffset.x == 600)
        #expect(resized.pager!.page == 1)
        #expect(resized.scrollView("pager")!.contentSize.width == 2400)
        #expect(f.last!.scrollView("pager")!.contentOffset.x == 600)
    }

    @Test("A resize during a settle keeps the page the settle was heading to")
    func resizeMidSettle() throws {
        let f = try frames(pagerScene(gestures: """
          - {at: 0.1, tap: [340, 69]}
          - {at: 0.2, resize: {width: 600, height: 844}}
        """))
        #expect(f.last!.scrollView("pager")!.contentOffset.x == 1800)
        #expect(f.last!.pager!.page == 3)
        // No frame after the resize rests between two pages.
        for frame in f where frame.scrollView("pager")!.phase == .idle {
            let x = frame.scrollView("pager")!.contentOffset.x
            #expect(x.truncatingRemainder(dividingBy: frame.viewport.width) == 0, "resting at \(x)")
        }
    }

    @Test("A resize in the middle of a drag keeps the page the drag was heading to")
    func resizeMidDrag() throws {
        let f = try frames(pagerScene(gestures: """
          - {at: 0.1, drag: {from: [300, 400], to: [60, 400], duration: 0.6, hold: 0.1}}
          - {at: 0.5, resize: {width: 600, height: 844}}
        """))
        #expect(f.last!.pager!.page == 1)
        #expect(f.last!.scrollView("pager")!.contentOffset.x == 600)
    }

    @Test("In a sheet: a horizontal drag pages, a vertical drag hands off between list and sheet")
    func pagerInSheet() throws {
        let f = try frames("""
        viewport: {width: 390, height: 844, scale: 3}
        duration: 3
        scene:
          sheet:
            detents: [{name: half, fraction: 0.5}, {name: full, fraction: 0.9}]
            initial: half
            content:
              pager:
                pages: [{title: A, content: {list: {rows: 40, rowHeight: 60}}}, {title: B, content: {list: {rows: 40, rowHeight: 60}}}]
        gestures:
          - {at: 0.1, drag: {from: [330, 600], to: [90, 610], duration: 0.3}}
          - {at: 1.2, drag: {from: [195, 700], to: [195, 200], duration: 0.6, hold: 0.1}}
        """)
        let paged = f[60]   // t = 1.0
        #expect(paged.sheet!.top == 422)
        #expect(paged.pager!.page == 1)
        let end = f.last!
        expectClose(end.sheet!.top, 844 - 0.9 * 844, 1e-9)
        // 500 pt: 337.6 raise the sheet to full, 162.4 scroll page B's list (list2); page A's list stays.
        expectClose(end.scrollView("list2")!.contentOffset.y, 500 - (422 - 84.4), 1e-9)
        #expect(end.scrollView("list")!.contentOffset.y == 0)
    }
}

/// A pager settling to a tapped page while an animated resize changes the page width: the settle goes on in page
/// units (its offset stretched with the width), so the state at an instant depends only on the width then, not on how
/// often the resize was sampled. It used to restart a spring at every layout, and 60 and 120 fps disagreed
/// (`flick fuzz large-title-nested --seed 2`, case 12: the pager idle at 60 fps, animating at 120).
@Suite("Pager: a settle during an animated resize")
struct PagerResizeTests {
    /// A tap on the last of four tabs at 0.1 s; an animated resize to 600 pt wide from 0.2 s to 0.6 s while it settles.
    static func settling(fps: Double, resize: Bool = true) -> String {
        pagerScene(duration: 1.5, gestures: """
          - {at: 0.1, tap: [340, 69]}
        """ + (resize ? "\n  - {at: 0.2, resize: {width: 600, height: 844, duration: 0.4, curve: easeInOut}}" : ""))
            .replacingOccurrences(of: "duration: 1.5", with: "duration: 1.5\nfps: \(fps)")
    }

    @Test("60 and 120 fps give the same pager at every instant they share")
    func frameRatesAgree() throws {
        let at60 = try frames(Self.settling(fps: 60)), at120 = try frames(Self.settling(fps: 120))
        #expect(at60.count == 91 && at120.count == 181)
        var resizing = 0
        for (i, frame) in at60.enumerated() {
            let a = frame.scrollView("pager")!, b = at120[2 * i].scrollView("pager")!
            #expect(abs(a.contentOffset.x - b.contentOffset.x) <= 1e-9,
                    "x at \(frame.time) s: \(a.contentOffset.x) at 60 fps, \(b.contentOffset.x) at 120 fps")
            #expect(abs(a.velocity.x - b.velocity.x) <= 1e-9, "velocity at \(frame.time) s")
            #expect(a.phase == b.phase, "phase at \(frame.time) s")
            if frame.viewport.width > 390 && frame.viewport.width < 600 && a.phase == .animating { resizing += 1 }
        }
        #expect(resizing > 15, "the resize happens during the settle")
        #expect(at60.last!.scrollView("pager")!.contentOffset.x == 1800)
        #expect(at60.last!.pager!.page == 3)
    }

    /// What `flick fuzz Examples/large-title-nested.yaml --seed 2` found (case 12, shrunk): a flick on a pager in a
    /// sheet, then a 0.107-s rotation while it settles. Restarting a spring at each layout ended the settle at
    /// 1.833 s at 60 fps but later at 120 fps.
    static func fuzzed(fps: Double) -> String {
        let page = { (title: String, rowHeight: Int) in
            "{title: \(title), content: {navigationBar: {title: \(title), content: {list: {rows: 40, rowHeight: \(rowHeight)}}}}}"
        }
        return """
        viewport: {width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}
        fps: \(fps)
        duration: 1.89
        scene:
          sheet:
            detents: [{name: half, fraction: 0.5}, {name: full, fraction: 0.92}]
            initial: half
            header: {height: 20}
            content:
              pager:
                tabBar: {height: 40, indicator: pill}
                pages: [\(page("Studios", 64)), \(page("Classes", 56))]
        gestures:
          - {at: 1.135, drag: {from: [300, 483.5], to: [212.5, 483.5], duration: 0.042}}
          - {at: 1.196, resize: {width: 844, height: 390, duration: 0.107, curve: linear}}
        """
    }

    @Test("The fuzzed flick in a sheet: 60 and 120 fps agree on the pager's offset and phase at every shared instant")
    func fuzzedFrameRatesAgree() throws {
        let at60 = try frames(Self.fuzzed(fps: 60)), at120 = try frames(Self.fuzzed(fps: 120))
        #expect(at60.count == 114 && at120.count == 228)
        var settling = 0
        for (i, frame) in at60.enumerated() where 2 * i < at120.count {
            let a = frame.scrollView("pager")!, b = at120[2 * i].scrollView("pager")!
            #expect(abs(a.contentOffset.x - b.contentOffset.x) <= 1e-9,
                    "x at \(frame.time) s: \(a.contentOffset.x) at 60 fps, \(b.contentOffset.x) at 120 fps")
            #expect(a.phase == b.phase, "phase at \(frame.time) s: \(a.phase) at 60 fps, \(b.phase) at 120 fps")
            if frame.time > 1.31 && a.phase == .animating { settling += 1 }
        }
        #expect(settling > 20, "the settle goes on after the resize")
        #expect(at60.last!.pager!.page == 1)
    }

    @Test("The settle in pages is the same with and without the resize")
    func settleKeepsItsPageFraction() throws {
        let moved = try frames(Self.settling(fps: 60)), still = try frames(Self.settling(fps: 60, resize: false))
        // Where it rests, the stretched settle may end a little later (its half-pixel threshold is in points).
        let halfPixelInPages = 0.5 / 3 / 390
        for (a, b) in zip(moved, still) {
            let here = a.scrollView("pager")!.contentOffset.x / a.viewport.width
            let there = b.scrollView("pager")!.contentOffset.x / b.viewport.width
            #expect(abs(here - there) <= halfPixelInPages, "at \(a.time) s: page \(here), \(there) without the resize")
        }
    }
}

/// The bundled Vimeo examples' animated resize, before and after the fix (the Vimeo article on paging tab views:
/// `viewWillTransition(to:with:)` sets the offset for the new size inside the transition's animation).
///
/// What "a boundary between two tabs shows" means on states: the pager shows the content from contentOffset.x to
/// contentOffset.x + frame.width, and page i spans [i·w, (i+1)·w) for the frame's width w. That span holds a page
/// edge strictly inside it (two pages show side by side) exactly when contentOffset.x / w is not a whole number.
@Suite("Vimeo examples: an animated resize with and without keepsPageOnResize")
struct VimeoResizeExampleTests {
    static func example(_ name: String) throws -> [FrameState] {
        Simulation.frames(of: try ScenarioDecoder.load(path: ScenarioFiles.examples.appendingPathComponent(name).path))
    }

    /// contentOffset.x in pages of the frame's current width.
    static func pages(_ frame: FrameState) -> Double {
        let pager = frame.scrollView("pager")!
        return pager.contentOffset.x / pager.frame.width
    }

    @Test("vimeo-tabs: the viewport grows over 0.4 s and every frame shows one whole page")
    func vimeoTabsAnimatesWithoutABoundary() throws {
        let f = try Self.example("vimeo-tabs.yaml")
        let during = f.filter { $0.time > 3.4 && $0.time < 3.8 }
        #expect(during.count == 23)
        // The resize is animated: widths strictly between the two sizes, rising.
        #expect(during.allSatisfy { $0.viewport.width > 390 && $0.viewport.width < 600 })
        #expect(zip(during, during.dropFirst()).allSatisfy { $0.viewport.width < $1.viewport.width })
        // Halfway along easeInOut, half the change.
        let half = try #require(f.first { abs($0.time - 3.6) < 1e-9 })
        #expect(abs(half.viewport.width - 495) < 1e-9)
        // From before the resize to the end: page 3 (More), whole, at every frame.
        for frame in f where frame.time >= 3.3 {
            let pager = frame.scrollView("pager")!
            #expect(pager.frame.width == frame.viewport.width)
            #expect(abs(Self.pages(frame) - 3) < 1e-12, "at \(frame.time) s: \(pager.contentOffset.x) of \(pager.frame.width)")
            #expect(pager.contentSize.width == 4 * pager.frame.width)
            #expect(frame.pager!.page == 3)
            #expect(abs(frame.pager!.fraction - 0.75) < 1e-12)
        }
        #expect(f.last!.scrollView("pager")!.contentOffset.x == 1800)
    }

    @Test("vimeo-tabs-resize-bug: contentSize changes, contentOffset does not, and two tabs show from the first frame of the resize")
    func theBugShowsABoundary() throws {
        let f = try Self.example("vimeo-tabs-resize-bug.yaml")
        let before = try #require(f.last { $0.time < 1.6 })
        #expect(abs(before.scrollView("pager")!.contentOffset.x - 390) < 0.01)
        var boundaries = 0
        for frame in f where frame.time > 1.6 {
            let pager = frame.scrollView("pager")!
            #expect(pager.contentOffset.x == 390, "at \(frame.time) s")
            #expect(pager.contentSize.width == 4 * frame.viewport.width)
            let pages = Self.pages(frame)
            // Two pages show: the span holds the edge of page 1 at 1·w, strictly inside.
            #expect(pages > 0 && pages < 1, "at \(frame.time) s: \(pages) pages")
            if pages != pages.rounded() { boundaries += 1 }
        }
        #expect(boundaries == f.filter { $0.time > 1.6 }.count)
        // At the end: 390 of a 600 pt page, so Comments' last 210 pt beside Details' first 390, and the indicator
        // (x = bar width × contentOffset.x / contentSize.width) straddles their tabs.
        let end = try #require(f.last)
        #expect(end.viewport.width == 600)
        #expect(end.pager!.fraction == 390.0 / 2400)
        #expect(end.pager!.indicator.x == 97.5)
        let tabs = end.pager!.tabs
        #expect(end.pager!.indicator.x < tabs[1].x && end.pager!.indicator.x + end.pager!.indicator.width > tabs[1].x)
    }
}

/// The bundled ten-tabs example against Parchment's `.centered` selected scroll position and its indicator: every
/// tab rests at the bar offset that centres it, clamped to the bar's content (`PagingDistance.swift`); between two
/// pages the bar offset, the indicator's x and its width go from the current tab's to the next one's in proportion
/// to the page fraction (`PagingController.swift`: initial content offset + distance × progress).
@Suite("ten-tabs: a scrollable bar that keeps the selected tab centred")
struct TenTabsExampleTests {
    static let frames = Simulation.frames(of: try! ScenarioDecoder.load(
        path: ScenarioFiles.examples.appendingPathComponent("ten-tabs.yaml").path))

    /// Tab origins and widths in the bar's content (the states give them relative to the scrolled bar).
    static func content(_ pager: PagerState) -> [(x: Double, width: Double)] {
        pager.tabs.map { ($0.x + pager.tabBarOffset, $0.width) }
    }

    @Test("At every frame the bar offset, indicator x and width interpolate the neighbouring tabs' by the page fraction")
    func interpolatesByFraction() throws {
        var between = 0
        for frame in Self.frames {
            let pager = try #require(frame.pager)
            let scroll = try #require(frame.scrollView("pager"))
            let tabs = Self.content(pager), bar = pager.tabBar.width
            let total = tabs.map(\.width).reduce(0, +)
            #expect(total > bar, "the bar scrolls")
            let position = scroll.contentOffset.x / scroll.frame.width
            let i = min(max(Int(position.rounded(.down)), 0), 9), j = min(i + 1, 9)
            let f = min(max(position - Double(i), 0), 1)
            func resting(_ k: Int) -> Double { min(max(tabs[k].x + tabs[k].width / 2 - bar / 2, 0), total - bar) }
            expectClose(pager.tabBarOffset, resting(i) + (resting(j) - resting(i)) * f, 1e-9, "bar offset at \(frame.time) s")
            expectClose(pager.indicator.x + pager.tabBarOffset, tabs[i].x + (tabs[j].x - tabs[i].x) * f, 1e-9, "indicator x at \(frame.time) s")
            expectClose(pager.indicator.width, tabs[i].width + (tabs[j].width - tabs[i].width) * f, 1e-9, "indicator width at \(frame.time) s")
            if f > 0.05 && f < 0.95 { between += 1 }
        }
        #expect(between > 20)
    }

    @Test("At rest on a page, the selected tab is centred unless the bar's content ends first")
    func selectedTabCentred() throws {
        var centredRests = 0
        for frame in Self.frames where frame.scrollView("pager")!.phase == .idle {
            let pager = frame.pager!, tab = pager.tabs[pager.page], bar = pager.tabBar.width
            let total = pager.tabs.map(\.width).reduce(0, +)
            let centre = tab.x + tab.width / 2
            if pager.tabBarOffset > 0 && pager.tabBarOffset < total - bar {
                expectClose(centre, bar / 2, 1e-9, "tab \(pager.page) at \(frame.time) s")
                centredRests += 1
            } else {
                // At an end of the bar: the centring offset was clamped.
                let wanted = centre + pager.tabBarOffset - bar / 2
                #expect(wanted <= 1e-9 || wanted >= total - bar - 1e-9)
            }
        }
        #expect(centredRests > 30)
    }

    @Test("The tap on Science, partly off the bar's right edge, scrolls the pages and the bar together to it")
    func tapScrollsBoth() throws {
        let before = try #require(Self.frames.last { $0.time < 2.0 })
        let science = try #require(before.pager?.tabs[4])
        let bar = try #require(before.pager?.tabBar)
        #expect(science.x < bar.width && science.x + science.width > bar.width, "Science shows only in part")
        #expect(before.pager?.page == 2)
        let after = Self.frames.filter { $0.time >= 2.0 }
        let offsets = after.map { $0.scrollView("pager")!.contentOffset.x }, bars = after.map { $0.pager!.tabBarOffset }
        #expect(offsets.last! == 4 * 390)
        // Both move, and only forwards (the spring is critically damped).
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 } && offsets.first! < offsets.last!)
        #expect(zip(bars, bars.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 } && bars.first! < bars.last!)
        let end = after.last!.pager!
        #expect(end.page == 4)
        expectClose(end.tabs[4].x + end.tabs[4].width / 2, bar.width / 2, 1e-9, "Science centred")
        #expect(end.tabs[4].x >= 0 && end.tabs[4].x + end.tabs[4].width <= bar.width, "whole on screen")
    }
}

@Suite("A pager's tabs: laid out once per bar width, not once per frame")
struct TabSpanSharingTests {
    /// Every frame lists every tab (a states document of 250,000 tabs wrote them all in each frame). The spans are
    /// worked out once for the bar's width and every frame at that width shares them; a frame holds only its offset.
    @Test func framesShareOneLayoutOfTheirTabs() throws {
        let titles = (0..<2000).map { "{title: \"Tab \($0)\"}" }.joined(separator: ", ")
        let f = try frames("""
        viewport: {width: 390, height: 844, scale: 1}
        duration: 0.5
        scene:
          pager:
            pages: [\(titles)]
            initialPage: 1000
        gestures:
          - {at: 0.05, drag: {from: [300, 400], to: [60, 405], duration: 0.3}}
        """)
        let pagers = f.compactMap(\.pager)
        #expect(pagers.count == f.count && pagers.allSatisfy { $0.tabs.count == 2000 })
        func storage(_ values: [Double]) -> UnsafePointer<Double>? { values.withUnsafeBufferPointer { $0.baseAddress } }
        let first = pagers[0].tabs
        #expect(pagers.allSatisfy { storage($0.tabs.origins) == storage(first.origins) && storage($0.tabs.widths) == storage(first.widths) },
                "one layout of the tabs for all \(f.count) frames")
        // The bar scrolls while the finger drags: each frame's spans are the shared layout moved by its own offset.
        #expect(Set(pagers.map(\.tabBarOffset)).count > 1)
        for pager in pagers {
            var origin = 0.0
            for (i, tab) in pager.tabs.enumerated() {
                if i % 97 == 0 { expectClose(tab.x + pager.tabBarOffset, origin, 1e-6, "tab \(i) starts after the tabs before it") }
                origin += tab.width
            }
        }
        // Compared as arrays of spans are.
        #expect(pagers[0].tabs == TabSpans(Array(pagers[0].tabs)))
        #expect(pagers[0].tabs != pagers.last!.tabs)
    }
}

