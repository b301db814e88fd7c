import FlickPhysics
import Foundation
import Testing
@testable import FlickCore

/// Decodes a scenario written inline in a test.
func scenario(_ yaml: String, file: String = "test.yaml") throws -> Scenario {
    try ScenarioDecoder.decode(data: Data(yaml.utf8), file: file, defaultName: "test")
}

/// Runs a scenario and returns its frames.
func frames(_ yaml: String) throws -> [FrameState] {
    Simulation.frames(of: try scenario(yaml))
}

func expectClose(_ actual: Double, _ expected: Double, _ tolerance: Double = 1e-6,
                 _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(actual - expected) <= tolerance,
            "\(comment) actual \(actual), expected \(expected) ± \(tolerance)", sourceLocation: sourceLocation)
}

/// A 390×844 list of 200 rows at scale 3 (rest threshold 0.5/3 pt) with no safe area, so offsets start at 0.
func listScene(rows: Int = 200, duration: Double = 5, fps: Int = 60, extra: String = "", gestures: String) -> String {
    """
    viewport: {width: 390, height: 844, scale: 3}
    fps: \(fps)
    duration: \(duration)
    scene:
      list: {rows: \(rows), rowHeight: 56\(extra)}
    gestures:
    \(gestures)
    """
}

@Suite("List: tracking, deceleration, rubber band, bounce")
struct ListSimulationTests {
    @Test("A linear drag is followed 1:1 from touch-down and releases at distance/duration")
    func trackingAndRelease() throws {
        let f = try frames(listScene(gestures: "  - {at: 0.2, drag: {from: [195, 600], to: [195, 300], duration: 0.15}}"))
        // Frames 12 ... 21 span the drag (t = 0.2 ... 0.35).
        for frame in f[12...20] {
            let touch = try #require(frame.touch)
            expectClose(frame.scrollView("list")!.contentOffset.y, 600 - touch.y, 1e-9, "frame \(frame.index)")
            #expect(frame.scrollView("list")!.phase == .tracking)
        }
        #expect(f[12].touch?.phase == .began)
        #expect(f[13].touch?.phase == .moved)
        #expect(f[21].touch?.phase == .ended)
        #expect(f[22].touch == nil)
        // Released at exactly 300 pt / 0.15 s: the content carries on at 2000 pt/s with no jump.
        let released = f[21].scrollView("list")!
        expectClose(released.contentOffset.y, 300, 1e-9)
        expectClose(released.velocity.y, 2000, 1e-6)
        #expect(released.phase == .decelerating)
        expectClose(f[20].scrollView("list")!.velocity.y, 2000, 1e-6, "velocity while tracking")
    }

    @Test("Momentum follows UIScrollView's curve and rests at the projection (D4, D6)")
    func deceleration() throws {
        let f = try frames(listScene(gestures: "  - {at: 0.2, drag: {from: [195, 600], to: [195, 300], duration: 0.15}}"))
        // t = 0.35 + 0.5 is frame 51; x(0.5) = 631.8560 past the release point (reference D6).
        expectClose(f[51].scrollView("list")!.contentOffset.y, 300 + 631.8560, 1e-3)
        expectClose(f[51].scrollView("list")!.velocity.y, 735.0225, 1e-3)
        // Rests within 0.5/scale pt of 300 + 998.9997 once the remaining distance falls under it (D9: 4.3449 s).
        let last = f.last!.scrollView("list")!
        #expect(last.phase == .idle)
        let destination = Deceleration(origin: 300, initialVelocity: 2000).destination
        expectClose(destination, 300 + 998.9997, 1e-3)
        #expect(abs(last.contentOffset.y - destination) <= 0.5 / 3 + 1e-9)
        let restIndex = try #require(f.firstIndex { $0.scrollView("list")!.phase == .idle && $0.time > 0.35 })
        expectClose(f[restIndex].time, (0.35 + 4.3449 + 1.0 / 60), 1.0 / 60, "rest frame")
    }

