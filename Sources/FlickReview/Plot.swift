import FlickCore
import FlickOutput
import FlickRender
import Foundation

// The plotting core the review's four plots share: how values map to points (`PlotScale`), how an axis's range is
// widened and padded (`PlotRange`), its ticks and their labels (`PlotTicks`), margin labels pushed apart
// (`PlotLabels`), a curve's samples (`CurveColumns`) and the colours (`PlotColors`). Only the writer differs:
// `MotionPlot` and `FitPlot` draw through a Cairo `Canvas` (an SVG surface, and pixels for PNG), while `CompareGraph`
// (inline SVG for the review pages, with classes, data attributes and hover titles Cairo cannot write) and
// `TrajectoryPlot` (a standalone SVG beside a failing golden) write SVG as text. Neither writer can stand in for the
// other without changing bytes: Cairo writes its text as glyph outlines in its own document structure, and pages
// style their graph with CSS (Resources/page.css, `.runs-svg`, which names `PlotColors` again as CSS can only).

/// A linear map along one axis: `start + (v - from) / span * length`. A negative `length` runs backward (a value axis
/// drawn up from its graph's bottom edge). The four plots' mappings are all this one, with the same rounding.
struct PlotScale: Sendable {
    /// The value at `start`, and how far the value at `start + length` is from it.
    var from: Double
    var span: Double
    /// Where `from` is, in points, and how far (signed) the far end of the axis is from it.
    var start: Double
    var length: Double

    init(from: Double, span: Double, start: Double, length: Double) {
        self.from = from
        self.span = span
        self.start = start
        self.length = length
    }

    /// `from` at `start`, `to` at `start + length`.
    init(from: Double, to: Double, start: Double, length: Double) {
        self.init(from: from, span: to - from, start: start, length: length)
    }

    /// Where `value` is, in points.
    func position(_ value: Double) -> Double { start + (value - from) / span * length }

    /// The value at `position` (points).
    func value(at position: Double) -> Double { from + (position - start) / length * span }
}

/// An axis's range from the values it shows.
enum PlotRange {
    /// `low...high` widened by `widen` each way when narrower than `narrowest`, then padded by `pad` of its span each
    /// way, so no curve touches its graph's edge.
    static func padded(_ low: Double, _ high: Double, narrowest: Double, widen: Double, pad: Double) -> (low: Double, high: Double) {
        var low = low, high = high
        if high - low < narrowest { low -= widen; high += widen }
        let margin = (high - low) * pad
        return (low - margin, high + margin)
    }

    /// A time axis from the first sample to the last, at least a millisecond long (0 to 1 s with no samples).
    static func time(_ first: Double?, _ last: Double?) -> ClosedRange<Double> {
        let t0 = first ?? 0
        return t0...max(last ?? 1, t0 + 1e-3)
    }

    /// A value axis: a flat line is drawn ±1 around its value, and 6 % is left above and below.
    static func value(_ low: Double, _ high: Double) -> (low: Double, high: Double) {
        padded(low, high, narrowest: 1e-9, widen: 1, pad: 0.06)
    }

    /// A velocity axis through zero: from the lowest velocity (or 0) to the highest (or 0), at least ±`least` when it
    /// spans less than a fiftieth of that (a still graph shows its zero line in the middle), with 8 % left above and
    /// below.
    static func velocity<S: Sequence<Double>>(_ velocities: S, least: Double) -> (low: Double, high: Double) {
        padded(min(0, velocities.min() ?? 0), max(0, velocities.max() ?? 0), narrowest: least / 50, widen: least, pad: 0.08)
    }
}

/// Tick values and their labels.
enum PlotTicks {
    /// A value axis's ticks from `low` to `high`: whole pages for pages (each tick a page's rest), else about five
    /// round numbers (`ticks`). The motion plot's and the compare graph's.
    static func value(_ low: Double, _ high: Double, unit: String) -> (values: [Double], step: Double) {
        unit == "pages" ? (values: Array(stride(from: low.rounded(.up), through: high, by: 1)), step: 1.0)
            : ticks(low, high, count: 5)
    }

    /// Round tick values covering `low...high` about `count` apart (1, 2 or 5 × a power of ten), and at least
    /// three of them: a scale with a single label cannot be read.
    static func ticks(_ low: Double, _ high: Double, count: Int) -> (values: [Double], step: Double) {
        let a = min(low, high), b = max(low, high)
        let raw = max((b - a) / Double(max(1, count)), 1e-12)
        let power = pow(10, log10(raw).rounded(.down))
        // Round steps from coarse to fine.
        let steps = [10.0, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01].map { $0 * power }
        func values(_ step: Double) -> [Double] {
            var result: [Double] = []
            var v = (a / step).rounded(.up) * step
            while v <= b + step * 1e-9 {
                result.append(abs(v) < step * 1e-9 ? 0 : v)
                v += step
            }
            return result
        }
        var index = steps.lastIndex { $0 >= raw * (1 - 1e-9) } ?? 0
        var result = values(steps[index])
        while result.count < 3, index + 1 < steps.count {
            index += 1
            result = values(steps[index])
        }
        return (result, steps[index])
    }

