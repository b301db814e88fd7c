import FlickOutput
import Foundation

/// A test run as JUnit XML, the format CI systems read (GitLab, Jenkins, GitHub's test reporters): one
/// `<testcase>` per scenario, with a `<failure>` holding every failure line, or an `<error>` when the scenario
/// could not be tested. The suite carries `time`, `timestamp` (UTC, ISO 8601 without a zone) and `hostname`,
/// each case its `time`, its folder as `classname` and (in the `full` style) its path as `file`; a failing golden
/// frame's diff image is named in the case's `<system-out>` as GitLab's `[[ATTACHMENT|path]]` (`Style`). A run with no scenario (an empty shard)
/// is still a complete suite with `tests="0"`.
public enum JUnitReport {
    /// Which readers the file is written for.
    public enum Style: String, CaseIterable, Sendable {
        /// Everything GitLab and GitHub's reporters read: each case's `file`, its diff images as GitLab's
        /// `[[ATTACHMENT|path]]` in its own `<system-out>`, the totals on `<testsuites>`.
        case full
        /// Valid against the Apache Ant schema (windyroad's JUnit.xsd) and the Jenkins xUnit plugin's junit-10.xsd,
        /// for readers that validate: no `file` attribute, no attributes on `<testsuites>`, and the attachments in
        /// the suite's `<system-out>`, one line per image with its scenario's path.
        case strict
    }


    /// `timestamp`: when the run started; `time`: how long it took in seconds (default: the cases' times added);
    /// `properties`: `<property>` entries of the suite (the shard, the record mode).
    public static func xml(_ results: [ScenarioTestResult], suiteName: String = "flick test", timestamp: Date = Date(),
                           hostname: String = ProcessInfo.processInfo.hostName, time: Double? = nil,
                           properties: [(name: String, value: String)] = [], style: Style = .full) -> String {
        xml(results.map(\.report), suiteName: suiteName, timestamp: timestamp, hostname: hostname, time: time,
            properties: properties, style: style)
    }

    /// The report of cases already made (from a run, or merged from shards' blobs).
    public static func xml(_ results: [TestCaseReport], suiteName: String = "flick test", timestamp: Date = Date(),
                           hostname: String = ProcessInfo.processInfo.hostName, time: Double? = nil,
                           properties: [(name: String, value: String)] = [], style: Style = .full) -> String {
        let errors = results.filter(\.isError).count
        let failures = results.filter { !$0.passed && !$0.isError }.count
        let total = time ?? results.compactMap(\.duration).reduce(0, +)
        let counts = "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds(total))\""
        let stamp = isoTimestamp(timestamp)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += style == .strict ? "<testsuites>\n" : "<testsuites name=\"\(Markup.escape(suiteName, .xml(attribute: true)))\" \(counts)>\n"
        out += "  <testsuite name=\"\(Markup.escape(suiteName, .xml(attribute: true)))\" \(counts) skipped=\"0\" timestamp=\"\(stamp)\" "
            + "hostname=\"\(Markup.escape(hostname.isEmpty ? "localhost" : hostname, .xml(attribute: true)))\" id=\"0\" package=\"\(Markup.escape(suiteName, .xml(attribute: true)))\">\n"
        if properties.isEmpty {
            out += "    <properties/>\n"
        } else {
            out += "    <properties>\n"
            for property in properties {
                out += "      <property name=\"\(Markup.escape(property.name, .xml(attribute: true)))\" value=\"\(Markup.escape(property.value, .xml(attribute: true)))\"/>\n"
            }
            out += "    </properties>\n"
        }
        var suiteOutput: [String] = []
        for result in results {
            let url = URL(fileURLWithPath: result.path)
            out += "    <testcase classname=\"\(Markup.escape(className(of: result.path), .xml(attribute: true)))\" name=\"\(Markup.escape(url.lastPathComponent, .xml(attribute: true)))\" "
                + (style == .strict ? "" : "file=\"\(Markup.escape(result.path, .xml(attribute: true)))\" ") + "time=\"\(seconds(result.duration ?? 0))\""
            let lines = result.failureLines
            if result.passed {
                out += "/>\n"
                continue
            }
            let tag = result.isError ? "error" : "failure"
            let type = result.isError ? "bad input" : result.kinds.joined(separator: ", ")
            out += ">\n      <\(tag) message=\"\(Markup.escape(lines.first ?? "failed", .xml(attribute: true)))\" type=\"\(Markup.escape(type, .xml(attribute: true)))\">"
            out += Markup.escape(lines.joined(separator: "\n"), .xml(attribute: false))
            out += "</\(tag)>\n"
            let attachments = result.attachments
            if style == .strict {
                suiteOutput += attachments.map { "\(result.path): [[ATTACHMENT|\($0)]]" }
            } else if !attachments.isEmpty {
                out += "      <system-out>"
                out += Markup.escape(attachments.map { "[[ATTACHMENT|\($0)]]" }.joined(separator: "\n"), .xml(attribute: false))
                out += "</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        if suiteOutput.isEmpty {
            out += "    <system-out/>\n"
        } else {
            out += "    <system-out>" + Markup.escape(suiteOutput.joined(separator: "\n"), .xml(attribute: false)) + "</system-out>\n"
        }
        out += "    <system-err/>\n"
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// The folder of a scenario file, as given without a leading `./`; for a file in the current folder, that
    /// folder's name (never `.`).
    static func className(of path: String) -> String {
        var folder = (path as NSString).deletingLastPathComponent
        while folder.hasPrefix("./") { folder.removeFirst(2) }
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        if folder.isEmpty || folder == "." {
            let name = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.lastPathComponent
            return name.isEmpty ? "/" : name
        }
        return folder
    }

    /// The images a CI can show beside a failing case: each failing frame's diff image (its actual image when
    /// there is none), and each deviating state path's plot.
    static func attachmentPaths(of result: ScenarioTestResult) -> [String] {
        var paths: [String] = []
        for golden in result.goldens {
            guard case .mismatched(_, let artifacts) = golden.outcome else { continue }
            let diff = (artifacts as NSString).appendingPathComponent("diff.png")
            paths.append(FileManager.default.fileExists(atPath: diff) ? diff : (artifacts as NSString).appendingPathComponent("actual.png"))
        }
        if case .deviated(let deviations)? = result.states?.outcome { paths += deviations.compactMap(\.plot) }
        return paths
    }

    /// Seconds with three decimals: `0.125`.
    static func seconds(_ value: Double) -> String {
        NumberText.fixed(value.isFinite ? max(0, value) : 0, digits: 3)
    }

    /// `2026-03-01T09:30:00`: UTC, as JUnit's schema writes a timestamp (no zone).
    static func isoTimestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date)
    }

    static func kinds(of result: ScenarioTestResult) -> [String] {
        var kinds: [String] = []
        if !result.expectationFailures.isEmpty { kinds.append("expectation") }
        if result.invariants.map({ !$0.passed }) ?? false { kinds.append("invariant") }
        if !result.goldens.allSatisfy(\.passed) || !(result.states?.passed ?? true) { kinds.append("golden") }
        return kinds
    }
}
