import FlickCore
import FlickImage
import FlickRender
import Foundation
import Testing

/// The sheet over the map: body at `sheet.top`, grabber, dimming, parallax.
@Suite struct SheetDrawingTests {
    @Test func sheetBodyStartsAtItsTopOverTheMap() throws {
        let scenario = try Fixtures.classPass()
        let decoded = try DecodedFrame(scenario, Fixtures.classPassFrame(top: 422), name: "classpass-light")
        // Inside the header, left of the title: the sheet's white.
        expectPixel(decoded.pixel(6, 440), RGBA(255, 255, 255), "sheet body below its top")
        // The grabber: 36×5 at 5 pt below the top, centred.
        expectPixel(decoded.pixel(195, 422 + 7.5), over(Color(rgb: 0x3C3C43, alpha: 0.3), .white), "grabber")
        // Above the top is map, not sheet: no pure white across a stretch of the row above the shadow.
        let mapRow = (0..<39).map { decoded.pixel(Double($0) * 10 + 5, 380) }
        #expect(mapRow.contains { $0.distance(to: RGBA(255, 255, 255)) > 8 }, "the map shows above the sheet")
    }

    /// A header draws the buttons it is given and no others: a title alone leaves the trailing edge white.
    @Test func headerButtonsOnlyWhenGiven() throws {
        // The header's middle: below the 5 pt grabber inset and 5 pt grabber, (432 + 478) / 2; 3 pt inside the margin.
        let x = 390.0 - 16 - 3, y = 455.0
        let plain = try DecodedFrame(try Fixtures.classPass(), Fixtures.classPassFrame(top: 422), name: "header-title-only")
        expectPixel(plain.pixel(x, y), RGBA(255, 255, 255), "no button without buttons:")
        let withButton = try Fixtures.scenario(Fixtures.classPassYAML.replacingOccurrences(of: "THEME", with: "light")
            .replacingOccurrences(of: "title: \"Studios nearby\"}", with: "title: \"Studios nearby\", buttons: [Filters]}"),
            name: "classpass")
        let drawn = try DecodedFrame(withButton, Fixtures.classPassFrame(top: 422), name: "header-filters")
        #expect(drawn.pixel(x, y).distance(to: RGBA(255, 255, 255)) > 8, "the Filters button's tinted fill")
    }

    @Test func sheetMovesWithItsTop() throws {
        let scenario = try Fixtures.classPass()
        let low = try DecodedFrame(scenario, Fixtures.classPassFrame(top: 600), name: "classpass-low")
        // At y = 500 the sheet at 600 is not there yet: the map shows, not white all the way across.
        let row = (0..<39).map { low.pixel(Double($0) * 10 + 5, 500) }
        #expect(row.contains { $0.distance(to: RGBA(255, 255, 255)) > 8 }, "map above a lowered sheet")
        expectPixel(low.pixel(6, 620), RGBA(255, 255, 255), "lowered sheet's body")
    }

    @Test func dimmingDarkensTheMapByItsAlpha() throws {
        let scenario = try Fixtures.classPass()
        let clear = try DecodedFrame(scenario, Fixtures.classPassFrame(top: 200, dimming: 0))
        let dimmed = try DecodedFrame(scenario, Fixtures.classPassFrame(top: 200, dimming: 0.4), name: "classpass-dimmed")
        for (x, y) in [(30.0, 120.0), (200.0, 150.0), (350.0, 90.0)] {
            let a = clear.pixel(x, y), b = dimmed.pixel(x, y)
            // Black at 0.4 over the map: each channel × 0.6.
            expectPixel(b, RGBA(UInt8(Double(a.red) * 0.6 + 0.5), UInt8(Double(a.green) * 0.6 + 0.5), UInt8(Double(a.blue) * 0.6 + 0.5)),
                        tolerance: 2, "dimmed map at (\(x), \(y))")
        }
    }

    @Test func darkThemeSheetIsElevatedGrey() throws {
        let scenario = try Fixtures.classPass(theme: .dark)
        let decoded = try DecodedFrame(scenario, Fixtures.classPassFrame(), name: "classpass-dark")
        expectPixel(decoded.pixel(6, 440), RGBA(0x1C, 0x1C, 0x1E), "dark sheet body")
    }

    @Test func overlayDrawsOnTop() throws {
        let scenario = try Fixtures.classPass()
        let frame = Fixtures.classPassFrame(touch: Point(x: 200, y: 600))
        let plain = try DecodedFrame(scenario, frame)
        let overlay = try DecodedFrame(scenario, frame, overlay: true, name: "classpass-overlay")
        #expect(plain.png != overlay.png)
        // The touch point's centre dot is the overlay's accent colour.
        expectPixel(overlay.pixel(200, 600), RGBA(0xFF, 0x2D, 0x92), tolerance: 4, "touch point")
    }
}
