import FlickOutput
import Foundation

extension TrackResult {
    /// The `reference:` CSV (docs/scenario-format.md, "References"): `#` lines saying what was measured, a header,
    /// then `t,value` per kept sample, t to the microsecond and the value to a thousandth of a point.
    public func csv(comments: [String]) -> String {
        var text = comments.map { "# " + $0 + "\n" }.joined()
        text += "t,value\n"
        for s in kept {
            text += NumberText.short(s.time, digits: 6) + "," + NumberText.short(s.value, digits: 3) + "\n"
        }
        return text
    }

    /// The trace as an SVG document: value against time, kept samples as dots joined by a line, the frames left out
    /// as red ticks on the time axis, the release as a dashed line.
    public func svg(title: String, unit: String = "pt", release: Double?) -> String {
        let width = 900.0, height = 420.0, left = 70.0, right = 20.0, top = 50.0, bottom = 50.0
        let times = kept.map(\.time) + lowConfidence.map(\.time) + repeats
        let t0 = times.min() ?? 0, t1 = max(times.max() ?? 1, t0 + 1e-3)
        let values = kept.map(\.value)
        var v0 = values.min() ?? 0, v1 = values.max() ?? 1
        if v1 - v0 < 1 { v0 -= 0.5; v1 += 0.5 }
        let margin = (v1 - v0) * 0.05
        v0 -= margin; v1 += margin
        func x(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * (width - left - right) }
        func y(_ v: Double) -> Double { top + (v1 - v) / (v1 - v0) * (height - top - bottom) }
        func n(_ d: Double) -> String { NumberText.short(d, digits: 2) }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"Helvetica, Arial, sans-serif\">\n"
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
        svg += "<text x=\"\(n(left))\" y=\"24\" font-size=\"16\" font-weight=\"bold\">\(Markup.escape(title, .text))</text>\n"
        svg += "<text x=\"\(n(left))\" y=\"42\" font-size=\"12\" fill=\"#555\">\(kept.count) samples kept, \(repeats.count) repeated frames dropped, \(lowConfidence.count) left out (red ticks)</text>\n"
        // Axes with 5 ticks each.
        svg += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(width - left - right))\" height=\"\(n(height - top - bottom))\" fill=\"none\" stroke=\"#ccc\"/>\n"
        for i in 0...4 {
            let t = t0 + (t1 - t0) * Double(i) / 4, v = v0 + (v1 - v0) * Double(i) / 4
            svg += "<text x=\"\(n(x(t)))\" y=\"\(n(height - bottom + 18))\" font-size=\"11\" text-anchor=\"middle\">\(NumberText.short(t, digits: 3)) s</text>\n"
            svg += "<text x=\"\(n(left - 6))\" y=\"\(n(y(v) + 4))\" font-size=\"11\" text-anchor=\"end\">\(NumberText.short(v, digits: 1))</text>\n"
        }
        svg += "<text x=\"14\" y=\"\(n(top - 8))\" font-size=\"11\">\(Markup.escape(unit, .text))</text>\n"
        if let release, release >= t0, release <= t1 {
            svg += "<line x1=\"\(n(x(release)))\" y1=\"\(n(top))\" x2=\"\(n(x(release)))\" y2=\"\(n(height - bottom))\" stroke=\"#8e8e93\" stroke-dasharray=\"4 3\"/>\n"
            svg += "<text x=\"\(n(x(release) + 4))\" y=\"\(n(top + 14))\" font-size=\"11\" fill=\"#8e8e93\">release \(NumberText.short(release, digits: 4)) s</text>\n"
        }
        for low in lowConfidence {
            svg += "<line x1=\"\(n(x(low.time)))\" y1=\"\(n(height - bottom))\" x2=\"\(n(x(low.time)))\" y2=\"\(n(height - bottom - 8))\" stroke=\"#ff3b30\"/>\n"
        }
        if !kept.isEmpty {
            svg += "<polyline fill=\"none\" stroke=\"#007aff\" stroke-width=\"1.5\" points=\""
            svg += kept.map { "\(n(x($0.time))),\(n(y($0.value)))" }.joined(separator: " ")
            svg += "\"/>\n"
            for s in kept { svg += "<circle cx=\"\(n(x(s.time)))\" cy=\"\(n(y(s.value)))\" r=\"2\" fill=\"#007aff\"/>\n" }
        }
        svg += "</svg>\n"
        return svg
    }
}

extension TrackResult {
    /// What was read, kept, dropped and left out, for standard error: at most `limit` frames named in each list.
    public func summary(limit: Int) -> [String] {
        func times(_ list: [Double]) -> String {
            let named = list.prefix(limit).map { NumberText.short($0, digits: 4) }.joined(separator: ", ")
            return named + (list.count > limit ? " and \(list.count - limit) more" : "")
        }
        var lines = ["read \(framesRead) frames: \(kept.count) samples kept"]
        if !repeats.isEmpty {
            lines.append("dropped \(repeats.count) repeated frames (\(identicalRepeats) identical to the one before, the rest showing the content where the last kept frame had it; a repeat is not a stop) at t = \(times(repeats)) s")
        }
        if !lowConfidence.isEmpty {
            lines.append("left out \(lowConfidence.count) frames for low confidence:")
            for low in lowConfidence.prefix(limit) { lines.append("  t = \(NumberText.short(low.time, digits: 4)) s: \(low.reason)") }
            if lowConfidence.count > limit { lines.append("  and \(lowConfidence.count - limit) more") }
        }
        return lines
    }
}
