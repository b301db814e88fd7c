import Testing
@testable import FlickPhysics

/// UIKit's rubber band, b(x) = (1 − 1/(x·c/d + 1))·d with c = 0.55: docs/physics.md, "Reference vectors", rows R1–R8.
@Suite struct RubberBandTests {
    @Test func defaultCoefficientIsUIKits() {
        #expect(RubberBand.defaultCoefficient == 0.55)
        #expect(RubberBand(dimension: 800).coefficient == 0.55)
    }

    /// R1–R5, quoted to two decimals from the squareb analysis (d = 960).
    @Test(arguments: [(5.0, 2.74), (10.0, 5.47), (100.0, 52.02), (400.0, 178.98), (960.0, 340.65)])
    func overshootQuoted(distance: Double, expected: Double) {
        expectClose(RubberBand(dimension: 960).overshoot(for: distance), expected, tolerance: 0.005, "b(\(distance))")
    }

    /// R6 (d = 844).
    @Test(arguments: [
        (1.0, 0.5496), (50.0, 26.6322), (100.0, 51.6352), (200.0, 97.3166), (844.0, 299.4839),
        (2000.0, 477.5720), (1e9, 843.9987),
    ])
    func overshoot(distance: Double, expected: Double) {
        expectClose(RubberBand(dimension: 844).overshoot(for: distance), expected, tolerance: 1e-4, "b(\(distance))")
    }

    @Test func startsAtSlopeCoefficientAndTendsToTheDimension() {
        let band = RubberBand(dimension: 844)
        #expect(band.overshoot(for: 0) == 0)
        #expect(band.overshoot(for: -5) == 0, "no overshoot before the edge")
        expectClose(band.overshoot(for: 1e-6) / 1e-6, 0.55, tolerance: 1e-6, "b′(0)")
        let far = band.overshoot(for: 1e15)
        #expect(far < 844)
        expectClose(far, 844, tolerance: 1e-6, "b(∞)")
    }

    /// R7: limits [0, 1000], d = 800; an in-range value is unchanged.
    @Test(arguments: [
        (-100.0, -51.4620), (-300.0, -136.7876), (500.0, 500.0), (1100.0, 1051.4620), (1500.0, 1204.6512),
        (0.0, 0.0), (1000.0, 1000.0),
    ])
    func displayedWithLimits(raw: Double, expected: Double) {
        let band = RubberBand(dimension: 800)
        let shown = band.displayed(raw, limits: 0...1000)
        expectClose(shown, expected, tolerance: 1e-4, "displayed(\(raw))")
        // Grabbing again at the displayed position gives back the raw one: no jump.
        expectClose(band.raw(forDisplayed: shown, limits: 0...1000), raw, tolerance: 1e-9, "raw(displayed(\(raw)))")
    }

    /// R8: the inverse, d = 800, b = 50.
    @Test func inverse() {
        expectClose(RubberBand(dimension: 800).distance(for: 50), 96.9697, tolerance: 1e-4, "x(50)")
        #expect(RubberBand(dimension: 800).distance(for: 0) == 0)
    }

    /// The inverse undoes the overshoot over the R6 range (the far end 1e9 is ill-conditioned and left out).
    @Test(arguments: [1.0, 50, 100, 200, 844, 2000, 1e5])
    func inverseRoundTrips(distance: Double) {
        let band = RubberBand(dimension: 844)
        let back = band.distance(for: band.overshoot(for: distance))
        #expect(abs(back - distance) <= 1e-9 * max(1, distance), "x(b(\(distance))) = \(back)")
    }

    @Test(arguments: [-51.4620, 1051.4620, 1204.6512])
    func rawForDisplayedInvertsR7(shown: Double) {
        let band = RubberBand(dimension: 800)
        expectClose(band.displayed(band.raw(forDisplayed: shown, limits: 0...1000), limits: 0...1000), shown,
                    tolerance: 1e-9, "displayed(raw(\(shown)))")
    }

    @Test func rawForDisplayedOfR7Rows() {
        let band = RubberBand(dimension: 800)
        expectClose(band.raw(forDisplayed: -51.461988, limits: 0...1000), -100, tolerance: 1e-4, "raw(−51.462)")
        expectClose(band.raw(forDisplayed: 1204.651163, limits: 0...1000), 1500, tolerance: 1e-3, "raw(1204.651)")
        #expect(band.raw(forDisplayed: 321, limits: 0...1000) == 321)
    }

    /// `slope(at:limits:)` is d(displayed)/d(raw): 1 inside and on the limits, c·d²/(d + c·x)² past them.
    @Test func slope() {
        let band = RubberBand(dimension: 800)
        #expect(band.slope(at: 500, limits: 0...1000) == 1)
        #expect(band.slope(at: 0, limits: 0...1000) == 1)
        #expect(band.slope(at: 1000, limits: 0...1000) == 1)
        expectClose(band.slope(for: 0), 0.55, tolerance: 1e-15, "slope at the edge")
        expectClose(band.slope(at: -100, limits: 0...1000), 0.55 * 800 * 800 / ((800 + 55) * (800 + 55)), tolerance: 1e-15, "past the start")
        #expect(band.slope(at: -100, limits: 0...1000) == band.slope(at: 1100, limits: 0...1000))
        #expect(band.slope(at: 1100, limits: 0...Double.infinity) == 1, "no upper edge")
        // It is the derivative of `displayed`.
        for raw in [-400.0, -50.0, 1003.0, 1700.0] {
            let h = 1e-4
            let numeric = (band.displayed(raw + h, limits: 0...1000) - band.displayed(raw - h, limits: 0...1000)) / (2 * h)
            expectClose(band.slope(at: raw, limits: 0...1000), numeric, tolerance: 1e-7, "slope at \(raw)")
        }
        #expect(RubberBand(dimension: 0).slope(at: -10, limits: 0...0) == 0, "no size, no overshoot")
    }
}
