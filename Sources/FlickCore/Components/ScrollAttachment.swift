import Foundation

/// A behaviour attached to a scroll view (docs/architecture.md, "Behaviours as attachments"): a class conforming to this
/// protocol in its behaviour's folder (the conformances are the list of them). A scroll view is handed its attachments
/// by the node that makes it (a list's node: one for each `ListAttachmentKind` its spec has, and those it makes
/// itself), or later through `ScrollView.attach(_:)` by the node of a component that acts on a scroll view it tracks.
/// The scroll view calls every attachment at these points, in the order they were attached, and names none of them;
/// every point has a default that does nothing, so an attachment implements only the ones it needs. Each call is
/// handed the scroll view, so an attachment holds no reference to it.
protocol ScrollAttachment: AnyObject {
    /// The content started moving under a finger at `t` (a drag began).
    func dragBegan(_ view: ScrollView, at t: Double)
    /// A touch sample at `t` moved the content.
    func tracked(_ view: ScrollView, at t: Double)
    /// The finger lifts at `t`, before the release is worked out: it may change its held inset, and so the limits the
    /// release bounces to.
    func willRelease(_ view: ScrollView, at t: Double)
    /// Applies what happens by `t` without input; called at the end of every layout of the scroll view.
    func advance(_ view: ScrollView, to t: Double)
    /// The space it holds open before the content's leading edge, in points: part of the scroll view's
    /// `adjustedContentInset` (a refreshing list's spinner); 0 by default.
    var heldLeadingInset: Double { get }
    /// Where a release that comes to rest at `offset` is then snapped to, within `limits`; nil (the default): it
    /// stays. The first attachment that answers decides.
    func restSnap(_ view: ScrollView, offset: Double, limits: ClosedRange<Double>) -> RestSnap?
    /// Whether it claims a pull past the scroll view's leading edge that a sheet around it would otherwise take at
    /// its lowest detent (a refresh control does: docs/physics.md, "Pull to refresh"); false by default.
    var claimsLeadingPull: Bool { get }
    /// Adds its own state to the frame at `t` (nothing by default).
    func snapshot(_ view: ScrollView, at t: Double, into state: inout FrameState)
}

extension ScrollAttachment {
    func dragBegan(_ view: ScrollView, at t: Double) {}
    func tracked(_ view: ScrollView, at t: Double) {}
    func willRelease(_ view: ScrollView, at t: Double) {}
    func advance(_ view: ScrollView, to t: Double) {}
    var heldLeadingInset: Double { 0 }
    func restSnap(_ view: ScrollView, offset: Double, limits: ClosedRange<Double>) -> RestSnap? { nil }
    var claimsLeadingPull: Bool { false }
    func snapshot(_ view: ScrollView, at t: Double, into state: inout FrameState) {}
}

/// A snap after a release comes to rest: where to and over how long (along Flutter's `fastEaseInToSlowEaseOut`),
/// and what it is, in an explanation's words.
struct RestSnap {
    var target: Double
    var duration: Double
    /// "the navigation bar snaps the large title to collapsed".
    var words: String
}
