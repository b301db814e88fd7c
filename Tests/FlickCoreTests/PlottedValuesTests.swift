import Foundation
import Testing
@testable import FlickCore

/// What each kind's state gives the motion plot (`PlottedValue`, `FrameState.plottedValues(pageTitles:)`).
@Suite("Plotted values: what each state gives the motion plot")
struct PlottedValuesTests {
    /// Every number of `frame`'s document, by its state path.
    static func numbers(of frame: FrameState) -> [String: Double] {
        var numbers: [String: Double] = [:]
        StatePath.leaves(of: frame) { path, value in
            if case .number(let number) = value { numbers[path] = number }
        }
        return numbers
    }

    /// A value's path is the state path a `reference:` entry names: read there, the document holds the same number.
    @Test("every plotted value's state path reads its value in the frame's document, for every scenario",
          arguments: RunTests.scenarioFiles())
    func statePathsReadTheirValues(_ file: URL) throws {
        let scenario = try ScenarioDecoder.load(path: file.path)
        let titles = scenario.pageTitles
        for frame in Simulation.frames(of: scenario) where frame.index % 7 == 0 {
            let leaves = Self.numbers(of: frame)
            for value in frame.plottedValues(pageTitles: titles) {
                guard let path = value.quantity.statePath else {
                    #expect(value.quantity.name == "pages", "\(file.lastPathComponent): only a position in pages has no path")
                    continue
                }
                let read = try #require(leaves[path], "\(file.lastPathComponent) frame \(frame.index): no state path \(path)")
                #expect(read == value.value, "\(file.lastPathComponent) frame \(frame.index): \(path) is \(read), plotted \(value.value)")
            }
        }
    }

    /// A sheet named by its `id` is still the document's `sheet`: its top is plotted from `sheet.top`, where a
    /// `reference:` entry of it reads (it was `drawer.top`, which names nothing).
    @Test func aSheetWithAnIDPlotsItsTopFromSheetTop() throws {
        let yaml = """
            viewport: {width: 390, height: 844}
            duration: 1
            scene:
              sheet:
                id: drawer
                detents: [{name: low, height: 200}, {name: high, height: 600}]
                initial: low
                content: {list: {rows: 30, rowHeight: 50}}
            gestures:
              - {at: 0.1, drag: {from: [195, 700], to: [195, 300], duration: 0.2}}
            """
        let scenario = try ScenarioDecoder.decode(data: Data(yaml.utf8), file: "drawer.yaml", defaultName: "drawer")
        var checked = 0
        for frame in Simulation.frames(of: scenario) {
            let leaves = Self.numbers(of: frame)
            let top = try #require(frame.plottedValues(pageTitles: [:]).first { $0.quantity.name == "top" })
            #expect(top.quantity.key == "drawer" && top.quantity.statePath == "sheet.top")
            #expect(leaves["sheet.top"] == top.value && leaves["sheets.drawer.top"] == top.value)
            checked += 1
        }
        #expect(checked == scenario.frameCount && checked > 1)
    }

    @Test("a frame's values: the sheets' first, then the scroll views', then the navigation bars'; one of each name per key")
    func order() throws {
        let scenario = try ScenarioDecoder.load(path: RunTests.root.appendingPathComponent("Examples/sheet-handoff.yaml").path)
        let frame = try #require(Simulation.frames(of: scenario).first)
        let values = frame.plottedValues(pageTitles: scenario.pageTitles)
        #expect(values.first.map { "\($0.quantity.key) \($0.quantity.name)" } == "sheet top")
        #expect(values.first?.quantity.flipped == true && values.first?.quantity.velocityCaption.contains("negative is rising") == true)
        #expect(values.dropFirst().allSatisfy { $0.quantity.name.hasPrefix("contentOffset.") })
        #expect(Set(values.map { "\($0.quantity.key) \($0.quantity.name)" }).count == values.count)

        let tabs = try ScenarioDecoder.load(path: RunTests.root.appendingPathComponent("Examples/vimeo-tabs.yaml").path)
        let pager = try #require(Simulation.frames(of: tabs).first?.plottedValues(pageTitles: tabs.pageTitles).first { $0.quantity.name == "pages" })
        #expect(pager.references.map(\.label) == tabs.pageTitles[pager.quantity.key])
        #expect(pager.references.map(\.value) == pager.references.indices.map(Double.init))
        // Read from a states document alone (no page titles), a pager's scroll view plots its offsets.
        let untitled = try #require(Simulation.frames(of: tabs).first?.plottedValues(pageTitles: [:]))
        #expect(!untitled.contains { $0.quantity.name == "pages" })
    }
}
