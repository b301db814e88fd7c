import Testing
@testable import FlickCore
import FlickPhysics

/// The hook points a scroll view calls its attachments at (docs/architecture.md, "Behaviours as attachments"), seen
/// from an attachment that records them.
@Suite struct ScrollAttachmentTests {
    final class Recorder: ScrollAttachment {
        var calls: [String] = []
        var held = 0.0
        var snapTo: Double?
        func dragBegan(_ view: ScrollView, at t: Double) { calls.append("dragBegan \(t)") }
        func tracked(_ view: ScrollView, at t: Double) { calls.append("tracked \(t)") }
        func willRelease(_ view: ScrollView, at t: Double) {
            calls.append("willRelease \(t)")
            held = 30
        }
        var heldLeadingInset: Double { held }
        func restSnap(_ view: ScrollView, offset: Double, limits: ClosedRange<Double>) -> RestSnap? {
            snapTo.map { RestSnap(target: $0, duration: 0.3, words: "the recorder snaps it") }
        }
    }

    /// A 100 pt list of 1000 pt of content, with the attachments given.
    func list(_ attachments: [ScrollAttachment]) -> ScrollView {
        let view = ScrollView(key: "list", axis: .vertical, contentInset: .zero, initialOffset: nil, physics: .uikit,
                              attachments: attachments)
        view.layout(frame: Rect(x: 0, y: 0, width: 100, height: 100), contentSize: Size(width: 100, height: 1000),
                    safeAreaInsets: .zero)
        return view
    }

    @Test func hooksAreCalledInOrderAndTheHeldInsetMovesTheTop() {
        let recorder = Recorder()
        let view = list([recorder])
        #expect(view.limits == 0...900)
        view.beginTracking(at: 1)
        _ = view.consume(10, pass: .scroll, at: 1.1)
        _ = view.consume(5, pass: .scroll, at: 1.2)
        view.endTracking(velocity: 0, dragDistance: 15, at: 1.3)
        // The drag begins once; every moving sample is tracked; the lift comes before the release is worked out.
        #expect(recorder.calls == ["dragBegan 1.1", "tracked 1.1", "tracked 1.2", "willRelease 1.3"])
        // The held 30 pt are part of the top inset from the lift on.
        #expect(view.heldLeadingInset == 30)
        #expect(view.adjustedContentInset.top == 30)
        #expect(view.limits == -30...900)
        #expect(!view.claimsLeadingPull)
    }

    @Test func theFirstAttachmentThatAnswersSnaps() {
        let quiet = Recorder(), first = Recorder(), second = Recorder()
        first.snapTo = 40
        second.snapTo = 80
        let view = list([quiet, first, second])
        view.beginTracking(at: 0)
        _ = view.consume(20, pass: .scroll, at: 0.1)
        view.endTracking(velocity: 0, dragDistance: 20, at: 0.2)
        // At rest at 20 without a snap; the first answer (40) is where it goes, over 0.3 s from the lift.
        #expect(view.offset(at: 0.2) == 20)
        #expect(abs(view.offset(at: 0.5) - 40) < 1e-9)
        #expect(view.phase(at: 0.6) == .idle)
    }

    @Test func aRefreshControlClaimsThePull() {
        let view = list([RefreshControl(spec: RefreshSpec())])
        #expect(view.claimsLeadingPull)
        #expect(!list([]).claimsLeadingPull)
    }
}
