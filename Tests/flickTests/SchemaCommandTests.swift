import Foundation
import Testing

@Suite("flick schema and flick devices")
struct SchemaCommandTests {
    @Test("schema prints docs/scenario.schema.json, byte for byte")
    func schema() throws {
        let run = try flick(["schema"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let committed = try String(contentsOf: packageRoot.appendingPathComponent("docs/scenario.schema.json"), encoding: .utf8)
        #expect(run.stdout == committed)
        let markdown = try flick(["schema", "--markdown"])
        #expect(markdown.status == 0 && markdown.stdout.hasPrefix("### `scenario`\n"))
        #expect(try flick(["schema", "--bogus"]).status == 2)
    }

    @Test("devices lists every preset in portrait and landscape")
    func devices() throws {
        let run = try flick(["devices"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 46)
        #expect(lines.contains { $0.hasPrefix("iPhone 15 Pro ") && $0.hasSuffix("393×852 pt @3x  safe area top 59, bottom 34") })
        #expect(lines.contains { $0.hasPrefix("iPad Pro 13-inch landscape ") && $0.contains("1376×1032 pt @2x") })
        #expect(lines.contains { $0.hasPrefix("iPhone Air ") && $0.hasSuffix("420×912 pt @3x  safe area top 68, bottom 34") })
    }

    @Test("a scenario naming a device validates; an unknown device says the nearest")
    func deviceInAScenario() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-devices-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.yaml"), bad = folder.appendingPathComponent("bad.yaml")
        try "viewport: {device: iPhone 15 Pro landscape}\nduration: 1\nscene: {list: {rows: 3, rowHeight: 40}}\n".write(to: good, atomically: true, encoding: .utf8)
        try "viewport: {device: iPhone 15 Pro Maxx}\nduration: 1\nscene: {list: {rows: 3, rowHeight: 40}}\n".write(to: bad, atomically: true, encoding: .utf8)
        let states = try flick(["states", good.path])
        #expect(states.status == 0 && states.stdout.contains("\"viewport\": {\"width\": 852, \"height\": 393, \"scale\": 3}"), "\(states.stderr)")
        let run = try flick(["validate", bad.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("bad.yaml:1:20: error: viewport.device: no device is named \"iPhone 15 Pro Maxx\" (did you mean \"iPhone 15 Pro Max\"?); flick devices lists them"))
    }
}
