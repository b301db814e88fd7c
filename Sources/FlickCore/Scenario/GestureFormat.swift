import Foundation
import FlickPhysics

/// The keys that introduce a gesture's action, one for each case of `Gesture.Action`.
enum GestureKey: String, CaseIterable {
    case drag, touches, tap, resize

    var doc: String {
        switch self {
        case .drag: "One finger down at `from`, moving to `to` over `duration`, resting `hold` seconds, then lifting."
        case .touches: "Raw samples `[t, x, y]` of one finger, t in seconds from `at`, never decreasing; or a touch recorded on a device, `{file, format: getevent | evemu | csv, pixelsPerPoint, touchRange}`."
        case .tap: "Down and up at one point `[x, y]`."
        case .resize: "The viewport changes size (a rotation, an iPad window resize)."
        }
    }
}

// MARK: Gestures (docs/scenario-format.md, "Gestures")

extension ScenarioFormat {
    func gestures(duration: Double?, touchRate: Double?, viewport: Viewport?) -> Value<[Gesture]> {
        let list = Value.list(of: gesture(duration: duration, viewport: viewport))
        return Value(shape: list.shape, read: { field in
            guard let read = list.read(field), let items = field.items else { return nil }
            let gestures = read.enumerated().map { i, g in var g = g; g.index = i; return g }
            let samples = gestures.reduce(0.0) { total, g in
                var raw = 0.0
                if case .touches(let samples, _, _) = g.action { raw = Double(samples.count) }
                return total + g.fingerDuration * (touchRate ?? 0) + 2 + raw
            }
            if samples > Double(ScenarioDecoder.maximumTouchSamples) {
                field.fail("the gestures produce about \(Int(saturating: samples)) touch samples; the limit is \(ScenarioDecoder.maximumTouchSamples)")
                return nil
            }
            // One finger: gestures that use it may not overlap in time (a resize uses none).
            let fingered = gestures.filter(\.usesFinger).sorted { ($0.at, $0.index) < ($1.at, $1.index) }
            var overlapFound = false
            for (earlier, later) in zip(fingered, fingered.dropFirst()) where later.at < earlier.at + earlier.fingerDuration - 1e-9 {
                items[later.index].fail("this \(later.kind) at \(say(later.at)) s overlaps gestures[\(earlier.index)] (\(earlier.kind) from \(say(earlier.at)) s to \(say(earlier.at + earlier.fingerDuration)) s); one finger cannot do both")
                overlapFound = true
            }
            return overlapFound ? nil : gestures
        }, encode: { $0.isEmpty ? .array([]) : nil })
    }

    func gesture(duration: Double?, viewport: Viewport?) -> Value<Gesture> {
        .object("gesture", "One gesture: its start time and one action.") { m in
            let at = m.required("at", .number(.nonNegative), "Start time in seconds, at most the duration.")
            let action = m.one(of: GestureKey.allCases, { self.action($0, viewport: viewport) }, doc: { $0.doc },
                               none: "expected one of \(GestureKey.allCases.map { $0.rawValue }.joined(separator: ", "))",
                               several: { "expected one action, found \($0.joined(separator: ", "))" })
            if let at, let duration, at > duration {
                m.fail("at", "starts at \(say(at)) s, after the scenario ends (duration \(say(duration)) s)")
            }
            guard !m.failed, let at, let action else { return nil }
            return Gesture(at: at, action)
        }
    }

    /// `touches: {file, format, pixelsPerPoint, touchRange}`: a touch recorded on a device, its first finger replayed
    /// (`TouchRecording`).
    static func recordedTouches(viewport: Viewport?) -> Value<Gesture.Action> {
        .object("recordedTouches", "A touch recorded on a device: its first finger, replayed from its touch-down (at `at`) to its own lift; other fingers and palms are ignored (a warning says so).") { m in
            let file = m.required("file", .text(), "The recording, relative to the scenario's folder.")
            let format = m.required("format", Value<TouchRecording.Format>.choice,
                                    "getevent (`adb shell getevent -lt`, also `-ltr` and `-t`), evemu (`evemu-record`) or csv (`t,x,y`).")
            let pixelsPerPoint = m.optional("pixelsPerPoint", .number(.range(0, 100, lowOpen: true, highOpen: false)),
                                            "Device units per point, to turn the recording's positions into points. Default: from the touch range if one is known, else the viewport's scale for getevent and evemu, 1 for csv.")
            let touchRange = m.optional("touchRange", Self.touchRange,
                                        "The touch panel's range, which spans the viewport. Default: the range the dump's header names (evemu's `A:` lines, `getevent -lp`'s), if any.")
            m.atMostOne(["pixelsPerPoint", "touchRange"])
            if m.field("pixelsPerPoint") != nil, let rangeField = m.field("touchRange") {
                rangeField.fail("give pixelsPerPoint or touchRange, not both: each alone says how the recording's units become points")
            }
            guard !m.failed, let file, let kind = format, let fileField = m.field("file") else { return nil }
            let path: String
            switch ScenarioFolder.resolve(file, from: fileField.reader.file, within: ScenarioFolder.root(ofScenario: fileField.reader.file)) {
            case .success(let found): path = found
            case .failure(let outside):
                fileField.fail(outside.description)
                return nil
            }
            let fallback: Double
            switch kind {
            case .getevent, .evemu: fallback = viewport?.scale ?? Viewport.defaultScale
            case .csv: fallback = 1
            }
            let mapping = TouchRecording.Mapping(pixelsPerPoint: pixelsPerPoint, touchRange: touchRange,
                                                 screen: (viewport ?? Viewport()).size, fallbackPixelsPerPoint: fallback)
            let result = Result { () throws(RecordingFile.Problem) in
                let data = try RecordingFile.read(path: path)
                guard let text = String(data: data, encoding: .utf8) else { throw RecordingFile.Problem(line: nil, message: "is not UTF-8 text") }
                return try TouchRecording.touch(text, format: kind, mapping: mapping)
            }
            switch result {
            case .success(let touch):
                let lift = touch.lift > (touch.samples.last?.t ?? 0) ? touch.lift : nil
                return .touches(touch.samples, lift: lift, ignored: touch.ignored)
            case .failure(let problem):
                fileField.fail("\(file)\(problem.line.map { ":\($0)" } ?? ""): \(problem.message)")
                return nil
            }
        }
    }