    @Test("A pull past the top rubber-bands by (1 − 1/(x·0.55/D + 1))·D and springs back from the release")
    func rubberBandAndReturn() throws {
        let f = try frames(listScene(duration: 3, gestures:
            "  - {at: 0.2, drag: {from: [195, 200], to: [195, 500], duration: 0.5, hold: 0.2}}"))
        let band = RubberBand(dimension: 844)
        for frame in f where frame.touch != nil && frame.touch!.phase != .ended {
            let pulled = frame.touch!.y - 200
            expectClose(frame.scrollView("list")!.contentOffset.y, -band.overshoot(for: pulled), 1e-9, "frame \(frame.index)")
        }
        // Held for 0.2 s: released at 0 pt/s, 300 pt pulled → 138.2... shown; UIKit's bounce takes it home at once:
        // the overshoot decays at k from the lift (docs/physics.md, "Bounce").
        let release = try #require(f.firstIndex { $0.touch?.phase == .ended })
        let shown = band.overshoot(for: 300)
        let k = EdgeBounce.defaultRate
        expectClose(f[release].scrollView("list")!.contentOffset.y, -shown, 1e-9)
        expectClose(f[release].scrollView("list")!.velocity.y, k * shown, 1e-9)
        #expect(f[release].scrollView("list")!.phase == .bouncing)
        // 0.1 s later (6 frames) e^(−k·0.1) of it is left.
        let bounce = EdgeBounce.uikit.motion(from: -shown, edge: 0, velocity: 0, deceleration: .normal)
        expectClose(f[release + 6].scrollView("list")!.contentOffset.y, bounce.position(at: 0.1), 1e-9)
        expectClose(f[release + 6].scrollView("list")!.contentOffset.y, -shown * exp(-k * 0.1), 1e-9)
        #expect(f.last!.scrollView("list")!.contentOffset.y == 0)
        #expect(f.last!.scrollView("list")!.phase == .idle)
    }

    @Test("Momentum that meets the end edge bounces with the velocity it had there (D10, B1)")
    func bounceAtTheEnd() throws {
        // 40 rows of 56 = 2240 pt of content in 844: the end is at 1396. Start 1000 pt in; release at 3000 pt/s.
        let f = try frames(listScene(rows: 40, duration: 3, extra: ", offset: {y: 396}", gestures:
            "  - {at: 0.1, drag: {from: [195, 700], to: [195, 400], duration: 0.1}}"))
        let end = 2240.0 - 844
        let release = try #require(f.firstIndex { $0.touch?.phase == .ended })
        let x0 = f[release].scrollView("list")!.contentOffset.y
        expectClose(x0, 696, 1e-9)
        let decay = Deceleration(origin: x0, initialVelocity: 3000)
        let hit = try #require(decay.time(toReach: end))
        let vHit = decay.velocity(at: hit)
        expectClose(vHit, 3000 - 2.002003 * (end - x0), 1e-3, "velocity at the edge")
        let bounce = EdgeBounce.uikit.motion(from: end, edge: end, velocity: vHit, deceleration: .normal)
        let peakTime = f[release].time + hit + bounce.peak.time
        let peakFrame = f.min { abs($0.time - peakTime) < abs($1.time - peakTime) }!
        expectClose(peakFrame.scrollView("list")!.contentOffset.y,
                    end + bounce.displacement(at: peakFrame.time - f[release].time - hit), 1e-6)
        let peak = f.map { $0.scrollView("list")!.contentOffset.y }.max()!
        expectClose(peak, end + bounce.peak.overshoot, 0.5, "the bounce's peak, within a frame")
        let phases = f[release...].map { $0.scrollView("list")!.phase }
        #expect(phases.first == .decelerating)
        #expect(phases.contains(.bouncing))
        #expect(phases.last == .idle)
        #expect(f.last!.scrollView("list")!.contentOffset.y == end)
    }

    @Test("Grabbing a decelerating list stops it where it is, with no jump")
    func regrabDuringMomentum() throws {
        let f = try frames(listScene(gestures: """
          - {at: 0.2, drag: {from: [195, 600], to: [195, 300], duration: 0.15}}
          - {at: 1.0, drag: {from: [195, 400], to: [195, 400], duration: 0.3}}
        """))
        let catchFrame = f[60]   // t = 1.0, the finger comes down
        let before = f[59].scrollView("list")!.contentOffset.y
        let decay = Deceleration(origin: 300, initialVelocity: 2000)
        expectClose(catchFrame.scrollView("list")!.contentOffset.y, decay.position(at: 1.0 - 0.35), 1e-6)
        #expect(catchFrame.scrollView("list")!.contentOffset.y > before)
        for frame in f[60...77] {
            expectClose(frame.scrollView("list")!.contentOffset.y, catchFrame.scrollView("list")!.contentOffset.y, 1e-9)
            #expect(frame.scrollView("list")!.phase == .tracking)
        }
        #expect(f[78].touch?.phase == .ended)
        #expect(f[78].scrollView("list")!.phase == .idle, "released still, in bounds: at rest")
    }

