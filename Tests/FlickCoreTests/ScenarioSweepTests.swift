import Foundation
import Testing
import FlickPhysics
@testable import FlickCore

// Sweeps (docs/sweeps.md): `--set PATH=V1,V2` parsed, applied to the document before decoding, combined in order,
// capped, and every problem named by the `--set` it comes from.

private let sheetScenario = """
viewport: {width: 390, height: 844, scale: 1}
duration: 1
scene:
  sheet:
    detents: [{name: tip, height: 120}, {name: half, fraction: 0.5}]
    initial: half
    content: {list: {rows: 20, rowHeight: 44}}
gestures:
  - {at: 0.1, drag: {from: [195, 500], to: [195, 300], duration: 0.2}}
"""

private func sweepOf(_ sets: [String], text: String = sheetScenario) throws -> ScenarioSweep {
    try ScenarioSweep.decode(data: Data(text.utf8), file: "s.yaml", defaultName: "s", axes: sets.map(SweepAxis.parse))
}

/// The messages of a sweep that fails to decode.
private func sweepProblems(_ sets: [String], text: String = sheetScenario) -> [String] {
    do {
        _ = try sweepOf(sets, text: text)
        return []
    } catch let error as ScenarioError {
        return error.diagnostics.map(\.description)
    } catch {
        return ["\(error)"]
    }
}

private func parseError(_ argument: String) -> String? {
    do {
        _ = try SweepAxis.parse(argument)
        return nil
    } catch {
        return error.message
    }
}

@Suite struct SweepAssignmentParsingTests {
    @Test func pathsAndValues() throws {
        let axis = try SweepAxis.parse("scene.sheet.detents[1].fraction=0.4, 0.6 ,0.8")
        #expect(axis.path == "scene.sheet.detents[1].fraction")
        #expect(axis.steps == [.key("scene"), .key("sheet"), .key("detents"), .index(1), .key("fraction")])
        #expect(axis.values == ["0.4", "0.6", "0.8"])
    }

    @Test func commasInsideQuotesAndBracketsSeparateNothing() throws {
        let axis = try SweepAxis.parse(#"scene.sheet.detents[0]={name: tip, height: 100},{name: tip, height: 140},"a, b""#)
        #expect(axis.values == ["{name: tip, height: 100}", "{name: tip, height: 140}", #""a, b""#])
        #expect(try SweepAxis.parse("a[0][2]=1").steps == [.key("a"), .index(0), .index(2)])
    }

    @Test func badOptionsSayWhatIsWrong() {
        #expect(parseError("physics.preset") == "--set physics.preset: expected PATH=V1,V2,... (a key path of the scenario, such as scene.sheet.spring.response=0.2,0.4)")
        #expect(parseError("=1,2") == "--set =1,2: the key path before \"=\" is empty")
        #expect(parseError("a..b=1") == "--set a..b: expected a key of letters, digits, '_' and '-' at \".b\", such as scene.sheet.detents[1].fraction")
        #expect(parseError("a.b.=1") == "--set a.b.: the key path ends with \".\"")
        #expect(parseError("a[x]=1") == "--set a[x]: expected a list index [N] at \"[x]\", such as scene.sheet.detents[1].fraction")
        #expect(parseError("[0]=1") == "--set [0]: a key path starts with a key of the scenario, such as scene.sheet.detents[1].fraction")
        #expect(parseError("a=1,,2") == "--set a: an empty value (two commas, or one at either end); write \"\" for an empty string")
        #expect(parseError("a=") == "--set a: an empty value (two commas, or one at either end); write \"\" for an empty string")
        #expect(parseError("a=1,2,1") == "--set a: the value 1 is given twice")
        #expect(parseError("a={b: 1") == "--set a: a bracket is not closed in {b: 1")
        #expect(parseError("a=\"x") == "--set a: a quote is not closed in \"x")
        #expect(parseError("name=a,b") == "--set name: the name names the output folder; it cannot be swept")
    }
}

@Suite struct SweepCombinationTests {
    @Test func firstSetVariesSlowest() throws {
        let axes = try ["a=1,2", "b=x,y,z"].map(SweepAxis.parse)
        let combos = try ScenarioSweep.combinations(axes).map { $0.map(\.text).joined(separator: " ") }
        #expect(combos == ["a=1 b=x", "a=1 b=y", "a=1 b=z", "a=2 b=x", "a=2 b=y", "a=2 b=z"])
    }

    @Test func theCapIsSixtyFour() throws {
        let fits = try ["a=1,2,3,4,5,6,7,8", "b=1,2,3,4,5,6,7,8"].map(SweepAxis.parse)
        #expect(try ScenarioSweep.combinations(fits).count == 64)
        let over = try ["a=1,2,3,4,5", "b=1,2,3,4", "c=1,2,3,4"].map(SweepAxis.parse)
        #expect(throws: SweepError("the sweep makes 5 × 4 × 4 = 80 variants; the limit is 64: give fewer values")) {
            try ScenarioSweep.combinations(over)
        }
    }

