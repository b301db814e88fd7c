import FlickCore
import FlickReview
import Foundation

/// `flick serve`'s pages of many runs on one motion graph (`ReviewPage.runsPage`, the page `flick review A B C`
/// and a sweep's `--review` write): `/compare`, the served files' current runs, and `/s/ID/compare?set=PATH=V1,V2`,
/// the variants of one file as `--set` makes them. Both are made when asked for, from the runs as they are then.
enum ComparePage {
    /// What is wrong with a compare request, as lines to show.
    struct Problems: Error, Equatable {
        var lines: [String]
    }

    /// The current run of every served file that decodes (its tuned values included), one line each.
    static func served(_ scenarios: [ServedScenario], token: String) -> String {
        let runs = scenarios.compactMap { s in
            s.current.map { CompareRun(scenario: $0.scenario, label: $0.scenario.name, detail: s.shownPath) }
        }
        let skipped = scenarios.filter { $0.current == nil }.map(\.shownPath)
        let meta = "\(runs.count) served file\(runs.count == 1 ? "" : "s") on one motion graph, as they are now (reload for later edits)"
            + (skipped.isEmpty ? "" : "; not decoding, so not shown: " + skipped.joined(separator: ", "))
        return ReviewPage.runsPage(title: "flick serve · all runs", meta: meta, graph: CompareGraph(runs: runs),
                                   links: [(label: "all scenarios", href: "/?token=" + token)])
    }

    /// The variants of `scenario`'s file for the `set` query items (`PATH=V1,V2,...`, each as `--set` takes it),
    /// or the problems as lines.
    static func sweep(_ scenario: ServedScenario, sets: [String], token: String) -> Result<String, Problems> {
        var axes: [SweepAxis] = []
        for set in sets.prefix(8) {
            do {
                axes.append(try SweepAxis.parse(set))
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
                .split(separator: "\n").map(String.init)))
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
                                                    (label: "the file's page", href: "/s/\(scenario.id)/?token=" + token)]))
    }
}
