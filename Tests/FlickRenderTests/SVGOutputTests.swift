import FlickCore
import FlickImage
import FlickRender
import Foundation
import Testing

/// SVG frames: stable bytes, and the same picture as the PNG frames once rasterised by librsvg.
@Suite struct SVGOutputTests {
    /// Rasterises the SVG of `svgFrame` with librsvg and compares it with the PNG of `frame` in 8×8-pixel
    /// blocks: the share of blocks whose mean colour differs by more than 16 in some channel, and the mean
    /// difference per channel over all pixels. Blocks, because the two rasterisers place glyphs differently
    /// by up to half a pixel (Cairo's image backend rounds glyph origins to whole pixels; librsvg does not).
    static func mismatch(_ scenario: Scenario, _ frame: FrameState, svgFrame: FrameState? = nil,
                         name: String) throws -> (blocks: Double, mean: Double) {
        let renderer = try FrameRenderer(scenario: scenario, options: RenderOptions(iconFolders: [Fixtures.icons]))
        let png = try DecodedFrame(scenario, frame, name: name)
        let svg = try renderer.svg(of: svgFrame ?? frame)
        Fixtures.keep(svg, as: name + ".svg")
        let raster = try ImageSurface(svg: svg, pixelWidth: png.image.width, pixelHeight: png.image.height)
        Fixtures.keep(try PNGEncoder().encode(raster), as: name + "-rsvg.png")
        let rasterImage = raster.bitmap()
        let w = png.image.width, h = png.image.height, block = 8
        var differingBlocks = 0, blocks = 0, total = 0
        for by in stride(from: 0, to: h - block + 1, by: block) {
            for bx in stride(from: 0, to: w - block + 1, by: block) {
                var sum = [0, 0, 0]
                for y in by..<(by + block) {
                    for x in bx..<(bx + block) {
                        let a = png.image[x, y], b = rasterImage[x, y]
                        let d = [Int(a.red) - Int(b.red), Int(a.green) - Int(b.green), Int(a.blue) - Int(b.blue)]
                        for c in 0..<3 { sum[c] += d[c]; total += abs(d[c]) }
                    }
                }
                blocks += 1
                if sum.contains(where: { abs($0) > 16 * block * block }) { differingBlocks += 1 }
            }
        }
        return (Double(differingBlocks) / Double(blocks), Double(total) / Double(3 * w * h))
    }

    @Test func svgRasterisedByLibrsvgMatchesThePNG() throws {
        for (what, scenario, frame) in [("sheet over map", try Fixtures.classPass(), Fixtures.classPassFrame()),
                                        ("list and panel", try Fixtures.timeline(), Fixtures.timelineFrame())] {
            let result = try Self.mismatch(scenario, frame, name: "svg-" + scenario.name)
            #expect(result.blocks < 0.005 && result.mean < 1.5,
                    "\(what): \(result.blocks * 100)% of 8×8 blocks differ, mean difference \(result.mean) per channel")
        }
        // The measure does see a real difference: the panel and indicator hidden in the SVG only.
        let control = try Self.mismatch(Fixtures.timeline(), Fixtures.timelineFrame(),
                                        svgFrame: Fixtures.timelineFrame(panelAlpha: 0, indicatorAlpha: 0), name: "svg-control")
        #expect(control.blocks > 0.005, "a hidden panel changes only \(control.blocks * 100)% of blocks")
    }

    @Test func svgBytesDoNotDependOnWhatWasDrawnBefore() throws {
        let scenario = try Fixtures.classPass()
        let renderer = try FrameRenderer(scenario: scenario, options: RenderOptions(iconFolders: [Fixtures.icons]))
        let first = try renderer.svg(of: Fixtures.classPassFrame())
        _ = try renderer.svg(of: Fixtures.classPassFrame(top: 300))
        _ = try FrameRenderer(scenario: Fixtures.timeline(), options: RenderOptions()).svg(of: Fixtures.timelineFrame())
        let again = try renderer.svg(of: Fixtures.classPassFrame())
        #expect(first == again)
        let text = try #require(String(data: first, encoding: .utf8))
        #expect(text.contains("width=\"390\"") && text.contains("height=\"844\""), "SVG is in points")
    }
}
