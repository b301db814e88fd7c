import FlickCore
import FlickPhysics
import Foundation

extension Run {
    // MARK: Geometry of indicators, panels and tabs

    mutating func checkIndicators(_ state: FrameState) {
        let geometry = ScrollIndicatorGeometry()
        let tolerance = 1e-6
        for view in state.scrollViews {
            guard let indicator = view.indicator else { continue }
            let axis = facts.scrollAxis[view.key] ?? .vertical
            let cross: Axis = axis == .horizontal ? .vertical : .horizontal
            let inset = view.adjustedContentInset
            let start = view.frame.origin[axis] + inset.leading(axis) + geometry.margin
            let end = view.frame.origin[axis] + view.frame.size[axis] - inset.trailing(axis) - geometry.margin
            guard end > start else { continue }
            count(.indicatorInTrack)
            let f = indicator.frame
            let name = axis == .horizontal ? "x" : "y"
            let lengthName = axis == .horizontal ? "width" : "height"
            let lo = f.origin[axis], hi = f.origin[axis] + f.size[axis]
            if lo < start - tolerance || hi > end + tolerance {
                report(.indicatorInTrack, at: state.time, "\(view.key).indicator.frame.\(name)",
                       "the indicator spans \(Self.number(lo)) to \(Self.number(hi)), outside its track "
                       + "\(Self.number(start)) to \(Self.number(end))")
            }
            let shortest = min(geometry.minimumOverscrollLength, end - start)
            if f.size[axis] < shortest - tolerance {
                report(.indicatorInTrack, at: state.time, "\(view.key).indicator.frame.\(lengthName)",
                       "the indicator is \(Self.number(f.size[axis])) pt long, shorter than a dot (\(Self.number(shortest)) pt)")
            }
            let across = axis == .vertical
                ? view.frame.maxX - geometry.margin - geometry.thickness
                : view.frame.maxY - geometry.margin - geometry.thickness
            if abs(f.origin[cross] - across) > tolerance || abs(f.size[cross] - geometry.thickness) > tolerance {
                report(.indicatorInTrack, at: state.time, "\(view.key).indicator.frame",
                       "the indicator sits at \(cross == .horizontal ? "x" : "y") \(Self.number(f.origin[cross])), "
                       + "\(Self.number(f.size[cross])) pt thick; its track is at \(Self.number(across)), "
                       + "\(Self.number(geometry.thickness)) pt thick")
            }
            if !(0...1).contains(indicator.alpha) {
                report(.indicatorInTrack, at: state.time, "\(view.key).indicator.alpha",
                       "alpha \(Self.number(indicator.alpha)) is outside 0...1")
            }
        }
    }

    mutating func checkPanels(_ state: FrameState) {
        let margin = ScrollIndicatorGeometry().margin
        let tolerance = 1e-6
        for (i, panel) in state.panels.enumerated() {
            let prefix = i == 0 ? "panel" : "panels.\(panel.key)"
            guard let view = state.scrollView(panel.key), let indicator = view.indicator else { continue }
            count(.panelInTrack)
            let inset = view.adjustedContentInset
            let top = max(view.frame.minY + inset.top + margin, 0)
            let bottom = min(view.frame.maxY - inset.bottom - margin, state.viewport.height)
            let f = panel.frame
            // A track shorter than the panel cannot hold it: it pins to the track's top (the rule of docs/physics.md).
            if bottom - top >= f.height, f.minY < top - tolerance || f.maxY > bottom + tolerance {
                report(.panelInTrack, at: state.time, "\(prefix).frame.y",
                       "the panel spans \(Self.number(f.minY)) to \(Self.number(f.maxY)), outside its track "
                       + "\(Self.number(top)) to \(Self.number(bottom))")
            }
            let gap = indicator.frame.minX - f.maxX
            if abs(gap - 4) > tolerance {
                report(.panelInTrack, at: state.time, "\(prefix).frame.x",
                       "the panel ends \(Self.number(gap)) pt left of the indicator, not 4 pt")
            }
            if !(0...1).contains(panel.alpha) {
                report(.panelInTrack, at: state.time, "\(prefix).alpha", "alpha \(Self.number(panel.alpha)) is outside 0...1")
            }
        }
    }

    /// The indicator is the function of the scroll offset that the Vimeo article gives (x = bar width × fraction,
    /// width interpolated between neighbouring tabs), so it moves exactly as continuously as the content does.
    mutating func checkTabIndicators(_ state: FrameState) {
        for (i, pager) in state.pagers.enumerated() {
            let prefix = i == 0 ? "pager" : "pagers.\(pager.key)"
            guard let view = state.scrollView(pager.key), !pager.tabs.isEmpty else { continue }
            let pageWidth = view.frame.width
            guard pageWidth > 0 else { continue }
            count(.tabIndicator)
            let offset = view.contentOffset.x
            let position = offset / pageWidth
            let n = pager.tabs.count
            let i = min(max(Int(position.rounded(.down)), 0), n - 1)
            let j = min(i + 1, n - 1)
            let f = min(max(position - Double(i), 0), 1)
            let width = pager.tabs[i].width + (pager.tabs[j].width - pager.tabs[i].width) * f
            let x: Double
            // Tabs of their own widths (given, or a scrollable bar's titles): the indicator interpolates the tabs'
            // frames, which a scrolled bar has already moved.
            let unequal = pager.tabs.contains { abs($0.width - pager.tabs[0].width) > 1e-9 }
            if facts.customTabWidths.contains(pager.key) || unequal || pager.tabBarOffset != 0 {
                let beyond = position < 0 ? position * pager.tabs[0].width
                    : max(0, position - Double(n - 1)) * pager.tabs[n - 1].width
                x = pager.tabs[i].x + (pager.tabs[j].x - pager.tabs[i].x) * f + beyond
            } else {
                x = pager.tabBar.width * offset / (Double(n) * pageWidth)
            }
            let tolerance = 1e-6 * max(1, abs(x))
            if abs(pager.indicator.x - x) > tolerance || abs(pager.indicator.width - width) > tolerance {
                report(.tabIndicator, at: state.time, "\(prefix).indicator",
                       "the indicator is at x \(Self.number(pager.indicator.x)), \(Self.number(pager.indicator.width)) wide; "
                       + "contentOffset.x \(Self.number(offset)) puts it at x \(Self.number(x)), \(Self.number(width)) wide")
            }
        }
    }
}
