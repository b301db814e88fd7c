import Foundation
import Yams

/// An expectation as read, with where its path is written, for the check of the path once the scene exists.
struct ExpectationEntry {
    var expectation: Expectation
    var field: Field
    var keyMark: Mark?
    /// Whether the runner checks its path on the scene's first frame (a reference check's path is its recording's).
    var checksPath = true

    /// The expectation with the place of its path, for the runner's messages.
    var located: Expectation {
        var located = expectation
        located.source = Expectation.Source(file: field.reader.file, path: field.path, line: keyMark?.line, column: keyMark?.column)
        located.checksPath = checksPath
        return located
    }
}

extension ScenarioFormat {
    /// `expect:`: checks on the simulated states, run by `flick test` (docs/scenario-format.md, "Expectations").
    func expectations(duration: Double?, fps: Double?, references: [Reference]?) -> Value<[ExpectationEntry]> {
        let item = Value<[ExpectationEntry]>.object("expectation", "When (`at`, or `from` and `to`) and what: state paths and the values expected there; or a recording (`reference`) the simulation must stay `within` of.") { m in
            let at = m.optional("at", Self.instant, "The frame nearest to this time in seconds, or `end` (the last frame).")
            let from = m.optional("from", .number(.nonNegative), "With `to`: every frame from this time (seconds)…")
            let to = m.optional("to", .number(.nonNegative), "…up to this time (seconds).")
            let reference = m.optional("reference", .integer(.nonNegative), "With `within`: the index of a `reference:` entry (from 0) whose every recorded sample the simulation must match…")
            let within = m.optional("within", .number(.nonNegative), "…to within this many points (the residual's maximum, docs/states.md, \"References\").")
            m.exactlyOne([["at"], ["from", "to"], ["reference", "within"]])
            let checks = m.others("PATH", Self.condition,
                                  "A state path (docs/states.md), such as `sheet.detent` or `list.contentOffset.y`, and the value expected there: a number, a string, true, false, null, or `{near: X, within: E}`.")
            if m.has("reference") || m.has("within") {
                if !m.has("reference") && (m.has("at") || m.has("from") || m.has("to")) {
                    // `{at: 1, path: sheet.top, near: 400, within: 1}`: a state path's tolerance written beside the time.
                    m.fail("within", "within beside a time belongs inside a state path's value, as PATH: {near: X, within: E}; at this level it goes with reference")
                } else if m.has("at") || m.has("from") || m.has("to") {
                    m.fail("expected a time (at, or from and to) or a reference, not both")
                } else if m.has("reference") != m.has("within") {
                    m.fail("missing required key \"\(m.has("reference") ? "within" : "reference")\"")
                } else if !checks.isEmpty {
                    m.fail(checks[0].key, "a reference check takes no state paths; write them in an expectation of their own")
                } else if let reference, let references, reference >= references.count {
                    m.fail("reference", references.isEmpty ? "the scenario has no reference: entries"
                           : "reference \(reference) does not exist; the scenario has \(references.count) (0...\(references.count - 1))")
                }
                guard !m.failed, let reference, let within, let recorded = references?[reference] else { return nil }
                return [ExpectationEntry(expectation: Expectation(.reference(reference), recorded.path, .near(0, within: within)),
                                         field: m.field("reference")!, keyMark: nil, checksPath: false)]
            }
            if m.has("at") == (m.has("from") || m.has("to")) {
                m.fail(m.has("at") ? "expected at, or from and to, not both" : "expected a time: at (seconds or end), or from and to; or reference and within")
            } else if m.has("from") != m.has("to") {
                m.fail("missing required key \"\(m.has("from") ? "to" : "from")\"")
            }
            if checks.isEmpty && !m.failed { m.fail("expected a state path to check, such as sheet.detent: full") }
            for (key, time) in [("at", at.flatMap { if case .at(let t) = $0 { t } else { nil } }), ("from", from), ("to", to)] {
                if let time, let duration, time > duration {
                    m.fail(key, "\(say(time)) s is after the scenario ends (duration \(say(duration)) s)")
                }
            }
            if let from, let to, from > to { m.fail("from", "from \(say(from)) s is after to \(say(to)) s") }
            if let from, let to, let fps, !m.failed, (from * fps - 1e-9 * fps).rounded(.up) > (to * fps + 1e-9 * fps).rounded(.down) {
                m.fail("no frame lies from \(say(from)) s to \(say(to)) s at \(say(fps)) fps")
            }
            guard !m.failed, let time = at ?? from.flatMap({ f in to.map { Expectation.Time.span(from: f, to: $0) } }) else { return nil }
            return checks.compactMap { check in
                check.value.map { ExpectationEntry(expectation: Expectation(time, check.key, $0), field: check.field, keyMark: check.keyMark) }
            }
        }
        let list = Value<[[ExpectationEntry]]>.list(of: item)
        return Value(shape: list.shape, read: { field in
            list.read(field).map { items in
                items.enumerated().flatMap { index, entries in
                    entries.map { entry in var entry = entry; entry.expectation.index = index; return entry }
                }
            }
        }, encode: { $0.isEmpty ? .array([]) : nil })
    }

