// Uses Flick only through its public API (no `@testable`): scenarios built in Swift, live input, golden frames.
import FlickCore
import FlickPhysics
import FlickTesting
import Foundation
import Testing

/// A sheet over the map holding a carousel of five 300 pt cards above a list (the App Store's and Maps' layout).
func carouselSheet(gestures: [Gesture] = [], duration: Double = 3) -> Scenario {
    let cards = ["Coffee walk", "Museum mile", "Night food", "Parks loop", "Bookshops"].map { Card(title: $0) }
    let content = Component.stack(StackSpec(children: [
        StackChild(height: 190, .carousel(CarouselSpec(cards: cards, cardWidth: 300, spacing: 12), id: "guides")),
        StackChild(height: 400, .list(ListSpec(rows: 40, rowHeight: 56), id: "places")),
    ]))
    let sheet = SheetSpec(detents: [.height("peek", 330), .fraction("full", 0.9)], initial: "peek",
                          header: SheetHeader(height: 44, title: "Guides near you"), content: content)
    return Scenario(name: "carousel-sheet",
                    viewport: Viewport(width: 390, height: 844, scale: 1, safeArea: EdgeInsets(top: 47, bottom: 34)),
                    duration: duration, scene: Scene(background: .map, root: .sheet(sheet)), gestures: gestures)
}

@Suite("The public API")
struct PublicAPITests {
    @Test("A scenario built in Swift names its components in document order")
    func keys() {
        let scenario = carouselSheet()
        #expect(scenario.scene.root.allComponents.map(\.key) == ["sheet", "stack", "guides", "places"])
        #expect(scenario.scene.root.allComponents.map(\.kind.name) == ["sheet", "stack", "carousel", "list"])
    }

    @Test("A carousel pages by one card plus its spacing, not by the screen's width")
    func carouselPaging() {
        // 180 pt to the left, held still before lifting: 180 / 312 = 0.58 of a page, so it rests on card 1.
        let scenario = carouselSheet(gestures: [
            .drag(at: 0.2, from: Point(x: 330, y: 620), to: Point(x: 150, y: 622), duration: 0.5, hold: 0.1),
        ])
        let simulation = Simulation(scenario: scenario)
        let end = simulation.state(at: 3)
        let carousel = end.carousel("guides")
        #expect(carousel?.page == 1)
        #expect(abs((end.scrollView("guides")?.contentOffset.x ?? 0) - 312) <= 0.5)
        #expect(abs((carousel?.fraction ?? 0) - 1) < 1e-3)
        // Card 1 rests centred: (390 − 300) / 2 = 45 pt from the left; its neighbours peek 33 pt on each side.
        let cards = carousel?.cards ?? []
        #expect(cards.map(\.index) == [0, 1, 2])
        if cards.count == 3 {
            #expect(abs(cards[1].frame.minX - 45) <= 0.5)
            #expect(abs(cards[0].frame.maxX - 33) <= 0.5)
            #expect(abs(cards[2].frame.minX - 357) <= 0.5)
        }
        // The sheet did not move: the drag was horizontal.
        #expect(abs((end.sheet?.top ?? 0) - (844 - 330)) < 1e-9, "sheet top \(String(describing: end.sheet?.top))")
    }

    @Test("A vertical drag on the carousel inside a sheet moves the sheet")
    func carouselInSheet() {
        let scenario = carouselSheet(gestures: [
            .drag(at: 0.2, from: Point(x: 195, y: 620), to: Point(x: 195, y: 420), duration: 0.4, hold: 0.1),
        ])
        let simulation = Simulation(scenario: scenario)
        let moved = simulation.state(at: 0.6)
        #expect(abs((moved.sheet?.top ?? 0) - (844 - 330 - 200)) < 1e-6)
        #expect(moved.sheet?.phase == .tracking)
        #expect(moved.scrollView("guides")?.contentOffset.x == 0)
    }

