import FlickCore
import FlickPhysics
import FlickOutput
import Foundation

/// Fits the physics constants a scenario's recordings (`reference:`) constrain, by least squares over every
/// recorded sample (`flick fit`; docs/physics.md, "Fitting to a recording").
///
/// Candidates are the constants a recording of a UIKit-style scroll view or sheet can measure: the edge bounce's rate k,
/// the deceleration rate, the rubber band's coefficient, the sheet spring's response and damping ratio, and the
/// paging spring's. A candidate is fitted only if the recordings constrain it: a ±1 % change must move some
/// simulated sample. The fit is Levenberg–Marquardt (`LeastSquaresFit`) on the simulated − recorded differences,
/// each evaluation one run of the scenario sampled at the recorded instants.
public struct PhysicsFit: Sendable {
    /// A constant of `physics:` that a fit may change. The deceleration rate is fitted as its decay constant,
    /// −1000·ln(rate) per second (2.002/s at 0.998), so that ±1 % means the same for it as for the others.
    public enum Constant: String, CaseIterable, Hashable, Sendable {
        case bounce, decelerationRate, rubberBand
        case sheetSpringResponse = "sheetSpring.response", sheetSpringDampingRatio = "sheetSpring.dampingRatio"
        case pagingSpringResponse = "pagingSpring.response", pagingSpringDampingRatio = "pagingSpring.dampingRatio"

        /// Its value in `settings`, or the preset's when the scenario does not override it.
        func value(in settings: PhysicsSettings) -> Double {
            switch self {
            case .bounce: settings.bounceRate ?? EdgeBounce.uikitRate(refreshRate: settings.refreshRate)
            case .decelerationRate: -1000 * log(settings.decelerationRate.rawValue)
            case .rubberBand: settings.rubberBand ?? RubberBand.defaultCoefficient
            case .sheetSpringResponse: settings.sheetSpring?.response ?? Spring.standard.response
            case .sheetSpringDampingRatio: settings.sheetSpring?.dampingRatio ?? Spring.standard.dampingRatio
            case .pagingSpringResponse: settings.pagingSpring?.response ?? Spring.standard.response
            case .pagingSpringDampingRatio: settings.pagingSpring?.dampingRatio ?? Spring.standard.dampingRatio
            }
        }

        /// The values `physics:` takes for it (docs/scenario-format.md, "physics"), as the decoder checks them: the
        /// deceleration rate as the factor the block writes, the others as they are.
        public func admits(_ value: Double) -> Bool {
            switch self {
            case .decelerationRate: value > 0 && value < 1
            case .bounce: value > 0 && value <= 1000
            case .rubberBand, .sheetSpringResponse, .sheetSpringDampingRatio, .pagingSpringResponse,
                 .pagingSpringDampingRatio: value > 0 && value <= 10
            }
        }

        /// The values it takes in words, for the message when a fit leaves them.
        public var domain: String {
            switch self {
            case .decelerationRate: "(0, 1)"
            case .bounce: "(0, 1000]"
            case .rubberBand, .sheetSpringResponse, .sheetSpringDampingRatio, .pagingSpringResponse,
                 .pagingSpringDampingRatio: "(0, 10]"
            }
        }

        /// `settings` with this constant set to `value`; nil when the value is outside the constant's domain.
        func setting(_ value: Double, in settings: PhysicsSettings) -> PhysicsSettings? {
            guard value.isFinite, value > 0 else { return nil }
            var s = settings
            switch self {
            case .bounce: s.bounceRate = value
            case .decelerationRate: s.decelerationRate = DecelerationRate(exp(-value / 1000))
            case .rubberBand: s.rubberBand = value
            case .sheetSpringResponse: s.sheetSpring = .init(response: value, dampingRatio: s.sheetSpring?.dampingRatio)
            case .sheetSpringDampingRatio: s.sheetSpring = .init(response: s.sheetSpring?.response, dampingRatio: value)
            case .pagingSpringResponse: s.pagingSpring = .init(response: value, dampingRatio: s.pagingSpring?.dampingRatio)
            case .pagingSpringDampingRatio: s.pagingSpring = .init(response: s.pagingSpring?.response, dampingRatio: value)
            }
            return s
        }
    }

