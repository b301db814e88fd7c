import FlickOutput
import Testing

/// `Markup`, the one escaper: each flavour writes what its callers wrote before they shared it.
@Suite struct MarkupTests {
    static let sample = "a & b < c > d \"e\" 'f'\tg\nh\r\u{1}i"

    @Test("SVG text escapes &, < and > only")
    func text() {
        #expect(Markup.escape(Self.sample, .text) == "a &amp; b &lt; c &gt; d \"e\" 'f'\tg\nh\r\u{1}i")
    }

    @Test("HTML escapes the double quote too, for attribute values")
    func html() {
        #expect(Markup.escape(Self.sample) == "a &amp; b &lt; c &gt; d &quot;e&quot; 'f'\tg\nh\r\u{1}i")
        #expect(Markup.escape("<img onerror=\"x\">") == "&lt;img onerror=&quot;x&quot;&gt;")
    }

    @Test("XML escapes the five entities, writes tab, CR (and LF in an attribute) as references and drops what XML 1.0 forbids")
    func xml() {
        #expect(Markup.escape(Self.sample, .xml(attribute: true)) == "a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;&#9;g&#10;h&#13;i")
        #expect(Markup.escape(Self.sample, .xml(attribute: false)) == "a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;&#9;g\nh&#13;i")
        #expect(Markup.escape("ok\u{FFFE}\u{10000}", .xml(attribute: true)) == "ok\u{10000}")
    }
}
