import FlickPhysics
import Foundation
import Testing
@testable import FlickCore

/// The ClassPass sheet over a 390×844 viewport: tip 120 pt (top 724), half 0.5 (top 422), full 0.92 (top 67.52).
func sheetScene(list: String = "{rows: 60, rowHeight: 56}", sheetExtra: String = "", initial: String = "half",
                duration: Double = 3, gestures: String) -> String {
    """
    viewport: {width: 390, height: 844, scale: 3, safeArea: {top: 47, bottom: 34}}
    duration: \(duration)
    scene:
      background: map
      sheet:
        detents: [{name: tip, height: 120}, {name: half, fraction: 0.5}, {name: full, fraction: 0.92}]
        initial: \(initial)
        header: {height: 56, title: "Studios nearby"}
        dimming: {from: half, to: full, alpha: 0.3}\(sheetExtra)
        content:
          list: \(list)
    gestures:
    \(gestures)
    """
}

/// A card: one detent at 0.94 of 844 (top 50.64), dismissible.
func cardScene(content: String = "list: {rows: 40, rowHeight: 64}", extra: String = "", duration: Double = 2.5,
               gestures: String) -> String {
    """
    viewport: {width: 390, height: 844, scale: 3}
    duration: \(duration)
    scene:
      sheet:
        detents: [{name: card, fraction: 0.94}]
        initial: card
        dismissible: true
        header: {height: 44}\(extra)
        content:
          \(content)
    gestures:
    \(gestures)
    """
}

@Suite("Sheet: detents, the continuous hand-off, release rule")
struct SheetSimulationTests {
    let tip = 724.0, half = 422.0, full = 844 - 0.92 * 844

    @Test("Detent tops are viewport height minus the detent's height")
    func detentPositions() throws {
        let f = try frames(sheetScene(initial: "full", duration: 0.1, gestures: "  []"))
        let sheet = try #require(f[0].sheet)
        expectClose(sheet.top, full, 1e-9)
        #expect(sheet.detent == "full")
        #expect(sheet.phase == .idle)
        expectClose(sheet.dimming, 0.3, 1e-12)
        // The list moves with the sheet: its frame starts below the header, sized for the full detent (docs/states.md).
        let list = try #require(f[0].scrollView("list"))
        expectClose(list.frame.minY, full + 56, 1e-9)
        expectClose(list.frame.height, 844 - full - 56, 1e-9)
        #expect(list.adjustedContentInset == EdgeInsets(bottom: 34))
    }

    @Test("One pan: the sheet rises to full, then the list scrolls; sheet + list = finger on every frame")
    func handOffUp() throws {
        let f = try frames(sheetScene(gestures: "  - {at: 0.2, drag: {from: [195, 700], to: [195, 100], duration: 1.0, hold: 0.1}}"))
        var sawSheet = false, sawList = false
        for frame in f where frame.touch != nil {
            let finger = 700 - frame.touch!.y
            let sheetMoved = half - frame.sheet!.top
            let listMoved = frame.scrollView("list")!.contentOffset.y
            expectClose(sheetMoved + listMoved, finger, 1e-9, "frame \(frame.index)")
            #expect(listMoved == 0 || abs(frame.sheet!.top - full) < 1e-9, "the list scrolls only once the sheet is full")
            if sheetMoved > 0 && listMoved == 0 { sawSheet = true }
            if listMoved > 0 { sawList = true }
        }
        #expect(sawSheet && sawList)
        let end = f.last!
        expectClose(end.sheet!.top, full, 1e-9)
        expectClose(end.scrollView("list")!.contentOffset.y, 600 - (half - full), 1e-9)   // 245.52
        #expect(end.sheet!.detent == "full")
    }

