import FlickDiff
import Testing

@Suite("Diff images: marks over a faded copy, and expected | actual | diff side by side")
struct DiffImagesTests {
    @Test("The strip holds the three images in order, separated by grey bars")
    func sideBySide() throws {
        let expected = Bitmap(width: 4, height: 3, color: .white)
        var actual = expected
        actual[2, 1] = .black
        let result = try ImageComparison(expected: expected, actual: actual, drawingDiff: true)
        let diff = try #require(result.diffImage)
        #expect(diff[2, 1] == .red)
        #expect(diff[0, 0] == .white)  // white fades to white
        let strip = DiffImages.sideBySide(expected: expected, actual: actual, diff: diff)
        let gap = DiffImages.gap
        #expect(strip.width == 3 * 4 + 2 * gap && strip.height == 3)
        #expect(strip[2, 1] == .white)
        #expect(strip[4 + gap + 2, 1] == .black)
        #expect(strip[2 * (4 + gap) + 2, 1] == .red)
        #expect(strip[4, 0] == RGBA(128, 128, 128) && strip[4 + gap - 1, 2] == RGBA(128, 128, 128))
    }

    @Test("Dark pixels fade to light grey: 255 + 0.1 · (Y − 255), truncated as pixelmatch's byte buffer stores it")
    func fadedCopy() throws {
        let expected = Bitmap(width: 2, height: 1, color: .black)
        var actual = expected
        actual[1, 0] = .white
        let diff = try #require(try ImageComparison(expected: expected, actual: actual, drawingDiff: true).diffImage)
        #expect(diff[0, 0] == RGBA(229, 229, 229))  // 255 − 25.5 = 229.5, truncated
        #expect(diff[1, 0] == .red)
    }

    @Test("The strip stays within Cairo's 32767 pixels a side and the pixel limit: side by side, stacked, or reduced", arguments: [
        (width: 390, height: 844, arrangement: DiffImages.Layout.Arrangement.sideBySide, reduction: 1),
        (width: 10917, height: 100, arrangement: .sideBySide, reduction: 1),  // 3 · 10917 + 2 · 8 = 32767
        (width: 10918, height: 100, arrangement: .stacked, reduction: 1),
        (width: 20000, height: 3000, arrangement: .sideBySide, reduction: 2),
        (width: 100, height: 32767, arrangement: .sideBySide, reduction: 1),
        (width: 8000, height: 8000, arrangement: .sideBySide, reduction: 2),
        (width: 64_000_000, height: 1, arrangement: .stacked, reduction: 1954),
    ])
    func layout(_ row: (width: Int, height: Int, arrangement: DiffImages.Layout.Arrangement, reduction: Int)) {
        let layout = DiffImages.layout(width: row.width, height: row.height)
        #expect(layout.arrangement == row.arrangement && layout.reduction == row.reduction, "\(layout)")
        #expect(ImageLimits.allowsDrawing(width: layout.width, height: layout.height), "\(layout.width)×\(layout.height)")
        #expect(layout.panelWidth == (row.width + row.reduction - 1) / row.reduction)
    }

    @Test("Stacked panels: expected on top, then actual, then diff, grey bars between")
    func stacked() throws {
        let expected = Bitmap(width: 10918, height: 3, color: .white)
        var actual = expected
        actual[10916, 2] = .black
        let diff = try #require(try ImageComparison(expected: expected, actual: actual, drawingDiff: true).diffImage)
        let strip = DiffImages.sideBySide(expected: expected, actual: actual, diff: diff)
        let gap = DiffImages.gap
        #expect(strip.width == 10918 && strip.height == 3 * 3 + 2 * gap)
        #expect(strip[10916, 2] == .white)
        #expect(strip[10916, 3 + gap + 2] == .black)
        #expect(strip[10916, 2 * (3 + gap) + 2] == .red)
        #expect(strip[0, 3] == DiffImages.barColor && strip[5, 3 + gap - 1] == DiffImages.barColor)
    }

    @Test("Reducing averages each block, weighting colours by opacity")
    func reduce() {
        var image = Bitmap(width: 3, height: 2, color: .white)
        image[1, 0] = .black
        image[0, 1] = .black
        image[2, 0] = RGBA(255, 0, 0, 0)  // transparent: its colour does not count
        image[2, 1] = RGBA(0, 0, 255, 255)
        let reduced = DiffImages.reduce(image, by: 2)
        #expect(reduced.width == 2 && reduced.height == 1)
        #expect(reduced[0, 0] == RGBA(128, 128, 128))  // two white, two black
        #expect(reduced[1, 0] == RGBA(0, 0, 255, 128))  // the clipped block: one transparent, one blue
    }
}
