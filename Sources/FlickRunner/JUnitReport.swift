import Foundation

/// A test run as JUnit XML, the format CI systems read (GitLab, Jenkins, GitHub's test reporters): one
/// `<testcase>` per scenario, with a `<failure>` holding every failure line, or an `<error>` when the scenario
/// could not be tested. No timings, so the same run writes the same bytes.
public enum JUnitReport {
    public static func xml(_ results: [ScenarioTestResult], suiteName: String = "flick test") -> String {
        let errors = results.filter(\.isError).count
        let failures = results.filter { !$0.passed && !$0.isError }.count
        let counts = "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape(suiteName))\" \(counts)>\n"
        out += "  <testsuite name=\"\(escape(suiteName))\" \(counts) skipped=\"0\">\n"
        for result in results {
            let url = URL(fileURLWithPath: result.path)
            let folder = (result.path as NSString).deletingLastPathComponent
            out += "    <testcase classname=\"\(escape(folder.isEmpty ? "." : folder))\" name=\"\(escape(url.lastPathComponent))\" file=\"\(escape(result.path))\""
            let lines = result.failureLines
            if result.passed {
                out += "/>\n"
                continue
            }
            let tag = result.isError ? "error" : "failure"
            let type = result.isError ? "bad input" : kinds(of: result).joined(separator: ", ")
            out += ">\n      <\(tag) message=\"\(escape(lines.first ?? "failed"))\" type=\"\(escape(type))\">"
            out += escape(lines.joined(separator: "\n"), attribute: false)
            out += "</\(tag)>\n    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    static func kinds(of result: ScenarioTestResult) -> [String] {
        var kinds: [String] = []
        if !result.expectationFailures.isEmpty { kinds.append("expectation") }
        if result.invariants.map({ !$0.passed }) ?? false { kinds.append("invariant") }
        if !result.goldens.allSatisfy(\.passed) || !(result.states?.passed ?? true) { kinds.append("golden") }
        return kinds
    }

    /// Text safe inside an XML attribute or element: the five entities escaped, characters XML 1.0 forbids dropped.
    static func escape(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default:
                let v = scalar.value
                let allowed = (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v)
                if allowed { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
