import Foundation
import FlickPhysics

/// The `list` component: rows of equal height, optionally grouped in sections, in a scroll view.
final class ListNode: ComponentNode {
    let spec: ListSpec
    let scrollView: ScrollView
    private(set) var frame: Rect = .zero

    init(spec: ListSpec, settings: ScrollSettings) {
        self.spec = spec
        self.scrollView = ScrollView(key: spec.key, axis: spec.axis, contentInset: spec.contentInset,
                                     initialOffset: spec.offset, settings: settings)
    }

    /// Rows times row height along the axis; the frame's size across it.
    func contentSize(for frame: Rect) -> Size {
        let length = Double(spec.rows) * spec.rowHeight
        switch spec.axis {
        case .vertical: return Size(width: frame.width, height: length)
        case .horizontal: return Size(width: length, height: frame.height)
        }
    }

    func layout(frame: Rect, context: LayoutContext, at t: Double) {
        self.frame = frame
        scrollView.layout(frame: frame, contentSize: contentSize(for: frame),
                          safeAreaInsets: context.safeAreaOverlap(frame))
    }

    func participants(at point: Point, axis: Axis, into chain: inout [NestedScrollParticipant]) {
        if axis == spec.axis && frame.contains(point) { chain.append(scrollView) }
    }

    func viewportDidResize(at t: Double) {
        scrollView.clampRestingOffset(at: t)
    }

    func snapshot(at t: Double, into state: inout FrameState) {
        state.scrollViews.append(ScrollViewState(scrollView, at: t, showsIndicator: spec.indicator))
    }
}
