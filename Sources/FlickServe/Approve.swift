import FlickCore
import FlickRunner
import FlickOutput
import Foundation

/// What Accept writes in one served scenario before its test runs again.
public enum AcceptScope: Equatable, Sendable {
    /// Nothing: the test only runs.
    case nothing
    /// Every golden (frames and states) that differs or is missing, into `__Goldens__/<name>/` beside the file.
    case goldens
    /// One golden frame (its index, one the scenario's golden list names), when it differs or is missing, into
    /// `__Goldens__/<name>/frame_NNNNN.png`; no other golden.
    case goldenFrame(Int)
    /// The expected value of one failing expectation (`expect[index]`, its state path), into the scenario file.
    case expectation(index: Int, path: String)
    /// Both: every expectation Accept can write, then every golden.
    case everything
}

/// Why an Accept was refused before anything was written: the request's answer (400) says it.
public struct AcceptRefusal: Error, Equatable, Sendable {
    public var message: String
}

/// The new expected value of a failing expectation: where it is written in the file and its YAML text.
public struct ExpectationProposal: Equatable, Sendable {
    public var steps: [SweepPathStep]
    /// `expect[2].sheet.top` (`.near` added for `{near: X, within: E}`), for messages.
    public var place: String
    /// What the file holds now, and what Accept writes.
    public var expected: String
    public var actual: String

    /// The value the simulation gave, where one value can replace the expected one: at one instant (`at`, or
    /// `end`), with a value in that frame. A span (`from`, `to`) may fail at several values, and a recording
    /// (`reference`) is not one value: those are fixed in the file, so nil.
    public static func of(_ failure: ExpectationFailure) -> ExpectationProposal? {
        guard let actual = failure.actual else { return nil }
        let expectation = failure.expectation
        switch expectation.time {
        case .at, .end: break
        case .span, .reference: return nil
        }
        let base = "expect[\(expectation.index)].\(expectation.path)"
        let steps: [SweepPathStep] = [.key("expect"), .index(expectation.index), .key(expectation.path)]
        switch expectation.condition {
        case .equals(let expected):
            return ExpectationProposal(steps: steps, place: base, expected: yamlText(expected), actual: yamlText(actual))
        case .near(let expected, _):
            guard case .number(let value) = actual else { return nil }
            return ExpectationProposal(steps: steps + [.key("near")], place: base + ".near",
                                       expected: JSONValue.format(expected), actual: JSONValue.format(value))
        }
    }

    /// A state value as YAML flow text: a number to the state document's precision (6 decimals, within the
    /// 1e-6 an equal number is compared to), a word plain when YAML reads it back as that string, else quoted.
    static func yamlText(_ value: StateValue) -> String {
        switch value {
        case .number(let x): return JSONValue.format(x)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .string(let s):
            let plain = s.first.map { $0.isASCII && $0.isLetter } == true
                && s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
                && !yamlWords.contains(s.lowercased())
            return plain ? s : JSONValue.string(s).text
        }
    }

    /// Words YAML 1.1 readers take for something other than a string.
    static let yamlWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "y", "n", "nan", "inf"]
}

