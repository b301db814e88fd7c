import FlickCore
import FlickPhysics
import Foundation

extension Run {
    // MARK: Numbers

    mutating func checkFinite(_ state: FrameState) {
        count(.finite)
        StatePath.leaves(of: state, .distinctValues) { path, value in
            if case .number(let x) = value, !x.isFinite { report(.finite, at: state.time, path, "is \(x)") }
        }
    }

    mutating func compareFrameRates(_ state: FrameState, _ other: FrameState, otherFPS: Double) {
        var a: [String: JSONValue] = [:]
        var order: [String] = []
        StatePath.leaves(of: state, .distinctValues) { path, value in a[path] = value; order.append(path) }
        var b: [String: JSONValue] = [:]
        StatePath.leaves(of: other, .distinctValues) { path, value in b[path] = value; if a[path] == nil { order.append(path) } }
        count(.frameRates)
        let here = "\(JSONValue.format(scenario.fps)) fps", there = "\(JSONValue.format(otherFPS)) fps"
        for path in order {
            switch (a[path], b[path]) {
            case (.number(let x)?, .number(let y)?):
                let last = path.split(separator: ".").last.map(String.init) ?? path
                let tolerance = ["alpha", "dimming", "fraction"].contains(last)
                    ? InvariantChecker.frameRateUnitTolerance : InvariantChecker.frameRateTolerance
                if !x.isFinite || !y.isFinite {
                    if x.isFinite != y.isFinite || (x.isNaN != y.isNaN) || (!x.isNaN && x != y) {
                        report(.frameRates, at: state.time, path, "is \(Self.number(x)) at \(here) but \(Self.number(y)) at \(there)")
                    }
                } else if abs(x - y) > tolerance {
                    report(.frameRates, at: state.time, path, "is \(Self.number(x)) at \(here) but \(Self.number(y)) at "
                           + "\(there) (off by \(Self.number(abs(x - y))); allowed \(Self.number(tolerance)))")
                }
            case (let x?, let y?):
                if x.text != y.text {
                    report(.frameRates, at: state.time, path, "is \(x.text) at \(here) but \(y.text) at \(there)")
                }
            case (nil, _?):
                report(.frameRates, at: state.time, path, "is absent at \(here) but present at \(there)")
            case (_?, nil):
                report(.frameRates, at: state.time, path, "is present at \(here) but absent at \(there)")
            case (nil, nil):
                break
            }
        }
    }

    static func number(_ x: Double) -> String { x.isFinite ? JSONValue.format(x) : "\(x)" }
    static func signed(_ x: Double) -> String { (x >= 0 ? "+" : "") + number(x) }

    /// A part's delta-space position as the state writes it (a sheet's top is −position).
    static func shown(_ path: String, _ position: Double) -> Double { path.hasSuffix(".top") ? -position : position }
}
