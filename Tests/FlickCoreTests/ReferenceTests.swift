import Foundation
import Testing
@testable import FlickCore

/// `reference:`: recordings read from CSV and JSON, aligned at the release, and measured against the simulation
/// (docs/scenario-format.md, "References"; docs/states.md, "References").
@Suite struct ReferenceTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    @Test func csvWithHeaderAndComments() throws {
        let samples = try RecordingFile.csv("# recorded at 60 Hz\nt,value\n0, -73.5\n0.016667,-101.5 # peak soon\n\n0.033333,-120\n")
        #expect(samples.map(\.t) == [0, 0.016667, 0.033333])
        #expect(samples.map(\.value) == [-73.5, -101.5, -120])
    }

    @Test func jsonPairsAndObjects() throws {
        #expect(try RecordingFile.json("[[0, 1], [0.5, 2.5]]").map(\.value) == [1, 2.5])
        #expect(try RecordingFile.json("[{\"t\": 0, \"value\": 3}, {\"t\": 1, \"value\": 4}]").map(\.t) == [0, 1])
    }

    /// Each problem names its line.
    @Test(arguments: [
        ("t,v\n0,1\n0.1,2\n0.05,3\n", 4, "t must increase: 0.05 s comes after 0.1 s"),
        ("t,v\n0,1\n0.1,nan\n", 3, "value is nan, not a finite number"),
        ("0,1\n0.1\n", 2, "expected two columns, t and value, found 1"),
        ("0,1\nx,2\n", 2, "t is not a number"),
        ("t,v\n0,1\n0.1,inf\n", 3, "value is inf, not a finite number"),
        // Finite but past what the state paths and the scenario's clock hold: value − baseline and the residuals
        // would overflow to ±inf in states.json (issue 36, item 13).
        ("t,v\n0,1\n0.1,1e308\n", 3, "value is 1e+308, beyond the ±100000000 a recorded value may be"),
        ("t,v\n0,1\n1e300,2\n", 3, "t is 1e+300 s, beyond the ±1000000000 s a recorded time may be"),
        ("t,v\nnan,1\n0.1,2\n", 2, "t is nan, not a finite number"),
    ])
    func csvProblems(text: String, line: Int, message: String) {
        #expect(throws: RecordingFile.Problem(line: line, message: message)) { try RecordingFile.csv(text) }
    }

    @Test func jsonProblems() {
        #expect(throws: RecordingFile.Problem(line: 2, message: "missing \"value\"")) {
            try RecordingFile.json("[[0, 1], [0.1, 2],\n {\"t\": 0.2}]")
        }
        #expect(throws: RecordingFile.Problem(line: nil, message: "holds 1 sample; a recording needs at least 2")) {
            try RecordingFile.json("[[0, 1]]")
        }
    }

    /// Aligned at the release: the recording's `release` (or first sample) is put where the finger lifts.
    @Test func alignment() {
        let samples = [Reference.Sample(t: 0, value: -70), Reference.Sample(t: 0.5, value: -64)]
        let atRelease = Reference(path: "a", file: "f", samples: samples, baseline: -64, release: -0.25)
        #expect(atRelease.aligned(releaseTime: 1).map(\.t) == [1.25, 1.75])
        #expect(atRelease.aligned(releaseTime: 1).map(\.value) == [-6, 0])
        let offset = Reference(path: "a", file: "f", samples: samples, timeOffset: 0.1)
        #expect(offset.aligned(releaseTime: 1).map(\.t) == [0.1, 0.6])
        #expect(Reference(path: "a", file: "f", samples: samples).aligned(releaseTime: 2).map(\.t) == [2, 2.5])
    }

    /// Examples/device-bounce.yaml: Flick's bounce against the 2x device recording, within 0.3 pt at every frame.
    @Test func deviceBounceExample() throws {
        let scenario = try ScenarioDecoder.load(path: Self.examples.appendingPathComponent("device-bounce.yaml").path)
        #expect(scenario.references.count == 1)
        expectClose(scenario.releaseTime, 0.149363, 1e-9)
        let residual = try #require(ReferenceResidual.measure(scenario).first)
        #expect(residual.differences.count == 45)
        #expect(residual.outside == 0)
        expectClose(residual.maximum, 0.2611, 1e-3)
        expectClose(residual.rms, 0.1373, 1e-3)
        expectClose(residual.worst?.t ?? 0, 0.237313, 1e-5)
        #expect(residual.maximum <= 0.3)
    }

    /// A reference's file and path are checked where they are written.
    @Test func decodingProblems() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "t,v\n0,1\n0.1,1\n0.1,2\n".write(to: folder.appendingPathComponent("bad.csv"), atomically: true, encoding: .utf8)
        try "t,v\n0,1\n0.1,2\n".write(to: folder.appendingPathComponent("good.csv"), atomically: true, encoding: .utf8)
        func problem(_ reference: String, expect: String = "") -> String {
            let text = """
            viewport: {width: 390, height: 844}
            duration: 1
            scene: {list: {id: feed, rows: 30, rowHeight: 50}}
            reference:
              - \(reference)
            \(expect)
            """
            let file = folder.appendingPathComponent("s.yaml").path
            do {
                _ = try ScenarioDecoder.decode(data: Data(text.utf8), file: file, defaultName: "s")
                return "decoded"
            } catch {
                return error.diagnostics.map { "\($0.path): \($0.message)" }.joined(separator: "\n")
            }
        }
        #expect(problem("{path: feed.contentOffset.y, file: bad.csv}")
                == "reference[0].file: bad.csv:4: t must increase: 0.1 s comes after 0.1 s")
        #expect(problem("{path: feed.contentOffset.y, file: none.csv}") == "reference[0].file: none.csv: no such file")
        // A path that names nothing is found by the runner (ExpectationPathsTests), not by decoding.
        #expect(problem("{path: feed.offset.y, file: good.csv}") == "decoded")
        #expect(problem("{path: feed.contentOffset.y, file: good.csv}") == "decoded")
        #expect(problem("{path: feed.contentOffset.y, file: good.csv}", expect: "expect: [{reference: 1, within: 0.5}]")
                == "expect[0].reference: reference 1 does not exist; the scenario has 1 (0...0)")
        #expect(problem("{path: feed.contentOffset.y, file: good.csv}", expect: "expect: [{reference: 0}]")
                == "expect[0]: missing required key \"within\"")
        #expect(problem("{path: feed.contentOffset.y, file: good.csv, timeOffset: 1, release: 0}")
                == "reference[0].release: give timeOffset or release, not both")
        // Every number of a reference is within the limits of what it becomes (issue 36, item 13).
        #expect(problem("{path: feed.contentOffset.y, file: good.csv, baseline: -1e308}")
                == "reference[0].baseline: expected a number from -100000000 to 100000000, found -1e308")
        #expect(problem("{path: feed.contentOffset.y, file: good.csv, release: 1e308}")
                == "reference[0].release: expected a number from -1000000000 to 1000000000, found 1e308")
        #expect(problem("{path: feed.contentOffset.y, file: good.csv, timeOffset: -1e308}")
                == "reference[0].timeOffset: expected a number from -1000000000 to 1000000000, found -1e308")
    }
}
