import Foundation
import Testing
@testable import FlickCore

/// A scenario reads files only from its own folder tree, links followed, and never quotes a file that is not what it
/// should be (docs/scenario-format.md, "Files a scenario reads"; issue 36, item 9).
@Suite struct ScenarioFolderTests {
    static let secret = "root:x:0:0:secret-line:/root:/bin/bash\n"

    /// A folder with a secret file beside it (outside), and a scenario inside naming `reference`, `touches` and
    /// `rows` in turn.
    struct Layout {
        let top: URL
        var inside: URL { top.appendingPathComponent("scenarios") }
        var secret: URL { top.appendingPathComponent("passwd") }

        init() throws {
            top = FileManager.default.temporaryDirectory.appendingPathComponent("flick-folder-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: top.appendingPathComponent("scenarios/sub"), withIntermediateDirectories: true)
            try ScenarioFolderTests.secret.write(to: secret, atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(at: top) }

        /// The problems of a scenario in `inside` whose extra top-level keys are `extra` and whose list is `list`.
        func problems(extra: String = "", list: String = "{id: feed, rows: 30, rowHeight: 50}") -> [String] {
            let text = "viewport: {width: 390, height: 844}\nduration: 1\nscene: {list: \(list)}\n\(extra)"
            do {
                _ = try ScenarioDecoder.decode(data: Data(text.utf8), file: inside.appendingPathComponent("s.yaml").path, defaultName: "s")
                return []
            } catch {
                return error.diagnostics.map { "\($0.path): \($0.message)" }
            }
        }

        func link(_ name: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: inside.appendingPathComponent(name).path, withDestinationPath: target)
        }
    }

    /// Every way to name the file outside is refused before it is opened, with the key; no message holds its line.
    @Test func filesOutsideTheFolderAreRefused() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try layout.link("linked.csv", to: layout.secret.path)
        try layout.link("up", to: "/")
        let root = ScenarioFolder.root(ofScenario: layout.inside.appendingPathComponent("s.yaml").path)
        for name in [layout.secret.path, "../passwd", "linked.csv", "up\(layout.secret.path)", "sub/../../passwd"] {
            let outside = "is outside the scenario's folder \(root) (links followed)"
            let reference = layout.problems(extra: "reference: [{path: feed.contentOffset.y, file: '\(name)'}]\n")
            #expect(reference.count == 1 && reference[0].hasPrefix("reference[0].file: \(name) \(outside)"), "\(reference)")
            let touches = layout.problems(extra: "gestures: [{at: 0, touches: {file: '\(name)', format: csv}}]\n")
            #expect(touches.count == 1 && touches[0].hasPrefix("gestures[0].touches.file: \(name) \(outside)"), "\(touches)")
            let rows = layout.problems(list: "{id: feed, rows: {file: '\(name)'}, rowHeight: 50}")
            #expect(rows.count == 1 && rows[0].hasPrefix("scene.list.rows.file: \(name) \(outside)"), "\(rows)")
            let font = layout.problems(extra: "font: {file: '\(name)'}\n")
            #expect(font.count == 1 && font[0].hasPrefix("font.file: \(name) \(outside)"), "\(font)")
            for problem in reference + touches + rows + font { #expect(!problem.contains("secret-line")) }
        }
    }

    /// A file inside, through a link that stays inside too, is read; a missing one is "no such file".
    @Test func filesInsideAreRead() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try "t,v\n0,1\n0.1,2\n".write(to: layout.inside.appendingPathComponent("sub/r.csv"), atomically: true, encoding: .utf8)
        try layout.link("r.csv", to: "sub/r.csv")
        #expect(layout.problems(extra: "reference: [{path: feed.contentOffset.y, file: sub/r.csv}]\n") == [])
        #expect(layout.problems(extra: "reference: [{path: feed.contentOffset.y, file: r.csv}]\n") == [])
        #expect(layout.problems(extra: "reference: [{path: feed.contentOffset.y, file: \(layout.inside.path)/sub/r.csv}]\n") == [])
        #expect(layout.problems(extra: "reference: [{path: feed.contentOffset.y, file: new/none.csv}]\n")
                == ["reference[0].file: new/none.csv: no such file"])
    }

    /// A file inside that is not what it should be is said to be so without its text: a recording, a touch
    /// recording, a rows file (CSV and JSON).
    @Test func foreignFilesAreNotQuoted() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try Self.secret.write(to: layout.inside.appendingPathComponent("passwd.csv"), atomically: true, encoding: .utf8)
        try ("[secret-line] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 1\n").write(to: layout.inside.appendingPathComponent("passwd.txt"), atomically: true, encoding: .utf8)
        try "[{\"secret-line\": \"x\"}]".write(to: layout.inside.appendingPathComponent("rows.json"), atomically: true, encoding: .utf8)
        #expect(layout.problems(extra: "reference: [{path: feed.contentOffset.y, file: passwd.csv}]\n")
                == ["reference[0].file: passwd.csv:1: is not a t,value CSV: expected two columns, t and value, found 1"])
        #expect(layout.problems(extra: "gestures: [{at: 0, touches: {file: passwd.csv, format: csv}}]\n")
                == ["gestures[0].touches.file: passwd.csv:1: expected three columns, t, x and y, found 1"])
        let getevent = layout.problems(extra: "gestures: [{at: 0, touches: {file: passwd.txt, format: getevent}}]\n")
        #expect(getevent == ["gestures[0].touches.file: passwd.txt:1: expected a timestamp [seconds]"], "\(getevent)")
        let rows = layout.problems(list: "{id: feed, rows: {file: passwd.csv}, rowHeight: 50}")
        #expect(rows.count == 1 && rows[0].hasSuffix("passwd.csv is not a rows CSV: its first line names none of the columns title, subtitle, trailing, thumbnail"), "\(rows)")
        let json = layout.problems(list: "{id: feed, rows: {file: rows.json}, rowHeight: 50}")
        #expect(json.count == 1 && json[0].hasSuffix("rows.json row 0: not a row: the object has none of the keys title, subtitle, trailing, thumbnail"), "\(json)")
        for problem in rows + json + getevent { #expect(!problem.contains("secret-line")) }
    }
}
