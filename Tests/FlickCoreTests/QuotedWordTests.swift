import Foundation
import Testing
@testable import FlickCore

/// A key whose value is one of a few words reads the word whatever its style: plain YAML, quoted YAML, or JSON
/// (whose strings are always quoted). Before, `touches.format` and `physics.decelerationRate` read only plain
/// scalars, so every JSON scenario was refused (`expected getevent, evemu or csv, found the string "csv"`).
@Suite struct QuotedWordTests {
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings")

    static func decode(_ text: String, json: Bool) throws(ScenarioError) -> Scenario {
        try ScenarioDecoder.decode(data: Data(text.utf8),
                                   file: recordings.appendingPathComponent(json ? "s.json" : "s.yaml").path, defaultName: "s")
    }

    static let json = """
        {"viewport": {"width": 360, "height": 780, "scale": 3}, "duration": 1,
         "physics": {"preset": "uikit", "decelerationRate": "fast"},
         "scene": {"background": "plain", "list": {"id": "feed", "rows": 200, "rowHeight": 50}},
         "gestures": [{"at": 0.1, "touches": {"file": "swipe-up-3x.evemu", "format": "evemu"}},
                      {"at": 0.5, "drag": {"from": [100, 600], "to": [100, 300], "duration": 0.2, "curve": "easeOut"}}]}
        """

    @Test(arguments: [(json, true),
                      (json.replacingOccurrences(of: "\"", with: "'"), false),
                      (json, false)])
    func quotedWordsRead(text: String, json: Bool) throws {
        let scenario = try Self.decode(text, json: json)
        #expect(scenario.physics.decelerationRate == .fast)
        guard case .touches(let samples, _, _) = scenario.gestures.first?.action else {
            Issue.record("expected touches")
            return
        }
        #expect(samples.count == 13)
        guard case .drag(_, _, _, let curve, _) = scenario.gestures[1].action else {
            Issue.record("expected a drag")
            return
        }
        #expect(curve == .named(.easeOut))
    }

    /// Quoted or not, a word that is not one of them is refused with the words it may be.
    @Test func aWrongWordIsStillRefused() {
        for (value, message) in [("\"cvs\"", "expected one of getevent, evemu, csv, found the string \"cvs\" (did you mean csv?)"),
                                 ("cvs", "expected one of getevent, evemu, csv, found cvs (did you mean csv?)")] {
            let text = Self.json.replacingOccurrences(of: "\"format\": \"evemu\"", with: "\"format\": \(value)")
            do {
                _ = try Self.decode(text, json: false)
                Issue.record("expected an error for \(value)")
            } catch {
                #expect(error.diagnostics.first?.path == "gestures[0].touches.format")
                #expect(error.diagnostics.first?.message == message)
            }
        }
        let rate = Self.json.replacingOccurrences(of: "\"decelerationRate\": \"fast\"", with: "\"decelerationRate\": \"0.99\"")
        do {
            _ = try Self.decode(rate, json: true)
            Issue.record("expected an error: a number is not quoted")
        } catch {
            #expect(error.diagnostics.first?.path == "physics.decelerationRate")
        }
    }
}
