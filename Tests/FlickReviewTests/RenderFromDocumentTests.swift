import FlickCore
import FlickRender
@testable import FlickReview
import Foundation
import Testing

/// `flick render SCENARIO --from states.json` (docs/states.md, "Drawing a document"): the run a states document holds,
/// drawn with the scenario's appearance and never simulated, gives the files of the normal render.
@Suite struct RenderFromDocumentTests {
    /// Every file under `folder`, by its path relative to it.
    static func files(under folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = folder.standardizedFileURL.path + "/"
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) ?? .init()
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            result[String(url.standardizedFileURL.path.dropFirst(base.count))] = try Data(contentsOf: url)
        }
        return result
    }

    /// The files of `normal` that `drawn` does not have the same: PNG files compared by their pixels (the encoder's
    /// bytes for the same pixels are not the same on every run of a busy machine, in the normal render too), the
    /// preview (an APNG of the frames' PNG bytes) left out, every other file byte for byte.
    static func differing(_ normal: [String: Data], _ drawn: [String: Data], in folder: URL) throws -> [String] {
        try normal.keys.sorted().filter { key in
            guard key != "preview.apng", let other = drawn[key], let mine = normal[key] else { return key != "preview.apng" }
            guard mine != other else { return false }
            guard key.hasSuffix(".png") else { return true }
            let a = folder.appendingPathComponent("a.png"), b = folder.appendingPathComponent("b.png")
            try mine.write(to: a)
            try other.write(to: b)
            let x = try Fixtures.pixels(ofPNGFile: a), y = try Fixtures.pixels(ofPNGFile: b)
            guard x.width == y.width, x.height == y.height else { return true }
            // The plot is drawn from the values: a rate (a fraction's change times the frame rate) of values rounded
            // to 1e-6 can cross Cairo's 1/256 grid at a few anti-aliased pixels (docs/states.md "Drawing a
            // document"); large-title's collapse rate moves 4 of 3.6 million. Anything more is a difference.
            let allowed = key == "motion.png" ? 16 : 0
            return zip(x.words, y.words).lazy.filter { $0 != $1 }.count > allowed
        }
    }

    /// Renders `name` at scale 0.5 with every review output but the video into `folder/normal`, then again from the
    /// states.json it wrote into `folder/drawn`, counting the simulations of the second: the files of each, by path.
    static func renderBothWays(_ name: String, in folder: URL) throws -> (normal: [String: Data], drawn: [String: Data], simulations: Int, frameCount: Int) {
        let scenario = try Fixtures.example(name, scale: 0.5)
        var review = ReviewOptions(preview: true, contactSheet: true, motion: true, playbackFPS: scenario.fps)
        review.html = true
        let sequence = SequenceOptions(format: .png, jobs: 2, render: RenderOptions(iconFolders: [Fixtures.examples.path]))
        let normal = folder.appendingPathComponent("normal/" + scenario.name)
        _ = try ReviewRecorder.render(scenario, to: normal, options: sequence, review: review)

        let document = try Run.read(json: try Data(contentsOf: normal.appendingPathComponent("states.json")), file: "states.json")
        #expect(document.appearanceProblem(scenario) == nil)
        var options = sequence
        options.run = Run(document: document, appearance: scenario)
        let counter = SimulationCounter()
        let drawn = folder.appendingPathComponent("drawn/" + scenario.name)
        try Simulation.$counter.withValue(counter) {
            _ = try ReviewRecorder.render(scenario, to: drawn, options: options, review: review)
        }
        return (try files(under: normal), try files(under: drawn), counter.count, scenario.frameCount)
    }

    /// The second render simulates nothing and writes the same files: states.json, the page, its data and the motion
    /// plot byte for byte, the frames and the contact sheet pixel for pixel, motion.png but for a few anti-aliased pixels. Examples chosen for what their drawing and review read: a
    /// sheet's dimming and a list's rows (sheet-handoff), recordings in the motion plot (device-bounce), a large-title
    /// bar (large-title). Other examples differ in a few frames (below, and docs/states.md "Drawing a document").
    @Test(arguments: ["sheet-handoff", "device-bounce", "large-title"])
    func drawsTheFilesOfTheNormalRenderWithoutSimulating(_ name: String) throws {
        let folder = try Fixtures.temporaryFolder("from-\(name)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (normal, drawn, simulations, frameCount) = try Self.renderBothWays(name, in: folder)
        #expect(simulations == 0, "a render from a states document simulated \(simulations) times")
        // The frames, states.json, the manifest and the seven review files.
        #expect(normal.count == frameCount + 9, "\(normal.keys.sorted().filter { !$0.hasPrefix("frames/") })")
        #expect(Set(drawn.keys) == Set(normal.keys))
        let differing = try Self.differing(normal, drawn, in: folder)
        #expect(differing.isEmpty, "\(name): \(differing.count) of \(normal.count) files differ: \(differing.prefix(5))")
    }

    /// Where the document's 1e-6 rounding crosses a tie of the renderer's snapping to pixels, that frame differs, and
    /// nothing else does (the contact sheet has no tile of it): pull-to-refresh's frame 216 is the
    /// middle of the refresh's closing animation, where the simulation has the list at an offset a hair from -77 pt
    /// and the document -77, so at 0.5 pixels per point its rows' edges sit on half pixels (38.5) and snap the other
    /// way.
    @Test func aFrameOnARoundingTieIsTheOnlyOneThatDiffers() throws {
        let folder = try Fixtures.temporaryFolder("from-tie")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (normal, drawn, simulations, _) = try Self.renderBothWays("pull-to-refresh", in: folder)
        #expect(simulations == 0)
        #expect(try Self.differing(normal, drawn, in: folder) == ["frames/frame_00216.png"])

        let scenario = try Fixtures.example("pull-to-refresh", scale: 0.5)
        let simulated = try #require(Run(scenario: scenario).first { $0.index == 216 }?.scrollView("list")?.contentOffset.y)
        let states = try #require(normal["states.json"])
        let document = try Run.read(json: states, file: "states.json")
        let written = try #require(document.first { $0.index == 216 }?.scrollView("list")?.contentOffset.y)
        #expect(written == -77)
        #expect(simulated != -77 && abs(simulated + 77) < 1e-6, "\(simulated)")
    }

    /// A document that is not of the scenario given is refused naming the key that shows it, before anything is drawn.
    @Test func refusesADocumentOfAnotherScenario() throws {
        let scenario = try Fixtures.example("sheet-handoff", scale: 0.25)
        let text = Run(scenario: scenario).document()
        let document = try Run.read(json: Data(text.utf8), file: "states.json")
        #expect(document.appearanceProblem(scenario) == nil)

        let other = try Fixtures.example("fling-to-rest", scale: 0.25)
        #expect(document.appearanceProblem(other)?.path == "scenario")
        #expect(document.appearanceProblem(other)?.problem.hasPrefix("is \"sheet-handoff\", but the scenario given is \"fling-to-rest\"") == true)

        var wider = scenario
        wider.viewport.width = 400
        #expect(document.appearanceProblem(wider).map { "\($0.path): \($0.problem)" }
                == "viewport: is 390×844 pt, but the scenario's viewport is 400×844 pt: draw a document with the scenario it was written from")

        var longer = scenario
        longer.duration += 1
        #expect(document.appearanceProblem(longer).map { "\($0.path): \($0.problem)" }
                == "frames: has 271 frames, but the scenario's 5.5 s at the document's 60 fps make 331: draw a document with the scenario it was written from")

        // The document with the list's states taken out of every frame: the scene's list has nothing to draw from.
        var json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var frames = try #require(json["frames"] as? [[String: Any]])
        for i in frames.indices {
            var scrollViews = try #require(frames[i]["scrollViews"] as? [String: Any])
            scrollViews["list"] = nil
            frames[i]["scrollViews"] = scrollViews
        }
        json["frames"] = frames
        let withoutList = try Run.read(json: try JSONSerialization.data(withJSONObject: json), file: "states.json")
        #expect(withoutList.appearanceProblem(scenario).map { "\($0.path): \($0.problem)" }
                == "frames[0]: has no state for the scene's `list`: draw a document with the scenario it was written from")

        // Frames out of order.
        json["frames"] = Array(frames.dropFirst()) + [frames[0]]
        let shuffled = try Run.read(json: try JSONSerialization.data(withJSONObject: json), file: "states.json")
        #expect(shuffled.appearanceProblem(scenario).map(\.path) == "frames[0].index")
    }
}
