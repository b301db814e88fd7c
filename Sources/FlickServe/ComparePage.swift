import FlickCore
import FlickOutput
import FlickReview
import Foundation

/// `flick serve`'s pages of many runs on one motion graph (`ReviewPage.runsPage`, the page `flick review A B C`
/// and a sweep's `--review` write): `/compare`, the served files' current runs, and `/s/ID/compare?set=PATH=V1,V2`,
/// the variants of one file as `--set` makes them. Both are made when asked for, from the runs as they are then,
/// and are live: `serve.js` (in its compare mode) listens on a channel that says when a run they show changed
/// (`/compare/live`, every served file's; `/s/ID/live`, the one file's), fetches the page again and swaps its graph
/// in place. A compare page gets no Tune, Save or Approve controls: it writes nothing.
enum ComparePage {
    /// What is wrong with a compare request, as lines to show.
    struct Problems: Error, Equatable {
        var lines: [String]
        /// The file as it is now cannot give the variants (it does not decode, or lacks a swept key): a later save
        /// may, so a browser gets a page that follows the file (`waiting`) rather than only these lines.
        var ofFile = false
        /// The file's version when it was read.
        var version = 0
    }

    /// The current run of every served file that decodes (its tuned values included), one line each.
    static func served(_ scenarios: [ServedScenario], token: String) -> String {
        // One look at the runs: the graph and the stamp the page carries are of the same state.
        let currents = scenarios.map(\.current)
        var runs = zip(scenarios, currents).compactMap { s, run in
            run.map { s.compareRun(of: $0) }
        }
        // Runs of one screen (the same viewport and scene, whatever their physics or gestures) share panels; each
        // other screen gets its own, on its own scale, named by its files' scenarios.
        let screens = currents.compactMap { $0.map { "\($0.scenario.viewport)|\(String(reflecting: $0.scenario.scene))" } }
        for (i, screen) in screens.enumerated() {
            runs[i].group = zip(screens, runs).filter { $0.0 == screen }.map(\.1.label).joined(separator: ", ")
        }
        let skipped = zip(scenarios, currents).filter { $0.1 == nil }.map(\.0.shownPath)
        let meta = "\(runs.count) served file\(runs.count == 1 ? "" : "s") on one motion graph, following every save and tune"
            + (skipped.isEmpty ? "" : "; not decoding, so not shown: " + skipped.joined(separator: ", "))
        return ReviewPage.runsPage(title: "flick serve · all runs", meta: meta, graph: CompareGraph(runs: runs),
                                   links: [(label: "all scenarios", href: "/?token=" + token)],
                                   slots: liveSlot(channel: "/compare/live", stamp: stamp(currents), token: token))
    }

    /// What `/compare` shows, as one text: each served file's current version (0: none yet), in the served order.
    /// A page carries the stamp it was made at; a status with another one means its graph is out of date.
    static func stamp(_ currents: [LiveRun?]) -> String {
        currents.map { String($0?.version ?? 0) }.joined(separator: ".")
    }

    /// What `/compare/live` sends: the stamp, the number of updates of all files, and the problems of every file
    /// that does not decode now (`file:line:col: error: …`, as the run pages show them), in the served order.
    static func status(_ scenarios: [ServedScenario]) -> String {
        let value: JSONValue = .object([
            ("stamp", .string(stamp(scenarios.map(\.current)))),
            ("errors", .array(scenarios.flatMap(\.currentProblems).map(JSONValue.string))),
        ])
        return value.text
    }

    /// The tag of `serve.js` in its compare mode: no Tune, Save or Approve; it follows `channel`.
    static func liveTag(channel: String, stamp: String, token: String) -> String {
        "<script src=\"/_flick/serve.js\" data-mode=\"compare\" data-live=\"\(Markup.escape(channel))\" data-stamp=\"\(Markup.escape(stamp))\" data-token=\"\(Markup.escape(token))\"></script>"
    }

    /// The page's slot for `liveTag`: before the page's own script, so that it runs first.
    static func liveSlot(channel: String, stamp: String, token: String) -> ReviewPage.Slots {
        ReviewPage.Slots(beforePageScript: liveTag(channel: channel, stamp: stamp, token: token) + "\n")
    }

    /// The variants of `scenario`'s file for the `set` query items (`PATH=V1,V2,...`, each as `--set` takes it),
    /// or the problems as lines.
    static func sweep(_ scenario: ServedScenario, sets: [String], token: String) -> Result<String, Problems> {
        // The version before the file is read: a page made while a newer one is on its way is fetched again.
        let version = scenario.current?.version ?? 0
        var axes: [SweepAxis] = []
        for set in sets.prefix(8) {
            do {
                let axis = try SweepAxis.parse(set)
                if let refusal = TuneKeys.refusal(path: axis.path, values: axis.values) {
                    return .failure(Problems(lines: ["set \(set): \(refusal)"]))
                }
                axes.append(axis)
            } catch {
                return .failure(Problems(lines: ["set \(set): \(error.message)"]))
            }
        }
        guard !axes.isEmpty else { return .failure(Problems(lines: ["give the keys to vary: /s/\(scenario.id)/compare?set=PATH=V1,V2,..."])) }
        let sweep: ScenarioSweep
        do {
            sweep = try ScenarioSweep.load(path: scenario.path, axes: axes)
        } catch {
            return .failure(Problems(lines: error.description.replacingOccurrences(of: scenario.path, with: scenario.shownPath)
                .split(separator: "\n").map(String.init), ofFile: true, version: version))
        }
        let runs = sweep.variants.map { variant in
            CompareRun(scenario: variant.scenario, label: CompareRun.variantLabel(variant.assignments),
                       detail: "variant \(variant.number): \(variant.label)")
        }
        let paths = axes.map(\.path)
        let meta = "\(runs.count) variant\(runs.count == 1 ? "" : "s") of \(scenario.shownPath) on one motion graph (--set \(paths.joined(separator: ", --set ")))"
        return .success(ReviewPage.runsPage(title: "\(sweep.name) · " + paths.joined(separator: " × "), meta: meta,
                                            graph: CompareGraph(runs: runs),
                                            links: [(label: "all scenarios", href: "/?token=" + token),
                                                    (label: "the file's page", href: "/s/\(scenario.urlID)/?token=" + token)],
                                            slots: liveSlot(channel: channel(scenario), stamp: String(version), token: token)))
    }

    /// The live channel of one file's variants page.
    static func channel(_ scenario: ServedScenario) -> String {
        "/s/" + scenario.urlID + "/live"
    }

    /// A variants page asked for while the file cannot give the variants (`Problems.ofFile`): no runs yet, the
    /// problems said, and `serve.js` following the file, so the graph comes in place once a save fixes it.
    static func waiting(_ scenario: ServedScenario, sets: [String], problems: Problems, token: String) -> String {
        let meta = "the variants of \(scenario.shownPath) (--set \(sets.joined(separator: ", --set "))) cannot be made from the file as it is now; "
            + "this page follows it: " + problems.lines.joined(separator: " ")
        return ReviewPage.runsPage(title: "\(scenario.id) · variants", meta: meta, graph: CompareGraph(runs: []),
                                   links: [(label: "all scenarios", href: "/?token=" + token),
                                           (label: "the file's page", href: "/s/\(scenario.urlID)/?token=" + token)],
                                   slots: liveSlot(channel: channel(scenario), stamp: String(problems.version), token: token))
    }
}
