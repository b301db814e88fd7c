import Foundation

/// One input event at an exact time: the finger going down, moving, lifting, or the viewport changing size.
public struct InputEvent: Sendable {
    public enum Kind: Sendable {
        case down(Point)
        case move(Point)
        case up(Point)
        /// The viewport changes size, at once (`duration` 0) or animated along `curve`.
        case resize(Size, duration: Double = 0, curve: TimingCurve = .named(Gesture.defaultResizeCurve))
    }
    public var time: Double
    public var kind: Kind

    /// The time of a finger going down; nil for every other kind.
    public var touchDownTime: Double? {
        switch kind {
        case .down: time
        case .move, .up, .resize: nil
        }
    }

    /// How far (pt) a finger travels from where it went down before a drag that could go either way locks to the
    /// axis it moved most along; the first delta after the lock is the whole translation.
    public static let axisLockDistance = 10.0
}

extension Scenario {
    /// What recorded touches held that is not replayed, by the time of their touch-down (`--explain` says it with
    /// the drag).
    var recordingNotes: [(down: Double, text: String)] {
        gestures.flatMap { g -> [(down: Double, text: String)] in
            guard case .touches(let samples, _, let ignored) = g.action, let first = samples.first else { return [] }
            return ignored.map { (g.at + first.t, $0.words(at: g.at)) }
        }
    }

    /// The gestures as a time-ordered list of input events: drags sampled at `touchRate` (plus their exact end
    /// point), raw touches as given, taps as a down and an up `Gesture.tapDuration` apart.
    public var inputEvents: [InputEvent] {
        var events: [(InputEvent, Int)] = []
        var sequence = 0
        func add(_ time: Double, _ kind: InputEvent.Kind) {
            events.append((InputEvent(time: time, kind: kind), sequence))
            sequence += 1
        }
        for gesture in gestures {
            let at = gesture.at
            switch gesture.action {
            case let .drag(from, to, duration, curve, hold):
                let steps = max(1, Int(saturating: (duration * touchRate - 1e-9).rounded(.up)))
                add(at, .down(from))
                for k in 1...steps {
                    let local = min(Double(k) / touchRate, duration)
                    let p = curve.progress(local / duration)
                    add(at + local, .move(Point(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p)))
                }
                add(at + duration + hold, .up(to))
            case .touches(let samples, let lift, _):
                guard let first = samples.first, let last = samples.last else { continue }
                add(at + first.t, .down(first.point))
                for sample in samples.dropFirst() { add(at + sample.t, .move(sample.point)) }
                // A lift reported after the last sample lifts there: no sample, so the velocity tracker's rule
                // (docs/physics.md, "Velocity tracker") sees the moving samples and the time since the last.
                add(at + max(last.t, lift ?? last.t), .up(last.point))
            case .tap(let point):
                add(at, .down(point))
                add(at + Gesture.tapDuration, .up(point))
            case .resize(let size, let duration, let curve):
                add(at, .resize(size, duration: duration, curve: curve))
            }
        }
        return events.sorted { ($0.0.time, $0.1) < ($1.0.time, $1.1) }.map(\.0)
    }
}
