import Foundation
import Testing
@testable import FlickCore

// Limits in the decoder that keep every number derived from a scenario finite and in range, so that validate,
// states and render agree: what validate accepts simulates to finite states (and draws), and what would break
// a later stage is refused with its key path.

@Suite struct ScenarioLimitsTests {
    static func scenario(_ scene: String, gestures: String = "", viewport: String = "{width: 390, height: 844}") -> String {
        "viewport: \(viewport)\nduration: 0.5\nscene:\n  \(scene)\n" + (gestures.isEmpty ? "" : "gestures:\n  \(gestures)\n")
    }

    /// The reproductions of the crashes and invalid JSON seen with values validate used to accept.
    @Test func valuesThatBrokeRenderOrStates() {
        expectDiagnostic(problem(Self.scenario("list: {rows: 1000000, rowHeight: 1e-17}")), path: "scene.list.rowHeight",
                         line: 4, column: 36, message: "expected a number from 0.01 to 1000000, found 1e-17")
        expectDiagnostic(problem(Self.scenario("list: {rows: 100, rowHeight: 50, offset: {y: 1e22}}",
                                               gestures: "- {at: 0, drag: {from: [100, 500], to: [100, 300], duration: 0.2}}")),
                         path: "scene.list.offset.y", line: 4, column: 48,
                         message: "expected a number from -100000000 to 100000000, found 1e22")
        let insets = problems(Self.scenario("list: {rows: 100, rowHeight: 50, contentInset: {top: 1e308, bottom: 1e308}}"))
        #expect(insets.map(\.path) == ["scene.list.contentInset.top", "scene.list.contentInset.bottom"])
        #expect(insets.allSatisfy { $0.message == "expected a number ≥ 0 up to 1000000, found 1e308" })
        expectDiagnostic(problem(Self.scenario("sheet: {detents: [{name: a, height: 1e308}], initial: a, content: {list: {rows: 1, rowHeight: 1}}}")),
                         path: "scene.sheet.detents[0].height", line: 4, column: 39,
                         message: "expected a number > 0 up to 1000000, found 1e308")
        let drag = problems(Self.scenario("list: {rows: 100, rowHeight: 50}",
                                          gestures: "- {at: 0, drag: {from: [1e308, -1e308], to: [0, 0], duration: 0.2}}"))
        #expect(drag.map(\.path) == ["gestures[0].drag.from[0]", "gestures[0].drag.from[1]"])
        #expect(drag.first?.message == "expected a number from -1000000 to 1000000, found 1e308")
        expectDiagnostic(problem(Self.scenario("list: {rows: 100, rowHeight: 50}", gestures: "- {at: 0, tap: [5, 1e7]}")),
                         path: "gestures[0].tap[1]", line: 6, column: 22, message: "expected a number from -1000000 to 1000000, found 1e7")
    }

