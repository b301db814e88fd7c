import Foundation
import Testing
@testable import FlickPhysics

/// FloatingPanel's own `targetState` tables, ported row for row from scenee/FloatingPanel `Tests/CoreTests.swift`
/// (`test_targetState_*`, 265 rows). `assertTargetState` puts the surface at `pos` and asks
/// `targetState(from: pos, with: velocity.y)` while the panel's state is the one the test moved it to.
///
/// Geometry (`Tests/TestSupports.swift`): a 375 × 667 superview; `FloatingPanelTestLayout` is a bottom panel with full
/// 20 pt from the top, half 250 and tip 60 pt from the bottom (y = 20, 417, 607); `FloatingPanelTop2BottomTestLayout`
/// is a top panel whose bottom edge rests at tip 60, half 250 and full 667.
@Suite struct FloatingPanelCoreTests {
    typealias Row = (position: Double, velocity: Double, expected: String)

    /// A panel's anchors: names and positions, in increasing position.
    struct Panel {
        let names: [String]
        let positions: [Double]
        var behavior = FloatingPanelBehavior.default

        init(_ anchors: KeyValuePairs<String, Double>) {
            let sorted = anchors.sorted { $0.value < $1.value }
            names = sorted.map(\.key)
            positions = sorted.map(\.value)
        }

        func position(_ name: String) -> Double { positions[names.firstIndex(of: name)!] }

