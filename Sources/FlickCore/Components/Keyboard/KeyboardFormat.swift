import Foundation

extension ScenarioFormat {
    /// The keys of a list's `keyboard` (docs/scenario-format.md, generated from these declarations).
    static var keyboard: Value<KeyboardSpec> {
        .object("keyboard", "The on-screen keyboard, up from the start over the bottom of the viewport, and what a drag of the list does to it (UIScrollView's keyboardDismissMode).") { m in
            let d = KeyboardSpec()
            let mode = m.value("dismissMode", .choice, default: d.dismissMode, "onDrag: the keyboard goes down as soon as a drag of the list begins; none: it stays up (UIKit's default mode; the key defaults to onDrag).")
            let height = m.value("height", .number(.length), default: d.height, "The keyboard's height in points, from the viewport's bottom (about the system keyboard's with its predictive bar on a 390 × 844 phone).")
            let duration = m.value("duration", .number(.nonNegative.upTo(10)), default: d.duration, "Seconds the keyboard takes to go down, along easeInOut (UIKit reports 0.25 for the keyboard's animation).")
            guard !m.failed, let mode, let height, let duration else { return nil }
            return KeyboardSpec(dismissMode: mode, height: height, duration: duration)
        }
    }
}
