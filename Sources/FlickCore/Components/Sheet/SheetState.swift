import Foundation
import FlickPhysics

// The sheet's state in a frame (docs/states.md, "sheet").

/// A sheet's phase (docs/states.md).
public enum SheetPhase: String, Hashable, Sendable {
    case idle, tracking, settling, dismissing, dismissed
}

/// A detent's name and where the sheet's top is when it rests there, for this frame's viewport.
public struct DetentPosition: Hashable, Sendable {
    public var name: String
    public var top: Double
}

public struct SheetState: Hashable, Sendable {
    public var key: String
    /// The sheet's top edge in viewport coordinates.
    public var top: Double
    /// The detent it rests at or is settling to; nil while tracking.
    public var detent: String?
    public var phase: SheetPhase
    /// d(top)/dt in pt/s (negative while rising).
    public var velocity: Double
    /// The dimming alpha over the background.
    public var dimming: Double
    /// How far the background map is shifted for parallax, in points (positive moves it up).
    public var parallax: Double
    /// The sheet's frame: from its top to the bottom of the viewport or further.
    public var frame: Rect
    /// Every detent, in document order.
    public var detents: [DetentPosition]
    /// The presenting view behind a `presentation: deck` card (written as `presentingScale`, `presentingFrame`,
    /// `presentingAlpha`, `presentingCornerRadius`); nil for a plain sheet.
    public var presenting: PresentingState? = nil
}

/// The presenting view behind a DeckTransition card (`DeckPresentation`): the background drawn scaled into `frame`.
public struct PresentingState: Hashable, Sendable {
    /// The presenting view's scale about the viewport's centre: 1 − 2·inset/H at rest, 1 once dismissed.
    public var scale: Double
    /// Where the scaled presenting view is, in the viewport.
    public var frame: Rect
    /// Its alpha over black.
    public var alpha: Double
    /// The radius of its top corners, in points as shown.
    public var cornerRadius: Double
}

extension SheetState: ComponentState {
    static let collection = StateCollection("sheets", SheetState.self, firstAtTop: true)
}

extension FrameState {
    /// Every sheet, in document order, each with its component's key; the first is also the document's top-level `sheet`.
    public var sheets: [SheetState] {
        get { states(SheetState.self) }
        set { setStates(newValue) }
    }
    public var sheet: SheetState? { sheets.first }
    public func sheet(_ key: String) -> SheetState? { sheets.first { $0.key == key } }
}

extension SheetState {
    var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("top", .number(top)),
            ("detent", detent.map(JSONValue.string) ?? .null),
            ("phase", .string(phase.rawValue)),
            ("velocity", .number(velocity)),
            ("dimming", .number(dimming)),
            ("parallax", .number(parallax)),
            ("frame", frame.json),
            ("detents", .object(detents.map { ($0.name, .number($0.top)) })),
        ]
        if let presenting {
            pairs += [("presentingScale", .number(presenting.scale)), ("presentingFrame", presenting.frame.json),
                      ("presentingAlpha", .number(presenting.alpha)),
                      ("presentingCornerRadius", .number(presenting.cornerRadius))]
        }
        return .object(pairs)
    }
}

extension SheetState {
    init(json: JSONField, key: String) throws(StatesReadError) {
        var presenting: PresentingState?
        if let scale = try json.optionalNumber("presentingScale") {
            presenting = PresentingState(scale: scale, frame: try Rect(json: try json.field("presentingFrame")),
                                         alpha: try json.number("presentingAlpha"),
                                         cornerRadius: try json.number("presentingCornerRadius"))
        }
        self.init(key: key, top: try json.number("top"), detent: try json.optional("detent")?.string(),
                  phase: try json.field("phase").name(SheetPhase.self, "idle, tracking, settling, dismissing or dismissed"),
                  velocity: try json.number("velocity"), dimming: try json.number("dimming"), parallax: try json.number("parallax"),
                  frame: try Rect(json: try json.field("frame")),
                  detents: try json.field("detents").pairs().map { pair throws(StatesReadError) in
                      DetentPosition(name: pair.key, top: try pair.field.number())
                  },
                  presenting: presenting)
    }
}

extension SheetState: PlottedState {
    static var plotsBeforeScrollViews: Bool { true }

    /// Its top edge, between its detents; a deck card's presenting view's scale beside it.
    func plotted(in frame: FrameState, pageTitles: [String: [String]]) -> [PlottedValue] {
        // A card that leaves (a deck card, or any sheet once it is dismissing) rests below the viewport.
        let leaves = presenting != nil || phase == .dismissing || phase == .dismissed
        // The first sheet's top is at `sheet.top` whatever its key (`sheet`, or its `id`).
        let topEdge = PlottedQuantity(key: key, name: "top", label: "top edge", unit: "pt",
                                      unitNote: "pt from the viewport's top; higher on screen is higher here",
                                      velocityCaption: Self.velocityCaption,
                                      statePath: Self.collection.path(of: key, in: frame) + ".top", flipped: true)
        var values = [PlottedValue(quantity: topEdge, value: top, velocity: velocity,
                                   references: detents.map { ($0.name, $0.top) } + (leaves ? [("dismissed", frame.viewport.height)] : []))]
        if let presenting {
            // The screen behind a deck card: its scale, 1 once the card has gone. A change of scale moves the
            // presenting view's top by about half the viewport's height as much.
            values.append(.fraction(key: key, name: "presentingScale", label: "presenting scale", statePath: "\(Self.collection.rawValue).\(key).presentingScale",
                                    value: presenting.scale, references: [("full size", 1)],
                                    pointsPerUnit: max(1, frame.viewport.height / 2)))
        }
        return values
    }

    /// The velocity caption of a sheet's top edge, with its sign convention: the value graph's, flipped.
    public static let velocityCaption = "velocity (pt/s): d(top)/dt; negative is rising and is drawn up, as the top edge is"
}