        func check(from state: String, _ rows: [Row], sourceLocation: SourceLocation = #_sourceLocation) {
            let current = names.firstIndex(of: state)!
            for row in rows {
                let target = behavior.targetState(anchors: positions, current: current, position: row.position,
                                                  velocity: row.velocity)
                #expect(names[target.index] == row.expected,
                        "from \(state) at \(row.position) with \(row.velocity) pt/s", sourceLocation: sourceLocation)
            }
        }
    }

    static let bottom = Panel(["full": 20, "half": 417, "tip": 607])
    static let top = Panel(["tip": 60, "half": 250, "full": 667])

    /// test_targetState_1positions.
    @Test func targetState1Positions() {
        let panel = Panel(["full": 20])
        let full = 20.0
        panel.check(from: "full", [
            (full - 10, 1000, "full"), (full, -1000, "full"), (full, -100, "full"), (full, 0, "full"),
            (full, 100, "full"), (full, 1000, "full"), (full + 10, 100, "full"),
        ])
    }

    /// test_targetState_2positions (the same table from .full and from .half).
    @Test(arguments: ["full", "half"])
    func targetState2Positions(from state: String) {
        let panel = Panel(["full": 20, "half": 417])
        let full = 20.0, half = 417.0
        panel.check(from: state, [
            (full - 10, 1000, "half"), (full, -1000, "full"), (full, -100, "full"), (full, 0, "full"),
            (full, 100, "full"), (full, 1000, "half"), (full + 10, 100, "full"),
            (half - 10, -100, "half"), (half, -1000, "full"), (half, -100, "half"), (half, 0, "half"),
            (half, 100, "half"), (half, 1000, "half"), (half + 10, -1000, "full"),
        ])
    }

    /// test_targetState_2positionsWithHidden (the same table from .full and from .hidden).
    @Test(arguments: ["full", "hidden"])
    func targetState2PositionsWithHidden(from state: String) {
        let panel = Panel(["full": 20, "hidden": 667])
        let full = 20.0, hidden = 667.0
        panel.check(from: state, [
            (full - 10, 1000, "hidden"), (full, -1000, "full"), (full, -100, "full"), (full, 0, "full"),
            (full, 100, "full"), (full, 1000, "hidden"), (full + 10, 100, "full"),
            (hidden - 10, -100, "hidden"), (hidden, -1000, "full"), (hidden, -100, "hidden"), (hidden, 0, "hidden"),
            (hidden, 100, "hidden"), (hidden, 1000, "hidden"), (hidden + 10, -1000, "full"),
        ])
    }

    /// test_targetState_3positionsFromFull.
    @Test func targetState3PositionsFromFull() {
        let (full, half, tip) = (20.0, 417.0, 607.0)
        Self.bottom.check(from: "full", [
            (full - 500, -100, "full"), (full - 500, 0, "full"), (full - 500, 100, "full"),
            (full - 10, 3000, "half"),
            (full, -100, "full"), (full, 0, "full"), (full, 500, "half"), (full, 1000, "half"), (full, 3000, "half"),
            (full + 10, 100, "full"),
            (half - 10, -100, "half"), (half, -1000, "full"), (half, -100, "half"), (half, 0, "half"),
            (half, 100, "half"), (half, 1000, "tip"), (half + 10, 100, "half"),
            (tip - 10, -100, "tip"), (tip, -3000, "half"), (tip, -1000, "half"), (tip, -500, "half"),
            (tip, -100, "tip"), (tip, 0, "tip"), (tip, 100, "tip"),
            (tip + 10, -3000, "half"),
            (tip + 500, -100, "tip"), (tip + 500, 0, "tip"), (tip + 500, 100, "tip"),
        ])
    }

    /// test_targetState_3positionsFromFull_bottomEdge.
    @Test func targetState3PositionsFromFullBottomEdge() {
        let (tip, half, full) = (60.0, 250.0, 667.0)
        Self.top.check(from: "full", [
            (tip - 500, -100, "tip"), (tip - 500, 0, "tip"), (tip - 500, 100, "tip"),
            (tip - 10, 3000, "half"),
            (tip, -100, "tip"), (tip, 0, "tip"), (tip, 500, "half"), (tip, 1000, "half"), (tip, 3000, "half"),
            (tip + 10, 100, "tip"),
            (half - 10, -100, "half"), (half, -1000, "tip"), (half, -100, "half"), (half, 0, "half"),
            (half, 100, "half"), (half, 1000, "full"), (half + 10, 100, "half"),
            (full - 10, -100, "full"), (full, -3000, "half"), (full, -1000, "half"), (full, -500, "half"),
            (full, -100, "full"), (full, 0, "full"), (full, 100, "full"),
            (full + 10, -3000, "half"),
            (full + 500, -100, "full"), (full + 500, 0, "full"), (full + 500, 100, "full"),
        ])
    }

    /// test_targetState_3positionsFromHalf.
    @Test func targetState3PositionsFromHalf() {
        let (full, half, tip) = (20.0, 417.0, 607.0)
        Self.bottom.check(from: "half", [
            (full - 500, -100, "full"), (full - 500, 0, "full"), (full - 500, 100, "full"),
            (full, -100, "full"), (full, 0, "full"), (full, 500, "half"), (full, 1000, "half"), (full, 3000, "half"),
            (full + 10, 100, "full"),
            (half - 10, -100, "half"), (half, -1000, "full"), (half, -100, "half"), (half, 0, "half"),
            (half, 100, "half"), (half, 1000, "tip"), (half + 10, 100, "half"),
            (tip - 10, -100, "tip"), (tip, -3000, "half"), (tip, -1000, "half"), (tip, -500, "half"),
            (tip, -100, "tip"), (tip, 0, "tip"), (tip, 100, "tip"),
            (tip + 500, -100, "tip"), (tip + 500, 0, "tip"), (tip + 500, 100, "tip"),
        ])
    }

    /// test_targetState_3positionsFromHalf_bottomEdge.
    @Test func targetState3PositionsFromHalfBottomEdge() {
        let (tip, half, full) = (60.0, 250.0, 667.0)
        Self.top.check(from: "half", [
            (tip - 500, -100, "tip"), (tip - 500, 0, "tip"), (tip - 500, 100, "tip"),
            (tip, -100, "tip"), (tip, 0, "tip"), (tip, 500, "half"), (tip, 1000, "half"), (tip, 3000, "half"),
            (tip + 10, 100, "tip"),
            (half - 10, -100, "half"), (half, -1000, "tip"), (half, -100, "half"), (half, 0, "half"),
            (half, 100, "half"), (half, 1000, "full"), (half + 10, 100, "half"),
            (full - 10, -100, "full"), (full, -3000, "half"), (full, -1000, "half"), (full, -500, "half"),
            (full, -100, "full"), (full, 0, "full"), (full, 100, "full"),
            (full + 500, -100, "full"), (full + 500, 0, "full"), (full + 500, 100, "full"),
        ])
    }

    /// test_targetState_3positionsFromTip.
    @Test func targetState3PositionsFromTip() {
        let (full, half, tip) = (20.0, 417.0, 607.0)
        Self.bottom.check(from: "tip", [
            (full - 500, -100, "full"), (full - 500, 0, "full"), (full - 500, 100, "full"),
            (full, -100, "full"), (full, 0, "full"), (full, 500, "half"), (full, 1000, "half"), (full, 3000, "half"),
            (full + 10, 100, "full"),
            (half - 10, -100, "half"), (half, -3000, "full"), (half, -100, "half"), (half, 0, "half"),
            (half, 100, "half"), (half, 1000, "tip"), (half + 10, 100, "half"),
            (tip - 10, -100, "tip"), (tip, -3000, "half"), (tip, -1000, "half"), (tip, -500, "half"),
            (tip, -100, "tip"), (tip, 0, "tip"), (tip, 100, "tip"),
            (tip + 500, -100, "tip"), (tip + 500, 0, "tip"), (tip + 500, 100, "tip"),
        ])
    }

    /// test_targetState_3positionsFromTip_bottomEdge.
    @Test func targetState3PositionsFromTipBottomEdge() {
        let (tip, half, full) = (60.0, 250.0, 667.0)
        Self.top.check(from: "tip", [
            (tip - 500, -100, "tip"), (tip - 500, 0, "tip"), (tip - 500, 100, "tip"),
            (tip, -100, "tip"), (tip, 0, "tip"), (tip, 500, "half"), (tip, 1000, "half"), (tip, 3000, "half"),
            (tip + 10, 100, "tip"),
            (half - 10, -100, "half"), (half, -3000, "tip"), (half, -100, "half"), (half, 0, "half"),
            (half, 100, "half"), (half, 1000, "full"), (half + 10, 100, "half"),
            (full - 10, -100, "full"), (full, -3000, "half"), (full, -1000, "half"), (full, -500, "half"),
            (full, -100, "full"), (full, 0, "full"), (full, 100, "full"),
            (full + 500, -100, "full"), (full + 500, 0, "full"), (full + 500, 100, "full"),
        ])
    }

    /// test_targetState_3positionsAllProjection (`FloatingPanelProjectableBehavior`: momentum projected past every state).
    @Test func targetState3PositionsAllProjection() {
        var panel = Self.bottom
        panel.behavior.projectsMomentum = true
        let (full, half, tip) = (20.0, 417.0, 607.0)
        let table: [Row] = [
            (full - 10, 3000, "tip"), (full, 1000, "tip"), (full, 3000, "tip"), (half, 1000, "tip"),
            (half, -1000, "full"), (tip, -3000, "full"), (tip, -1000, "full"), (tip + 10, -3000, "full"),
        ]
        panel.check(from: "full", table)
        panel.check(from: "tip", [(full, 1000, "tip"), (full, 3000, "tip"), (tip, -3000, "full"), (tip, -1000, "full")])
        panel.check(from: "tip", table)
    }

    /// test_targetState_3positionsWithHidden.
    @Test func targetState3PositionsWithHidden() {
        let panel = Panel(["full": 20, "half": 417, "hidden": 667])
        panel.check(from: "full", [(20, 1000, "half")])
        panel.check(from: "half", [(417, -100, "half"), (417, -1000, "full"), (417, 0, "half"), (417, 1000, "hidden")])
    }

    /// test_targetState_3positionsWithHiddenWithoutFull (projectable).
    @Test func targetState3PositionsWithHiddenWithoutFull() {
        var panel = Panel(["half": 417, "tip": 607, "hidden": 667])
        panel.behavior.projectsMomentum = true
        let (half, tip) = (417.0, 607.0)
        panel.check(from: "half", [
            (half, -100, "half"), (half, 0, "half"), (half, 385, "tip"), (half, 1000, "hidden"),
            (half + 10, 100, "half"), (tip - 10, -100, "tip"), (tip, -3000, "half"),
            (tip, -10, "tip"), (tip, 0, "tip"), (tip, 10, "tip"), (tip, 1000, "hidden"),
            (tip + 10, 10, "tip"), (tip - 10, 10, "tip"),
        ])
        panel.check(from: "tip", [(tip, -100, "tip"), (tip, -1000, "half"), (tip, 0, "tip"), (tip, 1000, "hidden")])
    }

    // MARK: Flick's checks of the rest of the behaviour (values computed from Core.swift's formulas)

    @Test func defaults() {
        let behavior = FloatingPanelBehavior.default
        expectClose(behavior.springDecelerationRate, 0.991, tolerance: 1e-15, "springDecelerationRate")
        #expect(behavior.springResponseTime == 0.4)
        #expect(behavior.momentumProjectionRate == 0.998)
        #expect(behavior.redirectionalProgress == 0.5)
        #expect(!behavior.projectsMomentum)
        #expect(behavior.removalVelocityThreshold == 5.5)
        // project(1000) at 0.998 is the WWDC figure, 499 pt.
        expectClose(FloatingPanelBehavior.project(velocity: 1000, rate: 0.998), 499, tolerance: 1e-9, "project")
    }

    /// The projection and the one-segment limit, explained: from half at +100 pt/s the projection reaches 466.9,
    /// a quarter of the way to tip; from full at +3000 it is clipped at tip, one state past the segment full–half, and
    /// the choice is between full and half only.
    @Test func targetExplains() {
        let panel = Self.bottom
        let slow = panel.behavior.targetState(anchors: panel.positions, current: 1, position: 417, velocity: 100)
        expectClose(slow.projected, 466.9, tolerance: 1e-9, "projected")
        expectClose(slow.progress, 0.262631, tolerance: 1e-6, "progress")
        #expect(slow.index == 1)
        let fast = panel.behavior.targetState(anchors: panel.positions, current: 0, position: 20, velocity: 3000)
        #expect(fast.projected == 607)
        #expect(fast.from == 0 && fast.to == 1)
        #expect(fast.index == 1)
    }

    /// Removal: velocity ÷ distance to hidden ≥ 5.5 /s; without a hidden anchor hidden lies 100 pt below the screen.
    @Test func removal() {
        let behavior = FloatingPanelBehavior.default
        let hidden = 667 + FloatingPanelBehavior.hiddenInset
        #expect(behavior.shouldRemove(position: 417, velocity: 1925, hidden: hidden))
        #expect(!behavior.shouldRemove(position: 417, velocity: 1924, hidden: hidden))
        #expect(behavior.shouldRemove(position: 607, velocity: 880, hidden: hidden))
        #expect(!behavior.shouldRemove(position: 607, velocity: -5000, hidden: hidden))
        #expect(!behavior.shouldRemove(position: hidden, velocity: 5000, hidden: hidden), "no distance, no vector")
        #expect(behavior.shouldRemove(position: 250, velocity: -2000, hidden: -100, hidesTowardsLarger: false))
    }
}
