import Foundation
import FlickPhysics

// A scroll view's decisions, put into words (`flick states --explain`, docs/states.md "Explanations"): a list's
// release and the snap that follows it, a paging release, a tab tap.

extension ScrollView {
    private var name: String { "\(noun) `\(key)`" }

    private func settleWords(_ end: Double, decidedAt time: Double) -> String {
        log?.settleWords(end, decidedAt: time, component: key) ?? ""
    }

    private func pageName(_ page: Int) -> String {
        pageNames.indices.contains(page) ? "page \(page) (“\(pageNames[page])”)" : "page \(page)"
    }

    private var motionRule: String {
        switch rule.momentum {
        case .uikit: "uikit.deceleration"
        case .flutterBouncing: "flutter.bouncing"
        case .flutterClamping: "flutter.clamping"
        case .androidSpline: "android.spline"
        }
    }

    private var lawWords: String {
        switch rule.momentum {
        case .uikit(let rate): "UIKit deceleration, rate \(Say.number(rate.rawValue, digits: 4))"
        case .flutterBouncing: "Flutter's friction, drag 0.135"
        case .flutterClamping(let friction): "Flutter's ClampingScrollSimulation, friction \(Say.number(friction, digits: 4))"
        case .androidSpline(let friction): "Android's OverScroller spline, friction \(Say.number(Double(friction), digits: 4)), at \(Say.number(physics.display.scale))x"
        }
    }

    /// Where the momentum law would have taken the content without edges (read from the motion's first law).
    private func projection(of motion: AxisMotion) -> Double? {
        guard let first = motion.segments.first, first.phase == .momentum else { return nil }
        switch first.law {
        case .deceleration(let d): return d.destination
        case .friction(let f): return f.finalX
        case .clamping(let c): return c.finalX
        case .spline(let s): return s.finalPosition
        case .spring, .edgeBounce, .flutterSpring, .stepped, .snapping, .timed: return nil
        }
    }

    /// How a release past an edge comes back: UIKit's bounce decays at once, Flutter's spring eases out.
    private func returnWords(_ law: AxisMotion.Law) -> String {
        guard case .edgeBounce(let bounce) = law else { return "springs back to it" }
        return "comes back to it, the overshoot drawn back at \(Say.number(bounce.rate))/s from the lift"
    }

    /// What the fling gate made of the finger's velocity, and what carried momentum added (`carried`, pt/s).
    private func gateWords(_ velocity: Double, _ finger: Double, carried: Double) -> String {
        var words = ""
        let gated = velocity - carried
        if gated != finger, let gate = rule.gate ?? paging?.rule.gate {
            words += "; the fling gate (faster than \(Say.number(gate.minVelocity)) pt/s over more than "
                + "\(Say.number(gate.minDistance)) pt, at most \(Say.number(gate.maxVelocity)) pt/s) made "
                + "\(Say.number(abs(finger))) pt/s into \(Say.number(abs(gated))) pt/s"
        }
        if carried != 0 {
            words += "; Flutter's carried momentum added \(Say.number(abs(carried))) pt/s from the fling it caught"
        }
        return words
    }

