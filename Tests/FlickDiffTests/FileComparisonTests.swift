import FlickDiff
import Foundation
import Testing

@Suite("Comparing files: byte-identical files are never decoded; every image is held to the pixel limit")
struct FileComparisonTests {
    @Test("Two files with the same bytes are identical from their headers alone, even when the pixels could not be decoded")
    func sameBytes() throws {
        let folder = try TemporaryFolder()
        // A valid header followed by garbage: decoding it fails, so an identical result proves no decoding.
        let undecodable = pngHeader(width: 1170, height: 2532, rest: Array(repeating: 7, count: 100))
        try write(undecodable, to: folder.path("a.png"))
        try write(undecodable, to: folder.path("b.png"))
        let same = try FileComparison(expected: folder.path("a.png"), actual: folder.path("b.png"))
        #expect(same.comparison.isExactMatch && same.comparison.pixelCount == 1170 * 2532)
        #expect(same.comparison.summary == "identical (1170×2532)")
        #expect(same.expected == nil && same.actual == nil)

        // One byte different: now both are decoded, and the garbage is named.
        var changed = undecodable
        changed[changed.count - 1] = 8
        try write(changed, to: folder.path("c.png"))
        #expect {
            try FileComparison(expected: folder.path("a.png"), actual: folder.path("c.png"))
        } throws: { error in
            guard case .unreadable(let path, _)? = error as? ImageError else { return false }
            return path == folder.path("a.png")
        }
    }

    @Test("Files that differ are decoded and compared; the images come back for the diff page")
    func differentBytes() throws {
        let folder = try TemporaryFolder()
        let a = Bitmap(width: 6, height: 4, color: .white)
        var b = a
        b[2, 2] = .black
        try a.writePNG(path: folder.path("a.png"))
        try b.writePNG(path: folder.path("b.png"))
        let result = try FileComparison(expected: folder.path("a.png"), actual: folder.path("b.png"), drawingDiff: true)
        #expect(result.comparison.differingPixels == 1 && !result.comparison.isExactMatch)
        #expect(result.expected == a && result.actual == b)
        #expect(result.comparison.diffImage?[2, 2] == .red)
    }

    @Test("Decoding buffers carry over from pair to pair without changing a result")
    func buffers() throws {
        let folder = try TemporaryFolder()
        let buffers = DecodingBuffers()
        for (n, size) in [(8, 5), (3, 9), (8, 5)].enumerated() {
            let a = Bitmap(width: size.0, height: size.1, color: RGBA(UInt8(n * 40), 10, 10))
            var b = a
            for x in 0..<(n + 1) { b[x, 0] = .white }
            try a.writePNG(path: folder.path("a\(n).png"))
            try b.writePNG(path: folder.path("b\(n).png"))
            let reused = try FileComparison(expected: folder.path("a\(n).png"), actual: folder.path("b\(n).png"), buffers: buffers)
            #expect(reused.comparison.differingPixels == n + 1)
            #expect(reused.expected == a && reused.actual == b)
        }
    }

    @Test("A 126-byte SVG declaring 30000×30000 is refused from its size, before anything is drawn")
    func hugeSVG() throws {
        let folder = try TemporaryFolder()
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000"><rect width="1" height="1"/></svg>"#
        try svg.write(toFile: folder.path("big.svg"), atomically: true, encoding: .utf8)
        try svg.write(toFile: folder.path("same.svg"), atomically: true, encoding: .utf8)
        #expect(svg.utf8.count <= 126)
        let refused = ImageError.tooLarge(path: folder.path("big.svg"), width: 30000, height: 30000)
        #expect(throws: refused) { try Bitmap.read(path: folder.path("big.svg")) }
        // Even identical files are held to the limit.
        #expect(throws: refused) { try FileComparison(expected: folder.path("big.svg"), actual: folder.path("same.svg")) }
        // At a smaller scale it fits: 30000 × 0.01 = 300 pixels a side.
        #expect(try Bitmap.read(path: folder.path("big.svg"), svgScale: 0.01).width == 300)
    }

    @Test("Two 20000×20000 PNGs are refused from their headers, identical or not")
    func hugePNGs() throws {
        let folder = try TemporaryFolder()
        try write(pngHeader(width: 20000, height: 20000, rest: [1]), to: folder.path("a.png"))
        try write(pngHeader(width: 20000, height: 20000, rest: [1]), to: folder.path("b.png"))
        try write(pngHeader(width: 20000, height: 20000, rest: [2]), to: folder.path("c.png"))
        for other in ["b.png", "c.png"] {
            #expect(throws: ImageError.tooLarge(path: folder.path("a.png"), width: 20000, height: 20000)) {
                try FileComparison(expected: folder.path("a.png"), actual: folder.path(other))
            }
        }
    }
}
