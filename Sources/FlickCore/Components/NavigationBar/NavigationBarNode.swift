import Foundation

/// The `navigationBar` component: a large-title bar over its content, collapsing with the content's first
/// vertical list (docs/physics.md, "Large-title navigation bar").
///
/// The content fills the whole frame and its lists scroll under the bar: the bar adds its expanded height
/// (the status bar's part of the frame plus 96 pt) to the top of their safe area, so a list rests with its first row
/// under the large title, as UIKit's `adjustedContentInset` does. The bar itself has no motion of its own: every
/// number of its state is a function of the list's offset at that instant, except the titles' 150 ms fade, which
/// starts at the exact instant the offset crosses the threshold (found between layouts, so every frame rate agrees).
final class NavigationBarNode: ComponentNode {
    let spec: NavigationBarSpec
    let key: String
    let content: ComponentNode
    private(set) var frame: Rect = .zero
    /// The part of the frame under the status bar.
    private var safeTop = 0.0
    private var fade: TitleFade?
    /// The last instant the fade was brought up to date.
    private var observedAt = 0.0

    init(spec: NavigationBarSpec, key: String, content: ComponentNode) {
        self.spec = spec
        self.key = key
        self.content = content
        if spec.snaps { tracked?.attach(LargeTitleSnap()) }
    }

    /// The scroll view it collapses with: the first vertical one in its content (the decoder makes sure there is one).
    lazy var tracked: ScrollView? = content.scrollViews.first { $0.scrollAxis == .vertical }

    /// Points the tracked list is scrolled past its top resting position at `t` (negative while pulled down).
    private func scrolled(at t: Double) -> Double {
        guard let tracked else { return 0 }
        return tracked.offset(at: t) - tracked.limits.lowerBound
    }

    func layout(frame: Rect, context: LayoutContext, at t: Double) {
        self.frame = frame
        safeTop = context.safeAreaOverlap(frame).top
        var inner = context
        inner.safeArea.top = frame.minY + safeTop + NavigationBarGeometry.expandedHeight
        // The bar covers its content from its own top: a list in its frame gets all of `safeTop + 96` even when the
        // frame runs above the screen (a sheet flung past its top), so the content's top resting position stays the
        // bar's expanded bottom, the position the bar's geometry assumes.
        inner.topBandStart = min(context.topBandStart, frame.minY)
        content.layout(frame: frame, context: inner, at: t)
        observe(at: t)
    }

    /// Brings the titles' fade up to `t`. Between two layouts the list's motion is one closed form (every input
    /// event lays the scene out before and after it), so a crossing between them is found by bisection.
    private func observe(at t: Double) {
        let shows = NavigationBarGeometry.showsLargeTitle(scrolled: scrolled(at: t))
        guard var current = fade else {
            fade = TitleFade(showsLargeTitle: shows)
            observedAt = t
            return
        }
        if shows != current.showsLargeTitle {
            var low = min(observedAt, t), high = t
            // At most 60 halvings: below a nanosecond for any span a scenario allows.
            for _ in 0..<60 where high - low > 1e-9 {
                let mid = (low + high) / 2
                if NavigationBarGeometry.showsLargeTitle(scrolled: scrolled(at: mid)) == shows { high = mid } else { low = mid }
            }
            current.flip(at: high)
            fade = current
        }
        observedAt = t
    }

    func participants(at point: Point, axis: Axis, into chain: inout [NestedScrollParticipant]) {
        // A drag on the bar does not scroll the list under it (it moves a sheet that holds the bar).
        guard !barFrame.contains(point) else { return }
        content.participants(at: point, axis: axis, into: &chain)
    }

    func tap(at point: Point, time: Double) -> Bool {
        guard !barFrame.contains(point) else { return false }
        return content.tap(at: point, time: time)
    }

    /// The bar's frame as last laid out.
    private var barFrame: Rect { state(at: observedAt).frame }

    var directChildren: [ComponentNode] { [content] }

    func viewportDidResize(at t: Double) {
        content.viewportDidResize(at: t)
    }

    func state(at t: Double) -> NavigationBarState {
        NavigationBarGeometry.state(key: key, tracks: tracked?.key ?? "", frame: frame, safeTop: safeTop,
                                    scrolled: scrolled(at: t), stretches: spec.stretches,
                                    largeTitleAlpha: fade?.alpha(at: t) ?? 1)
    }

    func snapshot(at t: Double, into state: inout FrameState) {
        content.snapshot(at: t, into: &state)
        state.append(self.state(at: t))
    }
}
