import Foundation
import Testing

@Suite("validate, check and render name the characters no font has (docs/scenario-format.md, \"Text in any language\")")
struct MissingCharactersCommandTests {
    @Test("A title with a character no font has: exit status 0, one warning naming the file, key path and character")
    func warns() throws {
        let dir = try scratchFolder("missing-characters")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("tabs.yaml")
        // U+10FFFD is a private-use character no font is expected to have; the other titles are DejaVu's.
        try """
        viewport: {width: 390, height: 300, scale: 1}
        duration: 0.1
        scene:
          pager:
            pages: [{title: Café}, {title: "Mix \u{10FFFD}"}]
        """.write(to: file, atomically: true, encoding: .utf8)
        let expected = "\(file.path): warning: no font has this character, drawn as empty boxes: scene.pager.pages[1].title: U+10FFFD '\u{10FFFD}'; "
        for arguments in [["validate", file.path], ["check", file.path], ["render", file.path, "--out", dir.appendingPathComponent("out").path]] {
            let run = try flick(arguments)
            #expect(run.status == 0, "\(arguments[0]): \(run.stderr)")
            #expect(run.stderr.components(separatedBy: expected).count == 2, "\(arguments[0]), once: \(run.stderr)")
        }
        // Text every font has: no warning.
        try "viewport: {width: 390, height: 300, scale: 1}\nduration: 0.1\nscene:\n  pager:\n    pages: [{title: Café}, {title: \"9:41 · ½\"}]\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let run = try flick(["validate", file.path])
        #expect(run.status == 0 && !run.stderr.contains("warning"), "\(run.stderr)")
    }
}