    @Test("Back down: the list scrolls to its top, then the sheet collapses, in the same pan")
    func handOffDown() throws {
        let f = try frames(sheetScene(list: "{rows: 60, rowHeight: 56, offset: {y: 200}}", initial: "full", gestures:
            "  - {at: 0.2, drag: {from: [195, 150], to: [195, 650], duration: 1.0, hold: 0.1}}"))
        for frame in f where frame.touch != nil {
            let finger = frame.touch!.y - 150
            let listBack = 200 - frame.scrollView("list")!.contentOffset.y
            let sheetDown = frame.sheet!.top - full
            expectClose(listBack + sheetDown, finger, 1e-9, "frame \(frame.index)")
            #expect(sheetDown == 0 || frame.scrollView("list")!.contentOffset.y == 0)
        }
        // 500 pt: 200 scroll the list home, 300 lower the sheet to 367.52, nearest to half (422).
        let release = try #require(f.firstIndex { $0.touch?.phase == .ended })
        expectClose(f[release].sheet!.top, full + 300, 1e-9)
        #expect(f[release].sheet!.detent == "half")
        #expect(f[release].sheet!.phase == .settling)
        expectClose(f.last!.sheet!.top, half, 1e-9)
    }

    @Test("A flick springs from the release velocity: no jump in velocity when the finger lifts")
    func springFromReleaseVelocity() throws {
        let f = try frames(sheetScene(gestures: "  - {at: 0.2, drag: {from: [195, 500], to: [195, 600], duration: 0.1}}"))
        let release = try #require(f.firstIndex { $0.touch?.phase == .ended })
        let sheet = f[release].sheet!
        expectClose(sheet.velocity, 1000, 1e-6)
        expectClose(f[release - 1].sheet!.velocity, 1000, 1e-6)
        #expect(sheet.detent == "tip")
        let spring = SpringMotion(spring: Spring(response: 0.3, dampingRatio: 1), from: 522, to: tip, initialVelocity: 1000)
        expectClose(f[release + 3].sheet!.top, spring.position(at: 0.05), 1e-9)
        expectClose(f.last!.sheet!.top, tip, 1e-9)
    }

    /// FloatingPanel-style table: last detent, released top, velocity (pt/s, + is down) → detent. UIKit's sheets
    /// project `top + v·0.99/(1 − 0.99)/1000` (0.099 s of the velocity; slower than 250 pt/s, nowhere) and choose
    /// among the detents of the segment the top is in at the lift, and one more on either side.
    static let releases: [(String, Double, Double, Bool, String)] = [
        ("half", 422, 0, false, "half"),
        ("half", 300, 0, false, "half"),        // 300: 122 from half, 232 from full
        ("half", 240, 0, false, "full"),        // 240: 182 from half, 172.48 from full
        ("half", 400, -500, false, "half"),     // projected 350.5: 71.5 from half, 283 from full
        ("half", 300, -1500, false, "full"),    // projected 151.5
        ("half", 450, 300, false, "half"),      // projected 479.7
        ("half", 560, 1500, false, "tip"),      // projected 708.5
        ("half", 560, 200, false, "half"),      // slower than 250 pt/s: projected where it is, 560 (138 from half)
        ("tip", 724, -7000, false, "half"),     // projected 31, but at tip only its neighbour half is a candidate
        ("tip", 724, -7000, true, "full"),      // projectsAcrossDetents lifts that limit
        ("tip", 700, -7000, false, "full"),     // between tip and half at the lift: full is one past that segment
        ("full", 80, 2000, false, "half"),      // projected 278
        ("half", 422, 2000, false, "tip"),      // projected 620
        // Dragged slowly from tip to full and held there: the lift is at full, wherever the drag began.
        ("tip", 67.52, 0, false, "full"),
        ("tip", 75, 150, false, "full"),
    ]

    @Test("Release decisions: nearest detent to the projected top, at most one detent past the segment it is in",
          arguments: releases)
    func releaseTable(_ row: (String, Double, Double, Bool, String)) throws {
        let (last, top, velocity, across, expected) = row
        let s = try scenario(sheetScene(sheetExtra: across ? "\n    projectsAcrossDetents: true" : "", initial: last,
                                        duration: 0.1, gestures: "  []"))
        guard case .sheet(let spec) = s.scene.root.kind else { Issue.record("no sheet"); return }
        let sheet = Sheet(spec: spec, physics: .uikit)
        sheet.layout(viewportHeight: 844, at: 0)
        let decision = sheet.rule.release(sheet.release(top: top, velocity: velocity, at: 0))
        guard case .detent(let target) = decision.outcome else { Issue.record("dismissed"); return }
        #expect(sheet.detents[target].name == expected, "released at \(top) with \(velocity) from \(last)")
    }

