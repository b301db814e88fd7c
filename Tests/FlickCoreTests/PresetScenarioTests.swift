import FlickPhysics
import Foundation
import Testing
@testable import FlickCore

/// Whole scenarios under each physics preset, checked against numbers derived from the laws each preset reproduces
/// (docs/physics.md, "Presets"): the same gesture, decoded from a file with `physics: {preset: …}`, must give the
/// numbers of Flutter's, FloatingPanel's and Android's formulas frame by frame.
@Suite("Presets: whole scenarios under each system's rules")
struct PresetScenarioTests {
    /// `listScene` with a physics preset.
    static func list(_ preset: String, rows: Int = 200, extra: String = "", gestures: String) -> String {
        listScene(rows: rows, gestures: gestures) + "\nphysics: {preset: \(preset)\(extra)}\n"
    }

    /// Released at offset 150 moving at 1000 pt/s at t = 0.35 (frame 21 at 60 fps).
    static let fling1000 = "  - {at: 0.2, drag: {from: [195, 600], to: [195, 450], duration: 0.15}}"
    /// Released at offset 300 moving at 2000 pt/s at t = 0.35.
    static let fling2000 = "  - {at: 0.2, drag: {from: [195, 600], to: [195, 300], duration: 0.15}}"

    // MARK: Decoding

    @Test("physics.preset, refreshRate and overrides decode into the rules the components get")
    func decoding() throws {
        let s = try decodeScenario(minimalScenario("""
            physics: {preset: floatingpanel, refreshRate: 60, sheetSpring: {response: 0.5}, removalVelocity: 4}
            """))
        #expect(s.physics.preset == .floatingpanel)
        #expect(s.physics.refreshRate == 60)
        let rules = s.physics.rules(scale: 3)
        #expect(rules.display.refreshRate == 60)
        #expect(rules.sheet.floatingPanel?.springResponseTime == 0.5)
        #expect(rules.sheet.floatingPanel?.removalVelocityThreshold == 4)
        #expect(rules.sheet.floatingPanel?.redirectionalProgress == 0.5)
        // The default is UIKit, the rules of today.
        #expect(try decodeScenario(minimalScenario()).physics.rules(scale: 3) == .uikit)
        // An override the preset has no constant for leaves it alone.
        let flutter = try decodeScenario(minimalScenario("physics: {preset: flutter-android, friction: 0.03, rubberBand: 0.3}"))
        #expect(flutter.physics.rules(scale: 3).list.momentum == .flutterClamping(friction: 0.03))
        #expect(flutter.physics.rules(scale: 3).list.overscroll == .clamp)
    }

    @Test("An unknown preset names the key and the choices")
    func unknownPreset() {
        expectDiagnostic(problem(minimalScenario("physics: {preset: flutter}\n")), path: "physics.preset", line: 5,
                         column: 19, containing: ["uikit", "floatingpanel", "flutter-ios", "flutter-android", "android"])
    }

    // MARK: flutter-ios

    @Test("flutter-ios: a list's fling is Flutter's FrictionSimulation (0.135), ending at its tolerance (D12)")
    func flutterIOSFling() throws {
        let f = try frames(Self.list("flutter-ios", gestures: Self.fling2000))
        expectClose(f[21].scrollView("list")!.velocity.y, 2000, 1e-6)
        // Friction(0.135, 0, 2000): x(0.1) 181.2475, x(0.5) 631.793, x(1) 863.9285 (UIKit: 181.2517, 631.8560, 864.0703).
        expectClose(f[27].scrollView("list")!.contentOffset.y, 300 + 181.2475, 1e-4)
        expectClose(f[51].scrollView("list")!.contentOffset.y, 300 + 631.793, 1e-3)
        expectClose(f[81].scrollView("list")!.contentOffset.y, 300 + 863.9285, 1e-4)
        // It stops once slower than the tolerance, 1/(0.05·3) = 6.667 pt/s: x = x₀ + (v_end − v₀)/ln 0.135.
        let rest = 300 + (20.0 / 3 - 2000) / log(0.135)
        expectClose(f.last!.scrollView("list")!.contentOffset.y, rest, 1e-6)
        #expect(f.last!.scrollView("list")!.phase == .idle)
    }

    @Test("flutter-ios: dragging past the top is resisted by (1 − f)²·0.52 (F7: 300 pt in 1-pt steps shows −130.9453)")
    func flutterIOSResistance() throws {
        let samples = (0...300).map { "[\(Double($0) / 300), 195, \(300 + $0)]" }.joined(separator: ", ")
        // F7's viewport is 800 pt tall.
        let f = try frames(Self.list("flutter-ios", gestures: "  - {at: 0.2, touches: [\(samples)]}")
            .replacingOccurrences(of: "height: 844", with: "height: 800"))
        // The last sample, at 1.2 s (frame 72), lifts the finger where the content shows.
        expectClose(f[72].scrollView("list")!.contentOffset.y, -130.9453, 1e-4)
        // Under UIKit the same pull shows the rubber band of 300 pt: (1 − 1/(300·0.55/844 + 1))·844 = 138.0.
        let uikit = try frames(listScene(gestures: "  - {at: 0.2, touches: [\(samples)]}"))
        expectClose(uikit[72].scrollView("list")!.contentOffset.y,
                    -RubberBand(dimension: 844).overshoot(for: 300), 1e-9)
        // The over-damped spring (mass 0.5, stiffness 100, ratio 1.1) brings it back without passing the edge.
        let after = f[73...].map { $0.scrollView("list")!.contentOffset.y }
        #expect(after.allSatisfy { $0 <= 0 })
        #expect(after.last! == 0)
    }

