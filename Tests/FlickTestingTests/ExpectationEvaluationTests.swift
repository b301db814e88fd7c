import FlickCore
import Foundation
import Testing
@testable import FlickRunner
import FlickTesting

@Suite("Expectations checked against the simulated states")
struct ExpectationEvaluationTests {
    @Test("Expectations that the physics meets pass: detents, tops, offsets, phases over a span")
    func holding() {
        let scenario = sheetHandOff(expectations: [
            Expectation(.at(0), "sheet.top", .equals(.number(422)), index: 0),
            Expectation(.at(1.2), "sheet.top", .near(67.52, within: 0.01), index: 1),
            Expectation(.at(1.2), "list.contentOffset.y", .near(245.52, within: 0.01), index: 2),
            Expectation(.at(1.2), "sheet.detent", .equals(.null), index: 3),
            Expectation(.span(from: 0.3, to: 1.25), "sheet.phase", .equals(.string("tracking")), index: 4),
            Expectation(.at(2.9), "sheet.detent", .equals(.string("half")), index: 5),
            Expectation(.at(2.9), "sheet.top", .near(422, within: 0.01), index: 6),
            Expectation(.end, "sheet.detent", .equals(.string("tip")), index: 7),
            Expectation(.end, "sheets.sheet.top", .near(724, within: 0.5), index: 8),
            Expectation(.end, "list.contentOffset.y", .equals(.number(0)), index: 9),
        ])
        let failures = ExpectationEvaluator.check(scenario)
        #expect(failures.isEmpty, "\(failures.map(\.description))")
    }

    @Test("A wrong number says where and by how much")
    func wrongNumber() throws {
        let scenario = sheetHandOff(expectations: [Expectation(.at(1.2), "sheet.top", .near(422, within: 0.5), index: 3)])
        let failure = try #require(ExpectationEvaluator.check(scenario).first)
        #expect(failure.description == "expect[3]: sheet.top was 67.52, expected 422 ± 0.5 (off by 354.48) at 1.2 s (frame 72)")
        #expect(failure.frame == 72)
        guard case .number(let top)? = failure.actual else { Issue.record("no number in \(failure)"); return }
        #expect(abs(top - 67.52) < 1e-9)
    }

    @Test("A wrong name at the end, and a wrong number compared exactly")
    func wrongEquality() {
        let scenario = sheetHandOff(expectations: [
            Expectation(.end, "sheet.detent", .equals(.string("half")), index: 0),
            Expectation(.at(0.5), "list.contentOffset.y", .equals(.number(3)), index: 1),
        ])
        let messages = ExpectationEvaluator.check(scenario).map(\.description)
        #expect(messages == [
            "expect[0]: sheet.detent was \"tip\", expected \"half\" at the end, 4.5 s (frame 270)",
            "expect[1]: list.contentOffset.y was 0, expected 3 (off by 3) at 0.5 s (frame 30)",
        ])
    }

    @Test("A span fails at its first failing frame and counts the others")
    func span() throws {
        // The finger lifts at 1.3 s: frames 78 ... 90 (1.3 ... 1.5 s) are no longer tracking; 60 ... 77 are.
        let scenario = sheetHandOff(expectations: [Expectation(.span(from: 1.0, to: 1.5), "sheet.phase",
                                                               .equals(.string("tracking")), index: 0)])
        let failure = try #require(ExpectationEvaluator.check(scenario).first)
        #expect(failure.description == "expect[0]: sheet.phase was \"idle\", expected \"tracking\" at 1.3 s (frame 78); 13 of the 31 frames from 1 s to 1.5 s fail")
        #expect(failure.failedFrames == 13 && failure.coveredFrames == 31)
    }

    @Test("A path that names nothing, and a time outside the frames, fail with what is wrong")
    func nothingThere() {
        let scenario = sheetHandOff(expectations: [
            Expectation(.at(1), "pager.page", .equals(.number(1)), index: 0),
            Expectation(.at(9), "sheet.top", .near(0, within: 1), index: 1),
            Expectation(.span(from: 5, to: 6), "sheet.top", .near(0, within: 1), index: 2),
        ])
        let messages = ExpectationEvaluator.check(scenario).map(\.description)
        #expect(messages == [
            "expect[0]: pager.page names nothing in the frame at 1 s (frame 60)",
            "expect[1]: sheet.top: no frame at 9 s (frames run from 0 s to 4.5 s)",
            "expect[2]: sheet.top: no frame from 5 s to 6 s (frames run from 0 s to 4.5 s at 60 fps)",
        ])
    }

    @Test("at: picks the nearest frame; numbers compare to the document's 1e-6")
    func nearestFrame() {
        // 1.2041 s is nearest to frame 72 (1.2 s) at 60 fps; at 120 fps the same expectation reads frame 144.
        let expectations = [Expectation(.at(1.2041), "sheet.top", .equals(.number(67.5200004)), index: 0)]
        #expect(ExpectationEvaluator.check(sheetHandOff(expectations: expectations)).isEmpty)
        #expect(ExpectationEvaluator.check(sheetHandOff(expectations: expectations, fps: 120)).isEmpty)
        let tight = [Expectation(.at(1.2), "sheet.top", .equals(.number(67.52001)), index: 0)]
        #expect(ExpectationEvaluator.check(sheetHandOff(expectations: tight)).count == 1)
    }
}
