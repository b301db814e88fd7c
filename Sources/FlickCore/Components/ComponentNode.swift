import Foundation

/// What every component is laid out in: the viewport at the current instant.
public struct LayoutContext: Sendable {
    public var viewport: Size
    public var safeArea: EdgeInsets
    /// Where the band above `safeArea.top` begins: the viewport's top edge (0), or, inside a large-title navigation
    /// bar whose frame runs above the screen, the bar's own top. The bar covers its content from its top edge down to
    /// its expanded bottom wherever that top is, so a list laid out in the bar's frame gets the bar's whole inset
    /// (the status bar's part of the bar plus 96 pt), not only the part of it on screen (docs/physics.md,
    /// "Large-title navigation bar", Insets).
    public var topBandStart = 0.0

    public init(viewport: Size, safeArea: EdgeInsets) {
        self.viewport = viewport
        self.safeArea = safeArea
    }

    /// The part of the viewport's safe area that `frame` overlaps, measured inside the viewport
    /// (a frame that runs below the screen still gets only the bottom band it covers; at the top, the band starts at
    /// `topBandStart`).
    public func safeAreaOverlap(_ frame: Rect) -> EdgeInsets {
        let w = viewport.width, h = viewport.height
        func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
            max(0, min(a1, b1) - max(a0, b0))
        }
        return EdgeInsets(top: overlap(frame.minY, frame.maxY, topBandStart, safeArea.top),
                          left: overlap(frame.minX, frame.maxX, 0, safeArea.left),
                          bottom: overlap(frame.minY, frame.maxY, h - safeArea.bottom, h),
                          right: overlap(frame.minX, frame.maxX, w - safeArea.right, w))
    }
}

/// A component of the simulated scene: laid out at an instant, hit by touches, and written into frame states.
protocol ComponentNode: AnyObject {
    var frame: Rect { get }
    /// Places the component (and its children) at time `t`.
    func layout(frame: Rect, context: LayoutContext, at t: Double)
    /// Appends, outermost first, the nested-scroll participants on `axis` under `point`.
    func participants(at point: Point, axis: Axis, into chain: inout [NestedScrollParticipant])
    /// Handles a tap at `point`; true if something took it.
    func tap(at point: Point, time: Double) -> Bool
    /// The viewport changed size (already laid out anew at `t`).
    func viewportDidResize(at t: Double)
    /// Writes this component's state at `t`.
    func snapshot(at t: Double, into state: inout FrameState)

    /// The component's own scroll view, if it is scrollable itself (a list, a pager).
    var ownScrollView: ScrollView? { get }
    /// The components directly inside it, in document order.
    var directChildren: [ComponentNode] { get }
    /// Starts explaining its decisions into `log` (`flick states --explain`); its own scroll view gets the log
    /// from `attachExplanations`.
    func attach(_ log: ExplanationLog)
    /// What in it will not behave as its author probably expects, in words that name the fix.
    var warnings: [String] { get }
}

extension ComponentNode {
    func tap(at point: Point, time: Double) -> Bool { false }
    var ownScrollView: ScrollView? { nil }
    var directChildren: [ComponentNode] { [] }
    func attach(_ log: ExplanationLog) {}
    var warnings: [String] { [] }

    /// Every scroll view in this subtree, in document order.
    var scrollViews: [ScrollView] {
        (ownScrollView.map { [$0] } ?? []) + directChildren.flatMap(\.scrollViews)
    }
}
