import FlickCore
import FlickOutput
import Foundation

/// The review pages: `index.html` beside a render's frames, the side-by-side page of `flick review A B`, and
/// the page of `flick diff --report`. Each is one HTML file with its style and script inside (`Resources/page.css`,
/// `Resources/page.js`), and its data as JSON; it loads only files beside it by relative path (frames, the motion plot,
/// the `states.js` of a render's own page), so it works when opened from disk with no network. The same data give
/// the same bytes. A page never executes data: data is JSON in `<script type="application/json">` elements, escaped
/// so that no string can end the element (`scriptSafe`), and the page script writes strings into the document as text.
public enum ReviewPage {
    /// One run shown on a page: its data, where its folder is relative to the page as a URL (`""`, `a/`,
    /// `../a%23b/`: each segment percent-encoded, `pathURL`), the key its states are registered under, and its label.
    /// `statesJSON`, when given, is the run's states document (validated JSON) carried in the page itself under
    /// that key; otherwise `states` is the src of the script beside the page that registers them (a render's own
    /// `states.js`).
    public struct Run: Sendable {
        public var data: RunPageData
        public var base: String
        public var states: String
        public var label: String
        public var statesJSON: Data?
        /// A single-file page's frames as `data:` URLs, from the first frame on (the page loads no file when it has
        /// these, the states in `statesJSON` and the plot as a `data:` URL). In the page, a frame equal to an earlier
        /// one is written as that one's position.
        public var inlineFrames: [String]?
        /// The recording shown beside the frames (`reference: [{video: …}]`, `ReferenceFrames`), and on a single-file
        /// page its files as `data:` URLs by file index. Page data only: `run.json` does not carry it.
        public var reference: ReferenceFrames?
        public var referenceInline: [Int: String]?

        public init(data: RunPageData, base: String = "", states: String = "states.js", label: String = "", statesJSON: Data? = nil,
                    inlineFrames: [String]? = nil) {
            self.data = data
            self.base = base
            self.states = states
            self.label = label
            self.statesJSON = statesJSON
            self.inlineFrames = inlineFrames
        }

        var json: JSONValue {
            guard case .object(var pairs) = data.json else { return data.json }
            pairs.append(("base", .string(base)))
            pairs.append(("states", .string(states)))
            pairs.append(("label", .string(label)))
            if let inlineFrames {
                // A frame equal to an earlier one (a rest) is that frame's position, not its bytes again.
                var seen: [String: Int] = [:]
                pairs.append(("inline", .array(inlineFrames.enumerated().map { i, url in
                    if let first = seen[url] { return .number(Double(first)) }
                    seen[url] = i
                    return .string(url)
                })))
            }
            if let reference { pairs.append(("reference", referenceJSON(reference))) }
            return .object(pairs)
        }
    }

    /// How frame `index` of run A compares with the frame of run B at the same time (`flick review`).
    public struct FrameDifference: Sendable, Equatable {
        public var index: Int
        public var differing: Int
        public var antiAliased: Int
        public var ratio: Double
        public var identical: Bool
        /// Whether `diff/frame_NNNNN.png` was written (only for frames with differing pixels).
        public var image: Bool

        public init(index: Int, differing: Int, antiAliased: Int, ratio: Double, identical: Bool, image: Bool) {
            self.index = index
            self.differing = differing
            self.antiAliased = antiAliased
            self.ratio = ratio
            self.identical = identical
            self.image = image
        }
    }

    /// One frame of `flick diff --report`: its counts and whether `expected/`, `actual/` and `diff/STEM.png` exist.
    public struct ReportFrame: Sendable, Equatable {
        public var name: String
        public var stem: String
        public var differing: Int
        public var antiAliased: Int
        public var total: Int
        public var ratio: Double
        public var identical: Bool
        public var withinTolerance: Bool
        public var images: Bool

        public init(name: String, stem: String, differing: Int, antiAliased: Int, total: Int, ratio: Double, identical: Bool,
                    withinTolerance: Bool, images: Bool) {
            self.name = name
            self.stem = stem
            self.differing = differing
            self.antiAliased = antiAliased
            self.total = total
            self.ratio = ratio
            self.identical = identical
            self.withinTolerance = withinTolerance
            self.images = images
        }
    }

