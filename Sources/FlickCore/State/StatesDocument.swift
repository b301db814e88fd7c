import Foundation

/// The per-frame states document (docs/states.md) as JSON or CSV, written frame by frame so memory stays flat
/// however long the scenario is.
public struct StatesWriter {
    public enum Format: String, CaseIterable, Sendable {
        case json, csv
    }

    public let format: Format
    private let sink: (String) throws -> Void
    private var wroteFrame = false
    private var fps = Scenario.defaultFPS
    /// The JSON header, held back until the first frame gives the pagers' tabs.
    private var header: [(String, JSONValue)]?
    /// Each pager's tab spans in the header, by key: a frame whose spans are these leaves its own out.
    private var headerTabs: [String: TabSpans] = [:]

    /// - Parameter sink: receives the document in pieces, in order.
    public init(format: Format, sink: @escaping (String) throws -> Void) {
        self.format = format
        self.sink = sink
    }

    public mutating func begin(_ scenario: Scenario) throws {
        try begin(RunHeader(scenario))
    }

    public mutating func begin(_ run: RunHeader) throws {
        fps = run.fps
        switch format {
        case .json:
            var viewport: [(String, JSONValue)] = [("width", .number(run.viewport.width)),
                                                   ("height", .number(run.viewport.height)),
                                                   ("scale", .number(run.scale))]
            // Only a preview drawn at another scale than the device's says the device's.
            if run.deviceScale != run.scale { viewport.append(("deviceScale", .number(run.deviceScale))) }
            header = [
                ("scenario", .string(run.name)),
                ("fps", .number(run.fps)),
                ("viewport", .object(viewport)),
            ]
        case .csv:
            break
        }
    }

    /// Writes the held-back header: with `first`'s pagers' tab spans under `tabs` (in the bar's content, before it
    /// scrolls), so that frames at the same bar widths need not list them (docs/states.md, "Pagers").
    private mutating func writeHeader(first: FrameState?) throws {
        guard var pairs = header else { return }
        header = nil
        let pagers = first?.pagers ?? []
        if !pagers.isEmpty {
            pairs.append(("tabs", .object(pagers.map { ($0.key, .array($0.tabs.unscrolled.map(\.json))) })))
            for pager in pagers { headerTabs[pager.key] = pager.tabs }
        }
        var text = JSONValue.object(pairs).text
        text.removeLast() // the closing brace: frames follow
        try sink(text + ",\n \"frames\": [")
    }

    public mutating func write(_ frame: FrameState) throws {
        switch format {
        case .json:
            try writeHeader(first: frame)
            try sink((wroteFrame ? ",\n  " : "\n  ") + frame.jsonValue(nullTouchAsObject: false, headerTabs: headerTabs).text)
        case .csv:
            let cells = frame.csvCells
            if !wroteFrame { try sink(cells.map { StatesWriter.csvField($0.0) }.joined(separator: ",") + "\n") }
            try sink(cells.map { StatesWriter.csvField($0.1) }.joined(separator: ",") + "\n")
        }
        wroteFrame = true
    }

    /// Closes the document; `references` (the scenario's recordings and their residuals) follow the frames in JSON
    /// (docs/states.md, "References").
    public mutating func end(references: [ReferenceResidual] = []) throws {
        try end(entries: references.map { StatesReference($0, fps: fps) })
    }

    /// Closes the document with its `references` entries (a run read back keeps those it was written with).
    public mutating func end(entries references: [StatesReference]) throws {
        guard format == .json else { return }
        try writeHeader(first: nil)
        try sink(wroteFrame ? "\n ]" : "]")
        if !references.isEmpty {
            try sink(",\n \"references\": [" + references.map { "\n  " + $0.json.text }.joined(separator: ",") + "\n ]")
        }
        try sink("}\n")
    }

