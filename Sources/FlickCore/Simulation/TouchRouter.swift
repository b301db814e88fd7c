import Foundation
import FlickPhysics

/// Turns finger events into nested-scroll deltas: hit-tests at touch-down, locks the axis, feeds the velocity
/// trackers, and hands the release velocity to the component that moved last.
final class TouchRouter {
    /// The dominant axis over this much movement (pt) decides horizontal or vertical for the whole drag, when
    /// both are possible under the finger.
    static let axisLockDistance = InputEvent.axisLockDistance
    /// A touch that moves less than this (pt) before lifting is a tap.
    static let tapSlop = 10.0

    private struct Session {
        var start: Point
        var last: Point
        var chains: [Axis: [NestedScrollParticipant]]
        var caught: [NestedScrollParticipant]
        var locked: Axis?
        var dispatcher: NestedScrollDispatcher?
        var trackerX = VelocityTracker()
        var trackerY = VelocityTracker()
        var travelled = 0.0
        var downTime: Double
        /// The viewport at touch-down, to say a finger that went down outside it.
        var viewport: Rect
    }

    private var session: Session?
    /// Where drags handed between components are explained, when asked for.
    var log: ExplanationLog?
    /// Where the finger is, and when it went down or lifted (for `touch` in frame states).
    private(set) var position: Point?
    private(set) var downTime: Double?
    private(set) var upTime: Double?

    func down(_ p: Point, at t: Double, root: ComponentNode, viewport: Size) {
        if session != nil { up(p, at: t, root: root) }
        var chains: [Axis: [NestedScrollParticipant]] = [:]
        for axis in Axis.allCases {
            var chain: [NestedScrollParticipant] = []
            root.participants(at: p, axis: axis, into: &chain)
            if !chain.isEmpty { chains[axis] = chain }
        }
        // Everything under the finger stops where it is (UIKit catches a moving scroll view on touch-down).
        var caught: [NestedScrollParticipant] = []
        for axis in Axis.allCases {
            for participant in chains[axis] ?? [] where !caught.contains(where: { $0 === participant }) {
                caught.append(participant)
            }
        }
        for participant in caught { participant.beginTracking(at: t) }
        var s = Session(start: p, last: p, chains: chains, caught: caught, downTime: t, viewport: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height))
        // With only one axis possible there is nothing to decide: follow the finger from the first point.
        if chains.count == 1, let axis = chains.keys.first { lock(&s, axis) }
        s.trackerX.add(time: t, position: p.x)
        s.trackerY.add(time: t, position: p.y)
        session = s
        position = p
        downTime = t
        upTime = nil
    }

    private func lock(_ s: inout Session, _ axis: Axis) {
        s.locked = axis
        s.dispatcher = NestedScrollDispatcher(chain: s.chains[axis] ?? [])
        s.dispatcher?.recordsPasses = log != nil
    }

    func move(_ p: Point, at t: Double) {
        guard var s = session else { return }
        s.trackerX.add(time: t, position: p.x)
        s.trackerY.add(time: t, position: p.y)
        s.travelled = max(s.travelled, hypot(p.x - s.start.x, p.y - s.start.y))
        if s.locked == nil, s.travelled >= Self.axisLockDistance {
            let dx = abs(p.x - s.start.x), dy = abs(p.y - s.start.y)
            lock(&s, dx > dy ? .horizontal : .vertical)
        }
        if let axis = s.locked {
            // Before the lock nothing moved, so the first delta after it is the whole translation: no slop is lost.
            let delta = -(p[axis] - s.last[axis])
            s.dispatcher?.dispatch(delta, at: t)
            s.last = p
        }
        session = s
        position = p
        updateTrackingVelocities(at: t)
    }

    func up(_ p: Point, at t: Double, root: ComponentNode) {
        guard let s = session else { return }
        session = nil
        position = p
        upTime = t
        let isTap = s.travelled < Self.tapSlop && (s.dispatcher?.lastMover == nil)
        var velocity = 0.0
        var dragDistance = 0.0
        if let axis = s.locked {
            let finger = axis == .horizontal ? s.trackerX.velocity(releaseTime: t) : s.trackerY.velocity(releaseTime: t)
            velocity = -finger
            dragDistance = abs(p[axis] - s.start[axis])
        }
        let mover = s.dispatcher?.lastMover
        if let log {
            let notes = (s.locked == .vertical || s.locked == nil ? log.notes : [])
                + log.recordingNotes.filter { abs($0.down - s.downTime) < 1e-9 }.map(\.text)
            let still = s.travelled >= Self.tapSlop ? (s.locked.flatMap { s.chains[$0] } ?? []) : []
            let fitting = !still.isEmpty && still.allSatisfy { ($0 as? ScrollView)?.canScroll == false }
            let passes = s.dispatcher?.passes ?? []
            if s.travelled >= Self.tapSlop, passes.isEmpty, s.chains.isEmpty {
                // A drag that moved nothing because nothing under it scrolls (or it went down off the screen).
                log.record(DragExplanation.missed(at: s.start, viewport: s.viewport, notes: notes, down: s.downTime, up: t))
            } else if let drag = DragExplanation.make(passes: passes, notes: notes, unmoved: still.map(\.key),
                                                      unmovedFit: fitting, down: s.downTime, up: t) {
                log.record(drag)
            }
            log.notes = []
        }
        for participant in s.caught {
            participant.endTracking(velocity: participant === mover ? velocity : 0, dragDistance: dragDistance, at: t)
        }
        if isTap { _ = root.tap(at: p, time: t) }
    }

    /// The content's velocity while following the finger: the finger's (through the rubber band's slope) for the
    /// component that moved last, 0 for the others.
    private func updateTrackingVelocities(at t: Double) {
        guard let s = session else { return }
        var finger = 0.0
        if let axis = s.locked { finger = axis == .horizontal ? s.trackerX.velocity() : s.trackerY.velocity() }
        for participant in s.caught {
            participant.updateTrackingVelocity(participant === s.dispatcher?.lastMover ? -finger : 0, at: t)
        }
    }

    /// The `touch` of a frame at `t` whose previous frame was at `previous`.
    func touchState(at t: Double, previousFrame previous: Double?) -> TouchState? {
        guard let p = position else { return nil }
        if session != nil {
            let began = downTime.map { d in previous.map { d > $0 + 1e-9 } ?? true } ?? false
            return TouchState(x: p.x, y: p.y, phase: began ? .began : .moved)
        }
        if let up = upTime, previous.map({ up > $0 + 1e-9 }) ?? true {
            return TouchState(x: p.x, y: p.y, phase: .ended)
        }
        return nil
    }
}
