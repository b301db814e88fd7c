import FlickOutput
import Foundation

/// What is measured in each frame.
public enum TrackMode: Sendable, Equatable {
    /// How far the region's content has moved since the first frame (docs/track.md, "Displacement").
    case displacement
    /// Where the strongest edge across the region is (docs/track.md, "Edge").
    case edge
}

/// The rules of the tracker (docs/track.md): what is kept, what is left out, when it gives up.
public struct TrackOptions: Sendable, Equatable {
    public var axis: TrackAxis = .y
    public var mode: TrackMode = .displacement
    /// A match scoring below this (normalised cross-correlation, 0…1) is left out as low confidence.
    public var minimumMatch = 0.98
    /// A frame whose content is within this many pixels of the last kept frame's shows nothing new: it is dropped
    /// as a repeat, unless the run of such frames lasts `restDuration` (the content is at rest).
    public var repeatTolerance = 0.05
    /// A run of repeated frames at least this long ends with one sample: the content rested there.
    public var restDuration = 0.1
    /// Seconds without a confident sample after which the tracker gives up (the content is lost).
    public var maximumGap = 0.25
    /// Among matches scoring within this of the best, the motion so far chooses.
    public var equalMatch = 0.02
    /// Strips across the axis whose profiles are matched together (`Profile`).
    public var bands = 8
    /// Frames read at most: a longer recording is refused, so memory stays bounded.
    public var maximumFrames = 36_000

    public init(axis: TrackAxis = .y, mode: TrackMode = .displacement) {
        self.axis = axis
        self.mode = mode
    }
}

/// One kept measurement, in the region's pixels: a displacement since the first frame (positive up or left) or an
/// edge's position from the region's top (or left) edge.
public struct PixelSample: Sendable, Equatable {
    public var time: Double
    public var value: Double
    /// How well the frame matched (displacement: the normalised cross-correlation; edge: how much the edge stands
    /// out from the next strongest), 0…1.
    public var confidence: Double
}

/// What the tracker did with one frame.
public enum TrackEvent: Sendable, Equatable {
    case kept(PixelSample)
    /// The frame showed the content where the last kept frame had it (`identical`: byte for byte).
    case repeated(time: Double, identical: Bool)
    /// Left out: the match was not good enough, or equal matches that the motion so far could not choose among.
    case lowConfidence(time: Double, reason: String)
}

/// Measures a region's content frame by frame (docs/track.md). Feed it the frames in order with `add`; `finish`
/// after the last. Pure: no files, no clock.
public final class Tracker {
    public let options: TrackOptions
    private var keyframe: (profile: Profile, value: Double)?
    private var kept: [(time: Double, value: Double)] = []
    private var lastKept: (profile: Profile, value: Double, time: Double)?
    private var previousPixels: [UInt8]?
    /// The last frame dropped as a repeat since the last kept one, and its value.
    private var lastRepeat: PixelSample?
    private var size: (Int, Int)?
    public private(set) var framesRead = 0

    public init(options: TrackOptions) {
        self.options = options
    }

    /// Measures `frame`; throws when the content is lost (`maximumGap` without a confident sample) or when the
    /// recording has more than `maximumFrames` frames.
    public func add(_ frame: GrayFrame) throws -> [TrackEvent] {
        framesRead += 1
        if framesRead > options.maximumFrames {
            throw TrackError("more than \(options.maximumFrames) frames: flick track reads at most \(options.maximumFrames) (10 minutes at 60 fps); cut the recording to the gesture first, e.g. `ffmpeg -ss START -t SECONDS -i in.mp4 -c copy out.mp4`")
        }
        if let size, size != (frame.width, frame.height) {
            throw TrackError("frame at \(format(frame.time)) s is \(frame.width)×\(frame.height), the first was \(size.0)×\(size.1)")
        }
        size = (frame.width, frame.height)
        if let last = kept.last, frame.time <= last.time {
            throw TrackError("frame times must increase: \(format(frame.time)) s comes after \(format(last.time)) s")
        }
        defer { previousPixels = frame.pixels }
        if previousPixels == frame.pixels {
            return repeatFrame(PixelSample(time: frame.time, value: lastRepeat?.value ?? lastKept?.value ?? 0, confidence: 1), identical: true)
        }
        switch options.mode {
        case .displacement: return try displacement(frame)
        case .edge: return try edge(frame)
        }
    }