    /// One fitted constant.
    public struct Fitted: Sendable {
        public var constant: Constant
        public var before: Double
        public var after: Double
        /// How much the rms residual (all references together, in points) grows when `after` is 1 % lower and higher.
        public var growthAtMinusOnePercent: Double
        public var growthAtPlusOnePercent: Double
    }

    /// How far a 1 % change of a constant must move some recorded sample for the recordings to constrain it, in
    /// points: a fifth of a pixel at 2x, so that a constant is fitted only where the recordings' own pixel rounding
    /// can show its change (a bounce recorded alone moves 0.095 pt at most when the deceleration rate changes by
    /// 1 %, and a fit of both would trade one against the other within that rounding).
    public static let constrainingChange = 0.1

    /// The scenario as given and as fitted.
    public var scenario: Scenario
    public var fitted: Scenario
    public var constants: [Fitted]
    /// Candidates that no recording constrains (no sample moves when they change by 1 %).
    public var unconstrained: [Constant]
    /// Every reference's residual before and after.
    public var before: [ReferenceResidual]
    public var after: [ReferenceResidual]
    /// Levenberg–Marquardt steps taken.
    public var iterations: Int
    /// Why the recordings cannot be fitted, each a sentence; when not empty, `constants` hold nothing to paste:
    /// every compared sample records the same value (no motion to fit), there are fewer compared samples than
    /// `minimumSamples(constants:)`, or a constant came out where `physics:` does not take it (the block would be
    /// refused by the decoder: the recordings do not pin it down).
    public var problems: [String] = []

    /// The fewest compared samples a fit of `constants` constants needs: more than the constants, and at least 3.
    public static func minimumSamples(constants: Int) -> Int { max(3, constants + 1) }