    @Test("A sheet dragged slowly from tip to full, held and lifted, stays at full; --explain says why")
    func heldAtFullStaysThere() throws {
        let s = try scenario(sheetScene(list: "{rows: 3, rowHeight: 56}", initial: "tip", duration: 2, gestures: """
          - {at: 0.1, drag: {from: [195, 760], to: [195, 103.52], duration: 0.8, hold: 0.3}}
        """))
        var f: [FrameState] = []
        Simulation(scenario: s, explains: true).run { f.append($0) }
        let release = try #require(f.firstIndex { $0.touch?.phase == .ended })
        expectClose(f[release].sheet!.top, full, 1e-9)
        #expect(f.last!.sheet!.detent == "full")
        expectClose(f.last!.sheet!.top, full, 1e-9)
        let words = f.flatMap(\.explanations).map(\.text).joined(separator: "\n")
        #expect(words.contains("slower than 250 pt/s, so projected to where it is, 67.5 pt"), "\(words)")
        #expect(words.contains("chose full"), "\(words)")
        #expect(words.contains("ruled out: tip 724 (more than one detent beyond full, where it was when the finger lifted: a release moves at most one detent past it unless `projectsAcrossDetents: true`)"), "\(words)")
    }

    @Test("Below the lowest detent a non-dismissible sheet rubber-bands")
    func rubberBandBelowLowest() throws {
        let f = try frames(sheetScene(initial: "tip", gestures:
            "  - {at: 0.2, drag: {from: [195, 780], to: [195, 840], duration: 0.3, hold: 0.1}}"))
        let band = RubberBand(dimension: 844)
        for frame in f where frame.touch != nil && frame.touch!.phase != .ended {
            expectClose(frame.sheet!.top, tip + band.overshoot(for: frame.touch!.y - 780), 1e-9)
        }
        expectClose(f.last!.sheet!.top, tip, 1e-9)
    }

    @Test("If the content cannot scroll, the sheet rubber-bands above its highest detent")
    func rubberBandAboveHighest() throws {
        let f = try frames(sheetScene(list: "{rows: 3, rowHeight: 56}", initial: "full", gestures:
            "  - {at: 0.2, drag: {from: [195, 400], to: [195, 300], duration: 0.3, hold: 0.1}}"))
        let band = RubberBand(dimension: 844)
        let moving = f.filter { $0.touch != nil && $0.touch!.phase != .ended }
        for frame in moving {
            expectClose(frame.sheet!.top, full - band.overshoot(for: 400 - frame.touch!.y), 1e-9)
            #expect(frame.scrollView("list")!.contentOffset.y == 0)
        }
        #expect(moving.last!.sheet!.top < full - 40)
        expectClose(f.last!.sheet!.top, full, 1e-9)
    }

    @Test("Dimming is linear in top between its detents; parallax follows the rise above the lowest detent")
    func dimmingAndParallax() throws {
        let f = try frames(sheetScene(gestures: "  - {at: 0.1, drag: {from: [195, 600], to: [195, 400], duration: 0.5, hold: 0.1}}"))
        for frame in f {
            let top = frame.sheet!.top
            expectClose(frame.sheet!.dimming, 0.3 * min(max((top - half) / (full - half), 0), 1), 1e-12)
            expectClose(frame.sheet!.parallax, (tip - max(top, full)) * Sheet.parallaxFactor, 1e-9)
        }
    }
}

@Suite("Cards: swipe to dismiss and the tracked scroll view")
struct CardTests {
    let top = 844 - 0.94 * 844   // 50.64

    @Test("A pull that starts in a scrolled list scrolls it home, then drags the card 1:1 and dismisses it")
    func dismissAfterScrollingHome() throws {
        let f = try frames(cardScene(content: "list: {rows: 40, rowHeight: 64, offset: {y: 200}}", gestures:
            "  - {at: 0.2, drag: {from: [195, 300], to: [195, 800], duration: 0.8, hold: 0.1}}"))
        for frame in f where frame.touch != nil {
            let finger = frame.touch!.y - 300
            let listBack = 200 - frame.scrollView("list")!.contentOffset.y
            expectClose(listBack + frame.sheet!.top - top, finger, 1e-9, "frame \(frame.index)")
        }
        let release = try #require(f.firstIndex { $0.touch?.phase == .ended })
        expectClose(f[release].sheet!.top, top + 300, 1e-9)
        #expect(f[release].sheet!.phase == .dismissing)
        #expect(f[release].sheet!.detent == nil)
        #expect(f.last!.sheet!.phase == .dismissed)
        #expect(f.last!.sheet!.top == 844)
    }

