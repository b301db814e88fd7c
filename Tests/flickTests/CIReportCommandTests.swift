import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// A short pager scenario at 1x: a drag to the second page.
private let pager = """
viewport: {width: 200, height: 300, scale: 1, safeArea: {top: 0, bottom: 0}}
duration: 1
scene:
  background: plain
  pager:
    pages: [{title: A, color: "#ffd6d6"}, {title: B, color: "#d9f7d6"}, {title: C, color: "#d6ecff"}]
gestures:
  - {at: 0.1, drag: {from: [150, 150], to: [40, 150], duration: 0.2}}

"""

private func write(_ text: String, _ name: String, in folder: URL) throws {
    try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
}

/// Every element of an XML document with its attributes, in order.
private func elements(_ data: Data) throws -> [(name: String, attributes: [String: String])] {
    final class Delegate: NSObject, XMLParserDelegate {
        var found: [(name: String, attributes: [String: String])] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) { found.append((name, attributes)) }
    }
    let parser = XMLParser(data: data), delegate = Delegate()
    parser.delegate = delegate
    guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    return delegate.found
}

@Suite("flick test in CI: files that are not scenarios, JUnit for strict readers, Markdown for pull requests")
struct CIReportCommandTests {
    @Test("package.json and a CI workflow beside the scenarios are skipped, named once; named alone they are still errors")
    func notScenarios() throws {
        let folder = try scratchFolder("ci-not-scenarios")
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(pager, "p.yaml", in: folder)
        try write(#"{"name": "app", "version": "1.0.0", "scripts": {"test": "swift test"}}"#, "package.json", in: folder)
        try write("stages: [test]\ntest:\n  script: flick test .\n", "ci.yml", in: folder)
        try write("[1, 2, 3]\n", "list.json", in: folder)
        // A scenario with a mistake is not skipped: it has a scenario's keys.
        try write("viewport: {width: 200}\nduration: 1\n", "broken.yaml", in: folder)
        let run = try flick(["test", "."], in: folder)
        #expect(run.status == 2, "broken.yaml is still an error\n\(run.stdout)\(run.stderr)")
        let line = "skipped 3 files that are not scenarios (none of viewport, duration, scene at the top level): ./ci.yml, ./list.json, ./package.json\n"
        #expect(run.stdout.hasPrefix(line), "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "skipped").count == 2, "said once: \(run.stdout)")
        #expect(run.stdout.contains("PASS ./p.yaml") && run.stdout.contains("ERROR ./broken.yaml"), "\(run.stdout)")
        #expect(!run.stdout.contains("package.json (") && !run.stdout.contains("ERROR ./package.json"), "\(run.stdout)")

        try FileManager.default.removeItem(at: folder.appendingPathComponent("broken.yaml"))
        let clean = try flick(["test", "."], in: folder)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        let named = try flick(["test", "package.json"], in: folder)
        #expect(named.status == 2, "a file named on the command line is tested as a scenario\n\(named.stdout)")
    }
}
