import FlickCore
import FlickReview
import Testing

/// `flick render`'s overrides of a scenario and the limits checked after them, on rubber-band-pull (390×844 pt at
/// 3x, 60 fps, 2.5 s: frames 0...150).
@Suite("RenderOverrides: --fps, --scale, the page's 1x, --slow, --frames")
struct RenderOverridesTests {
    static func scenario() throws -> Scenario { try Fixtures.example("rubber-band-pull", scale: 3) }

    @Test("No override leaves the scenario as it is")
    func none() throws {
        var scenario = try Self.scenario()
        #expect(RenderOverrides().apply(to: &scenario) == nil)
        #expect(scenario.fps == 60 && scenario.viewport.scale == 3 && scenario.frameCount == 151 && scenario.name == "rubber-band-pull")
    }

    @Test("--fps and --scale set the rate and the scale; a page's folder is drawn at 1x unless --scale is given")
    func rateAndScale() throws {
        var scenario = try Self.scenario()
        #expect(RenderOverrides(fps: 30, scale: 2).apply(to: &scenario) == nil)
        #expect(scenario.fps == 30 && scenario.viewport.scale == 2 && scenario.frameCount == 76)
        var page = try Self.scenario()
        #expect(RenderOverrides(pageScale: true).apply(to: &page) == nil)
        #expect(page.viewport.scale == 1)
        // The page's scale is never more than the scenario's own; --scale wins over it.
        var small = try Fixtures.example("rubber-band-pull", scale: 0.5)
        #expect(RenderOverrides(pageScale: true).apply(to: &small) == nil)
        #expect(small.viewport.scale == 0.5)
        var given = try Self.scenario()
        #expect(RenderOverrides(scale: 2, pageScale: true).apply(to: &given) == nil)
        #expect(given.viewport.scale == 2)
    }

    @Test("--slow 4 samples the run 4 times as often: every normal frame is among them")
    func slow() throws {
        var scenario = try Self.scenario()
        #expect(RenderOverrides(slow: 4).apply(to: &scenario) == nil)
        #expect(scenario.fps == 240 && scenario.frameCount == 601)
    }

    @Test("The limits after the overrides: frames, pixels, --frames past the end, a name that is not a folder name")
    func limits() throws {
        var long = try Self.scenario()
        long.duration = 30
        #expect(RenderOverrides(fps: 240, slow: 20).apply(to: &long) == "144001 frames at 4800 fps; the limit is 100000")
        var large = try Self.scenario()
        #expect(RenderOverrides(scale: 16).apply(to: &large) == "390×844 pt at scale 16 is 84.265 megapixels; the limit is 64 megapixels")
        var last = try Self.scenario()
        #expect(RenderOverrides(frames: (150, "150..")).apply(to: &last) == nil)
        var past = try Self.scenario()
        #expect(RenderOverrides(frames: (151, "151..200")).apply(to: &past) == "--frames 151..200 starts after the last frame (150)")
        // At 30 fps the last frame is 75.
        var slower = try Self.scenario()
        #expect(RenderOverrides(fps: 30, frames: (100, "100")).apply(to: &slower) == "--frames 100 starts after the last frame (75)")
        for name in ["", ".hidden", "a/b", "a\\b"] {
            var scenario = try Self.scenario()
            scenario.name = name
            #expect(RenderOverrides(fps: 30).apply(to: &scenario)
                    == "the scenario's name \"\(name)\" cannot name an output folder (no path separators, no leading dot)")
            #expect(scenario.fps == 60, "nothing applied")
        }
    }
}
