import FlickCore
import FlickImage
import FlickRender
@testable import FlickReview
import Foundation
import Testing

/// contact-sheet.png: the key frames are chosen by what happened, and each tile shows the frame its label names.
@Suite struct ContactSheetTests {
    @Test func tilesShowTheFramesTheirLabelsName() throws {
        let scenario = try Fixtures.example("sheet-handoff", scale: 0.5)
        let out = try Fixtures.temporaryFolder("contact")
        defer { try? FileManager.default.removeItem(at: out) }
        let recorder = try Fixtures.render(scenario, range: nil, into: out,
                                           options: ReviewOptions(contactSheet: true, contactSheetFrames: 14, playbackFPS: 60))
        let sheet = try #require(recorder.contactSheet)
        let folder = out.appendingPathComponent(scenario.name)
        let decoded = try ImageSurface(Bitmap.readPNG(path: folder.appendingPathComponent("contact-sheet.png").path))
        #expect(decoded.pixelWidth == sheet.width && decoded.pixelHeight == sheet.height)
        #expect(sheet.tiles.count == 14)

        // Every touch-down, release and settle of the run has its tile, labelled with what happened.
        let timeline = recorder.timeline
        for event in timeline.events {
            let position = try #require(timeline.position(atOrAfter: event.time))
            let tile = try #require(sheet.tiles.first { $0.position == position }, "no tile for \(event.kind) at \(event.time) s")
            #expect(tile.events.contains(event.kind.rawValue))
        }
        #expect(sheet.tiles.first?.frame == 0 && sheet.tiles.last?.frame == scenario.frameCount - 1)
        #expect(sheet.tiles.map(\.frame) == sheet.tiles.map(\.frame).sorted())

        let sheetWords = Fixtures.pixels(of: decoded)
        func region(_ rect: Rect) -> [UInt32] {
            var words: [UInt32] = []
            for y in Int(rect.minY)..<Int(rect.maxY) {
                words += sheetWords[(y * decoded.pixelWidth + Int(rect.minX))..<(y * decoded.pixelWidth + Int(rect.maxX))]
            }
            return words
        }
        func thumbnail(ofFrame index: Int) throws -> [UInt32] {
            let file = folder.appendingPathComponent("frames/" + SequenceRenderer.frameFileName(index, count: scenario.frameCount, extension: "png"))
            return Fixtures.pixels(of: try ContactSheet.thumbnail(of: ImageSurface(Bitmap.readPNG(path: file.path)), canvas: sheet.canvas,
                                                                   width: sheet.tileWidth, height: sheet.tileHeight))
        }
        var distinguishable = 0
        for (n, tile) in sheet.tiles.enumerated() {
            #expect(tile.lines[0] == "frame \(tile.frame) · \(String(format: "%.3f", tile.time)) s")
            #expect(abs(tile.time - Double(tile.frame) / 60) < 1e-9)
            let shown = region(tile.image)
            #expect(shown == (try thumbnail(ofFrame: tile.frame)), "tile \(n) does not show frame \(tile.frame)")
            // The comparison can tell frames apart: the next tile's frame usually looks different.
            if n + 1 < sheet.tiles.count, try thumbnail(ofFrame: sheet.tiles[n + 1].frame) != shown { distinguishable += 1 }
        }
        #expect(distinguishable >= 8)
    }

    @Test func theLimitKeepsGesturesFirstAndSpacesTheRest() throws {
        let scenario = try Fixtures.example("sheet-handoff", scale: 0.5)
        let timeline = MotionTimeline(scenario: scenario)
        let few = ContactSheet.keyFrames(timeline, limit: 4)
        #expect(few.count == 4)
        #expect(few.allSatisfy { !$0.events.isEmpty })
        let fingerEvents = timeline.events.filter { $0.kind != .settle }.compactMap { timeline.position(atOrAfter: $0.time) }
        let many = ContactSheet.keyFrames(timeline, limit: 40)
        #expect(many.count == 40)
        #expect(Set(fingerEvents).isSubset(of: Set(many.map(\.position))))
        // In-between frames split the motion evenly: between consecutive tiles, at most twice the mean share
        // of the frames with motion, and the final rest shows once.
        let active = timeline.activeFrames()
        let positions = many.map(\.position)
        let bound = 2 * active.filter { $0 }.count / many.count + 1
        #expect(bound < 12)
        for (a, b) in zip(positions, positions.dropFirst()) {
            let moving = active[(a + 1)..<b].filter { $0 }.count
            #expect(moving <= bound, "\(moving) frames of motion between positions \(a) and \(b)")
        }
        let lastMotion = try #require(active.lastIndex(of: true))
        #expect(positions.filter { $0 > lastMotion }.count <= 2, "the last rest: its settle and the end")
    }
}
