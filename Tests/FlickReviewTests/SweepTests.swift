import FlickCore
import FlickImage
import FlickRender
@testable import FlickReview
import Foundation
import Testing

// Sweeps (docs/sweeps.md): the table's numbers against the states they come from, the grid's cells against each
// variant's own frames, and the whole output byte for byte across runs.

/// A sheet released with a flick towards its tip detent; a soft spring overshoots.
private let flickScenario = """
name: flick
viewport: {width: 200, height: 400, scale: 1}
duration: 1.5
scene:
  background: plain
  sheet:
    detents: [{name: tip, height: 100}, {name: half, fraction: 0.5}, {name: full, fraction: 0.9}]
    initial: half
    content: {list: {rows: 20, rowHeight: 40}}
gestures:
  - {at: 0.1, drag: {from: [100, 250], to: [100, 300], duration: 0.1}}
"""

private func flickSweep(_ sets: [String]) throws -> ScenarioSweep {
    try ScenarioSweep.decode(data: Data(flickScenario.utf8), file: "flick.yaml", defaultName: "flick",
                             axes: sets.map(SweepAxis.parse))
}

private func gridVariants(_ sweep: ScenarioSweep) -> [GridVariant] {
    let table = SweepRenderer.table(name: sweep.name, paths: sweep.axes.map(\.path), variants: sweep.variants)
    return zip(sweep.variants, table.rows).map {
        GridVariant(number: $0.number, assignments: $0.assignments, scenario: $0.scenario, measures: $1.measures)
    }
}

@Suite struct SweepTableTests {
    /// Every measure recomputed here from the states by its definition.
    @Test func measuresAreTheStatesNumbers() throws {
        let sweep = try flickSweep(["scene.sheet.spring.dampingRatio=0.4,1"])
        for variant in sweep.variants {
            let frames = Simulation.frames(of: variant.scenario)
            let measures = VariantMeasures(scenario: variant.scenario, frames: frames)
            #expect(measures.component == "sheet")
            #expect(measures.quantity == "top")
            #expect(abs(try #require(measures.release) - 0.2) < 1e-12)
            let after = frames.filter { $0.time >= 0.2 - 1e-9 }
            let tops = after.map { $0.sheet!.top }
            let final = try #require(tops.last)
            // At rest at the tip: 400 − 100.
            #expect(abs(final - 300) < 1e-6)
            #expect(measures.final == .detent("tip"))
            #expect(measures.finalValue == final)
            // Overshoot: the sheet moved down (top grows), so past the final value is larger tops.
            #expect(abs(measures.overshoot - max(0, (tops.max() ?? 0) - final)) < 1e-12)
            #expect(abs(measures.peakVelocity - (after.map { abs($0.sheet!.velocity) }.max() ?? 0)) < 1e-12)
            #expect(measures.releaseVelocity == after[0].sheet!.velocity)
            // Settle: the first frame at rest (docs/states.md, "Settled"), the sheet's phase idle from there on.
            let firstStill = try #require(after.indices.first { i in after[i...].allSatisfy { $0.sheet!.phase == .idle } })
            #expect(abs(try #require(measures.settle) - (after[firstStill].time - 0.2)) < 1e-12)
        }
        let tables = sweep.variants.map { VariantMeasures(scenario: $0.scenario, frames: Simulation.frames(of: $0.scenario)) }
        // The soft spring overshoots by points and settles later; the critically damped one does not overshoot.
        #expect(tables[0].overshoot > 5)
        #expect(tables[1].overshoot < 1e-9)
        #expect(try #require(tables[0].settle) > #require(tables[1].settle))
    }