    /// What render refused after validate said ok: a scale too small for one pixel, resizes past Cairo's sides or
    /// the 64-megapixel limit.
    @Test func imagesRenderCannotMake() {
        expectDiagnostic(problem(Self.scenario("list: {rows: 1, rowHeight: 50}", viewport: "{width: 390, height: 844, scale: 0.001}")),
                         path: "viewport", line: 1, column: 11,
                         message: "390×844 pt at scale 0.001 makes images of 0×1 pixels; each side must be from 1 to 32767 pixels")
        expectDiagnostic(problem(Self.scenario("list: {rows: 1, rowHeight: 50}", viewport: "{width: 20000, height: 100, scale: 2}")),
                         path: "viewport", line: 1, column: 11,
                         message: "20000×100 pt at scale 2 makes images of 40000×200 pixels; each side must be from 1 to 32767 pixels")
        expectDiagnostic(problem(Self.scenario("list: {rows: 1, rowHeight: 50}", gestures: "- {at: 0.1, resize: {width: 10000, height: 10000}}")),
                         path: "gestures[0].resize", line: 6, column: 23,
                         message: "a resize to 10000×10000 pt at scale 3 is 900 megapixels; the limit is 64 megapixels")
        expectDiagnostic(problem(Self.scenario("list: {rows: 1, rowHeight: 50}", gestures: "- {at: 0.1, resize: {width: 12000, height: 100}}")),
                         path: "gestures[0].resize", line: 6, column: 23,
                         message: "a resize to 12000×100 pt at scale 3 makes images of 36000×300 pixels; each side must be from 1 to 32767 pixels")
        #expect(throws: Never.self) {
            try decodeScenario(Self.scenario("list: {rows: 1, rowHeight: 50}", gestures: "- {at: 0.1, resize: {width: 10000, height: 600}}"))
        }
    }

    /// A pager of thousands of tabs over a long run holds every tab on every frame (the CSV has a column per tab).
    @Test func tabsTimesFrames() throws {
        let pages = (0..<5_000).map { _ in "{title: x}" }.joined(separator: ", ")
        let text = "viewport: {width: 390, height: 844}\nfps: 166\nduration: 600\nscene:\n  pager: {pages: [\(pages)]}\n"
        expectDiagnostic(problem(text), path: "duration", line: 3, column: 11,
                         message: "5000 tabs over 99601 frames would make 498005000 tab states (every frame holds every tab: a CSV column each); "
                             + "the limit is 20000000: shorten duration, lower fps or use fewer pages")
        #expect(throws: Never.self) { try decodeScenario(text.replacingOccurrences(of: "duration: 600", with: "duration: 20")) }
    }

    @Test func contentLength() {
        expectDiagnostic(problem(Self.scenario("list: {rows: 1000000, rowHeight: 101}")), path: "scene.list", line: 4, column: 9,
                         message: "1000000 rows of 101 pt make 101000000 pt of content; the limit is 100000000 pt")
        expectDiagnostic(problem(Self.scenario("list: {rows: 1000000, rowHeight: 100, contentInset: {bottom: 1}}")), path: "scene.list",
                         line: 4, column: 9,
                         message: "1000000 rows of 100 pt and the insets make 100000001 pt of content; the limit is 100000000 pt")
        let cards = (0..<60_000).map { _ in "{title: x}" }.joined(separator: ", ")
        expectDiagnostic(problem(Self.scenario("carousel: {cardWidth: 2000, spacing: 0, cards: [\(cards)]}")), path: "scene.carousel",
                         line: 4, column: 13, message: "60000 cards of 2000 pt make 120000000 pt of content; the limit is 100000000 pt")
    }

    @Test func textLength() {
        let long = String(repeating: "é", count: 1001)
        expectDiagnostic(problem(Self.scenario("list: {rowHeight: 50, sections: [{title: \(long), rows: 3}]}")),
                         path: "scene.list.sections[0].title", line: 4, column: 44,
                         message: "expected at most 1000 characters, found a longer text (\"\(String(repeating: "é", count: 40))…\")")
        #expect(throws: Never.self) {
            try decodeScenario(Self.scenario("pager: {pages: [{title: \(String(repeating: "é", count: 1000))}]}"))
        }
    }

    /// Every number of every frame stays finite for scenarios at the limits.
    @Test(arguments: [
        ScenarioLimitsTests.scenario("list: {rows: 980000, rowHeight: 100, offset: {y: 98990000}, contentInset: {top: 1000000, bottom: 0}, infoPanel: {}}",
                 gestures: "- {at: 0, drag: {from: [1000000, -1000000], to: [-1000000, 1000000], duration: 0.1}}"),
        ScenarioLimitsTests.scenario("list: {rows: 1000000, rowHeight: 0.01, offset: {y: -100000000}}",
                 gestures: "- {at: 0, drag: {from: [100, 800], to: [100, 100], duration: 0.05}}"),
        ScenarioLimitsTests.scenario("sheet: {detents: [{name: a, height: 1000000}, {name: b, height: 0.5}], initial: a, header: {height: 1000000}, content: {pager: {pages: [{title: A}, {title: B}], tabBar: {height: 1000000, widths: [1000000, 1000000]}}}}",
                 gestures: "- {at: 0, drag: {from: [0, 1000000], to: [0, -1000000], duration: 0.1}}"),
        ScenarioLimitsTests.scenario("carousel: {cards: [{title: A}, {title: B}], cardWidth: 2000, spacing: 2000, initialCard: 1}",
                 gestures: "- {at: 0, drag: {from: [-1000000, 10], to: [1000000, 10], duration: 0.1}}"),
        ScenarioLimitsTests.scenario("list: {rows: 10, rowHeight: 50}", gestures: "- {at: 0.1, resize: {width: 10000, height: 600, duration: 0.2}}",
                 viewport: "{width: 390, height: 844, scale: 3, safeArea: {top: 400, bottom: 400}}"),
    ])
    func extremesSimulateToFiniteStates(_ text: String) throws {
        let scenario = try decodeScenario(text)
        var nonFinite: [String] = []
        func walk(_ value: JSONValue, _ path: String) {
            switch value {
            case .number(let x): if !x.isFinite { nonFinite.append(path) }
            case .object(let pairs): for (key, v) in pairs { walk(v, path + "." + key) }
            case .array(let items): for (i, v) in items.enumerated() { walk(v, path + "[\(i)]") }
            case .string, .bool, .null: break
            }
        }
        Simulation(scenario: scenario).run { frame in walk(frame.json, "frames[\(frame.index)]") }
        #expect(nonFinite.isEmpty, "\(nonFinite.prefix(5))")
    }
}
