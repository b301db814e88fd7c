import Foundation
import FlickPhysics

// The components' decisions, put into words (`flick states --explain`). Each function is handed the decision a
// component acts on and only describes it.

extension ComponentNode {
    /// Hands `log` to every component (`attach`) and scroll view in this subtree.
    func attachExplanations(_ log: ExplanationLog) {
        attach(log)
        ownScrollView?.log = log
        for child in directChildren { child.attachExplanations(log) }
    }
}

extension SheetNode {
    func attach(_ log: ExplanationLog) {
        self.log = log
        sheet.log = log
        sheet.key = key
        guard spec.dismissible else { return }
        let tracked = trackedScrollView?.key
        let why: String
        if spec.tracks != nil {
            why = "its `tracks:` names it"
        } else if content.ownScrollView != nil {
            why = "its content is a scroll view (DeckTransition's rule)"
        } else if let view = trackedScrollView {
            why = "the first scroll view among its content's top-level children, whatever its axis (DeckTransition's rule)"
                + (view.scrollAxis == .vertical ? "" : "; it scrolls horizontally, so no vertical pull dismisses the card")
        } else {
            why = "its content holds no scroll view: a drag anywhere on it moves the card"
        }
        sheet.tracking = Explanation.Tracking(view: tracked, why: why)
    }

    /// Said when a vertical drag starts on a scroll view inside a card that the card does not track.
    func noteUntracked(_ target: NestedScrollParticipant) {
        guard let log, spec.dismissible, let view = target as? ScrollView else { return }
        let tracked = trackedScrollView.map { "it tracks `\($0.key)`" } ?? "it tracks no scroll view"
        log.notes.append("the drag is on `\(view.key)`, which card `\(key)` does not track (\(tracked)): the card stays put")
    }
}

// MARK: - Scroll views

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

// MARK: - Sheets

extension Sheet {
    private var noun: String { spec.dismissible ? "card `\(key)`" : "sheet `\(key)`" }

    private func detentName(_ index: Int) -> String { detents[index].name }

