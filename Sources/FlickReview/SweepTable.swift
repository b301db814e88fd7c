import FlickCore
import FlickOutput
import Foundation

/// What a sweep's table says about one variant (docs/sweeps.md, "The table"): how the run's measured component —
/// the first sheet, else the first paging component (pager, carousel), else the first scroll view — moved after the
/// last release of the finger.
public struct VariantMeasures: Hashable, Sendable {
    /// Where the component came to rest.
    public enum Final: Hashable, Sendable {
        case detent(String)
        case page(Int)
        case dismissed
        /// A list: it rests at an offset, not at a named place.
        case offset
        /// Still moving at the end of the run.
        case moving

        /// The table's cell: the detent's name, the page's number, `dismissed`, or empty.
        public var text: String {
            switch self {
            case .detent(let name): name
            case .page(let page): String(page)
            case .dismissed: "dismissed"
            case .offset, .moving: ""
            }
        }

        public var json: JSONValue {
            switch self {
            case .detent(let name): .string(name)
            case .page(let page): .number(Double(page))
            case .dismissed: .string("dismissed")
            case .offset, .moving: .null
            }
        }
    }

    /// The component's key in the states (`sheet`, `pager`, `list2`).
    public var component: String
    /// The measured value: `top` (a sheet's top edge), `contentOffset.x` or `contentOffset.y`.
    public var quantity: String
    /// The time the finger last lifted (seconds); nil when no gesture uses a finger (measures then start at 0).
    public var release: Double?
    /// Seconds from the release (or the start) to the first frame from which the value stays within half a
    /// device pixel of where it ends; nil when the component is still moving at the end of the run.
    public var settle: Double?
    /// The farthest the value went past its final value, in points, after the release, in the direction it travelled
    /// from the release to the end (0 when it never passed it).
    public var overshoot: Double
    public var final: Final
    /// The value at the last frame, in points.
    public var finalValue: Double
    /// The largest speed after the release, in pt/s.
    public var peakVelocity: Double
    /// The velocity at the first frame at or after the release, in pt/s (the sign is the axis's: + is down or right).
    public var releaseVelocity: Double

    /// Measures `frames`, the states of `scenario` in order.
    public init(scenario: Scenario, frames: [FrameState]) {
        var meter = VariantMeter(scenario: scenario)
        for frame in frames { meter.add(frame) }
        self = meter.measures
    }

    init(component: String, quantity: String, release: Double?, settle: Double?, overshoot: Double, final: Final,
         finalValue: Double, peakVelocity: Double, releaseVelocity: Double) {
        self.component = component
        self.quantity = quantity
        self.release = release
        self.settle = settle
        self.overshoot = overshoot
        self.final = final
        self.finalValue = finalValue
        self.peakVelocity = peakVelocity
        self.releaseVelocity = releaseVelocity
    }

    /// The measures as a JSON object (docs/states.md, "Sweeps").
    public var json: JSONValue {
        .object([("component", .string(component)), ("quantity", .string(quantity)),
                 ("release", release.map(JSONValue.number) ?? .null), ("settle", settle.map(JSONValue.number) ?? .null),
                 ("overshoot", .number(overshoot)), ("final", final.json), ("finalValue", .number(finalValue)),
                 ("peakVelocity", .number(peakVelocity)), ("releaseVelocity", .number(releaseVelocity))])
    }
}

/// Measures a variant frame by frame (memory: two numbers per frame).
public struct VariantMeter {
    let release: Double?
    var component = ""
    var quantity = ""
    var values: [Double] = []
    var velocities: [Double] = []
    var times: [Double] = []
    var final: VariantMeasures.Final = .moving
    var atRest = false
    /// Per frame, the scene's rest (`Settling`): the settle time is the run's last settle.
    var rest: [Settling.Sample] = []

    public init(scenario: Scenario) {
        let ends = scenario.gestures.filter(\.usesFinger).map { $0.at + $0.fingerDuration }
        release = ends.max()
    }

