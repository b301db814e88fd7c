@testable import FlickCore
import FlickImage
@testable import FlickRender
import Foundation
import Testing

/// Made-up row times agree with the section chips over them, the chips keep off the rows' text, and the `--overlay`
/// layer keeps off the status bar and its velocity labels off the touch marker.
@Suite struct ReviewLayerAndContentTests {
    static let classSections = [Section(title: "9:00 AM", rows: 10), Section(title: "10:00 AM", rows: 10),
                                Section(title: "11:00 AM", rows: 20)]

    @Test func madeUpTimesFollowTheirSectionsClock() {
        let times = (0..<40).map { RowContent.sectionTime(Self.classSections, row: $0) }
        #expect(times[0] == "9:00 AM" && times[9] == "9:50 AM" && times[10] == "10:00 AM" && times[39] == "11:55 AM")
        // Every row reads a time from its own section's hour, never before its chip or after the next one.
        for (i, time) in times.enumerated() {
            let minutes = time.flatMap(RowContent.minutes(ofClock:))
            let hour = i < 10 ? 9 : i < 20 ? 10 : 11
            #expect(minutes.map { $0 / 60 } == hour, "row \(i) reads \(time ?? "no time")")
        }
        // A section that is neither a clock time nor a part of the day keeps the rows' own times.
        #expect(RowContent.sectionTime([Section(title: "Featured", rows: 5)], row: 2) == nil)
        #expect(RowContent.minutes(ofClock: "12:30 PM") == 12 * 60 + 30 && RowContent.minutes(ofClock: "12:05 AM") == 5)
        #expect(RowContent.minutes(ofClock: "9:5 AM") == nil && RowContent.minutes(ofClock: "13:00 PM") == nil)
        let spec = ListSpec(rowHeight: 56, sections: Self.classSections)
        #expect(RowText(spec, 12).subtitle.hasPrefix("10:10 AM · "))
    }

    /// Sections named for parts of the day (timeline-edges: Morning, Noon, Afternoon, Evening) read times of that
    /// part: an Evening row never says 11:30 AM.
    @Test func partsOfTheDayGiveTheirTimes() {
        let sections = [Section(title: "Morning", rows: 140), Section(title: "Noon", rows: 100),
                        Section(title: "Afternoon", rows: 120), Section(title: "evening", rows: 60)]
        let minutes = (0..<420).map { RowContent.sectionTime(sections, row: $0).flatMap(RowContent.minutes(ofClock:)) }
        #expect(minutes[0] == 6 * 60 && minutes[140] == 12 * 60 && minutes[240] == 13 * 60 && minutes[360] == 18 * 60)
        for (i, m) in minutes.enumerated() {
            let (from, to) = i < 140 ? (6, 12) : i < 240 ? (12, 13) : i < 360 ? (13, 18) : (18, 21)
            #expect(m.map { $0 >= from * 60 && $0 < to * 60 } == true, "row \(i) reads \(m.map(RowContent.clock(minutes:)) ?? "no time")")
        }
        // The last section lasts to the end of its part of the day: 60 Evening rows over 6 to 9 PM.
        #expect(RowText(ListSpec(rowHeight: 56, sections: sections), 407).subtitle.hasPrefix("8:20 PM · "))
    }

    /// For each bundled list with sections, every made-up row's title and subtitle end left of every chip.
    @Test(arguments: [(56.0, classSections), (72.0, [Section(title: "12:00 PM", rows: 70), Section(title: "10:00 AM", rows: 3)]),
                      (64.0, [Section(title: "Afternoon", rows: 120)])])
    func sectionChipsKeepOffRowText(rowHeight: Double, sections: [Section]) {
        let spec = ListSpec(rowHeight: rowHeight, sections: sections)
        let frame = Rect(x: 0, y: 100, width: 390, height: 600)
        let layout = ListDrawing.rowLayout(rowHeight: rowHeight)
        let textEnd = (0..<spec.rows).map { i -> Double in
            let text = RowText(spec, i)
            return layout.textX + max(TextMetrics.width(of: text.title, size: layout.titleSize),
                                      TextMetrics.width(of: text.subtitle, size: layout.subtitleSize))
        }.max()!
        for section in sections {
            let chip = ListDrawing.chipRect(title: section.title, top: 106, spec: spec, frame: frame)
            #expect(chip.minX > textEnd, "\(section.title)'s chip starts at \(chip.minX), row text ends at \(textEnd)")
            #expect(chip.maxX <= frame.maxX - ListDrawing.trailingColumn(subtitleSize: layout.subtitleSize) + 1e-9)
        }
    }

    @Test func headsUpLineIsUnderTheStatusBar() throws {
        #expect(OverlayDrawing.headsUpTop(safeAreaTop: 47) > 47)
        // The status bar's pixels are the plain frame's: nothing of the layer is drawn over the clock.
        let scenario = try Fixtures.classPass()
        let frame = Fixtures.classPassFrame(touch: Point(x: 200, y: 600))
        let plain = try DecodedFrame(scenario, frame)
        let overlay = try DecodedFrame(scenario, frame, overlay: true, name: "classpass-overlay-statusbar")
        var differing = 0
        for y in 0..<Int(47 * plain.scale) {
            for x in 0..<plain.image.width where plain.image[x, y] != overlay.image[x, y] { differing += 1 }
        }
        #expect(differing == 0, "\(differing) status bar pixels changed by the overlay")
    }

    @Test func velocityLabelsKeepOffTheTouchMarker() {
        var frame = FrameState(index: 0, time: 0, viewport: Size(width: 390, height: 844))
        frame.touch = TouchState(x: 230, y: 640, phase: .moved)
        let touch = OverlayDrawing.touchBounds(frame)!
        // A carousel's arrow starts left of the finger (its frame's middle): its label must not cross the circle.
        let start = Point(x: 195, y: 653)
        let width = 110.0
        let origin = OverlayDrawing.velocityLabelOrigin(start: start, width: width, avoid: touch, viewport: frame.viewport)
        let label = Rect(x: origin.x, y: origin.y - 10, width: width, height: 13)
        let apart = label.maxX <= touch.minX || touch.maxX <= label.minX || label.maxY <= touch.minY || touch.maxY <= label.minY
        #expect(apart, "label \(label) over the touch marker \(touch)")
        #expect(label.minX >= 0 && label.maxX <= 390)
        // With no finger down it keeps its place above-right of the arrow's start.
        #expect(OverlayDrawing.velocityLabelOrigin(start: start, width: width, avoid: nil, viewport: frame.viewport) == Point(x: 203, y: 647))
    }
}
