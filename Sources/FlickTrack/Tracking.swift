import FlickImage
import FlickOutput
import Foundation

/// A device a recording may come from: its size in points and its pixels per point (FlickCore's presets, handed
/// in by the caller so that this module needs no scenario code).
public struct TrackDevice: Sendable, Equatable {
    public var name: String
    public var width: Double, height: Double, scale: Double
    public init(name: String, width: Double, height: Double, scale: Double) {
        self.name = name
        self.width = width
        self.height = height
        self.scale = scale
    }
}

/// A region in points: its left, top, width and height.
public struct PointRegion: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// "X,Y,W,H" in points.
    public init(parsing text: String) throws {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
              [x, y, w, h].allSatisfy(\.isFinite) else {
            throw TrackError("--region must be X,Y,W,H in points (four numbers), not \"\(text)\"")
        }
        guard w > 0, h > 0 else { throw TrackError("--region \(text): its width and height must be positive") }
        self.init(x: x, y: y, width: w, height: h)
    }

    /// The pixels it covers at `scale` pixels per point (edges rounded to the nearest pixel).
    public func pixels(scale: Double) -> PixelRegion {
        let left = Int((x * scale).rounded()), top = Int((y * scale).rounded())
        let right = Int(((x + width) * scale).rounded()), bottom = Int(((y + height) * scale).rounded())
        return PixelRegion(x: left, y: top, width: right - left, height: bottom - top)
    }
}

public enum TrackScale {
    /// The pixels per point of a `size` recording: the device whose screen it fills, portrait or landscape; an
    /// error saying to pass --scale when none or several scales fit.
    public static func infer(_ size: FrameSize, devices: [TrackDevice]) throws -> (scale: Double, devices: [String]) {
        var matches: [(String, Double)] = []
        for device in devices {
            let w = Int((device.width * device.scale).rounded()), h = Int((device.height * device.scale).rounded())
            if (w, h) == (size.width, size.height) { matches.append((device.name, device.scale)) }
        }
        let scales = Set(matches.map(\.1))
        guard scales.count == 1, let scale = scales.first else {
            let why = matches.isEmpty ? "is the size of no device preset (`flick devices`)"
                : "fits devices at different scales (\(matches.map { "\($0.0) at \(format($0.1))x" }.joined(separator: ", ")))"
            throw TrackError("a \(size.width)×\(size.height) px recording \(why): give its pixels per point with --scale (3 for most iPhones, 2 for iPads and the iPhone SE)")
        }
        return (scale, matches.map(\.0))
    }
}

/// A tracked recording: its samples in points, and what was left out.
public struct TrackResult: Sendable, Equatable {
    /// t in seconds from the first frame, value in points.
    public var samples: [(t: Double, value: Double)] { kept.map { ($0.time, $0.value) } }
    public var kept: [PixelSample]
    /// Times of frames dropped as repeats (byte-identical ones counted in `identicalRepeats`).
    public var repeats: [Double]
    public var identicalRepeats: Int
    /// Frames left out, with why.
    public var lowConfidence: [(time: Double, reason: String)]
    public var framesRead: Int

    public static func == (a: TrackResult, b: TrackResult) -> Bool {
        a.kept == b.kept && a.repeats == b.repeats && a.identicalRepeats == b.identicalRepeats && a.framesRead == b.framesRead
            && a.lowConfidence.map(\.time) == b.lowConfidence.map(\.time) && a.lowConfidence.map(\.reason) == b.lowConfidence.map(\.reason)
    }
}

public enum Track {
    /// Tracks every frame of `source` (its times as they come; the result's are from the first frame) and converts
    /// to points: a displacement divided by `scale`, an edge's position measured from the frame's top (or left).
    public static func run(_ source: FrameSource, region: PixelRegion, scale: Double, options: TrackOptions,
                           cancellation: Cancellation? = nil) throws -> TrackResult {
        let tracker = Tracker(options: options)
        var result = TrackResult(kept: [], repeats: [], identicalRepeats: 0, lowConfidence: [], framesRead: 0)
        var start: Double?
        var lastIdentical: Double?
        let origin = Double(options.axis == .y ? region.y : region.x)
        func convert(_ s: PixelSample) -> PixelSample {
            let value = options.mode == .edge ? (origin + s.value) / scale : s.value / scale
            return PixelSample(time: s.time - (start ?? 0), value: value, confidence: s.confidence)
        }
        func take(_ events: [TrackEvent]) {
            for event in events {
                switch event {
                case .kept(let s):
                    let sample = convert(s)
                    // The last frame of a long run of repeats is kept after all (the content rested there).
                    if result.repeats.last == sample.time {
                        result.repeats.removeLast()
                        if lastIdentical == sample.time { result.identicalRepeats -= 1 }
                    }
                    result.kept.append(sample)
                case .repeated(let t, let identical):
                    result.repeats.append(t - (start ?? 0))
                    if identical {
                        result.identicalRepeats += 1
                        lastIdentical = t - (start ?? 0)
                    }
                case .lowConfidence(let t, let reason): result.lowConfidence.append((t - (start ?? 0), reason))
                }
            }
        }
        defer { source.close() }
        while let frame = try source.next() {
            if cancellation?.isCancelled == true { throw RenderCancelled() }
            if start == nil { start = frame.time }
            take(try tracker.add(frame))
        }
        take(tracker.finish())
        result.framesRead = tracker.framesRead
        guard tracker.framesRead > 0 else { throw TrackError("the recording has no frames") }
        // Times as text: kept to the microsecond, and strictly increasing.
        return result
    }

    /// When the finger lifted, found from the motion: the last sample at (within 1 % of) the highest speed, after
    /// which the speed only falls: a fling lifts at its fastest and then decelerates. Nil with fewer than 3
    /// samples or no motion. A pull-and-release (slow drag, then a spring back) is not found this way: pass
    /// --release.
    public static func release(_ samples: [(t: Double, value: Double)]) -> Double? {
        guard samples.count >= 3 else { return nil }
        var speeds: [(t: Double, speed: Double)] = []
        for i in 1..<samples.count {
            let dt = samples[i].t - samples[i - 1].t
            guard dt > 0 else { continue }
            speeds.append((samples[i].t, abs(samples[i].value - samples[i - 1].value) / dt))
        }
        guard let peak = speeds.map(\.speed).max(), peak > 0 else { return nil }
        guard var index = speeds.firstIndex(where: { $0.speed >= 0.99 * peak }) else { return nil }
        while index + 1 < speeds.count, speeds[index + 1].speed >= 0.99 * peak { index += 1 }
        return speeds[index].t
    }
}
