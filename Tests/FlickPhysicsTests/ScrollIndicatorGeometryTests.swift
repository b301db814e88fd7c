import Testing
@testable import FlickPhysics

/// The scroll indicator's thumb: docs/physics.md, "Reference vectors", rows I1–I6 (viewport 800, min offset 0, padding 0).
@Suite struct ScrollIndicatorGeometryTests {
    @Test func constantsAreCupertinos() {
        let geometry = ScrollIndicatorGeometry()
        #expect(geometry.thickness == 3)
        #expect(geometry.margin == 3)
        #expect(geometry.minimumLength == 36)
        #expect(geometry.minimumOverscrollLength == 8)
    }

    @Test(arguments: [
        ("I1", 1000.0, 3200.0, 158.8, 201.5),
        ("I2: at the top", 0, 3200, 158.8, 3.0),
        ("I2: at the bottom", 3200, 3200, 158.8, 638.2),
        ("I3: 100 over the top", -100, 3200, 138.95, 3.0),
        ("I3: 400 over the top", -400, 3200, 79.4, 3.0),
        ("I4: the minimum length applies", 1000, 39200, 36, 22.3367),
        ("I5: 100 over, shrinking below the minimum", -100, 39200, 13.895, 3.0),
        ("I5: 200 over", -200, 39200, 11.91, 3.0),
        ("I6: 100 over the bottom", 39300, 39200, 13.895, 783.105),
    ])
    func thumb(row: String, offset: Double, maxOffset: Double, length: Double, top: Double) {
        let thumb = ScrollIndicatorGeometry().thumb(offset: offset, minOffset: 0, maxOffset: maxOffset, viewport: 800)
        expectClose(thumb.length, length, tolerance: 1e-4, "\(row): length")
        expectClose(thumb.start, top, tolerance: 1e-4, "\(row): top")
    }

    @Test func farOverscrollShrinksToADot() {
        let geometry = ScrollIndicatorGeometry()
        for offset in [-800.0, -2000, 40_000, 1e6] {
            let thumb = geometry.thumb(offset: offset, minOffset: 0, maxOffset: 39200, viewport: 800)
            #expect(thumb.length == 8, "offset \(offset): length \(thumb.length)")
            #expect(thumb.start == (offset < 0 ? 3 : 800 - 3 - 8), "offset \(offset): top \(thumb.start)")
        }
    }

    @Test func staysInsideTheTrack() {
        let geometry = ScrollIndicatorGeometry()
        for maxOffset in [0.0, 100, 3200, 39200] {
            for offset in stride(from: -1000.0, through: maxOffset + 1000, by: 50) {
                let thumb = geometry.thumb(offset: offset, minOffset: 0, maxOffset: maxOffset, viewport: 800)
                #expect(thumb.start >= 3 - 1e-9 && thumb.start + thumb.length <= 797 + 1e-9,
                        "offset \(offset) of \(maxOffset): \(thumb)")
            }
        }
    }

    @Test func contentThatFitsFillsTheTrack() {
        let thumb = ScrollIndicatorGeometry().thumb(offset: 0, minOffset: 0, maxOffset: 0, viewport: 800)
        expectClose(thumb.length, 794, tolerance: 1e-9, "length")
        expectClose(thumb.start, 3, tolerance: 1e-9, "top")
    }

    @Test func paddingShortensAndShiftsTheTrack() {
        // I1 with 20 pt kept clear at the top and 30 at the bottom: track 750, travel 744,
        // visible fraction (800 − 50)/(3200 + 800 − 50), offset 1000/3200 of the free travel.
        let thumb = ScrollIndicatorGeometry().thumb(offset: 1000, minOffset: 0, maxOffset: 3200, viewport: 800,
                                                    paddingStart: 20, paddingEnd: 30)
        let length = 744 * 750 / 3950.0
        expectClose(thumb.length, length, tolerance: 1e-9, "length")
        expectClose(thumb.start, 1000 / 3200 * (744 - length) + 20 + 3, tolerance: 1e-9, "top")
    }
}
