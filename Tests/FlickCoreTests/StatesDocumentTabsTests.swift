import Foundation
import Testing
@testable import FlickCore

/// A pager's tab spans change only when its tab bar's width does (a `resize`): the states document writes them once
/// in its header, and a frame carries its own only when they differ from the header's (docs/states.md, "Pagers").
@Suite("States document: a pager's tabs once in the header, not in every frame")
struct StatesDocumentTabsTests {
    /// A pager of `tabs` titled tabs (more than fit: the bar scrolls), dragged across a page.
    static func manyTabs(_ tabs: Int, duration: Double = 0.5, extra: String = "") -> String {
        let titles = (0..<tabs).map { "{title: \"Tab \($0)\"}" }.joined(separator: ", ")
        return """
        viewport: {width: 390, height: 844, scale: 1}
        duration: \(duration)
        scene:
          pager:
            pages: [\(titles)]
            initialPage: \(tabs / 2)
        gestures:
          - {at: 0.05, drag: {from: [300, 400], to: [60, 405], duration: 0.3}}
        \(extra)
        """
    }

    /// Two pagers side by side, a drag on the first, then the window resized (the tabs' widths change with it).
    static let twoPagersAndAResize = """
        viewport: {width: 390, height: 844, scale: 1}
        duration: 1.6
        scene:
          stack:
            children:
              - height: 400
                pager:
                  id: shows
                  pages: [{title: Featured}, {title: Following}, {title: Recent}]
              - height: 400
                pager:
                  id: filters
                  pages: [{title: Day}, {title: Week}, {title: Month}, {title: Year}]
        gestures:
          - {at: 0.05, drag: {from: [300, 200], to: [60, 205], duration: 0.3}}
          - {at: 1.0, resize: {width: 600, height: 844}}
        """

    static func document(_ yaml: String) throws -> (text: String, json: [String: Any], frames: [FrameState]) {
        let run = try scenario(yaml)
        let frames = Simulation.frames(of: run)
        let text = StatesWriter.document(run, frames: frames, format: .json)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return (text, json, frames)
    }

    /// How a script reads the document back: `frame.pagers.KEY.tabs`, or else the header's `tabs.KEY` moved by the
    /// frame's `tabBarOffset` (docs/states.md, "Pagers"). The top-level `pager` is the first of `pagers`.
    static func readBack(_ document: [String: Any], firstKey: String = "pager") -> [[String: Any]] {
        let header = document["tabs"] as? [String: [[String: Double]]] ?? [:]
        func filled(_ pager: Any?, key: String) -> Any? {
            guard var pager = pager as? [String: Any] else { return pager }
            if pager["tabs"] == nil, let spans = header[key], let offset = pager["tabBarOffset"] as? Double {
                pager["tabs"] = spans.map { ["x": $0["x"]! - offset, "width": $0["width"]!] }
            }
            return pager
        }
        return (document["frames"] as? [[String: Any]] ?? []).map { frame in
            var frame = frame
            if var pagers = frame["pagers"] as? [String: Any] {
                for key in pagers.keys { pagers[key] = filled(pagers[key], key: key) }
                frame["pagers"] = pagers
            }
            // JSONSerialization forgets the order of keys; a reader that keeps it takes the first key of `pagers`.
            frame["pager"] = filled(frame["pager"], key: firstKey)
            return frame
        }
    }

    /// Whether two parsed JSON values are the same, numbers within `tolerance`; the path of the first difference.
    static func difference(_ a: Any?, _ b: Any?, tolerance: Double, path: String = "") -> String? {
        switch (a, b) {
        case (let a as [String: Any], let b as [String: Any]):
            guard Set(a.keys) == Set(b.keys) else { return "\(path): keys \(a.keys.sorted()) vs \(b.keys.sorted())" }
            for key in a.keys.sorted() {
                if let d = difference(a[key], b[key], tolerance: tolerance, path: "\(path).\(key)") { return d }
            }
            return nil
        case (let a as [Any], let b as [Any]):
            guard a.count == b.count else { return "\(path): \(a.count) vs \(b.count) items" }
            for i in a.indices {
                if let d = difference(a[i], b[i], tolerance: tolerance, path: "\(path)[\(i)]") { return d }
            }
            return nil
        case (let a as String, let b as String): return a == b ? nil : "\(path): \(a) vs \(b)"
        case (let a as NSNumber, let b as NSNumber):
            return abs(a.doubleValue - b.doubleValue) <= tolerance ? nil : "\(path): \(a) vs \(b)"
        case (is NSNull, is NSNull), (nil, nil): return nil
        default: return "\(path): \(String(describing: a)) vs \(String(describing: b))"
        }
    }

