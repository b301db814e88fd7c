import FlickCore
import FlickRender
import Foundation

/// `flick fit --out DIR`: for each reference, the recording (dots) against the simulation before the fit (grey,
/// dashed) and after it (blue), value against the scenario's time, with the residuals in each panel's title.
public struct FitPlot: Sendable {
    /// One reference: the recorded samples and the simulated value at the same instants, before and after.
    public struct Panel: Sendable {
        public var title: String
        public var recorded: [Reference.Sample]
        /// Simulated at the recorded instants (recorded + difference), before and after the fit.
        public var before: [Reference.Sample]
        public var after: [Reference.Sample]
        public var caption: String
    }

    public static let width = 900.0
    static let panelHeight = 260.0
    static let left = 70.0, right = 20.0, top = 56.0, gap = 56.0
    static let beforeColor = PlotColors.reference
    static let afterColor = PlotColors.value

    public var title: String
    public var panels: [Panel]
    public var height: Double { FitPlot.top + Double(panels.count) * (FitPlot.panelHeight + FitPlot.gap) + 10 }

    /// The panels of `before` and `after`, the same references measured on the scenario and on the fitted one.
    public init(title: String, before: [ReferenceResidual], after: [ReferenceResidual]) {
        self.title = title
        panels = zip(before, after).map { b, a in
            func simulated(_ r: ReferenceResidual) -> [Reference.Sample] {
                // The recorded sample at each compared instant, plus the difference there.
                var recordedAt: [Double: Double] = [:]
                for s in r.recorded { recordedAt[s.t] = s.value }
                return r.differences.compactMap { d in recordedAt[d.t].map { Reference.Sample(t: d.t, value: $0 + d.value) } }
            }
            let caption = "before: max \(NumberText.fixed(b.maximum, digits: 3)), rms \(NumberText.fixed(b.rms, digits: 3)) pt   "
                + "after: max \(NumberText.fixed(a.maximum, digits: 3)), rms \(NumberText.fixed(a.rms, digits: 3)) pt"
            return Panel(title: "reference[\(b.reference.index)] \(b.reference.path) vs \(b.reference.file)",
                         recorded: b.recorded, before: simulated(b), after: simulated(a), caption: caption)
        }
    }

    /// The plot as an SVG document in points.
    public func svg() throws -> Data {
        let surface = try SVGSurface(width: FitPlot.width, height: height.rounded(.up))
        do { draw(on: Canvas(surface)) }
        return try surface.finish()
    }

    /// The plot as pixels, `scale` pixels per point.
    public func image(scale: Double = 2) throws -> ImageSurface {
        try MotionPlot.pixels(width: FitPlot.width, height: height, scale: scale, draw)
    }

    func draw(on canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: 0, width: FitPlot.width, height: height.rounded(.up)), .white)
        canvas.drawText(title, x: FitPlot.left, baseline: 24, font: .bold, size: 16, color: .black)
        canvas.drawText("Purple dots: recorded. Grey dashed: Flick before the fit. Blue: Flick after the fit.",
                        x: FitPlot.left, baseline: 42, size: 11.5, color: PlotColors.axis)
        var y = FitPlot.top
        for panel in panels {
            let rect = Rect(x: FitPlot.left, y: y + 34, width: FitPlot.width - FitPlot.left - FitPlot.right,
                            height: FitPlot.panelHeight - 34)
            canvas.drawText(panel.title, x: rect.minX, baseline: y + 14, font: .bold, size: 12.5, color: .black)
            canvas.drawText(panel.caption, x: rect.minX, baseline: y + 28, size: 11, color: PlotColors.axis)
            draw(panel, in: rect, on: canvas)
            y += FitPlot.panelHeight + FitPlot.gap
        }
    }

    private func draw(_ panel: Panel, in rect: Rect, on canvas: Canvas) {
        let all = panel.recorded + panel.before + panel.after
        guard let t0 = all.map(\.t).min(), let t1 = all.map(\.t).max(), let lowest = all.map(\.value).min(),
              let highest = all.map(\.value).max() else { return }
        let (low, high) = PlotRange.value(lowest, highest)
        let time = PlotScale(from: t0, span: max(t1 - t0, 1e-3), start: rect.minX, length: rect.width)
        let value = PlotScale(from: high, to: low, start: rect.minY, length: rect.height)
        func point(_ s: Reference.Sample) -> Point { Point(x: time.position(s.t), y: value.position(s.value)) }
        canvas.fill(rect, PlotColors.background)
        canvas.drawValueAxis(PlotTicks.ticks(low, high, count: 5), value, across: rect)
        canvas.drawTimeAxis(PlotTicks.ticks(t0, t1, count: 8), time, down: [rect])
        canvas.saved {
            canvas.clip(rect)
            canvas.strokeLine(panel.before.map(point), FitPlot.beforeColor, width: 1.5, dash: [5, 3])
            canvas.strokeLine(panel.after.map(point), FitPlot.afterColor, width: 2)
            for s in panel.recorded { canvas.fillCircle(center: point(s), radius: 2.4, PlotColors.recording) }
        }
        canvas.stroke(rect, PlotColors.frame, width: 1)
    }
}