extension ServedScenario {
    /// `flick test` on this file after Accept wrote what `scope` asks (`ScenarioTests.run`), as JSON for the page:
    /// `{"id", "path", "summary", "passed", "failures": [lines], "goldens": [{"frame", "passed", "message",
    /// "images"}], "expectations": [{"index", "path", "expected", "actual", "time", "frame", "message",
    /// "acceptable"}], "accepted": bool, "wrote": [lines], "errors": [lines]}`. Goldens are written only into
    /// `__Goldens__/<name>/` beside the file (`record: changed`), an expected value only into the file (only
    /// its text changes, `ScenarioTextEdit`). Images of failing goldens go to `artifacts` (the server's own folder).
    public func report(accept scope: AcceptScope, artifacts: String) -> JSONValue {
        var wrote: [String] = []
        var problems: [String] = []
        switch scope {
        case .nothing, .goldens, .goldenFrame: break
        case .expectation(let index, let path):
            let edit = acceptExpectations { $0.index == index && $0.path == path }
            wrote += edit.wrote
            problems += edit.problems
            if edit.wrote.isEmpty && edit.problems.isEmpty {
                problems.append("\(shownPath): expect[\(index)] \(path) does not fail, or Accept cannot write it")
            }
        case .everything:
            let edit = acceptExpectations { _ in true }
            wrote += edit.wrote
            problems += edit.problems
        }
        let only: Set<Int>?
        switch scope {
        case .nothing, .expectation, .goldens, .everything: only = nil
        case .goldenFrame(let frame): only = [frame]
        }
        switch scope {
        case .nothing, .expectation: break
        case .goldens, .goldenFrame, .everything:
            let recorded = ScenarioTests.run(path: path, options: ScenarioTestOptions(record: .changed, reportDirectory: artifacts,
                                                                                      onlyGoldenFrames: only))
            for golden in recorded.goldens {
                if case .recorded = golden.outcome { wrote.append("\(shown(golden.goldenPath)): frame \(golden.frame) written") }
            }
            if let states = recorded.states, case .recorded = states.outcome {
                wrote.append("\(shown(states.goldenPath)): states written")
            }
            if let error = recorded.error { problems.append(shown(error)) }
        }
        let result = ScenarioTests.run(path: path, options: ScenarioTestOptions(record: .never, reportDirectory: artifacts))
        var images: [Int: String] = [:]
        let goldens: [JSONValue] = result.goldens.map { golden in
            var url: JSONValue = .null
            if case .mismatched(_, let folder) = golden.outcome {
                images[golden.frame] = folder
                url = .string("/s/\(urlID)/failed/\(Self.frameFolder(golden.frame))/")
            }
            return .object([("frame", .number(Double(golden.frame))), ("passed", .bool(golden.passed)),
                            ("message", golden.message.map { .string(shown($0)) } ?? .null), ("images", url)])
        }
        setFailureImages(images)
        let expectations: [JSONValue] = result.expectationFailures.map { failure in
            let proposal = ExpectationProposal.of(failure)
            let condition: String
            switch failure.expectation.condition {
            case .equals(let value): condition = ExpectationProposal.yamlText(value)
            case .near(let value, let within): condition = "\(JSONValue.format(value)) ± \(JSONValue.format(within))"
            }
            return .object([
                ("index", .number(Double(failure.expectation.index))), ("path", .string(failure.expectation.path)),
                ("expected", .string(condition)), ("actual", .string(failure.actual?.description ?? "nothing")),
                ("time", failure.time.map(JSONValue.number) ?? .null),
                ("frame", failure.frame.map { .number(Double($0)) } ?? .null),
                ("message", .string(shown(failure.description))),
                ("acceptable", .bool(proposal != nil)),
                ("writes", proposal.map { .string("\($0.place): \($0.expected) → \($0.actual)") } ?? .null),
            ])
        }
        let accepted: Bool
        switch scope {
        case .nothing: accepted = false
        case .goldens, .goldenFrame, .expectation, .everything: accepted = true
        }
        return .object([
            ("id", .string(id)), ("path", .string(shownPath)),
            ("summary", .string(shown(result.summaryLine))), ("passed", .bool(result.passed)),
            ("failures", .array(result.failureLines.map { .string(shown($0)) })),
            ("goldens", .array(goldens)), ("expectations", .array(expectations)),
            ("accepted", .bool(accepted)), ("wrote", .array(wrote.map(JSONValue.string))),
            ("errors", .array(problems.map(JSONValue.string))),
        ])
    }

    /// Accept of one golden frame (`AcceptScope.goldenFrame`): refused, writing nothing, unless `frame` is one of
    /// the golden frames `flick test` compares for this file (`goldens:`, or those in its golden folder).
    public func acceptGoldenFrame(_ frame: Int, artifacts: String) -> Result<JSONValue, AcceptRefusal> {
        let frames: [Int]
        do {
            let scenario = try ScenarioDecoder.load(path: path)
            frames = try ScenarioTests.goldenFrames(scenario, path: path)
        } catch let error as ScenarioError {
            return .failure(AcceptRefusal(message: error.description.split(separator: "\n").map { shown(String($0)) }.joined(separator: "\n")))
        } catch {
            return .failure(AcceptRefusal(message: "\(shownPath): error: goldens: \(shown("\(error)"))"))
        }
        guard frames.contains(frame) else {
            let listed = frames.isEmpty ? "it has none" : frames.map(String.init).joined(separator: ", ")
            return .failure(AcceptRefusal(message: "\(shownPath): frame \(frame) is not one of its golden frames (\(listed))"))
        }
        return .success(report(accept: .goldenFrame(frame), artifacts: artifacts))
    }

    /// `frame_00030`: the folder of a failing frame's images, and its part of the page's address for them.
    static func frameFolder(_ frame: Int) -> String { "frame_" + NumberText.padded(frame, width: 5) }

    /// `text` with the file's real path written as it is shown (relative to the served folder).
    func shown(_ text: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let shownFolder = (shownPath as NSString).deletingLastPathComponent
        return Self.replacingPaths(Self.replacingPaths(text, path, with: shownPath), folder + "/",
                                   with: shownFolder.isEmpty ? "" : shownFolder + "/")
    }

