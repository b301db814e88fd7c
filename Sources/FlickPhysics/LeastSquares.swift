import Foundation

/// The parameters that minimise a sum of squared residuals `Σ rᵢ(p)²`, found by Levenberg–Marquardt, with what the
/// fit left: used to fit constants (a bounce's ω, a deceleration rate) to motion recorded on a device.
///
/// The Jacobian is taken by central differences, so a residual function is all a caller gives; the damped normal
/// equations `(JᵀJ + λ·diag(JᵀJ))·δ = −Jᵀr` are solved by Gaussian elimination (a fit has a handful of parameters).
/// Deterministic: the same residuals and start give the same fit, bit for bit.
public struct LeastSquaresFit: Hashable, Sendable {
    /// The fitted parameters.
    public var parameters: [Double]
    /// The residuals at `parameters` (model − measurement, in the measurement's unit).
    public var residuals: [Double]
    /// Levenberg–Marquardt steps taken.
    public var iterations: Int
    /// Whether the sum of squares stopped improving (rather than the iteration limit ending the fit).
    public var converged: Bool

    /// `Σ rᵢ²`.
    public var sumOfSquares: Double { residuals.reduce(0) { $0 + $1 * $1 } }
    /// The root mean square residual.
    public var rms: Double { residuals.isEmpty ? 0 : (sumOfSquares / Double(residuals.count)).squareRoot() }
    /// The largest residual by magnitude.
    public var maxAbsoluteResidual: Double { residuals.map(abs).max() ?? 0 }

    /// Levenberg–Marquardt from `initial`. `residuals` must return the same number of values for every parameter
    /// vector; a non-finite sum of squares counts as worse than any finite one, so a step into an invalid region is
    /// refused rather than taken.
    /// - Parameter scales: a typical magnitude per parameter, for the difference steps (defaults to `max(|p|, 1)`).
    public init(initial: [Double], scales: [Double]? = nil, maxIterations: Int = 200,
                residuals: ([Double]) -> [Double]) {
        var p = initial
        var r = residuals(p)
        var cost = Self.cost(r)
        var lambda = 1e-3
        var iterations = 0
        var converged = false
        let n = p.count
        while iterations < maxIterations, n > 0 {
            iterations += 1
            let jacobian = (0..<n).map { j -> [Double] in
                let h = 1e-6 * max(abs(p[j]), scales?[j] ?? 1)
                var plus = p, minus = p
                plus[j] += h
                minus[j] -= h
                let rp = residuals(plus), rm = residuals(minus)
                return zip(rp, rm).map { ($0 - $1) / (2 * h) }
            }
            // JᵀJ and Jᵀr (the Jacobian is stored by column).
            var normal = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
            var gradient = [Double](repeating: 0, count: n)
            for a in 0..<n {
                gradient[a] = zip(jacobian[a], r).reduce(0) { $0 + $1.0 * $1.1 }
                for b in a..<n {
                    let s = zip(jacobian[a], jacobian[b]).reduce(0) { $0 + $1.0 * $1.1 }
                    normal[a][b] = s
                    normal[b][a] = s
                }
            }
            var improved = false
            while lambda < 1e12 {
                var damped = normal
                for a in 0..<n { damped[a][a] += lambda * max(normal[a][a], 1e-300) }
                guard let step = Self.solve(damped, gradient.map { -$0 }) else { lambda *= 10; continue }
                let trial = zip(p, step).map(+)
                let trialResiduals = residuals(trial)
                let trialCost = Self.cost(trialResiduals)
                if trialCost < cost {
                    let relative = (cost - trialCost) / max(cost, 1e-300)
                    let stepSize = zip(step, trial).map { abs($0) / max(abs($1), 1e-300) }.max() ?? 0
                    p = trial
                    r = trialResiduals
                    cost = trialCost
                    lambda = max(lambda / 3, 1e-12)
                    improved = true
                    if relative < 1e-14 || stepSize < 1e-12 { converged = true }
                    break
                }
                lambda *= 4
            }
            if !improved || converged {
                converged = true
                break
            }
        }
        self.parameters = p
        self.residuals = r
        self.iterations = iterations
        self.converged = converged
    }

