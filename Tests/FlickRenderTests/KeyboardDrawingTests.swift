import FlickCore
import FlickImage
import FlickRender
import Foundation
import Testing

/// The keyboard over a list, drawn from `KeyboardState` alone (docs/states.md, "Keyboards"): decoded pixels of its
/// tray and keys where its state puts it, and of the rows once it is down.
@Suite struct KeyboardDrawingTests {
    static func scenario() throws -> Scenario {
        try ScenarioDecoder.load(path: Fixtures.root.appendingPathComponent("Tests/Scenarios/keyboard-dismiss.yaml").path)
    }

    static func expect(_ pixel: RGBA, _ rgb: UInt32, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = (Int(rgb >> 16 & 0xFF), Int(rgb >> 8 & 0xFF), Int(rgb & 0xFF))
        let ok = abs(Int(pixel.red) - expected.0) <= 1 && abs(Int(pixel.green) - expected.1) <= 1 && abs(Int(pixel.blue) - expected.2) <= 1
        #expect(ok, "\(what): \(pixel), expected \(String(rgb, radix: 16))", sourceLocation: sourceLocation)
    }

    @Test("up: the tray 0xD1D3D9 from y 508, white letter keys and grey wide keys where the layout puts them")
    func upItCoversTheBottom() throws {
        let scenario = try Self.scenario()
        let state = Simulation(scenario: scenario).state(at: 0.4)
        let keyboard = try #require(state.keyboard("list"))
        #expect(keyboard.phase == .shown && keyboard.frame.minY == 508)
        let decoded = try DecodedFrame(scenario, state, name: "keyboard-up")
        // Just above its top: a row's white; just below: the tray (the predictive bar's strip is bare).
        Self.expect(decoded.pixel(195, 505), 0xFFFFFF, "above the keyboard")
        Self.expect(decoded.pixel(195, 512), 0xD1D3D9, "the tray's top")
        Self.expect(decoded.pixel(195, 540), 0xD1D3D9, "the predictive bar's strip")
        // Keys are (390 − 2·3 − 9·6) / 10 = 33 pt wide, 42 tall; the first row starts 45 + 8 pt below the top (561).
        // The first key spans x 3…36: its middle (19.5, 582) is white; the gap after it (x 37.5) is tray.
        Self.expect(decoded.pixel(19.5, 582), 0xFFFFFF, "the first letter key")
        Self.expect(decoded.pixel(37.5, 582), 0xD1D3D9, "the gap between two keys")
        // The third row (y 669…711) has shift at its left: grey 0xABB0BA.
        Self.expect(decoded.pixel(10, 690), 0xABB0BA, "shift")
        // The bottom row (y 723…765): the space bar in the middle, white.
        Self.expect(decoded.pixel(195, 744), 0xFFFFFF, "the space bar")
    }

    @Test("half way down its top is at 676; down, it draws nothing")
    func downItIsGone() throws {
        let scenario = try Self.scenario()
        let frames = Simulation.frames(of: scenario)
        let half = try DecodedFrame(scenario, frames[38], name: "keyboard-half")
        #expect(frames[38].keyboard("list")?.frame.minY == 676)
        Self.expect(half.pixel(195, 680), 0xD1D3D9, "the tray's top at 676")
        let down = try DecodedFrame(scenario, frames[54], name: "keyboard-down")
        #expect(frames[54].keyboard("list")?.phase == .hidden)
        // Down below the viewport it draws nothing: the frame is the same picture with its state taken away.
        var without = frames[54]
        without.keyboards = []
        #expect(try DecodedFrame(scenario, without).png == down.png)
    }
}
