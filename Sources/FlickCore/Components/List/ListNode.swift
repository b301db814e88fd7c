import Foundation
import FlickPhysics

/// The `list` component: rows of equal height, optionally grouped in sections, in a scroll view.
final class ListNode: ComponentNode {
    let spec: ListSpec
    let key: String
    let scrollView: ScrollView
    private(set) var frame: Rect = .zero
    private let panel: InfoPanel?
    private var viewportHeight = 0.0

    init(spec: ListSpec, key: String, physics: PhysicsPreset) {
        self.spec = spec
        self.key = key
        let panel = spec.infoPanel.map { InfoPanel(spec: $0, list: spec) }
        self.panel = panel
        let attachments: [ScrollAttachment?] = [panel] + ListAttachmentKind.allCases.map { $0.type.attachment(to: spec) }
        self.scrollView = ScrollView(key: key, axis: spec.axis, contentInset: spec.contentInset,
                                     initialOffset: spec.offset, physics: physics, noun: "list",
                                     attachments: attachments.compactMap { $0 })
    }

    /// Rows times row height along the axis; across it, the frame less the adjusted insets (content laid out to
    /// fill the visible area, as the Vimeo article's stack view is: 660 − 20 − 40 = 600).
    func contentSize(for frame: Rect, adjustedInset inset: EdgeInsets) -> Size {
        let length = Double(spec.rows) * spec.rowHeight
        switch spec.axis {
        case .vertical: return Size(width: max(0, frame.width - inset.left - inset.right), height: length)
        case .horizontal: return Size(width: length, height: max(0, frame.height - inset.top - inset.bottom))
        }
    }

    func layout(frame: Rect, context: LayoutContext, at t: Double) {
        self.frame = frame
        viewportHeight = context.viewport.height
        let safeArea = context.safeAreaOverlap(frame)
        scrollView.layout(frame: frame, contentSize: contentSize(for: frame, adjustedInset: spec.contentInset + safeArea),
                          safeAreaInsets: safeArea)
        scrollView.advanceAttachments(to: t)
    }

    func participants(at point: Point, axis: Axis, into chain: inout [NestedScrollParticipant]) {
        if axis == spec.axis && frame.contains(point) { chain.append(scrollView) }
    }

    var ownScrollView: ScrollView? { scrollView }

    func viewportDidResize(at t: Double) {
        scrollView.clampRestingOffset(at: t)
    }

    func snapshot(at t: Double, into state: inout FrameState) {
        let scroll = ScrollViewState(scrollView, at: t, showsIndicator: spec.indicator)
        state.scrollViews.append(scroll)
        scrollView.snapshotAttachments(at: t, into: &state)
        if let panel {
            let indicator = scroll.indicator?.frame ?? scrollView.indicatorFrame(at: t)
            let frame = panel.frame(indicator: indicator, scrollView: scrollView,
                                    viewportHeight: viewportHeight)
            state.append(PanelState(key: key, frame: frame, alpha: panel.alpha(at: t, scrollView: scrollView),
                              text: panel.text(atViewportY: frame.minY + frame.height / 2,
                                               scrollView: scrollView, at: t)))
        }
    }
}
