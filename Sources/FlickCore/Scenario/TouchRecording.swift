import Foundation

/// One finger's touch recorded on a device, replayed as a `touches` gesture (`touches: {file, format}`;
/// docs/scenario-format.md, "Gestures"): Android's `getevent -lt` text, an `evemu-record` log, or CSV `t,x,y`.
///
/// Positions are divided by `pixelsPerPoint`; times count from the touch-down. The first touch of the file is
/// replayed, from the report that puts the finger down (`BTN_TOUCH DOWN`, or a tracking id) to the one that lifts
/// it; a second touch is an error (a gesture is one finger's touch).
public enum TouchRecording {
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
        switch format {
        case .csv: return try csv(text, pixelsPerPoint: pixelsPerPoint)
        case .getevent, .evemu: return try events(text, format: format, pixelsPerPoint: pixelsPerPoint)
        }
    }

    private static func csv(_ text: String, pixelsPerPoint: Double) throws(RecordingFile.Problem) -> [(t: Double, point: Point)] {
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
            try append(t, x, y, line: line, pixelsPerPoint: pixelsPerPoint, to: &samples)
        }
        return try finished(samples, origin: samples.first?.t ?? 0)
    }

    /// getevent and evemu: positions and touch state accumulate until a SYN_REPORT, which makes a sample.
    private static func events(_ text: String, format: Format,
                               pixelsPerPoint: Double) throws(RecordingFile.Problem) -> [(t: Double, point: Point)] {
        var samples: [(t: Double, point: Point)] = []
        var x: Double?, y: Double?
        var down = false, lifting = false, ended = false
        var origin: Double?
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
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
                try append(event.time, x, y, line: line, pixelsPerPoint: pixelsPerPoint, to: &samples)
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
        return try finished(samples, origin: origin ?? 0)
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

    private static func append(_ t: Double, _ x: Double, _ y: Double, line: Int, pixelsPerPoint: Double,
                               to samples: inout [(t: Double, point: Point)]) throws(RecordingFile.Problem) {
        if let last = samples.last, t < last.t {
            throw RecordingFile.Problem(line: line, message: "time goes back: \(JSONValue.format(t)) s comes after \(JSONValue.format(last.t)) s")
        }
        guard samples.count < RecordingFile.maximumSamples else {
            throw RecordingFile.Problem(line: line, message: "more than \(RecordingFile.maximumSamples) samples")
        }
        samples.append((t, Point(x: x / pixelsPerPoint, y: y / pixelsPerPoint)))
    }

    private static func finished(_ samples: [(t: Double, point: Point)],
                                 origin: Double) throws(RecordingFile.Problem) -> [(t: Double, point: Point)] {
        guard !samples.isEmpty else { throw RecordingFile.Problem(line: nil, message: "holds no sample") }
        return samples.map { (t: $0.t - origin, point: $0.point) }
    }
}
