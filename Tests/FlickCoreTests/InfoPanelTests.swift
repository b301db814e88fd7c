import FlickPhysics
import Foundation
import Testing
@testable import FlickCore

/// A long timeline (sections of 100 rows of 72 pt) on a 390×844 viewport without safe area.
func timelineScene(offset: Double = 0, panel: String = "{width: 90, height: 28}", duration: Double = 4,
                   gestures: String) -> String {
    """
    viewport: {width: 390, height: 844, scale: 3}
    duration: \(duration)
    scene:
      list:
        rowHeight: 72
        offset: {y: \(offset)}
        infoPanel: \(panel)
        sections: [{title: "7:00 AM", rows: 100}, {title: "8:00 AM", rows: 100}, {title: "9:00 AM", rows: 100}]
    gestures:
    \(gestures)
    """
}

@Suite("Info panel: geometry, text and timeline (Path 2)")
struct InfoPanelTests {
    @Test("Centred on the indicator, 4 pt to its left, while the indicator is long enough")
    func centred() throws {
        let f = try frames(timelineScene(offset: 7000, duration: 0.1, gestures: "  []"))
        let indicator = f[0].scrollView("list")!.indicator!.frame
        let panel = try #require(f[0].panel)
        #expect(indicator.height == 36)
        expectClose(panel.frame.maxX, indicator.minX - 4, 1e-12)
        expectClose(panel.frame.width, 90, 1e-12)
        expectClose(panel.frame.minY + panel.frame.height / 2, indicator.minY + indicator.height / 2, 1e-12)
        #expect(panel.alpha == 0)
    }

    @Test("Pinned to the top of the track when a pull past the top shrinks the indicator below the panel")
    func pinnedTop() throws {
        let f = try frames(timelineScene(gestures: "  - {at: 0.1, drag: {from: [195, 200], to: [195, 700], duration: 0.5, hold: 0.2}}"))
        var sawPinned = false, sawCentred = false
        for frame in f {
            let indicator = frame.scrollView("list")!.indicator!.frame
            let panel = frame.panel!.frame
            #expect(panel.minY >= 3 - 1e-9, "inside the track at frame \(frame.index)")
            // Centred whenever that keeps it in the track (always once the indicator is panel + 2 long), else
            // pinned at the track's top: max(track top, centred), continuous, so it never jumps.
            expectClose(panel.minY, max(3, indicator.midY - 14), 1e-9, "frame \(frame.index)")
            if indicator.height >= 28 + 2 {
                expectClose(panel.midY, indicator.midY, 1e-9, "centred at frame \(frame.index)")
                sawCentred = true
            } else if indicator.height < 28 {
                expectClose(panel.minY, 3, 1e-9, "pinned at frame \(frame.index)")
                sawPinned = true
            }
        }
        #expect(sawPinned && sawCentred)
        // Never jumps: successive panel positions differ by little more than the indicator's own motion.
        for (a, b) in zip(f, f.dropFirst()) {
            #expect(abs(a.panel!.frame.minY - b.panel!.frame.minY) < 3, "frame \(b.index)")
        }
    }

    @Test("Pinned to the bottom of the track past the end")
    func pinnedBottom() throws {
        let end = 300.0 * 72 - 844
        let f = try frames(timelineScene(offset: end, gestures: "  - {at: 0.1, drag: {from: [195, 700], to: [195, 100], duration: 0.5, hold: 0.2}}"))
        let pinned = f.filter { $0.scrollView("list")!.indicator!.frame.height < 28 }
        #expect(!pinned.isEmpty)
        for frame in pinned {
            expectClose(frame.panel!.frame.maxY, 844 - 3, 1e-9, "frame \(frame.index)")
        }
    }

    @Test("Shows the section of the row at the panel's vertical centre")
    func text() throws {
        // Content offset 7200 = row 100 at the top: the panel's centre is further down, inside 8:00 AM.
        let f = try frames(timelineScene(offset: 7200, duration: 0.1, gestures: "  []"))
        let panel = f[0].panel!
        let rowAtCentre = Int((panel.frame.midY + 7200) / 72)
        #expect((100..<200).contains(rowAtCentre))
        #expect(panel.text == "8:00 AM")
        // Across the 8 → 9 boundary (row 200 starts at 14400 pt of content), the text changes exactly when row 200
        // reaches the panel's centre.
        var sawBoth = Set<String>()
        for offset in stride(from: 13800.0, through: 14200, by: 3.5) {
            let g = try frames(timelineScene(offset: offset, duration: 0.1, gestures: "  []"))
            let p = g[0].panel!
            let expected = p.frame.midY + offset >= 14400 ? "9:00 AM" : "8:00 AM"
            #expect(p.text == expected, "offset \(offset), centre at \(p.frame.midY + offset)")
            sawBoth.insert(p.text)
        }
        #expect(sawBoth == ["8:00 AM", "9:00 AM"])
    }

