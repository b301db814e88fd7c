import FlickCore
import FlickPhysics
import Foundation

extension Run {
    // MARK: Hand-offs: the finger and the parts it moves

    /// Σ raw displacement of the caught parts on each axis equals the finger's displacement (or is 0: the
    /// drag has not locked to that axis, or nothing on it could move).
    ///
    /// At the lift itself a part may also snap to its rest, when the motion it starts with is already within half
    /// a pixel of it (a motion ends as soon as it is that close, as every motion does).
    mutating func checkFollowsFinger(session i: Int, memory: SessionMemory, parts: [String: MovingPart],
                                     finger: Point?, at t: Double, atLift: Bool = false) {
        let s = sessions[i]
        // Rules that stop or resist the parts at an edge lose part of the drag there, however far back, and a part
        // caught beyond the rubber band's reach has no raw position: those are checked one touch sample at a time
        // (`checkFingerStep`).
        guard facts.tracksFingerExactly, !memory.heldBeyondReach else { return }
        guard let finger, !resizing(from: s.down, through: t), !memory.caught.isEmpty else { return }
        for axis in Axis.allCases {
            let caught = memory.caught.sorted().filter { memory.downParts[$0]?.axis == axis }
            guard !caught.isEmpty else { continue }
            var moved = 0.0
            var terms: [String] = []
            for path in caught {
                guard let now = parts[path], let then = memory.downParts[path] else { continue }
                // A refresh control that begins or ends holding its space at the lift changes the list's range then;
                // what the finger moved is read against the range the drag had.
                let raw = atLift ? facts.raw(of: now, holding: then.heldInset) : now.raw
                let d = raw - then.raw
                moved += d
                if abs(d) > 1e-9 { terms.append("\(path) \(Self.signed(d))") }
            }
            count(.followsFinger)
            let fingerMoved = -(finger[axis] - s.downPoint[axis])
            let tolerance = InvariantChecker.positionTolerance + (atLift ? restThreshold * Double(caught.count) : 0)
            if abs(moved) <= tolerance || abs(moved - fingerMoved) <= tolerance { continue }
            report(.followsFinger, at: t, caught.joined(separator: " + "),
                   "the parts under the finger moved \(Self.number(moved)) pt together (rubber band undone: "
                   + "\(terms.isEmpty ? "none" : terms.joined(separator: ", "))) while the finger moved "
                   + "\(Self.number(fingerMoved)) pt since it went down at \(Self.number(s.down)) s "
                   + "(off by \(Self.number(abs(moved - fingerMoved))) pt; allowed \(Self.number(tolerance)))")
        }
    }