    public mutating func add(_ frame: FrameState) {
        rest.append(Settling.Sample(frame))
        if component.isEmpty {
            if let sheet = frame.sheets.first {
                (component, quantity) = (sheet.key, "top")
            } else if let paging = frame.pagePositions.first {
                (component, quantity) = (paging.key, "contentOffset.x")
            } else if let scroll = frame.scrollViews.first {
                // A list's axis: the one it can scroll along (its content is longer than its frame).
                let vertical = scroll.contentSize.height > scroll.frame.height || scroll.contentSize.width <= scroll.frame.width
                (component, quantity) = (scroll.key, vertical ? "contentOffset.y" : "contentOffset.x")
            } else {
                return
            }
        }
        times.append(frame.time)
        if let sheet = frame.sheet(component) {
            values.append(sheet.top)
            velocities.append(sheet.velocity)
            atRest = sheet.phase == .idle || sheet.phase == .dismissed
            final = sheet.phase == .dismissed ? .dismissed : atRest ? sheet.detent.map(VariantMeasures.Final.detent) ?? .moving : .moving
        } else if let scroll = frame.scrollView(component) {
            let x = quantity == "contentOffset.x"
            values.append(x ? scroll.contentOffset.x : scroll.contentOffset.y)
            velocities.append(x ? scroll.velocity.x : scroll.velocity.y)
            atRest = scroll.phase == .idle
            if !atRest {
                final = .moving
            } else if let paging = frame.pagePosition(component) {
                final = .page(paging.page)
            } else {
                final = .offset
            }
        } else {
            values.append(values.last ?? 0)
            velocities.append(0)
        }
    }

    public var measures: VariantMeasures {
        guard let last = values.last else {
            return VariantMeasures(component: component, quantity: quantity, release: release, settle: nil, overshoot: 0,
                                   final: .moving, finalValue: 0, peakVelocity: 0, releaseVelocity: 0)
        }
        let from = release.map { r in times.firstIndex { $0 >= r - 1e-9 } ?? times.count } ?? 0
        var settle: Double?
        var overshoot = 0.0, peak = 0.0, releaseVelocity = 0.0
        if from < values.count {
            // The run's last settle (docs/states.md, "Settled"); at rest all along since the release: 0.
            if rest.last?.atRest == true, rest.count == times.count {
                let settled = Settling.settles(rest).last.map { max($0, from) } ?? from
                settle = max(0, times[settled] - (release ?? 0))
            }
            let direction = (last - values[from]).sign == .minus ? -1.0 : last == values[from] ? 0 : 1
            for i in from..<values.count {
                overshoot = max(overshoot, direction * (values[i] - last))
                peak = max(peak, abs(velocities[i]))
            }
            releaseVelocity = velocities[from]
        }
        return VariantMeasures(component: component, quantity: quantity, release: release, settle: settle,
                               overshoot: overshoot, final: atRest ? final : .moving, finalValue: last,
                               peakVelocity: peak, releaseVelocity: releaseVelocity)
    }
}

/// One row of a sweep's table.
public struct SweepRow: Sendable {
    public var number: Int
    public var label: String
    public var assignments: [SweepAssignment]
    /// The variant's folder in the render (`variants/01-floatingpanel`).
    public var folder: String
    public var measures: VariantMeasures

    public init(number: Int, label: String, assignments: [SweepAssignment], folder: String, measures: VariantMeasures) {
        self.number = number
        self.label = label
        self.assignments = assignments
        self.folder = folder
        self.measures = measures
    }

    public init(variant: SweepVariant, of count: Int, measures: VariantMeasures) {
        self.init(number: variant.number, label: variant.label, assignments: variant.assignments,
                  folder: "variants/" + ScenarioSweep.folderName(number: variant.number, of: count, assignments: variant.assignments),
                  measures: measures)
    }

    /// The assignments as a JSON object, each value as YAML reads it (a number, true, false, null or a string).
    public var assignmentsJSON: JSONValue {
        .object(assignments.map { ($0.path, SweepTable.jsonScalar($0.value)) })
    }

    /// The row as a JSON object: the variant and its measures.
    public var json: JSONValue {
        .object([("number", .number(Double(number))), ("label", .string(label)), ("folder", .string(folder)),
                 ("assignments", assignmentsJSON), ("measures", measures.json)])
    }
}

/// `variants.csv` and `variants.md`: one row per variant (docs/sweeps.md, "The table").
public struct SweepTable: Sendable {
    public var name: String
    public var paths: [String]
    public var rows: [SweepRow]

    public init(name: String, paths: [String], rows: [SweepRow]) {
        self.name = name
        self.paths = paths
        self.rows = rows
    }

    public static let csvColumns = ["component", "quantity", "release_s", "settle_s", "overshoot_pt", "final", "final_value_pt",
                                    "peak_velocity_pt_s", "release_velocity_pt_s"]

    /// One header line, then one line per variant: its number, folder, label, the value of each swept key, then the
    /// measures (numbers rounded to 1e-6; an empty cell for none).
    public var csv: String {
        let header = ["variant", "folder", "label"] + paths + Self.csvColumns
        var out = header.map(csvField).joined(separator: ",") + "\n"
        for row in rows {
            let m = row.measures
            let number: (Double?) -> String = { $0.map(JSONValue.format) ?? "" }
            let cells = [String(row.number), row.folder, row.label] + paths.map { path in
                row.assignments.first { $0.path == path }?.value ?? ""
            } + [m.component, m.quantity, number(m.release), number(m.settle), number(m.overshoot), m.final.text,
                 number(m.finalValue), number(m.peakVelocity), number(m.releaseVelocity)]
            out += cells.map { csvField(Self.formulaGuarded($0)) }.joined(separator: ",") + "\n"
        }
        return out
    }

