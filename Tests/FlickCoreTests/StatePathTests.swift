import Foundation
import Testing
@testable import FlickCore

/// The one walker of state paths: what a path names, which leaves each walk visits, and what a wrong path is told.
@Suite("State paths: one walker for expectations, invariants and CSV")
struct StatePathTests {
    /// A sheet holding a pager of two pages, the first a list `songs`, at 0 s.
    static func state() throws -> FrameState {
        let scenario = try decodeScenario(ExpectationDecodingTests.sheetScene)
        return Simulation(scenario: scenario).state(at: 0)
    }

    @Test("A path reads keys, array items, scroll views by their key, and keyed collections")
    func values() throws {
        let state = try Self.state()
        #expect(StatePath.value(at: "sheet.detent", in: state) == .string("half"))
        #expect(StatePath.value(at: "sheet.top", in: state) == .number(422))
        #expect(StatePath.value(at: "songs.contentOffset.y", in: state) == .number(0))
        #expect(StatePath.value(at: "pager.tabs[1].x", in: state) == StatePath.value(at: "pagers.pager.tabs[1].x", in: state))
        #expect(StatePath.value(at: "sheets.sheet.detent", in: state) == .string("half"))
        // The finger is up: its fields read as null.
        #expect(StatePath.value(at: "touch.phase", in: state) == .null)
        // Nothing, an object, an index out of range, an empty segment.
        #expect(StatePath.value(at: "sheet.detnt", in: state) == nil)
        #expect(StatePath.value(at: "sheet.frame", in: state) == nil)
        #expect(StatePath.value(at: "pager.tabs[9].x", in: state) == nil)
        #expect(StatePath.value(at: "sheet..top", in: state) == nil)
        #expect(state.value(atPath: "sheet.top") == .number(422))
    }

    @Test("Every leaf a walk visits reads back its value; a scroll view shadowed by a frame key of its name is scrollViews.KEY")
    func leavesReadBack() throws {
        let state = try Self.state()
        var count = 0
        var paths: [String] = []
        StatePath.leaves(of: state) { path, value in
            count += 1
            paths.append(path)
            let read = StatePath.value(at: path, in: state)
            switch value {
            case .number(let x): #expect(read == .number(x), "\(path)")
            case .string(let s): #expect(read == .string(s), "\(path)")
            case .bool(let b): #expect(read == .bool(b), "\(path)")
            case .null, .object, .array: #expect(read == .null, "\(path)")
            }
        }
        #expect(count > 50)
        // The pager's scroll view is keyed `pager`, as the pager is: `pager.phase` is the pager's, and the scroll
        // view's own fields are reached (and walked) as `scrollViews.pager.…`.
        #expect(paths.contains("scrollViews.pager.velocity.x") && !paths.contains("pager.velocity.x"))
    }

    @Test("The walks: all leaves, CSV columns without variable-length arrays, distinct values without copies")
    func walks() throws {
        let state = try Self.state()
        func paths(_ walk: StatePath.Walk) -> [String] {
            var found: [String] = []
            StatePath.leaves(of: state, walk) { path, _ in found.append(path) }
            return found
        }
        let all = paths(.all)
        #expect(all.prefix(5) == ["index", "time", "touch.x", "touch.y", "touch.phase"])
        #expect(all.contains("songs.contentOffset.y") && !all.contains { $0.hasPrefix("scrollViews.songs") })
        #expect(all.contains("sheets.sheet.top") && all.contains("sheet.top"))
        let distinct = paths(.distinctValues)
        #expect(!distinct.contains("index") && !distinct.contains("time") && !distinct.contains { $0.hasPrefix("touch") })
        #expect(distinct.contains("sheet.top") && !distinct.contains { $0.hasPrefix("sheets.") || $0.hasPrefix("pagers.") })
        #expect(paths(.csvColumns) == state.csvCells.map(\.0))
        #expect(!paths(.csvColumns).contains { $0.contains("trail") || $0.contains("cards") })
    }

    @Test("A wrong path is told the nearest path and what its known part holds; an object asks for one of its values")
    func problems() throws {
        let state = try Self.state()
        let typo = StatePath.problem("sheet.detnt", .equals(.string("tip")), in: state)
        #expect(typo?.hasPrefix("no state has the path sheet.detnt (did you mean sheet.detent?); sheet holds top, detent,") == true, "\(typo ?? "")")
        let collection = StatePath.problem("sheets.shet.top", .equals(.number(1)), in: state)
        #expect(collection?.hasPrefix("no state has the path sheets.shet.top (did you mean sheets.sheet.top?); sheets holds sheet") == true,
                "\(collection ?? "")")
        #expect(StatePath.problem("pager.tabs", .equals(.number(1)), in: state)?.hasPrefix("pager.tabs holds several values; name one: pager.tabs[0].x, pager.tabs[0].width") == true)
        #expect(StatePath.problem("pager.page", .equals(.string("two")), in: state) == "pager.page is a number (0 at 0 s), not a string")
        #expect(StatePath.problem("songs.contentOffset.y", .near(0, within: 1), in: state) == nil)
        // A scroll view named by its kind, not its id: the same path on the components that have it.
        let byKind = StatePath.problem("list.contentSize.height", .near(0, within: 1), in: state)
        #expect(byKind?.hasPrefix("no state has the path list.contentSize.height (did you mean songs.contentSize.height") == true, "\(byKind ?? "")")
    }
}
