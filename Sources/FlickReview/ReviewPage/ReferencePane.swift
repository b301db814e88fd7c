import FlickCore
import FlickOutput
import Foundation

// The recording beside the frames on a run's page (docs/review-page.md, "A recording beside the frames"): a second
// figure in the viewer whose canvas shows, at each frame of the run, the recording's frame `ReferenceFrames` listed
// for it. Its script is `referencePane` in `Resources/page.js`; these are its parts of the page.

extension ReviewPage.Run {
    /// The page data of the recording: `ReferenceFrames.json`, its folder as a URL relative to the page, and on a
    /// single-file page its files inline (`inline`: file index → `data:` URL).
    func referenceJSON(_ reference: ReferenceFrames) -> JSONValue {
        guard case .object(var pairs) = reference.json else { return reference.json }
        pairs.append(("src", .string(base + ReviewPage.pathURL(ReferenceFrames.folder) + "/")))
        if let referenceInline {
            pairs.append(("inline", .object(referenceInline.keys.sorted().map { (String($0), .string(referenceInline[$0]!)) })))
        }
        return .object(pairs)
    }
}

extension ReviewPage {
    /// Flick's caption when the recording is beside it; nothing on a page without one.
    static func referenceCaption(_ run: Run) -> String {
        run.reference == nil ? "" : "<figcaption><span class=\"badge\">F</span> Flick · \(Markup.escape(run.data.name))</figcaption>"
    }

    /// The recording's figure: its caption (the file and the key that names it), a canvas, and a line saying which
    /// frame of the recording is shown, at what time on its clock; nothing on a page without one.
    static func referenceFigure(_ run: Run) -> String {
        guard let reference = run.reference else { return "" }
        let offset = reference.offset
        let shift = offset == 0 ? "on the scenario's clock" : "its clock \(offset > 0 ? "+" : "−")\(fmt(abs(offset), 3)) s"
        return """

        <figure class="side reference" id="reference" title="\(Markup.escape(reference.key)): \(Markup.escape(reference.video)), \(shift)">\
        <figcaption><span class="badge">R</span> Recording · \(Markup.escape(reference.video))</figcaption>\
        <canvas role="img" aria-label="The recording's frame at the playhead" width="\(reference.width)" height="\(reference.height)"></canvas>\
        <output class="reference-time" aria-live="off"></output></figure>
        """
    }
}