    static func csvField(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The whole document for `frames`, as one string.
    public static func document(_ scenario: Scenario, frames: [FrameState], format: Format) -> String {
        var out = ""
        var writer = StatesWriter(format: format) { out += $0 }
        try? writer.begin(scenario)
        for frame in frames { try? writer.write(frame) }
        try? writer.end()
        return out
    }
}

extension Point {
    var json: JSONValue { .object([("x", .number(x)), ("y", .number(y))]) }
}

extension Size {
    var json: JSONValue { .object([("width", .number(width)), ("height", .number(height))]) }
}

extension Rect {
    var json: JSONValue {
        .object([("x", .number(minX)), ("y", .number(minY)), ("width", .number(width)), ("height", .number(height))])
    }
}

extension EdgeInsets {
    var json: JSONValue {
        .object([("top", .number(top)), ("left", .number(left)), ("bottom", .number(bottom)), ("right", .number(right))])
    }
}

extension FrameState {
    /// This frame as docs/states.md spells it, every pager with its `tabs` (the states document leaves out those its
    /// header holds); components absent from the scene are absent here.
    public var json: JSONValue { jsonValue(nullTouchAsObject: false) }

    /// The keyed collections whose first member is also at the top under a singular key (`sheets` and `sheet`).
    public static let collectionsWithFirstAtTop = Set(StateCollection.withFirstAtTop.map(\.rawValue))

    /// This frame as docs/states.md spells it. A pager whose tab spans are those of `headerTabs[key]` (the
    /// document's header) leaves its `tabs` out: a reader takes the header's, moved by the frame's `tabBarOffset`.
    func jsonValue(nullTouchAsObject: Bool, headerTabs: [String: TabSpans] = [:]) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("index", .number(Double(index))), ("time", .number(time))]
        if let touch {
            pairs.append(("touch", .object([("x", .number(touch.x)), ("y", .number(touch.y)),
                                            ("phase", .string(touch.phase.rawValue))])))
        } else {
            pairs.append(("touch", nullTouchAsObject ? .object([("x", .null), ("y", .null), ("phase", .null)]) : .null))
        }
        if !trail.isEmpty { pairs.append(("trail", .array(trail.map(\.json)))) }
        pairs.append(("scrollViews", .object(scrollViews.map { ($0.key, $0.json) })))
        for collection in StateCollection.allCases {
            if let name = collection.firstAtTop, let first = componentStates[collection]?.first {
                pairs.append((name, first.json(header: headerTabs)))
            }
        }
        pairs.append(("viewport", viewport.json))
        // The first of some is also under its own key above (`collectionsWithFirstAtTop`).
        for collection in StateCollection.allCases {
            if let states = componentStates[collection], !states.isEmpty {
                pairs.append((collection.rawValue, .object(states.map { ($0.key, $0.json(header: headerTabs)) })))
            }
        }
        if !explanations.isEmpty { pairs.append(("explain", .array(explanations.map(\.json)))) }
        return .object(pairs)
    }

    /// Flattened `(column, value)` pairs for CSV: the state paths of `StatePath.Walk.csvColumns`, null as an
    /// empty cell.
    var csvCells: [(String, String)] {
        var cells: [(String, String)] = []
        StatePath.leaves(of: self, .csvColumns) { path, value in
            switch value {
            case .number(let x): cells.append((path, JSONValue.format(x)))
            case .string(let s): cells.append((path, s))
            case .bool(let b): cells.append((path, b ? "true" : "false"))
            case .null, .object, .array: cells.append((path, ""))
            }
        }
        return cells
    }
}

extension ScrollViewState {
    var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("contentOffset", contentOffset.json),
            ("contentSize", contentSize.json),
            ("contentInset", contentInset.json),
            ("adjustedContentInset", adjustedContentInset.json),
            ("frame", frame.json),
            ("velocity", velocity.json),
            ("phase", .string(phase.rawValue)),
        ]
        if let indicator {
            pairs.append(("indicator", .object([("frame", indicator.frame.json), ("alpha", .number(indicator.alpha))])))
        }
        return .object(pairs)
    }
}

extension TrailPoint {
    var json: JSONValue {
        var pairs: [(String, JSONValue)] = [("x", .number(x)), ("y", .number(y)), ("age", .number(age))]
        if startsStroke { pairs.append(("startsStroke", .bool(true))) }
        return .object(pairs)
    }
}
