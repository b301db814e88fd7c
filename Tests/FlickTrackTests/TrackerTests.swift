@testable import FlickTrack
import Foundation
import Testing

/// Frames drawn from a function of the content's own coordinates, so that a shift is exact (no interpolation):
/// `content(x, v)` is the luma of the content point at column x and content row v.
func frame(width: Int, height: Int, shift: Double, time: Double, axis: TrackAxis = .y,
           content: (Double, Double) -> Double) -> GrayFrame {
    var pixels = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
        for x in 0..<width {
            // Content moved up by `shift`: the pixel at row y shows content row y + shift (its centre).
            let value = axis == .y ? content(Double(x) + 0.5, Double(y) + 0.5 + shift)
                : content(Double(y) + 0.5, Double(x) + 0.5 + shift)
            pixels[y * width + x] = UInt8(max(0, min(255, value.rounded())))
        }
    }
    return GrayFrame(width: width, height: height, pixels: pixels, time: time)
}

/// Smooth texture: several waves across and along, like blurred text and pictures.
func texture(_ x: Double, _ v: Double) -> Double {
    let a: Double = 40 * sin(2 * Double.pi * v / 23 + x / 7)
    let b: Double = 30 * sin(2 * Double.pi * v / 9.7 + x / 3)
    let c: Double = 20 * cos(2 * Double.pi * v / 41 - x / 11)
    return 128 + a + b + c
}

/// Kept samples of `frames` tracked with `options`.
func keptSamples(_ frames: [GrayFrame], _ options: TrackOptions = TrackOptions()) throws -> [PixelSample] {
    let tracker = Tracker(options: options)
    var events: [TrackEvent] = []
    for f in frames { events += try tracker.add(f) }
    events += tracker.finish()
    return events.compactMap { if case .kept(let s) = $0 { return s } else { return nil } }
}

@Suite struct TrackerTests {
    /// A fling-like motion, 0 to 180 px in 40 frames with fractional shifts every frame, is recovered within
    /// 0.1 px at every frame, along y and along x.
    @Test(arguments: [TrackAxis.y, .x]) func subPixelMotionIsRecoveredWithinATenthOfAPixel(axis: TrackAxis) throws {
        var motion: [Double] = []
        for k in 0..<40 {
            let decay = 1 - exp(-Double(k) / 9)
            motion.append(180 * decay + 0.013 * Double(k))
        }
        let width = axis == .y ? 48 : 120, height = axis == .y ? 120 : 48
        var frames: [GrayFrame] = []
        for (k, d) in motion.enumerated() {
            frames.append(frame(width: width, height: height, shift: d, time: Double(k) / 60, axis: axis, content: texture))
        }
        let samples = try keptSamples(frames, TrackOptions(axis: axis))
        #expect(samples.count >= 36)
        var worst = 0.0
        for s in samples {
            let k = Int((s.time * 60).rounded())
            worst = max(worst, abs(s.value - motion[k]))
            #expect(s.confidence > 0.99)
        }
        #expect(worst < 0.1, "worst error \(worst) px")
    }

