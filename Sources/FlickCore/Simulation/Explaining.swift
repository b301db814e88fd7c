import Foundation
import FlickPhysics

// The components' decisions, put into words (`flick states --explain`). Each function is handed the decision a
// component acts on and only describes it. Each kind's and attachment's words live in its folder
// (`Components/Sheet/SheetExplaining.swift`, `Components/Refresh/RefreshExplaining.swift`, the scroll view's in
// `Components/ScrollViewExplaining.swift`); here: handing the log round, and a drag handed between components.

extension ComponentNode {
    /// Hands `log` to every component (`attach`) and scroll view in this subtree.
    func attachExplanations(_ log: ExplanationLog) {
        attach(log)
        ownScrollView?.log = log
        for child in directChildren { child.attachExplanations(log) }
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
