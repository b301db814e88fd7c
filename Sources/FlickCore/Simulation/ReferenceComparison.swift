import FlickOutput
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
    public func json(fps: Double) -> JSONValue { StatesReference(self, fps: fps).json }

    /// One line: `reference[0] feed.contentOffset.y vs recorded.csv: max 0.47 pt, rms 0.21 pt, worst at 0.35 s (frame 21)`.
    public var summary: String {
        var text = "reference[\(reference.index)] \(reference.path) vs \(reference.file): "
        guard let worst else { return text + "no recorded sample lies inside the scenario's time" }
        text += "max \(Self.format(maximum)), rms \(Self.format(rms)), worst at \(JSONValue.format((worst.t * 1000).rounded() / 1000)) s"
        text += " (\(differences.count) samples compared"
        return text + (outside > 0 ? ", \(outside) outside the scenario's time)" : ")")
    }

    /// A residual in a message: three decimals.
    public static func format(_ x: Double) -> String { NumberText.fixed(x, digits: 3) }
}

/// A residual as the states document writes it (docs/states.md, "References"): what a run read back from a
/// states document knows of its recordings.
public struct StatesReference: Hashable, Sendable {
    public var index: Int
    public var path: String
    public var file: String
    public var compared: Int
    public var outside: Int
    public var maximum: Double
    public var rms: Double
    /// Where the largest difference is: seconds, the nearest frame and the signed difference; nil when nothing was compared.
    public var worst: (time: Double, frame: Double, difference: Double)? {
        get { worstTime.map { ($0, worstFrame ?? 0, worstDifference ?? 0) } }
        set { worstTime = newValue?.time; worstFrame = newValue?.frame; worstDifference = newValue?.difference }
    }
    var worstTime: Double?
    var worstFrame: Double?
    var worstDifference: Double?
    /// The recorded samples on the scenario's clock.
    public var recorded: [Reference.Sample]

    public init(_ residual: ReferenceResidual, fps: Double) {
        index = residual.reference.index
        path = residual.reference.path
        file = residual.reference.file
        compared = residual.differences.count
        outside = residual.outside
        maximum = residual.maximum
        rms = residual.rms
        recorded = residual.recorded
        if let worst = residual.worst {
            worstTime = worst.t
            worstFrame = (worst.t * fps).rounded()
            worstDifference = worst.value
        }
    }

    public init(json: JSONField) throws(StatesReadError) {
        index = try json.int("index")
        path = try json.string("path")
        file = try json.string("file")
        compared = try json.int("compared")
        outside = try json.int("outside")
        maximum = try json.number("max")
        rms = try json.number("rms")
        worstTime = try json.optionalNumber("worstTime")
        worstFrame = try json.optionalNumber("worstFrame")
        worstDifference = try json.optionalNumber("worstDifference")
        recorded = try json.field("recorded").items().map { sample throws(StatesReadError) in
            let pair = try sample.items()
            guard pair.count == 2 else { throw StatesReadError(path: sample.path, problem: "must be [t, value]") }
            return Reference.Sample(t: try pair[0].number(), value: try pair[1].number())
        }
    }

    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("index", .number(Double(index))),
            ("path", .string(path)),
            ("file", .string(file)),
            ("compared", .number(Double(compared))),
            ("outside", .number(Double(outside))),
            ("max", .number(maximum)),
            ("rms", .number(rms)),
        ]
        if let worstTime {
            pairs += [("worstTime", .number(worstTime)), ("worstFrame", .number(worstFrame ?? 0)),
                      ("worstDifference", .number(worstDifference ?? 0))]
        } else {
            pairs += [("worstTime", .null), ("worstFrame", .null), ("worstDifference", .null)]
        }
        pairs.append(("recorded", .array(recorded.map { .array([.number($0.t), .number($0.value)]) })))
        return .object(pairs)
    }
}