    @Test("Live input gives the same states as the same events scripted")
    func liveInput() throws {
        let drag = Gesture.drag(at: 0.2, from: Point(x: 195, y: 760), to: Point(x: 195, y: 300), duration: 0.4)
        let scripted = carouselSheet(gestures: [drag])
        let live = Simulation(scenario: carouselSheet())
        for event in scripted.inputEvents { try live.send(event.kind, at: event.time) }
        let reference = Simulation(scenario: scripted)
        for t in stride(from: 0.0, through: 2.0, by: 0.05) {
            let a = reference.state(at: t), b = live.state(at: t)
            #expect(a.sheet == b.sheet, "at \(t) s")
            #expect(a.scrollViews == b.scrollViews, "at \(t) s")
            #expect(a.touch == b.touch, "at \(t) s")
        }
    }

    @Test("Events must be sent in time order; a state can be asked for at any time, in any order")
    func ordering() throws {
        let simulation = Simulation(scenario: carouselSheet())
        try simulation.send(.down(Point(x: 195, y: 760)), at: 0.5)
        #expect(throws: Simulation.InputError.outOfOrder(time: 0.4, latest: 0.5)) {
            try simulation.send(.move(Point(x: 195, y: 700)), at: 0.4)
        }
        try simulation.send(.move(Point(x: 195, y: 600)), at: 0.6)
        try simulation.send(.up(Point(x: 195, y: 600)), at: 0.7)
        let late = simulation.state(at: 2)
        let early = simulation.state(at: 0.65)
        let fresh = Simulation(scenario: carouselSheet())
        for event in [InputEvent.Kind.down(Point(x: 195, y: 760)), .move(Point(x: 195, y: 600)), .up(Point(x: 195, y: 600))]
            .enumerated() { try fresh.send(event.element, at: [0.5, 0.6, 0.7][event.offset]) }
        #expect(early.sheet == fresh.state(at: 0.65).sheet)
        #expect(late.sheet?.phase == .idle)
        #expect(early.sheet?.phase == .tracking)
    }

    @Test("The finger's trail is in the state: the last 0.3 s of its path, oldest first")
    func trail() {
        let scenario = carouselSheet(gestures: [
            .drag(at: 0.2, from: Point(x: 195, y: 760), to: Point(x: 195, y: 360), duration: 0.4),
        ])
        let state = Simulation(scenario: scenario).state(at: 0.5)
        // 0.3 s into a 1000 pt/s drag: the trail runs from y 760 (0.3 s ago) to y 460 (now).
        #expect(state.trail.count == FingerTrail.steps + 1)
        #expect(state.trail.first.map { abs($0.y - 760) < 1e-9 && abs($0.age - 0.3) < 1e-12 } == true)
        #expect(state.trail.last.map { abs($0.y - 460) < 1e-9 && $0.age == 0 } == true)
        #expect(Simulation(scenario: scenario).state(at: 1.5).trail.isEmpty)
    }

    @Test("Golden frames of a scenario value at given times")
    func goldens() throws {
        let scenario = carouselSheet(gestures: [
            .drag(at: 0.2, from: Point(x: 330, y: 620), to: Point(x: 150, y: 622), duration: 0.5, hold: 0.1),
        ])
        let results = try expectGoldenFrames(of: scenario, at: [0, 0.45, 2.5])
        #expect(results.count == 3)
    }
}

@Suite("DeckTransition's tracked scroll view")
struct TrackedScrollViewTests {
    /// A card whose content is a carousel over a list, as an App Store story card.
    static func card(tracks: String? = nil) -> Scenario {
        let content = Component.stack(StackSpec(children: [
            StackChild(height: 190, .carousel(CarouselSpec(cards: [Card(title: "A"), Card(title: "B")], cardWidth: 300),
                                              id: "carousel")),
            StackChild(height: 500, .list(ListSpec(rows: 40, rowHeight: 56), id: "feed")),
        ]))
        let sheet = SheetSpec(detents: [.fraction("card", 0.94)], initial: "card", content: content, dismissible: true,
                              tracks: tracks)
        return Scenario(name: "card", viewport: Viewport(width: 390, height: 844, scale: 1), duration: 2,
                        scene: Scene(root: .sheet(sheet)),
                        gestures: [.drag(at: 0.2, from: Point(x: 195, y: 400), to: Point(x: 195, y: 700), duration: 0.3)])
    }

