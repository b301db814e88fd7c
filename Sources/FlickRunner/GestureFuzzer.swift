import FlickCore
import Foundation
import Yams

/// Sebastiano Vigna's SplitMix64: a tiny, fast generator whose whole state is one 64-bit word, so a seed names
/// a sequence exactly, on every machine and toolchain (the uniform helpers below avoid the standard library's
/// `random(in:using:)`, whose algorithm is not promised to stay the same).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A double in [a, b).
    public mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }

    /// An integer in `range` (the modulo bias is below 2⁻⁵⁰ for the small ranges used here).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

/// Random gesture scripts for a scenario's scene: drags and flicks aimed at its scrollables (often into their
/// edges), reversals, rapid taps (on tab bars when there are any), resizes, and gestures that start while the
/// previous one is still settling. Numbers are kept to short decimals, so a script written to a file reads back
/// to exactly the same gestures.
public struct GestureFuzzer: Sendable {
    public let scenario: Scenario
    /// Where the scene's scrollables, sheets and carousels are at the start (in viewport coordinates).
    let targets: [Rect]
    let tabBars: [Rect]

    /// Seconds left after the last gesture for everything to settle.
    public static let settleTime = 1.5

    public init(scenario: Scenario) {
        self.scenario = scenario
        let state = Simulation(scenario: scenario).state(at: 0)
        let screen = Rect(x: 0, y: 0, width: scenario.viewport.width, height: scenario.viewport.height)
        let frames = state.scrollViews.map(\.frame) + state.sheets.map(\.frame)
        targets = frames.compactMap { Self.intersection($0, screen) }.filter { $0.width >= 4 && $0.height >= 4 }
        tabBars = state.pagers.map(\.tabBar).compactMap { Self.intersection($0, screen) }
    }

