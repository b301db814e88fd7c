import FlickCore
import FlickRunner
import Foundation
import Testing

/// The first sheet is in the state document twice (`sheet.top`, `sheets.sheet.top`): a states golden that differs
/// lists it once, under the singular key; a second sheet's own path stays listed.
@Suite struct StateGoldenAliasTests {
    @Test func aKeyedCopyOfTheFirstSheetIsListedOnce() {
        let expected = StateTrajectory(fps: 60, frameCount: 3, width: 390, height: 844, scale: 3, series: [
            .init(path: "sheet.top", values: [400, 300, 200]),
            .init(path: "sheets.sheet.top", values: [400, 300, 200]),
            .init(path: "sheets.card.top", values: [700, 700, 700]),
            .init(path: "refreshControl.progress", values: [0, 0.5, 1]),
            .init(path: "refreshControls.list.progress", values: [0, 0.5, 1]),
        ])
        let actual = StateTrajectory(fps: 60, frameCount: 3, width: 390, height: 844, scale: 3, series: [
            .init(path: "sheet.top", values: [400, 310, 220]),
            .init(path: "sheets.sheet.top", values: [400, 310, 220]),
            .init(path: "sheets.card.top", values: [700, 690, 700]),
            .init(path: "refreshControl.progress", values: [0, 0.6, 1]),
            .init(path: "refreshControls.list.progress", values: [0, 0.6, 1]),
        ])
        guard case .deviated(let deviations) = StateGoldens.compare(expected: expected, actual: actual, tolerance: 0.001) else {
            Issue.record("expected deviations")
            return
        }
        #expect(deviations.map(\.path).sorted() == ["refreshControl.progress", "sheet.top", "sheets.card.top"])
    }
}
