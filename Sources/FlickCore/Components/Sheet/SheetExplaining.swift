import Foundation
import FlickPhysics

// A sheet's and a card's decisions, put into words (`flick states --explain`, docs/states.md "Explanations"): which
// scroll view a card tracks and why, and each release's rule, candidates and choice.

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
