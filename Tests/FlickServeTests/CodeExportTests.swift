import FlickCore
import FlickPhysics
@testable import FlickServe
import Foundation
import Testing

private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples")

/// The number after `label` in `code` (the first occurrence after `after`, when given).
private func number(_ label: String, in code: String, after: String? = nil) throws -> Double {
    var searched = Substring(code)
    if let after, let start = code.range(of: after) { searched = code[start.upperBound...] }
    let at = try #require(searched.range(of: label), "no \(label) in\n\(code)")
    let digits = searched[at.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" }
    return try #require(Double(digits), "\(label) is followed by \(digits)")
}

private func snippets(_ scenario: Scenario) -> [String: String] {
    Dictionary(uniqueKeysWithValues: CodeExport.snippets(for: scenario).map { ($0.framework, $0.code) })
}

/// The sheet's top at every frame.
private func sheetTops(_ scenario: Scenario) -> [Double] {
    Simulation.frames(of: scenario).map { $0.sheets.first?.top ?? .nan }
}

private func largestDifference(_ a: [Double], _ b: [Double]) -> Double {
    zip(a, b).map { abs($0 - $1) }.max() ?? .infinity
}

/// Each export, read back into a spring and simulated: the motion is the one the run simulated.
@Suite struct CodeExportTests {
    /// sheet-handoff with a sheet spring of its own, under `uikit`.
    static func tunedHandoff() throws -> Scenario {
        var scenario = try ScenarioDecoder.load(path: examples.appendingPathComponent("sheet-handoff.yaml").path)
        scenario.physics.sheetSpring = PhysicsSettings.SpringOverride(response: 0.45, dampingRatio: 0.62)
        return scenario
    }

    @Test func everyUIKitSheetSpringExportSimulatesBackToTheRun() throws {
        let scenario = try Self.tunedHandoff()
        let code = snippets(scenario)
        let original = sheetTops(scenario)
        #expect(original.count == scenario.frameCount)

        func rerun(_ spring: Spring) -> Double {
            var back = scenario
            back.physics.sheetSpring = PhysicsSettings.SpringOverride(response: spring.response, dampingRatio: spring.dampingRatio)
            return largestDifference(sheetTops(back), original)
        }
        let swiftUI = try #require(code["SwiftUI"])
        let fromFraction = Spring(response: try number("response: ", in: swiftUI, after: "// sheet"),
                                  dampingRatio: try number("dampingFraction: ", in: swiftUI, after: "// sheet"))
        let fromBounce = Spring(duration: try number("duration: ", in: swiftUI, after: "// sheet"),
                                bounce: try number("bounce: ", in: swiftUI, after: "// sheet"))
        let interpolating = Spring(mass: try number("mass: ", in: swiftUI, after: "interpolatingSpring"),
                                   stiffness: try number("stiffness: ", in: swiftUI, after: "interpolatingSpring"),
                                   damping: try number("damping: ", in: swiftUI, after: "interpolatingSpring"))
        let uiKit = try #require(code["UIKit"])
        let timing = Spring(mass: try number("mass: ", in: uiKit, after: "// sheet"),
                            stiffness: try number("stiffness: ", in: uiKit, after: "// sheet"),
                            damping: try number("damping: ", in: uiKit, after: "// sheet"))
        let flutter = try #require(code["Flutter"])
        let description = Spring(mass: try number("mass: ", in: flutter, after: "// sheet"),
                                 stiffness: try number("stiffness: ", in: flutter, after: "// sheet"),
                                 damping: try number("damping: ", in: flutter, after: "// sheet"))
        let origami = try #require(code["Origami"])
        let tension = try number("TensionAndFriction(", in: origami, after: "// sheet")
        let friction = try number(", ", in: origami, after: "TensionAndFriction(\(CodeExport.n(tension))")
        let rebound = Spring(origamiTension: tension, friction: friction)

        #expect(rerun(fromFraction) == 0)
        #expect(rerun(fromBounce) < 1e-6)
        // Four decimals of stiffness and damping, and of tension and friction: well under a thousandth of a point.
        for spring in [interpolating, timing, description, rebound] {
            #expect(rerun(spring) < 1e-3, "\(spring)")
        }
        // The run's sheet moves: the comparison is not between two still sheets.
        #expect((original.max() ?? 0) - (original.min() ?? 0) > 300)
    }

    @Test func theFloatingPanelExportOfAUIKitSpringCarriesItsRatioAndResponse() throws {
        let code = try #require(snippets(try Self.tunedHandoff())["FloatingPanel"])
        let rate = try number("springDecelerationRate: CGFloat = ", in: code)
        let response = try number("springResponseTime: CGFloat = ", in: code)
        #expect(response == 0.45)
        // NumericSpringAnimator's ζ from the rate (six decimals): the sheet spring's 0.62.
        #expect(abs(CodeExport.floatingPanelRatio(rate: rate, response: response) - 0.62) < 1e-4)
        // Not the scroll view's deceleration rate (0.998 rings at ζ ≈ 0.1).
        #expect(rate != 0.998)
    }

    @Test func underFloatingPanelTheExportIsThePresetsSpringAndSimulatesBack() throws {
        let scenario = try ScenarioDecoder.load(path: examples.appendingPathComponent("sheet-floatingpanel.yaml").path)
        let code = snippets(scenario)
        let floatingPanel = try #require(code["FloatingPanel"])
        let rate = try number("springDecelerationRate: CGFloat = ", in: floatingPanel)
        let response = try number("springResponseTime: CGFloat = ", in: floatingPanel)
        // The preset's: fast + 0.001 and 0.4 s, not the scroll view's 0.998 or the slider's 0.3.
        #expect(rate == 0.991 && response == 0.4)
        // The values read back, as the scenario's own FloatingPanel spring: the same motion.
        var back = scenario
        back.physics.sheetSpring = PhysicsSettings.SpringOverride(
            response: response, dampingRatio: CodeExport.floatingPanelRatio(rate: rate, response: response))
        let original = sheetTops(scenario)
        #expect(largestDifference(sheetTops(back), original) < 1e-9)
        #expect((original.max() ?? 0) - (original.min() ?? 0) > 100)
        // SwiftUI's spring is that attraction's: 0.4 s at ζ 0.5756.
        let swiftUI = try #require(code["SwiftUI"])
        #expect(swiftUI.contains(".spring(response: 0.4, dampingFraction: 0.5756)"))
    }

    @Test func aPagerOnlySceneExportsItsPagingSpringAndNoSheet() throws {
        let scenario = try ScenarioDecoder.load(path: examples.appendingPathComponent("vimeo-tabs.yaml").path)
        let code = snippets(scenario)
        #expect(code["FloatingPanel"] == nil)
        for (framework, text) in code { #expect(!text.contains("sheet"), "\(framework): \(text)") }
        let uiKit = try #require(code["UIKit"])
        #expect(uiKit.contains("scrollView.isPagingEnabled = true"))
        #expect(uiKit.contains("DecelerationRate(rawValue: 0.998)"))
        // The exported spring, released a page away at 1000 pt/s, moves as UIKit's paging motion at 390 pt.
        let exported = Spring(mass: try number("mass: ", in: uiKit, after: "paging"),
                              stiffness: try number("stiffness: ", in: uiKit, after: "paging"),
                              damping: try number("damping: ", in: uiKit, after: "paging"))
        let paging = UIKitPaging(width: 390).spring
        let a = SpringMotion(spring: exported, from: 390, to: 0, initialVelocity: -1000)
        let b = SpringMotion(spring: paging, from: 390, to: 0, initialVelocity: -1000)
        let worst = (0...120).map { abs(a.displacement(at: Double($0) / 60) - b.displacement(at: Double($0) / 60)) }.max() ?? 1
        #expect(worst < 1e-3)
        let swiftUI = try #require(code["SwiftUI"])
        #expect(swiftUI.contains(".scrollTargetBehavior(.paging)"))
        #expect(try number("response: ", in: swiftUI) == CodeExport.n(paging.response).doubleValue)
    }

    @Test func aPagingSpringOverrideAndFlutterPagingAreExportedAsSimulated() throws {
        var scenario = try ScenarioDecoder.load(path: examples.appendingPathComponent("vimeo-tabs.yaml").path)
        scenario.physics.pagingSpring = PhysicsSettings.SpringOverride(response: 0.5, dampingRatio: 0.8)
        let uiKit = try #require(snippets(scenario)["UIKit"])
        #expect(!uiKit.contains("isPagingEnabled"))
        let exported = Spring(mass: try number("mass: ", in: uiKit, after: "paging"),
                              stiffness: try number("stiffness: ", in: uiKit, after: "paging"),
                              damping: try number("damping: ", in: uiKit, after: "paging"))
        #expect(abs(exported.response - 0.5) < 1e-5 && abs(exported.dampingRatio - 0.8) < 1e-5)

        scenario.physics.pagingSpring = nil
        scenario.physics.preset = .flutterIOS
        let flutter = try #require(snippets(scenario)["Flutter"])
        #expect(flutter.contains("physics: const BouncingScrollPhysics(),"))
        // PageScrollPhysics' spring: BouncingScrollPhysics' default, mass 0.5, stiffness 100, ratio 1.1.
        #expect(flutter.contains("SpringDescription(mass: 0.5, stiffness: 100, damping: 15.5563)"))
    }
}

private extension String {
    var doubleValue: Double { Double(self) ?? .nan }
}

/// Serve's test report shows the scenario's paths as served, and leaves a path inside another one whole.
@Suite struct ShownPathTests {
    @Test func aFolderInsideTheServersTemporaryFolderKeepsItsSlash() {
        let text = "/work/x/sheet-handoff.yaml: frame 30 differs; images in /tmp/flick-serve-AB/work/x/sheet-handoff/frame_00030"
        let once = ServedScenario.replacingPaths(text, "/work/x/sheet-handoff.yaml", with: "sheet-handoff.yaml")
        let shown = ServedScenario.replacingPaths(once, "/work/x/", with: "")
        #expect(shown == "sheet-handoff.yaml: frame 30 differs; images in /tmp/flick-serve-AB/work/x/sheet-handoff/frame_00030")
        #expect(ServedScenario.replacingPaths("see /work/x/a.png and (/work/x/b.png)", "/work/x/", with: "sub/")
                == "see sub/a.png and (sub/b.png)")
    }
}