    /// The script beside a run's frames that registers its states document for the page: `states.json` as
    /// JavaScript (a page opened from disk may not `fetch` a file, but it may run a script). It registers the
    /// document under the path the page loaded it by, so any page can include any run's script.
    public static func statesScript(_ statesJSON: Data) -> Data {
        var script = Data("(window.flickStates = window.flickStates || {})[document.currentScript.getAttribute(\"src\")] =\n".utf8)
        var body = statesJSON
        while let last = body.last, last == 0x0A || last == 0x20 { body.removeLast() }
        script.append(body)
        script.append(Data(";\n".utf8))
        return script
    }

    /// A relative path as a URL path: each segment percent-encoded but for letters, digits and `-._~`
    /// (`a#b/p%41q` → `a%23b/p%2541q`), `..` kept, so any folder name loads.
    public static func pathURL(_ path: String) -> String {
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment == ".." || segment == "." ? String(segment) : segment.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        }.joined(separator: "/")
    }

    /// JSON text made safe inside a `<script type="application/json">` element: `<`, `>`, `&`, U+2028 and U+2029
    /// written as `\u003c`, `\u003e`, `\u0026`, `\u2028`, `\u2029`. In valid JSON these characters only occur inside
    /// strings, where the escapes mean the same characters, so neither `</script>` nor `<!--<script>` can occur.
    public static func scriptSafe(_ json: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `scriptSafe` on the bytes of a JSON document that has been parsed (so is valid JSON), keeping every other byte.
    public static func scriptSafe(_ json: Data) -> Data {
        var out = Data()
        out.reserveCapacity(json.count)
        var i = json.startIndex
        while i < json.endIndex {
            let byte = json[i]
            switch byte {
            case UInt8(ascii: "<"): out.append(contentsOf: Array("\\u003c".utf8))
            case UInt8(ascii: ">"): out.append(contentsOf: Array("\\u003e".utf8))
            case UInt8(ascii: "&"): out.append(contentsOf: Array("\\u0026".utf8))
            case 0xE2 where json.index(i, offsetBy: 2, limitedBy: json.endIndex - 1) != nil
                && json[i + 1] == 0x80 && (json[i + 2] == 0xA8 || json[i + 2] == 0xA9):
                out.append(contentsOf: Array((json[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8))
                i += 2
            default: out.append(byte)
            }
            i += 1
        }
        return out
    }

    // MARK: pages

    /// `index.html` beside one run's frames; `slots`: what a server adds (flick serve's live script and Tune data).
    public static func runPage(_ run: Run, slots: Slots = Slots()) -> String {
        let d = run.data
        let last = d.first + d.count - 1
        // Frame indices from 0, as the clock says them ("frame 12 of 0–240").
        let meta = "\(fmt(d.fps)) fps · frames \(d.first)–\(last) of 0–\(d.total - 1) · \(fmt(Double(last) / d.fps, 3)) s · "
            + "\(d.width)×\(d.height) px at \(fmt(d.scale))×"
        let data: JSONValue = .object([("kind", .string("run")), ("runs", .array([run.json]))])
        return document(title: d.name, kind: "run", heading: Markup.escape(d.name), meta: Markup.escape(meta), mainClass: "layout", main: """
        \(stage(runs: [run], compare: false))
        <section id="state" class="card state" aria-labelledby="state-title">
        <h2 id="state-title">State</h2>
        <div class="tree" data-run="0"></div>
        </section>
        \(plots([run]))
        """, data: data, runs: [run], slots: slots)
    }

    /// The page of `flick review A B`: the two runs in sync, side by side, wiped or as a diff, their states, and
    /// (`graph`) the two on one motion graph.
    public static func comparePage(a: Run, b: Run, differences: [FrameDifference], diffFolder: String = "diff",
                                   graph: CompareGraph? = nil) -> String {
        let frames: JSONValue = .object(differences.map { d in
            (String(d.index), .object([("differing", .number(Double(d.differing))), ("antiAliased", .number(Double(d.antiAliased))),
                                       ("ratio", .number(d.ratio)), ("identical", .bool(d.identical)), ("image", .bool(d.image))]))
        })
        let data: JSONValue = .object([("kind", .string("compare")), ("runs", .array([a.json, b.json])),
                                       ("diff", .object([("folder", .string(diffFolder)), ("frames", frames)]))])
        let differing = differences.filter { $0.differing > 0 }.count
        let meta = "A: \(a.data.name), \(fmt(a.data.fps)) fps, \(a.data.count) frames · B: \(b.data.name), \(fmt(b.data.fps)) fps, "
            + "\(b.data.count) frames · \(differences.count) compared, \(differing) with differing pixels"
        return document(title: "\(a.label) vs \(b.label)", kind: "compare", heading: "\(Markup.escape(a.label)) <span class=\"vs\">vs</span> \(Markup.escape(b.label))",
                        meta: Markup.escape(meta), mainClass: "layout", main: """
        \(stage(runs: [a, b], compare: true))
        <section id="state" class="card state" aria-labelledby="state-title">
        <h2 id="state-title">State</h2>
        <p class="hint">Values that differ between the runs are <span class="v changed">marked</span>; hover one for the other run's value.</p>
        <div class="trees">
        <div><h3>A · \(Markup.escape(a.label))</h3><div class="tree" data-run="0"></div></div>
        <div><h3>B · \(Markup.escape(b.label))</h3><div class="tree" data-run="1"></div></div>
        </div>
        </section>
        \(plots([a, b]))\(graph.map { "\n" + $0.section(heading: "A and B on one graph") } ?? "")
        """, data: data, runs: [a, b])
    }

    /// The page of `flick diff A B --report DIR`.
    public static func diffReport(expected: String, actual: String, frames: [ReportFrame], errors: [String], summary: String) -> String {
        let data: JSONValue = .object([("kind", .string("diff")), ("report", .object([
            ("expected", .string(expected)), ("actual", .string(actual)),
            ("frames", .array(frames.map { f in
                .object([("name", .string(f.name)), ("stem", .string(f.stem)), ("differing", .number(Double(f.differing))),
                         ("antiAliased", .number(Double(f.antiAliased))), ("total", .number(Double(f.total))),
                         ("ratio", .number(f.ratio)), ("identical", .bool(f.identical)), ("within", .bool(f.withinTolerance)),
                         ("images", .bool(f.images))])
            })),
            ("errors", .array(errors.map(JSONValue.string))),
        ]))])
        let differing = frames.filter { $0.differing > 0 }.count
        let beyond = frames.filter { !$0.withinTolerance }.count
        let rows = frames.map { f -> String in
            let result = f.identical ? "identical" : f.differing == 0 ? "below threshold" : f.withinTolerance ? "within" : "beyond"
            let cls = f.identical ? "same" : f.differing == 0 ? "same" : f.withinTolerance ? "within" : "beyond"
            return "<tr tabindex=\"0\" data-name=\"\(Markup.escape(f.name))\" data-differing=\"\(f.differing)\" aria-selected=\"false\">"
                + "<th scope=\"row\">\(Markup.escape(f.name))</th><td class=\"n\">\(f.differing)</td>"
                + "<td class=\"n ratio\">\(fmt(f.ratio * 100, 3))%</td><td><span class=\"pill \(cls)\">\(result)</span></td></tr>"
        }.joined(separator: "\n")
        let errorList = errors.isEmpty ? "" : "<section class=\"card errors\" role=\"alert\"><h2>Errors</h2><ul>"
            + errors.map { "<li>\(Markup.escape($0))</li>" }.joined() + "</ul></section>\n"
        let chips = "<span class=\"chip\">\(frames.count) compared</span><span class=\"chip\">\(frames.filter(\.identical).count) identical</span>"
            + "<span class=\"chip \(differing > 0 ? "warn" : "")\">\(differing) differing</span>"
            + "<span class=\"chip \(beyond > 0 ? "bad" : "good")\">\(beyond) beyond tolerance</span>"
        return document(title: "diff · \(actual)", kind: "diff", heading: "Diff <span class=\"vs\">\(Markup.escape(expected)) → \(Markup.escape(actual))</span>",
                        meta: Markup.escape(summary), mainClass: "report", main: """
        \(errorList)<div class="chips" aria-label="Summary">\(chips)</div>
        <section class="card list" aria-labelledby="frames-title">
        <div class="list-head"><h2 id="frames-title">Frames</h2>
        <fieldset class="segmented"><legend class="visually-hidden">Show</legend>
        <label><input type="radio" name="filter" value="all" checked> All</label>
        <label><input type="radio" name="filter" value="differing"> Differing</label>
        </fieldset></div>
        <div class="table-wrap"><table id="frames">
        <thead><tr><th scope="col">frame</th><th scope="col" class="n">differing</th><th scope="col" class="n ratio">ratio</th><th scope="col">result</th></tr></thead>
        <tbody>
        \(rows)
        </tbody></table></div>
        <p class="keys">↑ ↓ or j k: previous and next frame</p>
        </section>
        <section class="card detail" aria-labelledby="detail-title" aria-live="polite">
        <div class="list-head"><h2 id="detail-title">Frame</h2>
        <fieldset class="segmented"><legend class="visually-hidden">View</legend>
        <label><input type="radio" name="view" value="columns" checked> Expected | Actual | Diff</label>
        <label><input type="radio" name="view" value="wipe"> Wipe</label>
        </fieldset></div>
        <dl id="facts" class="facts"></dl>
        <p id="no-images" class="muted" hidden></p>
        <div id="images">
        <div class="columns">
        <figure><figcaption>Expected</figcaption><img data-kind="expected" alt=""></figure>
        <figure><figcaption>Actual</figcaption><img data-kind="actual" alt=""></figure>
        <figure><figcaption>Diff</figcaption><img data-kind="diff" alt=""></figure>
        </div>
        <div class="wipe-view">
        <div class="wipe-box"><img data-kind="expected" alt=""><img id="wipe-top" data-kind="actual" alt="" style="clip-path: inset(0 0 0 50%)"><span id="wipe-line" class="wipe-line" style="left: 50%"></span></div>
        <label class="wipe-label">Expected <input id="wipe" type="range" min="0" max="100" value="50" aria-label="Wipe between expected and actual"> Actual</label>
        </div>
        </div>
        </section>
        """, data: data, runs: [])
    }

    // MARK: parts

    /// What a server adds to a page (flick serve), each a run of whole lines of markup, each line ending in a newline;
    /// empty for a page written to disk.
    public struct Slots: Sendable, Equatable {
        /// Placed at the end of the page's `main`, after its last section: data elements a served page's script reads.
        public var endOfMain: String
        /// Placed just before the page's own script, so that it runs first and sees every listener the page adds.
        public var beforePageScript: String

        public init(endOfMain: String = "", beforePageScript: String = "") {
            self.endOfMain = endOfMain
            self.beforePageScript = beforePageScript
        }
    }

    /// The whole page: the header, `<main class="mainClass">` holding `main` (and the slot `endOfMain`), the page's
    /// data and each run's states, and the page's script (after the slot `beforePageScript`).
    static func document(title: String, kind: String, heading: String, meta: String, mainClass: String, main: String,
                         data: JSONValue, runs: [Run], slots: Slots = Slots()) -> String {
        let json = scriptSafe(data.text)
        // Each run's states: carried in the page as JSON, or (a render's own page) the states.js flick wrote beside it.
        let sources = runs.map { run in
            if let states = run.statesJSON {
                return "<script type=\"application/json\" data-states=\"\(Markup.escape(run.states))\">"
                    + String(decoding: scriptSafe(states), as: UTF8.self) + "</script>\n"
            }
            // A query (flick serve's token) is kept as it is; only the path is percent-encoded.
            let parts = run.states.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let query = parts.count > 1 ? "?" + parts[1] : ""
            return "<script src=\"\(Markup.escape(pathURL(String(parts[0])) + query))\"></script>\n"
        }.joined()
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="flick">
        <title>\(Markup.escape(title)) · flick</title>
        <style>
        \(style)</style>
        </head>
        <body data-kind="\(kind)" data-mode="side" data-view="columns">
        <header class="top">
        <h1>\(heading)</h1>
        <p class="meta">\(meta)</p>
        </header>
        <main class="\(mainClass)">
        \(main)
        \(slots.endOfMain)</main>
        <script type="application/json" id="flick-data">\(json)</script>
        \(sources)\(slots.beforePageScript)<script>
        \(script)</script>
        </body>
        </html>

        """
    }

    /// The frames, the transport, the scrubber with its marks, the moments and the layer switches.
    static func stage(runs: [Run], compare: Bool) -> String {
        let tStart = runs.map { Double($0.data.first) / $0.data.fps }.min() ?? 0
        let tEnd = runs.map { Double($0.data.first + $0.data.count - 1) / $0.data.fps }.max() ?? 0
        let span = max(tEnd - tStart, 1e-9)
        func percent(_ t: Double) -> String { fmt(min(max((t - tStart) / span, 0), 1) * 100, 3) + "%" }
        let main = runs[0].data
        let figures = compare
            ? runs.enumerated().map { i, run in
                "<figure class=\"side side-\(i)\"><figcaption><span class=\"badge\">\(i == 0 ? "A" : "B")</span> \(Markup.escape(run.label))</figcaption>"
                    + "<canvas role=\"img\" aria-label=\"Run \(i == 0 ? "A" : "B") at the playhead\"></canvas></figure>"
            }.joined(separator: "\n")
            : "<figure class=\"side\">\(referenceCaption(runs[0]))<canvas role=\"img\" aria-label=\"The frame at the playhead\"></canvas></figure>"
                + referenceFigure(runs[0])
        let spans = main.spans.map { s in
            "<span class=\"span\" style=\"left: \(percent(s[0])); width: calc(\(percent(s[1])) - \(percent(s[0])))\"></span>"
        }.joined()
        let marks = main.events.map { e in
            "<span class=\"mark \(Markup.escape(e.kind))\" style=\"left: \(percent(e.time))\" title=\"\(Markup.escape(label(e.kind))) · \(fmt(e.time, 3)) s\"></span>"
        }.joined()
        let moments = main.events.map { e in
            "<li><button type=\"button\" class=\"moment \(Markup.escape(e.kind))\" data-seek=\"\(fmt(e.time))\">"
                + "<span class=\"sym\" aria-hidden=\"true\">\(symbol(e.kind))</span> \(Markup.escape(label(e.kind))) "
                + "<span class=\"t\">\(fmt(e.time, 3)) s · frame \(Int((e.time * main.fps).rounded()))</span></button></li>"
        }.joined(separator: "\n")
        // Rendered with --overlay-layer to be seen: the page opens with it on.
        let overlay = runs.contains { $0.data.overlay }
            ? "<label><input type=\"checkbox\" id=\"overlay\" checked> Overlay layer</label>"
            : "<span class=\"muted\" title=\"Render with --overlay-layer to switch the review layer on and off here\">Overlay: not rendered</span>"
        let modes = compare ? """
        <fieldset class="segmented modes"><legend class="visually-hidden">Compare</legend>
        <label><input type="radio" name="mode" value="side" checked> Side by side</label>
        <label><input type="radio" name="mode" value="wipe"> Wipe</label>
        <label><input type="radio" name="mode" value="diff"> Diff</label>
        </fieldset>
        <label class="wipe-control">A <input id="wipe" type="range" min="0" max="100" value="50" aria-label="Wipe between A and B"> B</label>
        <p id="diff-note" class="diff-note" aria-live="polite"></p>
        """ : ""
        return """
        <section class="card stage" aria-label="Frames">
        \(modes)<div id="viewer" class="viewer\(compare || runs[0].reference != nil ? " two" : "")">
        \(figures)
        </div>
        <div class="transport" role="toolbar" aria-label="Playback">
        <button id="start" type="button" aria-label="First frame" aria-keyshortcuts="Home"><span aria-hidden="true">⇤</span></button>
        <button id="prev" type="button" aria-label="Previous frame" aria-keyshortcuts="ArrowLeft"><span aria-hidden="true">←</span></button>
        <button id="play" type="button" class="primary" aria-label="Play" aria-pressed="false" aria-keyshortcuts="Space"><span class="icon" aria-hidden="true">▶</span></button>
        <button id="next" type="button" aria-label="Next frame" aria-keyshortcuts="ArrowRight"><span aria-hidden="true">→</span></button>
        <button id="end" type="button" aria-label="Last frame" aria-keyshortcuts="End"><span aria-hidden="true">⇥</span></button>
        <label class="speed">Speed <select id="speed">
        <option value="0.1">0.1×</option><option value="0.25">0.25×</option><option value="0.5">0.5×</option><option value="1" selected>1×</option><option value="1.5">1.5×</option><option value="2">2×</option>
        </select></label>
        </div>
        <output id="clock" class="clock"></output>
        <div class="scrubber">
        <div id="track" class="track">\(spans)<div id="fill" class="fill"></div>\(marks)<div id="thumb" class="thumb" role="slider" tabindex="0" aria-label="Time" aria-valuemin="\(fmt(tStart, 3))" aria-valuemax="\(fmt(tEnd, 3))" aria-valuenow="\(fmt(tStart, 3))"></div></div>
        <div class="track-labels" aria-hidden="true"><span>\(fmt(tStart, 3)) s</span><span>\(fmt(tEnd, 3)) s</span></div>
        </div>
        <ol class="moments" aria-label="Moments: go to a touch-down, release, tap, resize or settle">
        \(moments)
        </ol>
        <fieldset class="layers"><legend class="visually-hidden">Layers</legend>
        \(overlay)
        <label><input type="checkbox" id="onion"> Onion skin</label>
        <label class="onion-n">of <input type="number" id="onion-n" min="1" max="10" value="3" aria-label="Onion skin: previous frames shown"> previous frames</label>
        </fieldset>
        <p class="keys">Space play/pause · ← → one frame · Home End · click a moment or the plot to go there</p>
        </section>
        """
    }

    /// Each run's motion plot with a cursor per graph; none when the run has no plot.
    static func plots(_ runs: [Run]) -> String {
        let areas = runs.enumerated().compactMap { i, run -> String? in
            guard let plot = run.data.plot else { return nil }
            let cursors = plot.bands.map { band in
                "<span class=\"cursor\" style=\"top: \(fmt(band[0] / plot.height * 100, 3))%; height: \(fmt((band[1] - band[0]) / plot.height * 100, 3))%\"></span>"
            }.joined()
            let caption = runs.count > 1 ? "<h3>\(i == 0 ? "A" : "B") · \(Markup.escape(run.label))</h3>" : ""
            // The scroller is what scrolls sideways below 820 px (docs/review-page.md): a visible bar, and the
            // page's script keeps the playhead's line inside it.
            return "\(caption)<div class=\"plot-scroll\" tabindex=\"0\" aria-label=\"The motion plot (scrolls sideways on a narrow screen)\">"
                + "<div class=\"plot-area\" data-run=\"\(i)\"><img src=\"\(Markup.escape(run.base + plot.src))\" width=\"\(fmt(plot.width))\" "
                + "height=\"\(fmt(plot.height))\" alt=\"Motion plot of \(Markup.escape(run.data.name)): value and velocity against time\">\(cursors)</div></div>"
        }
        guard !areas.isEmpty else { return "" }
        return """
        <section class="card plot" aria-labelledby="plot-title">
        <h2 id="plot-title">Motion</h2>
        <p class="hint">The line is the playhead; click a graph to go to that time.</p>
        <p class="hint scroll-hint">The plot is wider than the screen: scroll it sideways for the whole time axis (it follows the playhead).</p>
        \(areas.joined(separator: "\n"))
        </section>
        """
    }

    static func label(_ kind: String) -> String {
        switch kind {
        case "down": "touch-down"
        case "settled": "settled"
        case "moving": "still moving at the end"
        default: stateEventKind(kind)?.label ?? kind
        }
    }

    static func symbol(_ kind: String) -> String {
        switch kind {
        case "down": "▼"
        case "release": "▲"
        case "tap": "●"
        case "resize": "◆"
        case "moving": "→"
        default: stateEventKind(kind)?.symbol ?? "✓"
        }
    }

    /// The kind of an event a component's state marks (`FrameState.eventKinds`), by its name.
    private static func stateEventKind(_ name: String) -> StateEventKind? {
        FrameState.eventKinds.first { $0.name == name }
    }

    /// A number with at most `digits` decimals, without trailing zeros.
    static func fmt(_ x: Double, _ digits: Int = 6) -> String {
        NumberText.short(x, digits: digits, rounding: .printf)
    }
}