    @Test("Grabbing again while over-scrolled inverts the rubber band: no jump")
    func regrabWhileOverscrolled() throws {
        let f = try frames(listScene(duration: 2, gestures: """
          - {at: 0.1, drag: {from: [195, 200], to: [195, 500], duration: 0.3, hold: 0.2}}
          - {at: 0.7, drag: {from: [195, 500], to: [195, 520], duration: 0.2}}
        """))
        let downIndex = 42  // t = 0.7
        let before = f[downIndex - 1].scrollView("list")!.contentOffset.y
        let atDown = f[downIndex].scrollView("list")!.contentOffset.y
        #expect(atDown < 0)
        // Between frames the bounce moved a little; at touch-down the content stays where the bounce had it.
        let bounce = EdgeBounce.uikit.motion(from: -RubberBand(dimension: 844).overshoot(for: 300), edge: 0, velocity: 0,
                                             deceleration: .normal)
        expectClose(atDown, bounce.position(at: 0.7 - 0.6), 1e-9)
        #expect(abs(atDown - before) < 20)
        // Moving 20 pt further down extends the pull by the rubber band of the raw distance, continuously.
        let band = RubberBand(dimension: 844)
        let raw = -band.distance(for: -atDown)
        let end = f[54].scrollView("list")!.contentOffset.y   // t = 0.9, finger at 520
        expectClose(end, -band.overshoot(for: -(raw - 20)), 1e-6)
    }

    @Test("A drag held still for 0.1 s or more releases at 0 pt/s")
    func holdReleasesAtZero() throws {
        let f = try frames(listScene(duration: 1, gestures:
            "  - {at: 0.1, drag: {from: [195, 600], to: [195, 300], duration: 0.2, hold: 0.1}}"))
        let release = try #require(f.firstIndex { $0.touch?.phase == .ended })
        #expect(f[release].scrollView("list")!.velocity.y == 0)
        #expect(f[release].scrollView("list")!.phase == .idle)
        expectClose(f.last!.scrollView("list")!.contentOffset.y, 300, 1e-9)
    }

    /// Two runs whose first flings differ (one fast, one slow) and whose second gestures, at 0.6 s, are the same: the
    /// frames of each, and the content's velocity at 0.6 s without the second gesture.
    static func refling(preset: String, second: String?) throws -> (fast: [FrameState], slow: [FrameState], caught: (Double, Double)) {
        func run(_ firstDuration: Double, _ second: String?) throws -> [FrameState] {
            try frames("""
            viewport: {width: 390, height: 844, scale: 3}
            fps: 60
            duration: 1.5
            physics: {preset: \(preset)}
            scene:
              list: {rows: 2000, rowHeight: 56}
            gestures:
              - {at: 0.1, drag: {from: [195, 700], to: [195, 300], duration: \(firstDuration)}}
            """ + (second.map { "\n  - \($0)\n" } ?? "\n"))
        }
        let at = { (f: [FrameState]) in f.first { abs($0.time - 0.6) < 1e-9 }!.scrollView("list")!.velocity.y }
        return (try run(0.08, second), try run(0.3, second), (at(try run(0.08, nil)), at(try run(0.3, nil))))
    }

    /// A second fling that catches the content still decelerating, in the same direction: UIKit's release keeps the
    /// finger's velocity alone (docs/physics.md, "Catching a fling"); Flutter's adds `carriedMomentum` of the velocity
    /// it caught (`ScrollDragController.end`).
    @Test("A second fling in the same direction: uikit carries nothing, flutter-ios adds carriedMomentum",
          arguments: ["uikit", "flutter-ios"])
    func carriedMomentum(preset: String) throws {
        let (fast, slow, caught) = try Self.refling(preset: preset,
                                                    second: "{at: 0.6, drag: {from: [195, 700], to: [195, 400], duration: 0.1}}")
        #expect(caught.0 - caught.1 > 100, "the first flings still move at different speeds: \(caught)")
        let release = try #require(fast.firstIndex { $0.time > 0.7 + 1e-9 })
        let a = fast[release].scrollView("list")!.velocity.y, b = slow[release].scrollView("list")!.velocity.y
        #expect(a > 1000, "\(preset): a fling, \(a) pt/s")
        if preset == "uikit" {
            expectClose(a, b, 1e-6, "uikit: velocity just after the second release")
        } else {
            // The same fling, plus what each caught motion carries: their difference is that of the carried velocities.
            // The frame comes `dt` after the release, through Flutter's friction (drag 0.135 per second).
            let physics = BouncingScrollPhysics()
            let dt = fast[release].time - 0.7
            let carried = (physics.carriedMomentum(caught.0) - physics.carriedMomentum(caught.1))
                * pow(FrictionSimulation.uiScrollViewDrag, dt)
            #expect(carried > 500)
            expectClose(a - b, carried, 1e-6, "flutter-ios: carried \(carried)")
        }
    }