    /// Fits `scenario`'s constants to its references; nil when it has no reference or no sample to compare.
    public init?(_ scenario: Scenario, candidates: [Constant] = Constant.allCases) {
        let before = ReferenceResidual.measure(scenario)
        let baseline = before.flatMap(\.differences)
        guard !baseline.isEmpty else { return nil }
        func differences(_ settings: PhysicsSettings?) -> [Double] {
            guard let settings else { return [.infinity] }
            var s = scenario
            s.physics = settings
            let values = ReferenceResidual.measure(s).flatMap(\.differences).map(\.value)
            return values.count == baseline.count ? values : [.infinity]
        }
        // Only what the recordings constrain: a 1 % change must move some compared sample.
        var chosen: [Constant] = []
        var unconstrained: [Constant] = []
        for constant in candidates {
            let start = constant.value(in: scenario.physics)
            let moved = differences(constant.setting(start * 1.01, in: scenario.physics))
            let changed = moved.count == baseline.count
                && zip(moved, baseline).contains { abs($0 - $1.value) >= Self.constrainingChange }
            if changed { chosen.append(constant) } else { unconstrained.append(constant) }
        }
        func settings(_ p: [Double]) -> PhysicsSettings? {
            var s: PhysicsSettings? = scenario.physics
            for (constant, value) in zip(chosen, p) { s = s.flatMap { constant.setting(value, in: $0) } }
            return s
        }
        // What cannot be fitted is said, not fitted: a recording that never moves, or too few samples.
        var problems: [String] = []
        let compared = before.map { residual in
            residual.recorded.filter { $0.t >= 0 && $0.t <= scenario.duration }.map(\.value)
        }
        if let first = compared.first(where: { !$0.isEmpty })?.first,
           compared.allSatisfy({ $0.allSatisfy { $0 == first } }) {
            problems.append("every recorded sample inside the scenario's time is \(ReferenceResidual.format(first)): a constant recording measures no motion to fit")
        }
        let count = baseline.count, needed = Self.minimumSamples(constants: chosen.count)
        if !chosen.isEmpty, count < needed {
            problems.append("\(count) recorded sample\(count == 1 ? "" : "s") inside the scenario's time cannot fit \(chosen.count) constant\(chosen.count == 1 ? "" : "s"); a fit needs at least \(needed)")
        }
        if !problems.isEmpty { chosen = [] }
        let start = chosen.map { $0.value(in: scenario.physics) }
        let fit = LeastSquaresFit(initial: start, scales: start.map { max(abs($0) * 0.01, 1e-6) }) { differences(settings($0)) }
        var fitted = scenario
        fitted.physics = settings(fit.parameters) ?? scenario.physics
        let rms = { (values: [Double]) in (values.reduce(0) { $0 + $1 * $1 } / Double(max(values.count, 1))).squareRoot() }
        let fittedRMS = rms(fit.residuals)
        constants = chosen.indices.map { i in
            func growth(_ factor: Double) -> Double {
                var p = fit.parameters
                p[i] *= factor
                return rms(differences(settings(p))) - fittedRMS
            }
            return Fitted(constant: chosen[i], before: start[i], after: fit.parameters[i],
                          growthAtMinusOnePercent: growth(0.99), growthAtPlusOnePercent: growth(1.01))
        }
        // A value outside what `physics:` takes (as the block writes it) is no fit: the recordings leave it free.
        for c in constants {
            let written = Double(Self.format(c.after, c.constant)) ?? .nan
            if !c.constant.admits(written) {
                problems.append("\(c.constant.rawValue) came out as \(Self.format(c.after, c.constant)), outside the \(c.constant.domain) that physics.\(c.constant.rawValue) takes: the recordings do not pin it down")
            }
        }
        self.problems = problems
        self.scenario = scenario
        self.fitted = fitted
        self.unconstrained = unconstrained
        self.before = before
        self.after = ReferenceResidual.measure(fitted)
        self.iterations = fit.iterations
    }

    /// The fitted constants as a `physics:` block to paste into the scenario (the preset's other keys as they were).
    public var physicsBlock: String {
        var lines = ["physics:"]
        if fitted.physics.preset != .uikit { lines.append("  preset: \(fitted.physics.preset.rawValue)") }
        var sheet: [String] = [], paging: [String] = []
        for c in constants {
            let value = Self.format(c.after, c.constant)
            switch c.constant {
            case .bounce: lines.append("  bounce: \(value)")
            case .decelerationRate: lines.append("  decelerationRate: \(value)")
            case .rubberBand: lines.append("  rubberBand: \(value)")
            case .sheetSpringResponse: sheet.append("response: \(value)")
            case .sheetSpringDampingRatio: sheet.append("dampingRatio: \(value)")
            case .pagingSpringResponse: paging.append("response: \(value)")
            case .pagingSpringDampingRatio: paging.append("dampingRatio: \(value)")
            }
        }
        if !sheet.isEmpty { lines.append("  sheetSpring: {\(sheet.joined(separator: ", "))}") }
        if !paging.isEmpty { lines.append("  pagingSpring: {\(paging.joined(separator: ", "))}") }
        return lines.joined(separator: "\n")
    }

    /// A constant as the block writes it: enough digits that pasting it back reproduces the fit to 1e-6 of itself.
    public static func format(_ value: Double, _ constant: Constant) -> String {
        switch constant {
        case .decelerationRate: NumberText.fixed(exp(-value / 1000), digits: 7)
        case .bounce, .rubberBand, .sheetSpringResponse, .sheetSpringDampingRatio, .pagingSpringResponse,
             .pagingSpringDampingRatio: NumberText.fixed(value, digits: 5)
        }
    }
}