    /// A list's release: the rule's decision for `motion`, then the snap that follows its rest, if any (a
    /// large-title bar's), which ends the motion: the entry's destination and settle are then the snap's.
    func explainRelease(at x: Double, velocity: Double, fingerVelocity: Double, carried: Double = 0, motion: AxisMotion?,
                        snap: (RestSnap, AxisMotion)? = nil, time t: Double) -> Explanation {
        var e = Explanation(time: t, event: .release, component: key, rule: motionRule, position: x, velocity: velocity,
                            reason: "", text: "")
        if velocity != fingerVelocity { e.fingerVelocity = fingerVelocity }
        let head = "\(Say.time(t)), \(name) released at offset \(Say.pt(x)) \(Say.contentMotion(velocity, axis: scrollAxis))"
            + gateWords(velocity, fingerVelocity, carried: carried)
        if let motion {
            e.destination = motion.finalPosition
            e.settles = motion.endTime
            e.projected = projection(of: motion)
            let edgeName = { (edge: Double) in edge == self.limits.lowerBound ? "the start" : "the end" }
            let bounces = motion.segments.contains { $0.phase == .bounce }
            if motion.segments.first?.phase == .bounce {
                e.chosen = "edge"
                e.reason = "released \(Say.pt(abs(x - motion.finalPosition))) past \(edgeName(motion.finalPosition)) "
                    + "(\(Say.pt(motion.finalPosition))): " + returnWords(motion.segments[0].law)
            } else if let projected = e.projected {
                let past = projected < limits.lowerBound || projected > limits.upperBound
                e.chosen = past ? "edge" : "rest"
                e.reason = "\(lawWords) projects it to \(Say.pt(projected))"
                if past {
                    e.reason += bounces
                        ? ", past \(edgeName(motion.finalPosition)) (\(Say.pt(motion.finalPosition))): it meets the edge and bounces back"
                        : ", past \(edgeName(motion.finalPosition)) (\(Say.pt(motion.finalPosition))): it stops at the edge, no bounce"
                } else {
                    e.reason += "; it rests at \(Say.pt(motion.finalPosition))"
                }
            } else {
                e.chosen = "rest"
                e.reason = "moves to \(Say.pt(motion.finalPosition))"
            }
        } else {
            e.chosen = "rest"
            e.destination = x
            e.reason = "nothing to animate: it stays at \(Say.pt(x))"
        }
        if let (snap, snapMotion) = snap {
            e.reason += "; then \(snap.words): offset \(Say.pt(snap.target)) over \(Say.number(snap.duration, digits: 2)) s "
                + "(Flutter's fastEaseInToSlowEaseOut)"
            e.destination = snap.target
            e.settles = snapMotion.endTime
        }
        e.text = "\(head); \(e.reason)" + (e.settles.map { "; " + settleWords($0, decidedAt: t) } ?? "")
        return e
    }

    func explainPageRelease(_ decision: (page: Int, rule: String, projected: Double?, reason: String), at x: Double,
                            velocity: Double, fingerVelocity: Double, carried: Double = 0, motion: AxisMotion,
                            time t: Double) -> Explanation {
        var e = Explanation(time: t, event: .release, component: key, rule: decision.rule, position: x,
                            velocity: velocity, projected: decision.projected, chosen: pageName(decision.page),
                            destination: motion.finalPosition, settles: motion.endTime, reason: decision.reason,
                            text: "")
        if velocity != fingerVelocity { e.fingerVelocity = fingerVelocity }
        let length = pageLength
        if length > 0 {
            let low = max(0, Int((x / length).rounded(.down)))
            e.candidates = Set([low, low + 1, dragStartPage]).sorted()
                .filter { pageNames.isEmpty || pageNames.indices.contains($0) }
                .map { Explanation.Candidate(name: pageName($0), position: Double($0) * length) }
        }
        e.text = "\(Say.time(t)), \(name) released at page \(Say.number(length > 0 ? x / length : 0, digits: 2)) "
            + "(offset \(Say.pt(x))) \(Say.contentMotion(velocity, axis: scrollAxis))"
            + gateWords(velocity, fingerVelocity, carried: carried)
            + "; \(decision.reason): \(pageName(decision.page)); \(settleWords(motion.endTime, decidedAt: t))"
        return e
    }

    func explainTabTap(page: Int, from x: Double, motion: AxisMotion, at t: Double) -> Explanation {
        let from = pageLength > 0 ? x / pageLength : 0
        var e = Explanation(time: t, event: .tap, component: key, rule: "tab", position: x,
                            velocity: velocity(at: t), chosen: pageName(page), destination: motion.finalPosition,
                            settles: motion.endTime, reason: "", text: "")
        e.reason = "the tab tapped: the pager scrolls from page \(Say.number(from, digits: 2)) to \(pageName(page)), "
            + "and the indicator follows the scroll"
        e.text = "\(Say.time(t)), tap on the tab of \(pageName(page)) of \(name): \(e.reason); \(settleWords(motion.endTime, decidedAt: t))"
        return e
    }
}
