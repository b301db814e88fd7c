import FlickCore
import Foundation

/// A `pager`: its pages side by side, placed by the scroll view's contentOffset and clipped to its frame,
/// and the tab bar over them (titles, icons, the indicator at `pager.indicator.x`/`width`).
///
/// The tab bar's frame, each tab's span and the indicator come from the pager's state; `indicator.x` and the
/// tabs' `x` are measured from the tab bar's leading edge.
enum PagerDrawing {
    /// Tab icon size in points.
    static let iconSize = 18.0
    /// Thickness of the underline indicator.
    static let underlineThickness = 2.5
    /// An icon beside its title (in a bar too low to stack them) and the gap after it.
    static let inlineIconSize = iconSize - 2
    static let inlineIconGap = 5.0
    /// Room kept free on each side of a title in its tab.
    static let titleInset = 6.0

    static func draw(_ spec: PagerSpec, key: String, in context: DrawContext) {
        guard let state = context.frame.scrollView(key), let pager = context.frame.pager(key) else { return }
        let canvas = context.canvas
        let pageWidth = state.frame.width
        canvas.saved {
            canvas.clip(state.frame)
            for (i, page) in spec.pages.enumerated() {
                let x = state.frame.minX - state.contentOffset.x + Double(i) * pageWidth
                let rect = Rect(x: x, y: state.frame.minY, width: pageWidth, height: state.frame.height)
                guard rect.maxX > state.frame.minX, rect.minX < state.frame.maxX else { continue }
                drawPage(page, index: i, count: spec.pages.count, rect: rect, areaTop: pager.tabBar.maxY, in: context)
            }
        }
        // Page contents are components with their own scroll views: they place themselves from their states.
        for page in spec.pages {
            if let content = page.content { ComponentDrawing.draw(content, in: context) }
        }
        if let indicator = state.indicator { ScrollIndicatorDrawing.draw(indicator, in: context) }
        drawTabBar(spec, pager: pager, in: context)
    }

    /// A page's background and, without content, a placeholder of its icon and title centred below `areaTop`.
    static func drawPage(_ page: Page, index: Int, count: Int, rect: Rect, areaTop: Double, in context: DrawContext) {
        let canvas = context.canvas
        let palette = context.palette
        if let hex = page.color, let color = Color(hex: hex) {
            canvas.fill(rect, color)
        } else if page.content == nil {
            let base = context.scenario.theme == .dark ? Color(rgb: 0x1C1C1E) : Color.white
            canvas.fill(rect, palette.accent(index).mixed(with: base, 0.8))
        }
        if let image = page.image { context.pictures?.draw(image, filling: rect, on: canvas) }
        guard page.content == nil, page.image == nil else { return }
        // A placeholder page: its icon and title centred in the area below the tab bar.
        let fill = page.color.flatMap { Color(hex: $0) }
        let ink = fill.map { $0.luminance > 0.6 ? Color.black.withAlpha(0.78) : Color.white } ?? palette.label
        let midY = (areaTop + rect.maxY) / 2
        let midX = rect.minX + rect.width / 2
        let titleSize = min(30, max(14, rect.width * 0.075))
        if let icon = page.icon {
            let side = titleSize * 2.4
            context.icons.draw(icon, in: Rect(x: midX - side / 2, y: midY - side - titleSize * 0.6, width: side, height: side),
                               color: ink.withAlpha(0.9), on: canvas)
        }
        canvas.drawText(page.title, x: midX, baseline: canvas.baseline(centeringOn: midY + titleSize * 0.6, size: titleSize),
                        font: .bold, size: titleSize, color: ink, alignment: .center, maxWidth: rect.width - 32)
        let caption = "Page \(index + 1) of \(count)"
        canvas.drawText(caption, x: midX, baseline: canvas.baseline(centeringOn: midY + titleSize * 1.9, size: titleSize * 0.5),
                        font: .regular, size: titleSize * 0.5, color: ink.withAlpha(0.7), alignment: .center)
    }

