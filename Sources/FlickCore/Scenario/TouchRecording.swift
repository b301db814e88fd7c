import Foundation

/// One finger's touch recorded on a device, replayed as a `touches` gesture (`touches: {file, format}`;
/// docs/scenario-format.md, "Gestures"): Android's `getevent -lt` text, an `evemu-record` log, or CSV `t,x,y`.
///
/// Positions become points through a `Mapping`; times count from the touch-down. The first touch of the file is
/// replayed, from the report that puts the finger down (`BTN_TOUCH DOWN`, or a tracking id) to the one that lifts
/// it; a second touch is an error (a gesture is one finger's touch).
public enum TouchRecording {
    /// The range a touch panel reports on each axis (`min`…`max` of ABS_MT_POSITION_X and _Y), in its own units.
    public struct TouchRange: Hashable, Sendable {
        public var x: ClosedRange<Double>
        public var y: ClosedRange<Double>
        public init(x: ClosedRange<Double>, y: ClosedRange<Double>) {
            self.x = x
            self.y = y
        }
    }

    /// How a recording's positions become points, first match wins:
    /// 1. `pixelsPerPoint`, when given: positions are divided by it;
    /// 2. a touch range (`touchRange`, else the one the dump's own header names: evemu-record's `A:` lines or
    ///    `getevent -lp`'s `ABS_MT_POSITION_X : value 0, min 0, max 1439` lines) spans the screen, the way Android's
    ///    TouchInputMapper scales a panel onto its display (`frameworks/native/services/inputflinger/reader/mapper/
    ///    TouchInputMapper.cpp`: scale = display size ÷ (max − min + 1), x = (raw − min) · scale), here onto the
    ///    viewport in points;
    /// 3. otherwise `fallbackPixelsPerPoint` (the viewport's scale for getevent and evemu, 1 for csv).
    public struct Mapping: Hashable, Sendable {
        public var pixelsPerPoint: Double?
        public var touchRange: TouchRange?
        /// The screen in points (the viewport) that a touch range spans.
        public var screen: Size
        public var fallbackPixelsPerPoint: Double

        public init(pixelsPerPoint: Double? = nil, touchRange: TouchRange? = nil, screen: Size, fallbackPixelsPerPoint: Double) {
            self.pixelsPerPoint = pixelsPerPoint
            self.touchRange = touchRange
            self.screen = screen
            self.fallbackPixelsPerPoint = fallbackPixelsPerPoint
        }

        /// Divide by `pixelsPerPoint`, whatever the dump says.
        public static func dividing(by pixelsPerPoint: Double) -> Mapping {
            Mapping(pixelsPerPoint: pixelsPerPoint, screen: Size(width: 0, height: 0), fallbackPixelsPerPoint: pixelsPerPoint)
        }

        func point(_ raw: Point, header: TouchRange?) -> Point {
            if let pixelsPerPoint { return Point(x: raw.x / pixelsPerPoint, y: raw.y / pixelsPerPoint) }
            if let range = touchRange ?? header {
                return Point(x: (raw.x - range.x.lowerBound) * screen.width / (range.x.upperBound - range.x.lowerBound + 1),
                             y: (raw.y - range.y.lowerBound) * screen.height / (range.y.upperBound - range.y.lowerBound + 1))
            }
            return Point(x: raw.x / fallbackPixelsPerPoint, y: raw.y / fallbackPixelsPerPoint)
        }
    }

    /// The formats a recorded touch may come in.
    public enum Format: String, CaseIterable, Sendable {
        /// `adb shell getevent -lt`: `[ seconds] /dev/input/eventN: EV_ABS ABS_MT_POSITION_X 000002ab`, values in hex.
        case getevent
        /// `evemu-record`: `E: seconds type code value`, type and code in hex, the value in decimal.
        case evemu
        /// `t,x,y` per line (a header and `#` comments allowed).
        case csv
    }

    /// The samples of the file's touch, `(t, point)` with t from the touch-down, positions in points.
    public static func samples(_ text: String, format: Format,
                               pixelsPerPoint: Double) throws(RecordingFile.Problem) -> [(t: Double, point: Point)] {
        try samples(text, format: format, mapping: .dividing(by: pixelsPerPoint))
    }

    /// The samples of the file's touch, positions turned into points by `mapping`.
    public static func samples(_ text: String, format: Format,
                               mapping: Mapping) throws(RecordingFile.Problem) -> [(t: Double, point: Point)] {
        switch format {
        case .csv: return try csv(text, mapping: mapping)
        case .getevent, .evemu: return try events(text, format: format, mapping: mapping)
        }
    }

