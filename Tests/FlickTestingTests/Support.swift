import FlickCore
import Foundation

/// The ClassPass hand-off of Examples/sheet-handoff.yaml, built in Swift so the tests do not depend on the
/// decoder: a 390 × 844 viewport, a sheet with detents tip (120 pt), half (0.5) and full (0.92) over a 60-row list.
///
/// The numbers the physics gives, worked out by hand:
/// - half is top 844 − 422 = 422, full is 844 − 0.92·844 = 67.52, tip is 844 − 120 = 724;
/// - the first drag (600 pt up, 0.2 … 1.2 s, held 0.1 s) raises the sheet 354.48 pt to full and scrolls the list
///   the remaining 245.52 pt; released still at 1.3 s, nothing moves after it;
/// - the second (600 pt down, 1.6 … 2.6 s, held) scrolls the list home and lowers the sheet 354.48 pt to half;
/// - the flick (100 pt down in 0.1 s at 3.0 s) releases at 1000 pt/s from top 522: projected
///   522 + 1000/(1000·ln(1/0.998)) ≈ 1021.5, nearest to tip among half and its neighbours.
func sheetHandOff(expectations: [Expectation] = [], fps: Double = 60) -> Scenario {
    let list = Component.list(ListSpec(rows: 60, rowHeight: 56))
    let sheet = SheetSpec(detents: [.height("tip", 120), .fraction("half", 0.5), .fraction("full", 0.92)],
                          initial: "half", header: SheetHeader(height: 56, title: "Studios nearby"), content: list)
    return Scenario(
        name: "sheet-handoff", viewport: Viewport(width: 390, height: 844, scale: 1, safeArea: EdgeInsets(top: 47, bottom: 34)),
        fps: fps, duration: 4.5, scene: Scene(background: .plain, root: .sheet(sheet)),
        gestures: [
            .drag(at: 0.2, from: Point(x: 195, y: 700), to: Point(x: 195, y: 100), duration: 1.0, hold: 0.1),
            .drag(at: 1.6, from: Point(x: 195, y: 150), to: Point(x: 195, y: 750), duration: 1.0, hold: 0.1),
            .drag(at: 3.0, from: Point(x: 195, y: 500), to: Point(x: 195, y: 600), duration: 0.1),
        ],
        expectations: expectations)
}

/// A fresh empty folder in the temporary directory.
func temporaryFolder(_ label: String = "flick-testing") throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
