import Foundation
import Testing
@testable import FlickCore

/// Saving tuned values into a scenario's text: only the values' text changes.
@Suite struct ScenarioTextEditTests {
    let source = """
    # A sheet. Comments stay.
    fps: 60   # frames per second
    physics:
      preset: uikit
    scene:
      sheet:
        detents: [{name: tip, height: 120}, {name: half, fraction: 0.5}]
        spring: {response: 0.3}
    gestures:
      - {at: 0.2, drag: {from: [195, 500], to: [195, 600], duration: 0.1}}

    """

    func edit(_ path: String, _ value: String, in text: String? = nil) throws -> String {
        try ScenarioTextEdit.apply([SweepAssignment(path: path, value: value)], to: text ?? source, file: "a.yaml")
    }

    @Test func aPlainValueIsReplacedWhereItStands() throws {
        let out = try edit("fps", "120")
        #expect(out == source.replacingOccurrences(of: "fps: 60   #", with: "fps: 120   #"))
        #expect(ScenarioTextEdit.diff(source, out) == "-2: fps: 60   # frames per second\n+2: fps: 120   # frames per second")
        #expect(try edit("physics.preset", "floatingpanel") == source.replacingOccurrences(of: "preset: uikit", with: "preset: floatingpanel"))
        #expect(try edit("scene.sheet.detents[1].fraction", "0.45") == source.replacingOccurrences(of: "fraction: 0.5", with: "fraction: 0.45"))
    }

    /// Issue 37, item 4: two values changed eight lines apart are two changed lines (four diff lines), not the
    /// whole span between them (the diff listed 13 lines for 2).
    @Test func theDiffListsOnlyTheLinesThatChanged() throws {
        let out = try ScenarioTextEdit.apply([SweepAssignment(path: "fps", value: "120"),
                                              SweepAssignment(path: "gestures[0].drag.duration", value: "0.2")], to: source, file: "a.yaml")
        let diff = ScenarioTextEdit.diff(source, out)
        #expect(diff.split(separator: "\n").count == 4)
        #expect(diff == """
            -2: fps: 60   # frames per second
            +2: fps: 120   # frames per second
            -10:   - {at: 0.2, drag: {from: [195, 500], to: [195, 600], duration: 0.1}}
            +10:   - {at: 0.2, drag: {from: [195, 500], to: [195, 600], duration: 0.2}}
            """)
        // A key added on a line of its own: one + line, numbered in the new text, and the later change after it.
        let added = try ScenarioTextEdit.apply([SweepAssignment(path: "physics.rubberBand", value: "0.6"),
                                                SweepAssignment(path: "fps", value: "30")], to: source, file: "a.yaml")
        let lines = ScenarioTextEdit.diff(source, added).split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.filter { $0.hasPrefix("+") }.count == 2 && lines.filter { $0.hasPrefix("-") }.count == 1)
        #expect(ScenarioTextEdit.diff("a\nb\nc", "a\nb\nc") == "")
        #expect(ScenarioTextEdit.diff("a\nb\nc", "a\nc") == "-2: b")
        #expect(ScenarioTextEdit.diff("a\nc", "x\na\nc\ny") == "+1: x\n+4: y")
    }

    @Test func aFlowListIsReplacedWhole() throws {
        let out = try edit("gestures[0].drag.to", "[195, 700]")
        #expect(out == source.replacingOccurrences(of: "to: [195, 600]", with: "to: [195, 700]"))
    }

    @Test func aMissingKeyIsAddedUnderItsMapping() throws {
        // In a flow mapping: first inside its braces.
        #expect(try edit("scene.sheet.spring.dampingRatio", "0.7")
                == source.replacingOccurrences(of: "spring: {response: 0.3}", with: "spring: {dampingRatio: 0.7, response: 0.3}"))
        // In a block mapping: a line of its own, indented as its siblings; further keys as flow mappings.
        #expect(try edit("physics.sheetSpring.response", "0.6")
                == source.replacingOccurrences(of: "physics:\n  preset", with: "physics:\n  sheetSpring: {response: 0.6}\n  preset"))
        let added = try edit("duration", "3")
        #expect(added == source.replacingOccurrences(of: "fps: 60", with: "duration: 3\nfps: 60"))
        // Each result is still YAML with the value where the path says.
        for (path, text) in [("duration", added), ("physics.sheetSpring.response", try edit("physics.sheetSpring.response", "0.6")),
                             ("scene.sheet.spring.dampingRatio", try edit("scene.sheet.spring.dampingRatio", "0.7"))] {
            var node = try ScenarioDecoder.compose(data: Data(text.utf8), file: "a.yaml").root
            for key in path.split(separator: ".") { node = try #require(node[String(key)]) }
            #expect(node.scalar != nil, "\(path)")
        }
    }

    @Test func whatCannotBeWrittenInPlaceIsRefusedWithItsPath() throws {
        let quoted = source.replacingOccurrences(of: "preset: uikit", with: "preset: \"uikit\"")
        #expect(throws: ScenarioError.self) { try edit("physics.preset", "android", in: quoted) }
        do {
            _ = try edit("gestures[3].at", "1")
            Issue.record("a missing list item was written")
        } catch {
            #expect("\(error)".hasPrefix("a.yaml: error: gestures[3].at: the file has no such place"))
        }
        #expect(throws: ScenarioError.self) { try edit("fps", "1\n2") }
    }
}
