import FlickCore
import Foundation
import Testing
@testable import FlickReview

/// The events the components' states mark reach the review through `StateEventTracker` and `FrameState.eventKinds`
/// alone (docs/review-page.md, "events"): a list's keyboard, an attachment FlickReview does not name, is marked,
/// labelled and drawn like a refresh.
@Suite struct StateEventTests {
    static let scenarioFile = Fixtures.root.appendingPathComponent("Tests/Scenarios/keyboard-dismiss.yaml")

    @Test("keyboard-dismiss: `keyboard` at 0.516667 s, the first frame it is not up, in the timeline and in the page data")
    func theKeyboardIsMarked() throws {
        let scenario = try ScenarioDecoder.load(path: Self.scenarioFile.path)
        let timeline = MotionTimeline(scenario: scenario)
        let marked = timeline.events.filter { $0.kind.rawValue == "keyboard" }.map { ReviewPage.fmt($0.time, 6) }
        #expect(marked == ["0.516667"])
        // Each frame's key phases carry the keyboard's: a tile at each change (shown, hiding, hidden).
        #expect(timeline.phases[30].contains("list.keyboard shown") && timeline.phases[31].contains("list.keyboard hiding")
                && timeline.phases[46].contains("list.keyboard hidden"))
        // From the states alone (a folder's states.json), the same mark.
        let document = Data(StatesWriter.document(scenario, frames: Simulation.frames(of: scenario), format: .json).utf8)
        let names = (0..<scenario.frameCount).map { RunPageData.frameFile($0, digits: 5, ext: "png") }
        let data = try RunPageData.fromStates(document, frameNames: names, overlayNames: [])
        #expect(data.events.filter { $0.kind == "keyboard" }.map { ReviewPage.fmt($0.time, 6) } == ["0.516667"])
        // A range that starts after it has no mark: the state before its first frame is `hiding` already.
        let late = MotionTimeline(scenario: scenario, range: 40...(scenario.frameCount - 1))
        #expect(!late.events.contains { $0.kind.rawValue == "keyboard" })
    }

    @Test("the page and the plot name it with its own words and symbol; run.json accepts it and lists it in its error")
    func itsWordsComeFromItsFolder() throws {
        #expect(ReviewPage.label("keyboard") == "keyboard dismissed" && ReviewPage.symbol("keyboard") == "↓")
        #expect(ReviewPage.label("refreshed") == "refresh ended" && ReviewPage.symbol("refresh") == "↻")
        let kind = try #require(MotionEvent.Kind(rawValue: "keyboard"))
        #expect(MotionPlot.eventLabel(MotionEvent(kind: kind, time: 0)) == "↓ keyboard")
        #expect(MotionEvent.Kind.names == "down, release, tap, resize, settled, moving, refresh, refreshed or keyboard")
        #expect(MotionEvent.Kind(rawValue: "keyboards") == nil)
    }

    /// The colour page.css gives `selector`'s `property` (in a rule whose selector list has `selector` itself) through
    /// a `var(--name)` of its `:root`, as RGB.
    static func colour(_ selector: String, _ property: String, in css: String) -> (name: String, rgb: [Double])? {
        let rules = css.split(separator: "}").compactMap { chunk -> (selectors: [String], body: Substring)? in
            let parts = chunk.split(separator: "{", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return (parts[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }, parts[1])
        }
        guard let body = rules.first(where: { $0.selectors.contains(selector) })?.body,
              let use = body.range(of: "\(property): var(--"), let close = body[use.upperBound...].firstIndex(of: ")") else { return nil }
        let name = String(body[use.upperBound..<close])
        guard let defined = css.range(of: "--\(name): #") else { return nil }
        let hex = css[defined.upperBound...].prefix(6)
        guard hex.count == 6, let value = Int(hex, radix: 16) else { return nil }
        return (name, [value >> 16, (value >> 8) & 0xFF, value & 0xFF].map { Double($0) / 255 })
    }

    /// WCAG 2's contrast ratio of two sRGB colours.
    static func contrast(_ a: [Double], _ b: [Double]) -> Double {
        func luminance(_ c: [Double]) -> Double {
            let l = c.map { $0 <= 0.03928 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
            return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test("page.css colours every state event's mark and symbol with a colour of its own, at least 3:1 on the track and the card")
    func everyEventHasAColour() throws {
        let css = ReviewPage.style
        let card = try #require(Self.colour(".moment", "background", in: css))
        let soft = try #require(Self.colour(".track", "background", in: css))
        #expect(card.name == "card" && soft.name == "soft")
        var colours: [String: String] = [:]
        for kind in FrameState.eventKinds {
            let mark = try #require(Self.colour(".mark.\(kind.name)", "background", in: css), "no colour for .mark.\(kind.name)")
            let symbol = try #require(Self.colour(".moment.\(kind.name) .sym", "color", in: css), "no colour for .moment.\(kind.name) .sym")
            #expect(mark.name == symbol.name)
            colours[kind.name] = mark.name
            // A graphical object's contrast (WCAG 2.1, 1.4.11): the mark on the track, the symbol on its button.
            #expect(Self.contrast(mark.rgb, soft.rgb) >= 3 && Self.contrast(symbol.rgb, card.rgb) >= 3, "\(kind.name): \(mark.name)")
        }
        // The keyboard's is its own: no other event and none of the script's marks share it.
        #expect(colours["keyboard"] == "keyboard")
        for other in ["down", "release", "tap", "resize", "settled", "refresh"] {
            let (a, b) = (try #require(Self.colour(".mark.keyboard", "background", in: css)).rgb, try #require(Self.colour(".mark.\(other)", "background", in: css)).rgb)
            #expect(zip(a, b).map { abs($0 - $1) }.max()! > 0.1, "keyboard and \(other)")
        }
    }
}