    func explain(_ decision: SheetRule.Decision, release r: SheetRule.Release, fingerVelocity: Double) -> Explanation {
        let ruleName: String
        var words: String
        switch decision.reason {
        case .nearestToProjection(let rate, let minimumSpeed):
            ruleName = "uikit.sheet"
            words = minimumSpeed.map { "slower than \(Say.number($0)) pt/s, so projected to where it is, \(Say.pt(decision.projected ?? r.top))" }
                ?? "projected to \(Say.pt(decision.projected ?? r.top)) (UIKit's sheet projection, rate \(Say.number(rate, digits: 4)))"
        case .redirect(let from, let to, let progress, let redirect, let rate):
            ruleName = "floatingpanel.targetState"
            words = from == to
                ? "projected to \(Say.pt(decision.projected ?? r.top)) (FloatingPanel projection, rate "
                    + "\(Say.number(rate, digits: 4))); no other detent lies that way, so \(detentName(from))"
                : "projected to \(Say.pt(decision.projected ?? r.top)) (FloatingPanel projection, rate "
                + "\(Say.number(rate, digits: 4)), at most one detent past the segment it is in); from "
                + "\(detentName(from)) to \(detentName(to)) it covered \(Say.number(progress * 100))% of the way, "
                + (progress > redirect ? "more than" : "not more than")
                + " the redirect point \(Say.number(redirect * 100))%"
        case .nearestSize(let tolerance):
            ruleName = "flutter.snapping"
            words = "not faster than \(Say.number(tolerance)) pt/s (Flutter's tolerance), so the nearest detent"
        case .nextSizeInDirection(let speed):
            ruleName = "flutter.snapping"
            words = "a fling, so the next detent \(r.velocity > 0 ? "down" : "up") (Flutter's DraggableScrollableSheet), "
                + "in a straight line at \(Say.number(speed)) pt/s"
        case .atSnapSize:
            ruleName = "flutter.snapping"
            words = "already at a detent and still: it stays (Flutter does not snap)"
        case .removed, .stayed:
            ruleName = removalRuleName
            words = ""
        }
        var e = Explanation(time: r.time, event: .release, component: key, rule: ruleName, position: r.top,
                            velocity: r.velocity, projected: decision.projected,
                            candidates: decision.candidates.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }.map {
                                Explanation.Candidate(name: detentName($0), position: r.detentTops[$0])
                            },
                            destination: decision.destination, settles: decision.motion?.endTime,
                            reason: "", tracks: tracking, text: "")
        if r.velocity != -fingerVelocity { e.fingerVelocity = -fingerVelocity }
        let removalWords = decision.removal.map(removalWords) ?? ""
        switch decision.outcome {
        case .dismiss:
            e.chosen = "dismiss"
            e.rule = removalRuleName
            e.reason = removalWords + ": it leaves"
        case .detent(let index):
            e.chosen = detentName(index)
            let listed = e.candidates.map { "\($0.name) \(Say.number($0.position))" }.joined(separator: ", ")
            var choice = "chose \(detentName(index))"
            switch decision.reason {
            case .nearestToProjection: choice += ", the nearest to the projection"
            case .redirect(let from, let to, _, _, _) where from != to:
                choice += index == to ? ", the detent it was heading to" : ", back to where it came from"
            default: break
            }
            e.reason = (removalWords.isEmpty ? "" : removalWords + ": it stays; ") + words
                + (listed.isEmpty ? "" : "; detents: \(listed)") + ruledOut(decision, release: r) + "; \(choice)"
        }
        let settle = decision.motion.map { "; " + (log?.settleWords($0.endTime, decidedAt: r.time) ?? "") } ?? ""
        let trackingWords = tracking.map { t in
            "; the card tracks " + (t.view.map { "`\($0)`" } ?? "no scroll view") + ": \(t.why)"
        } ?? ""
        e.text = "\(Say.time(r.time)), \(noun) released at top \(Say.pt(r.top)) \(Say.sheetMotion(r.velocity)); "
            + e.reason + settle + trackingWords
        return e
    }

    /// "the detent it was at (full) when the finger lifted", or "the segment it was in (between half and full) …".
    private func liftSegment(_ r: SheetRule.Release) -> String {
        let tops = r.detentTops
        let order = SheetRule.lowestFirst(tops)
        let segment = SheetRule.segment(containing: r.top, order: order, tops: tops)
        guard !order.isEmpty else { return "where it was" }
        if segment.count == 1 {
            let index = order[segment.lowerBound]
            return "\(detentName(index)), " + (tops[index] == r.top ? "where it was when the finger lifted"
                                                : "the end detent it was past when the finger lifted")
        }
        return "the segment it was in when the finger lifted (between \(detentName(order[segment.lowerBound])) and "
            + "\(detentName(order[segment.upperBound])))"
    }

    /// "; ruled out: large 100 (…)": every detent the rule did not choose among, and the rule that left it out.
    private func ruledOut(_ decision: SheetRule.Decision, release r: SheetRule.Release) -> String {
        let out = detents.indices.filter { !decision.candidates.contains($0) }
        guard !out.isEmpty, !decision.candidates.isEmpty else { return "" }
        let names = out.map { "\(detentName($0)) \(Say.number(r.detentTops[$0]))" }.joined(separator: ", ")
        let why: String
        switch decision.reason {
        case .nearestToProjection:
            why = "more than one detent beyond " + liftSegment(r)
                + ": a release moves at most one detent past it unless `projectsAcrossDetents: true`"
        case .redirect(let from, let to, _, _, _):
            why = from == to ? "not on its way from \(detentName(from))"
                : "outside the segment from \(detentName(from)) to \(detentName(to)) it was in; FloatingPanel chooses between its ends"
        case .nearestSize, .nextSizeInDirection:
            why = "not next to where it snaps from (Flutter snaps to a neighbouring size)"
        case .atSnapSize:
            why = "it is already at a detent"
        case .removed, .stayed:
            why = "the removal rule decided"
        }
        return "; ruled out: \(names) (\(why))"
    }

    private var removalRuleName: String {
        switch rule.removal {
        case .uikit: "uikit.card"
        case .floatingPanel: "floatingpanel.removal"
        case .materialBottomSheet: "material.bottomSheet"
        }
    }

    private func removalWords(_ c: SheetRule.RemovalCheck) -> String {
        switch c.rule {
        case .distanceOrVelocity:
            let distance = c.distance > 0 ? "\(Say.pt(c.distance)) below its lowest detent" : "not below its lowest detent"
            return "\(distance) (dismisses past \(Say.pt(c.distanceThreshold ?? 0))), \(Say.sheetMotion(c.velocity)) "
                + "(dismisses faster than \(Say.number(c.velocityThreshold ?? 0)) pt/s down)"
        case .velocityOverDistance:
            return "velocity ÷ distance to hidden = \(Say.number(c.velocity)) ÷ \(Say.number(c.distance)) = "
                + "\(Say.number(c.ratio ?? 0, digits: 2)) /s, \(c.removes ? "at least" : "under") the removal threshold "
                + "\(Say.number(c.ratioThreshold ?? 0, digits: 2)) /s (FloatingPanel)"
        case .flingOrHalf:
            return "\(Say.number(c.distance * 100))% of its lowest detent showing (closes under "
                + "\(Say.number((c.distanceThreshold ?? 0) * 100))%), \(Say.sheetMotion(c.velocity)) (closes faster than "
                + "\(Say.number(c.velocityThreshold ?? 0)) pt/s down; Material BottomSheet)"
        }
    }
}