    @Test("flutter-ios: a sheet snaps like DraggableScrollableSheet, in a line at 1600 pt/s to the next size down")
    func flutterIOSSheetSnap() throws {
        let f = try frames(Self.sheetHandoff("flutter-ios"))
        // Released at 3.1 s (frame 186) at top 522 moving down at 1000 pt/s: size 322 lies between tip (120) and
        // half (422); moving down it goes to tip (top 724) at max(1600, 1000) pt/s.
        expectClose(f[186].sheet!.top, 522, 1e-9)
        for i in 187...193 {
            expectClose(f[i].sheet!.top, 522 + 1600 * (f[i].time - 3.1), 1e-9, "frame \(i)")
            expectClose(f[i].sheet!.velocity, 1600, 1e-9)
        }
        // 202 pt at 1600 pt/s: there after 0.12625 s, before frame 194.
        #expect(f[194].sheet!.top == 724)
        #expect(f[194].sheet!.detent == "tip")
        #expect(f[194].sheet!.phase == .idle)
    }

    /// sheet-handoff's last gesture: from half (top 422) a flick 100 pt down in 0.1 s, released at 3.1 s.
    static func sheetHandoff(_ preset: String) -> String {
        """
        viewport: {width: 390, height: 844, scale: 3}
        duration: 4
        scene:
          sheet:
            detents: [{name: tip, height: 120}, {name: half, fraction: 0.5}, {name: full, fraction: 0.92}]
            initial: half
            content:
              list: {rows: 60, rowHeight: 56}
        gestures:
          - {at: 3.0, drag: {from: [195, 500], to: [195, 600], duration: 0.1}}
        physics: {preset: \(preset)}
        """
    }

    // MARK: flutter-android and android

    @Test("flutter-android: ClampingScrollSimulation (friction 0.015): 1000 pt/s travels 194.3136 pt in 0.458 s")
    func flutterAndroidFling() throws {
        let f = try frames(Self.list("flutter-android", gestures: Self.fling1000))
        expectClose(f[21].scrollView("list")!.contentOffset.y, 150, 1e-9)
        expectClose(f[27].scrollView("list")!.contentOffset.y, 150 + 85.5807, 1e-4)   // x(0.1)
        expectClose(f[36].scrollView("list")!.contentOffset.y, 150 + 164.0636, 1e-4)  // x(0.25)
        expectClose(f[49].scrollView("list")!.contentOffset.y, 150 + 194.3136, 1e-4)  // done at 0.458231 s
        #expect(f[49].scrollView("list")!.phase == .idle)
    }

    @Test("flutter-android and android: content stops at its edges — no rubber band, no bounce")
    func clampedEdges() throws {
        for preset in ["flutter-android", "android"] {
            // Pulled 200 pt down from the top: the content stays at 0.
            let pull = try frames(Self.list(preset, gestures: "  - {at: 0.2, drag: {from: [195, 300], to: [195, 500], duration: 0.5}}"))
            #expect(pull.allSatisfy { $0.scrollView("list")!.contentOffset.y == 0 }, "\(preset)")
            // Flung into the end of 20 rows (1120 pt of content, end at 276): it stops there, never past.
            let fling = try frames(Self.list(preset, rows: 20, gestures: Self.fling1000))
            let offsets = fling.map { $0.scrollView("list")!.contentOffset.y }
            #expect(offsets.max()! == 276, "\(preset)")
            #expect(offsets.last! == 276, "\(preset)")
        }
    }

    @Test("android: OverScroller's spline at 3x: 3000 px/s travels 582 px in 555 ms, in whole pixels (A3)")
    func androidSpline() throws {
        let f = try frames(Self.list("android", gestures: Self.fling1000))
        let fling = SplineOverScroller(start: 150, velocity: 1000, density: 3, friction: SplineOverScroller.scrollFriction)
        #expect(fling.durationMilliseconds == 555)
        for frame in f[22...] {
            expectClose(frame.scrollView("list")!.contentOffset.y, fling.position(at: frame.time - 0.35), 1e-9,
                        "frame \(frame.index)")
        }
        // 266, 478 and 580 px after 100, 250 and 500 ms: within a pixel at the frames around them.
        expectClose(f[27].scrollView("list")!.contentOffset.y, 150 + 266.0 / 3, 1.0 / 3)
        expectClose(f[36].scrollView("list")!.contentOffset.y, 150 + 478.0 / 3, 1.0 / 3)
        expectClose(f[51].scrollView("list")!.contentOffset.y, 150 + 580.0 / 3, 1.0 / 3)
        expectClose(f.last!.scrollView("list")!.contentOffset.y, 150 + 582.0 / 3, 1e-9)
    }