    static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY), x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    /// The generator of case `index` of `seed`: each case has its own stream, so one case can be replayed alone.
    public static func generator(seed: UInt64, case index: Int) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        return SplitMix64(seed: mixer.next())
    }

    /// The scenario of case `index`: the same scene under a random script, running until it has settled.
    public func scenario(seed: UInt64, case index: Int) -> Scenario {
        var rng = Self.generator(seed: seed, case: index)
        let gestures = script(&rng)
        var s = scenario
        s.name = "\(scenario.name)-fuzz-\(seed)-\(index)"
        s.gestures = gestures.enumerated().map { i, g in var g = g; g.index = i; return g }
        let end = gestures.map { $0.at + $0.fingerDuration }.max() ?? 0
        s.duration = Self.decimal(end + Self.settleTime, 0.01)
        s.expectations = []
        s.goldens = nil
        return s
    }

    /// Rounds to a multiple of `step` (a short decimal that reads back exactly).
    static func decimal(_ x: Double, _ step: Double) -> Double {
        let n = (x / step).rounded()
        return step < 1 ? n / (1 / step).rounded() : n * step
    }

    func script(_ rng: inout SplitMix64) -> [Gesture] {
        var gestures: [Gesture] = []
        var t = Self.decimal(rng.uniform(0.05, 0.3), 0.001)
        var size = scenario.viewport.size
        for _ in 0..<rng.int(1...7) {
            let kind = rng.unit()
            var made: [Gesture]
            if kind < 0.28 {
                made = [drag(at: t, size: size, &rng)]
            } else if kind < 0.5 {
                made = [flickIntoEdge(at: t, size: size, &rng)]
            } else if kind < 0.68 {
                made = [reversal(at: t, size: size, &rng)]
            } else if kind < 0.84 {
                made = taps(at: t, size: size, &rng)
            } else {
                let next = resize(size, &rng)
                // At once, or animated (an iPad window dragged to a new size) while other gestures go on.
                made = [rng.chance(0.5) ? .resize(at: t, to: next)
                                        : .resize(at: t, to: next, duration: Self.decimal(rng.uniform(0.1, 0.6), 0.001),
                                                  curve: .named(rng.pick(DragCurve.allCases)))]
                size = next
            }
            gestures += made
            let end = made.map { $0.at + $0.fingerDuration }.max() ?? t
            // Often the next gesture comes while this one is still moving things: a re-grab mid-settle.
            let gap = rng.chance(0.45) ? rng.uniform(0.01, 0.15) : rng.uniform(0.2, 1.0)
            t = Self.decimal(end + gap, 0.001)
        }
        return gestures
    }

    /// A point in one of the scene's targets (or anywhere on screen), within the current viewport.
    func point(_ size: Size, _ rng: inout SplitMix64) -> Point {
        let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let area = (!targets.isEmpty && rng.chance(0.8)) ? Self.intersection(rng.pick(targets), screen) ?? screen : screen
        return Point(x: Self.decimal(rng.uniform(area.minX + 1, area.maxX - 1), 0.5),
                     y: Self.decimal(rng.uniform(area.minY + 1, area.maxY - 1), 0.5))
    }

    func clamped(_ p: Point, _ size: Size) -> Point {
        Point(x: Self.decimal(min(max(p.x, 0), size.width), 0.5), y: Self.decimal(min(max(p.y, 0), size.height), 0.5))
    }

    /// A drag in any direction, often along an axis, sometimes slow and held.
    func drag(at t: Double, size: Size, _ rng: inout SplitMix64) -> Gesture {
        let from = point(size, &rng)
        let length = rng.uniform(5, 700)
        let angle: Double = rng.chance(0.7) ? Double(rng.int(0...3)) * .pi / 2 + rng.uniform(-0.15, 0.15)
                                            : rng.uniform(0, 2 * .pi)
        let to = clamped(Point(x: from.x + length * cos(angle), y: from.y + length * sin(angle)), size)
        let duration = Self.decimal(rng.uniform(0.05, 1.2), 0.001)
        let hold = rng.chance(0.35) ? Self.decimal(rng.uniform(0.01, 0.3), 0.001) : 0
        let curve = rng.pick(DragCurve.allCases)
        return .drag(at: t, from: from, to: to, duration: duration, curve: .named(curve), hold: hold)
    }

    /// A short, fast drag towards one edge of the screen: momentum into an edge, then the bounce.
    func flickIntoEdge(at t: Double, size: Size, _ rng: inout SplitMix64) -> Gesture {
        let from = point(size, &rng)
        let direction = rng.int(0...3)
        let length = rng.uniform(80, 600)
        var to = from
        switch direction {
        case 0: to.y -= length
        case 1: to.y += length
        case 2: to.x -= length
        default: to.x += length
        }
        return .drag(at: t, from: from, to: clamped(to, size), duration: Self.decimal(rng.uniform(0.02, 0.09), 0.001))
    }

    /// One finger going one way and coming back without lifting, sampled every 8 ms.
    func reversal(at t: Double, size: Size, _ rng: inout SplitMix64) -> Gesture {
        let from = point(size, &rng)
        let vertical = rng.chance(0.6)
        let speed = rng.uniform(150, 3000) * (rng.chance(0.5) ? 1 : -1)
        let out = rng.int(3...40), back = rng.int(3...40)
        var samples: [(t: Double, point: Point)] = [(0, from)]
        var p = from
        for k in 1...(out + back) {
            let step = (k <= out ? speed : -speed * rng.uniform(0.5, 1.5)) * 0.008
            if vertical { p.y += step } else { p.x += step }
            p = clamped(p, size)
            samples.append((Double(k) * 8 / 1000, p))
        }
        return .touches(at: t, samples)
    }

    /// Two to four taps in quick succession, on a tab bar when the scene has one.
    func taps(at t: Double, size: Size, _ rng: inout SplitMix64) -> [Gesture] {
        var taps: [Gesture] = []
        var at = t
        for _ in 0..<rng.int(2...4) {
            let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
            let p: Point
            if !tabBars.isEmpty, rng.chance(0.7), let bar = Self.intersection(rng.pick(tabBars), screen) {
                p = Point(x: Self.decimal(rng.uniform(bar.minX + 1, bar.maxX - 1), 0.5),
                          y: Self.decimal(rng.uniform(bar.minY + 1, bar.maxY - 1), 0.5))
            } else {
                p = point(size, &rng)
            }
            taps.append(.tap(at: at, p))
            at = Self.decimal(at + Gesture.tapDuration + rng.uniform(0.01, 0.12), 0.001)
        }
        return taps
    }

    /// A rotation, or a window of another size.
    func resize(_ size: Size, _ rng: inout SplitMix64) -> Size {
        if rng.chance(0.5) { return Size(width: size.height, height: size.width) }
        return Size(width: Self.decimal(rng.uniform(320, 1024), 1), height: Self.decimal(rng.uniform(320, 1366), 1))
    }
}

