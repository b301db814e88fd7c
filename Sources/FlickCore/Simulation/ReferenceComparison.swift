import Foundation

/// How far the simulation is from a recording (`reference:`): at every recorded sample inside the scenario's time,
/// simulated − recorded, in the path's unit (points for positions).
public struct ReferenceResidual: Sendable {
    public var reference: Reference
    /// The recorded samples on the scenario's clock, baseline subtracted (`Reference.aligned`).
    public var recorded: [Reference.Sample]
    /// Simulated − recorded at each compared sample (those inside the scenario's duration), with its time.
    public var differences: [Reference.Sample]
    /// Recorded samples outside the scenario's time (before 0 s or after its duration), not compared.
    public var outside: Int

    /// The largest difference by magnitude; 0 when nothing was compared.
    public var maximum: Double { differences.map { abs($0.value) }.max() ?? 0 }
    /// The root mean square difference.
    public var rms: Double {
        differences.isEmpty ? 0
            : (differences.reduce(0) { $0 + $1.value * $1.value } / Double(differences.count)).squareRoot()
    }
    /// The sample with the largest difference (time on the scenario's clock, signed difference).
    public var worst: Reference.Sample? { differences.max { abs($0.value) < abs($1.value) } }

    /// The residual of every reference of `scenario`, from one run of its simulation (sampled at the recorded times).
    public static func measure(_ scenario: Scenario) -> [ReferenceResidual] {
        guard !scenario.references.isEmpty else { return [] }
        let release = scenario.releaseTime
        let aligned = scenario.references.map { $0.aligned(releaseTime: release) }
        // Every sample time once, in order, so one simulation moves forward through them.
        var times = Set<Double>()
        for samples in aligned { for s in samples where s.t >= 0 && s.t <= scenario.duration { times.insert(s.t) } }
        let simulation = Simulation(scenario: scenario)
        var values: [Double: FrameState] = [:]
        values.reserveCapacity(times.count)
        for t in times.sorted() { values[t] = simulation.state(at: t) }
        return zip(scenario.references, aligned).map { reference, samples in
            var differences: [Reference.Sample] = []
            var outside = 0
            for sample in samples {
                guard let state = values[sample.t], case .number(let simulated)? = state.value(atPath: reference.path) else {
                    outside += 1
                    continue
                }
                differences.append(Reference.Sample(t: sample.t, value: simulated - sample.value))
            }
            return ReferenceResidual(reference: reference, recorded: samples, differences: differences, outside: outside)
        }
    }

    /// The residual's entry in the state document (docs/states.md, "References").
    public func json(fps: Double) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("index", .number(Double(reference.index))),
            ("path", .string(reference.path)),
            ("file", .string(reference.file)),
            ("compared", .number(Double(differences.count))),
            ("outside", .number(Double(outside))),
            ("max", .number(maximum)),
            ("rms", .number(rms)),
        ]
        if let worst {
            pairs += [("worstTime", .number(worst.t)), ("worstFrame", .number((worst.t * fps).rounded())),
                      ("worstDifference", .number(worst.value))]
        } else {
            pairs += [("worstTime", .null), ("worstFrame", .null), ("worstDifference", .null)]
        }
        pairs.append(("recorded", .array(recorded.map { .array([.number($0.t), .number($0.value)]) })))
        return .object(pairs)
    }

    /// One line: `reference[0] feed.contentOffset.y vs recorded.csv: max 0.47 pt, rms 0.21 pt, worst at 0.35 s (frame 21)`.
    public var summary: String {
        var text = "reference[\(reference.index)] \(reference.path) vs \(reference.file): "
        guard let worst else { return text + "no recorded sample lies inside the scenario's time" }
        text += "max \(Self.format(maximum)), rms \(Self.format(rms)), worst at \(JSONValue.format((worst.t * 1000).rounded() / 1000)) s"
        text += " (\(differences.count) samples compared"
        return text + (outside > 0 ? ", \(outside) outside the scenario's time)" : ")")
    }

    /// A residual in a message: three decimals.
    public static func format(_ x: Double) -> String { String(format: "%.3f", x) }
}
