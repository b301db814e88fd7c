import FlickPhysics
import Foundation

/// The keyboard over a list and its `keyboardDismissMode` (`KeyboardSpec`): an attachment of the list's scroll view
/// (`ScrollAttachment`; docs/architecture.md, "Behaviours as attachments"). With `onDrag`, the first drag of the list
/// sends the keyboard down over `duration` seconds; it stays down for the rest of the run (nothing in a scenario
/// focuses a text field again). It writes its state from the viewport alone, so it holds no geometry of its own.
final class KeyboardDismissal: ScrollAttachment {
    let spec: KeyboardSpec
    /// When a drag sent the keyboard down; nil while it is up.
    private(set) var dismissedAt: Double?

    init(spec: KeyboardSpec) {
        self.spec = spec
    }

    /// A drag of the list began at `t`: with `onDrag`, the keyboard starts down.
    func dragBegan(_ view: ScrollView, at t: Double) {
        guard spec.dismissMode == .onDrag, dismissedAt == nil else { return }
        dismissedAt = t
        if let log = view.log { log.record(explainDismissal(view, at: t, log: log)) }
    }

    func snapshot(_ view: ScrollView, at t: Double, into state: inout FrameState) {
        state.append(self.state(key: view.key, viewport: state.viewport, at: t))
    }

    /// How far down the keyboard is at `t`: 0 up, 1 gone below the viewport's bottom.
    func lowered(at t: Double) -> Double {
        guard let start = dismissedAt else { return 0 }
        return TimedCurve(from: 0, to: 1, duration: spec.duration).position(at: max(0, t - start))
    }

    func state(key: String, viewport: Size, at t: Double) -> KeyboardState {
        let down = lowered(at: t)
        let phase: KeyboardPhase
        if let start = dismissedAt {
            phase = t < start + spec.duration ? .hiding : .hidden
        } else {
            phase = .shown
        }
        let top = viewport.height - spec.height * (1 - down)
        return KeyboardState(key: key, phase: phase,
                             frame: Rect(x: 0, y: top, width: viewport.width, height: spec.height))
    }
}