/// What fuzzing one case found.
public struct FuzzFinding: Sendable {
    public var index: Int
    /// The case as generated, and as shrunk (fewest gestures, shortest duration that still break the rule).
    public var original: Scenario
    public var shrunk: Scenario
    /// The invariant broken, and the violations of the shrunk case.
    public var rule: InvariantRule
    public var report: InvariantReport
}

/// Runs random scripts on a scenario's scene and checks each with the invariants.
public enum Fuzz {
    /// Case `index` of `seed`, checked; nil when it keeps every invariant.
    public static func run(_ scenario: Scenario, seed: UInt64, case index: Int) -> FuzzFinding? {
        let fuzzer = GestureFuzzer(scenario: scenario)
        let script = fuzzer.scenario(seed: seed, case: index)
        let report = InvariantChecker.check(script)
        guard let first = report.violations.first else { return nil }
        let shrunk = shrink(script, rule: first.rule)
        let options = InvariantChecker.Options()
        return FuzzFinding(index: index, original: script, shrunk: shrunk, rule: first.rule,
                           report: InvariantChecker.check(shrunk, options: options))
    }

    /// The first violation of `rule` in `scenario`, if any (frame rates compared only when that is the rule).
    static func violation(_ scenario: Scenario, rule: InvariantRule,
                          source: @escaping (Scenario) -> StateSource) -> InvariantViolation? {
        let options = InvariantChecker.Options(compareFrameRates: rule == .frameRates, maximumViolations: 50)
        return InvariantChecker.check(scenario, options: options, source: source).violations.first { $0.rule == rule }
    }

    /// Fewer gestures, simpler ones, earlier, and a duration that ends just after the violation, as long as the
    /// same rule still breaks.
    public static func shrink(_ scenario: Scenario, rule: InvariantRule) -> Scenario {
        shrink(scenario, rule: rule) { Simulation(scenario: $0) }
    }

    /// The same, reading states from `source` (a test of the shrinker breaks an invariant on purpose).
    static func shrink(_ scenario: Scenario, rule: InvariantRule,
                       source: @escaping (Scenario) -> StateSource) -> Scenario {
        guard var found = violation(scenario, rule: rule, source: source) else { return scenario }
        var best = scenario

        func attempt(_ candidate: Scenario) -> Bool {
            guard candidate.duration > 0, let v = violation(candidate, rule: rule, source: source) else { return false }
            best = candidate
            found = v
            return true
        }

        /// Ends the scenario a few frames after the violation (never before a gesture starts).
        func truncated(_ s: Scenario, at time: Double) -> Scenario {
            var s = s
            let end = GestureFuzzer.decimal((time + 3 / s.fps) * 100 + 0.5, 1) / 100
            s.gestures = s.gestures.filter { $0.at <= end }
            s.duration = max(end, 0.01)
            return s
        }
        func renumbered(_ gestures: [Gesture]) -> [Gesture] {
            gestures.enumerated().map { i, g in var g = g; g.index = i; return g }
        }

        _ = attempt(truncated(best, at: found.time))
        var changed = true
        while changed {
            changed = false
            // Fewest gestures: drop each one in turn, latest first.
            for i in best.gestures.indices.reversed() where i < best.gestures.count {
                var s = best
                s.gestures = renumbered(s.gestures.enumerated().filter { $0.offset != i }.map(\.element))
                if attempt(s) { _ = attempt(truncated(best, at: found.time)); changed = true }
            }
            // Earlier: the first gesture at 0.1 s, then each gap halved.
            if let first = best.gestures.first, first.at > 0.1 + 1e-9 {
                var s = best
                let shift = GestureFuzzer.decimal(first.at - 0.1, 0.001)
                s.gestures = s.gestures.map { g in var g = g; g.at = GestureFuzzer.decimal(g.at - shift, 0.001); return g }
                s.duration = GestureFuzzer.decimal(s.duration - shift, 0.01)
                if attempt(s) { _ = attempt(truncated(best, at: found.time)); changed = true }
            }
            for i in best.gestures.indices.dropFirst() where i < best.gestures.count {
                let previous = best.gestures[i - 1]
                let gap = best.gestures[i].at - (previous.at + previous.fingerDuration)
                guard gap > 0.02 else { continue }
                let shift = GestureFuzzer.decimal(gap / 2, 0.001)
                var s = best
                for j in i..<s.gestures.count { s.gestures[j].at = GestureFuzzer.decimal(s.gestures[j].at - shift, 0.001) }
                s.duration = GestureFuzzer.decimal(s.duration - shift, 0.01)
                if attempt(s) { _ = attempt(truncated(best, at: found.time)); changed = true }
            }
            // Simpler gestures: no hold, a linear curve.
            for i in best.gestures.indices where i < best.gestures.count {
                guard case let .drag(from, to, duration, curve, hold) = best.gestures[i].action,
                      hold > 0 || curve != .linear else { continue }
                var s = best
                s.gestures[i].action = .drag(from: from, to: to, duration: duration, curve: .linear, hold: 0)
                if attempt(s) { changed = true }
            }
        }
        return best
    }
}

