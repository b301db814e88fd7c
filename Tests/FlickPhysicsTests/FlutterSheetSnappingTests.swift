import Foundation
import Testing
@testable import FlickPhysics

/// The snapping cases of Flutter's `packages/flutter/test/widgets/draggable_scrollable_sheet_test.dart`, ported as
/// sequences of drags and releases on `SnappingSimulation` (18 expectations).
///
/// Flutter's test screen is 600 pt high at a device pixel ratio of 3; `boilerplateWidget` defaults to an initial size
/// of 0.5, a minimum of 0.25 and a maximum of 1.0. `tester.drag` releases with no velocity; `tester.fling` with the
/// given speed, which the drag recognizer zeroes below its minimum fling velocity. The test's drags lose the touch
/// slop (18 pt) to the recognizer; every expectation below holds with and without it, and the sheet is modelled
/// without it.
@Suite struct FlutterSheetSnappingTests {
    static let screenHeight = 600.0
    static let tolerance = Tolerance.scroll(devicePixelRatio: 3)

    /// A sheet of `DraggableScrollableSheet` in fractions of the screen, settled after each gesture.
    struct Sheet {
        var size: Double
        let sizes: [Double]
        let snapAnimationDuration: Double?
        let minSize = 0.25, maxSize = 1.0

        init(initial: Double = 0.5, snapSizes: [Double]?, snapAnimationDuration: Double? = nil) {
            size = initial
            sizes = SnappingSimulation.impliedSnapSizes(min: 0.25, max: 1.0, snapSizes: snapSizes)
            self.snapAnimationDuration = snapAnimationDuration
        }

        /// Drags the finger by `dy` points (positive = down) and releases at `speed` along the drag; returns how long
        /// the snap took.
        @discardableResult
        mutating func drag(_ dy: Double, speed: Double = 0) -> Double {
            size = min(max(size - dy / FlutterSheetSnappingTests.screenHeight, minSize), maxSize)
            let gate = FlingGate(minVelocity: BouncingScrollPhysics.baseMinFlingVelocity,
                                 maxVelocity: BouncingScrollPhysics.baseMaxFlingVelocity,
                                 minDistance: BouncingScrollPhysics.touchSlop)
            // The sheet grows when the finger moves up.
            let velocity = gate.velocity(dy > 0 ? -speed : speed, dragDistance: dy)
            let h = FlutterSheetSnappingTests.screenHeight
            // goBallistic snaps only when not already at a snap size (within the tolerance).
            if velocity == 0 && sizes.contains(where: { abs(size - $0) * h <= FlutterSheetSnappingTests.tolerance.distance }) {
                return 0
            }
            let snap = SnappingSimulation(position: size * h, velocity: velocity, snapSizes: sizes.map { $0 * h },
                                          tolerance: FlutterSheetSnappingTests.tolerance,
                                          snapAnimationDuration: snapAnimationDuration)
            size = snap.x(snap.duration) / h
            return snap.duration
        }
    }

    /// 'Zero velocity drag snaps to nearest snap target with snapAnimationDuration: null' and '…: 0:00:02.000000'.
    @Test(arguments: [nil, 2.0] as [Double?])
    func zeroVelocityDragSnapsToNearestSnapTarget(snapAnimationDuration: Double?) {
        let h = Self.screenHeight
        var sheet = Sheet(snapSizes: [0.25, 0.5, 0.75, 1.0], snapAnimationDuration: snapAnimationDuration)
        // Dragging up, but snapping down: closer to .75 than to 1.
        let first = sheet.drag(-0.35 * h)
        expectClose(sheet.size, 0.75, tolerance: 1e-10, "drag up, snap down")
        sheet.drag(-0.2 * h)
        expectClose(sheet.size, 1.0, tolerance: 1e-10, "drag up, snap up")
        sheet.drag(0.1 * h)
        expectClose(sheet.size, 1.0, tolerance: 1e-10, "drag down, snap up")
        sheet.drag(0.45 * h)
        expectClose(sheet.size, 0.5, tolerance: 1e-10, "drag down, snap down")
        // Fling with negligible velocity and snap back.
        sheet.drag(0.1 * h, speed: 1)
        expectClose(sheet.size, 0.5, tolerance: 1e-10, "negligible fling")
        // With a snap duration every snap takes exactly that long; without, it runs at 1600 pt/s.
        expectClose(first, snapAnimationDuration ?? (0.1 * h / SnappingSimulation.minimumSpeed), tolerance: 1e-9,
                    "snap duration")
    }