    /// The end of the recording: a run of repeats at the end that lasted `restDuration` gives its last frame.
    public func finish() -> [TrackEvent] {
        guard let lastRepeat, let lastKept, lastRepeat.time - lastKept.time >= options.restDuration else { return [] }
        self.lastRepeat = nil
        kept.append((lastRepeat.time, lastRepeat.value))
        return [.kept(lastRepeat)]
    }

    /// Where the motion so far puts the content at `time`: the last kept value moved on at the last kept velocity.
    private func predicted(at time: Double) -> Double? {
        guard let last = kept.last else { return nil }
        guard kept.count >= 2 else { return last.value }
        let before = kept[kept.count - 2]
        let velocity = (last.value - before.value) / (last.time - before.time)
        return last.value + velocity * min(time - last.time, options.maximumGap)
    }

    private func repeatFrame(_ sample: PixelSample, identical: Bool) -> [TrackEvent] {
        if kept.isEmpty { return keep(sample, profile: nil) }
        lastRepeat = sample
        return [.repeated(time: sample.time, identical: identical)]
    }

    /// Keeps `sample`; first, when a run of repeats before it lasted `restDuration`, keeps the run's last frame.
    private func keep(_ sample: PixelSample, profile: Profile?) -> [TrackEvent] {
        var events: [TrackEvent] = []
        if let lastRepeat, let lastKept, lastRepeat.time - lastKept.time >= options.restDuration {
            kept.append((lastRepeat.time, lastRepeat.value))
            events.append(.kept(lastRepeat))
        }
        lastRepeat = nil
        kept.append((sample.time, sample.value))
        if let profile { lastKept = (profile, sample.value, sample.time) }
        events.append(.kept(sample))
        return events
    }

    private func lowConfidence(_ time: Double, _ reason: String) throws -> [TrackEvent] {
        if let last = kept.last, time - last.time > options.maximumGap {
            throw TrackError("lost the region's content after \(format(last.time)) s: no confident match for \(format(time - last.time)) s (at \(format(time)) s: \(reason)); the content left the region or has too little texture: choose a region with more detail, or --edge")
        }
        return [.lowConfidence(time: time, reason: reason)]
    }

    // MARK: Displacement

    private func displacement(_ frame: GrayFrame) throws -> [TrackEvent] {
        let profile = Profile(frame, axis: options.axis, bands: options.bands)
        guard let lastKept, let key = keyframe else {
            keyframe = (profile, 0)
            return keep(PixelSample(time: frame.time, value: 0, confidence: 1), profile: profile)
        }
        let length = profile.length
        let prediction = predicted(at: frame.time) ?? lastKept.value
        // A new keyframe once the content is predicted a third of the region away from the old one: the frames
        // still overlap by more than half, and each keyframe is matched many times (no drift from frame to frame).
        if abs(prediction - key.value) > Double(length) / 3, lastKept.value != key.value {
            keyframe = (lastKept.profile, lastKept.value)
        }
        let reference = keyframe!
        let reach = length / 2
        let peaks = ProfileMatch.peaks(profile, reference.profile, reach: reach, minimumOverlap: length - reach)
        guard let best = peaks.map(\.score).max() else {
            return try lowConfidence(frame.time, "the region is blank")
        }
        // Local maxima scoring as well as the best, at least 3 pixels apart.
        var candidates: [(shift: Int, score: Double)] = []
        for peak in peaks where peak.score >= best - options.equalMatch {
            if let last = candidates.last, peak.shift - last.shift < 3 {
                if peak.score > last.score { candidates[candidates.count - 1] = peak }
                continue
            }
            candidates.append(peak)
        }
        let expected = prediction - reference.value
        let shifts = candidates.map { Double($0.shift) }
        guard let choice = Tracker.choose(shifts, near: expected) else {
            let list = shifts.map { format((reference.value + $0) / 1) }.joined(separator: ", ")
            return try lowConfidence(frame.time, "equal matches at \(list) px and the motion so far (\(format(prediction)) px) does not choose among them")
        }
        let refined = ProfileMatch.refine(profile, reference.profile, from: choice)
        let match = ProfileMatch.correlation(profile, reference.profile, at: refined) ?? 0
        guard match >= options.minimumMatch else {
            return try lowConfidence(frame.time, "best match \(format(match)) is below \(format(options.minimumMatch))")
        }
        let value = reference.value + refined
        let sample = PixelSample(time: frame.time, value: value, confidence: max(0, min(1, match)))
        if abs(value - lastKept.value) < options.repeatTolerance {
            return repeatFrame(sample, identical: false)
        }
        return keep(sample, profile: profile)
    }

