import Foundation

/// A kind of event that a component's state marks on the review's timeline (docs/review-page.md, "Events"): a refresh
/// control triggering, its refresh ending. The kind is declared in its component's folder, beside its state; the
/// review lists, labels and draws it without naming it.
public struct StateEventKind: Hashable, Sendable {
    /// Its name in the review page's data and run.json (`refresh`), unique among every event's.
    public var name: String
    /// What the review page calls it (`refresh triggered`).
    public var label: String
    /// The symbol before it on the review page and the motion plot (`↻`).
    public var symbol: String
}

/// An event of one component at one frame.
public struct StateEvent: Hashable, Sendable {
    public var kind: StateEventKind
    /// The key of the component whose state marked it.
    public var key: String
}

/// A component state whose changes are events of the review (docs/review-page.md, "Events"). Each kind says which
/// events its component's state marks after the state it had before, and the phase it adds to a frame's key phases.
protocol EventfulState: ComponentState {
    /// Every event its states mark, in the order the review lists their names.
    static var eventKinds: [StateEventKind] { get }
    /// The events of this state after `previous`, the same component's state at the last frame that had one (nil
    /// at its first).
    func events(after previous: Self?) -> [StateEventKind]
    /// Its phase among a frame's key phases (`list.refresh refreshing`): a change of it makes a key frame in the
    /// review's contact sheet; nil adds none.
    var reviewPhase: String? { get }
}

extension EventfulState {
    var reviewPhase: String? { nil }

    /// The events of this kind's states in `frame`, in document order; `last` holds each component's previous state.
    static func events(in frame: FrameState, last: inout [String: any ComponentState]) -> [StateEvent] {
        var events: [StateEvent] = []
        for state in frame.states(Self.self) {
            events += state.events(after: last[state.key] as? Self).map { StateEvent(kind: $0, key: state.key) }
            last[state.key] = state
        }
        return events
    }
}

/// Follows a run's frames for the events their component states mark: fed every frame in order (those before a shown
/// range too, so that the first one shown is compared with the frame before it).
public struct StateEventTracker {
    /// Each component's state at the last frame that had one, by collection and key.
    private var last: [StateCollection: [String: any ComponentState]] = [:]

    public init() {}

    /// The events `frame` marks after the frames fed before it: by collection in the document's order, each in
    /// document order.
    public mutating func events(in frame: FrameState) -> [StateEvent] {
        var events: [StateEvent] = []
        for collection in StateCollection.allCases {
            guard let type = collection.stateType as? any EventfulState.Type else { continue }
            events += type.events(in: frame, last: &last[collection, default: [:]])
        }
        return events
    }
}

extension FrameState {
    /// Every event a component's state can mark, by collection in the document's order.
    public static var eventKinds: [StateEventKind] {
        StateCollection.allCases.flatMap { ($0.stateType as? any EventfulState.Type)?.eventKinds ?? [] }
    }

    /// The phases of the component states that have one for the review (`list.refresh idle`), by collection in the
    /// document's order, each in document order.
    public var reviewPhases: [String] {
        StateCollection.allCases.flatMap { collection in
            (componentStates[collection] ?? []).compactMap { ($0 as? any EventfulState)?.reviewPhase }
        }
    }
}
