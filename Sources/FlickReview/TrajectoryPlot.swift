import FlickOutput
import FlickRender
import Foundation

/// The plot a failing states golden leaves beside its report: one state path's golden values and this run's
/// against time, and their difference below with the tolerance band, the first deviating frame and the worst
/// one marked. Written as plain SVG text (no Cairo), so the same numbers always give the same bytes.
public struct TrajectoryPlot: Sendable {
    /// The state path, as the golden names it.
    public var path: String
    /// Seconds of each frame.
    public var times: [Double]
    /// The golden's values and this run's (nil where the frame has no number at the path).
    public var expected: [Double?]
    public var actual: [Double?]
    /// How far a value may move from its golden.
    public var tolerance: Double
    /// The first frame beyond the tolerance, and the frame where the difference is largest.
    public var firstFrame: Int?
    public var worstFrame: Int?

    public init(path: String, times: [Double], expected: [Double?], actual: [Double?], tolerance: Double,
                firstFrame: Int?, worstFrame: Int?) {
        self.path = path
        self.times = times
        self.expected = expected
        self.actual = actual
        self.tolerance = tolerance
        self.firstFrame = firstFrame
        self.worstFrame = worstFrame
    }

    static let width = 900.0
    static let left = 78.0
    static let right = 24.0
    static let top = 58.0
    static let valueHeight = 220.0
    static let gap = 46.0
    static let deviationHeight = 110.0
    static let bottom = 34.0
    static var height: Double { top + valueHeight + gap + deviationHeight + bottom }
    /// The golden in the plots' value colour, this run in their velocity colour, so the two read apart; grid, axis
    /// and markers in theirs (`PlotColors`).
    static let expectedColor = PlotColors.value.hex
    static let actualColor = PlotColors.speed.hex
    static let bandColor = "#34C759"
    static let gridColor = PlotColors.grid.hex
    static let axisColor = PlotColors.axis.hex
    static let markerColor = PlotColors.reference.hex

    /// The plot as an SVG document in points.
    public func svg() -> String {
        let plotWidth = Self.width - Self.left - Self.right
        let range = PlotRange.time(times.first, times.last)
        let t0 = range.lowerBound, t1 = range.upperBound
        let time = PlotScale(from: t0, to: t1, start: Self.left, length: plotWidth)
        func x(_ t: Double) -> Double { time.position(t) }
        let values = (expected + actual).compactMap { $0 }
        let (low, high) = PlotRange.value(values.min() ?? 0, values.max() ?? 1)
        let valueTop = Self.top, valueBottom = Self.top + Self.valueHeight
        let value = PlotScale(from: low, to: high, start: valueBottom, length: -Self.valueHeight)
        func yValue(_ v: Double) -> Double { value.position(v) }
        let differences = zip(expected, actual).map { e, a -> Double? in
            guard let e, let a else { return nil }
            return a - e
        }
        let reach = max(differences.compactMap { $0.map(abs) }.max() ?? 0, tolerance * 1.5, 1e-6) * 1.1
        let deviationTop = valueBottom + Self.gap, deviationBottom = deviationTop + Self.deviationHeight
        let deviation = PlotScale(from: reach, span: -2 * reach, start: deviationTop, length: Self.deviationHeight)
        func yDeviation(_ d: Double) -> Double { deviation.position(d) }

        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(Self.width))" height="\(n(Self.height))" \
        viewBox="0 0 \(n(Self.width)) \(n(Self.height))" font-family="Helvetica, Arial, sans-serif" font-size="11">