    @Test("Released short of 240 pt and slower than 1000 pt/s, the card springs back")
    func springsBack() throws {
        let f = try frames(cardScene(gestures: "  - {at: 0.2, drag: {from: [195, 300], to: [195, 530], duration: 0.5, hold: 0.1}}"))
        let release = try #require(f.firstIndex { $0.touch?.phase == .ended })
        expectClose(f[release].sheet!.top, top + 230, 1e-9)
        #expect(f[release].sheet!.phase == .settling)
        #expect(f[release].sheet!.detent == "card")
        expectClose(f.last!.sheet!.top, top, 1e-9)
        #expect(f.last!.sheet!.phase == .idle)
    }

    @Test("A fast flick dismisses the card even a short way below its detent")
    func velocityDismisses() throws {
        let f = try frames(cardScene(gestures: "  - {at: 0.2, drag: {from: [195, 300], to: [195, 420], duration: 0.1}}"))
        let release = try #require(f.firstIndex { $0.touch?.phase == .ended })
        expectClose(f[release].sheet!.velocity, 1200, 1e-6)
        #expect(f[release].sheet!.phase == .dismissing)
        #expect(f.last!.sheet!.phase == .dismissed)
    }

    @Test("Only the tracked scroll view hands its drag to the card (`tracks` names the second of two lists)")
    func tracksPicksTheSecond() throws {
        let content = """
        stack:
                children:
                  - {height: 300, list: {id: notes, rows: 20, rowHeight: 44}}
                  - {height: 400, list: {id: songs, rows: 30, rowHeight: 56}}
        """
        let pull = "  - {at: 0.2, drag: {from: [195, 200], to: [195, 350], duration: 0.4, hold: 0.1}}"
        let onNotes = try frames(cardScene(content: content, extra: "\n    tracks: songs", gestures: pull))
        #expect(onNotes.allSatisfy { $0.sheet!.top == top }, "a pull on notes never moves the card")
        #expect(onNotes.contains { $0.scrollView("notes")!.contentOffset.y < -20 }, "notes rubber-bands instead")
        let onSongs = try frames(cardScene(content: content, extra: "\n    tracks: songs", gestures:
            "  - {at: 0.2, drag: {from: [195, 500], to: [195, 650], duration: 0.4, hold: 0.1}}"))
        #expect(onSongs.contains { abs($0.sheet!.top - (top + 150)) < 1e-9 })
        #expect(onSongs.allSatisfy { $0.scrollView("songs")!.contentOffset.y == 0 })
    }

    @Test("Without `tracks`, the first scroll view among the content's direct children is tracked, whatever its axis (DeckTransition's ScrollViewDetector)")
    func defaultTrackedScrollView() throws {
        let content = """
        stack:
                children:
                  - {height: 150, list: {rows: 10, rowHeight: 140, axis: horizontal}}
                  - {height: 250, list: {rows: 20, rowHeight: 44}}
                  - {height: 400, list: {rows: 30, rowHeight: 56}}
        """
        // The horizontal carousel comes first, so it is tracked: a pull on list2 never reaches the card (the
        // library's pitfall), the list rubber-bands instead.
        let onSecond = try frames(cardScene(content: content, gestures:
            "  - {at: 0.2, drag: {from: [195, 300], to: [195, 400], duration: 0.4, hold: 0.1}}"))
        #expect(onSecond.allSatisfy { $0.sheet!.top == top })
        #expect(onSecond.contains { $0.scrollView("list2")!.contentOffset.y < 0 })
        // Without the carousel, the first vertical list is tracked and the same pull moves the card 1:1.
        let withoutCarousel = """
        stack:
                children:
                  - {height: 250, list: {rows: 20, rowHeight: 44}}
                  - {height: 400, list: {rows: 30, rowHeight: 56}}
        """
        let onFirst = try frames(cardScene(content: withoutCarousel, gestures:
            "  - {at: 0.2, drag: {from: [195, 150], to: [195, 250], duration: 0.4, hold: 0.1}}"))
        #expect(onFirst.contains { abs($0.sheet!.top - (top + 100)) < 1e-9 })
        // A pull on the second list does not.
        let onThird = try frames(cardScene(content: withoutCarousel, gestures:
            "  - {at: 0.2, drag: {from: [195, 600], to: [195, 700], duration: 0.4, hold: 0.1}}"))
        #expect(onThird.allSatisfy { $0.sheet!.top == top })
    }
}

