/// A frame summed across the axis it is tracked along: for axis y, each row's mean luma in each of `bands`
/// vertical strips (for axis x, each column's in horizontal strips). Rows of text, a list's separators and a
/// sheet's edge all survive; compression noise averages out over the strip's width. Several strips rather than
/// one keep apart rows that only differ from left to right.
struct Profile: Equatable {
    /// Samples along the axis.
    let length: Int
    let bands: Int
    /// Band-major: `values[band * length + i]`.
    let values: [Double]

    init(length: Int, bands: Int, values: [Double]) {
        self.length = length
        self.bands = bands
        self.values = values
    }

    init(_ frame: GrayFrame, axis: TrackAxis, bands wanted: Int) {
        let length = axis == .y ? frame.height : frame.width
        let across = axis == .y ? frame.width : frame.height
        let bands = max(1, min(wanted, across / 8))
        var values = [Double](repeating: 0, count: bands * length)
        frame.pixels.withUnsafeBufferPointer { pixels in
            values.withUnsafeMutableBufferPointer { out in
                for band in 0..<bands {
                    let from = band * across / bands, to = (band + 1) * across / bands
                    let count = Double(to - from)
                    for i in 0..<length {
                        var sum = 0
                        if axis == .y {
                            let row = i * frame.width
                            for x in from..<to { sum += Int(pixels[row + x]) }
                        } else {
                            for y in from..<to { sum += Int(pixels[y * frame.width + i]) }
                        }
                        out[band * length + i] = Double(sum) / count
                    }
                }
            }
        }
        self.length = length
        self.bands = bands
        self.values = values
    }

    /// The profile with every `factor` samples averaged into one (the last partial group dropped).
    func decimated(by factor: Int) -> Profile {
        let n = length / factor
        var out = [Double](repeating: 0, count: bands * n)
        for band in 0..<bands {
            for i in 0..<n {
                var sum = 0.0
                for k in 0..<factor { sum += values[band * length + i * factor + k] }
                out[band * n + i] = sum / Double(factor)
            }
        }
        return Profile(length: n, bands: bands, values: out)
    }

    /// Band `band` at the fractional position `u`, Catmull-Rom interpolated (ends repeated), with its derivative.
    @inline(__always)
    func sample(_ band: Int, _ u: Double) -> (value: Double, slope: Double) {
        let base = band * length
        let i = Int(u.rounded(.down))
        let t = u - Double(i)
        @inline(__always) func at(_ k: Int) -> Double { values[base + min(max(k, 0), length - 1)] }
        let p0 = at(i - 1), p1 = at(i), p2 = at(i + 1), p3 = at(i + 2)
        let a = -0.5 * p0 + 1.5 * p1 - 1.5 * p2 + 0.5 * p3
        let b = p0 - 2.5 * p1 + 2 * p2 - 0.5 * p3
        let c = -0.5 * p0 + 0.5 * p2
        return (((a * t + b) * t + c) * t + p1, (3 * a * t + 2 * b) * t + c)
    }
}

/// Where one profile's content is in another: `current[i] ≈ reference[i + shift]`, so a positive shift is content
/// that moved towards the start of the axis (up, or left).
enum ProfileMatch {
    /// The normalised cross-correlation of `current` and `reference` at the whole shift `s`, over the samples both
    /// hold (every band together); nil when they overlap by fewer than `minimumOverlap` samples or either is flat.
    static func correlation(_ current: Profile, _ reference: Profile, shift s: Int, minimumOverlap: Int) -> Double? {
        let n = current.length
        let from = max(0, -s), to = min(n, n - s)
        guard to - from >= max(minimumOverlap, 2) else { return nil }
        var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0
        current.values.withUnsafeBufferPointer { a in
            reference.values.withUnsafeBufferPointer { b in
                for band in 0..<current.bands {
                    let base = band * n
                    for i in from..<to {
                        let x = a[base + i], y = b[base + i + s]
                        sa += x; sb += y; saa += x * x; sbb += y * y; sab += x * y
                    }
                }
            }
        }
        let count = Double((to - from) * current.bands)
        let va = saa - sa * sa / count, vb = sbb - sb * sb / count
        // Flat on either side (a blank region): nothing to match.
        guard va > 1e-6 * count, vb > 1e-6 * count else { return nil }
        return (sab - sa * sb / count) / (va * vb).squareRoot()
    }

