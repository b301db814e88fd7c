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
}
