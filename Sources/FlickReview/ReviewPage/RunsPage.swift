import FlickCore
import FlickOutput
import Foundation

extension ReviewPage {
    /// The page of N runs on one motion graph (`flick review A B C …`, a sweep rendered with `--review`, and
    /// `flick serve`'s compare page): the legend and the graphs of `CompareGraph`, with the review pages' style
    /// and script. `links` are named under the heading: a label and an address (already a URL: a file beside the page,
    /// or one of `flick serve`'s pages).
    public static func runsPage(title: String, meta: String, graph: CompareGraph, links: [(label: String, href: String)] = [],
                                slots: Slots = Slots()) -> String {
        let data: JSONValue = .object([("kind", .string("runs")), ("runs", .array(graph.runs.map { run in
            .object([("label", .string(run.label)), ("detail", .string(run.detail))])
        }))])
        let linkList = links.isEmpty ? "" : "<p class=\"links\">" + links.map { link in
            "<a href=\"\(Markup.escape(link.href))\">\(Markup.escape(link.label))</a>"
        }.joined(separator: " · ") + "</p>\n"
        return document(title: title, kind: "runs", heading: Markup.escape(title), meta: Markup.escape(meta), mainClass: "runs-page", main: """
        \(linkList)\(graph.section())
        """, data: data, runs: [], slots: slots)
    }
}
