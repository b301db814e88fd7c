import FlickCore

/// What `flick render`'s options change in a scenario before it is drawn (--fps, --scale, the review page's 1x
/// frames, --slow), and the decoder's limits checked again after them (--frames within the run): `flick render`,
/// `render --from` and every variant of a sweep apply the same overrides.
public struct RenderOverrides: Sendable {
    /// --fps: the scenario's frame rate.
    public var fps: Double?
    /// --scale: the frames' pixels per point.
    public var scale: Double?
    /// A folder with a review page, without --device-scale: drawn at `ReviewOptions.pageFrameScale` unless --scale
    /// says otherwise (docs/review-page.md, "Sizes").
    public var pageScale: Bool
    /// --slow N: the simulation sampled N times as often (`SlowMotion`).
    public var slow: Int?
    /// --frames: the first frame drawn, and the option's text as given.
    public var frames: (first: Int, text: String)?

    public init(fps: Double? = nil, scale: Double? = nil, pageScale: Bool = false, slow: Int? = nil,
                frames: (first: Int, text: String)? = nil) {
        self.fps = fps
        self.scale = scale
        self.pageScale = pageScale
        self.slow = slow
        self.frames = frames
    }

    /// Applies the overrides to `scenario`; what is wrong with the result (its name cannot name an output folder, too
    /// many frames, frames too large, --frames past the end), or nil.
    public func apply(to scenario: inout Scenario) -> String? {
        // The name becomes a folder under --out: it must stay one plain folder name.
        let name = scenario.name
        if name.isEmpty || name.hasPrefix(".") || name.contains("/") || name.contains("\\") || name.contains("\0") {
            return "the scenario's name \"\(name)\" cannot name an output folder (no path separators, no leading dot)"
        }
        if let fps { scenario.fps = fps }
        if let scale {
            scenario.viewport.scale = scale
        } else if pageScale {
            // A folder with a review page is drawn at 1x unless asked otherwise: it is meant to be carried
            // (docs/review-page.md, "Sizes"); the physics keeps the device's scale (viewport.deviceScale).
            scenario.viewport.scale = ReviewOptions.pageFrameScale(forScenarioScale: scenario.viewport.scale)
        }
        // Slow motion samples the same closed-form simulation N times as often (every normal frame is among them).
        if let slow { scenario = SlowMotion.resampled(scenario, by: slow) }
        let frameCount = scenario.frameCount
        // The decoder's limits, checked again after the overrides.
        if frameCount > ScenarioDecoder.maximumFrames {
            return "\(frameCount) frames at \(JSONValue.format(scenario.fps)) fps; the limit is \(ScenarioDecoder.maximumFrames)"
        }
        // The viewport and every size a resize gives it, at the (possibly overridden) scale.
        let sizes = [scenario.viewport.size] + scenario.gestures.compactMap { gesture -> Size? in
            if case .resize(let size, _, _) = gesture.action { return size }
            return nil
        }
        let pixelsPerPoint = scenario.viewport.scale
        if let problem = sizes.lazy.compactMap({ ScenarioDecoder.imageProblem($0, scale: pixelsPerPoint) }).first {
            return problem
        }
        if let frames, frames.first >= frameCount {
            return "--frames \(frames.text) starts after the last frame (\(frameCount - 1))"
        }
        return nil
    }
}