    @Test func theTableFilesSayTheMeasures() throws {
        let sweep = try flickSweep(["scene.sheet.spring.dampingRatio=0.4,1"])
        let table = SweepRenderer.table(name: sweep.name, paths: sweep.axes.map(\.path), variants: sweep.variants)
        let lines = table.csv.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "variant,folder,label,scene.sheet.spring.dampingRatio,component,quantity,release_s,settle_s,overshoot_pt,final,final_value_pt,peak_velocity_pt_s,release_velocity_pt_s")
        let m = table.rows[0].measures
        let f = JSONValue.format
        #expect(lines[1] == "1,variants/1-0.4,scene.sheet.spring.dampingRatio=0.4,0.4,sheet,top,0.2,\(f(m.settle!)),\(f(m.overshoot)),tip,300,\(f(m.peakVelocity)),\(f(m.releaseVelocity))"
            .replacingOccurrences(of: "variants/1-", with: "variants/01-"))
        let markdown = table.markdown
        #expect(markdown.contains("| 1 | 0.4 | \(SweepTable.fixed(m.settle!, 3)) s | \(SweepTable.fixed(m.overshoot, 1)) pt | tip | \(SweepTable.fixed(m.peakVelocity, 0)) |"))
        #expect(markdown.hasPrefix("# flick · 2 variants\n"))
        #expect(table.json.text.hasPrefix(#"{"scenario": "flick", "sweep": ["scene.sheet.spring.dampingRatio"], "variants": [{"number": 1, "label": "scene.sheet.spring.dampingRatio=0.4", "folder": "variants/01-0.4", "assignments": {"scene.sheet.spring.dampingRatio": 0.4}, "measures": {"component": "sheet""#))
    }

    @Test func textInTheTablesStaysText() throws {
        let sweep = try flickSweep(["scene.sheet.spring.dampingRatio=0.4,1"])
        var table = SweepRenderer.table(name: sweep.name, paths: sweep.axes.map(\.path), variants: sweep.variants)
        table.rows[0].assignments[0].value = "=SUM(1+1)"
        table.rows[1].assignments[0].value = "<img src=x onerror=alert(1)>|`x`"
        let lines = table.csv.split(separator: "\n").map(String.init)
        // A formula is kept as text in a spreadsheet (OWASP: a leading '), a negative number stays a number.
        #expect(lines[1].contains(",'=SUM(1+1),"), "\(lines[1])")
        #expect(SweepTable.formulaGuarded("-0.5") == "-0.5")
        for cell in ["+1+1", "-1+A1", "@SUM(A1)", "\tx", "\rx"] { #expect(SweepTable.formulaGuarded(cell) == "'" + cell) }
        let markdown = table.markdown
        #expect(!markdown.contains("<img") && markdown.contains("| &lt;img src=x onerror=alert(1)&gt;\\|\\`x\\` |"), "\(markdown)")
    }

    @Test func aRunThatEndsMovingHasNoSettle() throws {
        var scenario = try flickSweep([]).variants[0].scenario
        scenario.duration = 0.25
        let measures = VariantMeasures(scenario: scenario, frames: Simulation.frames(of: scenario))
        #expect(measures.settle == nil)
        #expect(measures.final == .moving)
    }

    @Test func sweptValuesReadAsYAMLScalars() {
        #expect(SweepTable.jsonScalar("0.3").text == "0.3")
        #expect(SweepTable.jsonScalar("floatingpanel").text == "\"floatingpanel\"")
        #expect(SweepTable.jsonScalar("\"0.3\"").text == "\"0.3\"")
        #expect(SweepTable.jsonScalar("'it''s'").text == "\"it's\"")
        #expect(SweepTable.jsonScalar("true").text == "true")
        #expect(SweepTable.jsonScalar("{a: 1}").text == "\"{a: 1}\"")
    }
}

@Suite struct SweepGridTests {
    @Test func columnsHoldTheLastReleaseAndEverySettle() throws {
        let grid = try SweepGrid(name: "flick", variants: gridVariants(try flickSweep(["scene.sheet.spring.dampingRatio=0.4,1"])))
        let frames = grid.columns.map(\.frame)
        #expect(frames.count == SweepGrid.defaultColumnLimit)
        #expect(frames == frames.sorted())
        #expect(frames.contains(12)) // the release at 0.2 s
        let release = try #require(grid.columns.first { $0.frame == 12 })
        #expect(release.events == ["release"])
        // Each variant's settle is a column, marked in that variant's row only.
        for (row, variant) in grid.variants.enumerated() {
            let settleFrame = Int(((0.2 + variant.measures.settle!) * 60).rounded())
            let column = try #require(grid.columns.first { $0.frame == settleFrame })
            #expect(column.settled.contains(row))
        }
    }

    /// A cell is exactly its variant's frame at that instant, drawn at the grid's scale.
    @Test func cellsAreTheVariantsFrames() throws {
        let sweep = try flickSweep(["scene.sheet.spring.response=0.3,0.6"])
        let grid = try SweepGrid(name: "flick", variants: gridVariants(sweep), limit: 4)
        let sheet = Fixtures.pixels(of: try grid.image())
        #expect(sheet.count == grid.width * grid.height)
        for (row, variant) in sweep.variants.enumerated() {
            var scenario = variant.scenario
            scenario.viewport.scale = grid.scale
            let renderer = try FrameRenderer(scenario: scenario)
            let frames = Simulation.frames(of: variant.scenario)
            for (c, column) in grid.columns.enumerated() {
                let expected = Fixtures.pixels(of: try renderer.image(of: frames[column.frame]))
                let cell = grid.cell(row: row, column: c)
                #expect(Int(cell.width) == grid.tileWidth && expected.count == grid.tileWidth * grid.tileHeight)
                var differing = 0
                for y in 0..<grid.tileHeight {
                    for x in 0..<grid.tileWidth where sheet[(Int(cell.minY) + y) * grid.width + Int(cell.minX) + x] != expected[y * grid.tileWidth + x] {
                        differing += 1
                    }
                }
                #expect(differing == 0, "row \(row) column \(c)")
            }
        }
        // The two rows differ where the springs do.
        // Variant 1 settles at frame 37, variant 2 (the slower spring) is still moving there.
        #expect(grid.columns.map(\.frame) == [6, 12, 37, 43])
        let after = 2
        let a = grid.cell(row: 0, column: after), b = grid.cell(row: 1, column: after)
        var same = true
        for y in 0..<grid.tileHeight where same {
            for x in 0..<grid.tileWidth where sheet[(Int(a.minY) + y) * grid.width + Int(a.minX) + x] != sheet[(Int(b.minY) + y) * grid.width + Int(b.minX) + x] {
                same = false
                break
            }
        }
        #expect(!same)
    }