// MARK: - Drags handed between components

extension NestedScrollPass {
    var name: String {
        switch self {
        case .preScroll: "preScroll"
        case .scroll: "scroll"
        case .postScroll: "postScroll"
        case .overscroll: "overscroll"
        }
    }

    /// The pass in words, after the component's name.
    var words: String {
        switch self {
        case .preScroll: "before the view under the finger"
        case .scroll: "within its content"
        case .postScroll: "what the view under the finger could not use"
        case .overscroll: "past its edge"
        }
    }
}

enum DragExplanation {
    /// The drag's entry: who took it in which pass, and the notes said at touch-down; nil when one component took
    /// all of it and there is nothing to note.
    /// - Parameter unmoved: the views under a finger that dragged (past the tap slop) without moving any of them.
    /// - Parameter unmovedFit: whether those are all scroll views whose content fits their frame (they do not scroll).
    static func make(passes: [Explanation.Pass], notes: [String], unmoved: [String], unmovedFit: Bool,
                     down: Double, up: Double) -> Explanation? {
        let movers = Set(passes.map(\.component))
        guard movers.count > 1 || !notes.isEmpty || (passes.isEmpty && !unmoved.isEmpty) else { return nil }
        let runs = passes.map { p in
            "`\(p.component)` took \(Say.pt(abs(p.distance))) \(p.distance > 0 ? "forward" : "back") "
                + "(\(p.pass): \(NestedScrollPass(name: p.pass)?.words ?? p.pass), \(Say.number(p.from, digits: 2))–\(Say.number(p.to, digits: 2)) s)"
        }
        let one = unmoved.count == 1
        let why = unmovedFit
            ? " stayed where \(one ? "it was: its content fits its frame, so it does" : "they were: their content fits their frames, so they do") not scroll"
            : " stayed at \(one ? "its edge, which it does" : "their edges, which they do") not go past under this preset"
        var reason = runs.isEmpty && unmoved.isEmpty ? "" : runs.isEmpty
            ? "nothing moved: " + unmoved.map { "`\($0)`" }.joined(separator: ", ") + why
            : runs.joined(separator: ", then ")
        if !notes.isEmpty { reason += (reason.isEmpty ? "" : "; ") + notes.joined(separator: "; ") }
        let hand = movers.count > 1 ? "hand-off" : "drag"
        return Explanation(time: up, event: .drag, component: passes.last?.component ?? unmoved.last ?? "",
                           rule: "nestedScroll",
                           reason: reason, passes: passes,
                           text: "\(Say.time(down))–\(Say.time(up)), \(hand): \(reason)")
    }
}

extension DragExplanation {
    /// The entry of a drag that moved nothing because nothing it could move was under the finger: it went down
    /// outside the viewport, or on nothing that scrolls or follows a drag. Its `component` is empty.
    static func missed(at start: Point, viewport: Rect, notes: [String], down: Double, up: Double) -> Explanation {
        let point = "[\(Say.number(start.x)), \(Say.number(start.y))]"
        var reason = viewport.contains(start)
            ? "nothing moved: nothing under the finger at \(point) scrolls or follows a drag"
            : "nothing moved: the finger went down at \(point), outside the \(Say.number(viewport.width))×"
                + "\(Say.number(viewport.height)) pt viewport (positions are points, not pixels)"
        if !notes.isEmpty { reason += "; " + notes.joined(separator: "; ") }
        return Explanation(time: up, event: .drag, component: "", rule: "nestedScroll", reason: reason, passes: [],
                           text: "\(Say.time(down))–\(Say.time(up)), drag: \(reason)")
    }
}

extension NestedScrollPass {
    init?(name: String) {
        switch name {
        case "preScroll": self = .preScroll
        case "scroll": self = .scroll
        case "postScroll": self = .postScroll
        case "overscroll": self = .overscroll
        default: return nil
        }
    }
}