/// A sheet settling (or a card leaving) while an animated resize moves its target: the spring goes on relative to
/// the target, so the state at an instant depends only on the viewport's size then, not on how often the resize
/// was sampled.
@Suite("Sheet: a settle during an animated resize")
struct SheetResizeTests {
    /// A flick up towards full at 0.1 s; an animated resize to 600×500 from 0.3 s to 0.8 s while it settles.
    static func settling(fps: Double, resize: Bool = true) -> String {
        sheetScene(duration: 1.5, gestures: """
          - {at: 0.1, drag: {from: [195, 500], to: [195, 300], duration: 0.15}}
        """ + (resize ? "\n  - {at: 0.3, resize: {width: 600, height: 500, duration: 0.5, curve: easeInOut}}" : ""))
            .replacingOccurrences(of: "duration: 1.5", with: "duration: 1.5\nfps: \(fps)")
    }

    @Test("60 and 120 fps give the same sheet at every instant they share")
    func frameRatesAgree() throws {
        let at60 = try frames(Self.settling(fps: 60)), at120 = try frames(Self.settling(fps: 120))
        #expect(at60.count == 91 && at120.count == 181)
        var resizing = 0
        for (i, frame) in at60.enumerated() {
            let a = frame.sheet!, b = at120[2 * i].sheet!
            #expect(abs(a.top - b.top) <= 1e-9, "top at \(frame.time) s: \(a.top) at 60 fps, \(b.top) at 120 fps")
            #expect(abs(a.velocity - b.velocity) <= 1e-9, "velocity at \(frame.time) s")
            #expect(a.phase == b.phase)
            if frame.viewport.height > 500 && frame.viewport.height < 844 && a.phase == .settling { resizing += 1 }
        }
        #expect(resizing > 20, "the resize happens during the settle")
    }

    @Test("The settle relative to its detent is the same with and without the resize")
    func settleFollowsTheMovingDetent() throws {
        let moved = try frames(Self.settling(fps: 60)), still = try frames(Self.settling(fps: 60, resize: false))
        for (a, b) in zip(moved, still) where a.time >= 0.3 {
            let sheet = a.sheet!, reference = b.sheet!
            #expect(sheet.detent == "full" && reference.detent == "full")
            // Distance to the full detent's top at this frame's viewport.
            let here = sheet.top - sheet.detents.first { $0.name == "full" }!.top
            let there = reference.top - reference.detents.first { $0.name == "full" }!.top
            #expect(abs(here - there) < 1e-9, "at \(a.time) s: \(here) from the detent, \(there) without the resize")
        }
        #expect(abs(moved.last!.sheet!.top - (500 - 0.92 * 500)) < 1e-9)
    }

    @Test("A card leaving during an animated resize ends at the new bottom, the same at 60 and 120 fps")
    func dismissingCard() throws {
        func run(_ fps: Double) throws -> [FrameState] {
            try frames(cardScene(duration: 1.5, gestures: """
              - {at: 0.1, drag: {from: [195, 300], to: [195, 650], duration: 0.3}}
              - {at: 0.45, resize: {width: 600, height: 600, duration: 0.4}}
            """).replacingOccurrences(of: "duration: 1.5", with: "duration: 1.5\nfps: \(fps)"))
        }
        let at60 = try run(60), at120 = try run(120)
        #expect(at60.contains { $0.sheet!.phase == .dismissing && $0.viewport.height < 844 && $0.viewport.height > 600 })
        for (i, frame) in at60.enumerated() {
            #expect(abs(frame.sheet!.top - at120[2 * i].sheet!.top) <= 1e-9, "top at \(frame.time) s")
        }
        #expect(at60.last!.sheet!.phase == .dismissed)
        #expect(at60.last!.sheet!.top == 600)
    }
}
