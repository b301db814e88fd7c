import Foundation
import Testing
@testable import FlickPhysics

/// UIScrollView's paging motion (`UIKitPaging`; docs/physics.md, "Paging").
@Suite struct UIKitPagingTests {
    /// UIKit's per-millisecond loop, as the decompiled routine steps it: `v ← (v + pull·(target − x))·friction`,
    /// `x ← x + v` (pt, pt/ms). Positions after each whole millisecond.
    static func loop(width: Double, from x0: Double, to target: Double, velocity: Double, milliseconds: Int) -> [Double] {
        let paging = UIKitPaging(width: width)
        var x = x0, v = velocity / 1000
        return (0..<milliseconds).map { _ in
            v = (v + paging.pull * (target - x)) * paging.friction
            x += v
            return x
        }
    }

    /// Flick's spring passes through the loop's position at every whole millisecond.
    @Test(arguments: [(390.0, 0.0, 390.0, 0.0), (390.0, 500.0, 390.0, -2500.0), (320.0, 100.0, 0.0, 800.0),
                      (1100.0, 0.0, 1100.0, 0.0), (768.0, 700.0, 768.0, 3000.0)])
    func theSpringIsTheLoop(width: Double, from x0: Double, to target: Double, velocity: Double) {
        let rule = PagingRule.uikit(display: PhysicsDisplay(scale: 3))
        let motion = rule.settle(from: x0, to: target, velocity: velocity, width: width, start: 0)
        let loop = Self.loop(width: width, from: x0, to: target, velocity: velocity, milliseconds: 600)
        for (ms, x) in loop.enumerated() where Double(ms + 1) / 1000 < motion.endTime {
            expectClose(motion.position(at: Double(ms + 1) / 1000), x, tolerance: 1e-6, "\(width) pt, \(ms + 1) ms")
        }
    }

    /// At 390 pt the loop is a spring of ω = 16.82/s and ζ = 0.884; above 1024 pt, 12.96/s and 0.898.
    @Test(arguments: [(390.0, 0.000287072, 0.970696, 16.8176, 0.88425), (1100.0, 0.00017, 0.977, 12.9627, 0.89752),
                      (1024.0, 0.000170001, 0.977, 12.9627, 0.89752)])
    func constants(width: Double, pull: Double, friction: Double, omega: Double, dampingRatio: Double) {
        let paging = UIKitPaging(width: width)
        expectClose(paging.pull, pull, tolerance: 2e-9, "pull")
        expectClose(paging.friction, friction, tolerance: 2e-6, "friction")
        expectClose(paging.spring.stiffness.squareRoot(), omega, tolerance: 1e-3, "ω")
        expectClose(paging.spring.dampingRatio, dampingRatio, tolerance: 1e-4, "ζ")
    }

    /// From a page away at rest on a 390 pt pager: about 1 pt past the page; the spring's envelope is under half a
    /// pixel (3x) after 0.593 s.
    @Test func aPageAway() {
        let motion = PagingRule.uikit(display: PhysicsDisplay(scale: 3)).settle(from: 0, to: 390, velocity: 0, width: 390,
                                                                                 start: 0)
        let peak = stride(from: 0.0, through: motion.endTime, by: 0.0005).map { motion.position(at: $0) }.max() ?? 0
        expectClose(peak - 390, 1.02, tolerance: 0.01, "overshoot")
        expectClose(motion.endTime, 0.59271, tolerance: 1e-4, "settled")
    }
}
