import FlickCore
import FlickPhysics
import Foundation

extension Run {
    // MARK: Motion between events

    /// Between two frames with no input event in between, a part not under a finger moves no further than its
    /// velocity explains; if it does, bisection finds whether the motion really jumps.
    mutating func checkContinuity(from a: FrameState, _ aParts: [String: MovingPart], through mid: [String: MovingPart],
                                  to b: FrameState, _ bParts: [String: MovingPart]) {
        guard a.viewport == b.viewport else { return }
        let dt = b.time - a.time
        for path in bParts.keys.sorted() {
            guard let p0 = aParts[path], let p1 = bParts[path], !p0.tracking, !p1.tracking else { continue }
            count(.continuity)
            let speed = max(abs(p0.velocity), abs(p1.velocity), abs(mid[path]?.velocity ?? 0))
            // 25 % over the fastest of three samples covers any smooth motion's peak between them; the rest
            // threshold covers the final snap of a motion that ends within it.
            let bound = 1.25 * speed * dt + restThreshold + InvariantChecker.positionTolerance
            guard abs(p1.position - p0.position) > bound else { continue }
            if let jump = locateJump(path: path, from: a.time, to: b.time) {
                report(.continuity, at: jump.time, path,
                       "jumped \(Self.number(abs(jump.size))) pt at \(Self.number(jump.time)) s with no input event "
                       + "(between frames at \(Self.number(a.time)) s and \(Self.number(b.time)) s it moved "
                       + "\(Self.number(abs(p1.position - p0.position))) pt; its velocity explains \(Self.number(bound)))")
            }
        }
    }

    /// Bisects (a, b] down to 0.1 µs: a jump keeps its size however short the interval, a motion does not.
    mutating func locateJump(path: String, from a: Double, to b: Double) -> (time: Double, size: Double)? {
        let simulation = scratch ?? source(scenario)
        scratch = simulation
        func position(_ t: Double) -> Double? {
            facts.parts(of: simulation.state(at: t)).first { $0.path == path }?.position
        }
        var lo = a, hi = b
        guard var xl = position(lo), var xh = position(hi) else { return nil }
        while hi - lo > 1e-7 {
            let m = (lo + hi) / 2
            guard let xm = position(m) else { return nil }
            if abs(xm - xl) >= abs(xh - xm) { hi = m; xh = xm } else { lo = m; xl = xm }
        }
        let size = xh - xl
        return abs(size) > restThreshold + InvariantChecker.positionTolerance ? (hi, size) : nil
    }
}