    /// `at`: seconds, or `end` (YAML's plain `end` and JSON's string `"end"` alike: one schema for both).
    private static var instant: Value<Expectation.Time> {
        Value(shape: .anyOf([.words(["end"]), .number(.nonNegative)]), read: { field in
            if case .scalar(let scalar) = field.node, scalar.string == "end" { return .end }
            guard field.plainScalar.flatMap(Field.parseNumber) != nil else {
                field.fail(expected: "end or \(NumberRule.nonNegative.expectation)")
                return nil
            }
            return field.number(.nonNegative).map(Expectation.Time.at)
        })
    }

    /// A value expected at a path: a scalar, or `{near: X, within: E}`.
    private static var condition: Value<Expectation.Condition> {
        let near = Value<Expectation.Condition>.object("near", "A number within `within` of `near`.") { m in
            let value = m.required("near", .number(.finite), "The number expected.")
            let within = m.required("within", .number(.nonNegative), "How far from it the state may be.")
            guard let value, let within else { return nil }
            return .near(value, within: within)
        }
        return Value(shape: .anyOf([.scalar, near.shape]), read: { field in
            guard case .scalar(let scalar) = field.node else {
                if case .mapping = field.node { return near.read(field) }
                field.fail(expected: "a number, a string, true, false, null or {near: X, within: E}")
                return nil
            }
            guard field.reader.visit(field.path, field.mark) else { return nil }
            if scalar.isQuoted { return .equals(.string(scalar.string)) }
            switch scalar.string {
            case "", "~", "null", "Null", "NULL": return .equals(.null)
            case "true", "True", "TRUE": return .equals(.bool(true))
            case "false", "False", "FALSE": return .equals(.bool(false))
            default:
                guard let number = Field.parseNumber(scalar.string) else { return .equals(.string(scalar.string)) }
                guard number.isFinite else {
                    field.fail("expected a finite number, found \(Field.truncated(scalar.string))")
                    return nil
                }
                return .equals(.number(number))
            }
        })
    }

