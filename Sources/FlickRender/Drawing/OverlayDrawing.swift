import FlickCore
import FlickOutput
import Foundation

/// The review layer of `--overlay`: detent lines with their names, velocity vectors, the
/// touch point with the finger's recent trail, and a heads-up line with time, frame index and phases.
///
/// Everything it draws comes from the frame's state (the trail too), so every frame can be drawn on its own.
enum OverlayDrawing {
    /// Velocity arrows show where the motion would be this many seconds later: 1000 pt/s is a 100 pt arrow.
    static let vectorTime = 0.1
    static let accent = Color(rgb: 0xFF2D92)
    static let vectorColor = Color(rgb: 0x00B7FF)

    static func draw(in context: DrawContext) {
        drawDetents(in: context)
        drawVelocities(in: context)
        drawTouch(in: context)
        drawHeadsUp(in: context)
    }

    /// The touch marker's radius and the distance from its centre to its phase label's baseline, in points.
    static let touchRadius = 22.0
    static let touchLabelDrop = 36.0

    /// What the touch marker covers (its circle and the phase label under it), in points; nil with no finger down.
    static func touchBounds(_ frame: FrameState) -> Rect? {
        guard let touch = frame.touch else { return nil }
        let r = touchRadius + 3
        return Rect(x: touch.x - r, y: touch.y - r, width: 2 * r, height: r + touchLabelDrop + 4)
    }

    /// Where a velocity label goes beside its arrow's start: the first of above-right, below-right, above-left and
    /// below-left of `start` that keeps off the touch marker (`avoid`), else the one that overlaps it least. Returns
    /// the label's left x and baseline.
    static func velocityLabelOrigin(start: Point, width: Double, avoid: Rect?, viewport: Size) -> Point {
        let height = 10.0
        let candidates = [Point(x: start.x + 8, y: start.y - 6), Point(x: start.x + 8, y: start.y + 16),
                          Point(x: start.x - 8 - width, y: start.y - 6), Point(x: start.x - 8 - width, y: start.y + 16)]
        func overlap(_ origin: Point) -> Double {
            guard let avoid else { return 0 }
            let box = Rect(x: origin.x, y: origin.y - height, width: width, height: height + 3)
            let w = min(box.maxX, avoid.maxX) - max(box.minX, avoid.minX), h = min(box.maxY, avoid.maxY) - max(box.minY, avoid.minY)
            return w > 0 && h > 0 ? w * h : 0
        }
        let inside = candidates.filter { $0.x >= 0 && $0.x + width <= viewport.width }
        let pool = inside.isEmpty ? candidates : inside
        return pool.first { overlap($0) == 0 } ?? pool.min { overlap($0) < overlap($1) }!
    }

    static func drawDetents(in context: DrawContext) {
        let canvas = context.canvas
        let view = context.viewport
        let headsUp = headsUpLayout(headsUpParts(context), in: context).rect
        for sheet in context.frame.sheets {
            for detent in sheet.detents {
                let y = detent.top
                let current = sheet.detent == detent.name
                let color = accent.withAlpha(current ? 0.95 : 0.6)
                canvas.strokeLine([Point(x: 0, y: y), Point(x: view.width, y: y)], color, width: current ? 1.5 : 1,
                                  dash: [6, 4])
                let label = "\(detent.name)  \(format(y, 0)) pt"
                // Above its line, or below it where the heads-up box would cover it.
                let width = canvas.width(of: label, font: .mono, size: 10)
                let above = Rect(x: view.width - 8 - width, y: y - 14, width: width, height: 12)
                let baseline = overlaps(above, headsUp) ? y + 12 : y - 4
                canvas.drawHaloText(label, x: view.width - 8, baseline: baseline, font: .mono, size: 10, color: color,
                                    halo: Color.white.withAlpha(0.8), haloWidth: 2.5, alignment: .right)
            }
        }
    }

    static func drawVelocities(in context: DrawContext) {
        for state in context.frame.scrollViews {
            let v = state.velocity
            guard abs(v.x) + abs(v.y) > 1 else { continue }
            // From the middle of the part of the scroll view that is on screen.
            let x0 = max(state.frame.minX, 0), x1 = min(state.frame.maxX, context.viewport.width)
            let y0 = max(state.frame.minY, 0), y1 = min(state.frame.maxY, context.viewport.height)
            guard x1 > x0, y1 > y0 else { continue }
            let start = Point(x: (x0 + x1) / 2, y: (y0 + y1) / 2)
            // Content moves opposite to contentOffset: an offset growing downwards moves rows up.
            drawArrow(from: start, vector: Point(x: -v.x * vectorTime, y: -v.y * vectorTime),
                      label: "\(state.key) \(format((v.x * v.x + v.y * v.y).squareRoot(), 0)) pt/s", in: context)
        }
        for sheet in context.frame.sheets where abs(sheet.velocity) > 1 {
            let start = Point(x: context.viewport.width * 0.25, y: sheet.top + 12)
            drawArrow(from: start, vector: Point(x: 0, y: sheet.velocity * vectorTime),
                      label: "\(sheet.key) \(format(abs(sheet.velocity), 0)) pt/s", in: context)
        }
    }