    static func drawTabBar(_ spec: PagerSpec, pager: PagerState, in context: DrawContext) {
        let canvas = context.canvas
        let palette = context.palette
        let bar = pager.tabBar
        let tabs = pager.tabs
        guard !tabs.isEmpty else { return }
        canvas.fill(bar, palette.sheet.withAlpha(0.96))
        canvas.fill(Rect(x: bar.minX, y: context.pixelAligned(bar.maxY) - context.hairline, width: bar.width,
                         height: context.hairline), palette.separator)

        // A scrollable bar's tabs run past its ends: cut them at its sides (only then, so a fixed bar's pixels do
        // not change with a clip's edge coverage).
        let overflows = (tabs.first?.x ?? 0) < 0 || tabs.last.map { $0.x + $0.width > bar.width + 1e-9 } ?? false
        canvas.saved {
            if overflows { canvas.clip(Rect(x: bar.minX, y: bar.minY - bar.height, width: bar.width, height: 3 * bar.height)) }
            // The indicator comes from the state (one-directional: the scroll drives it).
            let indicator = pager.indicator
            let focus = indicator.x + indicator.width / 2
            if spec.tabBar.indicator == .pill {
                let pill = Rect(x: bar.minX + indicator.x + 4, y: bar.minY + 6, width: max(0, indicator.width - 8),
                                height: bar.height - 12)
                canvas.fill(roundedRect: pill, radius: pill.height / 2, palette.tint.withAlpha(0.15))
            }

            let stacked = bar.height >= 56
            let nominalSize = min(15, max(TabBarSpec.smallestTitleSize, bar.height * (stacked ? 0.2 : 0.32)))
            // One size for every title, as a tab bar's labels share one font: a scrolling bar's tabs were sized to
            // their titles, so they all fit at it; a fixed bar's titles shrink together to the size at which the
            // widest (in bold, the selected weight, so the size holds as the selection moves) fits its tab, down
            // to the smallest size, below which a title is truncated.
            let titleSize = overflows ? nominalSize : sharedTitleSize(spec, tabs: tabs, nominal: nominalSize, stacked: stacked,
                                                                      on: canvas)
            for (i, tab) in tabs.enumerated() where tab.x + tab.width > 0 && tab.x < bar.width {
                let page = spec.pages[i]
                // How selected the tab looks: 1 under the indicator's centre, 0 a tab's width away.
                let selection = max(0, 1 - abs(focus - (tab.x + tab.width / 2)) / max(1, tab.width))
                let color = palette.secondaryLabel.mixed(with: palette.tint, selection)
                let midX = bar.minX + tab.x + tab.width / 2
                let midY = bar.minY + bar.height / 2
                let font: Font = selection > 0.5 ? .bold : .regular
                let room = titleRoom(page, in: tab, stacked: stacked)
                if let icon = page.icon, stacked {
                    context.icons.draw(icon, in: Rect(x: midX - iconSize / 2, y: midY - iconSize - 1, width: iconSize, height: iconSize),
                                       color: color, on: canvas)
                    canvas.drawText(page.title, x: midX, baseline: midY + 3 + titleSize, font: font, size: titleSize,
                                    color: color, alignment: .center, maxWidth: tab.width - 8)
                } else if let icon = page.icon {
                    let inlineIcon = inlineIconSize
                    let textWidth = min(canvas.width(of: page.title, font: font, size: titleSize), room)
                    let left = midX - (inlineIcon + inlineIconGap + textWidth) / 2
                    context.icons.draw(icon, in: Rect(x: left, y: midY - inlineIcon / 2, width: inlineIcon, height: inlineIcon),
                                       color: color, on: canvas)
                    canvas.drawText(page.title, x: left + inlineIcon + inlineIconGap, baseline: canvas.baseline(centeringOn: midY, size: titleSize),
                                    font: font, size: titleSize, color: color, maxWidth: textWidth + 0.5)
                } else {
                    canvas.drawText(page.title, x: midX, baseline: canvas.baseline(centeringOn: midY, size: titleSize),
                                    font: font, size: titleSize, color: color, alignment: .center, maxWidth: tab.width - 8)
                }
            }
            if spec.tabBar.indicator == .underline {
                let line = Rect(x: bar.minX + indicator.x, y: bar.maxY - underlineThickness, width: indicator.width,
                                height: underlineThickness)
                canvas.fill(roundedRect: line, radii: CornerRadii(top: underlineThickness / 2, bottom: 0), palette.tint)
            }
        }
    }

    /// The width a tab's title may take: the tab's, less an inset on each side and an inline icon.
    static func titleRoom(_ page: Page, in tab: TabSpan, stacked: Bool) -> Double {
        tab.width - 2 * titleInset - (page.icon != nil && !stacked ? inlineIconSize + inlineIconGap : 0)
    }

    /// The size every title of a fixed bar is set at: the largest up to `nominal` at which each title, in bold, fits
    /// its tab, and at least the smallest title size (a title still too wide is truncated).
    static func sharedTitleSize(_ spec: PagerSpec, tabs: TabSpans, nominal: Double, stacked: Bool, on canvas: Canvas) -> Double {
        var size = nominal
        for (i, tab) in tabs.enumerated() where size > TabBarSpec.smallestTitleSize {
            size = canvas.fittingSize(of: spec.pages[i].title, font: .bold, size: size, minimumSize: TabBarSpec.smallestTitleSize,
                                      maxWidth: titleRoom(spec.pages[i], in: tab, stacked: stacked))
        }
        return size
    }
}
