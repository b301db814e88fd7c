import FlickCore

/// Slow motion by sampling: the simulation is a closed form of time, so the same motion is sampled N times as
/// often rather than interpolated between frames. The previews then play the frames at the original rate.
public enum SlowMotion {
    public static let factors = 2...20

    /// `scenario` sampled `factor` times as often over the same span of simulated time: N × (frames − 1) + 1
    /// frames, frame k × N of which is at the time of the original frame k.
    public static func resampled(_ scenario: Scenario, by factor: Int) -> Scenario {
        var slowed = scenario
        // The span the original frames cover, so the new count is exactly N × (frames − 1) + 1.
        slowed.duration = Double(scenario.frameCount - 1) / scenario.fps
        slowed.fps = scenario.fps * Double(factor)
        return slowed
    }
}
