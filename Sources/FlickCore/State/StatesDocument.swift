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

    /// - Parameter sink: receives the document in pieces, in order.
    public init(format: Format, sink: @escaping (String) throws -> Void) {
        self.format = format
        self.sink = sink
    }

    public mutating func begin(_ scenario: Scenario) throws {
        fps = scenario.fps
        switch format {
        case .json:
            let header: [(String, JSONValue)] = [
                ("scenario", .string(scenario.name)),
                ("fps", .number(scenario.fps)),
                ("viewport", .object([("width", .number(scenario.viewport.width)),
                                      ("height", .number(scenario.viewport.height)),
                                      ("scale", .number(scenario.viewport.scale))])),
            ]
            var text = JSONValue.object(header).text
            text.removeLast() // the closing brace: frames follow
            try sink(text + ",\n \"frames\": [")
        case .csv:
            break
        }
    }

    public mutating func write(_ frame: FrameState) throws {
        switch format {
        case .json:
            try sink((wroteFrame ? ",\n  " : "\n  ") + frame.json.text)
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
        guard format == .json else { return }
        try sink(wroteFrame ? "\n ]" : "]")
        if !references.isEmpty {
            try sink(",\n \"references\": [" + references.map { "\n  " + $0.json(fps: fps).text }.joined(separator: ",") + "\n ]")
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
    /// This frame as docs/states.md spells it; components absent from the scene are absent here.
    public var json: JSONValue { jsonValue(nullTouchAsObject: false) }

    /// The keyed collections whose first member is also at the top under a singular key (`sheets` and `sheet`).
    public static let collectionsWithFirstAtTop = Set(StateCollection.withFirstAtTop.map(\.rawValue))

    func jsonValue(nullTouchAsObject: Bool) -> JSONValue {
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
                pairs.append((name, first.json))
            }
        }
        pairs.append(("viewport", viewport.json))
        // The first of some is also under its own key above (`collectionsWithFirstAtTop`).
        for collection in StateCollection.allCases {
            if let states = componentStates[collection], !states.isEmpty {
                pairs.append((collection.rawValue, .object(states.map { ($0.key, $0.json) })))
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