    /// 'Setting snapSizes to null resolves to min and max' and 'Setting snapSizes to [] resolves to min and max'.
    @Test(arguments: [nil, []] as [[Double]?])
    func settingSnapSizesResolvesToMinAndMax(snapSizes: [Double]?) {
        var sheet = Sheet(snapSizes: snapSizes)
        sheet.drag(-0.4 * Self.screenHeight)
        expectClose(sheet.size, 1.0, tolerance: 1e-10, "up")
        sheet.drag(0.7 * Self.screenHeight)
        expectClose(sheet.size, 0.25, tolerance: 1e-10, "down")
    }

    /// 'Min and max are implicitly added to snapSizes'.
    @Test func minAndMaxAreImplicitlyAdded() {
        #expect(SnappingSimulation.impliedSnapSizes(min: 0.25, max: 1, snapSizes: [0.5]) == [0.25, 0.5, 1])
        var sheet = Sheet(snapSizes: [0.5])
        sheet.drag(-0.4 * Self.screenHeight)
        expectClose(sheet.size, 1.0, tolerance: 1e-10, "up")
        sheet.drag(0.7 * Self.screenHeight)
        expectClose(sheet.size, 0.25, tolerance: 1e-10, "down")
    }

    /// 'Fling snaps in direction of momentum'.
    @Test func flingSnapsInDirectionOfMomentum() {
        var sheet = Sheet(snapSizes: [0.5, 0.75])
        sheet.drag(-0.1 * Self.screenHeight, speed: 1000)
        expectClose(sheet.size, 0.75, tolerance: 1e-10, "fling up")
        sheet.drag(0.3 * Self.screenHeight, speed: 1000)
        expectClose(sheet.size, 0.25, tolerance: 1e-10, "fling down")
    }

    // MARK: Flick's checks of `_SnappingSimulation` (snaps [200, 400, 800] pt, tolerance at dpr 3)

    @Test(arguments: [
        (450.0, 0.0, 400.0, -1600.0, 0.03125),   // nearest, at least 1600 pt/s
        (600.0, 0.0, 800.0, 1600.0, 0.125),      // a tie goes to the next size
        (450.0, 500.0, 800.0, 1600.0, 0.21875),  // a fling goes one size in its direction
        (450.0, -3000.0, 400.0, -3000.0, 0.05 / 3),
        (300.0, -5.0, 400.0, 1600.0, 0.0625),    // below the tolerance: the nearest, against the velocity
        (300.0, -7.0, 200.0, -1600.0, 0.0625),
        (100.0, -500.0, 200.0, 1600.0, 0.0625),  // below the smallest size: the smallest
    ])
    func snapping(position: Double, velocity: Double, target: Double, speed: Double, duration: Double) {
        let snap = SnappingSimulation(position: position, velocity: velocity, snapSizes: [200, 400, 800],
                                      tolerance: Self.tolerance)
        #expect(snap.target == target)
        #expect(snap.velocity == speed)
        expectClose(snap.duration, duration, tolerance: 1e-12, "duration")
        #expect(snap.isDone(duration + 1e-9))
        #expect(!snap.isDone(duration * 0.99))
        expectClose(snap.x(duration / 2), (position + target) / 2, tolerance: 1e-9, "linear")
    }

    @Test func flingUpFromExactlyASnapSizeGoesToTheNextOne() {
        let snap = SnappingSimulation(position: 400, velocity: 1000, snapSizes: [200, 400, 800], tolerance: Self.tolerance)
        #expect(snap.target == 800)
        let timed = SnappingSimulation(position: 450, velocity: 0, snapSizes: [200, 400, 800], tolerance: Self.tolerance,
                                       snapAnimationDuration: 0.3)
        expectClose(timed.velocity, -50 / 0.3, tolerance: 1e-9, "SN5")
    }
}