    /// A finger that holds still for more than 20 ms during the second drag loses what it caught
    /// (`momentumRetainStationaryDurationThreshold`): both runs release alike again.
    @Test func flutterLosesCarriedMomentumWhenStill() throws {
        let samples = "[[0, 195, 700], [0.01, 195, 690], [0.02, 195, 680], [0.03, 195, 680], [0.04, 195, 680], "
            + "[0.05, 195, 680], [0.06, 195, 640], [0.07, 195, 600], [0.08, 195, 560], [0.09, 195, 520], [0.1, 195, 480]]"
        let (fast, slow, _) = try Self.refling(preset: "flutter-ios", second: "{at: 0.6, touches: \(samples)}")
        let release = try #require(fast.firstIndex { $0.time > 0.7 + 1e-9 })
        let a = fast[release].scrollView("list")!.velocity.y, b = slow[release].scrollView("list")!.velocity.y
        #expect(a > 1000, "a fling, \(a) pt/s")
        expectClose(a, b, 1e-6, "still for 30 ms: nothing carried")
    }

    @Test("States do not depend on fps: 60 and 120 fps agree at the instants they share")
    func fpsIndependence() throws {
        let gestures = """
          - {at: 0.2, drag: {from: [195, 600], to: [195, 250], duration: 0.2, curve: easeInOut}}
          - {at: 1.1, drag: {from: [195, 300], to: [195, 700], duration: 0.25, curve: easeIn}}
          - {at: 2.0, tap: [100, 100]}
        """
        let slow = try frames(listScene(duration: 4, fps: 60, gestures: gestures))
        let fast = try frames(listScene(duration: 4, fps: 120, gestures: gestures))
        #expect(fast.count == 2 * slow.count - 1)
        for frame in slow {
            let twin = fast[frame.index * 2]
            expectClose(twin.time, frame.time, 1e-12)
            let a = frame.scrollView("list")!, b = twin.scrollView("list")!
            expectClose(a.contentOffset.y, b.contentOffset.y, 1e-9, "offset at \(frame.time)")
            expectClose(a.velocity.y, b.velocity.y, 1e-6, "velocity at \(frame.time)")
            #expect(a.phase == b.phase, "phase at \(frame.time)")
            expectClose(a.indicator!.alpha, b.indicator!.alpha, 1e-12)
        }
    }

    @Test("The indicator shows while moving, stays 1.2 s after rest, then fades out over 0.25 s")
    func indicatorFade() throws {
        let f = try frames(listScene(duration: 3, gestures:
            "  - {at: 0.1, drag: {from: [195, 600], to: [195, 300], duration: 0.2, hold: 0.1}}"))
        // Released at t = 0.4 with 0 pt/s: motion ends at the release.
        #expect(f[0].scrollView("list")!.indicator!.alpha == 0)
        #expect(f[6].scrollView("list")!.indicator!.alpha == 0, "touched, not yet moved")
        #expect(f[7].scrollView("list")!.indicator!.alpha == 1, "moving")
        expectClose(f[96].scrollView("list")!.indicator!.alpha, 1)               // t = 1.6 = 0.4 + 1.2
        expectClose(f[99].scrollView("list")!.indicator!.alpha, 1 - 0.05 / 0.25, 1e-9)  // t = 1.65
        #expect(f[111].scrollView("list")!.indicator!.alpha == 0)                 // t = 1.85
    }

    @Test("Indicator geometry follows reference section 5 with the adjusted insets as padding")
    func indicatorGeometry() throws {
        let f = try frames("""
        viewport: {width: 400, height: 800, scale: 2}
        duration: 0.1
        scene:
          list: {rows: 40, rowHeight: 100, offset: {y: 1000}}
        """)
        // Reference I1: viewport 800, content 4000 (max offset 3200), offset 1000 → length 158.8, top 201.5.
        let indicator = f[0].scrollView("list")!.indicator!.frame
        expectClose(indicator.height, 158.8, 1e-9)
        expectClose(indicator.minY, 201.5, 1e-9)
        expectClose(indicator.minX, 400 - 3 - 3, 1e-12)
        expectClose(indicator.width, 3, 1e-12)
    }