    /// A repeated frame (byte for byte the one before) is dropped, not a sample of zero velocity; a long rest
    /// ends with one sample at its last frame.
    @Test func repeatedFramesAreDroppedAndALongRestKeepsItsLastFrame() throws {
        var frames: [GrayFrame] = []
        var t = 0.0
        for k in 0..<10 {
            frames.append(frame(width: 32, height: 80, shift: Double(k) * 3.3, time: t, content: texture))
            t += 1.0 / 60
            if k == 4 {
                // Frame 4 shown again: a dropped frame of the screen recorder.
                frames.append(frame(width: 32, height: 80, shift: Double(k) * 3.3, time: t, content: texture))
                t += 1.0 / 60
            }
        }
        // At rest for 0.5 s.
        for _ in 0..<30 {
            frames.append(frame(width: 32, height: 80, shift: 9 * 3.3, time: t, content: texture))
            t += 1.0 / 60
        }
        let tracker = Tracker(options: TrackOptions())
        var events: [TrackEvent] = []
        for f in frames { events += try tracker.add(f) }
        events += tracker.finish()
        let repeats = events.filter { if case .repeated = $0 { return true } else { return false } }
        // The one repeat, then the 30 frames at rest (each shows what frame 9 did); the last of them is kept at the end.
        #expect(repeats.count == 31)
        #expect(events[5] == .repeated(time: 5.0 / 60, identical: true))
        let kept = events.compactMap { if case .kept(let s) = $0 { return s } else { return nil } }
        #expect(kept.count == 11)
        #expect(abs(kept.last!.time - (t - 1.0 / 60)) < 1e-9)
        #expect(abs(kept.last!.value - 29.7) < 0.1)
        // No sample of zero velocity where the frame repeated.
        for pair in zip(kept.dropLast(2), kept.dropFirst().dropLast()) { #expect(pair.1.value - pair.0.value > 3) }
    }

    /// A list of identical rows (a period of 30 px): equal matches, chosen by the motion so far when it can tell
    /// (4 px a frame), and left out when it cannot (the first frame moves half a period), then refused.
    @Test func identicalRowsFollowTheMotionOrAreRefused() throws {
        func rows(_ x: Double, _ v: Double) -> Double {
            let phase = v.truncatingRemainder(dividingBy: 30)
            let p = phase < 0 ? phase + 30 : phase
            return 200 - 120 * exp(-pow((p - 15) / 3, 2)) + 10 * sin(x / 5)
        }
        let steady = (0..<60).map { k in frame(width: 40, height: 90, shift: 4.1 * Double(k), time: Double(k) / 60, content: rows) }
        let samples = try keptSamples(steady)
        #expect(samples.count == 60)
        for s in samples { #expect(abs(s.value - 4.1 * (s.time * 60).rounded()) < 0.1) }

        let halfPeriod = (0..<30).map { k in frame(width: 40, height: 90, shift: 15 * Double(k), time: Double(k) / 60, content: rows) }
        let tracker = Tracker(options: TrackOptions())
        var lowConfidence: [String] = []
        let error = #expect(throws: TrackError.self) {
            for f in halfPeriod {
                for event in try tracker.add(f) { if case .lowConfidence(_, let reason) = event { lowConfidence.append(reason) } }
            }
        }
        #expect(lowConfidence.first?.contains("equal matches at") == true, "\(lowConfidence)")
        #expect(error?.description.contains("lost the region's content after 0 s") == true, "\(String(describing: error))")
    }

    /// A sub-pixel edge (a sheet's top: dim above, white below, antialiased) is found within 0.1 px as it moves.
    @Test func anEdgeIsFoundWithinATenthOfAPixel() throws {
        let positions = (0..<30).map { k in 70 - 1.7 * Double(k) + 0.31 * sin(Double(k)) }
        let frames = positions.enumerated().map { k, edge in
            var pixels = [UInt8](repeating: 0, count: 40 * 100)
            for y in 0..<100 {
                let cover = max(0, min(1, Double(y + 1) - edge))  // the part of pixel row y below the edge
                for x in 0..<40 { pixels[y * 40 + x] = UInt8((90 + 165 * cover).rounded()) }
            }
            return GrayFrame(width: 40, height: 100, pixels: pixels, time: Double(k) / 60)
        }
        let samples = try keptSamples(frames, TrackOptions(axis: .y, mode: .edge))
        #expect(samples.count == 30)
        for (s, edge) in zip(samples, positions) { #expect(abs(s.value - edge) < 0.1, "\(s.value) vs \(edge)") }
    }

    /// A region with a clock whose digits change every second, beside content that scrolls: the trace stays right
    /// within 0.3 px (the clock is a small part of the region), or a clear refusal; never a wrong value kept.
    @Test func aChangingClockGivesTheRightTraceOrIsLeftOut() throws {
        let motion = (0..<120).map { k in 2.5 * Double(k) }
        let frames = motion.enumerated().map { k, d -> GrayFrame in
            var f = frame(width: 60, height: 120, shift: d, time: Double(k) / 60, content: texture)
            // The clock: a 24×12 block in the top-left corner showing a new pattern each second.
            let second = k / 60
            for y in 4..<16 {
                for x in 4..<28 { f.pixels[y * 60 + x] = ((x / 3 + y / 4 + second * 7) % 3 == 0) ? 0 : 255 }
            }
            return f
        }
        do {
            let samples = try keptSamples(frames)
            #expect(samples.count >= 100)
            for s in samples { #expect(abs(s.value - motion[Int((s.time * 60).rounded())]) < 0.3) }
        } catch let error as TrackError {
            // At the default confidence (0.98) the clock lowers every match to about 0.94: refused, and said why.
            #expect(error.description.hasPrefix("lost the region's content after 0 s: no confident match for"), "\(error)")
            #expect(error.description.contains("is below 0.98"))
        }
    }

    @Test func tooManyFramesAreRefused() throws {
        var options = TrackOptions()
        options.maximumFrames = 5
        let tracker = Tracker(options: options)
        for k in 0..<5 { _ = try tracker.add(frame(width: 16, height: 40, shift: Double(k), time: Double(k), content: texture)) }
        let error = #expect(throws: TrackError.self) {
            _ = try tracker.add(frame(width: 16, height: 40, shift: 6, time: 6, content: texture))
        }
        #expect(error?.description.hasPrefix("more than 5 frames: flick track reads at most 5") == true)
    }

    @Test func timesMustIncrease() throws {
        let tracker = Tracker(options: TrackOptions())
        _ = try tracker.add(frame(width: 16, height: 40, shift: 0, time: 1, content: texture))
        let error = #expect(throws: TrackError.self) {
            _ = try tracker.add(frame(width: 16, height: 40, shift: 2, time: 0.5, content: texture))
        }
        #expect(error?.description == "frame times must increase: 0.5 s comes after 1 s")
    }

    @Test func equalMatchesAreChosenOnlyWhenTheMotionTells() {
        #expect(Tracker.choose([4, -26, 34], near: 0) == 4)
        #expect(Tracker.choose([15, -15], near: 0) == nil)
        #expect(Tracker.choose([15, -15], near: 12) == 15)
        #expect(Tracker.choose([7], near: -100) == 7)
    }
}

@Suite struct TrackInputTests {
    @Test func theScaleComesFromTheDevicePresetTheVideoFills() throws {
        let devices = [TrackDevice(name: "iPhone 14", width: 390, height: 844, scale: 3),
                       TrackDevice(name: "iPhone 14 landscape", width: 844, height: 390, scale: 3),
                       TrackDevice(name: "iPhone SE", width: 375, height: 667, scale: 2)]
        #expect(try TrackScale.infer(FrameSize(width: 1170, height: 2532), devices: devices).scale == 3)
        #expect(try TrackScale.infer(FrameSize(width: 2532, height: 1170), devices: devices).devices == ["iPhone 14 landscape"])
        #expect(try TrackScale.infer(FrameSize(width: 750, height: 1334), devices: devices).scale == 2)
        let error = #expect(throws: TrackError.self) { try TrackScale.infer(FrameSize(width: 1000, height: 700), devices: devices) }
        #expect(error?.description == "a 1000×700 px recording is the size of no device preset (`flick devices`): give its pixels per point with --scale (3 for most iPhones, 2 for iPads and the iPhone SE)")
    }