    /// `goldens:`: frames `flick test` compares with stored images, and the trajectory of states it compares with
    /// `states.json`.
    func goldens(frameCount: Int?, viewport: Viewport?, gestures: [Gesture]?) -> Value<GoldenEntry> {
        .object("goldens", "What `flick test` compares with stored goldens (in __Goldens__/<file name>/ beside the file): frames as images, and the states of every frame as numbers.") { m in
            let frames = m.optional("frames", .list(of: .integer(.nonNegative), minCount: 1), "Frame indices, from 0, compared with `frame_NNNNN.png`.")
            let scale = m.optional("scale", .number(.range(0, 8, lowOpen: true, highOpen: false)),
                                   "Pixels per point of the stored images. Default: the viewport's scale.")
            let states = m.optional("states", Self.goldenStates,
                                    "`true`: every number of the state document at every frame, compared with `states.json`; or a list of state paths (docs/states.md) to compare. They depend on no renderer, font or system, so they hold across machines.")
            let within = m.optional("within", .number(.nonNegative),
                                    "With `states`: how far a value may move from its golden, in the path's unit. Default: \(say(StateGoldenSpec.defaultTolerance)).")
            let maxDiffPixels = m.optional("maxDiffPixels", .integer(.nonNegative),
                                           "With `frames`: differing pixels tolerated per frame (FlickDiff's `DiffOptions.maxDiffPixels`, `flick diff --max-diff-pixels`). Default: none may differ.")
            let maxDiffRatio = m.optional("maxDiffRatio", .number(.range(0, 1, lowOpen: false, highOpen: false)),
                                          "With `frames`: the share (0...1) of a frame's pixels that may differ (FlickDiff's `DiffOptions.maxDiffRatio`, `flick diff --max-diff-ratio`); with `maxDiffPixels` too, both must hold. Default: none may differ.")
            for key in ["maxDiffPixels", "maxDiffRatio"] where m.has(key) && !m.has("frames") {
                m.fail(key, "\(key) is the pixel tolerance of the stored frames; add frames: [...]")
            }
            if m.has("within"), !m.has("states") { m.fail("within", "within sets the tolerance of states; add states: true or a list of paths") }
            if m.has("scale"), !m.has("frames") { m.fail("scale", "scale is the scale of the stored frames; add frames: [...]") }
            if !m.has("frames"), !m.has("states"), !m.failed { m.fail("expected frames: [...], states: true (or a list of paths), or both") }
            var seen: [Int: Field] = [:]
            for (frame, item) in zip(frames ?? [], m.field("frames")?.items ?? []) {
                if let frameCount, frame >= frameCount {
                    item.fail("frame \(frame) does not exist; the scenario has \(frameCount) frames (0...\(frameCount - 1))")
                } else if let first = seen[frame] {
                    item.fail("frame \(frame) is listed twice (first at \(first.path))")
                }
                seen[frame] = seen[frame] ?? item
            }
            let sizes = (viewport.map { [$0.size] } ?? []) + (gestures ?? []).compactMap { gesture -> Size? in
                if case .resize(let size, _, _) = gesture.action { return size }
                return nil
            }
            if let scale, let problem = sizes.lazy.compactMap({ ScenarioDecoder.imageProblem($0, scale: scale) }).first {
                m.fail("scale", "at this scale, \(problem)")
            }
            var pathFields: [(String, Field)] = []
            var repeated = false
            if case .paths(let paths)? = states {
                var first: [String: Field] = [:]
                for (path, item) in zip(paths, m.field("states")?.items ?? []) {
                    if let earlier = first[path] {
                        item.fail("\(path) is listed twice (first at \(earlier.path))")
                        repeated = true
                    }
                    first[path] = first[path] ?? item
                    pathFields.append((path, item))
                }
            }
            guard !m.failed, !repeated, seen.count == (frames ?? []).count, (frames ?? []).allSatisfy({ $0 < frameCount ?? .max }) else { return nil }
            let stateSpec: StateGoldenSpec?
            switch states {
            case nil, .all(false)?: stateSpec = nil
            case .all(true)?: stateSpec = StateGoldenSpec(within: within ?? StateGoldenSpec.defaultTolerance)
            case .paths(let paths)?: stateSpec = StateGoldenSpec(paths: paths, within: within ?? StateGoldenSpec.defaultTolerance)
            }
            if frames == nil, stateSpec == nil {
                m.fail("states", "states: false and no frames leaves nothing to compare")
                return nil
            }
            return GoldenEntry(spec: GoldenSpec(frames: frames ?? [], scale: scale, states: stateSpec, maxDiffPixels: maxDiffPixels,
                                                 maxDiffRatio: maxDiffRatio), pathFields: pathFields)
        }
    }

    /// `states:` of `goldens`: true or false, or a list of state paths.
    private enum GoldenStates {
        case all(Bool)
        case paths([String])
    }

    private static var goldenStates: Value<GoldenStates> {
        let paths = Value<[String]>.list(of: .text(), minCount: 1)
        return Value(shape: .anyOf([.bool, paths.shape]), read: { field in
            switch field.node {
            case .sequence: return paths.read(field).map(GoldenStates.paths)
            case .scalar, .mapping, .alias:
                guard case .scalar(let scalar) = field.node, !scalar.isQuoted,
                      ["true", "True", "TRUE", "false", "False", "FALSE"].contains(scalar.string) else {
                    field.fail(expected: "true, false or a list of state paths such as [sheet.top, list.contentOffset.y]")
                    return nil
                }
                return field.bool().map(GoldenStates.all)
            }
        })
    }
}

/// `goldens:` as read, with where each state path is written, for the check of the paths once the scene exists.
struct GoldenEntry {
    var spec: GoldenSpec
    var pathFields: [(String, Field)]

    /// The spec with the place of each state path, for the runner's messages.
    var located: GoldenSpec {
        var located = spec
        located.states?.sources = pathFields.map { path, field in
            Expectation.Source(file: field.reader.file, path: field.path, line: field.mark?.line, column: field.mark?.column)
        }
        return located
    }
}
