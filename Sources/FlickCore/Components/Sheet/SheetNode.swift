import Foundation
import FlickPhysics

/// The `sheet` component: a panel over the background with detents, holding one content component that moves
/// with it, connected to the scroll views inside it through the nested-scroll protocol.
final class SheetNode: ComponentNode {
    let spec: SheetSpec
    let key: String
    let sheet: Sheet
    let content: ComponentNode
    private(set) var frame: Rect = .zero
    /// The viewport and its safe area at the latest layout (the deck look is sized from them).
    private var context: LayoutContext?
    /// Where a drag its card does not follow is explained, when asked for.
    var log: ExplanationLog?

    init(spec: SheetSpec, key: String, content: ComponentNode, physics: PhysicsPreset) {
        self.spec = spec
        self.key = key
        self.content = content
        self.sheet = Sheet(spec: spec, physics: physics)
    }

    var headerHeight: Double { spec.header?.height ?? 0 }

    func layout(frame: Rect, context: LayoutContext, at t: Double) {
        self.context = context
        sheet.layout(viewportHeight: frame.height, at: t)
        let top = sheet.top(at: t)
        // The sheet reaches the viewport's bottom even while rubber-banding above its highest detent.
        self.frame = Rect(x: frame.minX, y: top, width: frame.width, height: max(sheet.height, frame.maxY - top))
        // The content keeps the size it has at the highest detent and moves with the sheet (ClassPass).
        let contentHeight = max(0, sheet.height - headerHeight)
        content.layout(frame: Rect(x: frame.minX, y: top + headerHeight, width: frame.width, height: contentHeight),
                       context: context, at: t)
    }

    /// The scroll view whose unused downward drag moves a card, as DeckTransition's `ScrollViewDetector` finds it:
    /// `tracks` (its `scrollViewForDeck`), else the content itself when it is a scroll view, else the first scroll
    /// view among the content's direct children — whatever its axis. A horizontal carousel first means no vertical
    /// pull dismisses the card: that is the library's behaviour, and `trackingPitfall` says so.
    lazy var trackedScrollView: ScrollView? = {
        if let id = spec.tracks { return content.scrollViews.first { $0.key == id } }
        if let own = content.ownScrollView { return own }
        return content.directChildren.lazy.compactMap(\.ownScrollView).first
    }()

    /// For a card that tracks a scroll view that cannot scroll vertically: the tracked view's key and the first
    /// vertical scroll view inside the card, whose pulls will never dismiss it. Nil when nothing is amiss.
    var trackingPitfall: (tracked: String, unreachable: String)? {
        guard spec.dismissible, let tracked = trackedScrollView, tracked.scrollAxis != .vertical,
              let vertical = content.scrollViews.first(where: { $0.scrollAxis == .vertical }) else { return nil }
        return (tracked.key, vertical.key)
    }

    var warnings: [String] {
        guard let pitfall = trackingPitfall else { return [] }
        return ["card `\(key)` tracks `\(pitfall.tracked)`, which cannot scroll vertically: pulls on "
            + "`\(pitfall.unreachable)` will never dismiss it; add `tracks: \(pitfall.unreachable)`"]
    }

    /// Whether a drag on `target` reaches the sheet: for a card (or a sheet with `tracks`) only the tracked
    /// scroll view hands over; otherwise every vertical scroll view inside the sheet does (ClassPass).
    func connects(to target: NestedScrollParticipant) -> Bool {
        guard spec.dismissible || spec.tracks != nil else { return true }
        return target === trackedScrollView
    }

    func participants(at point: Point, axis: Axis, into chain: inout [NestedScrollParticipant]) {
        // A dismissed sheet sits below the viewport, so no point inside the viewport reaches it.
        guard frame.contains(point) else { return }
        var inner: [NestedScrollParticipant] = []
        if point.y >= frame.minY + headerHeight { content.participants(at: point, axis: axis, into: &inner) }
        guard axis == .vertical else {
            chain += inner
            return
        }
        guard let target = inner.last else {
            chain.append(sheet)
            return
        }
        // Does the scroll view under the finger claim this pull (a list with a refresh control)?
        sheet.pullClaimant = content.scrollViews.first { $0 === target && $0.claimsLeadingPull }
        if connects(to: target) { chain.append(sheet) } else { noteUntracked(target) }
        chain += inner
    }

    var directChildren: [ComponentNode] { [content] }

    func tap(at point: Point, time: Double) -> Bool {
        guard frame.contains(point), point.y >= frame.minY + headerHeight else { return false }
        return content.tap(at: point, time: time)
    }

    func viewportDidResize(at t: Double) {
        sheet.viewportDidResize(at: t)
        content.viewportDidResize(at: t)
    }

    /// The presenting view behind a `presentation: deck` card; nil for a plain sheet.
    func presenting(at t: Double) -> PresentingState? {
        guard spec.presentation == .deck, let context else { return nil }
        return DeckPresentation.presenting(progress: sheet.dismissProgress(at: t), viewport: context.viewport,
                                           statusBarHeight: context.safeArea.top)
    }

    func snapshot(at t: Double, into state: inout FrameState) {
        let detents = sheet.detents.indices.map { DetentPosition(name: sheet.detents[$0].name, top: sheet.top(of: $0)) }
        state.append(SheetState(key: key, top: sheet.top(at: t), detent: sheet.detentName(at: t),
                                phase: sheet.phase(at: t), velocity: sheet.velocity(at: t),
                                dimming: sheet.dimming(at: t), parallax: sheet.parallax(at: t),
                                frame: frame, detents: detents, presenting: presenting(at: t)))
        content.snapshot(at: t, into: &state)
    }
}
