import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

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
        try writeFile(pagerScenario, "p.yaml", in: folder)
        try writeFile(#"{"name": "app", "version": "1.0.0", "scripts": {"test": "swift test"}}"#, "package.json", in: folder)
        try writeFile("stages: [test]\ntest:\n  script: flick test .\n", "ci.yml", in: folder)
        try writeFile("[1, 2, 3]\n", "list.json", in: folder)
        // A scenario with a mistake is not skipped: it has a scenario's keys.
        try writeFile("viewport: {width: 200}\nduration: 1\n", "broken.yaml", in: folder)
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

    @Test("JUnit: suite time, timestamp and hostname, case time, the folder's name as classname, file, attachments; an empty shard is a whole suite")
    func junit() throws {
        let folder = try scratchFolder("ci-junit")
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFile(pagerScenario + "goldens: {frames: [12], scale: 1}\n", "p.yaml", in: folder)
        try writeFile(pagerScenario + "expect:\n  - {at: end, pager.page: 2}\n", "q.yaml", in: folder)
        _ = try flick(["test", "p.yaml", "--record", "missing"], in: folder)
        try writeFile(pagerScenario.replacingOccurrences(of: "to: [40, 150]", with: "to: [38.9, 150]") + "goldens: {frames: [12], scale: 1}\n",
                  "p.yaml", in: folder)
        let run = try flick(["test", ".", "--record", "never", "--report", "out", "--junit", "junit.xml"], in: folder)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let data = try Data(contentsOf: folder.appendingPathComponent("junit.xml"))
        let found = try elements(data)
        let suite = try #require(found.first { $0.name == "testsuite" }?.attributes)
        #expect(suite["tests"] == "2" && suite["failures"] == "2" && suite["errors"] == "0")
        #expect(suite["time"].flatMap(Double.init) != nil, "\(suite)")
        #expect(suite["timestamp"]?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/) != nil, "\(suite)")
        #expect(!(suite["hostname"] ?? "").isEmpty, "\(suite)")
        let suites = try #require(found.first { $0.name == "testsuites" }?.attributes)
        #expect(suites["time"].flatMap(Double.init) != nil, "\(suites)")
        let cases = found.filter { $0.name == "testcase" }.map(\.attributes)
        #expect(cases.map { $0["name"] } == ["p.yaml", "q.yaml"])
        for testCase in cases {
            #expect(testCase["classname"] == folder.lastPathComponent, "the folder's name, not \".\": \(testCase)")
            #expect(testCase["time"].flatMap(Double.init) != nil, "\(testCase)")
        }
        #expect(cases.map { $0["file"] } == ["./p.yaml", "./q.yaml"])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("<system-out>[[ATTACHMENT|out/p/frame_00012/diff.png]]</system-out>"), "\(text)")

        // The first of two shards of one scenario holds none: still a suite with its time, timestamp and host.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("q.yaml"))
        let empty = try flick(["test", ".", "--record", "never", "--shard", "1/2", "--junit", "empty.xml"], in: folder)
        #expect(empty.status == 0, "\(empty.stdout)\(empty.stderr)")
        let shard = try elements(try Data(contentsOf: folder.appendingPathComponent("empty.xml")))
        let emptySuite = try #require(shard.first { $0.name == "testsuite" }?.attributes)
        #expect(emptySuite["tests"] == "0" && emptySuite["time"] != nil && emptySuite["timestamp"] != nil
            && emptySuite["hostname"] != nil, "\(emptySuite)")
        #expect(shard.contains { $0.name == "property" && $0.attributes["name"] == "shard" && $0.attributes["value"] == "1/2" })
        #expect(!shard.contains { $0.name == "testcase" })
    }

    @Test("Markdown: failures first, passes in one line, no repeated count, values escaped, links under --artifacts-url")
    func markdown() throws {
        let folder = try scratchFolder("ci-markdown")
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFile(pagerScenario + "goldens: {frames: [12], scale: 1}\n", "p.yaml", in: folder)
        for name in ["a", "b", "c"] { try writeFile(pagerScenario, "\(name).yaml", in: folder) }
        // A file name and an expected value a pull-request page must show as text: a mention, HTML, emphasis.
        try writeFile(pagerScenario + "expect:\n  - {at: end, pager.page: 2}\n", "@org-team <img src=x> *x*.yaml", in: folder)
        _ = try flick(["test", "p.yaml", "--record", "missing"], in: folder)
        try writeFile(pagerScenario.replacingOccurrences(of: "to: [40, 150]", with: "to: [38.9, 150]") + "goldens: {frames: [12], scale: 1}\n",
                  "p.yaml", in: folder)
        let run = try flick(["test", ".", "--record", "never", "--report", "out", "--markdown", "summary.md",
                             "--artifacts-url", "https://ci.example/jobs/7/artifacts/"], in: folder)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let summary = try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("## flick test: 3 passed, 2 failed\n"), "\(summary)")
        // Only the failures in the table, before the line of passes.
        let table = summary.components(separatedBy: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| |") }
        #expect(table.count == 2 && table.allSatisfy { $0.hasPrefix("| ❌ |") }, "\(table)")
        #expect(summary.contains("\n✅ 3 passed: `a.yaml`, `b.yaml`, `c.yaml`\n"), "\(summary)")
        let passLine = try #require(summary.range(of: "✅ 3 passed")), firstFailure = try #require(summary.range(of: "### ❌"))
        #expect(firstFailure.lowerBound < passLine.lowerBound)
        // The count is said once.
        let frame = try #require(summary.components(separatedBy: "\n").first { $0.hasPrefix("- frame 12:") })
        let counted = try #require(frame.firstMatch(of: /\*\*(\d+) pixels differ\*\*/))
        #expect(frame.components(separatedBy: "\(counted.1) pixels differ").count == 2, "\(frame)")
        #expect(frame.contains("[diff](https://ci.example/jobs/7/artifacts/p/frame_00012/diff.png)"), "\(frame)")
        #expect(frame.contains("[flip preview (APNG)](https://ci.example/jobs/7/artifacts/p/frame_00012/flip.png)"), "\(frame)")
        // The odd name only ever inside code, never as Markdown, HTML or a mention.
        #expect(summary.contains("### ❌ `./@org-team <img src=x> *x*.yaml`"), "\(summary)")
        for line in summary.components(separatedBy: "\n") where line.contains("org-team") {
            #expect(line.contains("`./@org-team <img src=x> *x*.yaml`") || line.contains("@\u{200B}org-team"), "\(line)")
        }

        let bad = try flick(["test", ".", "--markdown", "m.md", "--artifacts-url", "https://x"], in: folder)
        #expect(bad.status == 2 && bad.stderr.contains("--artifacts-url needs --report DIR"), "\(bad.stderr)")
    }

    @Test("Three shards merged are the unsharded run: the same lines, the same Markdown, the same JUnit cases; a missing or repeated shard is refused")
    func shardsMerge() throws {
        let folder = try scratchFolder("ci-merge")
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFile(pagerScenario + "goldens: {frames: [12], scale: 1}\n", "p.yaml", in: folder)
        for name in ["a", "b", "c"] { try writeFile(pagerScenario, "\(name).yaml", in: folder) }
        try writeFile(pagerScenario + "expect:\n  - {at: end, pager.page: 2}\n", "q.yaml", in: folder)
        try writeFile("viewport: {width: 200}\nduration: 1\n", "z.yaml", in: folder)
        _ = try flick(["test", "p.yaml", "--record", "missing"], in: folder)
        try writeFile(pagerScenario.replacingOccurrences(of: "to: [40, 150]", with: "to: [38.9, 150]") + "goldens: {frames: [12], scale: 1}\n",
                  "p.yaml", in: folder)
        let whole = try flick(["test", ".", "--record", "never", "--report", "out", "--junit", "whole.xml",
                               "--markdown", "whole.md", "--artifacts-url", "https://ci.example/a"], in: folder)
        #expect(whole.status == 2, "z.yaml is an error\n\(whole.stdout)\(whole.stderr)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("blobs"), withIntermediateDirectories: true)
        for i in 1...3 {
            let shard = try flick(["test", ".", "--record", "never", "--report", "out", "--shard", "\(i)/3",
                                   "--blob", "blobs/shard-\(i).json"], in: folder)
            #expect([0, 1, 2].contains(shard.status), "\(shard.stdout)\(shard.stderr)")
        }
        let merged = try flick(["test", "--merge", "blobs", "--report", "out", "--junit", "merged.xml",
                                "--markdown", "merged.md", "--artifacts-url", "https://ci.example/a"], in: folder)
        #expect(merged.status == whole.status, "\(merged.stdout)\(merged.stderr)")
        #expect(merged.stdout == whole.stdout, "merged:\n\(merged.stdout)\nwhole:\n\(whole.stdout)")
        #expect(merged.stdout.contains("3 passed, 3 failed"), "\(merged.stdout)")
        let wholeMarkdown = try String(contentsOf: folder.appendingPathComponent("whole.md"), encoding: .utf8)
        let mergedMarkdown = try String(contentsOf: folder.appendingPathComponent("merged.md"), encoding: .utf8)
        #expect(mergedMarkdown == wholeMarkdown, "merged:\n\(mergedMarkdown)\nwhole:\n\(wholeMarkdown)")
        #expect(mergedMarkdown.contains("[diff](https://ci.example/a/p/frame_00012/diff.png)"), "\(mergedMarkdown)")
        // JUnit: the same cases with the same results and messages; only times, timestamps and properties differ.
        func cases(_ name: String) throws -> [String] {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            return text.components(separatedBy: "\n")
                .filter { !$0.contains("<testsuite") && !$0.contains("property") && !$0.contains("</properties>") }
                .map { $0.replacing(/\ time="[0-9.]+"/, with: "") }
        }
        #expect(try cases("merged.xml") == cases("whole.xml"))
        let suite = try #require(try elements(Data(contentsOf: folder.appendingPathComponent("merged.xml"))).first { $0.name == "testsuite" })
        #expect(suite.attributes["tests"] == "6" && suite.attributes["failures"] == "2" && suite.attributes["errors"] == "1", "\(suite)")

        // Two of three shards would leave scenarios out of the report.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("blobs/shard-2.json"))
        let partial = try flick(["test", "--merge", "blobs"], in: folder)
        #expect(partial.status == 2 && partial.stderr.contains("shard 2/3 missing"), "\(partial.stderr)")
        let twice = try flick(["test", "--merge", "blobs/shard-1.json", "blobs/shard-1.json", "blobs/shard-3.json"], in: folder)
        #expect(twice.status == 2 && twice.stderr.contains("is in two blobs: blobs/shard-1.json and blobs/shard-1.json"), "\(twice.stderr)")
        let notBlob = try flick(["test", "--merge", "whole.xml"], in: folder)
        #expect(notBlob.status == 2 && notBlob.stderr.contains("whole.xml: not a blob `flick test --blob` wrote"), "\(notBlob.stderr)")
        // The strict style: nothing on <testsuites>, no file attribute, the attachments in the suite's system-out.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("one"), withIntermediateDirectories: true)
        let single = try flick(["test", ".", "--record", "never", "--report", "out", "--junit", "one/strict.xml",
                                "--junit-style", "strict"], in: folder)
        #expect(single.status == 2, "\(single.stdout)\(single.stderr)")
        let strictXML = try String(contentsOf: folder.appendingPathComponent("one/strict.xml"), encoding: .utf8)
        #expect(strictXML.contains("\n<testsuites>\n") && !strictXML.contains(" file=\""), "\(strictXML)")
        #expect(strictXML.contains("<system-out>./p.yaml: [[ATTACHMENT|out/p/frame_00012/diff.png]]</system-out>"), "\(strictXML)")
        #expect(!strictXML.contains("      <system-out>"), "no system-out inside a test case: \(strictXML)")
        let style = try flick(["test", ".", "--junit", "x.xml", "--junit-style", "ant"], in: folder)
        #expect(style.status == 2 && style.stderr.contains("--junit-style must be full or strict, not \"ant\""), "\(style.stderr)")
        let mixed = try flick(["test", "--merge", "blobs", "--shard", "1/2"], in: folder)
        #expect(mixed.status == 2 && mixed.stderr.contains("--shard does not apply to --merge"), "\(mixed.stderr)")
    }
}