    /// A tick's label with as many decimals as its step needs (at most four); never "-0".
    static func label(_ value: Double, step: Double) -> String {
        let digits = step >= 1 ? 0 : min(4, Int((-log10(step)).rounded(.up)))
        let text = NumberText.fixed(value, digits: digits)
        return text == "-0" ? "0" : text
    }

    /// A time axis's tick label: the first one says its unit ("0 s", "0.5", "1", ...).
    static func timeLabel(_ t: Double, _ ticks: (values: [Double], step: Double)) -> String {
        label(t, step: ticks.step) + (t == ticks.values.first ? " s" : "")
    }
}

/// Labels in a graph's margin.
enum PlotLabels {
    /// Least distance between two margin labels' baselines, in points (a 10.5 pt line is about 11 pt tall).
    static let spacing = 12.0

    /// `wanted` (ascending) moved apart until neighbours are `spacing` apart, kept inside `bounds` when they fit
    /// (else they run on past its end), each as near its wish as that allows.
    static func spread(_ wanted: [Double], spacing: Double, within bounds: ClosedRange<Double>) -> [Double] {
        guard !wanted.isEmpty else { return [] }
        var placed = wanted.map { min(max($0, bounds.lowerBound), bounds.upperBound) }
        for i in placed.indices.dropFirst() where placed[i] < placed[i - 1] + spacing { placed[i] = placed[i - 1] + spacing }
        if placed[placed.count - 1] > bounds.upperBound {
            placed[placed.count - 1] = bounds.upperBound
            for i in placed.indices.reversed().dropFirst() where placed[i] > placed[i + 1] - spacing {
                placed[i] = placed[i + 1] - spacing
            }
            // Too many to fit: from the top, each a spacing below the previous.
            if placed[0] < bounds.lowerBound {
                placed[0] = bounds.lowerBound
                for i in placed.indices.dropFirst() where placed[i] < placed[i - 1] + spacing { placed[i] = placed[i - 1] + spacing }
            }
        }
        return placed
    }
}

/// The plots' colours: the value (and a golden, and a fit's result) in blue, the velocity (and this run against a
/// golden) in orange, grey reference lines, light grid, dark axis text. Resources/page.css restates the ones the
/// compare graph's classes use (`PlotColorsTests` holds the two together).
enum PlotColors {
    static let value = Color(rgb: 0x007AFF)
    static let speed = Color(rgb: 0xE8590C)
    static let reference = Color(rgb: 0x8E8E93)
    static let grid = Color(rgb: 0xE5E5EA)
    /// The zero line of a velocity graph.
    static let zero = Color(rgb: 0xAEAEB2)
    static let axis = Color(rgb: 0x3C3C43)
    /// A graph's background and its frame.
    static let background = Color(rgb: 0xFBFBFD)
    static let frame = Color(rgb: 0xC7C7CC)
    /// Motion recorded on a device (`reference:`).
    static let recording = Color(rgb: 0xAF52DE)
    /// A reference line's dash (on, off), in points.
    static let referenceDash = [4.0, 3]
}

/// Where an axis's labels go, in every plot but the trajectory plot (whose standalone SVG sets them a little lower,
/// `TrajectoryPlot.svg`): a value tick's label ends `labelGap` left of its graph with its baseline `labelDrop` below
/// the tick's line; a time tick's label is centred on its line, `timeLabelDrop` under the lowest graph.
enum PlotAxes {
    static let labelSize = 10.5
    static let labelGap = 6.0
    static let labelDrop = 3.5
    static let timeLabelDrop = 14.0
}

/// The axes as the plots drawn through Cairo (the motion plot, the fit plot) draw them; the compare graph writes the
/// same lines and labels as SVG text, at the same `PlotAxes` places.
extension Canvas {
    /// A value axis: each tick's grid line across `rect` (in `lineColor(v)`) and its label left of `rect`.
    func drawValueAxis(_ ticks: (values: [Double], step: Double), _ scale: PlotScale, across rect: Rect,
                       lineColor: (Double) -> Color = { _ in PlotColors.grid }) {
        for v in ticks.values {
            let y = scale.position(v)
            strokeLine([Point(x: rect.minX, y: y), Point(x: rect.maxX, y: y)], lineColor(v), width: 1)
            drawText(PlotTicks.label(v, step: ticks.step), x: rect.minX - PlotAxes.labelGap, baseline: y + PlotAxes.labelDrop,
                     size: PlotAxes.labelSize, color: PlotColors.axis, alignment: .right)
        }
    }

    /// A time axis: each tick's grid line down every graph of `rects` (one above another, sharing the axis) and its
    /// label under the last.
    func drawTimeAxis(_ ticks: (values: [Double], step: Double), _ scale: PlotScale, down rects: [Rect]) {
        guard let lowest = rects.last else { return }
        for t in ticks.values {
            let x = scale.position(t)
            for rect in rects { strokeLine([Point(x: x, y: rect.minY), Point(x: x, y: rect.maxY)], PlotColors.grid, width: 1) }
            drawText(PlotTicks.timeLabel(t, ticks), x: x, baseline: lowest.maxY + PlotAxes.timeLabelDrop, size: PlotAxes.labelSize,
                     color: PlotColors.axis, alignment: .center)
        }
    }
}