    static func drawArrow(from start: Point, vector: Point, label: String, in context: DrawContext) {
        let canvas = context.canvas
        var v = vector
        let length = (v.x * v.x + v.y * v.y).squareRoot()
        let maxLength = 0.45 * min(context.viewport.width, context.viewport.height)
        if length > maxLength { v = Point(x: v.x * maxLength / length, y: v.y * maxLength / length) }
        let shown = min(length, maxLength)
        let end = Point(x: start.x + v.x, y: start.y + v.y)
        canvas.fillCircle(center: start, radius: 3, vectorColor)
        canvas.strokeLine([start, end], vectorColor, width: 2.5, roundCaps: true)
        if shown > 4 {
            let ux = v.x / shown, uy = v.y / shown
            let head = min(10, shown * 0.5)
            canvas.fillPolygon([end, Point(x: end.x - ux * head - uy * head * 0.5, y: end.y - uy * head + ux * head * 0.5),
                                Point(x: end.x - ux * head + uy * head * 0.5, y: end.y - uy * head - ux * head * 0.5)],
                               vectorColor)
        }
        // Off the touch marker: cyan text over its orange or pink circle could not be read.
        let origin = velocityLabelOrigin(start: start, width: canvas.width(of: label, font: .mono, size: 10),
                                         avoid: touchBounds(context.frame), viewport: context.frame.viewport)
        canvas.drawHaloText(label, x: origin.x, baseline: origin.y, font: .mono, size: 10, color: vectorColor,
                            halo: Color.white.withAlpha(0.85), haloWidth: 2.5)
    }

    static func drawTouch(in context: DrawContext) {
        let canvas = context.canvas
        // The trail: the finger's recent path from the state, more opaque towards now.
        let trail = context.frame.trail
        for (previous, point) in zip(trail, trail.dropFirst()) where !point.startsStroke {
            // The sample's step along the trail: 0 the oldest, `FingerTrail.steps` now.
            let step = (Double(FingerTrail.steps) * (1 - point.age / FingerTrail.duration)).rounded()
            let alpha = 0.15 + 0.6 * step / Double(FingerTrail.steps)
            canvas.strokeLine([Point(x: previous.x, y: previous.y), Point(x: point.x, y: point.y)],
                              accent.withAlpha(alpha), width: 4)
        }
        guard let touch = context.frame.touch else { return }
        let center = Point(x: touch.x, y: touch.y)
        let color: Color
        switch touch.phase {
        case .began: color = Color(rgb: 0x34C759)
        case .moved: color = accent
        case .ended: color = Color(rgb: 0xFF9500)
        }
        canvas.fillCircle(center: center, radius: touchRadius, color.withAlpha(0.22))
        canvas.strokeCircle(center: center, radius: touchRadius, color, width: 2)
        canvas.fillCircle(center: center, radius: 4, color)
        canvas.drawHaloText(touch.phase.rawValue, x: center.x, baseline: center.y + touchLabelDrop, font: .mono, size: 10, color: color,
                            halo: Color.white.withAlpha(0.85), haloWidth: 2.5, alignment: .center)
    }

    /// The heads-up box's top, in points: under the status bar (the safe area's top), so the clock and the status
    /// icons are never read through the text.
    static func headsUpTop(safeAreaTop: Double) -> Double { max(0, safeAreaTop) + 4 }

    /// The heads-up line's text size and line height, in points.
    static let headsUpSize = 10.0
    static let headsUpLineHeight = 13.0

    /// The heads-up parts set in as many lines as it takes at the viewport's width, and the box they fill.
    static func headsUpLayout(_ parts: [String], in context: DrawContext) -> (lines: [String], rect: Rect) {
        let canvas = context.canvas
        let available = context.viewport.width - 20
        var lines: [String] = []
        for part in parts {
            if let last = lines.last, canvas.width(of: last + "  " + part, font: .mono, size: headsUpSize) <= available {
                lines[lines.count - 1] = last + "  " + part
            } else {
                lines.append(part)
            }
        }
        let width = min(context.viewport.width - 8, (lines.map { canvas.width(of: $0, font: .mono, size: headsUpSize) }.max() ?? 0) + 12)
        return (lines, Rect(x: 4, y: headsUpTop(safeAreaTop: context.safeArea.top), width: width,
                            height: 5 + headsUpLineHeight * Double(lines.count)))
    }

    /// The heads-up line's parts: time, frame index, the touch and the phase of everything that has one.
    static func headsUpParts(_ context: DrawContext) -> [String] {
        let frame = context.frame
        var parts = ["t \(format(frame.time, 3)) s", "frame \(frame.index)/\(context.scenario.frameCount - 1)"]
        parts.append("touch " + (frame.touch?.phase.rawValue ?? "–"))
        for state in frame.scrollViews { parts.append("\(state.key) \(state.phase.rawValue)") }
        for sheet in frame.sheets {
            parts.append("\(sheet.key) \(sheet.phase.rawValue)" + (sheet.detent.map { "→\($0)" } ?? ""))
        }
        for pager in frame.pagers {
            parts.append(frame.pagers.count == 1 ? "page \(pager.page)" : "\(pager.key) page \(pager.page)")
        }
        return parts
    }

    /// Lines at the top, under the status bar: time, frame index and the phase of everything that has one.
    static func drawHeadsUp(in context: DrawContext) {
        let canvas = context.canvas
        let parts = headsUpParts(context)
        let (lines, rect) = headsUpLayout(parts, in: context)
        let size = headsUpSize, lineHeight = headsUpLineHeight
        canvas.fill(roundedRect: rect, radius: 5, Color.black.withAlpha(0.72))
        for (i, line) in lines.enumerated() {
            canvas.drawText(line, x: rect.minX + 6,
                            baseline: canvas.baseline(centeringOn: rect.minY + 2.5 + lineHeight * (Double(i) + 0.5), size: size),
                            font: .mono, size: size, color: .white, maxWidth: rect.width - 12)
        }
    }

    /// Whether two boxes share some area.
    static func overlaps(_ a: Rect, _ b: Rect) -> Bool { a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY }

    static func format(_ x: Double, _ digits: Int) -> String { NumberText.fixed(x, digits: digits) }
}
