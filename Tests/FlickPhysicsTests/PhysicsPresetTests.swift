import Foundation
import Testing
@testable import FlickPhysics

/// The presets as values: what each system does with the same drag and release.
@Suite struct PhysicsPresetTests {
    let display = PhysicsDisplay(scale: 3, refreshRate: 120)

    // MARK: UIKit

    @Test func uikitIsFlicksDefaults() {
        let preset = PhysicsPreset(.uikit, display: display)
        #expect(preset.list.momentum == .uikit(.normal))
        #expect(preset.list.overscroll == .rubberBand(coefficient: 0.55))
        #expect(preset.list.bounce == EdgeBounce(refreshRate: 120))
        #expect(preset.list.gate == nil)
        #expect(preset.list.restThreshold == 0.5 / 3)
        #expect(preset.paging.velocityThreshold == 50)
        #expect(preset.paging.limitsToAdjacentPage)
        #expect(preset.paging.settle == .uikit(threshold: 0.5 / 3))
        #expect(preset.sheet.target == .uikit(.fast))
        #expect(preset.sheet.minimumProjectionSpeed == 250)
        #expect(preset.sheet.removal == .uikit)
        #expect(PhysicsPreset.uikit == PhysicsPreset())
    }

    /// A fling from 0 at 3000 pt/s meets the end 1000 pt away after 0.54976 s at 997.997 pt/s, then bounces
    /// (reference D10; UIKit's two-rate bounce at 120 Hz peaks 33.31 pt past the edge 90.8 ms later).
    @Test func uikitFlingIntoTheEnd() {
        let motion = PhysicsPreset(.uikit, display: display).list.release(from: 0, velocity: 3000, limits: 0...1000,
                                                                          display: display, start: 2)!
        #expect(motion.segments.count == 2)
        let hit = motion.segments[1].start - 2
        expectClose(hit, 0.54976, tolerance: 1e-5, "edge hit")
        expectClose(motion.velocity(at: 2 + hit), 997.997, tolerance: 1e-3, "velocity at the edge")
        let bounce = EdgeBounce.uikit.motion(from: 1000, edge: 1000, velocity: 997.997, deceleration: .normal)
        expectClose(motion.position(at: 2 + hit + bounce.peak.time), 1000 + bounce.peak.overshoot, tolerance: 1e-3, "bounce peak")
        expectClose(bounce.peak.overshoot, 33.306, tolerance: 1e-3, "peak")
        #expect(motion.phase(at: 2.1) == .momentum)
        #expect(motion.phase(at: 2 + hit + 0.05) == .bounce)
        #expect(motion.finalPosition == 1000)
        #expect(motion.position(at: motion.endTime) == 1000)
    }

