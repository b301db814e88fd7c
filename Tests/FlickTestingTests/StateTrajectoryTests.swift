import FlickCore
import FlickRunner
import Foundation
import Testing

@Suite("States goldens: the file and the comparison")
struct StateTrajectoryTests {
    static let two = StateTrajectory(fps: 60, frameCount: 3, width: 200, height: 300, scale: 2, series: [
        .init(path: "a.x", values: [0, 1.5, nil]),
        .init(path: "b", values: [-0.25, 1e-7, 12345.678901]),
    ])

    @Test("the text is fixed: sorted paths, one a line, numbers rounded to 1e-6, null for no number; it reads back")
    func text() throws {
        #expect(Self.two.text == """
        {"format": "flick-states-golden", "version": 1, "fps": 60, "frames": 3, "viewport": {"height": 300, "scale": 2, "width": 200},
        "values": {
        "a.x": [0,1.5,null],
        "b": [-0.25,0,12345.678901]
        }}

        """)
        let read = try StateTrajectory(text: Data(Self.two.text.utf8), file: "g.json")
        #expect(read.series.map(\.path) == ["a.x", "b"])
        #expect(read.series[1].values == [-0.25, 0, 12345.678901])
        #expect(read.text == Self.two.text)
    }

    @Test("a file that is not a states golden is refused, naming the file and what is wrong")
    func badFiles() {
        for (text, message) in [
            ("[1, 2]", "g.json: not a JSON object"),
            (#"{"format": "other"}"#, #"g.json: "format" is not "flick-states-golden""#),
            (#"{"format": "flick-states-golden", "version": 2}"#, "g.json: version 2; this flick reads version 1"),
            (#"{"format": "flick-states-golden", "version": 1, "fps": 60}"#, "g.json: expected fps, frames, viewport"),
            (#"{"format": "flick-states-golden", "version": 1, "fps": 60, "frames": 1, "viewport": {"width": 1, "height": 1, "scale": 1}, "values": {"a": ["x"]}}"#,
             "g.json: values of a hold x, not a number or null"),
        ] {
            #expect {
                _ = try StateTrajectory(text: Data(text.utf8), file: "g.json")
            } throws: { error in
                "\(error)".hasPrefix(message)
            }
        }
    }

    @Test("the comparison finds the worst and the first deviation, and a number where the golden has none")
    func compare() {
        var actual = Self.two
        actual.series[0].values = [0, 1.7, 4]
        actual.series[1].values = [-0.2, 0.3, 12345.678901]
        guard case .deviated(let deviations) = StateGoldens.compare(expected: Self.two, actual: actual, tolerance: 0.1) else {
            Issue.record("expected deviations")
            return
        }
        #expect(deviations.map(\.path) == ["a.x", "b"])
        #expect(deviations[0].worst == .infinity && deviations[0].worstFrame == 2 && deviations[0].firstFrame == 1)
        #expect(deviations[0].detail(tolerance: 0.1).hasPrefix("4 at 0.033 s (frame 2), where the golden has none; first at 0.017 s (frame 1), 2 frames beyond 0.1"))
        #expect(abs(deviations[1].worst - (0.3 - 1e-7)) < 1e-12 && deviations[1].worstFrame == 1 && deviations[1].firstFrame == 1)
        #expect(deviations[1].deviatingFrames == 1)
        if case .matched = StateGoldens.compare(expected: Self.two, actual: Self.two, tolerance: 0) {} else {
            Issue.record("a trajectory matches itself within 0")
        }
        var renamed = Self.two
        renamed.series[0].path = "a.y"
        guard case .incompatible(let why) = StateGoldens.compare(expected: Self.two, actual: renamed, tolerance: 0.1) else {
            Issue.record("expected a mismatch of paths")
            return
        }
        #expect(why == "its state paths differ (in the golden but not in this run: a.x; in this run but not in the golden: a.y)")
    }
}