    @Test func variantsMustShareTheFrameRate() throws {
        let sweep = try flickSweep(["fps=30,60"])
        #expect(throws: ReviewError.self) { try SweepGrid(name: "flick", variants: gridVariants(sweep)) }
    }

    @Test func videoLayoutFitsFullHD() {
        let three = SweepVideoLayout(count: 3, viewport: Size(width: 390, height: 844), maximumScale: 3)
        #expect(three.columns == 3 && three.rows == 1)
        #expect(three.width <= 1920 && three.height <= 1080 && three.width % 2 == 0 && three.height % 2 == 0)
        let many = SweepVideoLayout(count: 12, viewport: Size(width: 390, height: 844), maximumScale: 3)
        #expect(many.columns * many.rows >= 12 && many.width <= 1920 && many.height <= 1080)
        // Never larger than the frames themselves.
        let small = SweepVideoLayout(count: 1, viewport: Size(width: 100, height: 100), maximumScale: 1)
        #expect(small.scale == 1 && small.tileWidth == 100)
    }
}

@Suite struct SweepRenderTests {
    @Test func theSameSweepWritesTheSameBytes() throws {
        let sweep = try flickSweep(["scene.sheet.spring.response=0.3,0.6"])
        var outputs: [[String: Data]] = []
        for run in 0..<2 {
            let folder = try Fixtures.temporaryFolder("sweep-\(run)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let summary = try SweepRenderer.render(name: sweep.name, paths: sweep.axes.map(\.path), variants: sweep.variants,
                                                   to: folder.appendingPathComponent("flick"),
                                                   sequence: SequenceOptions(format: .png, frames: 0...3, jobs: 2),
                                                   options: SweepRenderOptions(gridColumns: 3))
            #expect(summary.variants == 2 && summary.framesWritten == 8)
            let root = folder.appendingPathComponent("flick")
            var files: [String: Data] = [:]
            for name in OutputFolder.files(under: root) { files[name] = try Data(contentsOf: root.appendingPathComponent(name)) }
            outputs.append(files)
        }
        let names = outputs[0].keys.sorted()
        #expect(names == [".flick-output", "contact-sheet.png", "variants.csv", "variants.json", "variants.md",
                          "variants/01-0.3/frames/frame_00000.png", "variants/01-0.3/frames/frame_00001.png",
                          "variants/01-0.3/frames/frame_00002.png", "variants/01-0.3/frames/frame_00003.png",
                          "variants/01-0.3/states.json",
                          "variants/02-0.6/frames/frame_00000.png", "variants/02-0.6/frames/frame_00001.png",
                          "variants/02-0.6/frames/frame_00002.png", "variants/02-0.6/frames/frame_00003.png",
                          "variants/02-0.6/states.json"])
        #expect(outputs[0] == outputs[1])
        // Each variant's states are its own scenario's document.
        let states = String(decoding: try #require(outputs[0]["variants/02-0.6/states.json"]), as: UTF8.self)
        #expect(states == StatesWriter.document(sweep.variants[1].scenario, frames: Simulation.frames(of: sweep.variants[1].scenario), format: .json))
    }

    @Test func aSweepNeverReplacesSomeoneElsesFolder() throws {
        let folder = try Fixtures.temporaryFolder("sweep-foreign")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("flick")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: destination.appendingPathComponent("notes.txt"))
        let sweep = try flickSweep(["scene.sheet.spring.response=0.3,0.6"])
        #expect(throws: RenderError.self) {
            try SweepRenderer.render(name: sweep.name, paths: sweep.axes.map(\.path), variants: sweep.variants, to: destination,
                                     sequence: SequenceOptions(format: .png, frames: 0...0, jobs: 1), options: SweepRenderOptions())
        }
        #expect(try String(contentsOf: destination.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
    }
}