    /// For rules that stop the parts at an edge (clamping: Flutter's `ClampingScrollPhysics`, Android) or resist them
    /// past it (Flutter's `BouncingScrollPhysics`): what the finger moves at an edge is lost for good, so the parts
    /// follow it exactly only from one touch sample to the next. Between two samples the caught parts together move
    /// exactly as the finger did, or (nothing moved aside, as before a drag locks its axis) less than it in the same
    /// direction when one of them is at or past an edge at either sample: clamped there, or resisted
    /// (docs/physics.md, "Flutter on Android"). At the sample that locks the axis (the finger first 10 pt from where
    /// it went down), the parts take the whole way since the touch-down instead. A session that caught a part beyond
    /// the rubber band's reach is checked the same way, on shown positions (docs/physics.md, "Tracking and the
    /// rubber band").
    mutating func checkFingerStep(session i: Int, memory: inout SessionMemory, parts: [String: MovingPart],
                                  finger: Point, at t: Double) {
        let s = sessions[i]
        guard let last = memory.step else { return }
        memory.step = (t, finger, parts)
        let before = memory.travelled
        memory.travelled = max(before, hypot(finger.x - s.downPoint.x, finger.y - s.downPoint.y))
        let locks = before < InputEvent.axisLockDistance && memory.travelled >= InputEvent.axisLockDistance
        guard !resizing(from: last.time, through: t), !memory.caught.isEmpty else { return }
        for axis in Axis.allCases {
            let caught = memory.caught.sorted().filter { memory.downParts[$0]?.axis == axis }
            guard !caught.isEmpty else { continue }
            var moved = 0.0
            var terms: [String] = []
            var atEdge = false
            for path in caught {
                guard let now = parts[path], let then = last.parts[path] else { continue }
                // Caught beyond the rubber band's reach, the finger first takes back the excess 1:1, then the band
                // resists: on shown positions, a move the same as the finger's or less of it past the edge.
                let d = memory.heldBeyondReach ? now.position - then.position : now.raw - then.raw
                moved += d
                if abs(d) > 1e-9 { terms.append("\(path) \(Self.signed(d))") }
                atEdge = atEdge || now.atEdge || then.atEdge
            }
            count(.followsFinger)
            let tolerance = InvariantChecker.positionTolerance
            if abs(moved) <= tolerance { continue }
            let step = -(finger[axis] - last.finger[axis])
            let sinceDown = -(finger[axis] - s.downPoint[axis])
            let allowed = locks ? [step, sinceDown] : [step]
            if allowed.contains(where: { f in
                abs(moved - f) <= tolerance || (atEdge && moved * f > 0 && abs(moved) <= abs(f) + tolerance)
            }) { continue }
            report(.followsFinger, at: t, caught.joined(separator: " + "),
                   "the parts under the finger moved \(Self.number(moved)) pt together (\(terms.joined(separator: ", "))) "
                   + "while the finger moved \(Self.number(step)) pt since its previous sample at "
                   + "\(Self.number(last.time)) s (off by \(Self.number(abs(moved - step))) pt; allowed \(Self.number(tolerance))"
                   + (atEdge ? ", or less in the finger's direction at an edge)" : "; none was at an edge)"))
        }
    }

    /// The finger's velocity as the caught parts carry it: Σ velocity ÷ rubber-band slope per axis.
    func fingerVelocity(_ parts: [String: MovingPart], caught: Set<String>) -> [Axis: Double] {
        var v: [Axis: Double] = [.horizontal: 0, .vertical: 0]
        for path in caught {
            guard let p = parts[path] else { continue }
            v[p.axis, default: 0] += p.tracking ? p.velocity / p.slope : p.velocity
        }
        return v
    }

    /// The velocity the caught parts had under the finger just before the lift equals the one their motion starts
    /// with. Under the finger a part moves at the finger's velocity times the rubber band's slope; the motion
    /// after the lift starts from the release velocity itself, so both sides are compared as the finger's velocity.
    ///
    /// Two UIKit motions change the velocity at the lift by design, and are compared by what they were given:
    /// released past an edge, UIKit's bounce moves at `u₀ − k·x₀` (the release velocity less the overshoot's pull,
    /// docs/physics.md "Bounce"), so `k·x₀` is added back; UIKit's paging loop damps and pulls the velocity in its
    /// first millisecond, so a paging part is not compared (its motion passes through the loop's positions instead).
    ///
    /// The last touch sample often comes at the very instant of the lift, so "just before" is read from a copy of
    /// the run whose lifts come 0.1 µs late: there the finger is still down after that sample, and the velocity it
    /// gives is the one the tracker measured from every sample, as the release does.
    mutating func checkRelease(session i: Int, memory: SessionMemory, after: [String: MovingPart]) {
        let s = sessions[i]
        // A preset with a fling gate or sheet snapping starts some motions at another velocity by design.
        // Caught beyond the rubber band's reach, the slope under the finger is not a function of the shown position.
        guard facts.rules.releasesWithFingerVelocity, !resizing(from: s.down, through: s.up), !memory.caught.isEmpty,
              !memory.heldBeyondReach,
              let late = lateLifts, lateLiftSessions.contains(i) else { return }
        let held = Dictionary(facts.parts(of: late.state(at: s.up)).map { ($0.path, $0) }) { a, _ in a }
        let before = fingerVelocity(held, caught: memory.caught)
        var afterV: [Axis: Double] = [.horizontal: 0, .vertical: 0]
        var paged: Set<Axis> = []
        for path in memory.caught {
            guard let p = after[path] else { continue }
            afterV[p.axis, default: 0] += p.velocity + bouncePull(p)
            if p.pages, case .uikit = facts.rules.paging.settle { paged.insert(p.axis) }
        }
        for axis in Axis.allCases where !paged.contains(axis) {
            let caught = memory.caught.sorted().filter { memory.downParts[$0]?.axis == axis }
            guard !caught.isEmpty else { continue }
            count(.releaseVelocity)
            let allowed = InvariantChecker.velocityTolerance
            let v0 = before[axis] ?? 0, v1 = afterV[axis] ?? 0
            guard abs(v1 - v0) > allowed else { continue }
            let paths = caught.compactMap { held[$0]?.velocityPath }
            report(.releaseVelocity, at: s.up, paths.joined(separator: " + "),
                   "moved at \(Self.number(v0)) pt/s under the finger (rubber band undone) just before it lifted, and "
                   + "the motion after the lift started at \(Self.number(v1)) pt/s (off by \(Self.number(abs(v1 - v0))) pt/s; "
                   + "allowed \(Self.number(allowed)))")
        }
    }

