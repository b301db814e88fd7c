import FlickDiff
import Foundation
import Testing

/// pixelmatch's own test table (its `test/test.js`, 7.x), run on its own fixtures: the same images, the
/// same options, the same count of differing pixels, and a diff image equal to pixelmatch's byte for byte.
@Suite("pixelmatch 7.2.0's test table")
struct PixelmatchTableTests {
    /// One row of the table: compare `a` with `b`; `diff` names the diff image pixelmatch draws.
    struct Row: CustomTestStringConvertible, Sendable {
        let a: String
        let b: String
        let diff: String
        let options: DiffOptions
        let differing: Int

        var testDescription: String { "\(a) vs \(b) → \(diff): \(differing)" }
    }

    static let rows: [Row] = [
        Row(a: "1a", b: "1b", diff: "1diff", options: DiffOptions(threshold: 0.05), differing: 143),
        Row(a: "1a", b: "1b", diff: "1diffdefaultthreshold", options: DiffOptions(), differing: 106),
        Row(a: "1a", b: "1b", diff: "1diffmask", options: DiffOptions(threshold: 0.05, diffMask: true), differing: 143),
        Row(a: "1a", b: "1a", diff: "1emptydiffmask", options: DiffOptions(threshold: 0, diffMask: true), differing: 0),
        Row(a: "2a", b: "2b", diff: "2diff",
            options: DiffOptions(threshold: 0.05, alpha: 0.5, antialiasedColor: RGBA(0, 192, 0), diffColor: RGBA(255, 0, 255)),
            differing: 12437),
        Row(a: "3a", b: "3b", diff: "3diff", options: DiffOptions(threshold: 0.05), differing: 212),
        Row(a: "4a", b: "4b", diff: "4diff", options: DiffOptions(threshold: 0.05), differing: 36049),
        Row(a: "5a", b: "5b", diff: "5diff", options: DiffOptions(threshold: 0.05), differing: 6),
        Row(a: "6a", b: "6b", diff: "6diff", options: DiffOptions(threshold: 0.05), differing: 51),
        Row(a: "6a", b: "6a", diff: "6empty", options: DiffOptions(threshold: 0), differing: 0),
        Row(a: "7a", b: "7b", diff: "7diff", options: DiffOptions(diffColorAlt: RGBA(0, 255, 0)), differing: 2448),
        Row(a: "8a", b: "5b", diff: "8diff", options: DiffOptions(threshold: 0.05), differing: 32896),
    ]

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pixelmatch").path

    static func image(_ name: String) throws -> Bitmap {
        try Bitmap.readPNG(path: fixtures + "/\(name).png")
    }

    @Test("Counts and diff images", arguments: rows)
    func row(_ row: Row) throws {
        let a = try Self.image(row.a), b = try Self.image(row.b)
        let drawn = try ImageComparison(expected: a, actual: b, options: row.options, drawingDiff: true)
        let counted = try ImageComparison(expected: a, actual: b, options: row.options)
        #expect(drawn.differingPixels == row.differing, "\(drawn.summary)")
        #expect(counted.differingPixels == drawn.differingPixels, "the count does not depend on drawing")
        let expected = try Self.image(row.diff)
        let diff = try #require(drawn.diffImage)
        let wrong = (0..<diff.height).lazy.flatMap { y in (0..<diff.width).lazy.map { x in (x, y) } }
            .filter { diff[$0.0, $0.1] != expected[$0.0, $0.1] }
        #expect(wrong.isEmpty, "\(wrong.count) pixels of the diff image differ from \(row.diff).png, first \(wrong.first.map { "\($0): \(diff[$0.0, $0.1]) not \(expected[$0.0, $0.1])" } ?? "")")
    }
}
