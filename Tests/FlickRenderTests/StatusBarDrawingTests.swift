@testable import FlickCore
import FlickImage
@testable import FlickRender
import Foundation
import Testing

/// The status bar's ink (`statusBar:`, docs/scenario-format.md "Viewport and devices"): `auto` black over light
/// content and white over dark, measured on the pixels under the bar as the home indicator's colour is; `dark` and
/// `light` whatever is under it. Read on the decoded pixels of rendered frames.
@Suite struct StatusBarDrawingTests {
    /// The middle of the battery's charge, 17 × 8 pt of solid ink: 34.5 pt from the right edge of a 390 pt viewport,
    /// on the bar's row centre (47 × 0.5 + 1 pt for a 47 pt safe area).
    static let charge = (x: 390.0 - 34.5, y: 24.5)
    /// Left of the clock, where nothing of the bar is drawn.
    static let bare = (x: 8.0, y: 24.5)

    /// A sheet at the root, resting low, over `background`: the status bar floats over the background.
    static func scene(background: String, statusBar: String? = nil) throws -> Scenario {
        try Fixtures.scenario("""
            name: status
            viewport: {width: 390, height: 844, scale: 2, safeArea: {top: 47, bottom: 34}}
            duration: 1
            \(statusBar.map { "statusBar: \($0)" } ?? "")
            scene:
              background: \(background)
              sheet:
                detents: [{name: tip, height: 200}]
                initial: tip
                content: {list: {rows: 3, rowHeight: 44}}
            """, name: "status")
    }

    static func ink(_ scenario: Scenario, name: String) throws -> (charge: RGBA, bare: RGBA) {
        let decoded = try DecodedFrame(scenario, Simulation(scenario: scenario).state(at: 0), name: name)
        return (decoded.pixel(charge.x, charge.y), decoded.pixel(bare.x, bare.y))
    }

    @Test func autoIsWhiteOverADarkBackgroundAndBlackOverALightOne() throws {
        #expect(try Self.scene(background: "plain").statusBar == .auto, "auto is the default")
        for (hex, ink) in [("#1c1c1e", RGBA(255, 255, 255)), ("#14307a", RGBA(255, 255, 255)),
                           ("#ffffff", RGBA(0, 0, 0)), ("#f2f2f7", RGBA(0, 0, 0))] {
            let pixels = try Self.ink(try Self.scene(background: "{color: \"\(hex)\"}"), name: "status-auto-" + hex.dropFirst())
            expectPixel(pixels.charge, ink, "auto status bar over \(hex)")
            expectPixel(pixels.bare, over(Color(hex: hex)!, .white), "the background beside the clock, \(hex)")
        }
    }

    /// The issue's case: a dark screenshot as the background in the light theme, whose status bar used to be black.
    @Test func autoIsWhiteOverADarkPicture() throws {
        let folder = try Fixtures.temporaryFolder("status-picture")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (fill, ink) in [("#0b1a33", RGBA(255, 255, 255)), ("#e8eef6", RGBA(0, 0, 0))] {
            let file = folder.appendingPathComponent("screen-\(fill.dropFirst()).svg")
            try Data("""
                <svg xmlns="http://www.w3.org/2000/svg" width="390" height="844"><rect width="390" height="844" fill="\(fill)"/></svg>
                """.utf8).write(to: file)
            var scenario = try Self.scene(background: "plain")
            scenario.scene.background = .image(file.path)
            let pixels = try Self.ink(scenario, name: "status-picture-" + fill.dropFirst())
            expectPixel(pixels.charge, ink, "auto status bar over a \(fill) picture")
            expectPixel(pixels.bare, over(Color(hex: fill)!, .white), "the picture beside the clock, \(fill)")
        }
    }

    @Test func darkAndLightAreKeptWhateverIsUnder() throws {
        for (style, hex, ink) in [("dark", "#1c1c1e", RGBA(0, 0, 0)), ("light", "#ffffff", RGBA(255, 255, 255)),
                                  ("dark", "#ffffff", RGBA(0, 0, 0)), ("light", "#1c1c1e", RGBA(255, 255, 255))] {
            let scenario = try Self.scene(background: "{color: \"\(hex)\"}", statusBar: style)
            #expect(scenario.statusBar == StatusBarStyle(rawValue: style))
            let pixels = try Self.ink(scenario, name: "status-\(style)-" + hex.dropFirst())
            expectPixel(pixels.charge, ink, "statusBar: \(style) over \(hex)")
        }
    }

    /// Over a list at the root the bar's material (the theme's background at 94 %) is under the ink, so `auto` reads
    /// the theme; `light` still draws white on the light theme's material.
    @Test func overTheBarMaterialAutoFollowsTheTheme() throws {
        for (theme, style, ink) in [("light", "auto", RGBA(0, 0, 0)), ("dark", "auto", RGBA(255, 255, 255)),
                                    ("light", "light", RGBA(255, 255, 255))] {
            let scenario = try Fixtures.scenario("""
                viewport: {width: 390, height: 844, scale: 2, safeArea: {top: 47, bottom: 34}}
                duration: 1
                theme: \(theme)
                statusBar: \(style)
                scene: {background: {color: "#1c1c1e"}, list: {rows: 30, rowHeight: 44}}
                """, name: "status-list")
            let pixels = try Self.ink(scenario, name: "status-list-\(theme)-\(style)")
            expectPixel(pixels.charge, ink, "statusBar: \(style) over a list, \(theme) theme")
        }
    }

    /// An SVG frame measures the content drawn again on the PNG's pixel grid, so its bar has the PNG's ink.
    @Test func theSVGFrameChoosesAsThePNGDoes() throws {
        for (hex, ink) in [("#1c1c1e", RGBA(255, 255, 255)), ("#ffffff", RGBA(0, 0, 0))] {
            let scenario = try Self.scene(background: "{color: \"\(hex)\"}")
            let svg = try FrameRenderer(scenario: scenario).svg(of: Simulation(scenario: scenario).state(at: 0))
            let raster = try ImageSurface(svg: svg, pixelWidth: 780, pixelHeight: 1688).bitmap()
            expectPixel(raster[Int(Self.charge.x * 2), Int(Self.charge.y * 2)], ink, "SVG status bar over \(hex)")
        }
    }

    @Test func anUnknownStyleIsRefusedNamingTheKey() throws {
        let yaml = "viewport: {width: 390, height: 844}\nduration: 1\nstatusBar: grey\nscene: {list: {rows: 1, rowHeight: 44}}\n"
        do {
            _ = try ScenarioDecoder.decode(data: Data(yaml.utf8), file: "status.yaml", defaultName: "status")
            Issue.record("statusBar: grey decoded")
        } catch {
            let text = "\(error)"
            #expect(text.contains("status.yaml") && text.contains("statusBar"), "\(text)")
            #expect(text.contains("auto") && text.contains("dark") && text.contains("light"), "\(text)")
        }
    }
}