    /// `touchRange: {x: [min, max], y: [min, max]}` in the panel's units.
    static var touchRange: Value<TouchRecording.TouchRange> {
        .object("touchRange", "A touch panel's range in its own units (ABS_MT_POSITION_X and _Y's min and max), mapped onto the viewport.") { m in
            let axis = Value.point(.coordinate).map { pair, field -> ClosedRange<Double>? in
                guard pair.y > pair.x else {
                    field.fail("expected [min, max] with max above min, found [\(say(pair.x)), \(say(pair.y))]")
                    return nil
                }
                return pair.x...pair.y
            }
            let x = m.required("x", axis, "[min, max] of the panel's x.")
            let y = m.required("y", axis, "[min, max] of the panel's y.")
            guard let x, let y else { return nil }
            return TouchRecording.TouchRange(x: x, y: y)
        }
    }

    func action(_ key: GestureKey, viewport: Viewport?) -> Value<Gesture.Action> {
        switch key {
        case .drag:
            return .object("drag", key.doc) { m in
                let from = m.required("from", .point(.coordinate), "Where the finger goes down, [x, y] in points.")
                let to = m.required("to", .point(.coordinate), "Where it stops moving, [x, y] in points.")
                let duration = m.required("duration", .number(.seconds), "Seconds from `from` to `to`.")
                let curve = self.timingCurve(m, default: Gesture.defaultCurve, "How the finger's progress follows time.")
                let hold = m.value("hold", .number(.closed(0, 600)), default: Gesture.defaultHold,
                                   "Seconds resting at `to` before lifting (0.1 or more lifts at rest).")
                guard let from, let to, let duration, let curve, let hold else { return nil }
                return .drag(from: from, to: to, duration: duration, curve: curve, hold: hold)
            }
        case .touches:
            let time = NumberRule.closed(0, 600)
            let recorded = Self.recordedTouches(viewport: viewport)
            let listShape = Shape.list(.tuple([.number(time), .number(.coordinate), .number(.coordinate)]), minCount: 1)
            return Value(shape: .anyOf([listShape, recorded.shape])) { field in
                if case .mapping = field.node { return recorded.read(field) }
                guard let samples = field.sequence(minCount: 1) else { return nil }
                var points: [(t: Double, point: Point)] = []
                points.reserveCapacity(samples.count)
                for sample in samples {
                    guard let values = sample.sequence(minCount: 0) else { return nil }
                    guard values.count == 3 else {
                        sample.fail("expected a sample [t, x, y], found a list of \(values.count)")
                        return nil
                    }
                    guard let t = values[0].number(time), let x = values[1].number(.coordinate),
                          let y = values[2].number(.coordinate) else { return nil }
                    if let last = points.last?.t, t < last {
                        values[0].fail("sample times must not decrease: \(say(t)) s comes after \(say(last)) s")
                        return nil
                    }
                    points.append((t, Point(x: x, y: y)))
                }
                return .touches(points)
            }
        case .tap:
            return Value.point(.coordinate).map { point, _ in .tap(point) }
        case .resize:
            return .object("resize", key.doc) { m in
                let width = m.required("width", .number(.length), "Points.")
                let height = m.required("height", .number(.length), "Points.")
                let duration = m.value("duration", .number(.closed(0, 600)), default: Gesture.defaultResizeDuration,
                                       "Seconds the viewport takes to reach the new size (0: at once).")
                let curve = self.timingCurve(m, default: Gesture.defaultResizeCurve, "How an animated resize follows time.")
                guard let width, let height, let duration, let curve else { return nil }
                if let scale = viewport?.scale, let problem = ScenarioDecoder.imageProblem(Size(width: width, height: height), scale: scale) {
                    m.fail("a resize to \(problem)")
                }
                return .resize(Size(width: width, height: height), duration: duration, curve: curve)
            }
        }
    }
}

extension ScenarioFormat {
}

extension ScenarioFormat {
    /// `curve` (a name) or `cubicBezier` (control points), at most one of them: how a drag or a resize follows time.
    func timingCurve(_ m: Mapping, default name: DragCurve, _ doc: String) -> TimingCurve? {
        let curve = m.value("curve", .choice, default: name, doc + " Core Animation's curve of that name (docs/physics.md).")
        let bezier = m.optional("cubicBezier", .cubicBezier,
                                "Instead of `curve`: a curve of your own, Core Animation's control points [x1, y1, x2, y2] with x1 and x2 in 0...1 (as `CAMediaTimingFunction(controlPoints:)` and CSS `cubic-bezier()`).")
        m.atMostOne(["curve", "cubicBezier"])
        if m.has("curve"), m.has("cubicBezier") {
            m.fail("cubicBezier", "give either curve or cubicBezier, not both")
            return nil
        }
        if let bezier { return .cubicBezier(bezier) }
        return curve.map(TimingCurve.named)
    }
}
