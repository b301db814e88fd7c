import Foundation
import Testing
@testable import FlickCore

/// A run is a scenario's frames, simulated or read back from its states document by the one typed reader
/// (`Run.read(json:file:)`): what the reader reads, the writer writes again byte for byte.
@Suite("Run: the states document read back into typed frames")
struct RunTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every bundled example and every test scenario.
    static func scenarioFiles() -> [URL] {
        ["Examples", "Tests/Scenarios"].flatMap { folder -> [URL] in
            let url = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.sorted()
                .filter { ScenarioDecoder.supportedExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
                .map { url.appendingPathComponent($0) }
        }
    }

    @Test func theGuardCoversEveryExampleAndTestScenario() {
        let files = Self.scenarioFiles()
        #expect(files.count >= 40, "\(files.count) scenario files")
        #expect(files.contains { $0.lastPathComponent == "pull-to-refresh.yaml" })
        #expect(files.contains { $0.path.contains("Tests/Scenarios/") })
    }

    @Test("write(read(write(run))) is write(run), byte for byte, for every example and test scenario",
          arguments: RunTests.scenarioFiles())
    func roundTrip(_ file: URL) throws {
        let scenario = try ScenarioDecoder.load(path: file.path)
        for explains in [false, true] {
            let written = Run(scenario: scenario, explains: explains).document()
            let read = try Run.read(json: Data(written.utf8), file: "states.json")
            #expect(read.frameCount == scenario.frameCount)
            #expect(read.header == RunHeader(scenario))
            let again = read.document()
            #expect(again == written, "\(file.lastPathComponent) explains: \(explains): first difference at \(Self.firstDifference(again, written))")
        }
    }

    @Test("every collection a frame holds is one the document writes (StateCollection.allCases), for every scenario",
          arguments: RunTests.scenarioFiles())
    func everyCollectionIsWritten(_ file: URL) throws {
        let scenario = try ScenarioDecoder.load(path: file.path)
        let known = Set(StateCollection.allCases)
        for frame in Simulation.frames(of: scenario) {
            let missing = frame.componentStates.keys.filter { !known.contains($0) }.map(\.rawValue)
            #expect(missing.isEmpty, "\(file.lastPathComponent) frame \(frame.index): \(missing) not in StateCollection.allCases")
            if !missing.isEmpty { return }
        }
    }

    @Test func theCollectionsAreInTheDocumentsOrder() {
        #expect(StateCollection.allCases.map(\.rawValue)
                == ["sheets", "pagers", "panels", "carousels", "navigationBars", "refreshControls", "keyboards"])
        #expect(StateCollection.withFirstAtTop.map(\.rawValue) == ["sheets", "pagers", "panels", "refreshControls"])
    }

    /// The frames read back are the simulated frames, to the document's precision (1e-6), kind by kind.
    @Test func readFramesAreTheSimulatedOnes() throws {
        let scenario = try ScenarioDecoder.load(path: Self.root.appendingPathComponent("Examples/two-pagers.yaml").path)
        let simulated = Array(Run(scenario: scenario))
        let read = Array(try Run.read(json: Data(Run(scenario: scenario).document().utf8), file: "states.json"))
        #expect(read.count == simulated.count)
        for (a, b) in zip(simulated, read) {
            #expect(a.index == b.index && abs(a.time - b.time) < 1e-6 && a.viewport == b.viewport)
            #expect(a.scrollViews.map(\.key) == b.scrollViews.map(\.key))
            #expect(a.pagers.map(\.key) == b.pagers.map(\.key) && !b.pagers.isEmpty)
            for (p, q) in zip(a.pagers, b.pagers) {
                #expect(p.page == q.page && abs(p.pages - q.pages) < 1e-5 && abs(p.tabBarOffset - q.tabBarOffset) < 1e-6)
                #expect(zip(p.tabs, q.tabs).allSatisfy { abs($0.x - $1.x) < 1e-5 && abs($0.width - $1.width) < 1e-6 })
            }
        }
    }

    @Test func aRecordedRunSimulatesOnceHowEverOftenItIsRead() throws {
        let scenario = try ScenarioDecoder.load(path: Self.root.appendingPathComponent("Examples/fling-to-rest.yaml").path)
        let counter = SimulationCounter()
        try Simulation.$counter.withValue(counter) {
            let lazy = Run(scenario: scenario)
            _ = Array(lazy)
            _ = Array(lazy)
            #expect(counter.count == 2)
            let recorded = lazy.recorded()
            #expect(counter.count == 3)
            let first = recorded.document(), second = recorded.document()
            #expect(first == second && first == lazy.document())
            #expect(counter.count == 4)
            _ = try Run.read(json: Data(first.utf8), file: "states.json").document()
            #expect(counter.count == 4)
        }
    }

    @Test func aBadDocumentNamesTheFileTheKeyPathAndTheProblem() throws {
        let scenario = try ScenarioDecoder.load(path: Self.root.appendingPathComponent("Examples/sheet-handoff.yaml").path)
        let written = Run(scenario: scenario).document()
        func problem(_ text: String) -> String {
            do {
                _ = try Run.read(json: Data(text.utf8), file: "x/states.json")
                return "read"
            } catch {
                return error.description
            }
        }
        #expect(problem("[1]") == "x/states.json: not a states document (docs/states.md): not a JSON object")
        #expect(problem("{\"fps\": 60}") == "x/states.json: frames: is missing: not a states document (docs/states.md)")
        #expect(problem("{\"frames\": [") .hasPrefix("x/states.json: not JSON at byte 12"))
        let phase = written.replacingOccurrences(of: "\"phase\": \"idle\"", with: "\"phase\": \"resting\"")
        #expect(problem(phase).hasPrefix("x/states.json: frames[0].scrollViews."), "\(problem(phase))")
        #expect(problem(phase).hasSuffix(".phase: must be idle, tracking, decelerating, bouncing or animating"), "\(problem(phase))")
        let top = written.replacingOccurrences(of: "\"top\": ", with: "\"top\": \"high\", \"was\": ")
        #expect(problem(top).hasPrefix("x/states.json: frames[0]."), "\(problem(top))")
        #expect(problem(top).hasSuffix(".top: must be a number"), "\(problem(top))")
        let deep = String(repeating: "[", count: 100_000)
        #expect(problem(deep).contains("nested deeper than 64 levels"))
    }

    static func firstDifference(_ a: String, _ b: String) -> String {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard let i = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) ?? (a.count == b.count ? nil : min(a.count, b.count)) else { return "none" }
        let from = max(0, i - 60)
        return "byte \(i): …" + String(decoding: a[from..<min(a.count, i + 60)], as: UTF8.self) + "… vs …"
            + String(decoding: b[from..<min(b.count, i + 60)], as: UTF8.self) + "…"
    }
}
