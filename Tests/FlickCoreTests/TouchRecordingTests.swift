import Foundation
import Testing
@testable import FlickCore

/// `touches: {file, format}`: a finger recorded as getevent, evemu or CSV text, replayed as a gesture
/// (docs/scenario-format.md, "Gestures"). The dumps in Tests/Recordings are hand-written in the tools' formats.
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
         "expected a hexadecimal value, DOWN or UP, found \"zz\""),
        ("[ x] /dev/input/event2: EV_SYN SYN_REPORT 0\n", .getevent, 1, "expected a timestamp [seconds], found \"[ x] /dev/input/event2: EV_SYN SYN_REPOR\""),
        ("E: 0.0 0003 0035\n", .evemu, 1, "expected E: seconds type code value (evemu-record), found \"E: 0.0 0003 0035\""),
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
        let twice = once + once.split(separator: "\n").filter { $0.hasPrefix("E:") }.joined(separator: "\n")
        let lines = once.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(throws: RecordingFile.Problem(line: lines, message: "a second touch begins here; a gesture replays one (split the file)")) {
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
        ("A: 35 zero", 3, "expected A: code min max (evemu-record's axis line), found \"A: 35 zero\""),
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
        guard case .touches(let samples) = scenario.gestures.first?.action else {
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
}