    @Test("The first scroll view is tracked whatever its axis: a pull on the list below a carousel never dismisses")
    func carouselFirst() {
        let simulation = Simulation(scenario: Self.card())
        let end = simulation.state(at: 2)
        #expect(end.sheet?.phase == .idle)
        #expect(abs((end.sheet?.top ?? 0) - 844 * 0.06) < 1e-9)
        #expect(simulation.warnings == ["card `sheet` tracks `carousel`, which cannot scroll vertically: pulls on `feed` will never dismiss it; add `tracks: feed`"])
    }

    @Test("`tracks: feed` fixes it: the same fast pull dismisses the card")
    func tracksFeed() {
        let simulation = Simulation(scenario: Self.card(tracks: "feed"))
        #expect(simulation.state(at: 2).sheet?.phase == .dismissed)
        #expect(simulation.warnings.isEmpty)
    }
}

@Suite("A scrollable tab bar (Parchment's centred selection)")
struct ScrollableTabBarTests {
    static let titles = ["Top", "World", "Business", "Technology", "Science", "Health", "Sports", "Entertainment",
                         "Travel", "Opinion"]

    static func pager(gestures: [Gesture]) -> Scenario {
        let pager = PagerSpec(pages: titles.map { Page(title: $0) })
        return Scenario(name: "ten-tabs", viewport: Viewport(width: 390, height: 844, scale: 3,
                                                             safeArea: EdgeInsets(top: 47, bottom: 34)),
                        duration: 4, scene: Scene(background: .plain, root: .pager(pager)), gestures: gestures)
    }

    @Test("Ten tabs do not fit: each is its bold 15 pt title plus 16 pt on each side, and the bar scrolls")
    func widths() {
        let state = Simulation(scenario: Self.pager(gestures: [])).state(at: 0)
        let tabs = state.pager?.tabs ?? []
        #expect(tabs.count == 10)
        for (tab, title) in zip(tabs, Self.titles) {
            let expected = max(56, TextMetrics.width(of: title, size: 15, bold: true) + 32)
            #expect(abs(tab.width - expected) < 1e-9, "\(title)")
        }
        // "Top" in DejaVu Sans Bold: T 1397 + o 1407 + p 1466 units of 2048 per em, at 15 pt.
        #expect(abs(TextMetrics.width(of: "Top", size: 15, bold: true) - (1397 + 1407 + 1466) / 2048 * 15) < 1e-9)
        #expect(state.pager?.tabBarOffset == 0)
    }

    @Test("Paging keeps the selected tab centred; the indicator follows the pages' scroll frame by frame")
    func centred() {
        let swipe = { (at: Double) in
            Gesture.drag(at: at, from: Point(x: 320, y: 400), to: Point(x: 80, y: 402), duration: 0.3)
        }
        let simulation = Simulation(scenario: Self.pager(gestures: [swipe(0.2), swipe(1.0), swipe(1.8)]))
        let state = simulation.state(at: 3.5)
        let pager = state.pager!
        #expect(pager.page == 3)
        let centre = pager.indicator.x + pager.indicator.width / 2
        #expect(abs(centre - 195) < 1e-6)
        // The indicator sits exactly under its tab, in the bar's scrolled coordinates.
        #expect(abs(pager.indicator.x - pager.tabs[3].x) < 1e-6 && abs(pager.indicator.width - pager.tabs[3].width) < 1e-6)
        #expect(abs(pager.tabBarOffset - (pager.tabs.prefix(3).map(\.width).reduce(0, +) + pager.tabs[3].width / 2 - 195)) < 1e-6)
    }