    /// `k·x₀`: what UIKit's bounce takes from the release velocity of a scroll view past an edge at the lift.
    func bouncePull(_ part: MovingPart) -> Double {
        guard case .uikit = facts.rules.list.momentum, let limits = part.scrollLimits, !part.pages else { return 0 }
        let past = part.position < limits.lowerBound ? part.position - limits.lowerBound
            : part.position > limits.upperBound ? part.position - limits.upperBound : 0
        return facts.rules.list.bounce.rate * past
    }

    /// Nothing moves when a finger comes down: every part it catches is caught where it was, and every other part goes
    /// on exactly as it would have without that finger.
    ///
    /// A part the finger does not catch (it lands beside a settling sheet, on the map above it) keeps its motion, and
    /// a motion shown in steps takes a step at the very instant a display frame is due: FloatingPanel's attraction at
    /// 120 Hz, due on the touch-down's instant, moves the sheet 0.6 pt between the state just before and the one at
    /// the touch-down. Such a part is compared with the run that never had that touch-down, at the same instant.
    mutating func checkGrab(session i: Int, before: [String: MovingPart], after: [String: MovingPart]) {
        let t = sessions[i].down
        guard !resizing(from: t - InvariantChecker.instantBefore, through: t) else { return }
        var withoutFinger: [String: MovingPart]?
        for path in after.keys.sorted() {
            guard let a = after[path], let b = before[path] else { continue }
            count(.grab)
            let allowed = InvariantChecker.positionTolerance + 2 * abs(b.velocity) * InvariantChecker.instantBefore
            let jump = a.position - b.position
            guard abs(jump) > allowed else { continue }
            var untouched: MovingPart?
            if !a.tracking {
                let parts = withoutFinger
                    ?? Dictionary(facts.parts(of: stateWithoutFinger(session: i)).map { ($0.path, $0) }) { p, _ in p }
                withoutFinger = parts
                untouched = parts[path]
                if let untouched, abs(a.position - untouched.position) <= InvariantChecker.positionTolerance { continue }
            }
            report(.grab, at: t, path, "jumped \(Self.number(abs(jump))) pt when the finger came down, from "
                   + "\(Self.number(Self.shown(path, b.position))) to \(Self.number(Self.shown(path, a.position))) "
                   + "(allowed \(Self.number(allowed))"
                   + (untouched.map { ", or \(Self.number(Self.shown(path, $0.position))) where it is without the finger" } ?? "")
                   + ")")
        }
    }
}
