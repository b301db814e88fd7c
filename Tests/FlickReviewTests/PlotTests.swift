import FlickCore
import FlickRender
@testable import FlickReview
import Foundation
import Testing

/// The plotting core the motion plot, the fit plot, the compare graph and the trajectory plot share (`Plot.swift`).
@Suite struct PlotTests {
    /// Values spread over many magnitudes, the same every run (a linear congruential generator).
    static func samples(_ count: Int) -> [Double] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) / Double(1 << 53)
            return (unit - 0.3) * pow(10, Double(Int(state % 7)) - 2)
        }
    }

    /// The scale gives the bits the plots' own formulas gave before they shared it: a graph drawn from its top
    /// (the motion plot's and the fit plot's), from its bottom (the compare graph's and the trajectory plot's), and
    /// a time axis. scripts/byte-identical.sh shows the outputs unchanged; this holds the rounding for any input.
    @Test func theScaleRoundsAsEachPlotsFormulaDid() {
        let values = Self.samples(400)
        for (n, v) in values.enumerated() {
            let low = values[(n + 1) % values.count], high = low + abs(values[(n + 2) % values.count]) + 1e-3
            let top = 30.5 + Double(n % 9), height = 190.0
            let fromTop = PlotScale(from: high, to: low, start: top, length: height)
            #expect(fromTop.position(v) == top + (high - v) / (high - low) * height)
            #expect(fromTop.value(at: v) == high - (v - top) / height * (high - low))
            let bottom = top + height
            let fromBottom = PlotScale(from: low, to: high, start: bottom, length: -height)
            #expect(fromBottom.position(v) == bottom - (v - low) / (high - low) * height)
            let reach = abs(high) + 1
            #expect(PlotScale(from: reach, span: -2 * reach, start: top, length: height).position(v)
                    == top + (reach - v) / (2 * reach) * height)
        }
    }

    @Test func aScaleMapsItsEndsToItsEdges() {
        let up = PlotScale(from: -20, to: 380, start: 300, length: -200)
        #expect(up.position(-20) == 300)
        #expect(up.position(380) == 100)
        #expect(up.position(180) == 200)
        #expect(up.value(at: 250) == 80)
    }

    @Test func rangesArePaddedAndAFlatLineIsWidened() {
        func near(_ range: (low: Double, high: Double), _ low: Double, _ high: Double) -> Bool {
            abs(range.low - low) < 1e-9 && abs(range.high - high) < 1e-9
        }
        #expect(near(PlotRange.value(0, 100), -6, 106))
        #expect(near(PlotRange.value(5, 5), 3.88, 6.12))
        // A still velocity graph: ±50 around its span, then 8 % of that.
        #expect(near(PlotRange.velocity([0, 0.5], least: 50), -58.04, 58.54))
        // Zero is always on the axis.
        #expect(near(PlotRange.velocity([200, 600], least: 50), -48, 648))
    }

    @Test func aCurveEndsWithItsLastSample() {
        // Ten samples in one half-point column: its lowest and highest, then the last.
        let values = [3.0, 1, 4, 1, 5, 9, 2, 6, 5, 3]
        #expect(CurveColumns.indices(values, x: { Double($0) * 0.01 }) == [1, 5, 9])
        // Asked whether the last kept sample stands for the last one: left out when it does.
        #expect(CurveColumns.indices([1, 1, 1], x: { _ in 0 }, endsAt: { _, _ in true }) == [0])
        #expect(CurveColumns.indices([1, 1, 1], x: { _ in 0 }) == [0, 2])
        // One sample a column: every one, the last once.
        #expect(CurveColumns.indices([1, 2, 3], x: { Double($0) }) == [0, 1, 2])
    }

    @Test func colourHexIsTheRGBDigits() {
        #expect(PlotColors.value.hex == "#007AFF")
        #expect(Color(rgb: 0x0A0B0C).hex == "#0A0B0C")
        #expect(Color.white.hex == "#FFFFFF")
    }

    /// The compare graph's classes are styled in page.css, which restates the plots' colours: the two agree.
    @Test func thePageStylesTheCompareGraphInThePlotsColours() {
        let css = String(decoding: PackageResources.page_css, as: UTF8.self).lowercased()
        func rule(_ selector: String) -> String {
            css.split(separator: "\n").first { $0.hasPrefix(selector + " {") }.map(String.init) ?? ""
        }
        func hex(_ color: Color) -> String { color.hex.lowercased() }
        #expect(rule(".runs-svg .frame").contains("fill: \(hex(PlotColors.background)); stroke: \(hex(PlotColors.frame))"))
        #expect(rule(".runs-svg .grid").contains("stroke: \(hex(PlotColors.grid))"))
        #expect(rule(".runs-svg .grid.zero").contains("stroke: \(hex(PlotColors.zero))"))
        #expect(rule(".runs-svg .reference").contains("stroke: \(hex(PlotColors.reference)); stroke-dasharray: 4 3"))
        #expect(PlotColors.referenceDash == [4, 3])
        #expect(rule(".runs-svg .leader").contains("stroke: \(hex(PlotColors.reference))"))
        #expect(rule(".runs-svg .tick, .runs-svg .axis-label, .runs-svg .ref-label, .runs-svg .note").contains("fill: \(hex(PlotColors.axis))"))
    }
}
