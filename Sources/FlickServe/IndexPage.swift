import FlickCore
import FlickOutput
import FlickReview
import Foundation

/// The live script (`Resources/serve.js`, embedded at build time) and the tag a served review page loads it by.
enum LiveScript {
    static let source = String(decoding: PackageResources.serve_js, as: UTF8.self)

    /// `<script src="/_flick/serve.js" …>` with the scenario's id, the run's version and the per-run token.
    static func tag(id: String, version: Int, token: String) -> String {
        "<script src=\"/_flick/serve.js\" data-id=\"\(Markup.escape(id))\" data-version=\"\(version)\" data-token=\"\(Markup.escape(token))\"></script>"
            + ApproveScript.tag(id: id, token: token)
    }
}

/// The index of `flick serve`, and the page of a scenario that has never decoded.
enum IndexPage {
    static func html(_ scenarios: [ServedScenario], token: String) -> String {
        let rows = scenarios.map { s -> String in
            let problems = s.currentProblems
            let state = s.current == nil ? "does not decode" : problems.isEmpty ? "ok" : "does not decode (last good run shown)"
            let cls = problems.isEmpty ? "ok" : "bad"
            return "<li><a href=\"/s/\(Markup.escape(s.urlID))/?token=\(Markup.escape(token))\">\(Markup.escape(s.current?.scenario.name ?? s.id))</a> "
                + "<span class=\"path\">\(Markup.escape(s.shownPath))</span> <span class=\"\(cls)\">\(state)</span></li>"
        }.joined(separator: "\n")
        return shell(title: "flick serve", body: """
        <h1>flick serve</h1>
        <p class="meta">\(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s"). Open one to review it; edit its file and the page follows.
        <a id="compare-all" href="/compare?token=\(Markup.escape(token))">All on one motion graph</a></p>
        <ul class="scenarios">
        \(rows)
        </ul>
        \(ApproveScript.tag(id: nil, token: token))
        """)
    }

    static func problemsPage(_ scenario: ServedScenario, token: String) -> String {
        shell(title: "\(scenario.id) · flick serve", body: """
        <h1>\(Markup.escape(scenario.shownPath))</h1>
        <p class="meta">The file does not decode yet; fix it and this page shows the run.</p>
        \(LiveScript.tag(id: scenario.id, version: 0, token: token))
        """)
    }

    static func shell(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="flick serve">
        <title>\(Markup.escape(title))</title>
        <style>
        body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:16px 24px;background:#f5f5f7;color:#1d1d1f}
        h1{font-size:22px;margin:8px 0}.meta{color:#6e6e73}.scenarios{list-style:none;padding:0}
        .scenarios li{background:#fff;border-radius:10px;padding:10px 14px;margin:8px 0;display:flex;flex-wrap:wrap;gap:4px 12px;align-items:baseline}
        .scenarios a{font-weight:600}.path{color:#6e6e73;font:13px ui-monospace,monospace;overflow-wrap:anywhere}.ok{color:#1a7f37}.bad{color:#b42318}
        @media (prefers-color-scheme: dark){body{background:#1c1c1e;color:#f5f5f7}.scenarios li{background:#2c2c2e}a{color:#64a8ff}}
        </style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }
}

/// Text for HTML content and attribute values (the review pages' own escaping).
