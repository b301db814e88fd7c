import FlickCore
import FlickRunner
import Foundation
import Testing

/// `flick fit`'s least squares: constants recovered from motion Flick itself simulated with other constants, and the
/// device recording of Examples/device-bounce.yaml (docs/physics.md, "Fitting to a recording").
@Suite struct PhysicsFitTests {
    /// A recording made by Flick: `yaml` with `physics` simulated, `path` sampled at 60 Hz from `from` to the end;
    /// then the same scenario under the preset's own constants, naming that recording (`timeOffset: 0`).
    static func refit(_ yaml: String, physics: String, path: String, from: Double) throws -> PhysicsFit? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-fit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let recordedScenario = try ScenarioDecoder.decode(data: Data((yaml + "physics: \(physics)\n").utf8),
                                                          file: folder.appendingPathComponent("r.yaml").path, defaultName: "r")
        let simulation = Simulation(scenario: recordedScenario)
        var csv = "t,value\n"
        var t = from
        while t <= recordedScenario.duration {
            guard case .number(let value)? = simulation.state(at: t).value(atPath: path) else { break }
            csv += "\(t),\(value)\n"
            t += 1.0 / 60
        }
        try csv.write(to: folder.appendingPathComponent("recorded.csv"), atomically: true, encoding: .utf8)
        let scenario = try ScenarioDecoder.decode(
            data: Data((yaml + "reference: [{path: \(path), file: recorded.csv, timeOffset: 0}]\n").utf8),
            file: folder.appendingPathComponent("s.yaml").path, defaultName: "s")
        return PhysicsFit(scenario)
    }

    static let flingIntoTheEnd = """
        viewport: {width: 390, height: 844, scale: 3}
        duration: 3
        scene: {list: {id: feed, rows: 40, rowHeight: 56, offset: {y: 1000}}}
        gestures:
          - {at: 0.2, drag: {from: [195, 700], to: [195, 400], duration: 0.1}}

        """

    /// A fling that decelerates into the end and bounces: both the deceleration rate and the bounce come back.
    @Test func recoversDecelerationAndBounce() throws {
        let fit = try #require(try Self.refit(Self.flingIntoTheEnd, physics: "{decelerationRate: 0.995, bounce: 13}",
                                              path: "feed.contentOffset.y", from: 0.3))
        let constants = Dictionary(uniqueKeysWithValues: fit.constants.map { ($0.constant, $0.after) })
        #expect(Set(constants.keys) == [.bounce, .decelerationRate])
        #expect(abs((constants[.bounce] ?? 0) - 13) < 1e-3, "\(constants)")
        #expect(abs(exp(-(constants[.decelerationRate] ?? 0) / 1000) - 0.995) < 1e-6, "\(constants)")
        #expect(fit.after[0].maximum < 1e-3)
        #expect(fit.before[0].maximum > 10)
        #expect(fit.physicsBlock.contains("  bounce: 13.000"))
        #expect(fit.physicsBlock.contains("  decelerationRate: 0.99500"))
        #expect(fit.unconstrained.contains(.sheetSpringResponse))
        // The uncertainty: the fitted rms grows on both sides.
        for c in fit.constants { #expect(c.growthAtMinusOnePercent > 0 && c.growthAtPlusOnePercent > 0) }
    }

    /// A pull past the top released still: the rubber band sets where the bounce starts.
    @Test func recoversTheRubberBand() throws {
        let pull = """
            viewport: {width: 390, height: 844, scale: 3}
            duration: 2
            scene: {list: {id: feed, rows: 40, rowHeight: 56}}
            gestures:
              - {at: 0.1, drag: {from: [195, 200], to: [195, 500], duration: 0.4, hold: 0.2}}

            """
        let fit = try #require(try Self.refit(pull, physics: "{rubberBand: 0.4, bounce: 9}", path: "feed.contentOffset.y",
                                              from: 0.7))
        let constants = Dictionary(uniqueKeysWithValues: fit.constants.map { ($0.constant, $0.after) })
        #expect(abs((constants[.rubberBand] ?? 0) - 0.4) < 1e-4, "\(constants)")
        #expect(abs((constants[.bounce] ?? 0) - 9) < 1e-3, "\(constants)")
    }

    /// A card pulled down and let go springs back to its detent with the sheet spring.
    @Test func recoversTheSheetSpring() throws {
        let card = """
            viewport: {width: 390, height: 844, scale: 3}
            duration: 2
            scene:
              sheet:
                detents: [{name: card, fraction: 0.94}]
                initial: card
                content: {list: {rows: 40, rowHeight: 64}}
            gestures:
              - {at: 0.2, drag: {from: [195, 300], to: [195, 450], duration: 0.5, hold: 0.15}}

            """
        let fit = try #require(try Self.refit(card, physics: "{sheetSpring: {response: 0.45, dampingRatio: 0.8}}",
                                              path: "sheet.top", from: 0.85))
        let constants = Dictionary(uniqueKeysWithValues: fit.constants.map { ($0.constant, $0.after) })
        #expect(abs((constants[.sheetSpringResponse] ?? 0) - 0.45) < 1e-4, "\(constants)")
        #expect(abs((constants[.sheetSpringDampingRatio] ?? 0) - 0.8) < 1e-4, "\(constants)")
    }

    /// A page released half-way settles with the paging spring.
    @Test func recoversThePagingSpring() throws {
        let pager = """
            viewport: {width: 390, height: 600, scale: 2}
            duration: 2
            scene:
              pager: {pages: [{title: A}, {title: B}, {title: C}]}
            gestures:
              - {at: 0.2, drag: {from: [300, 300], to: [150, 300], duration: 0.3, hold: 0.1}}

            """
        let fit = try #require(try Self.refit(pager, physics: "{pagingSpring: {response: 0.4, dampingRatio: 0.7}}",
                                              path: "scrollViews.pager.contentOffset.x", from: 0.6))
        let constants = Dictionary(uniqueKeysWithValues: fit.constants.map { ($0.constant, $0.after) })
        #expect(abs((constants[.pagingSpringResponse] ?? 0) - 0.4) < 1e-4, "\(constants)")
        #expect(abs((constants[.pagingSpringDampingRatio] ?? 0) - 0.7) < 1e-4, "\(constants)")
    }

    /// The 3x device recording (Tests/Scenarios/device-bounce-3x.yaml): within 0.3 pt of every frame, and k alone
    /// fits 9.996/s, within 0.05/s of UIKit's 9.9967/s at the recording's 60 Hz.
    @Test func fitsThe3xDeviceBounce() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios/device-bounce-3x.yaml")
        let scenario = try ScenarioDecoder.load(path: url.path)
        let residual = try #require(ReferenceResidual.measure(scenario).first)
        #expect(residual.differences.count == 49 && residual.maximum <= 0.3, "\(residual.maximum)")
        let fit = try #require(PhysicsFit(scenario, candidates: [.bounce]))
        #expect(fit.constants.map(\.constant) == [.bounce])
        #expect(abs((fit.constants.first?.after ?? 0) - 9.99627) < 1e-4, "\(fit.constants.map(\.after))")
        #expect(abs((fit.constants.first?.after ?? 0) - 9.99671) < 0.05, "UIKit's k at 60 Hz")
    }

    /// The device recording: only the bounce is constrained; it fits k = 9.996/s (rms 0.137 pt), within 0.001/s of
    /// UIKit's stepping at the recording's 60 Hz (9.9967/s).
    @Test func fitsTheDeviceBounce() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/device-bounce.yaml")
        let fit = try #require(PhysicsFit(try ScenarioDecoder.load(path: url.path)))
        #expect(fit.constants.map(\.constant) == [.bounce])
        #expect(abs((fit.constants.first?.after ?? 0) - 9.99615) < 1e-4, "\(fit.constants.map(\.after))")
        #expect(abs((fit.constants.first?.after ?? 0) - 9.99671) < 0.05, "UIKit's k at 60 Hz")
        #expect(abs(fit.after[0].rms - 0.137) < 1e-3, "\(fit.after[0].rms)")
        #expect(fit.after[0].rms <= fit.before[0].rms)
    }

    /// A scenario of `flingIntoTheEnd` naming `csv` as its recording (`timeOffset: 0`), fitted.
    static func fit(recording csv: String, candidates: [PhysicsFit.Constant] = PhysicsFit.Constant.allCases) throws -> PhysicsFit? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-fit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try csv.write(to: folder.appendingPathComponent("recorded.csv"), atomically: true, encoding: .utf8)
        let scenario = try ScenarioDecoder.decode(
            data: Data((flingIntoTheEnd + "reference: [{path: feed.contentOffset.y, file: recorded.csv, timeOffset: 0}]\n").utf8),
            file: folder.appendingPathComponent("s.yaml").path, defaultName: "s")
        return PhysicsFit(scenario, candidates: candidates)
    }

    /// A constant recording measures no motion: refused with why, not fitted to a bounce of 1188/s that
    /// `physics.bounce` refuses (issue 36, item 14).
    @Test func refusesAConstantRecording() throws {
        var csv = "t,value\n"
        for i in 0..<120 { csv += "\(0.3 + Double(i) / 60),1000\n" }
        let fit = try #require(try Self.fit(recording: csv))
        #expect(fit.problems.contains("every recorded sample inside the scenario's time is 1000.000: a constant recording measures no motion to fit"), "\(fit.problems)")
        #expect(fit.constants.isEmpty)
    }

    /// Two samples cannot fit constants (a damping ratio of 0.00000 came out): refused with why.
    @Test func refusesTwoSamples() throws {
        let fit = try #require(try Self.fit(recording: "t,value\n0.5,1200\n0.6,1500\n", candidates: [.bounce, .decelerationRate]))
        #expect(fit.problems == ["2 recorded samples inside the scenario's time cannot fit 2 constants; a fit needs at least 3"], "\(fit.problems)")
        #expect(fit.constants.isEmpty)
    }

    /// A fitted value outside what `physics:` takes is said, never printed as a block to paste.
    @Test func admitsWhatTheDecoderAdmits() {
        #expect(PhysicsFit.Constant.bounce.admits(1000) && !PhysicsFit.Constant.bounce.admits(1188.00158))
        #expect(!PhysicsFit.Constant.sheetSpringDampingRatio.admits(0) && PhysicsFit.Constant.sheetSpringDampingRatio.admits(10))
        #expect(!PhysicsFit.Constant.decelerationRate.admits(1) && PhysicsFit.Constant.decelerationRate.admits(0.998))
    }
}