    @Test("Without sections it reads \"row of rows\"; its width stays fixed while the text changes")
    func noSectionsAndStableWidth() throws {
        let f = try frames("""
        viewport: {width: 390, height: 844, scale: 3}
        duration: 2
        scene:
          list: {rows: 500, rowHeight: 50, infoPanel: {}}
        gestures:
          - {at: 0.1, drag: {from: [195, 700], to: [195, 100], duration: 0.1}}
        """)
        let widths = Set(f.map { $0.panel!.frame.width })
        #expect(widths.count == 1)
        #expect(widths.first! >= InfoPanel.minimumWidth)
        #expect(f[0].panel!.text.hasSuffix(" of 500"))
        #expect(Set(f.map { $0.panel!.text }).count > 5)
    }

    @Test("Fades in over 0.15 s when a drag begins, lingers 1.0 s after motion ends, fades out over 0.25 s")
    func timeline() throws {
        // A drag of 0.4 s held still: it moves from t = 0.1 + 1/120, is released at 0.6 with 0 pt/s, and rests then.
        let f = try frames(timelineScene(offset: 7000, gestures: "  - {at: 0.1, drag: {from: [195, 600], to: [195, 300], duration: 0.4, hold: 0.1}}"))
        let began = 0.1 + 1.0 / 120
        func alpha(at t: Double) -> Double { f[Int((t * 60).rounded())].panel!.alpha }
        #expect(alpha(at: 0.1) == 0)
        expectClose(alpha(at: 0.15), (0.15 - began) / 0.15, 1e-9)
        expectClose(alpha(at: 0.25), (0.25 - began) / 0.15, 1e-9)
        expectClose(alpha(at: 0.3), 1, 1e-12)
        expectClose(alpha(at: 1.6), 1, 1e-12)                    // 0.6 + 1.0: still full
        expectClose(alpha(at: 1.7), 1 - 0.1 / 0.25, 1e-9)         // fading
        #expect(alpha(at: 1.85) == 0)
        // The scroll indicator keeps its own timeline: 1.2 s, then 0.25 s.
        expectClose(f[Int(1.7 * 60)].scrollView("list")!.indicator!.alpha, 1, 1e-12)
        expectClose(f[Int((1.9 * 60).rounded())].scrollView("list")!.indicator!.alpha, 1 - 0.1 / 0.25, 1e-9)
    }

    @Test("A drag during the fade-out brings it straight back from where it was")
    func dragDuringFade() throws {
        let f = try frames(timelineScene(offset: 7000, gestures: """
          - {at: 0.1, drag: {from: [195, 600], to: [195, 300], duration: 0.4, hold: 0.1}}
          - {at: 1.7, drag: {from: [195, 300], to: [195, 400], duration: 0.3}}
        """))
        let atGrab = f[102].panel!.alpha           // t = 1.7: 0.6 of the way through the fade (0.4 left)
        expectClose(atGrab, 0.6, 1e-9)
        // The drag begins with the first move (1/120 s later); it fades in from the alpha it had then.
        let began = 1.7 + 1.0 / 120
        let base = 1 - (began - 1.6) / 0.25
        expectClose(f[103].panel!.alpha, base + (103.0 / 60 - began) / 0.15, 1e-9)
        #expect(f[110].panel!.alpha == 1)
    }

    @Test("Works on a list inside a sheet and inside a pager page")
    func nested() throws {
        let f = try frames("""
        viewport: {width: 390, height: 844, scale: 3}
        duration: 2
        scene:
          sheet:
            detents: [{name: half, fraction: 0.5}, {name: full, fraction: 0.9}]
            initial: full
            content:
              pager:
                pages:
                  - {title: A, content: {list: {rowHeight: 60, infoPanel: {}, sections: [{title: Early, rows: 50}, {title: Late, rows: 50}]}}}
                  - {title: B}
        gestures:
          - {at: 0.1, drag: {from: [195, 700], to: [195, 300], duration: 0.3}}
        """)
        let list = f.last!.scrollView("list")!
        let panel = try #require(f.last!.panel)
        #expect(list.contentOffset.y > 400)
        expectClose(panel.frame.maxX, list.indicator!.frame.minX - 4, 1e-9)
        #expect(panel.frame.minY >= list.frame.minY)
        #expect(f[20].panel!.alpha == 1)
    }
}