        """
        out += "<rect width=\"100%\" height=\"100%\" fill=\"\(Color.white.hex)\"/>\n"
        out += "<text x=\"\(n(Self.left))\" y=\"22\" font-size=\"15\" font-weight=\"bold\">\(Markup.escape(path, .text))</text>\n"
        var rest = "   tolerance ±\(label(tolerance))"
        if let worstFrame, times.indices.contains(worstFrame) {
            let d = differences[worstFrame].map { label($0) } ?? "missing"
            rest += "   worst: \(d) at \(NumberText.fixed(times[worstFrame], digits: 3)) s (frame \(worstFrame), solid line)"
        }
        if let firstFrame, times.indices.contains(firstFrame) { rest += "   first: frame \(firstFrame) (dashed)" }
        out += "<text x=\"\(n(Self.left))\" y=\"40\" fill=\"\(Self.axisColor)\"><tspan fill=\"\(Self.expectedColor)\" font-weight=\"bold\">━ golden (expected)</tspan>"
            + "   <tspan fill=\"\(Self.actualColor)\" font-weight=\"bold\">━ this run (actual)</tspan>\(Markup.escape(rest, .text))</text>\n"

        // Grids and axes.
        let (valueTicks, valueStep) = PlotTicks.ticks(low, high, count: 5)
        for v in valueTicks {
            let y = yValue(v)
            out += "<line x1=\"\(n(Self.left))\" y1=\"\(n(y))\" x2=\"\(n(Self.left + plotWidth))\" y2=\"\(n(y))\" stroke=\"\(Self.gridColor)\"/>\n"
            out += "<text x=\"\(n(Self.left - 6))\" y=\"\(n(y + 4))\" text-anchor=\"end\" fill=\"\(Self.axisColor)\">\(PlotTicks.label(v, step: valueStep))</text>\n"
        }
        let (deviationTicks, deviationStep) = PlotTicks.ticks(-reach, reach, count: 4)
        for d in deviationTicks {
            let y = yDeviation(d)
            out += "<line x1=\"\(n(Self.left))\" y1=\"\(n(y))\" x2=\"\(n(Self.left + plotWidth))\" y2=\"\(n(y))\" stroke=\"\(Self.gridColor)\"/>\n"
            out += "<text x=\"\(n(Self.left - 6))\" y=\"\(n(y + 4))\" text-anchor=\"end\" fill=\"\(Self.axisColor)\">\(PlotTicks.label(d, step: deviationStep))</text>\n"
        }
        let (timeTicks, timeStep) = PlotTicks.ticks(t0, t1, count: 8)
        for t in timeTicks {
            out += "<text x=\"\(n(x(t)))\" y=\"\(n(deviationBottom + 16))\" text-anchor=\"middle\" fill=\"\(Self.axisColor)\">\(PlotTicks.label(t, step: timeStep)) s</text>\n"
        }
        out += "<text x=\"\(n(Self.left))\" y=\"\(n(deviationTop - 8))\" fill=\"\(Self.axisColor)\">actual − expected</text>\n"
        out += "<rect x=\"\(n(Self.left))\" y=\"\(n(yDeviation(tolerance)))\" width=\"\(n(plotWidth))\" "
            + "height=\"\(n(max(yDeviation(-tolerance) - yDeviation(tolerance), 0.5)))\" fill=\"\(Self.bandColor)\" fill-opacity=\"0.18\"/>\n"
        for (top, bottom) in [(valueTop, valueBottom), (deviationTop, deviationBottom)] {
            out += "<rect x=\"\(n(Self.left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(bottom - top))\" fill=\"none\" stroke=\"\(Self.axisColor)\"/>\n"
        }
        // Markers: the first deviating frame (dashed) and the worst (solid).
        for (frame, dash) in [(firstFrame, " stroke-dasharray=\"4 3\""), (worstFrame, "")] {
            guard let frame, times.indices.contains(frame) else { continue }
            let px = x(times[frame])
            out += "<line x1=\"\(n(px))\" y1=\"\(n(valueTop))\" x2=\"\(n(px))\" y2=\"\(n(deviationBottom))\" stroke=\"\(Self.markerColor)\"\(dash)/>\n"
        }
        out += polyline(expected, x: x, y: yValue, color: Self.expectedColor, width: 3)
        out += polyline(actual, x: x, y: yValue, color: Self.actualColor, width: 1.5)
        out += polyline(differences, x: x, y: yDeviation, color: Self.actualColor, width: 1.5)
        out += "</svg>\n"
        return out
    }

    /// Runs of consecutive frames with a value, one polyline each.
    private func polyline(_ values: [Double?], x: (Double) -> Double, y: (Double) -> Double, color: String,
                          width: Double) -> String {
        var out = "", run: [String] = []
        func flush() {
            if !run.isEmpty {
                out += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(n(width))\" stroke-linejoin=\"round\" points=\"\(run.joined(separator: " "))\"/>\n"
            }
            run = []
        }
        for (i, value) in values.enumerated() {
            guard let value, times.indices.contains(i) else {
                flush()
                continue
            }
            run.append("\(n(x(times[i]))),\(n(y(value)))")
        }
        flush()
        return out
    }

    /// Coordinates to a hundredth of a point.
    private func n(_ x: Double) -> String {
        NumberText.fixed(x, digits: 2, negativeZero: false)
    }

    private func label(_ x: Double) -> String { NumberText.significant(x, digits: 6) }
}