    @Test("The Vimeo article's geometry: 400×660, safe area 20, inset 40, three pages → contentSize (1200, 600), offset (400, −60)")
    func seedGeometry() throws {
        let f = try frames("""
        viewport: {width: 400, height: 660, scale: 2, safeArea: {top: 20}}
        duration: 0.1
        scene:
          list: {rows: 3, rowHeight: 400, axis: horizontal, contentInset: {top: 40}, offset: {x: 400}}
        """)
        let list = f[0].scrollView("list")!
        #expect(list.frame == Rect(x: 0, y: 0, width: 400, height: 660))
        #expect(list.contentSize == Size(width: 1200, height: 600))
        #expect(list.adjustedContentInset == EdgeInsets(top: 60))
        #expect(list.contentOffset == Point(x: 400, y: -60))
    }

    @Test("A horizontal list scrolls with horizontal drags")
    func horizontalList() throws {
        let f = try frames("""
        viewport: {width: 390, height: 200, scale: 2}
        duration: 1
        scene:
          list: {rows: 12, rowHeight: 150, axis: horizontal}
        gestures:
          - {at: 0.1, drag: {from: [300, 100], to: [100, 110], duration: 0.2}}
        """)
        let release = try #require(f.firstIndex { $0.touch?.phase == .ended })
        expectClose(f[release].scrollView("list")!.contentOffset.x, 200, 1e-9)
        expectClose(f[release].scrollView("list")!.velocity.x, 1000, 1e-6)
        #expect(f[release].scrollView("list")!.contentOffset.y == 0)
    }
}

extension ListSimulationTests {
    /// `flick fuzz own-content --seed 8 --case 1`, shrunk (its 14 rows of 64 pt, 896 pt): a pull past the top let go
    /// at 0.333 s; an animated resize to 674 × 1193 from 0.349 s makes the content fit its frame (896 + 47 + 34 < 1193);
    /// the bounce back to the top is caught at 0.635 s, 4.8 pt past it, and (with `drag`) pushed 43 pt up until 1.041 s.
    static func fittingAfterResize(drag: Bool) -> String {
        """
        viewport: {width: 390, height: 844, scale: 2, safeArea: {top: 47, bottom: 34}}
        fps: 30
        duration: 2
        scene:
          list: {rows: 14, rowHeight: 64}
        gestures:
          - {at: 0.1, drag: {from: [211, 280], to: [390, 316], duration: 0.233}}
          - {at: 0.349, resize: {width: 674, height: 1193, duration: 0.164, curve: easeIn}}
        """ + (drag ? "\n  - {at: 0.635, drag: {from: [1, 771], to: [0, 728], duration: 0.406}}\n" : "\n")
    }

    @Test("Content that fits its frame does not scroll under a finger, even caught past its top after a resize; the lift springs it back from rest")
    func fittingContentDoesNotScroll() throws {
        let alone = Simulation(scenario: try scenario(Self.fittingAfterResize(drag: false)))
        let shown = try #require(alone.state(at: 0.635).scrollView("list")?.contentOffset.y)
        expectClose(shown, -49.623047, 1e-6)
        let simulation = Simulation(scenario: try scenario(Self.fittingAfterResize(drag: true)))
        // Held where it was caught while the finger moves 43 pt up: no scroll back to the top, no velocity.
        for t in [0.635, 0.7, 0.8, 1.0, 1.041 - 1e-7] {
            let list = try #require(simulation.state(at: t).scrollView("list"))
            expectClose(list.contentOffset.y, shown, 1e-9, "\(t) s")
            #expect(list.velocity.y == 0 && list.phase == .tracking, "\(t) s")
        }
        // Let go 2.6 pt past its top at 0 pt/s: the bounce brings it to the top, never beyond (the finger's
        // 106 pt/s used to fling it 3.6 pt past, to −43.43, and back).
        let f = Simulation.frames(of: try scenario(Self.fittingAfterResize(drag: true)))
        let after = f.filter { $0.time >= 1.041 }.map { $0.scrollView("list")!.contentOffset.y }
        #expect(after.allSatisfy { $0 >= shown - 1e-9 && $0 <= -47 }, "\(after)")
        #expect(f.last?.scrollView("list")?.contentOffset.y == -47 && f.last?.scrollView("list")?.phase == .idle)
        var explained: [FrameState] = []
        Simulation(scenario: try scenario(Self.fittingAfterResize(drag: true)), explains: true).run { explained.append($0) }
        let drag = try #require(explained.flatMap(\.explanations).first { $0.event == .drag })
        #expect(drag.text == "0.64 s–1.04 s, drag: nothing moved: `list` stayed where it was: its content fits its frame, so it does not scroll")
    }
}
