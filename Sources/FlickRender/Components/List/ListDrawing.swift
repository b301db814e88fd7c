import FlickCore
import Foundation

/// A `list`: rows (vertical) or cards (horizontal) placed from the scroll view's frame and contentOffset
/// and clipped to its frame, sticky section headers, and its scroll indicator.
///
/// The list draws no background of its own: it shows whatever it sits on (the scene's background,
/// a sheet, a page), as a UITableView with a clear background would.
enum ListDrawing {
    /// Height of a section title chip, in points.
    static let sectionChipHeight = 22.0
    /// Space between a pinned chip and the top of the visible area, and between two chips.
    static let sectionChipMargin = 6.0
    /// Leading and trailing margin of a row's content (UITableViewCell's layout margins).
    static let margin = 16.0

    static func draw(_ spec: ListSpec, key: String, in context: DrawContext) {
        guard let state = context.frame.scrollView(key) else { return }
        // Only the part on screen is drawn (a page of a pager or a sheet's list may reach far past the viewport).
        guard let visible = state.frame.clipped(to: context.viewport) else { return }
        let canvas = context.canvas
        canvas.saved {
            canvas.clip(visible)
            // Where the content's origin is in the viewport.
            let origin = Point(x: state.frame.minX - state.contentOffset.x, y: state.frame.minY - state.contentOffset.y)
            switch spec.axis {
            case .vertical:
                ListAttachmentKind.draw(.behindRows, list: key, in: context)
                drawRows(spec, state: state, visible: visible, origin: origin, in: context)
                drawSectionHeaders(spec, key: key, state: state, origin: origin, in: context)
            case .horizontal:
                drawCards(spec, state: state, visible: visible, origin: origin, in: context)
            }
        }
        if let indicator = state.indicator {
            ScrollIndicatorDrawing.draw(indicator, in: context)
        }
        ListAttachmentKind.draw(.overList, list: key, in: context)
    }

    /// The rows whose extent along the axis meets `low..<high` (content coordinates): never more than
    /// fit on screen, however many rows the list has.
    static func visibleRows(_ spec: ListSpec, low: Double, high: Double) -> Range<Int> {
        guard spec.rows > 0, spec.rowHeight > 0 else { return 0..<0 }
        let first = max(0, Int((low / spec.rowHeight).rounded(.down)))
        let last = min(spec.rows - 1, Int((high / spec.rowHeight).rounded(.down)))
        return first <= last ? first..<(last + 1) : 0..<0
    }

    /// A row's layout for its height: two lines of text or one, the avatar's diameter (0: none), where the text
    /// starts, and the title's and subtitle's sizes, in points.
    static func rowLayout(rowHeight h: Double) -> (twoLines: Bool, avatar: Double, textX: Double, titleSize: Double, subtitleSize: Double) {
        let twoLines = h >= 44
        let avatar = h >= 40 ? min(40, h - 14) : 0
        let textX = margin + (avatar > 0 ? avatar + 12 : 0)
        let titleSize = twoLines ? min(17, max(12, h * 0.285)) : min(17, max(9, h * 0.42))
        return (twoLines, avatar, textX, titleSize, (titleSize * 0.8).rounded())
    }

    /// Room kept for a row's price between its text and the chevron ("$32"), in points from the row's trailing edge.
    static func trailingColumn(subtitleSize: Double) -> Double {
        margin + 14 + TextMetrics.width(of: "$00", size: subtitleSize) + 10
    }

    /// A section chip's frame: in the gap between the rows' text and their prices, against the prices, so neither the
    /// chip riding a boundary nor the one pinned at the top covers a made-up row's title or subtitle.
    static func chipRect(title: String, top: Double, spec: ListSpec, frame: Rect) -> Rect {
        let layout = rowLayout(rowHeight: spec.rowHeight)
        let width = min(frame.width - 2 * margin, TextMetrics.width(of: title, size: sectionChipSize, bold: true) + 24)
        let right = frame.maxX - trailingColumn(subtitleSize: layout.subtitleSize)
        return Rect(x: max(frame.minX + margin, right - width), y: top, width: width, height: sectionChipHeight)
    }

    /// A section chip's title size, in points.
    static let sectionChipSize = 12.0