/// A fuzz case written as a scenario file: the original file's settings and scene (from its own text, so what
/// the user wrote is kept), with the case's name, duration and gestures.
public enum FuzzScenarioFile {
    public static func yaml(originalFile path: String, scenario: Scenario, comments: [String]) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let root = try Yams.compose(yaml: text), case .mapping(let mapping) = root else {
            throw GoldenError("\(path) does not hold a mapping")
        }
        let replaced: Set<String> = ["name", "duration", "gestures", "expect", "goldens"]
        let kept = mapping.filter { !replaced.contains($0.key.string ?? "") }
        var out = comments.map { "# " + $0 }.joined(separator: "\n") + "\n"
        if !kept.isEmpty {
            out += try Yams.serialize(node: .mapping(Node.Mapping(kept.map { ($0.key, $0.value) }, mapping.tag, .block)),
                                      width: -1, allowUnicode: true)
        }
        out += "name: \(scenario.name)\n"
        out += "duration: \(JSONValue.format(scenario.duration))\n"
        out += "gestures:\n"
        for g in scenario.gestures { out += "  - \(line(g))\n" }
        return out
    }

    static func n(_ x: Double) -> String { JSONValue.format(x) }
    static func point(_ p: Point) -> String { "[\(n(p.x)), \(n(p.y))]" }

    /// A timing curve as its key and value in the file format.
    static func text(_ curve: TimingCurve) -> String {
        switch curve {
        case .named(let name): "curve: \(name.rawValue)"
        case .cubicBezier(let bezier): "cubicBezier: [\(bezier.controlPoints.map(n).joined(separator: ", "))]"
        }
    }

    /// One gesture in the file format's flow style.
    static func line(_ g: Gesture) -> String {
        switch g.action {
        case let .drag(from, to, duration, curve, hold):
            var fields = "from: \(point(from)), to: \(point(to)), duration: \(n(duration))"
            if curve != .named(Gesture.defaultCurve) { fields += ", \(text(curve))" }
            if hold > 0 { fields += ", hold: \(n(hold))" }
            return "{at: \(n(g.at)), drag: {\(fields)}}"
        case .touches(let samples, _, _):
            let list = samples.map { "[\(n($0.t)), \(n($0.point.x)), \(n($0.point.y))]" }.joined(separator: ", ")
            return "{at: \(n(g.at)), touches: [\(list)]}"
        case .tap(let p):
            return "{at: \(n(g.at)), tap: \(point(p))}"
        case let .resize(size, duration, curve):
            var fields = "width: \(n(size.width)), height: \(n(size.height))"
            if duration != Gesture.defaultResizeDuration { fields += ", duration: \(n(duration))" }
            if curve != .named(Gesture.defaultResizeCurve) { fields += ", \(text(curve))" }
            return "{at: \(n(g.at)), resize: {\(fields)}}"
        }
    }
}
