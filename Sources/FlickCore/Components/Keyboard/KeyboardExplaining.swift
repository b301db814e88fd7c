import Foundation

// The keyboard's dismissal, put into words (`flick states --explain`, docs/states.md "Explanations"): when a drag of
// its list sends it down and when it is gone.

extension Explanation.Event {
    /// A drag of a list sent its keyboard down (`keyboardDismissMode: onDrag`).
    public static let keyboard = Explanation.Event("keyboard")
}

extension KeyboardDismissal {
    /// A drag of the list began at `t` and sent the keyboard down.
    func explainDismissal(_ scrollView: ScrollView, at t: Double, log: ExplanationLog) -> Explanation {
        let end = t + spec.duration
        let frame = Settling.firstFrame(atOrAfter: end, fps: log.fps)
        let gone = frame > log.lastFrame
            ? "still going down when the run ends (frame \(log.lastFrame), \(Say.time(Double(log.lastFrame) / log.fps)))"
            : "gone at \(Say.time(Double(frame) / log.fps)) (frame \(frame))"
        let slides = spec.duration > 0
            ? "slides down below the viewport over \(Say.number(spec.duration, digits: 2)) s along easeInOut, \(gone)"
            : "is gone at once (a duration of 0 s)"
        let reason = "a drag of the \(scrollView.noun) began and its keyboardDismissMode is onDrag (UIKit dismisses the "
            + "keyboard when the scroll view begins dragging); the keyboard (\(Say.pt(spec.height))) \(slides)"
        return Explanation(time: t, event: .keyboard, component: scrollView.key, rule: "uikit.keyboardDismissMode",
                           chosen: (spec.duration > 0 ? KeyboardPhase.hiding : .hidden).rawValue, reason: reason,
                           text: "\(Say.time(t)), \(scrollView.noun) `\(scrollView.key)` dismisses its keyboard: \(reason)")
    }
}
