import Foundation

/// A `navigationBar`: UINavigationBar with `prefersLargeTitles`, over one component whose first vertical list it
/// collapses with (docs/physics.md, "Large-title navigation bar").
///
/// The large title sits under the inline bar and rides on the list's content: it collapses into the inline title as
/// the list scrolls up, the bar's background and hairline come in once content scrolls under it, and it stretches
/// (the title scaled up a little) while the list is pulled past its top.
public struct NavigationBarSpec: Sendable {
    /// The title: large under the bar, inline (centred in the bar) once collapsed.
    public var title: String
    /// The component under the bar, laid out over the whole frame; its first vertical list scrolls under the bar.
    public var content: Component
    /// While the list is pulled past its top, the bar grows with it and the large title scales up (UIKit's
    /// behaviour, Flutter's `CupertinoSliverNavigationBar.stretch`). False keeps the expanded height.
    public var stretches: Bool
    /// When the list comes to rest with the large title partly collapsed, it is scrolled on to the nearer of
    /// expanded and collapsed (iOS 18's bar, Flutter's `CupertinoSliverNavigationBar`). False leaves it there.
    public var snaps: Bool

    public init(title: String, content: Component, stretches: Bool = true, snaps: Bool = true) {
        self.title = title
        self.content = content
        self.stretches = stretches
        self.snaps = snaps
    }
}
