import FlickCore
import FlickImage
import FlickRender
import Foundation
import Testing

/// The refresh control's spinner, drawn from its state (docs/physics.md, "Pull to refresh"): decoded pixels at the
/// middle of each tick.
@Suite struct RefreshDrawingTests {
    /// The tick colour 0x3C3C44 at `alpha` (of 255) over the white plain background, per channel.
    static func tick(alpha: Int, opacity: Double = 1) -> (Double, Double, Double) {
        let a = Double(alpha) / 255 * opacity
        return (255 * (1 - a) + 0x3C * a, 255 * (1 - a) + 0x3C * a, 255 * (1 - a) + 0x44 * a)
    }

    /// The point halfway along tick `i` (0 at twelve o'clock, clockwise), from r/3 to r out from the centre.
    static func middle(of i: Int, _ spinner: RefreshSpinnerState) -> (Double, Double) {
        let angle = Double(i) * .pi / 4
        let distance = (spinner.radius / 3 + spinner.radius) / 2
        return (spinner.center.x + distance * sin(angle), spinner.center.y - distance * cos(angle))
    }

    static func expect(_ pixel: RGBA, _ expected: (Double, Double, Double), _ what: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let ok = abs(Double(pixel.red) - expected.0) <= 3 && abs(Double(pixel.green) - expected.1) <= 3
            && abs(Double(pixel.blue) - expected.2) <= 3
        #expect(ok, "\(what): \(pixel), expected \(expected)", sourceLocation: sourceLocation)
    }

    @Test func spinningTicksTrailTheStep() throws {
        let scenario = try Fixtures.example("pull-to-refresh.yaml")
        let state = Simulation(scenario: scenario).state(at: 3.3)
        let refresh = try #require(state.refreshControl)
        #expect(refresh.phase == .refreshing && refresh.spinner.activeTick == 2)
        let decoded = try DecodedFrame(scenario, state, name: "refresh-spinning")
        let alphas = [47, 47, 47, 47, 72, 97, 122, 147]
        for i in 0..<8 {
            let (x, y) = Self.middle(of: i, refresh.spinner)
            Self.expect(decoded.pixel(x, y), Self.tick(alpha: alphas[(i - 2 + 8) % 8]), "tick \(i)")
        }
        // The centre, between the ticks, stays background.
        Self.expect(decoded.pixel(refresh.spinner.center.x, refresh.spinner.center.y), (255, 255, 255), "centre")
    }

    @Test func pullingRevealsTicksOneByOne() throws {
        let scenario = try Fixtures.example("pull-to-refresh.yaml")
        let state = Simulation(scenario: scenario).state(at: 0.45)
        let refresh = try #require(state.refreshControl)
        #expect(refresh.phase == .pulling && refresh.spinner.ticks == 5 && refresh.spinner.alpha == 1)
        let decoded = try DecodedFrame(scenario, state, name: "refresh-pulling")
        for i in 0..<8 {
            let (x, y) = Self.middle(of: i, refresh.spinner)
            Self.expect(decoded.pixel(x, y), i < 5 ? Self.tick(alpha: 147) : (255, 255, 255), "tick \(i)")
        }
    }

    @Test func nothingShowsOutsideTheOpenedSpace() throws {
        let scenario = try Fixtures.example("pull-to-refresh.yaml")
        var state = Simulation(scenario: scenario).state(at: 3.3)
        let refresh = try #require(state.refreshControl)
        // The same spinner with its opened space ending at the spinner's centre: only the upper ticks show.
        let gap = refresh.gap
        state.refreshControls[0].gap = Rect(x: gap.minX, y: gap.minY, width: gap.width, height: refresh.spinner.center.y - gap.minY)
        var without = state
        without.refreshControls = []
        let decoded = try DecodedFrame(scenario, state, name: "refresh-clipped")
        let bare = try DecodedFrame(scenario, without)
        let (x0, y0) = Self.middle(of: 0, refresh.spinner)
        Self.expect(decoded.pixel(x0, y0), Self.tick(alpha: [47, 47, 47, 47, 72, 97, 122, 147][(0 - 2 + 8) % 8]), "tick 0 inside the gap")
        let (x4, y4) = Self.middle(of: 4, refresh.spinner)
        #expect(decoded.pixel(x4, y4) == bare.pixel(x4, y4), "tick 4 lies below the gap and is not drawn")
        let unclipped = try DecodedFrame(scenario, Simulation(scenario: scenario).state(at: 3.3))
        #expect(unclipped.pixel(x4, y4) != bare.pixel(x4, y4), "unclipped, tick 4 is drawn")
    }
}