    static func drawRows(_ spec: ListSpec, state: ScrollViewState, visible: Rect, origin: Point, in context: DrawContext) {
        let canvas = context.canvas
        let palette = context.palette
        let h = spec.rowHeight
        let width = state.frame.width
        let rows = visibleRows(spec, low: visible.minY - origin.y, high: visible.maxY - origin.y)
        let (twoLines, avatar, textX, titleSize, subtitleSize) = rowLayout(rowHeight: h)
        let chevronX = width - margin
        for i in rows {
            let content = RowText(spec, i)
            let top = origin.y + Double(i) * h
            let midY = top + h / 2
            let left = origin.x
            if avatar > 0, let thumbnail = content.thumbnail, let pictures = context.pictures {
                let box = Rect(x: left + margin, y: midY - avatar / 2, width: avatar, height: avatar)
                canvas.saved {
                    canvas.clip(roundedRect: box, radii: CornerRadii(avatar / 2))
                    pictures.draw(thumbnail, filling: box, on: canvas)
                }
            } else if avatar > 0 {
                let center = Point(x: left + margin + avatar / 2, y: midY)
                canvas.fillCircle(center: center, radius: avatar / 2, palette.accent(i))
                let initialsSize = avatar * 0.36
                canvas.drawText(content.initials, x: center.x, baseline: canvas.baseline(centeringOn: midY, size: initialsSize),
                                font: .bold, size: initialsSize, color: .white, alignment: .center)
            }
            // Trailing: a price and a disclosure chevron.
            let priceSize = subtitleSize
            let priceRight = left + chevronX - 14
            let priceWidth = canvas.width(of: content.trailing, font: .regular, size: priceSize)
            canvas.drawText(content.trailing, x: priceRight, baseline: canvas.baseline(centeringOn: midY, size: priceSize),
                            font: .regular, size: priceSize, color: palette.secondaryLabel, alignment: .right)
            canvas.strokeLine([Point(x: left + chevronX - 4.5, y: midY - 6), Point(x: left + chevronX, y: midY),
                               Point(x: left + chevronX - 4.5, y: midY + 6)],
                              palette.tertiaryLabel, width: 2, roundCaps: true)
            let textWidth = priceRight - priceWidth - 10 - (left + textX)
            if twoLines, !content.subtitle.isEmpty {
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

    /// Section titles as chips on the boundary where each section starts (beside the prices, `chipRect`), the current one pinned
    /// below the top of the visible area and pushed up by the next, like the date chips of a chat. The list's
    /// content has no room for header rows (its height is rows × rowHeight), so the chips sit in the padding
    /// between rows instead of covering them.
    ///
    /// A list with an info panel shows its section in the panel while the panel is visible (Path 2's timeline): the
    /// chips are drawn at 1 − the panel's `alpha`, so they fade out as it fades in and back as it fades out, and the
    /// dark panel and a light chip never show a section title side by side or over each other.
    static func drawSectionHeaders(_ spec: ListSpec, key: String, state: ScrollViewState, origin: Point, in context: DrawContext) {
        guard !spec.sections.isEmpty else { return }
        let panelAlpha = context.frame.panel(key).map { min(max($0.alpha, 0), 1) } ?? 0
        context.canvas.withOpacity(1 - panelAlpha) {
            drawSectionChips(spec, state: state, origin: origin, in: context)
        }
    }

    /// The section chips at full opacity (`drawSectionHeaders`).
    private static func drawSectionChips(_ spec: ListSpec, state: ScrollViewState, origin: Point, in context: DrawContext) {
        let canvas = context.canvas
        let palette = context.palette
        let pinY = state.frame.minY + state.adjustedContentInset.top + sectionChipMargin
        var starts: [Int] = []
        var total = 0
        for section in spec.sections { starts.append(total); total += section.rows }
        // Each chip's top, from the last section up, so each can be pushed by the one after it.
        var tops = Array(repeating: 0.0, count: spec.sections.count)
        var nextTop = Double.infinity
        for i in spec.sections.indices.reversed() {
            let boundary = origin.y + Double(starts[i]) * spec.rowHeight
            let top = min(max(boundary - sectionChipHeight / 2, pinY), nextTop - sectionChipHeight - sectionChipMargin)
            tops[i] = top
            nextTop = top
        }
        for (i, section) in spec.sections.enumerated() {
            let sectionEnd = origin.y + Double(starts[i] + section.rows) * spec.rowHeight
            let top = tops[i]
            guard sectionEnd > state.frame.minY, top < state.frame.maxY, top + sectionChipHeight > state.frame.minY else { continue }
            let size = sectionChipSize
            let title = section.title
            let chip = chipRect(title: title, top: top, spec: spec, frame: state.frame)
            let width = chip.width
            canvas.fill(roundedRect: chip.offsetBy(dx: 0, dy: 1), radius: chip.height / 2, Color.black.withAlpha(0.08))
            canvas.fill(roundedRect: chip, radius: chip.height / 2, palette.chip)
            canvas.drawText(title, x: chip.minX + chip.width / 2,
                            baseline: canvas.baseline(centeringOn: chip.minY + chip.height / 2, size: size),
                            font: .bold, size: size, color: palette.secondaryLabel, alignment: .center, maxWidth: width - 16)
        }
    }

    /// A horizontal list's rows drawn as cards (a carousel), one per `rowHeight` of width.
    static func drawCards(_ spec: ListSpec, state: ScrollViewState, visible: Rect, origin: Point, in context: DrawContext) {
        let canvas = context.canvas
        let palette = context.palette
        let pitch = spec.rowHeight
        let cards = visibleRows(spec, low: visible.minX - origin.x, high: visible.maxX - origin.x)
        let inset = min(8, pitch * 0.06)
        for i in cards {
            let content = RowText(spec, i)
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