    @Test func overlappingKeysAreRefused() throws {
        #expect(throws: SweepError("--set a.b is given twice; give all its values in one: a.b=1,2")) {
            try ScenarioSweep.combinations(try ["a.b=1", "a.b=2"].map(SweepAxis.parse))
        }
        #expect(throws: SweepError("--set a.b[0].c lies inside --set a.b: sweep one or the other")) {
            try ScenarioSweep.combinations(try ["a.b=[1]", "a.b[0].c=2"].map(SweepAxis.parse))
        }
    }

    @Test func folderNamesAreSafeAndNumbered() {
        let name = ScenarioSweep.folderName(number: 3, of: 12, assignments: [
            SweepAssignment(path: "physics.preset", value: "flutter-ios"),
            SweepAssignment(path: "x", value: "{name: tip, height: 100}"),
            SweepAssignment(path: "y", value: "\"#ff00aa\"")])
        #expect(name == "03-flutter-ios-name-tip-height-100-ff00aa")
        #expect(ScenarioSweep.folderName(number: 7, of: 120, assignments: [SweepAssignment(path: "a", value: "../..")]) == "007")
    }
}

@Suite struct SweepDecodingTests {
    @Test func eachVariantHasItsValues() throws {
        let result = try sweepOf(["scene.sheet.spring.response=0.2,0.5", "scene.sheet.detents[1].fraction=0.4,0.6"])
        #expect(result.name == "s")
        #expect(result.variants.count == 4)
        let read = result.variants.map { variant -> (Double, Double) in
            guard case .sheet(let spec) = variant.scenario.scene.root.kind,
                  case .fraction(let f) = spec.detents[1].measure else { return (0, 0) }
            return (spec.spring.response, f)
        }
        #expect(zip(read.map(\.0), [0.2, 0.2, 0.5, 0.5]).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(read.map(\.1) == [0.4, 0.6, 0.4, 0.6])
        #expect(result.variants.map(\.label) == [
            "scene.sheet.spring.response=0.2, scene.sheet.detents[1].fraction=0.4",
            "scene.sheet.spring.response=0.2, scene.sheet.detents[1].fraction=0.6",
            "scene.sheet.spring.response=0.5, scene.sheet.detents[1].fraction=0.4",
            "scene.sheet.spring.response=0.5, scene.sheet.detents[1].fraction=0.6"])
        #expect(result.variants.map(\.number) == [1, 2, 3, 4])
    }

    @Test func missingMappingKeysAreCreated() throws {
        // The file has no physics block: --set creates it.
        let result = try sweepOf(["physics.decelerationRate=normal,fast"])
        #expect(result.variants.map(\.scenario.physics.decelerationRate) == [.normal, .fast])
    }

    @Test func aWholeValueMayBeAMapping() throws {
        let result = try sweepOf(["scene.sheet.detents[0]={name: tip, height: 100},{name: tip, height: 200}"])
        let heights = result.variants.map { variant -> Double? in
            guard case .sheet(let spec) = variant.scenario.scene.root.kind, case .height(let h) = spec.detents[0].measure else { return nil }
            return h
        }
        #expect(heights == [100, 200])
    }

    @Test func aWrongValueGetsTheDecodersMessageNamingTheSet() {
        #expect(sweepProblems(["scene.sheet.spring.response=0.3,fast"]) == [
            "s.yaml: error: --set scene.sheet.spring.response=fast: expected a number in (0, 10], found fast"])
        #expect(sweepProblems(["physics.decelerationRate=slow"]) == [
            "s.yaml: error: --set physics.decelerationRate=slow: expected normal, fast or a number in (0, 1), found slow"])
    }

    @Test func anUnknownKeyGetsTheDecodersSuggestion() {
        #expect(sweepProblems(["scene.sheet.spring.respons=0.3"]) == [
            "s.yaml: error: --set scene.sheet.spring.respons=0.3: unknown key \"respons\" (did you mean \"response\"?); expected one of: response, dampingRatio"])
        #expect(sweepProblems(["physic.decelerationRate=fast"]).first?.hasPrefix(
            "s.yaml: error: --set physic.decelerationRate=fast: unknown key \"physic\" (did you mean \"physics\"?)") == true)
    }

    @Test func aProblemWithTheFilesOwnValueNamesTheSetToo() {
        // Setting a fraction on a detent given by height: the decoder's message points at the file's detent.
        #expect(sweepProblems(["scene.sheet.detents[0].fraction=0.2"]) == [
            "s.yaml:5:15: error: scene.sheet.detents[0]: expected one of height, fraction, top, not height and fraction (with --set scene.sheet.detents[0].fraction=0.2)"])
    }

    @Test func pathsThatCannotBeFollowedSayWhere() {
        #expect(sweepProblems(["scene.sheet.detents[2].fraction=0.2"]) == [
            "s.yaml: error: --set scene.sheet.detents[2].fraction=0.2: scene.sheet.detents has no item [2]: its items are [0] to [1]"])
        #expect(sweepProblems(["scene.sheet.initial.x=1"]) == [
            "s.yaml: error: --set scene.sheet.initial.x=1: scene.sheet.initial is half, not a mapping with a key \"x\""])
        #expect(sweepProblems(["scene.sheet[0]=1"]) == [
            "s.yaml: error: --set scene.sheet[0]=1: scene.sheet is a mapping, not a list with an item [0]"])
        #expect(sweepProblems(["fps=a: b: c"]) == [
            "s.yaml: error: --set fps=a: b: c: not a YAML value: syntax error: mapping values are not allowed in this context"])
    }

    @Test func theSameProblemInSeveralVariantsIsReportedOnce() {
        let messages = sweepProblems(["scene.sheet.spring.response=0,0.3", "scene.sheet.spring.dampingRatio=0.5,0.8"])
        #expect(messages == ["s.yaml: error: --set scene.sheet.spring.response=0: expected a number in (0, 10], found 0"])
    }

    @Test func theFilesOwnSweep() throws {
        let text = sheetScenario + """

        sweep:
          scene.sheet.spring.response: [0.2, 0.4]
          scene.sheet.initial: [half, "tip"]
        """
        // Decoded alone, the file keeps its sweep for the command to run.
        let plain = try ScenarioDecoder.decode(data: Data(text.utf8), file: "s.yaml", defaultName: "s")
        #expect(plain.sweep.map(\.path) == ["scene.sheet.spring.response", "scene.sheet.initial"])
        #expect(plain.sweep.map(\.values) == [["0.2", "0.4"], ["half", "\"tip\""]])
        let result = try sweepOf([], text: text)
        #expect(result.variants.map(\.label) == [
            "scene.sheet.spring.response=0.2, scene.sheet.initial=half",
            "scene.sheet.spring.response=0.2, scene.sheet.initial=\"tip\"",
            "scene.sheet.spring.response=0.4, scene.sheet.initial=half",
            "scene.sheet.spring.response=0.4, scene.sheet.initial=\"tip\""])
        #expect(result.variants.allSatisfy { $0.scenario.sweep.isEmpty })
        // --set replaces a key's values and keeps the file's other keys, after its own.
        let replaced = try sweepOf(["scene.sheet.initial=tip", "physics.decelerationRate=0.9"], text: text)
        #expect(replaced.variants.map(\.label) == [
            "scene.sheet.initial=tip, physics.decelerationRate=0.9, scene.sheet.spring.response=0.2",
            "scene.sheet.initial=tip, physics.decelerationRate=0.9, scene.sheet.spring.response=0.4"])
    }

    @Test func aWrongFileSweepIsADecoderError() {
        let text = sheetScenario + "\nsweep: {scene..x: [1], fps: 30}\n"
        #expect(throws: ScenarioError.self) { try ScenarioDecoder.decode(data: Data(text.utf8), file: "s.yaml", defaultName: "s") }
        let messages = (try? ScenarioDecoder.decode(data: Data(text.utf8), file: "s.yaml", defaultName: "s")).map { _ in [String]() }
            ?? sweepProblems([], text: text)
        #expect(messages == [
            "s.yaml:10:29: error: sweep.fps: expected a list, found 30",
            "s.yaml:10:19: error: sweep.scene..x: sweep scene..x: expected a key of letters, digits, '_' and '-' at \".x\", such as scene.sheet.detents[1].fraction"])
    }
}

@Suite struct SweepValueInsideTests {
    @Test func aProblemInsideAnAssignedMappingSaysWhere() {
        #expect(sweepProblems(["scene.sheet.detents[0]={name: tip, heigth: 100}"]).first?.hasPrefix(
            "s.yaml: error: --set scene.sheet.detents[0]={name: tip, heigth: 100}: scene.sheet.detents[0].heigth: unknown key \"heigth\" (did you mean \"height\"?)") == true)
    }
}

@Suite struct SweepDocsTests {
    /// The example of docs/scenario-format.md's "Sweeps" decodes into its 3 × 2 variants.
    @Test func theDocsExampleSweeps() throws {
        let docs = try DocsFiles.text("scenario-format.md")
        let block = try #require(DocsFiles.yamlBlocks(docs).first { $0.contains("\nsweep:") })
        let result = try ScenarioSweep.decode(data: Data(block.utf8), file: "doc.yaml", defaultName: "doc", axes: [])
        #expect(result.variants.count == 6)
        #expect(result.variants.map(\.scenario.physics.decelerationRate) == [.normal, .fast, .normal, .fast, .normal, .fast])
    }
}
