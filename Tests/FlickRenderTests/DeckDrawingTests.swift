@testable import FlickCore
import FlickImage
import FlickRender
import Foundation
import Testing

/// The presenting view behind a `presentation: deck` card, drawn from the sheet's state: black around it, the
/// background scaled into `presentingFrame` at `presentingAlpha` over black, rounded top corners.
@Suite struct DeckDrawingTests {
    /// A blue background behind a card resting at 55 under a 47 pt status bar (presenting view: scale 1 − 94/844).
    static func blueDeck(presentation: String = "deck", gestures: String = "[]") throws -> Scenario {
        try Fixtures.scenario("""
            viewport: {width: 390, height: 844, scale: 2, safeArea: {top: 47, bottom: 34}}
            duration: 2
            scene:
              background: {color: "#3366cc"}
              sheet:
                detents: [{name: card, top: 55}]
                initial: card
                dismissible: true
                presentation: \(presentation)
                cornerRadius: 8
                header: {height: 44, title: "Card"}
                content: {list: {rows: 30, rowHeight: 64}}
            gestures: \(gestures)
            """, name: "deck-blue")
    }

    static let blue = Color(rgb: 0x3366CC)

    @Test func restingCardShowsTheScaledViewOverBlack() throws {
        let scenario = try Self.blueDeck()
        let frame = Simulation(scenario: scenario).state(at: 0)
        let presenting = try #require(frame.sheet?.presenting)
        let decoded = try DecodedFrame(scenario, frame, name: "deck-rest")
        // The band above the presenting view (it starts 47 pt down) is black, away from the status bar's items.
        expectPixel(decoded.pixel(195, 10), RGBA(0, 0, 0), tolerance: 0, "black band above the presenting view")
        expectPixel(decoded.pixel(195, 46.2), RGBA(0, 0, 0), tolerance: 0, "just above its top edge")
        // Between its top (47) and the card's (55): the background at alpha 0.8 over black.
        expectPixel(decoded.pixel(195, 50), over(Self.blue.withAlpha(0.8), .black), tolerance: 1, "presenting view at 0.8")
        // Left and right of it (it is 390 × scale wide, centred): black.
        let left = presenting.frame.minX
        expectPixel(decoded.pixel(left - 1, 51), RGBA(0, 0, 0), tolerance: 0, "black left of the scaled view")
        expectPixel(decoded.pixel(presenting.frame.maxX + 1, 51), RGBA(0, 0, 0), tolerance: 0, "black right of it")
        expectPixel(decoded.pixel(left + 1, 53), over(Self.blue.withAlpha(0.8), .black), tolerance: 1, "its left edge, below the corner")
        // The top-left corner is rounded (radius 8 × scale ≈ 7.1 pt): its very corner is black, the inside is blue.
        expectPixel(decoded.pixel(left + 0.5, 47.5), RGBA(0, 0, 0), tolerance: 2, "outside the rounded corner")
        expectPixel(decoded.pixel(left + 5, 52), over(Self.blue.withAlpha(0.8), .black), tolerance: 1, "inside the rounded corner")
        expectPixel(decoded.pixel(presenting.frame.maxX - 0.5, 47.5), RGBA(0, 0, 0), tolerance: 2, "outside the top-right corner")
    }

    @Test func pulledCardShowsAThinnerBand() throws {
        // 200 pt down and held: the presenting view's top is at 47 × (1 − 200/789).
        let scenario = try Self.blueDeck(gestures: "[{at: 0.1, drag: {from: [195, 300], to: [195, 500], duration: 0.4, hold: 1}}]")
        let frame = Simulation(scenario: scenario).state(at: 1)
        let sheet = try #require(frame.sheet)
        let presenting = try #require(sheet.presenting)
        #expect(abs(sheet.top - 255) < 1e-9)
        let top = 47 * (1 - 200.0 / 789)
        #expect(abs(presenting.frame.minY - top) < 1e-9)
        let decoded = try DecodedFrame(scenario, frame, name: "deck-pulled")
        let alpha = 0.8 + 0.2 * 200 / 789
        expectPixel(decoded.pixel(195, top - 1), RGBA(0, 0, 0), tolerance: 0, "black above the grown view")
        expectPixel(decoded.pixel(195, top + 2), over(Self.blue.withAlpha(alpha), .black), tolerance: 1, "the view at its alpha")
        expectPixel(decoded.pixel(195, 200), over(Self.blue.withAlpha(alpha), .black), tolerance: 1, "the view above the card")
        expectPixel(decoded.pixel(presenting.frame.minX - 1, 200), RGBA(0, 0, 0), tolerance: 0, "a narrower black side band")
    }

    @Test func plainSheetDrawsTheBackgroundAsItIs() throws {
        let scenario = try Self.blueDeck(presentation: "plain")
        let frame = Simulation(scenario: scenario).state(at: 0)
        #expect(frame.sheet?.presenting == nil)
        let decoded = try DecodedFrame(scenario, frame)
        expectPixel(decoded.pixel(195, 10), RGBA(0x33, 0x66, 0xCC), tolerance: 0, "the background, unscaled")
        expectPixel(decoded.pixel(5, 30), RGBA(0x33, 0x66, 0xCC), tolerance: 0, "no side band")
    }

    @Test func dismissedCardLeavesTheBackgroundFullSize() throws {
        let pull = "[{at: 0.1, drag: {from: [195, 300], to: [195, 650], duration: 0.5}}]"
        let scenario = try Self.blueDeck(gestures: pull)
        let frame = Simulation(scenario: scenario).state(at: 2)
        #expect(frame.sheet?.phase == .dismissed)
        let decoded = try DecodedFrame(scenario, frame, name: "deck-dismissed")
        let plainScenario = try Self.blueDeck(presentation: "plain", gestures: pull)
        let plain = try DecodedFrame(plainScenario, Simulation(scenario: plainScenario).state(at: 2))
        // Full size, opaque, square: the same pixels as the plain card gone.
        expectPixel(decoded.pixel(195, 10), RGBA(0x33, 0x66, 0xCC), tolerance: 0, "the background, full size")
        #expect(decoded.image.rgbaBytes == plain.image.rgbaBytes)
    }

    @Test func bundledExampleOverTheMap() throws {
        let scenario = try Fixtures.example("deck-card.yaml")
        let frame = Simulation(scenario: scenario).state(at: 0)
        let decoded = try DecodedFrame(scenario, frame, name: "deck-card-0")
        let presenting = try #require(frame.sheet?.presenting)
        expectPixel(decoded.pixel(195, 30), RGBA(0, 0, 0), tolerance: 0, "black band over the map")
        expectPixel(decoded.pixel(presenting.frame.minX - 2, 52), RGBA(0, 0, 0), tolerance: 0, "black side band")
        // The map shows between the presenting view's top and the card's, darkened: no pixel there is black or
        // as bright as the map's land at full alpha.
        let row = (0..<30).map { decoded.pixel(40 + Double($0) * 10, 51) }
        #expect(row.allSatisfy { $0.red > 20 && $0.red < 230 }, "the map at 0.8 over black: \(row)")
    }
}