    private static func cost(_ r: [Double]) -> Double {
        let s = r.reduce(0) { $0 + $1 * $1 }
        return s.isFinite ? s : .infinity
    }

    /// Solves `a·x = b` by Gaussian elimination with partial pivoting; nil when `a` is singular.
    static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        let n = b.count
        var m = a, y = b
        for column in 0..<n {
            let pivot = (column..<n).max { abs(m[$0][column]) < abs(m[$1][column]) }!
            guard abs(m[pivot][column]) > 1e-300, m[pivot][column].isFinite else { return nil }
            m.swapAt(column, pivot)
            y.swapAt(column, pivot)
            for row in (column + 1)..<n where m[row][column] != 0 {
                let factor = m[row][column] / m[column][column]
                for k in column..<n { m[row][k] -= factor * m[column][k] }
                y[row] -= factor * y[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            let rest = ((row + 1)..<n).reduce(0) { $0 + m[row][$1] * x[$1] }
            x[row] = (y[row] - rest) / m[row][row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}

/// A critically damped spring `x(t) = (x₀ + (v₀ + ω·x₀)·t)·e^(−ω·t)` fitted to displacements sampled from an edge:
/// how UIKit's bounce constant is measured from a recording (docs/physics.md, "Bounce").
public struct CriticalSpringFit: Hashable, Sendable {
    /// ω, 1/s (the spring's stiffness is ω², its damping 2ω, for mass 1).
    public var omega: Double
    /// The displacement from the edge at t = 0, in points.
    public var displacement: Double
    /// The velocity at t = 0, in points per second.
    public var velocity: Double
    /// Model − recording at each sample, in points.
    public var residuals: [Double]

    /// The spring with this ω: mass 1, stiffness ω², critically damped.
    public var spring: Spring { Spring(mass: 1, stiffness: omega * omega, damping: 2 * omega) }
    /// The largest residual by magnitude, in points.
    public var maxAbsoluteResidual: Double { residuals.map(abs).max() ?? 0 }
    /// The root mean square residual, in points.
    public var rms: Double {
        residuals.isEmpty ? 0 : (residuals.reduce(0) { $0 + $1 * $1 } / Double(residuals.count)).squareRoot()
    }

    /// The model's displacement at `t`.
    public static func displacement(at t: Double, omega: Double, x0: Double, v0: Double) -> Double {
        (x0 + (v0 + omega * x0) * t) * exp(-omega * t)
    }

    /// Fits ω, x₀ and v₀ (or only x₀ and v₀ when `omega` is given) to `displacements` at `times` by least squares.
    /// Nil with fewer than three samples (two for a fixed ω) or when the fit leaves a non-finite ω.
    public init?(times: [Double], displacements: [Double], omega fixedOmega: Double? = nil) {
        precondition(times.count == displacements.count, "one time per displacement")
        guard times.count >= (fixedOmega == nil ? 3 : 2), let first = displacements.first else { return nil }
        // Start from the first sample, the finite-difference velocity, and the ω of Flick's previous bounce (10/s).
        let v0 = times.count > 1 && times[1] > times[0] ? (displacements[1] - first) / (times[1] - times[0]) : 0
        func model(_ p: [Double]) -> [Double] {
            let omega = fixedOmega ?? p[2]
            return zip(times, displacements).map {
                Self.displacement(at: $0.0, omega: omega, x0: p[0], v0: p[1]) - $0.1
            }
        }
        let start = fixedOmega == nil ? [first, v0, 10] : [first, v0]
        let fit = LeastSquaresFit(initial: start, scales: fixedOmega == nil ? [1, 100, 1] : [1, 100], residuals: model)
        let omega = fixedOmega ?? fit.parameters[2]
        guard omega.isFinite, omega > 0 else { return nil }
        self.omega = omega
        self.displacement = fit.parameters[0]
        self.velocity = fit.parameters[1]
        self.residuals = fit.residuals
    }
}