    /// The candidate nearest `expected`, or nil when two are about as near (the nearest must be within a quarter of
    /// the gap to the next).
    static func choose(_ candidates: [Double], near expected: Double) -> Double? {
        let sorted = candidates.sorted { abs($0 - expected) < abs($1 - expected) }
        guard let first = sorted.first else { return nil }
        guard sorted.count > 1 else { return first }
        let second = sorted[1]
        return abs(first - expected) <= 0.25 * abs(second - first) ? first : nil
    }

    // MARK: Edge

    private func edge(_ frame: GrayFrame) throws -> [TrackEvent] {
        let profile = Profile(frame, axis: options.axis, bands: 1)
        let n = profile.length
        guard n >= 5 else { throw TrackError("the region is \(n) pixels along the axis: --edge needs at least 5") }
        // Smoothed ([1 2 1]) profile, then its central difference.
        var smooth = [Double](repeating: 0, count: n)
        for i in 0..<n {
            smooth[i] = (profile.values[max(i - 1, 0)] + 2 * profile.values[i] + profile.values[min(i + 1, n - 1)]) / 4
        }
        var gradient = [Double](repeating: 0, count: n)
        for i in 1..<(n - 1) { gradient[i] = abs(smooth[i + 1] - smooth[i - 1]) / 2 }
        var peaks: [(position: Double, strength: Double)] = []
        for i in 2..<(n - 2) where gradient[i] > gradient[i - 1] && gradient[i] >= gradient[i + 1] {
            let a = gradient[i - 1], b = gradient[i], c = gradient[i + 1]
            let denominator = a - 2 * b + c
            let offset = denominator < 0 ? max(-0.5, min(0.5, 0.5 * (a - c) / denominator)) : 0
            // Sample i stands for the pixel from i to i + 1: its centre is i + 0.5.
            peaks.append((Double(i) + offset + 0.5, b))
        }
        guard let strongest = peaks.map(\.strength).max(), strongest >= 1 else {
            return try lowConfidence(frame.time, "no edge across the region (the strongest changes luma by less than 2 levels)")
        }
        let rivals = peaks.filter { $0.strength >= 0.8 * strongest }
        let prediction = predicted(at: frame.time)
        let position: Double
        if rivals.count == 1 {
            position = rivals[0].position
        } else if let prediction, let chosen = Tracker.choose(rivals.map(\.position), near: prediction) {
            position = chosen
        } else {
            let list = rivals.map { format($0.position) }.joined(separator: ", ")
            return try lowConfidence(frame.time, "edges about as strong at \(list) px and the motion so far does not choose among them")
        }
        let others = peaks.filter { abs($0.position - position) >= 3 }.map(\.strength).max() ?? 0
        let own = peaks.first { $0.position == position }?.strength ?? strongest
        let sample = PixelSample(time: frame.time, value: position, confidence: max(0, min(1, 1 - others / own)))
        if let last = kept.last, abs(position - last.value) < options.repeatTolerance {
            return repeatFrame(sample, identical: false)
        }
        return keep(sample, profile: profile)
    }
}

/// A number in a message, to 3 decimals.
func format(_ x: Double) -> String { NumberText.short(x, digits: 3) }
