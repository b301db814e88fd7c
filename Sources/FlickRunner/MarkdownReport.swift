import FlickDiff
import Foundation

/// A test run as Markdown, for a CI step summary or a pull-request comment (`flick test --markdown FILE`): the
/// totals, a table of the scenarios that failed, each failure with its path, its deviation or differing-pixel
/// count and links to its plot, diff image and flip-book preview, and the passing scenarios in one line. Links
/// are relative to the Markdown file, or under a base URL where the artifacts are published (`artifactsURL`).
/// Every value from a file or a message is escaped: it cannot add Markdown, HTML, a mention or a link of its own.
/// No timings, so the same run writes the same bytes.
public enum MarkdownReport {
    /// How many passing scenarios the last line names before it says how many more.
    static let passesNamed = 20

    /// `markdownFile`: where the report will be written (links are made relative to its folder). With
    /// `artifactsURL`, links are that URL followed by the file's path inside `artifactsRoot` (the folder the
    /// artifacts are published from: `--report`'s).
    public static func markdown(_ results: [ScenarioTestResult], markdownFile: String, title: String = "flick test",
                                artifactsRoot: String? = nil, artifactsURL: String? = nil) -> String {
        markdown(results.map(\.report), markdownFile: markdownFile, title: title, artifactsRoot: artifactsRoot,
                 artifactsURL: artifactsURL)
    }

    /// The report of cases already made (from a run, or merged from shards' blobs).
    public static func markdown(_ results: [TestCaseReport], markdownFile: String, title: String = "flick test",
                                artifactsRoot: String? = nil, artifactsURL: String? = nil) -> String {
        let base = URL(fileURLWithPath: markdownFile).deletingLastPathComponent().standardizedFileURL.path
        func link(_ path: String) -> String {
            if let artifactsURL, let artifactsRoot {
                let url = artifactsURL.hasSuffix("/") ? String(artifactsURL.dropLast()) : artifactsURL
                return url + "/" + relative(path, to: artifactsRoot)
            }
            return relative(path, to: base)
        }
        let failed = results.filter { !$0.passed }
        let passed = results.filter(\.passed)
        var out = "## \(text(title)): \(passed.count) passed, \(failed.count) failed\n\n"
        if !failed.isEmpty {
            out += "| | scenario | expectations | invariants | golden frames | states golden |\n|---|---|---|---|---|---|\n"
            for result in failed { out += row(result) }
        }
        for result in failed {
            out += "\n### \(result.isError ? "⚠️" : "❌") \(code(result.path))\n\n"
            if let error = result.error {
                out += fenced(error)
                continue
            }
            for finding in result.findings {
                switch finding {
                case .expectation(let line):
                    out += "- expectation: \(text(line))\n"
                case .invariant(let line):
                    out += "- invariant: \(text(line))\n"
                case let .frame(number, n, golden, measure, artifacts):
                    let folder = artifacts as NSString
                    out += "- frame \(number): **\(n) pixel\(n == 1 ? " differs" : "s differ")** from \(code(golden)) "
                        + "(\(text(measure))) — [diff](\(link(folder.appendingPathComponent("diff.png")))) · "
                        + "[expected](\(link(folder.appendingPathComponent("expected.png")))) · "
                        + "[actual](\(link(folder.appendingPathComponent("actual.png")))) · "
                        + "[flip preview (APNG)](\(link(folder.appendingPathComponent("flip.png"))))\n"
                case .message(let line):
                    out += "- \(text(line))\n"
                case let .statesDeviated(golden, tolerance):
                    out += "- states differ from \(code(golden)) (within \(tolerance)):\n"
                case let .deviation(path, worst, detail, plot):
                    out += "  - \(code(path)): **\(worst)** — \(text(detail))"
                    if let plot { out += " — [plot](\(link(plot)))" }
                    out += "\n"
                }
            }
        }
        if !passed.isEmpty {
            let names = passed.prefix(passesNamed).map { code(($0.path as NSString).lastPathComponent) }
            let more = passed.count - names.count
            out += "\n✅ \(passed.count) passed: " + names.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "") + "\n"
        }
        return out
    }

    /// One row of the table of failing scenarios.
    static func row(_ result: TestCaseReport) -> String {
        let mark = result.passed ? "✅" : result.isError ? "⚠️" : "❌"
        let cells = result.cells
        return "| \(mark) | \(code(result.path, inTable: true)) | \(cells.expectations) | \(cells.invariants) | \(cells.frames) | \(cells.states) |\n"
    }

    /// The measured numbers of a comparison without its count (the line already says how many pixels):
    /// `0.042% of 1170×2532, tolerated 0 pixels, threshold 0.1; 56 anti-aliased pixels ignored`.
    static func measure(_ comparison: ImageComparison) -> String {
        var measured = "\(formatPercent(comparison.diffRatio)) of \(comparison.width)×\(comparison.height), "
            + "tolerated \(comparison.options.toleranceDescription), threshold \(comparison.options.threshold)"
        let aa = comparison.antialiasedPixels
        if aa > 0 { measured += "; \(aa) anti-aliased pixel\(aa == 1 ? "" : "s") ignored" }
        return measured
    }

    /// `path` relative to the folder `base` (both made absolute), with `/` separators, each part percent-encoded
    /// where a URL's path needs it (spaces, parentheses, `#`, `?`, `%`).
    static func relative(_ path: String, to base: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let from = URL(fileURLWithPath: base).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, from.count), target[common] == from[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + target[common...]
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "()/;?#%<>[]\\^`{|}\"' ")
        let encoded = parts.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
        return encoded.isEmpty ? "." : encoded.joined(separator: "/")
    }

    /// Free text from a file or a message, safe in a Markdown paragraph, list item or table cell: the punctuation
    /// that makes Markdown backslash-escaped (so no emphasis, code, link, image, heading, HTML tag, maths, table
    /// column or list), `&` as an entity, a zero-width space after `@` (no mention of a user or team) and inside
    /// `://` and `www.` (no autolink), line breaks as spaces.
    static func text(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "$":
                out += "\\" + String(character)
            case "+", "-", "=":
                out += (out.isEmpty ? "\\" : "") + String(character)
            case "&": out += "&amp;"
            case "@": out += "@\u{200B}"
            case "\n", "\r", "\r\n": out += " "
            default: out.append(character)
            }
        }
        // No autolink either (GitHub links a bare `https://…` or `www.…`): a zero-width space breaks each.
        return out.replacingOccurrences(of: "://", with: ":\u{200B}//").replacingOccurrences(of: "www.", with: "www\u{200B}.")
    }

    /// Text as inline code: fenced with more backticks than it holds in a row (so it cannot close the span),
    /// line breaks as spaces; in a table, `|` escaped as GitHub's tables require even inside code.
    static func code(_ value: String, inTable: Bool = false) -> String {
        var value = value.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ")
        if inTable { value = value.replacingOccurrences(of: "|", with: "\\|") }
        let fence = String(repeating: "`", count: longestRun(of: "`", in: value) + 1)
        let pad = value.hasPrefix("`") || value.hasSuffix("`") || fence.count > 1 ? " " : ""
        return fence + pad + value + pad + fence
    }

    /// Text as a fenced code block, fenced with more backticks than any run in it.
    static func fenced(_ value: String) -> String {
        let fence = String(repeating: "`", count: max(3, longestRun(of: "`", in: value) + 1))
        return "\(fence)\n\(value)\n\(fence)\n"
    }

    private static func longestRun(of character: Character, in value: String) -> Int {
        var longest = 0, run = 0
        for c in value {
            run = c == character ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