    @Test func uikitTrackingIsTheRubberBand() {
        let rule = PhysicsPreset(.uikit, display: display).list
        let band = RubberBand(dimension: 800)
        let raw = rule.trackingPosition(shown: -51.4620, limits: 0...1000, dimension: 800)
        expectClose(raw, band.raw(forDisplayed: -51.4620, limits: 0...1000), tolerance: 1e-12, "raw")
        let moved = rule.tracking(-100, movedBy: -10, limits: 0...1000, dimension: 800)
        #expect(moved == -110)
        #expect(rule.shown(tracking: -100, limits: 0...1000, dimension: 800) == band.displayed(-100, limits: 0...1000))
        #expect(rule.trackingSlope(tracking: -100, limits: 0...1000, dimension: 800, movingForward: true)
                == band.slope(at: -100, limits: 0...1000))
        #expect(rule.releaseVelocity(20, dragDistance: 2) == 20, "UIKit has no fling gate")
    }

    // MARK: Flutter on iOS

    /// Reference F7: dragging 300 pt down from the top in 1-pt steps (viewport 800) shows −130.9453 pt.
    @Test func flutterOverscrollResistance() {
        let rule = PhysicsPreset(.flutterIOS, display: display).list
        var tracking = rule.trackingPosition(shown: 0, limits: 0...1000, dimension: 800)
        for _ in 0..<300 { tracking = rule.tracking(tracking, movedBy: -1, limits: 0...1000, dimension: 800) }
        expectClose(rule.shown(tracking: tracking, limits: 0...1000, dimension: 800), -130.9453, tolerance: 1e-4, "pixels")
        // The slope while pulling further is the friction factor; easing back it is the eased one.
        let f = (1 - 130.9453 / 800) * (1 - 130.9453 / 800) * 0.52
        expectClose(rule.trackingSlope(tracking: tracking, limits: 0...1000, dimension: 800, movingForward: false), f,
                    tolerance: 1e-6, "tensioning")
        #expect(rule.trackingSlope(tracking: 500, limits: 0...1000, dimension: 800, movingForward: true) == 1)
    }

    @Test func flutterIOSRelease() {
        let preset = PhysicsPreset(.flutterIOS, display: display)
        #expect(preset.list.releaseVelocity(99, dragDistance: 300) == 0, "under the 100 pt/s fling minimum")
        #expect(preset.list.releaseVelocity(9000, dragDistance: 300) == 8000)
        let motion = preset.list.release(from: 900, velocity: 3000, limits: 0...1000, display: display, start: 1)!
        let simulation = BouncingScrollPhysics().ballistic(position: 900, velocity: 3000, range: 0...1000,
                                                           tolerance: .scroll(devicePixelRatio: 3))!
        for t in [0.0, 0.02, 0.05, 0.1, 0.3, 0.5] {
            #expect(motion.position(at: 1 + t) == simulation.x(t))
        }
        expectClose(motion.endTime - 1, 0.748, tolerance: 1e-3, "first isDone")
        #expect(motion.finalPosition == 1000)
        #expect(!simulation.isDone(motion.endTime - 1 - 1e-6))
        #expect(simulation.isDone(motion.endTime - 1))
        // Free momentum ends where |v| falls under the tolerance velocity (6.667 pt/s at 3x): 2.5022 s for 1000 pt/s.
        let free = preset.list.release(from: 0, velocity: 1000, limits: 0...5000, display: display, start: 0)!
        expectClose(free.endTime, 2.5022, tolerance: 1e-4, "rest")
        #expect(free.segments.count == 1)
    }

    @Test func flutterPaging() {
        let preset = PhysicsPreset(.flutterIOS, display: display)
        #expect(!preset.paging.limitsToAdjacentPage)
        // Reference P1–P6 (page 390, dpr 3).
        #expect(preset.paging.targetPage(offset: 500, pageWidth: 390, velocity: 0, dragStartPage: 0, pageCount: 9) == 1)
        #expect(preset.paging.targetPage(offset: 500, pageWidth: 390, velocity: 100, dragStartPage: 0, pageCount: 9) == 2)
        #expect(preset.paging.targetPage(offset: 975, pageWidth: 390, velocity: 0, dragStartPage: 0, pageCount: 9) == 3)
        #expect(preset.paging.targetPage(offset: 100, pageWidth: 390, velocity: 6, dragStartPage: 0, pageCount: 9) == 0)
        #expect(preset.paging.targetPage(offset: 100, pageWidth: 390, velocity: 7, dragStartPage: 0, pageCount: 9) == 1)
        #expect(preset.paging.targetPage(offset: 1000, pageWidth: 390, velocity: -3000, dragStartPage: 0, pageCount: 9) == 2)
        // UIKit would stop one page from where the drag began.
        #expect(PhysicsPreset.uikit.paging.targetPage(offset: 975, pageWidth: 390, velocity: 0, dragStartPage: 0,
                                                      pageCount: 9) == 1)
        // P7: the default spring 500 → 780 from 100 pt/s.
        let settle = preset.paging.settle(from: 500, to: 780, velocity: 100, width: 390, start: 0)
        expectClose(settle.position(at: 0.1), 611.8127, tolerance: 1e-4, "x(0.1)")
        expectClose(settle.endTime, 0.799, tolerance: 1e-3, "done")
    }

    /// DraggableScrollableSheet snapping in a sheet's tops (viewport 800; detents 200, 400, 800 pt high).
    @Test func flutterSheetSnapping() {
        let rule = PhysicsPreset(.flutterIOS, display: display).sheet
        let tops = [600.0, 400, 0]
        func release(top: Double, velocity: Double, current: Int = 1) -> SheetRule.Decision {
            rule.release(.init(top: top, velocity: velocity, detentTops: tops, current: current, viewportHeight: 800,
                               time: 0))
        }
        // Size 450 (top 350), still: the nearest size, 400, at 1600 pt/s.
        let still = release(top: 350, velocity: 0)
        #expect(still.outcome == .detent(1))
        expectClose(still.motion!.endTime, 0.03125, tolerance: 1e-12, "SN1")
        #expect(still.motion!.velocity(at: 0.01) == 1600, "moving down")
        // A slow fling up (−500 pt/s in tops) goes to the next size up, at 1600.
        let up = release(top: 350, velocity: -500)
        #expect(up.outcome == .detent(2))
        expectClose(up.motion!.endTime, 0.21875, tolerance: 1e-12, "SN3")
        // At a snap size and still: nothing to do.
        #expect(release(top: 400, velocity: 0).motion == nil)
        #expect(rule.overscroll == .clamp)
    }

    @Test func materialBottomSheetRemoval() {
        let rule = PhysicsPreset(.flutterAndroid, display: display).sheet
        func release(top: Double, velocity: Double) -> SheetRule.Decision {
            rule.release(.init(top: top, velocity: velocity, detentTops: [400], current: 0, viewportHeight: 800,
                               dismissible: true, time: 0))
        }
        #expect(release(top: 440, velocity: 701).outcome == .dismiss)
        #expect(release(top: 440, velocity: 700).outcome == .detent(0))
        #expect(release(top: 601, velocity: 0).outcome == .dismiss, "less than half showing")
        #expect(release(top: 599, velocity: 0).outcome == .detent(0))
        let gone = release(top: 440, velocity: 701).motion!
        #expect(gone.finalPosition == 800)
        #expect(gone.position(at: gone.endTime - 1e-6) < 800)
    }

    // MARK: Flutter on Android and Android

    @Test func clampingStopsAtTheEdge() {
        let preset = PhysicsPreset(.flutterAndroid, display: display)
        #expect(!preset.list.allowsOverscroll)
        #expect(preset.list.shown(tracking: -30, limits: 0...1000, dimension: 800) == 0)
        #expect(preset.list.tracking(5, movedBy: -30, limits: 0...1000, dimension: 800) == 0)
        let motion = preset.list.release(from: 900, velocity: 3000, limits: 0...1000, display: display, start: 0)!
        #expect(motion.finalPosition == 1000)
        let fling = ClampingScrollSimulation(position: 900, velocity: 3000)
        expectClose(motion.endTime, fling.time(toReach: 1000)!, tolerance: 1e-12, "stops on meeting the edge")
        expectClose(motion.position(at: motion.endTime - 1e-9), 1000, tolerance: 1e-3, "reaches it")
        #expect(preset.list.release(from: 1000, velocity: 3000, limits: 0...1000, display: display, start: 0) == nil)
        let inside = preset.list.release(from: 0, velocity: 1000, limits: 0...5000, display: display, start: 0)!
        expectClose(inside.finalPosition, 194.3136, tolerance: 1e-4, "distance")
    }

    @Test func androidSplineAtTheDensity() {
        let preset = PhysicsPreset(.android, display: display)
        // 1000 pt/s at 3x is 3000 px/s: 582 px in 555 ms.
        let motion = preset.list.release(from: 0, velocity: 1000, limits: 0...5000, display: display, start: 0)!
        expectClose(motion.finalPosition, 582.0 / 3, tolerance: 1e-12, "rest")
        expectClose(motion.endTime, 0.555, tolerance: 1e-12, "duration")
        expectClose(motion.position(at: 0.1), 266.0 / 3, tolerance: 1e-12, "x(100 ms)")
        let atTwo = PhysicsPreset(.android, display: PhysicsDisplay(scale: 2))
        let other = atTwo.list.release(from: 0, velocity: 1000, limits: 0...5000, display: atTwo.display, start: 0)!
        // In points the spline is the same at every density; positions move by whole pixels of that density.
        #expect(abs(other.finalPosition - motion.finalPosition) < 1)
        #expect((other.position(at: 0.1) * 2).rounded() == other.position(at: 0.1) * 2)
        #expect(other.position(at: 0.1) != motion.position(at: 0.1))
        let clamped = preset.list.release(from: 4900, velocity: 1000, limits: 0...5000, display: display, start: 0)!
        #expect(clamped.finalPosition == 5000)
        #expect(preset.list.releaseVelocity(49, dragDistance: 100) == 0)
    }

    // MARK: FloatingPanel

    @Test func floatingPanelSheets() {
        let preset = PhysicsPreset(.floatingpanel, display: display)
        #expect(preset.list == PhysicsPreset(.uikit, display: display).list, "lists stay UIKit")
        #expect(preset.sheet.overscroll == .follow)
        // FloatingPanel's test geometry as detents: full, half, tip in document order.
        let tops = [20.0, 417, 607]
        func release(top: Double, velocity: Double, current: Int, dismissible: Bool = false) -> SheetRule.Decision {
            preset.sheet.release(.init(top: top, velocity: velocity, detentTops: tops, current: current,
                                       viewportHeight: 667, dismissible: dismissible, time: 0))
        }
        #expect(release(top: 417, velocity: 1000, current: 1).outcome == .detent(2))
        #expect(release(top: 20, velocity: 3000, current: 0).outcome == .detent(1), "one segment at most")
        #expect(release(top: 417, velocity: -100, current: 1).motion == nil)
        // The stepped attraction half → full after a −1000 pt/s release, at 120 Hz: 23.5 pt past full.
        let attraction = release(top: 417, velocity: -1000, current: 1)
        #expect(attraction.outcome == .detent(0))
        let motion = attraction.motion!
        expectClose(motion.position(at: 0.1), 161.4652, tolerance: 1e-4, "frame 12")
        expectClose(motion.endTime, 82.0 / 120, tolerance: 1e-12, "82 frames")
        // At 60 Hz the same release overshoots less.
        var sixty = preset
        sixty.sheet.display.refreshRate = 60
        let slower = sixty.sheet.release(.init(top: 417, velocity: -1000, detentTops: tops, current: 1,
                                               viewportHeight: 667, time: 0)).motion!
        expectClose(slower.endTime, 32.0 / 60, tolerance: 1e-12, "32 frames")
        // Removal: 1925 pt/s at half is 5.5 /s towards hidden, 100 pt below the screen.
        #expect(release(top: 417, velocity: 1925, current: 1, dismissible: true).outcome == .dismiss)
        #expect(release(top: 417, velocity: 1900, current: 1, dismissible: true).outcome != .dismiss)
        #expect(release(top: 417, velocity: 1925, current: 1, dismissible: true).destination == 767)
        // A single constant overridden after the preset.
        var softer = preset
        softer.sheet.floatingPanel?.springResponseTime = 0.5
        let soft = softer.sheet.release(.init(top: 417, velocity: -1000, detentTops: tops, current: 1,
                                              viewportHeight: 667, time: 0)).motion!
        #expect(soft.position(at: 0.1) > motion.position(at: 0.1), "a longer response moves slower")
    }

    /// Sheets track past their detents with their own overscroll rule (in their own coordinate, r = −top).
    @Test func sheetOverscroll() {
        let limits = -700.0 ... -100.0
        let uikit = PhysicsPreset(.uikit, display: display).sheet.overscroll
        #expect(uikit.shown(tracking: -50, limits: limits, dimension: 852)
                == RubberBand(dimension: 852).displayed(-50, limits: limits))
        let floating = PhysicsPreset(.floatingpanel, display: display).sheet.overscroll
        #expect(floating.shown(tracking: -50, limits: limits, dimension: 852) == -50, "1:1 past the detents")
        let flutter = PhysicsPreset(.flutterIOS, display: display).sheet.overscroll
        #expect(flutter.shown(tracking: -50, limits: limits, dimension: 852) == -100, "clamped at the highest detent")
        #expect(!flutter.allowsOverscroll)
    }

    @Test func systemNames() {
        #expect(PhysicsSystem.allCases.map(\.rawValue) == ["uikit", "floatingpanel", "flutter-ios", "flutter-android",
                                                            "android"])
        for system in PhysicsSystem.allCases {
            #expect(PhysicsPreset(system, display: display).system == system)
        }
    }
}