    /// `text` with each `path` that starts a path replaced: one inside another path (the scenario's folder within
    /// the server's temporary folder, `/tmp/flick-serve-…/work/x/frame_00030`) is left whole.
    static func replacingPaths(_ text: String, _ path: String, with replacement: String) -> String {
        guard !path.isEmpty else { return text }
        var out = "", rest = Substring(text)
        while let range = rest.range(of: path) {
            let before: Character? = range.lowerBound == rest.startIndex ? out.last : rest[rest.index(before: range.lowerBound)]
            let inside = before.map { $0 == "/" || $0 == "." || $0 == "-" || $0 == "_" || $0.isLetter || $0.isNumber } ?? false
            out += rest[..<range.lowerBound] + (inside ? String(rest[range]) : replacement)
            rest = rest[range.upperBound...]
        }
        return out + rest
    }

    /// Writes the simulated value as the expected one of every failing expectation `selected` takes that
    /// Accept can write (`ExpectationProposal`), in one replacement of the file; what it wrote, and why not.
    func acceptExpectations(_ selected: (Expectation) -> Bool) -> (wrote: [String], problems: [String]) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return ([], ["\(shownPath): error: cannot read the file"])
        }
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder.decode(data: data, file: path, defaultName: Self.defaultName(path))
        } catch {
            return ([], error.description.split(separator: "\n").map { shown(String($0)) })
        }
        var edited = text
        var wrote: [String] = []
        var problems: [String] = []
        for failure in ExpectationEvaluator.check(scenario) where selected(failure.expectation) {
            guard let proposal = ExpectationProposal.of(failure) else { continue }
            do {
                edited = try ScenarioTextEdit.apply(steps: proposal.steps, shownPath: proposal.place, value: proposal.actual,
                                                    to: edited, file: shownPath)
                wrote.append("\(shownPath): \(proposal.place): \(proposal.expected) → \(proposal.actual)")
            } catch {
                problems += error.description.split(separator: "\n").map(String.init)
            }
        }
        guard edited != text else { return ([], problems) }
        do {
            _ = try ScenarioDecoder.decode(data: Data(edited.utf8), file: path, defaultName: Self.defaultName(path))
            // The file as read is the file replaced: an editor's save in between is not overwritten.
            guard FileManager.default.contents(atPath: path) == data else {
                return ([], problems + ["\(shownPath): error: the file changed on disk while Accept read it; try again"])
            }
            try replaceFile(with: Data(edited.utf8))
        } catch let error as ScenarioError {
            return ([], problems + error.description.split(separator: "\n").map { shown(String($0)) })
        } catch {
            return ([], problems + ["\(shownPath): error: cannot write the file: \(error)"])
        }
        return (wrote, problems)
    }
}

/// Goldens that no served scenario uses any more (`GoldenPrune`), as the page lists them: only those inside a
/// `__Goldens__` folder beside a served scenario, reached through no symbolic link.
enum ServedOrphans {
    struct Listed {
        /// As the page shows it and names it in a Remove: relative to the served folder.
        var shown: String
        var reason: String
        var orphan: GoldenPrune.Orphan
    }

    static func list(_ scenarios: [ServedScenario]) -> [Listed] {
        var listed: [Listed] = []
        for orphan in GoldenPrune.orphans(besides: scenarios.map(\.path)) {
            // The scenarios' folders have their links resolved: an orphan whose real path is its path lies in one
            // of them through no link (a link inside `__Goldens__`, or `__Goldens__` itself one, is left out).
            guard ServedFiles.resolved(orphan.path) == orphan.path else { continue }
            guard let owner = scenarios.first(where: {
                ServedFiles.inside(orphan.path, ($0.path as NSString).deletingLastPathComponent + "/" + ScenarioTests.goldensFolderName)
            }) else { continue }
            listed.append(Listed(shown: owner.shown(orphan.path), reason: owner.shown(orphan.reason), orphan: orphan))
        }
        return listed
    }

    /// What a Remove answers, in the paths the page shows: the orphan as listed when all of it went; when only part
    /// did (a file of the folder changed between the check and the removal), each file that is gone beside each
    /// problem, so the page never says nothing was removed when something was.
    static func answer(_ removal: GoldenPrune.Removal, of listed: ServedOrphans.Listed) -> (removed: [String], problems: [String]) {
        func shown(_ path: String) -> String { path.replacingOccurrences(of: listed.orphan.path, with: listed.shown) }
        let problems = removal.problems.map(shown)
        return (problems.isEmpty ? [listed.shown] : removal.removed.map(shown), problems)
    }

    static func json(_ listed: [Listed]) -> JSONValue {
        .array(listed.map { .object([("path", .string($0.shown)), ("reason", .string($0.reason))]) })
    }
}
