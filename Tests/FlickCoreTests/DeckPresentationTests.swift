import Foundation
import Testing
@testable import FlickCore

/// DeckTransition's look behind a card (`presentation: deck`), against the numbers of the library's sources:
/// `Constants.swift` (cornerRadius 8, alphaForPresentingView 0.8, insetForPresentedView 8), `ManualLayout.swift`
/// (presentingViewTopInset: 8 without a status bar, 20 under a 20 or 40 pt bar, else the bar's height) and
/// `DeckPresentationController.swift` (scaleForPresentingView = 1 − 2·inset/H about the centre; the rounded view's
/// cornerRadius = Constants.cornerRadius × scaleForPresentingView; black at 1 − 0.8 over the snapshot; dismissal
/// animates the snapshot's transform to identity, the corner radius to 0 and the black to clear).
@Suite("Deck presentation: the presenting view behind a card")
struct DeckPresentationTests {
    /// A card under a 47 pt status bar, resting where the library puts it: 47 + 8 = 55 pt.
    static func deckCard(statusBar: Double = 47, width: Double = 390, height: Double = 844, presentation: String = "deck",
                         duration: Double = 3, gestures: String = "  []") -> String {
        """
        viewport: {width: \(width), height: \(height), scale: 3, safeArea: {top: \(statusBar)}}
        duration: \(duration)
        scene:
          background: map
          sheet:
            detents: [{name: card, top: \(statusBar == 0 ? 16 : statusBar + 8)}]
            initial: card
            dismissible: true
            presentation: \(presentation)
            header: {height: 44}
            content:
              list: {rows: 40, rowHeight: 64}
        gestures:
        \(gestures)
        """
    }

    @Test("ManualLayout.presentingViewTopInset from the status bar's height")
    func topInset() {
        #expect(DeckPresentation.topInset(statusBarHeight: 0) == 8)
        #expect(DeckPresentation.topInset(statusBarHeight: 20) == 20)
        #expect(DeckPresentation.topInset(statusBarHeight: 40) == 20)
        #expect(DeckPresentation.topInset(statusBarHeight: 44) == 44)
        #expect(DeckPresentation.topInset(statusBarHeight: 47) == 47)
        #expect(DeckPresentation.cardTop(statusBarHeight: 20) == 28)
        #expect(DeckPresentation.cardTop(statusBarHeight: 47) == 55)
    }

