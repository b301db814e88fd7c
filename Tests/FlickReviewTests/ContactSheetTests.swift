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
        // The run rests from its settle to its end: the settle's tile says so, and the end has no tile of its own.
        #expect(sheet.tiles.first?.frame == 0)
        let settle = try #require(timeline.events.last { $0.kind == .settle })
        let last = try #require(sheet.tiles.last)
        #expect(last.position == timeline.position(atOrAfter: settle.time))
        #expect(last.events.last == "at rest to the end (frame \(scenario.frameCount - 1))", "\(last.events)")
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
        #expect(many.count <= 40 && many.count > 20)
        #expect(Set(fingerEvents).isSubset(of: Set(many.map(\.position))))
        // In-between frames split the visible change evenly: no stretch between consecutive tiles holds more than
        // twice the mean share of it, and the final rest shows once.
        let change = timeline.visibleChange()
        let positions = many.map(\.position)
        let total = change.reduce(0, +)
        let bound = 2 * total / Double(many.count)
        for (a, b) in zip(positions, positions.dropFirst()) where b - a >= 2 {
            let moved = change[(a + 1)...b].reduce(0, +)
            #expect(moved <= max(bound, ContactSheet.minimumTileChange * timeline.scale),
                    "\(moved) px of change between positions \(a) and \(b)")
        }
        let lastChange = try #require(change.lastIndex { $0 > 0 })
        #expect(positions.filter { $0 > lastChange }.count <= 2, "the last rest: its settle and the end")
    }

    /// fling-to-rest's list decelerates for three seconds, most of it a slow creep: its in-between tiles go where the
    /// picture changes, so no two neighbouring tiles are less than a row apart.
    @Test func aFlickSpendsItsTilesWhereThePictureChanges() throws {
        let timeline = MotionTimeline(scenario: try Fixtures.example("fling-to-rest"))
        let picks = ContactSheet.keyFrames(timeline, limit: 24)
        let change = timeline.visibleChange()
        var lookAlike: [Int] = []
        for (a, b) in zip(picks, picks.dropFirst()) where b.events.isEmpty || a.events.isEmpty {
            let moved = change[(a.position + 1)...b.position].reduce(0, +) / timeline.scale
            if moved < ContactSheet.minimumTileChange / 2 { lookAlike.append(b.position) }
        }
        #expect(lookAlike.isEmpty, "tiles at \(lookAlike) differ from the previous by less than half a row")
        // Half the tiles are in the first second, where the list moves fastest.
        let early = picks.filter { timeline.times[$0.position] <= 1.0 }.count
        #expect(early * 2 >= picks.count, "\(early) of \(picks.count) tiles in the first second")
    }

    /// vimeo-tabs' resize (3.4 s to 3.8 s) is the point of the example: its start, middle and end each have a tile.
    @Test func everyAnimatedResizeHasItsTiles() throws {
        let timeline = MotionTimeline(scenario: try Fixtures.example("vimeo-tabs"))
        #expect(timeline.resizeSpans.count == 1)
        let picks = ContactSheet.keyFrames(timeline, limit: 24)
        let span = try #require(timeline.resizeSpans.first)
        let during = picks.filter { span.contains(timeline.times[$0.position]) }
        #expect(during.count >= 3, "tiles during the resize: \(during.map(\.position))")
        #expect(picks.contains { $0.events.contains("resizing") } && picks.contains { $0.events.contains("resized") })
    }

    /// pull-to-refresh: the refresh's cycle has its tiles, each on the frame its phase changes (docs/states.md,
    /// "Refresh controls"); the first pull's `pulling` is no key frame of its own.
    @Test func aRefreshHasATileAtEachPhaseChange() throws {
        let timeline = MotionTimeline(scenario: try Fixtures.example("pull-to-refresh"))
        let picks = ContactSheet.keyFrames(timeline, limit: 24)
        func frame(of label: String) -> Int? { picks.first { $0.events.contains(label) }.map { timeline.frames[$0.position] } }
        #expect(frame(of: "list.refresh idle → triggered") == 117)
        #expect(frame(of: "list.refresh triggered → refreshing") == 138)
        #expect(frame(of: "list.refresh refreshing → ending") == 204)
        #expect(frame(of: "list.refresh ending → idle") == 228)
        #expect(!picks.contains { $0.events.contains { $0.contains("pulling") } })
        #expect(timeline.phases[timeline.frames.firstIndex(of: 150)!].contains("list.refresh refreshing"))
    }

    /// Captions wrap to the tile's width instead of being cut ("list t…" on deck-card's release).
    @Test func captionsWrapInsteadOfBeingCut() throws {
        let scenario = try Fixtures.example("deck-card", scale: 3)
        let timeline = MotionTimeline(scenario: scenario)
        let sheet = ContactSheet(timeline: timeline, canvas: RunCanvas(viewports: timeline.viewports, scale: 3),
                                 title: "deck-card", playbackFPS: 60)
        for tile in sheet.tiles {
            for line in tile.eventLines + tile.phaseLines {
                #expect(TextMetrics.width(of: line, size: ContactSheet.eventSize) <= Double(sheet.tileWidth) + 1e-9, "\(line)")
            }
            let events = tile.events.isEmpty ? ["between"] : tile.events
            #expect(tile.eventLines.joined(separator: " · ").replacingOccurrences(of: " · ", with: " ")
                    == events.joined(separator: " · ").replacingOccurrences(of: " · ", with: " "), "every event shown whole")
            #expect(ContactSheet.captionFirstLine + ContactSheet.captionLine * Double(tile.eventLines.count + tile.phaseLines.count)
                    <= sheet.labelHeight)
        }
        #expect(sheet.tiles.contains { $0.eventLines.joined(separator: " ").contains("list tracking → idle") })
        #expect(ContactSheet.wrap(["a very long event that cannot fit"], separator: " · ", width: 60, size: 11).count > 1)
    }

    /// A sheet of one tile is narrower than its title: the title ran off its right edge and the subtitle ended in
    /// "…". The sheet is as wide as its header's lines, drawn whole: its header's pixels are those of the same two
    /// lines drawn on a wide surface, with nothing of them in the right margin.
    @Test func aSheetOfOneTileShowsItsWholeTitle() throws {
        var scenario = try Fixtures.example("fling-to-rest")
        scenario.duration = 0.001
        #expect(scenario.frameCount == 1)
        let out = try Fixtures.temporaryFolder("one-tile")
        defer { try? FileManager.default.removeItem(at: out) }
        let recorder = try Fixtures.render(scenario, range: nil, into: out, options: ReviewOptions(contactSheet: true, playbackFPS: 60))
        let sheet = try #require(recorder.contactSheet)
        #expect(sheet.tiles.count == 1 && sheet.columns == 1)
        let file = out.appendingPathComponent(scenario.name).appendingPathComponent("contact-sheet.png")
        let decoded = try Fixtures.pixels(ofPNGFile: file)
        #expect(decoded.width == sheet.width)

        // The header drawn as `image` draws it, on a surface wide enough for anything.
        let wide = 2000
        let reference = try ImageSurface(pixelWidth: wide, pixelHeight: sheet.height)
        let canvas = Canvas(reference)
        let m = ContactSheet.margin
        canvas.fill(Rect(x: 0, y: 0, width: Double(wide), height: Double(sheet.height)), ContactSheet.background)
        canvas.drawText(sheet.title, x: m, baseline: m + 16, font: .bold, size: 17, color: .black)
        canvas.drawText(sheet.subtitle, x: m, baseline: m + 34, size: 12, color: Color(rgb: 0x3C3C43))
        reference.flush()
        let words = Fixtures.pixels(of: reference)
        let background = try #require(words.first)
        // Rows of the header, above the tile's border.
        let rows = 0..<Int(m + ContactSheet.headerHeight - 2)
        let inked = rows.flatMap { y in (0..<wide).filter { words[y * wide + $0] != background } }
        let rightmost = try #require(inked.max())
        #expect(Double(rightmost) < Double(sheet.width) - m, "the header's ink reaches x \(rightmost); the sheet is \(sheet.width) wide")
        let differing = rows.filter { y in
            !decoded.words[(y * decoded.width)..<(y * decoded.width + decoded.width)].elementsEqual(words[(y * wide)..<(y * wide + decoded.width)])
        }
        #expect(differing.isEmpty, "rows \(differing) of the header differ from the whole lines")
        // A limit of one tile on a longer run: the same.
        let timeline = MotionTimeline(scenario: try Fixtures.example("fling-to-rest"))
        let one = ContactSheet(timeline: timeline, canvas: RunCanvas(viewports: timeline.viewports, scale: 1), limit: 1,
                               title: "fling-to-rest · key frames", playbackFPS: 60)
        #expect(one.tiles.count == 1)
        #expect(Double(one.width) >= 2 * m + canvas.width(of: one.title, font: .bold, size: 17))
        #expect(Double(one.width) >= 2 * m + canvas.width(of: one.subtitle, font: .regular, size: 12))
    }
}