    /// Each frame's full JSON, as the in-memory `FrameState` spells it (every pager with its tabs).
    static func fullFrames(_ frames: [FrameState]) throws -> [[String: Any]] {
        try frames.map { try #require(try JSONSerialization.jsonObject(with: Data($0.json.text.utf8)) as? [String: Any]) }
    }

    @Test("Without a resize the tabs are written once, in the header, and no frame carries them")
    func onceInTheHeader() throws {
        let (_, json, frames) = try Self.document(Self.manyTabs(12))
        let header = try #require(json["tabs"] as? [String: [[String: Double]]])
        #expect(Array(header.keys) == ["pager"])
        // The header holds the spans in the bar's content: the bar scrolled by frame 0's offset shows frame 0's tabs.
        let first = try #require(frames[0].pager)
        #expect(first.tabBarOffset > 0, "the bar starts scrolled to the middle tab")
        #expect(header["pager"]?.count == 12)
        for (i, tab) in first.tabs.enumerated() {
            #expect(abs((header["pager"]?[i]["x"] ?? .nan) - first.tabBarOffset - tab.x) <= 1e-6)
            #expect(abs((header["pager"]?[i]["width"] ?? .nan) - tab.width) <= 1e-6)
        }
        let written = try #require(json["frames"] as? [[String: Any]])
        #expect(written.count == frames.count)
        #expect(Set(frames.map(\.pager!.tabBarOffset)).count > 1, "the bar scrolls during the drag")
        for frame in written {
            #expect((frame["pager"] as? [String: Any])?["tabs"] == nil)
            #expect(((frame["pagers"] as? [String: Any])?["pager"] as? [String: Any])?["tabs"] == nil)
            #expect((frame["pager"] as? [String: Any])?["tabBarOffset"] != nil)
        }
    }

    @Test("A document of a scene without a pager has no header tabs")
    func noPagerNoTabs() throws {
        let (text, json, _) = try Self.document("""
            viewport: {width: 390, height: 844, scale: 1}
            duration: 0.1
            scene: {list: {rows: 10, rowHeight: 44}}
            """)
        #expect(json["tabs"] == nil)
        #expect(!text.contains("\"tabs\""))
        #expect(text.hasPrefix("{\"scenario\": \"test\", \"fps\": 60, \"viewport\": {\"width\": 390, \"height\": 844, \"scale\": 1},\n \"frames\": ["))
    }

    @Test("After a resize each frame whose tab spans differ from the header's carries its own")
    func resizeCarriesTabs() throws {
        let (text, json, frames) = try Self.document(Self.twoPagersAndAResize)
        let header = try #require(json["tabs"] as? [String: Any])
        #expect(text.contains("\"tabs\": {\"shows\": [{\"x\": 0, \"width\": 130}, {\"x\": 130, \"width\": 130}, {\"x\": 260, \"width\": 130}], \"filters\": ["),
                "keys in the document's order of pagers")
        #expect(Set(header.keys) == ["shows", "filters"])
        let written = try #require(json["frames"] as? [[String: Any]])
        let resized = try #require(frames.firstIndex { $0.viewport.width != 390 })
        for (i, frame) in written.enumerated() {
            let pagers = try #require(frame["pagers"] as? [String: [String: Any]])
            for key in ["shows", "filters"] {
                let carries = pagers[key]?["tabs"] != nil
                let same = frames[i].pager(key)!.tabs.map(\.width) == frames[0].pager(key)!.tabs.map(\.width)
                #expect(carries == !same, "frame \(i) \(key): tabs written exactly when they differ from the header's")
                #expect(carries == (i >= resized), "frame \(i) \(key): tabs from the resize on")
            }
            #expect(((frame["pager"] as? [String: Any])?["tabs"] != nil) == (i >= resized))
        }
    }

    @Test("Read back with the header's spans, every frame is the frame the simulation made")
    func readsBackTheSameFrames() throws {
        for (yaml, first) in [(Self.manyTabs(40, duration: 1.4, extra: "  - {at: 0.9, resize: {width: 600, height: 844}}"), "pager"),
                              (Self.twoPagersAndAResize, "shows")] {
            let (_, json, frames) = try Self.document(yaml)
            let read = Self.readBack(json, firstKey: first)
            let full = try Self.fullFrames(frames)
            #expect(read.count == full.count)
            for (i, (a, b)) in zip(read, full).enumerated() {
                // x is the header's x minus the frame's offset, each rounded to 1e-6 as written: within 1e-6.
                let d = Self.difference(a, b, tolerance: 1.000001e-6)
                #expect(d == nil, "frame \(i): \(d ?? "")")
            }
        }
    }

    @Test("The document of a pager of many tabs grows with tabs + frames, not tabs × frames")
    func sizeIsTabsPlusFrames() throws {
        let tabs = 2000
        let (text, json, frames) = try Self.document(Self.manyTabs(tabs))
        let widths = text.components(separatedBy: "\"width\"").count - 1
        // Per frame: the viewport, the scroll view's frame and size, the tab bar, the indicator (a handful), once
        // per tab in the header.
        let perFrame = 8
        #expect(frames.count == 31)
        #expect(widths <= tabs + perFrame * frames.count + 1, "\(widths) widths for \(tabs) tabs over \(frames.count) frames")
        #expect(widths >= tabs)
        #expect(text.utf8.count < 200_000, "\(text.utf8.count) bytes")
        // Every frame still lists every tab when read back.
        #expect(Self.readBack(json).allSatisfy { (($0["pager"] as? [String: Any])?["tabs"] as? [Any])?.count == tabs })
    }

    @Test("CSV keeps one column per tab in every row: a table has a fixed set of columns")
    func csvKeepsTabColumns() throws {
        let run = try scenario(Self.manyTabs(5))
        let csv = StatesWriter.document(run, frames: Simulation.frames(of: run), format: .csv)
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let columns = rows[0].map(String.init)
        let x4 = try #require(columns.firstIndex(of: "pager.tabs[4].x"))
        #expect(columns.contains("pagers.pager.tabs[4].width"))
        #expect(rows.dropFirst().allSatisfy { !$0[x4].isEmpty })
    }
}