    @Test("At rest: scaled by 1 − 2·inset/H about the centre, alpha 0.8, corners 8 × scale; the card 8 pt lower")
    func atRest() throws {
        let f = try frames(Self.deckCard(duration: 0.1))
        let sheet = try #require(f[0].sheet)
        let p = try #require(sheet.presenting)
        let s = 1 - 2 * 47.0 / 844
        expectClose(p.scale, s, 1e-12)
        expectClose(p.frame.minY, 47, 1e-9, "top at the inset")
        expectClose(p.frame.maxY, 844 - 47, 1e-9, "bottom the inset above the viewport's bottom")
        expectClose(p.frame.height, 844 * s, 1e-9)
        expectClose(p.frame.width, 390 * s, 1e-9)
        expectClose(p.frame.minX, 390 * (1 - s) / 2, 1e-9, "centred")
        expectClose(p.alpha, 0.8, 1e-12)
        expectClose(p.cornerRadius, 8 * s, 1e-12)
        expectClose(sheet.top, p.frame.minY + 8, 1e-9, "the card's top 8 pt below the presenting view's")
        // On the 20 pt status bar of the library's Constants (topInsetForPresentingView 20): 1 − 40/H, card at 28.
        let old = try frames(Self.deckCard(statusBar: 20, height: 667, duration: 0.1))
        let q = try #require(old[0].sheet?.presenting)
        expectClose(q.scale, 1 - 40.0 / 667, 1e-12)
        expectClose(q.frame.minY, 20, 1e-9)
        expectClose(try #require(old[0].sheet).top, 28, 1e-9)
        // Landscape iPhone, no status bar: an 8 pt inset.
        let landscape = try frames(Self.deckCard(statusBar: 0, width: 844, height: 390, duration: 0.1))
        expectClose(try #require(landscape[0].sheet?.presenting).scale, 1 - 16.0 / 390, 1e-12)
    }

    @Test("Pulled down, the presenting view grows back in proportion to the card's way to the bottom")
    func growsWhilePulled() throws {
        // 150 pt down and held.
        let f = try frames(Self.deckCard(duration: 1.2, gestures: "  - {at: 0.1, drag: {from: [195, 300], to: [195, 450], duration: 0.4, hold: 1}}"))
        let s = 1 - 2 * 47.0 / 844
        var checked = 0
        for frame in f {
            let sheet = try #require(frame.sheet)
            let p = try #require(sheet.presenting)
            let progress = (sheet.top - 55) / (844 - 55)
            expectClose(p.scale, s + (1 - s) * progress, 1e-9, "scale at \(frame.time)")
            expectClose(p.alpha, 0.8 + 0.2 * progress, 1e-9, "alpha at \(frame.time)")
            expectClose(p.cornerRadius, 8 * s * (1 - progress), 1e-9, "corner radius at \(frame.time)")
            expectClose(p.frame.minY, 47 * (1 - progress), 1e-9, "top at \(frame.time)")
            expectClose(p.frame.maxY, 844 - 47 * (1 - progress), 1e-9, "bottom at \(frame.time)")
            if sheet.top > 55 { checked += 1 }
        }
        #expect(checked > 30)
        let held = try #require(f.last?.sheet)
        expectClose(held.top, 205, 1e-9)
        expectClose(try #require(held.presenting).scale, s + (1 - s) * 150 / 789, 1e-12)
    }

    @Test("Dismissed: full size, opaque, square corners")
    func fullSizeWhenDismissed() throws {
        let f = try frames(Self.deckCard(duration: 2, gestures: "  - {at: 0.1, drag: {from: [195, 300], to: [195, 650], duration: 0.5}}"))
        let last = try #require(f.last?.sheet)
        #expect(last.phase == .dismissed)
        let p = try #require(last.presenting)
        #expect(p.scale == 1)
        #expect(p.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(p.alpha == 1)
        #expect(p.cornerRadius == 0)
        // Monotonic on the way out: it never shrinks again while the card leaves.
        let scales = f.compactMap { $0.sheet }.filter { $0.phase == .dismissing }.compactMap { $0.presenting?.scale }
        #expect(scales.count > 10)
        #expect(zip(scales, scales.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 })
    }

    @Test("The states document writes presentingScale, presentingFrame, presentingAlpha, presentingCornerRadius for a deck only")
    func document() throws {
        let deck = try frames(Self.deckCard(duration: 0.1))[0]
        guard case .object(let pairs) = deck.json, case .object(let sheet)? = pairs.first(where: { $0.0 == "sheet" })?.1 else {
            Issue.record("no sheet object"); return
        }
        let keys = sheet.map(\.0)
        #expect(Array(keys.suffix(4)) == ["presentingScale", "presentingFrame", "presentingAlpha", "presentingCornerRadius"])
        guard case .number(let scale)? = sheet.first(where: { $0.0 == "presentingScale" })?.1 else {
            Issue.record("no presentingScale number"); return
        }
        expectClose(scale, 1 - 2 * 47.0 / 844, 1e-12)
        let plain = try frames(Self.deckCard(presentation: "plain", duration: 0.1))[0]
        #expect(plain.sheet?.presenting == nil)
        guard case .object(let plainPairs) = plain.json, case .object(let plainSheet)? = plainPairs.first(where: { $0.0 == "sheet" })?.1 else {
            Issue.record("no sheet object"); return
        }
        #expect(!plainSheet.contains { $0.0.hasPrefix("presenting") })
    }

    @Test("The bundled deck-card example: a short pull springs back and the view shrinks back; a long one dismisses")
    func bundledExample() throws {
        let scenario = try ScenarioDecoder.load(path: ScenarioFiles.examples.appendingPathComponent("deck-card.yaml").path)
        let f = Simulation.frames(of: scenario)
        let s = 1 - 2 * 47.0 / 844
        let scales = f.map { $0.sheet?.presenting?.scale ?? .nan }
        expectClose(scales[0], s, 1e-12)
        // The first pull: bigger while held, back to rest once settled (before the second pull at 1.5 s).
        let firstPull = f.filter { $0.time < 1.45 }
        let firstScales: [Double] = firstPull.compactMap { $0.sheet?.presenting?.scale }
        let largest = try #require(firstScales.max())
        expectClose(largest, s + (1 - s) * 150 / 789, 1e-9)
        let settled = try #require(firstPull.last?.sheet)
        #expect(settled.phase == .settling || settled.phase == .idle)
        expectClose(settled.top, 55, 0.5)
        expectClose(try #require(settled.presenting).scale, s + (1 - s) * (settled.top - 55) / 789, 1e-12)
        expectClose(try #require(settled.presenting).scale, s, 1e-4)
        // The second: dismissed, full size.
        let end = try #require(f.last?.sheet)
        #expect(end.phase == .dismissed)
        #expect(end.presenting?.scale == 1)
    }
}