    @Test("A tap on a tab that shows only in part scrolls the pages and the bar to it")
    func tapPartlyVisible() {
        let simulation = Simulation(scenario: Self.pager(gestures: []))
        let start = simulation.state(at: 0).pager!
        // The first tab whose right end is past the bar's edge.
        let partly = start.tabs.firstIndex { $0.x < 390 && $0.x + $0.width > 390 }!
        let tap = Simulation(scenario: Self.pager(gestures: [.tap(at: 0.2, Point(x: 388, y: 47 + 22))]))
        let end = tap.state(at: 2).pager!
        #expect(end.page == partly)
        #expect(abs(end.indicator.x + end.indicator.width / 2 - 195) < 1e-6 || end.tabBarOffset > 0)
        #expect(tap.state(at: 2).scrollView("pager").map { abs($0.contentOffset.x - Double(partly) * 390) < 0.2 } == true)
    }
}

@Suite("Animated resizes (an iPad size transition)")
struct AnimatedResizeTests {
    static func pager(keepsPage: Bool = true, resize: Gesture) -> Scenario {
        let pages = ["Comments", "Details", "Up next", "More"].map { Page(title: $0) }
        return Scenario(name: "resize", viewport: Viewport(width: 390, height: 844, scale: 3), duration: 2,
                        scene: Scene(background: .plain,
                                     root: .pager(PagerSpec(pages: pages, initialPage: 2, keepsPageOnResize: keepsPage))),
                        gestures: [resize])
    }

    @Test("The viewport moves along the curve, and the pager stays on its page at every frame: no boundary shows")
    func alignedThroughout() {
        let resize = Gesture.resize(at: 0.5, to: Size(width: 600, height: 844), duration: 0.4, curve: .easeInOut)
        let simulation = Simulation(scenario: Self.pager(resize: resize))
        var widths: [Double] = []
        for i in 0...60 {
            let state = simulation.state(at: Double(i) / 30)
            widths.append(state.viewport.width)
            let pager = state.scrollView("pager")!
            #expect(abs(pager.contentOffset.x - 2 * pager.frame.width) < 1e-9, "frame at \(state.time) s")
            #expect(pager.frame.width == state.viewport.width)
        }
        // Before, during (halfway along easeInOut: half the change) and after.
        #expect(widths[15] == 390)
        #expect(abs(simulation.state(at: 0.7).viewport.width - 495) < 1e-9)
        #expect(widths[60] == 600)
        #expect(widths.enumerated().dropFirst().allSatisfy { $0.element >= widths[$0.offset - 1] })
    }

    @Test("keepsPageOnResize: false reproduces the bug: contentOffset stays while the pages grow, two pages show")
    func theBug() {
        let resize = Gesture.resize(at: 0.5, to: Size(width: 600, height: 844))
        let end = Simulation(scenario: Self.pager(keepsPage: false, resize: resize)).state(at: 1.5)
        let pager = end.scrollView("pager")!
        #expect(pager.contentOffset.x == 780)
        #expect(pager.contentSize.width == 2400)
        #expect(pager.contentOffset.x.truncatingRemainder(dividingBy: pager.frame.width) != 0)
        let fixed = Simulation(scenario: Self.pager(resize: resize)).state(at: 1.5).scrollView("pager")!
        #expect(fixed.contentOffset.x == 1200)
    }
}

@Suite("The README's Swift example")
struct ReadmeExampleTests {
    @Test("A carousel driven by live input rests on the second card")
    func readme() throws {
        let cards = ["Coffee walk", "Museum mile", "Night food"].map { Card(title: $0) }
        let scenario = Scenario(name: "guides", viewport: Viewport(width: 390, height: 844, scale: 1), duration: 2,
                                scene: Scene(root: .carousel(CarouselSpec(cards: cards, cardWidth: 300), id: "guides")))
        let simulation = Simulation(scenario: scenario)
        try simulation.send(.down(Point(x: 330, y: 400)), at: 0.2)
        try simulation.send(.move(Point(x: 150, y: 400)), at: 0.6)
        try simulation.send(.up(Point(x: 150, y: 400)), at: 0.8)
        #expect(simulation.state(at: 2).carousel("guides")?.page == 1)
        #expect(simulation.state(at: 0.7).carousel("guides")?.fraction == 180.0 / 312)
    }
}
