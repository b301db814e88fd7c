// The review page's script and style sheet live as plain files in `Resources/` (`page.js`: ES2017, no framework,
// no build step, the same for every kind of page; `page.css`: one column on a phone, the frames beside the state
// on a wider screen). SwiftPM embeds them in the binary at build time (`.embedInCode`), so an installed `flick`
// needs no resource bundle beside it. The page's data comes from the `flick-data` JSON element; each run's
// states from a sibling script that registers them under its own src (`fetch` of a file:// URL is refused by
// browsers, a <script> is not).

extension ReviewPage {
    /// The page script, `Resources/page.js`, as the page inlines it.
    static let script = inlined(PackageResources.page_js)

    /// The page style sheet, `Resources/page.css`, as the page inlines it.
    static let style = inlined(PackageResources.page_css)

    /// A resource's text without the final line break its file ends with.
    private static func inlined(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
