import FlickCore
import Foundation

/// A `list`: rows (vertical) or cards (horizontal) placed from the scroll view's frame and contentOffset
/// and clipped to its frame, sticky section headers, and its scroll indicator.
///
/// The list draws no background of its own: it shows whatever it sits on (the scene's background,
/// a sheet, a page), as a UITableView with a clear background would.
enum ListDrawing {
    /// Height of a section header, in points (UITableView's plain-style header is 28 pt).
    static let sectionHeaderHeight = 28.0
    /// Leading and trailing margin of a row's content (UITableViewCell's layout margins).
    static let margin = 16.0

    static func draw(_ spec: ListSpec, in context: DrawContext) {
        guard let state = context.frame.scrollView(spec.key) else { return }
        let canvas = context.canvas
        canvas.saved {
            canvas.clip(state.frame)
            // Where the content's origin is in the viewport.
            let origin = Point(x: state.frame.minX - state.contentOffset.x, y: state.frame.minY - state.contentOffset.y)
            switch spec.axis {
            case .vertical:
                drawRows(spec, state: state, origin: origin, in: context)
                drawSectionHeaders(spec, state: state, origin: origin, in: context)
            case .horizontal:
                drawCards(spec, state: state, origin: origin, in: context)
            }
        }
        if let indicator = state.indicator {
            ScrollIndicatorDrawing.draw(indicator, in: context)
        }
    }

    /// The rows whose extent along the axis meets `low..<high` (content coordinates): never more than
    /// fit on screen, however many rows the list has.
    static func visibleRows(_ spec: ListSpec, low: Double, high: Double) -> Range<Int> {
        guard spec.rows > 0, spec.rowHeight > 0 else { return 0..<0 }
        let first = max(0, Int((low / spec.rowHeight).rounded(.down)))
        let last = min(spec.rows - 1, Int((high / spec.rowHeight).rounded(.down)))
        return first <= last ? first..<(last + 1) : 0..<0
    }

    static func drawRows(_ spec: ListSpec, state: ScrollViewState, origin: Point, in context: DrawContext) {
        let canvas = context.canvas
        let palette = context.palette
        let h = spec.rowHeight
        let width = state.frame.width
        let rows = visibleRows(spec, low: state.frame.minY - origin.y, high: state.frame.maxY - origin.y)
        let twoLines = h >= 44
        let avatar = h >= 40 ? min(40, h - 14) : 0
        let textX = margin + (avatar > 0 ? avatar + 12 : 0)
        let titleSize = twoLines ? min(17, max(12, h * 0.285)) : min(17, max(9, h * 0.42))
        let subtitleSize = (titleSize * 0.8).rounded()
        let chevronX = width - margin
        for i in rows {
            let content = RowContent(index: i)
            let top = origin.y + Double(i) * h
            let midY = top + h / 2
            let left = origin.x
            if avatar > 0 {
                let center = Point(x: left + margin + avatar / 2, y: midY)
                canvas.fillCircle(center: center, radius: avatar / 2, palette.accent(i))
                let initialsSize = avatar * 0.36
                canvas.drawText(content.initials, x: center.x, baseline: canvas.baseline(centeringOn: midY, size: initialsSize),
                                font: .bold, size: initialsSize, color: .white, alignment: .center)
            }
            // Trailing: a price and a disclosure chevron.
            let priceSize = subtitleSize
            let priceRight = left + chevronX - 14
            let priceWidth = canvas.width(of: content.price, font: .regular, size: priceSize)
            canvas.drawText(content.price, x: priceRight, baseline: canvas.baseline(centeringOn: midY, size: priceSize),
                            font: .regular, size: priceSize, color: palette.secondaryLabel, alignment: .right)
            canvas.strokeLine([Point(x: left + chevronX - 4.5, y: midY - 6), Point(x: left + chevronX, y: midY),
                               Point(x: left + chevronX - 4.5, y: midY + 6)],
                              palette.tertiaryLabel, width: 2, roundCaps: true)
            let textWidth = priceRight - priceWidth - 10 - (left + textX)
            if twoLines {
                canvas.drawText(content.title, x: left + textX, baseline: canvas.baseline(centeringOn: midY - h * 0.15, size: titleSize),
                                font: .regular, size: titleSize, color: palette.label, maxWidth: textWidth)
                canvas.drawText(content.subtitle, x: left + textX,
                                baseline: canvas.baseline(centeringOn: midY + h * 0.17, size: subtitleSize),
                                font: .regular, size: subtitleSize, color: palette.secondaryLabel, maxWidth: textWidth)
            } else {
                canvas.drawText(content.title, x: left + textX, baseline: canvas.baseline(centeringOn: midY, size: titleSize),
                                font: .regular, size: titleSize, color: palette.label, maxWidth: textWidth)
            }
            // A one-pixel separator under every row but the last, inset to the text as UITableView does.
            if i < spec.rows - 1 {
                let y = context.pixelAligned(top + h) - context.hairline
                canvas.fill(Rect(x: left + textX, y: y, width: width - textX, height: context.hairline), palette.separator)
            }
        }
    }

