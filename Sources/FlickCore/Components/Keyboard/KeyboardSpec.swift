import Foundation

/// The on-screen keyboard over a list and what a drag of the list does to it: UIScrollView's `keyboardDismissMode`
/// (docs/scenario-format.md, "Keyboard dismissed by a drag"; docs/states.md, "Keyboards"). The keyboard is up from
/// the start, as if a text field (a search field) had been focused before the run; it covers the bottom of the
/// viewport and changes no inset of the list.
public struct KeyboardSpec: Hashable, Sendable {
    /// What a drag of the list does to the keyboard (`UIScrollView.KeyboardDismissMode`).
    public enum DismissMode: String, Hashable, Sendable, CaseIterable {
        /// The keyboard stays up (UIKit's default).
        case none
        /// The keyboard goes down as soon as a drag of the list begins (`.onDrag`: UIKit dismisses it when the scroll
        /// view begins dragging).
        case onDrag
    }

    public var dismissMode: DismissMode
    /// The keyboard's height in points, from the viewport's bottom.
    public var height: Double
    /// Seconds the keyboard takes to go down, along easeInOut.
    public var duration: Double

    /// About the system keyboard's height with its predictive bar on a 390 × 844 pt phone in portrait, home indicator
    /// area included.
    public static let defaultHeight = 336.0
    /// The duration UIKit reports for the keyboard's animation in `UIKeyboardAnimationDurationUserInfoKey`: 0.25 s.
    public static let defaultDuration = 0.25

    public init(dismissMode: DismissMode = .onDrag, height: Double = KeyboardSpec.defaultHeight,
                duration: Double = KeyboardSpec.defaultDuration) {
        self.dismissMode = dismissMode
        self.height = height
        self.duration = duration
    }
}

extension KeyboardDismissal: ListAttachment {
    static let key = "keyboard"
    static let keyDoc = "The on-screen keyboard, which a drag of the list dismisses (keyboardDismissMode)."
    static var format: Value<KeyboardSpec> { ScenarioFormat.keyboard }
    static var stateCollection: StateCollection? { KeyboardState.collection }
    static var explanationEvents: [Explanation.Event] { [.keyboard] }
}

extension ListSpec {
    /// The keyboard over it and its keyboardDismissMode, if it has one.
    public var keyboard: KeyboardSpec? {
        get { self[KeyboardDismissal.self] }
        set { self[KeyboardDismissal.self] = newValue }
    }
}
