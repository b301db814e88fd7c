import Foundation

/// What a component's state plots over time (docs/review-page.md, the motion plot's panels): a sheet's top edge, a
/// scroll view's content offset, a pager's position in pages, a large title's collapse, and how the plot names and
/// captions it. Each kind says in its folder what its state plots (`SheetState.plotted(in:pageTitles:)`); the review
/// folds the values of every frame into one series per quantity, and draws what moved.
public struct PlottedQuantity: Hashable, Sendable {
    /// The component's key (`sheet`, `list2`, `pager`).
    public var key: String
    /// What of the component it is, unique among the component's quantities (`top`, `contentOffset.y`, `pages`,
    /// `collapse`, `presentingScale`).
    public var name: String
    /// What the value graph's title says after the component's key (`top edge`, `content offset y`).
    public var label: String
    /// The value's unit: "pt", "pages" or "fraction".
    public var unit: String
    /// The note beside the graph's title: the unit and which way is up on the graph.
    public var unitNote: String
    /// The velocity graph's caption, with its sign convention (a flipped value draws its velocity flipped too).
    public var velocityCaption: String
    /// The value's path in the state document (`feed.contentOffset.y`, `sheets.card.presentingScale`), as a
    /// `reference:` entry names it; nil when the document holds no such number (a pager's position in pages).
    public var statePath: String?
    /// Smaller values drawn higher: a sheet's top, so the curve rises when the sheet rises on screen.
    public var flipped = false
}

/// A quantity's value in one frame.
public struct PlottedValue: Sendable {
    public var quantity: PlottedQuantity
    public var value: Double
    /// d(value)/dt as the state gives it (for pages: its scroll view's d(contentOffset.x)/dt, pt/s); nil when the
    /// state has none, and the review takes the rate between frames.
    public var velocity: Double?
    /// The lines of reference at this frame (detents, content edges, pages), by label.
    public var references: [(label: String, value: Double)]
    /// Points of the screen one unit of the value moves (a page's width for pages), for the half pixel below which two
    /// values look the same.
    public var pointsPerUnit = 1.0
    /// Whether `pointsPerUnit` is measured at this frame; an estimate (a pager on its first page cannot tell its
    /// page's width from its offset) holds only until a frame measures it.
    public var measuresPointsPerUnit = true
}

/// A state whose values the review plots (`PlottedValue`); each conformance lives in its kind's folder.
protocol PlottedState {
    /// Its values in `frame`; `pageTitles` names each paging component's pages by key (a scenario's; none when the
    /// run was read from a states document).
    func plotted(in frame: FrameState, pageTitles: [String: [String]]) -> [PlottedValue]
    /// Whether its values come before the scroll views' in a frame: a sheet holds scroll views, and its top edge leads
    /// the plot.
    static var plotsBeforeScrollViews: Bool { get }
}

extension PlottedState {
    static var plotsBeforeScrollViews: Bool { false }
}

extension FrameState {
    /// Every value this frame plots (`PlottedValue`): the states that lead (sheets), then the scroll views in document
    /// order, then the other component states, by collection in the document's order, each in document order. A
    /// series is drawn in the order its value first appears, so this order is the plot's.
    public func plottedValues(pageTitles: [String: [String]]) -> [PlottedValue] {
        func plotted(leading: Bool) -> [PlottedValue] {
            StateCollection.allCases.flatMap { collection -> [PlottedValue] in
                guard let type = collection.stateType as? any PlottedState.Type, type.plotsBeforeScrollViews == leading else { return [] }
                return (componentStates[collection] ?? []).flatMap { ($0 as? any PlottedState)?.plotted(in: self, pageTitles: pageTitles) ?? [] }
            }
        }
        return plotted(leading: true) + scrollViews.flatMap { $0.plotted(in: self, pageTitles: pageTitles) } + plotted(leading: false)
    }
}

extension Scenario {
    /// Page titles of each paging component (a pager's tabs, a carousel's cards), by key.
    public var pageTitles: [String: [String]] {
        var result: [String: [String]] = [:]
        for component in scene.root.allComponents {
            if let titles = component.pageTitles { result[component.key] = titles }
        }
        return result
    }
}

extension PlottedValue {
    /// A fraction of a component's own, read from its state at `statePath` (`navigationBars.inbox.collapse`): what a
    /// large title or a deck card is about beside the offset or top that drives it. Its state has no velocity.
    static func fraction(key: String, name: String, label: String, statePath: String, value: Double,
                         references: [(label: String, value: Double)], pointsPerUnit: Double) -> PlottedValue {
        PlottedValue(quantity: PlottedQuantity(key: key, name: name, label: label, unit: "fraction", unitNote: "\(statePath), 0 to 1",
                                               velocityCaption: "rate (1/s): d(\(name))/dt between frames; positive is drawn up",
                                               statePath: statePath),
                     value: value, velocity: nil, references: references, pointsPerUnit: pointsPerUnit)
    }
}