    /// Section headers, each pinned to the top of the visible area while its section is on screen and
    /// pushed up by the next one, as in a plain UITableView. The list's content has no room for them
    /// (its height is rows × rowHeight), so they float over the first rows of their sections.
    static func drawSectionHeaders(_ spec: ListSpec, state: ScrollViewState, origin: Point, in context: DrawContext) {
        guard !spec.sections.isEmpty else { return }
        let canvas = context.canvas
        let palette = context.palette
        let pinY = state.frame.minY + state.adjustedContentInset.top
        var start = 0
        for section in spec.sections {
            let end = start + section.rows
            defer { start = end }
            let sectionTop = origin.y + Double(start) * spec.rowHeight
            let sectionBottom = origin.y + Double(end) * spec.rowHeight
            guard sectionBottom > pinY, sectionTop < state.frame.maxY else { continue }
            let y = min(max(sectionTop, pinY), sectionBottom - sectionHeaderHeight)
            let rect = Rect(x: state.frame.minX, y: y, width: state.frame.width, height: sectionHeaderHeight)
            canvas.fill(rect, palette.groupedBackground.withAlpha(0.96))
            canvas.fill(Rect(x: rect.minX, y: rect.maxY - context.hairline, width: rect.width, height: context.hairline),
                        palette.separator)
            let size = 13.0
            canvas.drawText(section.title.uppercased(), x: rect.minX + margin,
                            baseline: canvas.baseline(centeringOn: rect.minY + rect.height / 2, size: size),
                            font: .bold, size: size, color: palette.secondaryLabel, maxWidth: rect.width - 2 * margin)
        }
    }

    /// A horizontal list's rows drawn as cards (a carousel), one per `rowHeight` of width.
    static func drawCards(_ spec: ListSpec, state: ScrollViewState, origin: Point, in context: DrawContext) {
        let canvas = context.canvas
        let palette = context.palette
        let pitch = spec.rowHeight
        let cards = visibleRows(spec, low: state.frame.minX - origin.x, high: state.frame.maxX - origin.x)
        let inset = min(8, pitch * 0.06)
        for i in cards {
            let content = RowContent(index: i)
            let rect = Rect(x: origin.x + Double(i) * pitch + inset, y: state.frame.minY + 10,
                            width: pitch - 2 * inset, height: max(0, state.frame.height - 26))
            guard rect.width > 4, rect.height > 4 else { continue }
            let accent = palette.accent(i)
            canvas.fill(roundedRect: rect.offsetBy(dx: 0, dy: 2), radius: 14, Color.black.withAlpha(0.10))
            canvas.setVerticalGradient(y0: rect.minY, accent.mixed(with: .white, 0.18), y1: rect.maxY, accent.mixed(with: .black, 0.12))
            canvas.fillCurrentSource(roundedRect: rect, radius: 14)
            let textWidth = rect.width - 24
            let titleSize = min(20, max(10, rect.width * 0.1))
            let subtitleSize = (titleSize * 0.72).rounded()
            canvas.drawText(content.initials, x: rect.minX + 12, baseline: rect.minY + 12 + titleSize * 1.4,
                            font: .bold, size: titleSize * 1.6, color: Color.white.withAlpha(0.35))
            canvas.drawText(content.title, x: rect.minX + 12, baseline: rect.maxY - 14 - subtitleSize * 1.3,
                            font: .bold, size: titleSize, color: .white, maxWidth: textWidth)
            canvas.drawText(content.subtitle, x: rect.minX + 12, baseline: rect.maxY - 12,
                            font: .regular, size: subtitleSize, color: Color.white.withAlpha(0.85), maxWidth: textWidth)
        }
    }
}

/// A scroll indicator as iOS draws it: a rounded bar in 0x59000000 (light) or 0x80FFFFFF (dark),
/// at `indicator.frame`, faded by `indicator.alpha`.
enum ScrollIndicatorDrawing {
    static func draw(_ indicator: IndicatorState, in context: DrawContext) {
        guard indicator.alpha > 0, indicator.frame.width > 0, indicator.frame.height > 0 else { return }
        let frame = indicator.frame
        context.canvas.fill(roundedRect: frame, radius: min(frame.width, frame.height) / 2,
                            context.palette.scrollIndicator.withAlpha(indicator.alpha))
    }
}
