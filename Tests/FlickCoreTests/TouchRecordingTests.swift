import Foundation
import Testing
@testable import FlickCore

/// `touches: {file, format}`: a finger recorded as getevent, evemu or CSV text, replayed as a gesture
/// (docs/scenario-format.md, "Gestures"). `swipe-up-3x.*` are hand-written in the tools' formats; the `EP0430M09.*`
/// recordings are a real touchscreen's, from whot/evemu-devices (MIT, © Red Hat; Tests/Recordings/README.md).
@Suite struct TouchRecordingTests {
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: recordings.appendingPathComponent(name), encoding: .utf8)
    }

    /// Both dumps hold the same swipe: 13 reports 8 ms apart, x 180 pt, y 600 → 400 pt at 3 px/pt.
    @Test(arguments: [("swipe-up-3x.getevent.txt", TouchRecording.Format.getevent), ("swipe-up-3x.evemu", .evemu)])
    func dumps(file: String, format: TouchRecording.Format) throws {
        let samples = try TouchRecording.samples(try Self.text(file), format: format, pixelsPerPoint: 3)
        #expect(samples.count == 13)
        #expect(abs(samples[0].t) < 1e-12)
        #expect(abs(samples[12].t - 0.096) < 1e-9)
        #expect(samples[0].point == Point(x: 180, y: 600))
        #expect(samples[12].point == Point(x: 180, y: 400))
    }

    @Test func csvInPoints() throws {
        let samples = try TouchRecording.samples("t,x,y\n1.0,10,20\n1.5,10,30 # last\n", format: .csv, pixelsPerPoint: 1)
        #expect(samples.map(\.t) == [0, 0.5])
        #expect(samples.map(\.point) == [Point(x: 10, y: 20), Point(x: 10, y: 30)])
    }

    @Test(arguments: [
        ("[ 1.0] /dev/input/event2: EV_ABS ABS_MT_POSITION_X zz\n", TouchRecording.Format.getevent, 1,
         "expected a hexadecimal value, DOWN or UP"),
        ("[ x] /dev/input/event2: EV_SYN SYN_REPORT 0\n", .getevent, 1, "expected a timestamp [seconds]"),
        ("E: 0.0 0003 0035\n", .evemu, 1, "expected E: seconds type code value (evemu-record)"),
        ("E: 0.0 0001 014a 1\nE: 0.0 0000 0000 0\n", .evemu, 2, "a report with the finger down but no ABS_MT_POSITION_X and _Y before it"),
        ("t,x,y\n0,1,2\n0.1,1\n", .csv, 3, "expected three columns, t, x and y, found 2"),
        ("0,1,2\n-1,1,2\n", .csv, 2, "time goes back: -1 s comes after 0 s"),
    ])
    func problems(text: String, format: TouchRecording.Format, line: Int, message: String) {
        #expect(throws: RecordingFile.Problem(line: line, message: message)) {
            try TouchRecording.samples(text, format: format, pixelsPerPoint: 1)
        }
    }

    @Test func oneTouchOnly() throws {
        let once = try Self.text("swipe-up-3x.evemu")
        // The same touch again, a second later.
        let twice = once + once.split(separator: "\n").filter { $0.hasPrefix("E:") }
            .map { $0.replacingOccurrences(of: "E: 0.", with: "E: 1.") }.joined(separator: "\n")
        let lines = once.split(separator: "\n", omittingEmptySubsequences: false).count
        // The second touch's first report: tracking id, BTN_TOUCH, X, Y, then its SYN_REPORT.
        #expect(throws: RecordingFile.Problem(line: lines + 4, message: "a second touch begins here, after the first finger lifted; a gesture replays one touch (split the file)")) {
            try TouchRecording.samples(twice, format: .evemu, pixelsPerPoint: 3)
        }
        #expect(throws: RecordingFile.Problem(line: nil, message: "holds no touch (no BTN_TOUCH DOWN or ABS_MT_TRACKING_ID followed by SYN_REPORT)")) {
            try TouchRecording.samples("add device 1: /dev/input/event2\n", format: .getevent, pixelsPerPoint: 3)
        }
    }

    /// Replayed on a list: it releases at the velocity the recording implies, 600 px in 96 ms at 3 px/pt.
    @Test(arguments: ["getevent", "evemu"])
    func releasesAtTheRecordedVelocity(format: String) throws {
        let file = format == "getevent" ? "swipe-up-3x.getevent.txt" : "swipe-up-3x.evemu"
        let text = """
            viewport: {width: 360, height: 780, scale: 3}
            duration: 1
            scene: {list: {id: feed, rows: 200, rowHeight: 50}}
            gestures:
              - {at: 0.1, touches: {file: \(file), format: \(format)}}
            """
        let scenario = try ScenarioDecoder.decode(data: Data(text.utf8),
                                                  file: Self.recordings.appendingPathComponent("s.yaml").path, defaultName: "s")
        #expect(abs(scenario.releaseTime - 0.196) < 1e-9)
        let after = Simulation(scenario: scenario).state(at: 0.196 + 1e-6).scrollView("feed")!
        #expect(abs(after.velocity.y - 600.0 / 3 / 0.096) < 1, "\(after.velocity.y)")
        #expect(abs(after.contentOffset.y - 200) < 0.01, "\(after.contentOffset.y)")
    }

    @Test func aBadDumpIsAnErrorWithItsLine() throws {
        let text = """
            viewport: {width: 360, height: 780, scale: 3}
            duration: 1
            scene: {list: {id: feed, rows: 200, rowHeight: 50}}
            gestures:
              - {at: 0.1, touches: {file: README.md, format: evemu}}
            """
        #expect(throws: (any Error).self) {
            try ScenarioDecoder.decode(data: Data(text.utf8), file: Self.recordings.appendingPathComponent("s.yaml").path,
                                       defaultName: "s")
        }
        do {
            _ = try ScenarioDecoder.decode(data: Data(text.replacingOccurrences(of: "README.md", with: "none.txt").utf8),
                                           file: Self.recordings.appendingPathComponent("s.yaml").path, defaultName: "s")
        } catch {
            #expect(error.diagnostics.first?.path == "gestures[0].touches.file")
            #expect(error.diagnostics.first?.message == "none.txt: no such file")
        }
    }

    /// A panel whose range is not the display's pixels: 0…4095 on both axes spans a 360 × 780 pt screen,
    /// x = (raw − min) · 360 / 4096 (Android's TouchInputMapper scale, max − min + 1 units).
    static let panel = TouchRecording.Mapping(screen: Size(width: 360, height: 780), fallbackPixelsPerPoint: 3)

    static func evemu(header: String) -> String {
        """
        # EVEMU 1.3
        N: synthetic panel
        \(header)
        E: 0.000000 0001 014a 1
        E: 0.000000 0003 0035 2048
        E: 0.000000 0003 0036 3072
        E: 0.000000 0000 0000 0
        E: 0.010000 0003 0036 2048
        E: 0.010000 0001 014a 0
        E: 0.010000 0000 0000 0
        """
    }

    @Test func evemuHeaderRangeSpansTheScreen() throws {
        let samples = try TouchRecording.samples(Self.evemu(header: "A: 35 0 4095 0 0 0\nA: 36 0 4095 0 0 0"),
                                                 format: .evemu, mapping: Self.panel)
        #expect(samples.map(\.point) == [Point(x: 180, y: 585), Point(x: 180, y: 390)])
    }

    @Test func geteventLpRangeSpansTheScreen() throws {
        let text = """
            add device 1: /dev/input/event2
              name:     "synthetic panel"
              events:
                ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                            ABS_MT_POSITION_X     : value 0, min 100, max 4195, fuzz 0, flat 0, resolution 0
                            ABS_MT_POSITION_Y     : value 0, min 0, max 4095, fuzz 0, flat 0, resolution 0
            [    1.000000] /dev/input/event2: EV_KEY       BTN_TOUCH            DOWN
            [    1.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000864
            [    1.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000c00
            [    1.000000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
            """
        let samples = try TouchRecording.samples(text, format: .getevent, mapping: Self.panel)
        #expect(samples.map(\.point) == [Point(x: 180, y: 585)]) // 0x864 = 2148 = 100 + 2048
    }

    @Test func givenRangeOrPixelsPerPointWinOverTheHeader() throws {
        let text = Self.evemu(header: "A: 35 0 4095 0 0 0\nA: 36 0 4095 0 0 0")
        var mapping = Self.panel
        mapping.touchRange = .init(x: 0...2047, y: 0...8191)
        #expect(try TouchRecording.samples(text, format: .evemu, mapping: mapping).first?.point == Point(x: 360, y: 292.5))
        mapping.pixelsPerPoint = 2
        #expect(try TouchRecording.samples(text, format: .evemu, mapping: mapping).first?.point == Point(x: 1024, y: 1536))
        // No range anywhere: the viewport's scale.
        #expect(try TouchRecording.samples(Self.evemu(header: ""), format: .evemu, mapping: Self.panel).first?.point
                == Point(x: 2048.0 / 3, y: 1024))
    }

    @Test(arguments: [
        ("A: 35 0 4095 0 0 0", 3, "the header names the touch range of X but not of Y; give touchRange or pixelsPerPoint"),
        ("A: 35 0 4095 0 0 0\nA: 36 10 10 0 0 0", 4, "ABS_MT_POSITION_Y ranges from 10 to 10; max must be above min"),
        ("A: 35 zero", 3, "expected A: code min max (evemu-record's axis line)"),
    ])
    func badHeaderRanges(header: String, line: Int, message: String) {
        #expect(throws: RecordingFile.Problem(line: line, message: message)) {
            try TouchRecording.samples(Self.evemu(header: header), format: .evemu, mapping: Self.panel)
        }
    }

    /// In a scenario: the device preset's viewport and the dump's range; `touchRange` and `pixelsPerPoint` exclude
    /// each other.
    @Test func touchRangeKey() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-touch-range-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.evemu(header: "").write(to: folder.appendingPathComponent("panel.evemu"), atomically: true, encoding: .utf8)
        func decode(_ touches: String) throws(ScenarioError) -> Scenario {
            let text = """
                viewport: {width: 360, height: 780, scale: 3}
                duration: 1
                scene: {list: {id: feed, rows: 200, rowHeight: 50}}
                gestures:
                  - {at: 0.1, touches: \(touches)}
                """
            return try ScenarioDecoder.decode(data: Data(text.utf8), file: folder.appendingPathComponent("s.yaml").path, defaultName: "s")
        }
        let scenario = try decode("{file: panel.evemu, format: evemu, touchRange: {x: [0, 4095], y: [0, 4095]}}")
        guard case .touches(let samples, _, _) = scenario.gestures.first?.action else {
            Issue.record("expected touches")
            return
        }
        #expect(samples.map(\.point) == [Point(x: 180, y: 585), Point(x: 180, y: 390)])
        do {
            _ = try decode("{file: panel.evemu, format: evemu, pixelsPerPoint: 3, touchRange: {x: [0, 4095], y: [0, 4095]}}")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.path == "gestures[0].touches.touchRange")
            #expect(error.diagnostics.first?.message == "give pixelsPerPoint or touchRange, not both: each alone says how the recording's units become points")
        }
        do {
            _ = try decode("{file: panel.evemu, format: evemu, touchRange: {x: [5, 5], y: [0, 4095]}}")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.path == "gestures[0].touches.touchRange.x")
            #expect(error.diagnostics.first?.message == "expected [min, max] with max above min, found [5, 5]")
        }
    }

    // MARK: Real recordings, slots, the lift, other protocols (issue 32, "Recorded touches")

    /// evemu-record's events, as numbers.
    static func evemuEvents(_ text: String) -> [(time: String, type: Int, code: Int, value: Int)] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("E:") else { return nil }
            let t = (line.dropFirst(2).split(separator: "#").first ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" })
            return (String(t[0]), Int(t[1], radix: 16)!, Int(t[2], radix: 16)!, Int(t[3])!)
        }
    }

    static let labels: [Int: (String, [Int: String])] = [
        0: ("EV_SYN", [0: "SYN_REPORT", 2: "SYN_MT_REPORT"]), 1: ("EV_KEY", [0x14a: "BTN_TOUCH"]),
        3: ("EV_ABS", [0: "ABS_X", 1: "ABS_Y", 0x2f: "ABS_MT_SLOT", 0x35: "ABS_MT_POSITION_X", 0x36: "ABS_MT_POSITION_Y",
                       0x37: "ABS_MT_TOOL_TYPE", 0x39: "ABS_MT_TRACKING_ID"]),
    ]

    /// The same events as `adb shell getevent -lt` prints them (`-ltr` adds " rate N" to each SYN_REPORT after the
    /// first; `numeric` prints types and codes in hex, as getevent -t does).
    static func getevent(fromEvemu text: String, rate: Bool = false, numeric: Bool = false, toolType: Bool = false) -> String {
        var lines: [String] = ["add device 1: /dev/input/event2", "  name:     \"EP0430M09\""]
        var lastSync: Double?
        for e in evemuEvents(text) {
            let (type, codes) = labels[e.type]!
            let time = 5000 + Double(e.time)!
            let value = e.type == 1 && !numeric ? (e.value != 0 ? "DOWN" : "UP") : String(format: "%08x", UInt32(bitPattern: Int32(e.value)))
            let names = numeric ? String(format: "%04x %04x", e.type, e.code) : "\(type)       \(codes[e.code]!)"
            var line = String(format: "[%14.6f] /dev/input/event2: ", time) + names + "    " + value
            if rate, e.type == 0, e.code == 0 {
                if let lastSync { line += "             rate \(Int(1 / (time - lastSync)))" }
                lastSync = time
            }
            lines.append(line)
            if toolType, e.type == 3, e.code == 0x39, e.value >= 0 {
                lines.append(String(format: "[%14.6f] /dev/input/event2: ", time) + "EV_ABS       ABS_MT_TOOL_TYPE     MT_TOOL_FINGER")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The first finger (slot 0's first contact) as CSV: a row for each report that carries its position.
    /// `stillLift` adds a row at the lift's report with the last position: what the readers did before.
    static func csv(fromEvemu text: String, stillLift: Bool = false) -> String {
        var rows = ["t,x,y"], x = 0, y = 0, moved = false, down = false, lifted = false, slot = 0
        for e in evemuEvents(text) where !lifted {
            switch (e.type, e.code) {
            case (3, 0x2f): slot = e.value
            case (3, 0x39) where slot == 0:
                if e.value >= 0 { down = true; moved = true } else { lifted = true; if stillLift { rows.append("\(e.time),\(x),\(y)") } }
            case (3, 0x35) where slot == 0: x = e.value; moved = true
            case (3, 0x36) where slot == 0: y = e.value; moved = true
            case (0, 0):
                if down && moved { rows.append("\(e.time),\(x),\(y)") }
                moved = false
            default: break
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// A scenario in a temporary folder replaying `files` (name → text) with `touches`.
    static func scenario(_ files: [String: String], touches: String,
                         viewport: String = "{width: 1280, height: 768, scale: 1}") throws -> Scenario {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-touches-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let text = """
            viewport: \(viewport)
            duration: 2
            scene: {list: {id: feed, rows: 400, rowHeight: 50}}
            gestures:
              - {at: 0.1, touches: \(touches)}
            """
        return try ScenarioDecoder.decode(data: Data(text.utf8), file: folder.appendingPathComponent("s.yaml").path, defaultName: "s")
    }

    static func releaseVelocity(_ scenario: Scenario) -> Double {
        Simulation(scenario: scenario).state(at: scenario.releaseTime + 1e-6).scrollView("feed")!.velocity.y
    }

    /// The hand-written swipe lifted the way panels report it: the last move, then a report of its own 8 ms later
    /// that only lifts the finger (ABS_MT_TRACKING_ID −1, BTN_TOUCH 0), with no new position.
    static func swipeWithSeparateLift() throws -> String {
        let text = try Self.text("swipe-up-3x.evemu")
        let lift = "E: 0.096000 0003 0039 -1\t# EV_ABS / ABS_MT_TRACKING_ID -1\nE: 0.096000 0001 014a 0\t# EV_KEY / BTN_TOUCH 0\nE: 0.096000 0000 0000 0\t# ------------ SYN_REPORT (0) ----------"
        #expect(text.contains(lift))
        return text.replacingOccurrences(of: lift, with: "E: 0.096000 0000 0000 0\nE: 0.104000 0003 0039 -1\nE: 0.104000 0001 014a 0\nE: 0.104000 0000 0000 0")
    }

    /// One swipe, three formats, one release velocity (±1 %): the lift's report carries no new position and is no
    /// sample. Before, it was counted as a still sample in getevent and evemu (what `stillLift` writes as CSV),
    /// and those released slower than the CSV.
    @Test(arguments: ["EP0430M09.1-finger-drag-up-down.events", "swipe-with-separate-lift"])
    func oneSwipeOneVelocity(recording: String) throws {
        let evemu = recording == "swipe-with-separate-lift" ? try Self.swipeWithSeparateLift() : try Self.text(recording)
        var velocities: [String: Double] = [:]
        for (format, text) in [("evemu", evemu), ("getevent", Self.getevent(fromEvemu: evemu)), ("csv", Self.csv(fromEvemu: evemu)),
                               ("csv-with-still-lift", Self.csv(fromEvemu: evemu, stillLift: true))] {
            let kind = format.hasPrefix("csv") ? "csv" : format
            // The real panel's pixels are points (1280 × 768); the hand-written swipe is at 3 px/pt.
            let scale = recording == "swipe-with-separate-lift" ? 3 : 1
            let scenario = try Self.scenario(["r.txt": text], touches: "{file: r.txt, format: \(kind), pixelsPerPoint: \(scale)}")
            velocities[format] = Self.releaseVelocity(scenario)
        }
        let csv = try #require(velocities["csv"])
        #expect(abs(csv) > 10, "\(velocities)")
        for format in ["evemu", "getevent"] {
            let v = try #require(velocities[format])
            #expect(abs(v - csv) <= 0.01 * abs(csv), "\(recording): \(format) \(v) pt/s, csv \(csv) pt/s")
        }
        // The still sample the lift used to add changes the velocity by more than the tolerance.
        let still = try #require(velocities["csv-with-still-lift"])
        #expect(abs(still - csv) > 0.01 * abs(csv), "\(velocities)")
        print("release velocities, \(recording): \(velocities)")
    }

    /// The lift after the last sample is the gesture's end: the finger lifts at the lift report's time.
    @Test func theLiftEndsTheGestureWithoutASample() throws {
        let touch = try TouchRecording.touch(try Self.swipeWithSeparateLift(), format: .evemu, mapping: .dividing(by: 3))
        #expect(touch.samples.count == 13)
        #expect(abs(touch.lift - 0.104) < 1e-9)
        let scenario = try Self.scenario(["r.evemu": try Self.swipeWithSeparateLift()],
                                         touches: "{file: r.evemu, format: evemu, pixelsPerPoint: 3}")
        #expect(abs(scenario.releaseTime - 0.204) < 1e-9)
        #expect(abs(Self.releaseVelocity(scenario) - 600.0 / 3 / 0.096) < 1)
    }

    /// The first finger's reports, read independently: slot 0's position at each SYN_REPORT while it is down.
    static func slotZeroTrack(_ text: String) -> [(t: Double, x: Double, y: Double)] {
        var track: [(t: Double, x: Double, y: Double)] = [], slot = 0, x = 0.0, y = 0.0, down = false, lifted = false
        for e in evemuEvents(text) where !lifted {
            switch (e.type, e.code) {
            case (3, 0x2f): slot = e.value
            case (3, 0x39) where slot == 0: if e.value >= 0 { down = true } else { lifted = true }
            case (3, 0x35) where slot == 0: x = Double(e.value)
            case (3, 0x36) where slot == 0: y = Double(e.value)
            case (0, 0): if down { track.append((Double(e.time)!, x, y)) }
            default: break
            }
        }
        return track
    }

    /// whot/evemu-devices' two-finger scroll: slot 0 (tracking id 13) goes down first, slot 1 (14) 7.5 ms later and
    /// lifts first. The first finger is replayed from its touch-down to its own lift; the content follows it with no
    /// jump to the second finger (35 px away), and the second finger is said, not replayed.
    @Test func twoFingersReplayTheFirst() throws {
        let text = try Self.text("EP0430M09.2-finger-scroll-down.events")
        let mapping = TouchRecording.Mapping(screen: Size(width: 1280, height: 768), fallbackPixelsPerPoint: 1)
        let touch = try TouchRecording.touch(text, format: .evemu, mapping: mapping)
        let track = Self.slotZeroTrack(text)
        #expect(abs(touch.lift - 0.754658) < 1e-9, "the first finger's lift, not the second's (0.732502)")
        #expect(touch.ignored.count == 1)
        #expect(touch.ignored.first.map { $0.kind == .finger && $0.slot == 1 && abs($0.from - 0.007513) < 1e-9
                                          && abs(($0.to ?? 0) - 0.732502) < 1e-9 } == true, "\(touch.ignored)")
        // Every sample is one of slot 0's reports (the header's range 0…1279 × 0…767 spans 1280 × 768 pt).
        for sample in touch.samples {
            #expect(track.contains { abs($0.t - 0.000001 - sample.t) < 1e-9 && $0.x == sample.point.x && $0.y == sample.point.y },
                    "\(sample)")
        }
        let steps = zip(touch.samples, touch.samples.dropFirst()).map { hypot($1.point.x - $0.point.x, $1.point.y - $0.point.y) }
        #expect(steps.max()! < 10, "\(steps.max()!)")

        let scenario = try Self.scenario(["two.events": text], touches: "{file: two.events, format: evemu}")
        #expect(abs(scenario.releaseTime - (0.1 + 0.754658)) < 1e-9)
        let frames = Simulation.frames(of: scenario)
        // While the finger is down the content moves, frame to frame, exactly as far as slot 0 moved.
        func y0(_ t: Double) -> Double { track.last { $0.t - 0.000001 + 0.1 <= t + 1e-9 }?.y ?? track[0].y }
        var moved = 0.0
        for (a, b) in zip(frames, frames.dropFirst()) where a.touch != nil && b.touch?.phase == .moved {
            let offset = b.scrollView("feed")!.contentOffset.y - a.scrollView("feed")!.contentOffset.y
            #expect(abs(offset) <= abs(y0(b.time) - y0(a.time)) + 1e-6, "frames \(a.index)–\(b.index): \(offset) pt")
            moved += abs(offset)
        }
        #expect(moved > 300, "\(moved)")
        let note = "a second finger (slot 1) from 0.108 s to 0.833 s was ignored: Flick replays the first finger"
        #expect(Simulation(scenario: scenario).warnings == ["gestures[0].touches: " + note])
        var explained: [String] = []
        Simulation(scenario: scenario, explains: true).run { explained += $0.explanations.map(\.text) }
        #expect(explained.contains { $0.contains(note) }, "\(explained)")
    }

    /// getevent -ltr's " rate N", ABS_MT_TOOL_TYPE's labels and getevent -t's numbers read as -lt does.
    @Test func geteventVariants() throws {
        let evemu = try Self.text("EP0430M09.1-finger-drag-up-down.events")
        let expected = try TouchRecording.touch(Self.getevent(fromEvemu: evemu), format: .getevent, mapping: .dividing(by: 1))
        #expect(expected.samples.count > 100)
        for text in [Self.getevent(fromEvemu: evemu, rate: true), Self.getevent(fromEvemu: evemu, toolType: true),
                     Self.getevent(fromEvemu: evemu, rate: true, toolType: true), Self.getevent(fromEvemu: evemu, numeric: true)] {
            let touch = try TouchRecording.touch(text, format: .getevent, mapping: .dividing(by: 1))
            #expect(touch.samples.map(\.t) == expected.samples.map(\.t))
            #expect(touch.samples.map(\.point) == expected.samples.map(\.point))
            #expect(touch.lift == expected.lift)
        }
        #expect(Self.getevent(fromEvemu: evemu, rate: true).contains(" rate 1"))
    }

    /// A contact that goes down as a palm is not a finger: the first finger after it is replayed. A pen is.
    @Test func palmsAreIgnoredPensAreFingers() throws {
        let text = """
            [ 1.000] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000000
            [ 1.000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000001
            [ 1.000] /dev/input/event2: EV_ABS       ABS_MT_TOOL_TYPE     MT_TOOL_PALM
            [ 1.000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000064
            [ 1.000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000064
            [ 1.000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
            [ 1.010] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000001
            [ 1.010] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000002
            [ 1.010] /dev/input/event2: EV_ABS       ABS_MT_TOOL_TYPE     MT_TOOL_PEN
            [ 1.010] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    000000c8
            [ 1.010] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    000000c8
            [ 1.010] /dev/input/event2: EV_SYN       SYN_REPORT           00000000 rate 100
            [ 1.020] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    000000d2
            [ 1.020] /dev/input/event2: EV_SYN       SYN_REPORT           00000000 rate 100
            [ 1.030] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000000
            [ 1.030] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            [ 1.030] /dev/input/event2: EV_SYN       SYN_REPORT           00000000 rate 100
            [ 1.040] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000001
            [ 1.040] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            [ 1.040] /dev/input/event2: EV_SYN       SYN_REPORT           00000000 rate 100
            """
        let touch = try TouchRecording.touch(text, format: .getevent, mapping: .dividing(by: 1))
        #expect(touch.samples.map(\.point) == [Point(x: 200, y: 200), Point(x: 200, y: 210)])
        #expect(abs(touch.lift - 0.03) < 1e-9)
        #expect(touch.ignored.count == 1)
        #expect(touch.ignored.first?.kind == .palm)
        #expect(touch.ignored.first?.slot == 0)
        #expect(touch.ignored.first?.words(at: 1) == "a palm (slot 0) from 1 s to 1.02 s was ignored: Flick replays fingers, not palms")
    }

    /// Type A (multi-touch-protocol.rst): contacts separated by SYN_MT_REPORT, no slots; the first contact of each
    /// report is the finger, an empty report lifts it.
    @Test func typeAProtocol() throws {
        func report(_ t: Double, _ contacts: [(Int, Int)]) -> String {
            contacts.map { "E: \(t) 0003 0035 \($0.0)\nE: \(t) 0003 0036 \($0.1)\nE: \(t) 0000 0002 0\n" }.joined()
                + (contacts.isEmpty ? "E: \(t) 0000 0002 0\n" : "") + "E: \(t) 0000 0000 0\n"
        }
        let text = "# EVEMU 1.3\n" + report(0.0, [(300, 900)]) + report(0.01, [(300, 870), (600, 100)])
            + report(0.02, [(300, 840), (600, 110)]) + report(0.03, [(300, 810)]) + report(0.04, [])
        let touch = try TouchRecording.touch(text, format: .evemu, mapping: .dividing(by: 3))
        #expect(touch.samples.map(\.point) == [Point(x: 100, y: 300), Point(x: 100, y: 290), Point(x: 100, y: 280), Point(x: 100, y: 270)])
        #expect(abs(touch.lift - 0.04) < 1e-9)
        #expect(touch.ignored.map(\.slot) == [nil])
        #expect(touch.ignored.first.map { abs($0.from - 0.01) < 1e-9 && abs($0.to! - 0.03) < 1e-9 } == true)
    }

    /// Every number of a recording is finite and within the limits, else an error naming the line.
    @Test(arguments: [
        ("t,x,y\n0,1,2\n1e300,2,3\n", TouchRecording.Format.csv, 3, "1e+300 s is 1e+300 s after the touch-down; a recorded touch lasts at most 600 s"),
        ("t,x,y\n0,1,2\n0.1,1e308,3\n", .csv, 3, "x = 1e+308 ÷ 1 px/pt is 1e+308 pt, beyond the ±1000000 pt a finger's points may be"),
        ("t,x,y\n0,1,2\nnan,2,3\n", .csv, 3, "the time is nan; times must be finite numbers of seconds"),
        ("t,x,y\ninf,1,2\n1,2,3\n", .csv, 2, "the time is inf; times must be finite numbers of seconds"),
        ("0,1,2\n0.1,-inf,3\n", .csv, 2, "x is -inf; positions must be finite numbers"),
        ("[ nan] /dev/input/event2: EV_SYN SYN_REPORT 00000000\n", .getevent, 1, "the time is nan; times must be finite numbers of seconds"),
        ("E: inf 0000 0000 0\n", .evemu, 1, "the time is inf; times must be finite numbers of seconds"),
        ("[ 1.0] /dev/input/event2: EV_ABS ABS_MT_TRACKING_ID 00000001\n[ 1.0] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 7fffffff\n[ 1.0] /dev/input/event2: EV_ABS ABS_MT_POSITION_Y 00000010\n[ 1.0] /dev/input/event2: EV_SYN SYN_REPORT 00000000\n",
         .getevent, 4, "x = 2147483647 ÷ 3 px/pt is 715827882.333 pt, beyond the ±1000000 pt a finger's points may be"),
        ("E: 0.0 0003 0039 1\nE: 0.0 0003 0035 10\nE: 0.0 0003 0036 10\nE: 0.0 0000 0000 0\nE: 700.5 0003 0036 20\nE: 700.5 0000 0000 0\n",
         .evemu, 6, "700.5 s is 700.5 s after the touch-down; a recorded touch lasts at most 600 s"),
        ("A: 35 0 inf 0 0 0\n", .evemu, 1, "ABS_MT_POSITION_X ranges from 0 to inf; a range's ends must be finite numbers within ±1e15"),
    ])
    func badNumbers(text: String, format: TouchRecording.Format, line: Int, message: String) {
        #expect(throws: RecordingFile.Problem(line: line, message: message)) {
            try TouchRecording.samples(text, format: format, pixelsPerPoint: format == .csv ? 1 : 3)
        }
    }

    /// In a scenario, a bad number is an error at `touches.file` naming the recording's line (validate exits 2).
    @Test func aBadNumberIsAScenarioError() throws {
        do {
            _ = try Self.scenario(["bad.csv": "t,x,y\n0,1,2\n1e300,2,3\n"], touches: "{file: bad.csv, format: csv}")
            Issue.record("expected an error")
        } catch let error as ScenarioError {
            #expect(error.diagnostics.first?.path == "gestures[0].touches.file")
            #expect(error.diagnostics.first?.message == "bad.csv:3: 1e+300 s is 1e+300 s after the touch-down; a recorded touch lasts at most 600 s")
        } catch {
            Issue.record("\(error)")
        }
    }
}
