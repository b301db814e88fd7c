import Foundation

/// A touch recorded on a device, replayed as a `touches` gesture (`touches: {file, format}`;
/// docs/scenario-format.md, "Gestures"): Android's `getevent -lt` text, an `evemu-record` log, or CSV `t,x,y`.
///
/// Positions become points through a `Mapping`; times count from the touch-down. The first finger of the file is
/// replayed, from the report that puts it down to the one that lifts it. Multi-touch recordings follow the Linux
/// input protocol (the kernel's Documentation/input/multi-touch-protocol.rst): type B's slots and tracking ids
/// (`ABS_MT_SLOT`, `ABS_MT_TRACKING_ID`), the first slot to get a tracking id being the finger replayed; type A's
/// contacts separated by `SYN_MT_REPORT`, the first contact of each report being the finger. Other fingers, and
/// contacts that begin as a palm (`MT_TOOL_PALM`), are not replayed: `Touch.ignored` lists them. A touch that
/// begins after the finger lifted is an error (a gesture is one touch: split the file).
///
/// A sample is a report that carries the finger's position (its touch-down, then every report with a new
/// `ABS_MT_POSITION_X`/`_Y` of its slot, or `ABS_X`/`_Y` without multi-touch). The report that lifts the finger
/// carries no new position: it is the lift's time, not a sample, so the velocity tracker sees the moving samples
/// only, as Android's VelocityTracker ignores ACTION_UP's position.
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

        /// Units per point on each axis, to say what a raw position became.
        func describe(_ raw: Double, header: TouchRange?) -> String {
            if let pixelsPerPoint { return "\(say(raw)) ÷ \(say(pixelsPerPoint)) px/pt" }
            if touchRange ?? header != nil { return "\(say(raw)) on the touch range spanning the viewport" }
            return "\(say(raw)) ÷ \(say(fallbackPixelsPerPoint)) px/pt"
        }
    }

    /// The formats a recorded touch may come in.
    public enum Format: String, CaseIterable, Sendable {
        /// `adb shell getevent -lt` (or `-ltr`, `-t`): `[ seconds] /dev/input/eventN: EV_ABS ABS_MT_POSITION_X 000002ab`,
        /// values in hex.
        case getevent
        /// `evemu-record`: `E: seconds type code value`, type and code in hex, the value in decimal.
        case evemu
        /// `t,x,y` per line (a header and `#` comments allowed).
        case csv
    }

    /// The longest a recorded touch may last, from its touch-down to its lift: a gesture's `at` and a scenario's
    /// `duration` are at most 600 s too.
    public static let maximumDuration = 600.0

    /// A contact of the recording that is not replayed: a second finger, or a palm.
    public struct Ignored: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            /// A finger (or pen) that went down while the replayed finger was down.
            case finger
            /// A contact whose tool type was `MT_TOOL_PALM` when it went down.
            case palm
        }
        public var kind: Kind
        /// Its type-B slot; nil for a type-A contact.
        public var slot: Int?
        /// Seconds from the replayed finger's touch-down.
        public var from: Double
        /// When it lifted, seconds from the touch-down; nil when it had not lifted when the recording ended.
        public var to: Double?

        public init(kind: Kind, slot: Int?, from: Double, to: Double?) {
            self.kind = kind
            self.slot = slot
            self.from = from
            self.to = to
        }

        /// In words, times from `at` (the gesture's start in the scenario): "a second finger (slot 1) from 0.42 s
        /// to 0.61 s was ignored: Flick replays the first finger".
        public func words(at: Double) -> String {
            let what = kind == .palm ? "a palm" : "a second finger"
            let place = slot.map { " (slot \($0))" } ?? " (a second contact of type-A reports)"
            let until = to.map { "to \(say(at + $0)) s" } ?? "to the end of the recording"
            let why = kind == .palm ? "Flick replays fingers, not palms" : "Flick replays the first finger"
            return "\(what)\(place) from \(say(at + from)) s \(until) was ignored: \(why)"
        }
    }

    /// The finger a recording replays: its samples, when it lifted and what else the recording held.
    public struct Touch: Sendable {
        /// `(t, point)`: t in seconds from the touch-down, positions in points.
        public var samples: [(t: Double, point: Point)]
        /// When the finger lifted, in seconds from the touch-down; the last sample's time when the lift carried a
        /// new position (or the format says no lift, as CSV).
        public var lift: Double
        public var ignored: [Ignored]
    }

    /// The samples of the file's touch, `(t, point)` with t from the touch-down, positions in points.
    public static func samples(_ text: String, format: Format,
                               pixelsPerPoint: Double) throws(RecordingFile.Problem) -> [(t: Double, point: Point)] {
        try touch(text, format: format, mapping: .dividing(by: pixelsPerPoint)).samples
    }

    /// The samples of the file's touch, positions turned into points by `mapping`.
    public static func samples(_ text: String, format: Format,
                               mapping: Mapping) throws(RecordingFile.Problem) -> [(t: Double, point: Point)] {
        try touch(text, format: format, mapping: mapping).samples
    }

    /// The file's first finger, positions turned into points by `mapping`.
    public static func touch(_ text: String, format: Format, mapping: Mapping) throws(RecordingFile.Problem) -> Touch {
        switch format {
        case .csv: return try csv(text, mapping: mapping)
        case .getevent, .evemu: return try events(text, format: format, mapping: mapping)
        }
    }

    private static func csv(_ text: String, mapping: Mapping) throws(RecordingFile.Problem) -> Touch {
        var samples = Samples()
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
            guard let t = numbers[0], let x = numbers[1], let y = numbers[2] else {
                throw RecordingFile.Problem(line: line, message: "expected three numbers t, x, y")
            }
            try samples.append(t, x, y, line: line)
        }
        guard !samples.isEmpty else { throw RecordingFile.Problem(line: nil, message: "holds no sample") }
        return try samples.touch(lift: nil, ignored: [], mapping: mapping, header: nil)
    }

    /// The finger's samples in the recording's own units, with the line each came from; times and values are
    /// checked as they come.
    private struct Samples {
        var raw: [(t: Double, x: Double, y: Double, line: Int)] = []
        var isEmpty: Bool { raw.isEmpty }
        var last: (t: Double, x: Double, y: Double, line: Int)? { raw.last }

        mutating func append(_ t: Double, _ x: Double, _ y: Double, line: Int) throws(RecordingFile.Problem) {
            try TouchRecording.check(time: t, line: line, after: raw.last?.t, origin: raw.first?.t)
            for (name, value) in [("x", x), ("y", y)] where !value.isFinite {
                throw RecordingFile.Problem(line: line, message: "\(name) is \(say(value)); positions must be finite numbers")
            }
            guard raw.count < RecordingFile.maximumSamples else {
                throw RecordingFile.Problem(line: line, message: "more than \(RecordingFile.maximumSamples) samples")
            }
            raw.append((t, x, y, line))
        }

        /// The samples in points from the first one's time; each point within the limits a finger's points have.
        func touch(lift: (t: Double, line: Int)?, ignored: [Ignored], mapping: Mapping,
                   header: TouchRange?) throws(RecordingFile.Problem) -> Touch {
            let origin = raw.first?.t ?? 0
            var samples: [(t: Double, point: Point)] = []
            samples.reserveCapacity(raw.count)
            let limit = ScenarioDecoder.maximumLength
            for sample in raw {
                let p = mapping.point(Point(x: sample.x, y: sample.y), header: header)
                for (name, value, rawValue) in [("x", p.x, sample.x), ("y", p.y, sample.y)] where !(abs(value) <= limit) {
                    throw RecordingFile.Problem(line: sample.line, message: "\(name) = \(mapping.describe(rawValue, header: header)) is \(say(value)) pt, beyond the ±\(say(limit)) pt a finger's points may be")
                }
                samples.append((sample.t - origin, p))
            }
            let end = max(lift.map { $0.t - origin } ?? 0, samples.last?.t ?? 0)
            return Touch(samples: samples, lift: end, ignored: ignored)
        }
    }

    /// A timestamp must be finite, not before `previous`, and at most `maximumDuration` after the touch-down.
    private static func check(time t: Double, line: Int, after previous: Double?, origin: Double?) throws(RecordingFile.Problem) {
        guard t.isFinite else {
            throw RecordingFile.Problem(line: line, message: "the time is \(say(t)); times must be finite numbers of seconds")
        }
        if let previous, t < previous {
            throw RecordingFile.Problem(line: line, message: "time goes back: \(say(t)) s comes after \(say(previous)) s")
        }
        if let origin, t - origin > maximumDuration {
            throw RecordingFile.Problem(line: line, message: "\(say(t)) s is \(say(t - origin)) s after the touch-down; a recorded touch lasts at most \(say(maximumDuration)) s")
        }
    }

    // MARK: getevent and evemu

    /// One contact in one report: where it is (in the recording's units), whether the report carried its position,
    /// and whether it is a palm.
    private struct Contact {
        var x: Double?
        var y: Double?
        var moved = false
        var palm = false
    }

    /// A contact across reports: type B's slot and tracking id, a type-A contact's index, or the one touch of a
    /// single-touch device.
    private struct ContactKey: Hashable {
        var slot: Int
        var id: Int
    }

    /// getevent and evemu: events accumulate until a SYN_REPORT, which is one report of every contact down.
    private static func events(_ text: String, format: Format, mapping: Mapping) throws(RecordingFile.Problem) -> Touch {
        var ranges = HeaderRanges()
        var events: [Event] = []
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if try ranges.read(trimmed, format: format, line: line) { continue }
            guard let event = try parse(trimmed, format: format, line: line) else { continue }
            try check(time: event.time, line: line, after: events.last?.time, origin: nil)
            events.append(event)
        }
        // The protocol the device speaks (multi-touch-protocol.rst): type A separates contacts by SYN_MT_REPORT;
        // type B names slots and tracking ids; a single-touch device has BTN_TOUCH and ABS_X/ABS_Y.
        let typeA = events.contains { $0.type == "EV_SYN" && $0.code == "SYN_MT_REPORT" }
        let typeB = !typeA && events.contains { $0.code == "ABS_MT_TRACKING_ID" }
        let multitouchPositions = events.contains { $0.code == "ABS_MT_POSITION_X" || $0.code == "ABS_MT_POSITION_Y" }
        let xCode = multitouchPositions ? "ABS_MT_POSITION_X" : "ABS_X"
        let yCode = multitouchPositions ? "ABS_MT_POSITION_Y" : "ABS_Y"

        var replay = Replay()
        // Type B: each slot's tracking id and contact, and the contacts lifted in this report with a new position.
        var slot = 0
        var slots: [Int: (id: Int?, contact: Contact)] = [:]
        var lifted: [ContactKey: Contact] = [:]
        // Type A: this report's contacts, and the one being read.
        var reported: [Contact] = []
        var building: Contact?
        // A single-touch device: BTN_TOUCH and one position.
        var single = Contact()
        var touching = false, wasTouching = false
        for event in events {
            switch (event.type, event.code) {
            case ("EV_ABS", "ABS_MT_SLOT") where typeB:
                guard event.value >= 0, event.value <= 1023 else {
                    throw RecordingFile.Problem(line: event.line, message: "ABS_MT_SLOT is \(say(event.value)); expected a slot from 0 to 1023")
                }
                slot = Int(event.value)
            case ("EV_ABS", "ABS_MT_TRACKING_ID") where typeB:
                var state = slots[slot] ?? (nil, Contact())
                let id = Int(event.value)
                if let old = state.id, old != id, state.contact.moved { lifted[ContactKey(slot: slot, id: old)] = state.contact }
                if id >= 0 {
                    if state.id != id { state.contact.moved = true }
                    state.id = id
                } else {
                    state.id = nil
                }
                slots[slot] = state
            case ("EV_ABS", xCode), ("EV_ABS", yCode):
                let isX = event.code == xCode
                if typeA {
                    var contact = building ?? Contact()
                    if isX { contact.x = event.value } else { contact.y = event.value }
                    contact.moved = true
                    building = contact
                } else if typeB {
                    var state = slots[slot] ?? (nil, Contact())
                    if isX { state.contact.x = event.value } else { state.contact.y = event.value }
                    state.contact.moved = true
                    slots[slot] = state
                } else {
                    if isX { single.x = event.value } else { single.y = event.value }
                    single.moved = true
                }
            case ("EV_ABS", "ABS_MT_TOOL_TYPE"):
                let palm = event.value == 2 // MT_TOOL_PALM
                if typeA {
                    var contact = building ?? Contact()
                    contact.palm = palm
                    building = contact
                } else if typeB {
                    var state = slots[slot] ?? (nil, Contact())
                    state.contact.palm = palm
                    slots[slot] = state
                }
            case ("EV_KEY", "BTN_TOUCH"):
                touching = event.value != 0
            case ("EV_SYN", "SYN_MT_REPORT"):
                if let contact = building { reported.append(contact) }
                building = nil
            case ("EV_SYN", "SYN_REPORT"):
                var contacts: [(key: ContactKey, slot: Int?, contact: Contact)] = []
                if typeA {
                    if let contact = building { reported.append(contact) }
                    contacts = reported.enumerated().map { (ContactKey(slot: $0.offset, id: 0), nil, $0.element) }
                    reported = []
                    building = nil
                } else if typeB {
                    for (s, state) in slots.sorted(by: { $0.key < $1.key }) {
                        if let id = state.id { contacts.append((ContactKey(slot: s, id: id), s, state.contact)) }
                        slots[s]?.contact.moved = false
                    }
                } else {
                    if touching {
                        contacts = [(ContactKey(slot: 0, id: 0), 0, single)]
                    } else if wasTouching, single.moved {
                        lifted[ContactKey(slot: 0, id: 0)] = single
                    }
                    wasTouching = touching
                    single.moved = false
                }
                try replay.report(time: event.time, line: event.line, contacts: contacts, lifted: lifted, typeA: typeA)
                lifted = [:]
            default: continue
            }
        }
        guard !replay.samples.isEmpty else {
            throw RecordingFile.Problem(line: nil, message: "holds no touch (no BTN_TOUCH DOWN or ABS_MT_TRACKING_ID followed by SYN_REPORT)")
        }
        return try replay.samples.touch(lift: replay.lift, ignored: replay.ignored(), mapping: mapping, header: try ranges.range())
    }

    /// Follows the first finger through the reports: its samples, its lift, and the contacts it does not replay.
    private struct Replay {
        var samples = Samples()
        var finger: ContactKey?
        var lift: (t: Double, line: Int)?
        /// The contacts not replayed, with absolute times.
        var others: [ContactKey: Ignored] = [:]
        var order: [ContactKey] = []
        var previous: Set<ContactKey> = []

        /// One report: the contacts down after it, and those it lifted with a new position (their last move).
        mutating func report(time t: Double, line: Int, contacts: [(key: ContactKey, slot: Int?, contact: Contact)],
                             lifted: [ContactKey: Contact], typeA: Bool) throws(RecordingFile.Problem) {
            let present = Set(contacts.map(\.key))
            for (key, slot, contact) in contacts where !previous.contains(key) {
                if finger == nil, lift == nil, !contact.palm, !(typeA && key.slot > 0) {
                    guard let x = contact.x, let y = contact.y else {
                        throw RecordingFile.Problem(line: line, message: "a report with the finger down but no ABS_MT_POSITION_X and _Y before it")
                    }
                    finger = key
                    try samples.append(t, x, y, line: line)
                } else if lift != nil, !contact.palm {
                    throw RecordingFile.Problem(line: line, message: "a second touch begins here, after the first finger lifted; a gesture replays one touch (split the file)")
                } else {
                    others[key] = Ignored(kind: contact.palm ? .palm : .finger, slot: typeA ? nil : slot, from: t, to: nil)
                    order.append(key)
                }
            }
            if let finger, lift == nil {
                if let contact = contacts.first(where: { $0.key == finger })?.contact {
                    if contact.moved, previous.contains(finger), let x = contact.x, let y = contact.y {
                        try samples.append(t, x, y, line: line)
                    }
                } else {
                    // The report that lifts the finger: a sample only if it moved it too (a new position).
                    if let last = lifted[finger], let x = last.x, let y = last.y {
                        try samples.append(t, x, y, line: line)
                    }
                    try TouchRecording.check(time: t, line: line, after: samples.last?.t, origin: samples.raw.first?.t)
                    lift = (t, line)
                }
            }
            for key in previous.subtracting(present) where others[key] != nil && others[key]?.to == nil {
                others[key]?.to = t
            }
            previous = present
        }

        /// The contacts not replayed while the finger was down, times from its touch-down (one that began before
        /// it, a palm, from the touch-down).
        func ignored() -> [Ignored] {
            guard let origin = samples.raw.first?.t else { return [] }
            return order.compactMap { others[$0] }.filter { $0.to.map { $0 >= origin } ?? true }.map {
                Ignored(kind: $0.kind, slot: $0.slot, from: max(0, $0.from - origin), to: $0.to.map { $0 - origin })
            }
        }
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
                    throw RecordingFile.Problem(line: number, message: "expected A: code min max (evemu-record's axis line)")
                }
                named = Codes.abs[code].map { ($0, min, max) }
            case .getevent:
                // "    ABS (0003): ABS_MT_SLOT : value 0, min 0, max 9, …" or "      0035  : value 0, min 0, max 1439, …"
                guard !line.hasPrefix("["), let value = line.range(of: ": value") else { return false }
                let code = line[..<value.lowerBound].split(whereSeparator: { $0 == " " || $0 == "\t" }).last.map(String.init) ?? ""
                let name = Int(code, radix: 16).flatMap { Codes.abs[$0] } ?? code
                guard Self.axes.contains(name) else { return true }
                func setting(_ key: String) -> Double? {
                    let fields = line[value.upperBound...].split(separator: ",")
                    return fields.lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                        .first { $0.hasPrefix(key + " ") }
                        .flatMap { Double($0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)) }
                }
                guard let min = setting("min"), let max = setting("max") else {
                    throw RecordingFile.Problem(line: number, message: "expected \"min N, max N\" in getevent -lp's axis line")
                }
                named = (name, min, max)
            case .csv:
                return false
            }
            guard let named, Self.axes.contains(named.code) else { return true }
            let limit = 1e15
            guard abs(named.min) <= limit, abs(named.max) <= limit else {
                throw RecordingFile.Problem(line: number, message: "\(named.code) ranges from \(say(named.min)) to \(say(named.max)); a range's ends must be finite numbers within ±1e15")
            }
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

        static let axes: Set<String> = ["ABS_X", "ABS_Y", "ABS_MT_POSITION_X", "ABS_MT_POSITION_Y"]
    }

    /// The event types and codes Flick reads, by number, named as getevent -l names them (linux/input-event-codes.h).
    private enum Codes {
        static let types: [Int: String] = [0x00: "EV_SYN", 0x01: "EV_KEY", 0x03: "EV_ABS"]
        static let abs: [Int: String] = [0x00: "ABS_X", 0x01: "ABS_Y", 0x2f: "ABS_MT_SLOT", 0x35: "ABS_MT_POSITION_X",
                                         0x36: "ABS_MT_POSITION_Y", 0x37: "ABS_MT_TOOL_TYPE", 0x39: "ABS_MT_TRACKING_ID"]
        static let codes: [String: [Int: String]] = [
            "EV_SYN": [0x00: "SYN_REPORT", 0x02: "SYN_MT_REPORT"],
            "EV_KEY": [0x14a: "BTN_TOUCH"],
            "EV_ABS": abs,
        ]
        /// getevent -l's labels of values: a key's state, and ABS_MT_TOOL_TYPE's tools.
        static let values: [String: Double] = ["DOWN": 1, "UP": 0, "REPEAT": 2,
                                               "MT_TOOL_FINGER": 0, "MT_TOOL_PEN": 1, "MT_TOOL_PALM": 2, "MT_TOOL_DIAL": 10]

        /// A type and code as getevent -l names them, from names or hexadecimal numbers (getevent without -l).
        static func name(type: String, code: String) -> (String, String) {
            guard let typeNumber = Int(type, radix: 16) else { return (type, code) }
            let typeName = types[typeNumber] ?? "EV_\(type)"
            guard let codeNumber = Int(code, radix: 16) else { return (typeName, code) }
            return (typeName, codes[typeName]?[codeNumber] ?? code)
        }
    }

    private struct Event {
        var time: Double
        var type: String
        var code: String
        var value: Double
        var line: Int
    }

    /// One event line, named the way getevent -l names them; nil for lines that carry none (headers, comments).
    private static func parse(_ line: String, format: Format, line number: Int) throws(RecordingFile.Problem) -> Event? {
        switch format {
        case .getevent:
            // [   12345.678901] /dev/input/event4: EV_ABS       ABS_MT_POSITION_X    000002ab
            // getevent -ltr adds " rate N" to a SYN_REPORT; getevent -t gives numbers: "0003 0035 000002ab".
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
            guard let time = Double(line[line.index(after: line.startIndex)..<close].trimmingCharacters(in: .whitespaces)) else {
                throw RecordingFile.Problem(line: number, message: "expected a timestamp [seconds]")
            }
            var tokens = line[line.index(after: close)...].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                .filter { !$0.hasSuffix(":") }
            if tokens.count == 5, tokens[3] == "rate", Int(tokens[4]) != nil { tokens.removeLast(2) }
            guard tokens.count == 3 else {
                throw RecordingFile.Problem(line: number, message: "expected TYPE CODE VALUE after the timestamp (getevent -lt)")
            }
            let value: Double
            if let labelled = Codes.values[tokens[2]] {
                value = labelled
            } else {
                guard let bits = UInt32(tokens[2], radix: 16) else {
                    throw RecordingFile.Problem(line: number, message: "expected a hexadecimal value, DOWN or UP")
                }
                value = Double(Int32(bitPattern: bits))
            }
            let (type, code) = Codes.name(type: tokens[0], code: tokens[1])
            return Event(time: time, type: type, code: code, value: value, line: number)
        case .evemu:
            // E: 0.012000 0003 0035 540	# EV_ABS / ABS_MT_POSITION_X 540
            guard line.hasPrefix("E:") else { return nil }
            let body = line.dropFirst(2).split(separator: "#", maxSplits: 1).first ?? ""
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard tokens.count == 4, let time = Double(tokens[0]), let type = Int(tokens[1], radix: 16),
                  let code = Int(tokens[2], radix: 16), let value = Int32(tokens[3]) else {
                throw RecordingFile.Problem(line: number, message: "expected E: seconds type code value (evemu-record)")
            }
            let typeName = Codes.types[type] ?? "EV_\(type)"
            return Event(time: time, type: typeName, code: Codes.codes[typeName]?[code] ?? "\(code)", value: Double(value), line: number)
        case .csv:
            return nil
        }
    }
}
