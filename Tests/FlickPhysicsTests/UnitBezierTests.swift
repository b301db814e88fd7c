import Testing
@testable import FlickPhysics

/// Core Animation's named timing functions (docs/physics.md, "Timing curves").
@Suite struct UnitBezierTests {
    /// The control points Apple documents for each CAMediaTimingFunctionName.
    @Test func controlPointsAreCoreAnimations() {
        #expect(UnitBezier.easeIn.controlPoints == [0.42, 0, 1, 1])
        #expect(UnitBezier.easeOut.controlPoints == [0, 0, 0.58, 1])
        #expect(UnitBezier.easeInEaseOut.controlPoints == [0.42, 0, 0.58, 1])
        #expect(UnitBezier.systemDefault.controlPoints == [0.25, 0.1, 0.25, 1])
    }

    /// y at time progress u, computed apart from the solver: exact rational arithmetic (Python `fractions`) on the
    /// Bernstein form x(s) = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³, bisected 110 times for x(s) = u (to 2⁻¹¹⁰), then
    /// y(s) in the same form, rounded to 12 decimals.
    @Test(arguments: [
        (UnitBezier.easeIn, 0.25, 0.093464650719), (UnitBezier.easeIn, 0.5, 0.315356812573),
        (UnitBezier.easeIn, 0.75, 0.621861869175),
        (UnitBezier.easeOut, 0.25, 0.378138130825), (UnitBezier.easeOut, 0.5, 0.684643187427),
        (UnitBezier.easeOut, 0.75, 0.906535349281),
        (UnitBezier.easeInEaseOut, 0.25, 0.129161931047), (UnitBezier.easeInEaseOut, 0.5, 0.5),
        (UnitBezier.easeInEaseOut, 0.75, 0.870838068953),
        (UnitBezier.systemDefault, 0.25, 0.408510591355), (UnitBezier.systemDefault, 0.5, 0.802403387585),
        (UnitBezier.systemDefault, 0.75, 0.960458978349),
    ])
    func namedCurveMatchesDefinition(curve: UnitBezier, u: Double, expected: Double) {
        expectClose(curve.progress(u), expected, tolerance: 1e-6, "\(curve.controlPoints) at \(u)")
    }

    /// The solve meets its tolerance across the whole duration, for the named curves and for ones whose x is flat
    /// at an end (x1 = 0 or x2 = 1, where Newton's method stalls and bisection finishes).
    @Test(arguments: [UnitBezier.easeIn, .easeOut, .easeInEaseOut, .systemDefault, UnitBezier(0, 0.5, 1, 0.5),
                      UnitBezier(1, 0, 0, 1), UnitBezier(0, 1, 1, 0)])
    func solveMeetsTolerance(curve: UnitBezier) {
        for k in 0...1000 {
            let u = Double(k) / 1000
            let s = curve.parameter(forTime: u)
            #expect(s >= 0 && s <= 1, "s(\(u)) = \(s)")
            #expect(abs(curve.x(at: s) - u) < UnitBezier.solveTolerance, "x(s(\(u))) = \(curve.x(at: s))")
        }
    }

    @Test func endsAreExact() {
        for curve in [UnitBezier.easeIn, .easeOut, .easeInEaseOut, .systemDefault, UnitBezier(0.3, -2, 0.7, 3)] {
            #expect(curve.progress(0) == 0)
            #expect(curve.progress(1) == 1)
            #expect(curve.progress(-0.5) == 0)
            #expect(curve.progress(1.5) == 1)
        }
    }

    /// Control points on the diagonal give the identity.
    @Test func diagonalIsLinear() {
        let curve = UnitBezier(0.3, 0.3, 0.7, 0.7)
        for u in stride(from: 0.0, through: 1.0, by: 0.05) { expectClose(curve.progress(u), u, tolerance: 1e-9, "y(\(u))") }
    }

    /// A progress coordinate outside [0, 1] overshoots, as CSS's `cubic-bezier(0.3, -0.5, 0.7, 1.5)` does; reference
    /// values computed as above.
    @Test func overshootingCurve() {
        let curve = UnitBezier(0.3, -0.5, 0.7, 1.5)
        expectClose(curve.progress(0.1), -0.080791609825, tolerance: 1e-6, "y(0.1)")
        expectClose(curve.progress(0.9), 1.080791609825, tolerance: 1e-6, "y(0.9)")
    }
}