    @Test func aRegionIsInPointsAndMustFitTheFrame() throws {
        let region = try PointRegion(parsing: "10, 20.5, 100,50")
        #expect(region.pixels(scale: 3) == PixelRegion(x: 30, y: 62, width: 300, height: 150))
        #expect(region.pixels(scale: 3).problem(in: FrameSize(width: 1170, height: 2532)) == nil)
        #expect(region.pixels(scale: 3).problem(in: FrameSize(width: 300, height: 600))
                == "the region 30,62,300,150 px is outside the 300×600 px frame")
        #expect(throws: TrackError("--region must be X,Y,W,H in points (four numbers), not \"1,2,3\"")) { try PointRegion(parsing: "1,2,3") }
        #expect(throws: TrackError("--region 1,2,0,4: its width and height must be positive")) { try PointRegion(parsing: "1,2,0,4") }
    }

    /// Without ffmpeg (and ffprobe) in PATH, the error names the tool and how to install it.
    @Test func ffmpegMissingIsAClearError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("flick-track-\(UUID().uuidString).mp4")
        try Data("not a video".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let probe = #expect(throws: TrackError.self) { try VideoFrames.probe(file.path, searchPath: "/nonexistent:/also-not-here") }
        #expect(probe?.description == "flick track reads videos through ffprobe, which is not in PATH: install it with `apt-get install ffmpeg` (Debian, Ubuntu) or `brew install ffmpeg` (macOS); or give a folder of PNG frames")
        let decode = #expect(throws: TrackError.self) {
            try VideoFrames(path: file.path, region: PixelRegion(x: 0, y: 0, width: 1, height: 1), searchPath: "/nonexistent")
        }
        #expect(decode?.description.hasPrefix("flick track reads videos through ffmpeg, which is not in PATH") == true)
    }

    @Test func aFileThatIsNotAVideoIsAClearError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("flick-track-\(UUID().uuidString).mp4")
        try Data("not a video at all, just text\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = #expect(throws: TrackError.self) { try VideoFrames.probe(file.path) }
        #expect(error?.description.hasPrefix("\(file.path) is not a video ffmpeg can read: ") == true, "\(String(describing: error))")
        let missing = #expect(throws: TrackError.self) { try VideoFrames.probe(file.path + ".gone") }
        #expect(missing?.description == "cannot read \(file.path).gone: No such file or directory")
    }

    /// The release is the last sample at the highest speed: a drag at a constant speed, then a deceleration.
    @Test func theReleaseIsTheLastSampleAtTheHighestSpeed() {
        var samples: [(t: Double, value: Double)] = []
        for k in 0..<10 { samples.append((Double(k) / 60, 0)) }
        for k in 10..<20 { samples.append((Double(k) / 60, 30 * Double(k - 9))) }
        let released = samples.last!
        for k in 1..<40 {
            samples.append((released.t + Double(k) / 60, released.value + 1800 * (1 - pow(0.998, Double(k) * 1000 / 60)) / (-log(0.998) * 1000)))
        }
        #expect(Track.release(samples) == 19.0 / 60)
        #expect(Track.release([(0, 0), (1, 0), (2, 0)]) == nil)
    }
}
