import Foundation

/// A test run as Markdown, for a CI step summary or a pull-request comment (`flick test --markdown FILE`): the
/// totals, a table of the scenarios, and each failure with its path, its deviation or differing-pixel count, and
/// links to its plot, diff image and flip-book preview, relative to the Markdown file so they resolve beside it.
/// No timings, so the same run writes the same bytes.
public enum MarkdownReport {
    /// `markdownFile`: where the report will be written (links are made relative to its folder).
    public static func markdown(_ results: [ScenarioTestResult], markdownFile: String,
                                title: String = "flick test") -> String {
        let base = URL(fileURLWithPath: markdownFile).deletingLastPathComponent().standardizedFileURL.path
        let failed = results.filter { !$0.passed }
        var out = "## \(title): \(results.count - failed.count) passed, \(failed.count) failed\n\n"
        out += "| | scenario | expectations | invariants | golden frames | states golden |\n|---|---|---|---|---|---|\n"
        for result in results {
            let mark = result.passed ? "✅" : result.isError ? "⚠️" : "❌"
            var expectations = "—", invariants = "—", frames = "—", states = "—"
            if !result.isError {
                expectations = result.expectationFailures.isEmpty ? "\(result.expectationCount)"
                    : "\(result.expectationFailures.count) of \(result.expectationCount) failed"
                if let report = result.invariants {
                    invariants = report.passed ? "\(report.checks.values.reduce(0, +)) checks" : "\(report.grouped.count) broken"
                }
                let failedFrames = result.goldens.filter { !$0.passed }.count
                if !result.goldens.isEmpty {
                    frames = failedFrames == 0 ? "\(result.goldens.count)" : "\(failedFrames) of \(result.goldens.count) failed"
                }
                switch result.states?.outcome {
                case nil: break
                case .matched(let paths, let count)?: states = "\(paths) paths × \(count) frames"
                case .deviated(let deviations)?: states = "\(deviations.count) path\(deviations.count == 1 ? "" : "s") off"
                case .recorded?: states = "recorded"
                case .incompatible?: states = "recorded for another run"
                case .missingGolden?: states = "missing"
                }
            }
            out += "| \(mark) | `\(cell(result.path))` | \(expectations) | \(invariants) | \(frames) | \(states) |\n"
        }
        for result in failed {
            out += "\n### \(result.isError ? "⚠️" : "❌") `\(cell(result.path))`\n\n"
            if let error = result.error {
                out += "```\n\(error)\n```\n"
                continue
            }
            for failure in result.expectationFailures { out += "- expectation: \(failure.description)\n" }
            for line in result.invariants?.lines ?? [] { out += "- invariant: \(line)\n" }
            for golden in result.goldens where !golden.passed {
                switch golden.outcome {
                case .matched:
                    break
                case .mismatched(let comparison, let artifacts):
                    let folder = relative(artifacts, to: base)
                    let n = comparison.differingPixels
                    out += "- frame \(golden.frame): **\(n) pixel\(n == 1 ? " differs" : "s differ")** from `\(golden.goldenPath)` "
                        + "(\(comparison.summary)) — [diff](\(folder)/diff.png) · [expected](\(folder)/expected.png) · "
                        + "[actual](\(folder)/actual.png) · [flip preview (APNG)](\(folder)/flip.png)\n"
                case .recorded, .missingGolden, .sizeMismatch:
                    out += "- \(golden.message ?? "frame \(golden.frame) failed")\n"
                }
            }
            if let states = result.states, !states.passed {
                switch states.outcome {
                case .deviated(let deviations):
                    out += "- states differ from `\(states.goldenPath)` (within \(PathDeviation.number(states.tolerance))):\n"
                    for d in deviations {
                        out += "  - `\(d.path)`: **\(PathDeviation.number(d.worst))** — \(d.detail(tolerance: states.tolerance))"
                        if let plot = d.plot { out += " — [plot](\(relative(plot, to: base)))" }
                        out += "\n"
                    }
                case .matched, .recorded, .incompatible, .missingGolden:
                    for line in states.messages { out += "- \(line)\n" }
                }
            }
        }
        return out
    }

    /// `path` relative to the folder `base` (both made absolute), with `/` separators and spaces escaped.
    static func relative(_ path: String, to base: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let from = URL(fileURLWithPath: base).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, from.count), target[common] == from[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + target[common...]
        let text = parts.isEmpty ? "." : parts.joined(separator: "/")
        return text.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "(", with: "%28")
            .replacingOccurrences(of: ")", with: "%29")
    }

    /// Text safe in a table cell inside backticks.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
            .replacingOccurrences(of: "\n", with: " ")
    }
}