    /// A cell a spreadsheet would run as a formula (`=SUM(1+1)`, `+…`, `-…`, `@…`, or one starting with a tab or
    /// a carriage return), prefixed with `'` so it stays text (OWASP's "CSV Injection" advice). Numbers, negative
    /// ones included, are kept as they are.
    static func formulaGuarded(_ cell: String) -> String {
        guard let first = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), Double(cell) == nil else { return cell }
        return "'" + cell
    }

    /// A Markdown table for people: the swept keys' values and the measures, rounded for reading.
    public var markdown: String {
        let measured = rows.first.map { "`\($0.measures.component)` (\($0.measures.quantity))" } ?? "nothing"
        let release = rows.first?.measures.release.map { "the last release at \(Self.fixed($0, 3)) s" } ?? "the start (no gesture lifts a finger)"
        var out = "# \(name) · \(rows.count) variant\(rows.count == 1 ? "" : "s")\n\n"
        out += "Measured: \(measured), from \(release). Settle: seconds from the release to the frame at which everything is at rest (docs/states.md, \"Settled\"). "
        out += "Overshoot: how far it went past where it rests, in points. Speeds in pt/s. Definitions: docs/sweeps.md.\n\n"
        let header = ["#"] + paths.map { "`\($0)`" } + ["settle", "overshoot", "rests at", "peak speed", "release velocity", "folder"]
        out += "| " + header.joined(separator: " | ") + " |\n"
        // Numbers to the right; the swept values, the resting place and the folder to the left.
        let numeric = Set([0, paths.count + 1, paths.count + 2, paths.count + 4, paths.count + 5])
        out += "|" + header.indices.map { numeric.contains($0) ? "---:|" : "---|" }.joined() + "\n"
        for row in rows {
            let m = row.measures
            let values = paths.map { path in Self.markdownCell(row.assignments.first { $0.path == path }?.value ?? "") }
            var cells = [String(row.number)] + values
            cells.append(m.settle.map { "\(Self.fixed($0, 3)) s" } ?? "still moving")
            cells.append("\(Self.fixed(m.overshoot, 1)) pt")
            switch m.final {
            case .detent(let name): cells.append(Self.markdownCell(name))
            case .page(let page): cells.append("page \(page)")
            case .dismissed: cells.append("dismissed")
            case .offset: cells.append("\(Self.fixed(m.finalValue, 1)) pt")
            case .moving: cells.append("—")
            }
            cells.append(Self.fixed(m.peakVelocity, 0))
            cells.append(Self.fixed(m.releaseVelocity, 0))
            cells.append("`\(row.folder)`")
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// The rows as a JSON document: the swept keys and each variant's label, assignments and measures.
    public var json: JSONValue {
        .object([("scenario", .string(name)), ("sweep", .array(paths.map(JSONValue.string))),
                 ("variants", .array(rows.map(\.json)))])
    }

    func csvField(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Text for a Markdown table cell: the characters Markdown or the HTML inside it would read as markup are
    /// escaped (`&`, `<`, `>` as entities; `|`, `` ` ``, `*`, `_`, `[`, `]` and `\\` with a backslash), line breaks
    /// become spaces, so a swept value such as `<img onerror=…>` shows as the text it is.
    static func markdownCell(_ s: String) -> String {
        var out = ""
        for c in Markup.escape(s, .text) {
            switch c {
            case "|", "`", "*", "_", "[", "]", "\\": out += "\\" + String(c)
            case "\n", "\r", "\r\n": out += " "
            default: out.append(c)
            }
        }
        return out
    }

    /// `x` with `digits` decimals, never `-0`.
    static func fixed(_ x: Double, _ digits: Int) -> String {
        NumberText.fixed(x, digits: digits, negativeZero: false)
    }

    /// A swept value as YAML reads a plain scalar: a number, true, false, null, else the text (quotes removed).
    public static func jsonScalar(_ text: String) -> JSONValue {
        switch text {
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case "null", "Null", "NULL", "~": return .null
        default: break
        }
        if let number = Double(text), number.isFinite, text.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true {
            return .number(number)
        }
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
            if first == "\"", let data = text.data(using: .utf8),
               let decoded = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) as? String {
                return .string(decoded)
            }
            return .string(String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'"))
        }
        return .string(text)
    }
}