    private static func csv(_ text: String, mapping: Mapping) throws(RecordingFile.Problem) -> [(t: Double, point: Point)] {
        var samples: [(t: Double, point: Point)] = []
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let content = (raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if content.isEmpty { continue }
            let cells = content.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let numbers = cells.map(Double.init)
            if samples.isEmpty, numbers.allSatisfy({ $0 == nil }), cells.count == 3 { continue } // the header
            guard cells.count == 3 else {
                throw RecordingFile.Problem(line: line, message: "expected three columns, t, x and y, found \(cells.count)")
            }
            guard let t = numbers[0], let x = numbers[1], let y = numbers[2], t.isFinite, x.isFinite, y.isFinite else {
                throw RecordingFile.Problem(line: line, message: "expected three finite numbers t, x, y, found \"\(content.prefix(40))\"")
            }
            try append(t, x, y, line: line, to: &samples)
        }
        return try finished(samples, origin: samples.first?.t ?? 0, mapping: mapping, header: nil)
    }

    /// getevent and evemu: positions and touch state accumulate until a SYN_REPORT, which makes a sample.
    private static func events(_ text: String, format: Format,
                               mapping: Mapping) throws(RecordingFile.Problem) -> [(t: Double, point: Point)] {
        var samples: [(t: Double, point: Point)] = []
        var x: Double?, y: Double?
        var down = false, lifting = false, ended = false
        var origin: Double?
        var ranges = HeaderRanges()
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if try ranges.read(trimmed, format: format, line: line) { continue }
            guard let event = try parse(trimmed, format: format, line: line) else { continue }
            switch (event.type, event.code) {
            case ("EV_ABS", "ABS_MT_POSITION_X"), ("EV_ABS", "ABS_X"): x = event.value
            case ("EV_ABS", "ABS_MT_POSITION_Y"), ("EV_ABS", "ABS_Y"): y = event.value
            case ("EV_KEY", "BTN_TOUCH"), ("EV_ABS", "ABS_MT_TRACKING_ID"):
                let touching = event.code == "BTN_TOUCH" ? event.value != 0 : event.value >= 0
                if touching && !down {
                    if ended {
                        throw RecordingFile.Problem(line: line, message: "a second touch begins here; a gesture replays one (split the file)")
                    }
                    down = true
                } else if !touching && down {
                    lifting = true
                }
            case ("EV_SYN", "SYN_REPORT"):
                guard down else { continue }
                guard let x, let y else {
                    throw RecordingFile.Problem(line: line, message: "a report with the finger down but no ABS_MT_POSITION_X and _Y before it")
                }
                if origin == nil { origin = event.time }
                try append(event.time, x, y, line: line, to: &samples)
                if lifting {
                    down = false
                    lifting = false
                    ended = true
                }
            default: continue
            }
        }
        guard !samples.isEmpty else {
            throw RecordingFile.Problem(line: nil, message: "holds no touch (no BTN_TOUCH DOWN or ABS_MT_TRACKING_ID followed by SYN_REPORT)")
        }
        return try finished(samples, origin: origin ?? 0, mapping: mapping, header: try ranges.range())
    }

    /// The touch range a dump's header names: evemu-record's `A: code min max fuzz flat resolution` lines, or
    /// `getevent -lp` (or `-p`) lines `ABS_MT_POSITION_X : value 0, min 0, max 1439, …` pasted above the events.
    /// The multi-touch axes win over ABS_X/ABS_Y; the first device that names an axis is the one used.
    private struct HeaderRanges {
        var axes: [String: (ClosedRange<Double>, line: Int)] = [:]

        /// Reads `line` if it names an axis range; true when it did.
        mutating func read(_ line: String, format: Format, line number: Int) throws(RecordingFile.Problem) -> Bool {
            let named: (code: String, min: Double, max: Double)?
            switch format {
            case .evemu:
                guard line.hasPrefix("A:") else { return false }
                let tokens = line.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard tokens.count >= 3, let code = Int(tokens[0], radix: 16), let min = Double(tokens[1]),
                      let max = Double(tokens[2]) else {
                    throw RecordingFile.Problem(line: number, message: "expected A: code min max (evemu-record's axis line), found \"\(line.prefix(60))\"")
                }
                named = Self.axisNames[code].map { ($0, min, max) }
            case .getevent:
                // "    ABS (0003): ABS_MT_SLOT : value 0, min 0, max 9, …" or "      0035  : value 0, min 0, max 1439, …"
                guard !line.hasPrefix("["), let value = line.range(of: ": value") else { return false }
                let code = line[..<value.lowerBound].split(whereSeparator: { $0 == " " || $0 == "\t" }).last.map(String.init) ?? ""
                let name = Int(code, radix: 16).flatMap { Self.axisNames[$0] } ?? code
                guard Self.axisNames.values.contains(name) else { return true }
                func setting(_ key: String) -> Double? {
                    let fields = line[value.upperBound...].split(separator: ",")
                    return fields.lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                        .first { $0.hasPrefix(key + " ") }
                        .flatMap { Double($0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)) }
                }
                guard let min = setting("min"), let max = setting("max") else {
                    throw RecordingFile.Problem(line: number, message: "expected \"min N, max N\" in getevent -lp's axis line, found \"\(line.prefix(60))\"")
                }
                named = (name, min, max)
            case .csv:
                return false
            }
            guard let named else { return true }
            guard named.max > named.min else {
                throw RecordingFile.Problem(line: number, message: "\(named.code) ranges from \(JSONValue.format(named.min)) to \(JSONValue.format(named.max)); max must be above min")
            }
            if axes[named.code] == nil { axes[named.code] = (named.min...named.max, number) }
            return true
        }

        /// The panel's range, when the header names both axes.
        func range() throws(RecordingFile.Problem) -> TouchRange? {
            let x = axes["ABS_MT_POSITION_X"] ?? axes["ABS_X"]
            let y = axes["ABS_MT_POSITION_Y"] ?? axes["ABS_Y"]
            switch (x, y) {
            case let (x?, y?): return TouchRange(x: x.0, y: y.0)
            case (nil, nil): return nil
            case let (x?, nil): throw RecordingFile.Problem(line: x.line, message: "the header names the touch range of X but not of Y; give touchRange or pixelsPerPoint")
            case let (nil, y?): throw RecordingFile.Problem(line: y.line, message: "the header names the touch range of Y but not of X; give touchRange or pixelsPerPoint")
            }
        }

        static let axisNames: [Int: String] = [0x00: "ABS_X", 0x01: "ABS_Y", 0x35: "ABS_MT_POSITION_X", 0x36: "ABS_MT_POSITION_Y"]
    }

    private struct Event {
        var time: Double
        var type: String
        var code: String
        var value: Double
    }

    /// One event line, named the way getevent -l names them; nil for lines that carry none (headers, comments).
    private static func parse(_ line: String, format: Format, line number: Int) throws(RecordingFile.Problem) -> Event? {
        switch format {
        case .getevent:
            // [   12345.678901] /dev/input/event4: EV_ABS       ABS_MT_POSITION_X    000002ab
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
            guard let time = Double(line[line.index(after: line.startIndex)..<close].trimmingCharacters(in: .whitespaces)) else {
                throw RecordingFile.Problem(line: number, message: "expected a timestamp [seconds], found \"\(line.prefix(40))\"")
            }
            let tokens = line[line.index(after: close)...].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                .filter { !$0.hasSuffix(":") }
            guard tokens.count == 3 else {
                throw RecordingFile.Problem(line: number, message: "expected TYPE CODE VALUE after the timestamp (getevent -lt), found \"\(line.prefix(60))\"")
            }
            let value: Double
            switch tokens[2] {
            case "DOWN": value = 1
            case "UP": value = 0
            default:
                guard let bits = UInt32(tokens[2], radix: 16) else {
                    throw RecordingFile.Problem(line: number, message: "expected a hexadecimal value, DOWN or UP, found \"\(tokens[2].prefix(20))\"")
                }
                value = Double(Int32(bitPattern: bits))
            }
            return Event(time: time, type: tokens[0], code: tokens[1], value: value)
        case .evemu:
            // E: 0.012000 0003 0035 540	# EV_ABS / ABS_MT_POSITION_X 540
            guard line.hasPrefix("E:") else { return nil }
            let body = line.dropFirst(2).split(separator: "#", maxSplits: 1).first ?? ""
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard tokens.count == 4, let time = Double(tokens[0]), let type = Int(tokens[1], radix: 16),
                  let code = Int(tokens[2], radix: 16), let value = Int(tokens[3]) else {
                throw RecordingFile.Problem(line: number, message: "expected E: seconds type code value (evemu-record), found \"\(line.prefix(60))\"")
            }
            let names: [Int: (String, [Int: String])] = [
                0x00: ("EV_SYN", [0x00: "SYN_REPORT"]),
                0x01: ("EV_KEY", [0x14a: "BTN_TOUCH"]),
                0x03: ("EV_ABS", [0x00: "ABS_X", 0x01: "ABS_Y", 0x35: "ABS_MT_POSITION_X", 0x36: "ABS_MT_POSITION_Y",
                                  0x39: "ABS_MT_TRACKING_ID"]),
            ]
            let (typeName, codes) = names[type] ?? ("EV_\(type)", [:])
            return Event(time: time, type: typeName, code: codes[code] ?? "\(code)", value: Double(value))
        case .csv:
            return nil
        }
    }

    /// Appends a sample in the recording's own units; `finished` turns them into points.
    private static func append(_ t: Double, _ x: Double, _ y: Double, line: Int,
                               to samples: inout [(t: Double, point: Point)]) throws(RecordingFile.Problem) {
        if let last = samples.last, t < last.t {
            throw RecordingFile.Problem(line: line, message: "time goes back: \(JSONValue.format(t)) s comes after \(JSONValue.format(last.t)) s")
        }
        guard samples.count < RecordingFile.maximumSamples else {
            throw RecordingFile.Problem(line: line, message: "more than \(RecordingFile.maximumSamples) samples")
        }
        samples.append((t, Point(x: x, y: y)))
    }

    private static func finished(_ samples: [(t: Double, point: Point)], origin: Double, mapping: Mapping,
                                 header: TouchRange?) throws(RecordingFile.Problem) -> [(t: Double, point: Point)] {
        guard !samples.isEmpty else { throw RecordingFile.Problem(line: nil, message: "holds no sample") }
        return samples.map { (t: $0.t - origin, point: mapping.point($0.point, header: header)) }
    }
}
