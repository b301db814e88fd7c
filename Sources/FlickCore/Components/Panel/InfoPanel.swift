import FlickPhysics
import Foundation

/// Path 2's info panel (docs/physics.md, "Info panel"): beside the vertical scroll indicator, showing the section of the row at its
/// centre; it fades in when a drag begins and out a while after scrolling stops. It is an attachment of its list's scroll
/// view (`ScrollAttachment`), which tells it when a drag begins; its list writes its state (it is placed beside the
/// indicator the list shows).
final class InfoPanel: ScrollAttachment {
    /// Gap between the panel and the indicator, in points.
    static let gap = 4.0
    /// Fade-in when a drag begins: 0.15 s.
    static let fadeInDuration = 0.15
    /// How long it stays after scrolling stops: 1.0 s.
    static let lingerDuration = 1.0
    /// Fade-out after that: 0.25 s.
    static let fadeOutDuration = 0.25
    /// The narrowest a panel sized from its titles gets, in points.
    static let minimumWidth = 64.0
    /// Estimated advance of one character of the panel's 13 pt text, plus the panel's horizontal padding: the
    /// core knows no fonts, so it sizes the panel once from the longest title with these (the renderer truncates
    /// with real metrics if a title is still wider).
    static let characterWidth = 7.2
    static let horizontalPadding = 20.0

    let spec: InfoPanelSpec
    let listSpec: ListSpec

    /// When the current period of activity began, and the alpha the panel had then.
    private var activeSince: Double?
    private var alphaAtStart = 0.0

    init(spec: InfoPanelSpec, list: ListSpec) {
        self.spec = spec
        self.listSpec = list
    }

    /// A fixed width: as given, or from the longest title, at least `minimumWidth`, at most 60 % of the list.
    func width(listWidth: Double) -> Double {
        if let width = spec.width { return width }
        let longest = listSpec.sections.map(\.title.count).max() ?? "\(listSpec.rows) of \(listSpec.rows)".count
        let estimate = Double(longest) * Self.characterWidth + Self.horizontalPadding
        return min(max(Self.minimumWidth, estimate), max(Self.minimumWidth, listWidth * 0.6))
    }

    /// A drag began at `t`: the panel fades in from whatever alpha it has (straight back during a fade-out).
    func dragBegan(_ scrollView: ScrollView, at t: Double) {
        alphaAtStart = alpha(at: t, scrollView: scrollView)
        activeSince = t
    }

    func alpha(at t: Double, scrollView: ScrollView) -> Double {
        guard let start = activeSince, t >= start else { return 0 }
        let fadeIn = min(1, alphaAtStart + (t - start) / Self.fadeInDuration)
        if scrollView.isActive(at: t) { return fadeIn }
        guard let end = scrollView.motionEnded(at: t), end >= start else { return fadeIn }
        let elapsed = t - end
        if elapsed < Self.lingerDuration { return fadeIn }
        return fadeIn * max(0, 1 - (elapsed - Self.lingerDuration) / Self.fadeOutDuration)
    }

    /// The panel's frame for an indicator frame: left of it by `gap`, centred on it, kept inside the visible
    /// part of the track (pinned at the top or the bottom when the indicator is shorter than the panel).
    func frame(indicator: Rect, scrollView: ScrollView, viewportHeight: Double) -> Rect {
        let width = self.width(listWidth: scrollView.frame.width)
        let height = spec.height
        let margin = ScrollIndicatorGeometry().margin
        let inset = scrollView.adjustedContentInset
        let trackTop = max(scrollView.frame.minY + inset.top + margin, 0)
        let trackBottom = min(scrollView.frame.maxY - inset.bottom - margin, viewportHeight)
        let centred = indicator.midY - height / 2
        let y = min(max(centred, trackTop), max(trackTop, trackBottom - height))
        return Rect(x: indicator.minX - Self.gap - width, y: y, width: width, height: height)
    }

    /// The title of the section of the row on screen at viewport height `y` (or "row N of M" without sections).
    func text(atViewportY y: Double, scrollView: ScrollView, at t: Double) -> String {
        let rows = listSpec.rows
        guard rows > 0 else { return "" }
        let contentY = y - scrollView.frame.minY + scrollView.offset(at: t)
        let row = min(max(Int(saturating: (contentY / listSpec.rowHeight).rounded(.down)), 0), rows - 1)
        guard !listSpec.sections.isEmpty else { return "\(row + 1) of \(rows)" }
        var first = 0
        for section in listSpec.sections {
            if row < first + section.rows { return section.title }
            first += section.rows
        }
        return listSpec.sections.last!.title
    }
}