    // MARK: floatingpanel

    /// FloatingPanel's test geometry (a 375×667 screen, full at 20, half at 417), a tip at 617; the finger lifts at
    /// 0.5 s with the sheet at half (417) moving up at 1000 pt/s.
    static func panel(fps: Int = 120, refreshRate: Int = 120) -> String {
        """
        viewport: {width: 375, height: 667, scale: 3}
        fps: \(fps)
        duration: 1.5
        scene:
          sheet:
            detents: [{name: full, height: 647}, {name: half, height: 250}, {name: tip, height: 50}]
            initial: tip
            content:
              list: {rows: 60, rowHeight: 56}
        gestures:
          - {at: 0.3, drag: {from: [187, 640], to: [187, 440], duration: 0.2}}
        physics: {preset: floatingpanel, refreshRate: \(refreshRate)}
        """
    }

    @Test("floatingpanel: targetState picks full; NumericSpringAnimator steps at 120 Hz (overshoot 23.5 pt, 82 frames)")
    func floatingPanelAttraction120() throws {
        let f = try frames(Self.panel())
        expectClose(f[60].sheet!.top, 417, 1e-9)
        #expect(f[60].sheet!.detent == "full")
        // The reference frames of the stepped spring from 417 to 20 at −1000 pt/s, h = 1/120, ζ = 0.5756.
        for (n, top) in [(1, 404.0392), (3, 368.0962), (6, 299.9774), (12, 161.4652), (18, 62.8386), (24, 12.5226)] {
            expectClose(f[60 + n].sheet!.top, top, 1e-3, "display frame \(n)")
        }
        let lowest = f.map { $0.sheet!.top }.min()!
        expectClose(lowest, -3.5465, 1e-3, "overshoot past full (20)")
        #expect(f[60 + 81].sheet!.phase == .settling)
        #expect(f[60 + 82].sheet!.top == 20)
        #expect(f[60 + 82].sheet!.phase == .idle)
    }

    @Test("floatingpanel: at refreshRate 60 the same release overshoots 12.2 pt and rests after 32 display frames")
    func floatingPanelAttraction60() throws {
        let f = try frames(Self.panel(refreshRate: 60))
        for (n, top) in [(1, 384.9709), (3, 300.1991), (6, 173.3311), (12, 33.0208), (18, 7.8036), (24, 14.0046)] {
            expectClose(f[60 + 2 * n].sheet!.top, top, 1e-3, "display frame \(n)")
            // Sampled at 120 fps, each display frame shows twice.
            #expect(f[60 + 2 * n + 1].sheet!.top == f[60 + 2 * n].sheet!.top)
        }
        expectClose(f.map { $0.sheet!.top }.min()!, 7.8036, 1e-3)
        #expect(f[60 + 64].sheet!.top == 20)
        #expect(f[60 + 63].sheet!.phase == .settling)
    }

    @Test("floatingpanel: the output fps changes nothing (the spring is stepped at the display's rate)")
    func floatingPanelFPSIndependent() throws {
        let at60 = try frames(Self.panel(fps: 60)), at120 = try frames(Self.panel(fps: 120))
        for (i, frame) in at60.enumerated() {
            #expect(frame.sheet!.top == at120[2 * i].sheet!.top, "t = \(frame.time)")
        }
    }

    /// A card at half (top 422 of 844) pulled down 300 pt in `duration` seconds and released.
    static func card(_ preset: String, duration: Double) -> String {
        """
        viewport: {width: 390, height: 844, scale: 3}
        duration: 2
        scene:
          sheet:
            detents: [{name: half, fraction: 0.5}]
            initial: half
            dismissible: true
            content:
              list: {rows: 60, rowHeight: 56}
        gestures:
          - {at: 0.2, drag: {from: [195, 500], to: [195, 800], duration: \(duration)}}
        physics: {preset: \(preset)}
        """
    }

    @Test("floatingpanel: a card leaves when velocity ÷ distance to hidden reaches 5.5 /s, not by distance")
    func floatingPanelRemoval() throws {
        // Released 300 pt below half (top 722) at 1000 pt/s: 1000 / (944 − 722) = 4.5 /s, under 5.5: it stays,
        // although 300 pt is past UIKit's 240-pt dismiss distance (UIKit dismisses it).
        let slow = try frames(Self.card("floatingpanel", duration: 0.3))
        #expect(slow.last!.sheet!.phase == .idle)
        #expect(slow.last!.sheet!.top == 422)
        let uikit = try frames(Self.card("uikit", duration: 0.3))
        #expect(uikit.last!.sheet!.phase == .dismissed)
        // At 3000 pt/s: 3000 / 222 = 13.5 /s: removed, to the hidden position 100 pt below the screen.
        let fast = try frames(Self.card("floatingpanel", duration: 0.1))
        #expect(fast.last!.sheet!.phase == .dismissed)
        expectClose(fast.last!.sheet!.top, 944, 1e-9)
    }
}