    /// The whole shifts within `reach` at which `current` best matches `reference`, each with its score: the local
    /// maxima of the correlation. Searched first on profiles averaged 4 to 1 (a sixteenth of the work), the five
    /// best coarse maxima then searched again at full resolution 5 samples either way.
    static func peaks(_ current: Profile, _ reference: Profile, reach: Int, minimumOverlap: Int) -> [(shift: Int, score: Double)] {
        let factor = current.length >= 64 ? 4 : 1
        var starts: [Int]
        if factor > 1 {
            let c = current.decimated(by: factor), r = reference.decimated(by: factor)
            let coarseReach = reach / factor
            var scores: [Double?] = []
            for s in -coarseReach...coarseReach {
                scores.append(correlation(c, r, shift: s, minimumOverlap: minimumOverlap / factor))
            }
            var maxima: [(Int, Double)] = []
            for (i, score) in scores.enumerated() {
                guard let score else { continue }
                let left = i > 0 ? scores[i - 1] ?? -2 : -2, right = i + 1 < scores.count ? scores[i + 1] ?? -2 : -2
                if score >= left, score >= right { maxima.append(((i - coarseReach) * factor, score)) }
            }
            starts = maxima.sorted { $0.1 > $1.1 }.prefix(5).map(\.0)
        } else {
            starts = [0]
        }
        let window = factor > 1 ? factor + 1 : reach
        var fine: [Int: Double] = [:]
        for start in starts {
            for s in max(-reach, start - window)...min(reach, start + window) where fine[s] == nil {
                if let score = correlation(current, reference, shift: s, minimumOverlap: minimumOverlap) { fine[s] = score }
            }
        }
        return fine.filter { s, score in
            // A local maximum among the shifts evaluated.
            (fine[s - 1] ?? -2) <= score && (fine[s + 1] ?? -2) <= score
        }.map { ($0.key, $0.value) }.sorted { $0.shift < $1.shift }
    }

    /// The same at a fractional shift, the reference interpolated.
    static func correlation(_ current: Profile, _ reference: Profile, at s: Double) -> Double? {
        let n = current.length
        let from = max(0, Int((-s).rounded(.up))), to = min(n, Int((Double(n) - s).rounded(.down)))
        guard to - from >= 2 else { return nil }
        var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0
        for band in 0..<current.bands {
            for i in from..<to {
                let x = current.values[band * n + i], y = reference.sample(band, Double(i) + s).value
                sa += x; sb += y; saa += x * x; sbb += y * y; sab += x * y
            }
        }
        let count = Double((to - from) * current.bands)
        let va = saa - sa * sa / count, vb = sbb - sb * sb / count
        guard va > 1e-6 * count, vb > 1e-6 * count else { return nil }
        return (sab - sa * sb / count) / (va * vb).squareRoot()
    }

    /// The shift near `start` that minimises the squared difference between `current` and the interpolated
    /// `reference` (Gauss–Newton on the Catmull-Rom curve), to a thousandth of a sample.
    static func refine(_ current: Profile, _ reference: Profile, from start: Double) -> Double {
        let n = current.length
        // The samples compared stay fixed while the shift moves (at most 2 either way).
        let from = max(0, Int((-start).rounded(.up)) + 3), to = min(n, Int((Double(n) - start).rounded(.down)) - 3)
        guard to - from >= 4 else { return start }
        var s = start
        for _ in 0..<12 {
            var gradient = 0.0, curvature = 0.0
            for band in 0..<current.bands {
                for i in from..<to {
                    let (value, slope) = reference.sample(band, Double(i) + s)
                    let residual = current.values[band * n + i] - value
                    gradient += slope * residual
                    curvature += slope * slope
                }
            }
            guard curvature > 1e-9 else { break }
            let step = max(-0.5, min(0.5, gradient / curvature))
            s += step
            if abs(s - start) > 2 { return start }
            if abs(step) < 1e-4 { break }
        }
        return s
    }
}
