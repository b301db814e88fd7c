import Foundation
import Testing
import FlickPhysics
@testable import FlickCore

// Pins down what the scenario decoder accepts and what it says about what it refuses (docs/scenario-format.md): every
// diagnostic is checked for its message, key path, line and column.

/// Where the bundled examples and temporary scenario files are.
enum ScenarioFiles {
    /// `Examples/` at the package root, found from this file's path.
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    /// Every scenario file in `Examples/`, sorted by name.
    static func exampleFiles() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        return names.sorted()
            .filter { ScenarioDecoder.supportedExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .map { examples.appendingPathComponent($0) }
    }

    /// Writes `contents` to a fresh temporary folder under `name` and returns the file's path.
    static func temporary(_ name: String, _ contents: Data) throws -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("flick-decoder-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url)
        return url.path
    }

    /// Removes the temporary folder that holds `path`.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
}

/// Decodes YAML or JSON text as if read from `file`.
func decodeScenario(_ text: String, file: String = "test.yaml", name: String = "test") throws(ScenarioError) -> Scenario {
    try ScenarioDecoder.decode(data: Data(text.utf8), file: file, defaultName: name)
}

/// The diagnostics for text that must not decode (an issue is recorded if it does).
func problems(_ text: String, file: String = "test.yaml", sourceLocation: SourceLocation = #_sourceLocation)
    -> [ScenarioDiagnostic] {
    problems(Data(text.utf8), file: file, sourceLocation: sourceLocation)
}

func problems(_ data: Data, file: String = "test.yaml", sourceLocation: SourceLocation = #_sourceLocation)
    -> [ScenarioDiagnostic] {
    do {
        let scenario = try ScenarioDecoder.decode(data: data, file: file, defaultName: "test")
        Issue.record("decoded without error: \(scenario.name)", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.diagnostics
    }
}

/// The one diagnostic for text that has exactly one problem.
func problem(_ text: String, file: String = "test.yaml", sourceLocation: SourceLocation = #_sourceLocation)
    -> ScenarioDiagnostic? {
    let found = problems(text, file: file, sourceLocation: sourceLocation)
    #expect(found.count == 1, "expected one problem, found \(found.map(\.description))", sourceLocation: sourceLocation)
    return found.first
}

/// Checks one diagnostic's path, position and message (exact, or the parts it must contain).
func expectDiagnostic(_ diagnostic: ScenarioDiagnostic?, path: String, line: Int?, column: Int?,
                      message: String? = nil, containing parts: [String] = [], file: String = "test.yaml",
                      sourceLocation: SourceLocation = #_sourceLocation) {
    guard let diagnostic else {
        Issue.record("no diagnostic for \(path)", sourceLocation: sourceLocation)
        return
    }
    #expect(diagnostic.file == file, sourceLocation: sourceLocation)
    #expect(diagnostic.path == path, sourceLocation: sourceLocation)
    #expect(diagnostic.line == line, "line of \(diagnostic)", sourceLocation: sourceLocation)
    #expect(diagnostic.column == column, "column of \(diagnostic)", sourceLocation: sourceLocation)
    if let message { #expect(diagnostic.message == message, sourceLocation: sourceLocation) }
    for part in parts {
        #expect(diagnostic.message.contains(part), "\"\(diagnostic.message)\" should contain \"\(part)\"",
                sourceLocation: sourceLocation)
    }
}

/// A valid scenario with every optional key left out; `extra` lines are appended at the top level.
func minimalScenario(_ extra: String = "") -> String {
    """
    viewport: {width: 390, height: 844}
    duration: 2
    scene:
      list: {rows: 10, rowHeight: 50}

    """ + extra
}

// MARK: - Decoding

@Suite struct ScenarioDecodingTests {
    @Test func bundledExamplesAreFound() {
        let files = ScenarioFiles.exampleFiles()
        #expect(files.count >= 4, "no examples under \(ScenarioFiles.examples.path)")
        #expect(files.contains { $0.pathExtension == "json" })
        #expect(files.contains { $0.pathExtension == "yaml" })
    }

    @Test(arguments: ScenarioFiles.exampleFiles())
    func bundledExampleDecodes(_ url: URL) throws {
        let scenario = try ScenarioDecoder.load(path: url.path)
        #expect(scenario.name == url.deletingPathExtension().lastPathComponent)
        #expect(scenario.frameCount == Int((scenario.duration * scenario.fps).rounded()) + 1)
        #expect(scenario.frameCount > 1 && scenario.frameCount <= ScenarioDecoder.maximumFrames)
        #expect(!scenario.gestures.isEmpty)
        #expect(scenario.gestures.map(\.index) == Array(scenario.gestures.indices))
        #expect(scenario.gestures.allSatisfy { $0.at <= scenario.duration })
    }

    @Test func defaults() throws {
        let scenario = try decodeScenario(minimalScenario(), name: "the-default")
        #expect(scenario.name == "the-default")
        #expect(scenario.fps == 60)
        #expect(scenario.touchRate == 120)
        #expect(scenario.theme == .light)
        #expect(scenario.viewport == Viewport(width: 390, height: 844, scale: 3, safeArea: .zero))
        #expect(scenario.physics == PhysicsSettings())
        #expect(scenario.scene.background == .map)
        #expect(scenario.gestures.isEmpty)
        #expect(scenario.duration == 2)
        #expect(scenario.frameCount == 121)
        #expect(scenario.time(ofFrame: 30) == 0.5)
        guard case .list(let list) = scenario.scene.root.kind else {
            Issue.record("root is \(scenario.scene.root.kind)")
            return
        }
        #expect(scenario.scene.root.key == "list")
        #expect(scenario.scene.root.id == nil)
        #expect(list.rows == 10)
        #expect(list.rowHeight == 50)
        #expect(list.sections.isEmpty)
        #expect(list.axis == .vertical)
        #expect(list.offset == nil)
        #expect(list.indicator)
        #expect(list.infoPanel == nil)
        #expect(list.contentInset == .zero)
    }

    @Test func nameDefaultsToTheFileNameWithoutExtension() throws {
        let path = try ScenarioFiles.temporary("slow-fling.v2.yml", Data(minimalScenario().utf8))
        defer { ScenarioFiles.remove(path) }
        #expect(try ScenarioDecoder.load(path: path).name == "slow-fling.v2")
        let named = try ScenarioFiles.temporary("other.yaml", Data(minimalScenario("name: given\n").utf8))
        defer { ScenarioFiles.remove(named) }
        #expect(try ScenarioDecoder.load(path: named).name == "given")
    }

    @Test func explicitTopLevelValues() throws {
        let scenario = try decodeScenario("""
            name: all-set
            viewport: {width: 320, height: 568, scale: 2, safeArea: {top: 20, bottom: 10, left: 1, right: 2}}
            fps: 30
            duration: 1.5
            touchRate: 240
            physics: {decelerationRate: fast}
            theme: dark
            scene:
              background: "#A0b1C2"
              list: {rows: 3, rowHeight: 44}
            """)
        #expect(scenario.name == "all-set")
        #expect(scenario.viewport == Viewport(width: 320, height: 568, scale: 2,
                                              safeArea: EdgeInsets(top: 20, left: 1, bottom: 10, right: 2)))
        #expect(scenario.fps == 30)
        #expect(scenario.duration == 1.5)
        #expect(scenario.frameCount == 46)
        #expect(scenario.touchRate == 240)
        #expect(scenario.physics.decelerationRate == .fast)
        #expect(scenario.theme == .dark)
        #expect(scenario.scene.background == .color("#a0b1c2"))
        let numeric = try decodeScenario(minimalScenario("physics: {decelerationRate: 0.995}\n"))
        #expect(numeric.physics.decelerationRate == DecelerationRate(0.995))
        let plain = try decodeScenario(minimalScenario().replacingOccurrences(of: "scene:\n", with: "scene:\n  background: plain\n"))
        #expect(plain.scene.background == .plain)
        let mapped = try decodeScenario(minimalScenario().replacingOccurrences(of: "scene:\n", with: "scene:\n  background: {color: \"#000000\"}\n"))
        #expect(mapped.scene.background == .color("#000000"))
    }

    static let richYAML = """
        name: rich
        viewport: {width: 390, height: 844, scale: 2, safeArea: {top: 47, bottom: 34}}
        fps: 120
        duration: 3
        touchRate: 60
        theme: dark
        scene:
          background: map
          sheet:
            detents: [{name: tip, height: 120}, {name: half, fraction: 0.5}, {name: full, fraction: 0.92}]
            initial: half
            header: {height: 56, title: Studios nearby}
            dismissible: true
            dismiss: {distance: 200, velocity: 900}
            tracks: classes
            spring: {response: 0.4, dampingRatio: 0.8}
            dimming: {from: half, to: full, alpha: 0.3}
            cornerRadius: 12
            grabber: false
            content:
              pager:
                initialPage: 1
                tabBar: {height: 40, indicator: pill}
                paging: {snap: 0.3}
                pages:
                  - {title: Studios, icon: icons/a.svg, color: "#ffffff", content: {list: {rows: 40, rowHeight: 64}}}
                  - title: Classes
                    content:
                      list:
                        id: classes
                        rowHeight: 56
                        sections: [{title: "9:00 AM", rows: 10}, {title: "10:00 AM", rows: 5}]
        gestures:
          - {at: 0.2, drag: {from: [195, 700], to: [195, 100], duration: 0.6, curve: easeInOut, hold: 0.2}}
          - {at: 1.5, touches: [[0, 10, 20], [0.01, 11, 22.5], [0.02, 12, 25]]}
          - {at: 2.4, tap: [60, 120]}
          - {at: 2.6, resize: {width: 844, height: 390}}
        """

    static let richJSON = """
        {
          "name": "rich",
          "viewport": {"width": 390, "height": 844, "scale": 2, "safeArea": {"top": 47, "bottom": 34}},
          "fps": 120, "duration": 3, "touchRate": 60, "theme": "dark",
          "scene": {
            "background": "map",
            "sheet": {
              "detents": [{"name": "tip", "height": 120}, {"name": "half", "fraction": 0.5},
                          {"name": "full", "fraction": 0.92}],
              "initial": "half",
              "header": {"height": 56, "title": "Studios nearby"},
              "dismissible": true,
              "dismiss": {"distance": 200, "velocity": 900},
              "tracks": "classes",
              "spring": {"response": 0.4, "dampingRatio": 0.8},
              "dimming": {"from": "half", "to": "full", "alpha": 0.3},
              "cornerRadius": 12,
              "grabber": false,
              "content": {"pager": {
                "initialPage": 1,
                "tabBar": {"height": 40, "indicator": "pill"},
                "paging": {"snap": 0.3},
                "pages": [
                  {"title": "Studios", "icon": "icons/a.svg", "color": "#ffffff",
                   "content": {"list": {"rows": 40, "rowHeight": 64}}},
                  {"title": "Classes", "content": {"list": {"id": "classes", "rowHeight": 56,
                   "sections": [{"title": "9:00 AM", "rows": 10}, {"title": "10:00 AM", "rows": 5}]}}}
                ]
              }}
            }
          },
          "gestures": [
            {"at": 0.2, "drag": {"from": [195, 700], "to": [195, 100], "duration": 0.6, "curve": "easeInOut", "hold": 0.2}},
            {"at": 1.5, "touches": [[0, 10, 20], [0.01, 11, 22.5], [0.02, 12, 25]]},
            {"at": 2.4, "tap": [60, 120]},
            {"at": 2.6, "resize": {"width": 844, "height": 390}}
          ]
        }
        """

    @Test func jsonAndYAMLOfTheSameScenarioDecodeToTheSameValues() throws {
        let yaml = try decodeScenario(Self.richYAML, file: "rich.yaml")
        let json = try decodeScenario(Self.richJSON, file: "rich.json")
        #expect(String(reflecting: yaml) == String(reflecting: json))
        // And the comparison can tell them apart.
        let other = try decodeScenario(Self.richJSON.replacingOccurrences(of: "\"alpha\": 0.3", with: "\"alpha\": 0.31"),
                                       file: "rich.json")
        #expect(String(reflecting: yaml) != String(reflecting: other))
    }

    @Test func richScenarioValues() throws {
        let scenario = try decodeScenario(Self.richYAML)
        #expect(scenario.fps == 120 && scenario.touchRate == 60 && scenario.theme == .dark)
        guard case .sheet(let sheet) = scenario.scene.root.kind else {
            Issue.record("root is \(scenario.scene.root.kind)")
            return
        }
        #expect(sheet.detents == [Detent(name: "tip", .height(120)), Detent(name: "half", .fraction(0.5)),
                                  Detent(name: "full", .fraction(0.92))])
        #expect(sheet.detents[1].height(viewportHeight: 844) == 422)
        #expect(sheet.detents[0].height(viewportHeight: 844) == 120)
        #expect(sheet.initial == "half")
        #expect(sheet.header == SheetHeader(height: 56, title: "Studios nearby"))
        #expect(sheet.dismissible)
        #expect(sheet.dismiss == DismissSettings(distance: 200, velocity: 900))
        #expect(sheet.tracks == "classes")
        #expect(abs(sheet.spring.response - 0.4) < 1e-9 && abs(sheet.spring.dampingRatio - 0.8) < 1e-9)
        #expect(sheet.dimming == DimmingSpec(from: "half", to: "full", alpha: 0.3))
        #expect(sheet.cornerRadius == 12)
        #expect(!sheet.grabber)
        guard case .pager(let pager) = sheet.content.kind else {
            Issue.record("content is \(sheet.content.kind)")
            return
        }
        #expect(sheet.content.key == "pager")
        #expect(pager.initialPage == 1)
        #expect(pager.tabBar.height == 40 && pager.tabBar.indicator == .pill)
        #expect(pager.paging == .snap(0.3))
        #expect(pager.pages.map(\.title) == ["Studios", "Classes"])
        #expect(pager.pages[0].icon == "icons/a.svg" && pager.pages[0].color == "#ffffff")
        #expect(pager.pages[1].icon == nil && pager.pages[1].color == nil)
        guard let firstPage = pager.pages[0].content, let secondPage = pager.pages[1].content,
              case .list(let first) = firstPage.kind, case .list(let second) = secondPage.kind else {
            Issue.record("pages do not hold lists")
            return
        }
        #expect(firstPage.key == "list" && first.rows == 40)
        #expect(secondPage.key == "classes" && secondPage.id == "classes")
        #expect(second.sections == [Section(title: "9:00 AM", rows: 10), Section(title: "10:00 AM", rows: 5)])
        #expect(second.rows == 15)
    }

    @Test func gestures() throws {
        let scenario = try decodeScenario(Self.richYAML)
        #expect(scenario.gestures.map(\.kind) == ["drag", "touches", "tap", "resize"])
        #expect(scenario.gestures.map(\.at) == [0.2, 1.5, 2.4, 2.6])
        guard case .drag(let from, let to, let duration, let curve, let hold) = scenario.gestures[0].action else {
            Issue.record("gestures[0] is \(scenario.gestures[0].kind)")
            return
        }
        #expect(from == Point(x: 195, y: 700) && to == Point(x: 195, y: 100))
        #expect(duration == 0.6 && curve == .easeInOut && hold == 0.2)
        #expect(abs(scenario.gestures[0].fingerDuration - 0.8) < 1e-12)
        guard case .touches(let samples, _, _) = scenario.gestures[1].action else {
            Issue.record("gestures[1] is \(scenario.gestures[1].kind)")
            return
        }
        #expect(samples.map(\.t) == [0, 0.01, 0.02])
        #expect(samples.map(\.point) == [Point(x: 10, y: 20), Point(x: 11, y: 22.5), Point(x: 12, y: 25)])
        #expect(scenario.gestures[1].fingerDuration == 0.02)
        guard case .tap(let point) = scenario.gestures[2].action else {
            Issue.record("gestures[2] is \(scenario.gestures[2].kind)")
            return
        }
        #expect(point == Point(x: 60, y: 120))
        #expect(scenario.gestures[2].fingerDuration == Gesture.tapDuration)
        guard case .resize(let size, _, _) = scenario.gestures[3].action else {
            Issue.record("gestures[3] is \(scenario.gestures[3].kind)")
            return
        }
        #expect(size == Size(width: 844, height: 390))
        #expect(!scenario.gestures[3].usesFinger && scenario.gestures[3].fingerDuration == 0)
    }

    @Test func dragDefaultsToLinearWithoutHold() throws {
        let scenario = try decodeScenario(minimalScenario("gestures:\n  - {at: 0, drag: {from: [1, 2], to: [3, 4], duration: 0.5}}\n"))
        guard case .drag(_, _, let duration, let curve, let hold) = scenario.gestures.first?.action else {
            Issue.record("no drag")
            return
        }
        #expect(duration == 0.5 && curve == .linear && hold == 0)
    }

    @Test(arguments: DragCurve.allCases)
    func dragCurves(_ curve: DragCurve) throws {
        let scenario = try decodeScenario(minimalScenario(
            "gestures:\n  - {at: 0, drag: {from: [1, 2], to: [3, 4], duration: 0.5, curve: \(curve.rawValue)}}\n"))
        guard case .drag(_, _, _, let decoded, _) = scenario.gestures.first?.action else {
            Issue.record("no drag")
            return
        }
        #expect(decoded == .named(curve))
    }

    @Test func cubicBezierDecodes() throws {
        let scenario = try decodeScenario(minimalScenario("""
            gestures:
              - {at: 0, drag: {from: [1, 2], to: [3, 4], duration: 0.5, cubicBezier: [0.25, 0.1, 0.25, 1]}}
              - {at: 1, resize: {width: 600, height: 844, duration: 0.4, cubicBezier: [0.3, -0.5, 0.7, 1.5]}}

            """))
        guard case .drag(_, _, _, let drag, _) = scenario.gestures[0].action,
              case .resize(_, _, let resize) = scenario.gestures[1].action else {
            Issue.record("expected a drag and a resize")
            return
        }
        #expect(drag == .cubicBezier(.systemDefault))
        #expect(resize == .cubicBezier(UnitBezier(0.3, -0.5, 0.7, 1.5)))
    }

    @Test func cubicBezierProblems() {
        let drag = "gestures:\n  - {at: 0, drag: {from: [1, 1], to: [2, 2], duration: 0.1, cubicBezier: "
        expectDiagnostic(problem(minimalScenario(drag + "[1.2, 0, 0.58, 1]}}\n")),
                         path: "gestures[0].drag.cubicBezier[0]", line: 6, column: 75,
                         message: "x1 must be in 0...1 (a control point's time lies within the animation), found 1.2")
        expectDiagnostic(problem(minimalScenario(drag + "[0.42, 0, -0.1, 1]}}\n")),
                         path: "gestures[0].drag.cubicBezier[2]", line: 6, column: 84,
                         message: "x2 must be in 0...1 (a control point's time lies within the animation), found -0.1")
        expectDiagnostic(problem(minimalScenario(drag + "[0.42, 0, 0.58, 20]}}\n")),
                         path: "gestures[0].drag.cubicBezier[3]", line: 6, column: 90,
                         message: "y2 must be from -10 to 10, found 20")
        expectDiagnostic(problem(minimalScenario(drag + "[0.42, 0, 0.58]}}\n")),
                         path: "gestures[0].drag.cubicBezier", line: 6, column: 74,
                         message: "expected control points [x1, y1, x2, y2], found a list of 3")
        expectDiagnostic(problem(minimalScenario(drag + "[0.42, .nan, 0.58, 1]}}\n")),
                         path: "gestures[0].drag.cubicBezier[1]", line: 6, column: 81,
                         message: "expected a number, found .nan (numbers must be finite)")
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: 0, resize: {width: 600, height: 844, duration: 0.4, curve: easeIn, cubicBezier: [0.42, 0, 0.58, 1]}}\n")),
                         path: "gestures[0].resize.cubicBezier", line: 6, column: 90,
                         message: "give either curve or cubicBezier, not both")
    }

    /// A wrong control point is an error of the file, exit status 2, with file:line:col and key path.
    @Test func cubicBezierErrorNamesTheFile() {
        let found = problems(minimalScenario("gestures:\n  - {at: 0, drag: {from: [1, 1], to: [2, 2], duration: 0.1, cubicBezier: [1.2, 0, 0.58, 1]}}\n"),
                             file: "curves.yaml")
        #expect(found.map(\.description) == ["curves.yaml:6:75: error: gestures[0].drag.cubicBezier[0]: x1 must be in 0...1 (a control point's time lies within the animation), found 1.2"])
    }

    @Test func resizeMayOverlapAFingerGesture() throws {
        let scenario = try decodeScenario(minimalScenario("""
            gestures:
              - {at: 0.1, drag: {from: [1, 1], to: [1, 100], duration: 0.5}}
              - {at: 0.3, resize: {width: 500, height: 300}}
              - {at: 0.6, tap: [5, 5]}
            """))
        #expect(scenario.gestures.count == 3)
    }

    @Test func listSectionsSumTheirRows() throws {
        let scenario = try decodeScenario("""
            viewport: {width: 390, height: 844}
            duration: 1
            scene:
              list:
                rowHeight: 72
                sections: [{title: Morning, rows: 140}, {title: Noon, rows: 100}, {title: Evening, rows: 0}]
            """)
        guard case .list(let list) = scenario.scene.root.kind else {
            Issue.record("root is not a list")
            return
        }
        #expect(list.rows == 240)
        #expect(list.sections.map(\.title) == ["Morning", "Noon", "Evening"])
        #expect(list.sections.map(\.rows) == [140, 100, 0])
        // rows may be given as well, when it agrees.
        let agreeing = try decodeScenario(minimalScenario().replacingOccurrences(
            of: "{rows: 10, rowHeight: 50}", with: "{rows: 3, rowHeight: 50, sections: [{title: a, rows: 1}, {title: b, rows: 2}]}"))
        guard case .list(let agreed) = agreeing.scene.root.kind else { return }
        #expect(agreed.rows == 3)
    }

    @Test func listOptions() throws {
        let scenario = try decodeScenario(minimalScenario().replacingOccurrences(
            of: "{rows: 10, rowHeight: 50}",
            with: "{rows: 10, rowHeight: 50, axis: horizontal, offset: {x: 30}, indicator: false, contentInset: {top: 5, left: 6}}"))
        guard case .list(let list) = scenario.scene.root.kind else { return }
        #expect(list.axis == .horizontal)
        #expect(list.offset == InitialOffset(x: 30, y: nil))
        #expect(!list.indicator)
        #expect(list.contentInset == EdgeInsets(top: 5, left: 6))
        let panel = try decodeScenario(minimalScenario().replacingOccurrences(
            of: "{rows: 10, rowHeight: 50}", with: "{rows: 10, rowHeight: 50, infoPanel: {width: 92}}"))
        guard case .list(let withPanel) = panel.scene.root.kind else { return }
        #expect(withPanel.infoPanel == InfoPanelSpec(width: 92, height: InfoPanelSpec.defaultHeight))
    }

    @Test func pagerDefaultsAndPagingModes() throws {
        let base = """
            viewport: {width: 390, height: 600}
            duration: 1
            scene:
              pager:
                pages: [{title: A}, {title: B}]

            """
        let scenario = try decodeScenario(base)
        guard case .pager(let pager) = scenario.scene.root.kind else {
            Issue.record("root is \(scenario.scene.root.kind)")
            return
        }
        #expect(pager.initialPage == 0)
        #expect(pager.tabBar == TabBarSpec())
        #expect(pager.tabBar.height == 44 && pager.tabBar.indicator == .underline)
        #expect(pager.paging == .page)
        #expect(pager.pages.allSatisfy { $0.content == nil })
        for (text, mode) in [("page", PagingMode.page), ("{snap: 0.3}", .snap(0.3)), ("{pagination: 0.1}", .pagination(0.1))] {
            let decoded = try decodeScenario(base + "    paging: \(text)\n")
            guard case .pager(let p) = decoded.scene.root.kind else { continue }
            #expect(p.paging == mode)
        }
    }

    @Test func stackChildren() throws {
        let scenario = try decodeScenario("""
            viewport: {width: 390, height: 844}
            duration: 1
            scene:
              stack:
                children:
                  - {height: 160, list: {rows: 12, rowHeight: 140, axis: horizontal}}
                  - {height: 200, pager: {pages: [{title: A}]}}
                  - {height: 400, list: {rows: 30, rowHeight: 56}}
            """)
        guard case .stack(let stack) = scenario.scene.root.kind else {
            Issue.record("root is \(scenario.scene.root.kind)")
            return
        }
        #expect(stack.children.map(\.height) == [160, 200, 400])
        #expect(stack.children.map(\.component.kind.name) == ["list", "pager", "list"])
    }

    @Test func sheetDefaults() throws {
        let scenario = try decodeScenario("""
            viewport: {width: 390, height: 844}
            duration: 1
            scene:
              sheet:
                detents: [{name: card, fraction: 1}]
                initial: card
                content: {list: {rows: 10, rowHeight: 50}}
            """)
        guard case .sheet(let sheet) = scenario.scene.root.kind else {
            Issue.record("root is \(scenario.scene.root.kind)")
            return
        }
        #expect(sheet.detents == [Detent(name: "card", .fraction(1))])
        #expect(sheet.header == nil)
        #expect(!sheet.dismissible)
        #expect(sheet.dismiss == DismissSettings())
        #expect(sheet.tracks == nil)
        #expect(sheet.dimming == nil)
        #expect(sheet.cornerRadius == 10)
        #expect(sheet.grabber)
        #expect(sheet.spring.response == Spring.standard.response)
        #expect(sheet.content.kind.name == "list")
    }

    /// The names of the scroll views in document order (lists and pagers).
    func scrollViewKeys(_ component: Component) -> [String] {
        component.allComponents.compactMap { component in
            switch component.kind {
            case .list, .pager, .carousel: component.key
            case .stack, .sheet, .navigationBar: nil
            }
        }
    }

    @Test func automaticScrollViewKeysInDocumentOrder() throws {
        let scenario = try decodeScenario("""
            viewport: {width: 390, height: 844}
            duration: 1
            scene:
              stack:
                children:
                  - {height: 100, list: {rows: 1, rowHeight: 10}}
                  - {height: 100, list: {id: notes, rows: 1, rowHeight: 10}}
                  - {height: 100, list: {rows: 1, rowHeight: 10}}
                  - height: 300
                    pager:
                      pages:
                        - {title: A, content: {list: {rows: 1, rowHeight: 10}}}
                        - {title: B, content: {pager: {id: inner, pages: [{title: C}]}}}
                        - {title: D, content: {pager: {pages: [{title: E}]}}}
            """)
        #expect(scrollViewKeys(scenario.scene.root) == ["list", "notes", "list2", "pager", "list3", "inner", "pager2"])
    }

    @Test func aliasesRepeatValues() throws {
        let scenario = try decodeScenario("""
            viewport: {width: 390, height: 844}
            duration: 2
            scene:
              pager:
                pages:
                  - {title: A, content: &rows {list: {rows: 30, rowHeight: 44}}}
                  - {title: B, content: *rows}
            gestures:
              - {at: 0.2, drag: &swipe {from: [300, 400], to: [60, 400], duration: 0.3}}
              - {at: 1.0, drag: *swipe}
            """)
        #expect(scrollViewKeys(scenario.scene.root) == ["pager", "list", "list2"])
        #expect(scenario.gestures.count == 2)
    }

    @Test func byteOrderMarkAndLineEndings() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data(minimalScenario("fps: 30\n").utf8))
        #expect(try ScenarioDecoder.decode(data: data, file: "bom.yaml", defaultName: "bom").fps == 30)
        let crlf = minimalScenario("fps: 30\n").replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try decodeScenario(crlf).fps == 30)
    }

    @Test func descriptionHasTheCompilerShape() {
        let diagnostic = ScenarioDiagnostic(file: "a.yaml", path: "scene.list.rows", line: 4, column: 9, message: "bad")
        #expect(diagnostic.description == "a.yaml:4:9: error: scene.list.rows: bad")
        #expect(ScenarioDiagnostic(file: "a.yaml", path: "", message: "empty").description == "a.yaml: error: empty")
        let error = ScenarioError([diagnostic, diagnostic])
        #expect(error.description == "a.yaml:4:9: error: scene.list.rows: bad\na.yaml:4:9: error: scene.list.rows: bad")
    }
}

// MARK: - Errors

@Suite struct ScenarioErrorTests {
    @Test func wrongType() {
        expectDiagnostic(problem(minimalScenario("fps: \"60\"\n")), path: "fps", line: 5, column: 6,
                         message: "expected a number in 1...240, found the string \"60\"")
        expectDiagnostic(problem(minimalScenario("theme: [dark]\n")), path: "theme", line: 5, column: 8,
                         message: "expected one of light, dark, found a list")
        expectDiagnostic(problem(minimalScenario("gestures: {at: 1}\n")), path: "gestures", line: 5, column: 11,
                         message: "expected a list, found a mapping")
        expectDiagnostic(problem(minimalScenario().replacingOccurrences(of: "rows: 10,", with: "rows: 2.5,")),
                         path: "scene.list.rows", line: 4, column: 16,
                         message: "expected a whole number in 0...1000000, found 2.5")
    }

    @Test func wrongTypeInJSON() {
        let text = """
            {
              "viewport": {"width": 390, "height": 844},
              "duration": 2,
              "fps": "60",
              "scene": {"list": {"rows": 10, "rowHeight": 50}}
            }
            """
        expectDiagnostic(problem(text, file: "t.json"), path: "fps", line: 4, column: 10,
                         message: "expected a number in 1...240, found the string \"60\"", file: "t.json")
    }

    @Test func outOfRange() {
        expectDiagnostic(problem(minimalScenario("fps: 300\n")), path: "fps", line: 5, column: 6,
                         message: "expected a number in 1...240, found 300")
        expectDiagnostic(problem(minimalScenario("fps: 0\n")), path: "fps", line: 5, column: 6,
                         message: "expected a number in 1...240, found 0")
        expectDiagnostic(problem(minimalScenario().replacingOccurrences(of: "duration: 2", with: "duration: 0")),
                         path: "duration", line: 2, column: 11, message: "expected a number in (0, 600], found 0")
        expectDiagnostic(problem(minimalScenario().replacingOccurrences(of: "duration: 2", with: "duration: 700")),
                         path: "duration", line: 2, column: 11, message: "expected a number in (0, 600], found 700")
        expectDiagnostic(problem(minimalScenario("touchRate: 0.5\n")), path: "touchRate", line: 5, column: 12,
                         message: "expected a number in 1...1000, found 0.5")
        expectDiagnostic(problem(minimalScenario("physics: {decelerationRate: 1}\n")),
                         path: "physics.decelerationRate", line: 5, column: 29,
                         message: "expected normal, fast or a number in (0, 1), found 1")
    }

    static let sheetScenario = """
        viewport: {width: 390, height: 844}
        duration: 3
        scene:
          sheet:
            detents: [{name: tip, height: 120}, {name: half, fraction: 0.5}, {name: full, fraction: 0.92}]
            initial: half
            content: {list: {rows: 10, rowHeight: 50}}

        """

    @Test func sheetScenarioIsValid() throws {
        _ = try decodeScenario(Self.sheetScenario)
    }

    @Test func detentFractionOutOfRange() {
        let text = Self.sheetScenario.replacingOccurrences(of: "fraction: 0.5}", with: "fraction: 1.5}")
        expectDiagnostic(problem(text), path: "scene.sheet.detents[1].fraction", line: 5, column: 64,
                         message: "expected a number in (0, 1], found 1.5")
    }

    @Test func detentNeedsExactlyOneMeasure() throws {
        let both = Self.sheetScenario.replacingOccurrences(of: "{name: tip, height: 120}", with: "{name: tip, height: 120, fraction: 0.1}")
        expectDiagnostic(problem(both), path: "scene.sheet.detents[0]", line: 5, column: 15,
                         message: "expected one of height, fraction, top, not height and fraction")
        let neither = Self.sheetScenario.replacingOccurrences(of: "{name: tip, height: 120}", with: "{name: tip}")
        expectDiagnostic(problem(neither), path: "scene.sheet.detents[0]", line: 5, column: 15,
                         message: "expected height, fraction or top")
        let top = Self.sheetScenario.replacingOccurrences(of: "{name: tip, height: 120}", with: "{name: tip, top: 55}")
        let scenario = try decodeScenario(top)
        guard case .sheet(let spec) = scenario.scene.root.kind else { Issue.record("not a sheet"); return }
        #expect(spec.detents[0] == .top("tip", 55))
        #expect(spec.detents[0].height(viewportHeight: 844) == 789)
        let twice = Self.sheetScenario.replacingOccurrences(of: "{name: full,", with: "{name: tip,")
        expectDiagnostic(problem(twice), path: "scene.sheet.detents[2].name", line: 5, column: 77,
                         message: "duplicate detent name \"tip\" (first at scene.sheet.detents[0])")
    }

    @Test func deckPresentationNeedsACard() throws {
        let plainSheet = Self.sheetScenario.replacingOccurrences(of: "    initial: half\n", with: "    initial: half\n    presentation: deck\n")
        expectDiagnostic(problem(plainSheet), path: "scene.sheet.presentation", line: 7, column: 19,
                         message: "deck is the look behind a card; add `dismissible: true` or use `presentation: plain`")
        let card = plainSheet.replacingOccurrences(of: "    presentation: deck\n", with: "    presentation: deck\n    dismissible: true\n")
        guard case .sheet(let spec) = try decodeScenario(card).scene.root.kind else { Issue.record("not a sheet"); return }
        #expect(spec.presentation == .deck)
        guard case .sheet(let plain) = try decodeScenario(Self.sheetScenario).scene.root.kind else { return }
        #expect(plain.presentation == .plain)
    }

    @Test func unknownKeyWithSuggestion() {
        let text = Self.sheetScenario.replacingOccurrences(of: "    detents:", with: "    detent:")
        // One typo, one error: the key it suggests is the one missing, so that is not said again.
        expectDiagnostic(problem(text), path: "scene.sheet.detent", line: 5, column: 5,
                         message: "unknown key \"detent\" (did you mean \"detents\"?); expected one of: id, detents, initial, header, image, content, dismissible, dismiss, tracks, spring, dimming, cornerRadius, grabber, projectsAcrossDetents, presentation")
        expectDiagnostic(problem(minimalScenario("fsp: 30\n")), path: "fsp", line: 5, column: 1,
                         containing: ["unknown key \"fsp\" (did you mean \"fps\"?)"])
        // No suggestion when nothing is close.
        let far = problem(minimalScenario("colour: red\n"))
        expectDiagnostic(far, path: "colour", line: 5, column: 1, containing: ["unknown key \"colour\"; expected one of: name,"])
        #expect(far?.message.contains("did you mean") == false)
        // A word cut short: `damping` is the start of `dampingRatio` alone.
        let damping = Self.sheetScenario.replacingOccurrences(of: "    initial: half", with: "    initial: half\n    spring: {damping: 0.8}")
        expectDiagnostic(problem(damping), path: "scene.sheet.spring.damping", line: 7, column: 14,
                         containing: ["unknown key \"damping\" (did you mean \"dampingRatio\"?)"])
    }

    @Test("A misspelt required key is one error, the suggestion, in YAML and JSON; a missing key no typo explains is still said")
    func misspeltRequiredKeyIsOneError() {
        let list = "  list: {rows: 10, rowHight: 56}\n"
        let yaml = minimalScenario().replacingOccurrences(of: "  list: {rows: 10, rowHeight: 50}\n", with: list)
        let found = problems(yaml)
        #expect(found.map(\.description) == [
            "test.yaml:4:20: error: scene.list.rowHight: unknown key \"rowHight\" (did you mean \"rowHeight\"?); expected one of: id, rows, rowHeight, sections, axis, offset, indicator, infoPanel, contentInset, refresh, keyboard",
        ])
        let json = #"{"viewport": {"width": 390, "height": 844}, "duration": 2, "scene": {"list": {"rows": 10, "rowHight": 56}}}"#
        #expect(problems(json, file: "test.json").map(\.description) == [
            "test.json:1:91: error: scene.list.rowHight: unknown key \"rowHight\" (did you mean \"rowHeight\"?); expected one of: id, rows, rowHeight, sections, axis, offset, indicator, infoPanel, contentInset, refresh, keyboard",
        ])
        // `rows` misspelt: its "rows (or sections)" is not said either.
        let rows = minimalScenario().replacingOccurrences(of: "rows: 10,", with: "rwos: 10,")
        #expect(problems(rows).map(\.description) == [
            "test.yaml:4:10: error: scene.list.rwos: unknown key \"rwos\" (did you mean \"rows\"?); expected one of: id, rows, rowHeight, sections, axis, offset, indicator, infoPanel, contentInset, refresh, keyboard",
        ])
        // A typo of a key that is given explains nothing missing: both are said.
        let other = minimalScenario().replacingOccurrences(of: "  list: {rows: 10, rowHeight: 50}\n", with: "  list: {rows: 10, rowz: 56}\n")
        #expect(problems(other).map(\.description) == [
            "test.yaml:4:20: error: scene.list.rowz: unknown key \"rowz\" (did you mean \"rows\"?); expected one of: id, rows, rowHeight, sections, axis, offset, indicator, infoPanel, contentInset, refresh, keyboard",
            "test.yaml:4:9: error: scene.list: missing required key \"rowHeight\"",
        ])
    }

    @Test("A YAML merge key is one error: the keys it would have merged are not also said to be missing")
    func mergeKeyIsOneError() {
        let merged = minimalScenario().replacingOccurrences(of: "  list: {rows: 10, rowHeight: 50}\n",
                                                            with: "  list:\n    <<: {rowHeight: 56}\n    rows: 10\n")
        #expect(problems(merged).map(\.description) == [
            "test.yaml:5:5: error: scene.list.<<: YAML merge keys (<<) are not read: write the keys out, or make the whole mapping an alias",
        ])
        // A required key the merge does not hold is still missing.
        let partial = minimalScenario().replacingOccurrences(of: "  list: {rows: 10, rowHeight: 50}\n",
                                                             with: "  list:\n    <<: {id: feed}\n    rows: 10\n")
        #expect(problems(partial).map(\.description) == [
            "test.yaml:5:5: error: scene.list.<<: YAML merge keys (<<) are not read: write the keys out, or make the whole mapping an alias",
            "test.yaml:5:5: error: scene.list: missing required key \"rowHeight\"",
        ])
    }

    @Test func duplicateKey() {
        expectDiagnostic(problem(minimalScenario("fps: 60\nfps: 30\n")), path: "fps", line: 6, column: 1,
                         message: "duplicate key \"fps\" (first at line 5, column 1)")
        expectDiagnostic(problem(minimalScenario().replacingOccurrences(of: "rows: 10,", with: "rows: 10, rows: 11,")),
                         path: "scene.list.rows", line: 4, column: 20,
                         message: "duplicate key \"rows\" (first at line 4, column 10)")
        let json = #"{"viewport": {"width": 390, "height": 844}, "duration": 2, "fps": 60, "fps": 30, "scene": {"list": {"rows": 1, "rowHeight": 4}}}"#
        expectDiagnostic(problem(json, file: "t.json"), path: "fps", line: 1, column: 71,
                         message: "duplicate key \"fps\" (first at line 1, column 60)", file: "t.json")
    }

    @Test func duplicateKeysAreReportedWithEveryOtherProblem() {
        let text = """
            viewport: {width: 390, height: 844, width: 400}
            duration: 2
            fps: 500
            scene:
              list: {rows: 10, rowHeight: 50}
            duration: 3
            """
        let found = problems(text)
        // In the order of the walk: a mapping's own keys before what they hold.
        #expect(found.map(\.path) == ["duration", "viewport.width", "fps"])
        #expect(found.map(\.line) == [6, 1, 3])
        #expect(found.map(\.column) == [1, 37, 6])
        #expect(found[0].message == "duplicate key \"duration\" (first at line 2, column 1)")
        #expect(found[1].message == "duplicate key \"width\" (first at line 1, column 12)")
        #expect(found[2].message == "expected a number in 1...240, found 500")
    }

    @Test func manyDuplicateKeysStillReportALocation() {
        // Past the number of duplicates located by composing again, the first one left is still reported.
        let keys = (0..<(DocumentComposer.maximumRenames + 5)).map { "k\($0)" }
        let text = minimalScenario(keys.map { "\($0): 1\n\($0): 2\n" }.joined())
        let found = problems(text)
        #expect(!found.isEmpty)
        let last = found.last
        #expect(last?.line != nil && last?.column != nil)
        #expect(last?.message.contains("duplicate key") == true)
    }

    @Test func missingRequiredKey() {
        expectDiagnostic(problem("viewport: {width: 390, height: 844}\nscene:\n  list: {rows: 10, rowHeight: 50}\n"),
                         path: "", line: 1, column: 1, message: "missing required key \"duration\"")
        expectDiagnostic(problem(minimalScenario().replacingOccurrences(of: "{width: 390, height: 844}", with: "{width: 390}")),
                         path: "viewport", line: 1, column: 11, message: "missing required key \"height\"")
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: 0.2, drag: {from: [1, 1], duration: 0.3}}\n")),
                         path: "gestures[0].drag", line: 6, column: 21, message: "missing required key \"to\"")
        expectDiagnostic(problem(minimalScenario().replacingOccurrences(of: "{rows: 10, rowHeight: 50}", with: "{rowHeight: 50}")),
                         path: "scene.list", line: 4, column: 9, message: "missing required key \"rows\" (or \"sections\")")
        // Both missing: both reported.
        let both = problems(minimalScenario().replacingOccurrences(of: "{rows: 10, rowHeight: 50}", with: "{indicator: true}"))
        #expect(both.map(\.message) == ["missing required key \"rowHeight\"", "missing required key \"rows\" (or \"sections\")"])
    }

    @Test func notFiniteNumbers() {
        expectDiagnostic(problem(minimalScenario("fps: .nan\n")), path: "fps", line: 5, column: 6,
                         message: "expected a number in 1...240, found .nan (numbers must be finite)")
        expectDiagnostic(problem(minimalScenario("fps: .inf\n")), path: "fps", line: 5, column: 6,
                         message: "expected a number in 1...240, found .inf (numbers must be finite)")
        expectDiagnostic(problem(minimalScenario().replacingOccurrences(of: "rowHeight: 50", with: "rowHeight: -.Inf")),
                         path: "scene.list.rowHeight", line: 4, column: 31,
                         message: "expected a number > 0, found -.Inf (numbers must be finite)")
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: 0, tap: [1e309, 5]}\n")),
                         path: "gestures[0].tap[0]", line: 6, column: 19,
                         message: "expected a number, found 1e309 (numbers must be finite)")
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: 0, tap: [nan, 5]}\n")),
                         path: "gestures[0].tap[0]", line: 6, column: 19,
                         message: "expected a number, found nan (numbers must be finite)")
    }

    @Test func tooManyFrames() {
        let text = minimalScenario("fps: 240\n").replacingOccurrences(of: "duration: 2", with: "duration: 600")
        expectDiagnostic(problem(text), path: "duration", line: 2, column: 11,
                         message: "duration 600 s at 240 fps gives 144001 frames; the limit is 100000")
        // 100,000 frames exactly is allowed: 99999 intervals.
        let limit = minimalScenario("fps: 200\n").replacingOccurrences(of: "duration: 2", with: "duration: 499.995")
        #expect((try? decodeScenario(limit))?.frameCount == 100_000)
    }

    @Test func viewportOver64Megapixels() {
        let text = minimalScenario().replacingOccurrences(of: "{width: 390, height: 844}", with: "{width: 4000, height: 4000, scale: 3}")
        expectDiagnostic(problem(text), path: "viewport", line: 1, column: 11,
                         message: "4000×4000 pt at scale 3 is 144 megapixels; the limit is 64 megapixels")
        // Sizes beyond any integer once made the message itself trap; they are now beyond the limit for lengths.
        let huge = minimalScenario().replacingOccurrences(of: "{width: 390, height: 844}", with: "{width: 1e300, height: 1e300}")
        let hugeProblems = problems(huge)
        #expect(hugeProblems.count == 2)
        expectDiagnostic(hugeProblems.first, path: "viewport.width", line: 1, column: 19,
                         message: "expected a number > 0 up to 1000000, found 1e300")
        expectDiagnostic(hugeProblems.last, path: "viewport.height", line: 1, column: 34,
                         message: "expected a number > 0 up to 1000000, found 1e300")
        // Within the limit for lengths, the pixel count still says what is wrong.
        let large = minimalScenario().replacingOccurrences(of: "{width: 390, height: 844}", with: "{width: 1e6, height: 1e6, scale: 0.5}")
        expectDiagnostic(problem(large), path: "viewport", line: 1, column: 11,
                         message: "1000000×1000000 pt at scale 0.5 is 250000 megapixels; the limit is 64 megapixels")
        let scaled = minimalScenario().replacingOccurrences(of: "{width: 390, height: 844}", with: "{width: 390, height: 844, scale: 9}")
        expectDiagnostic(problem(scaled), path: "viewport.scale", line: 1, column: 44,
                         message: "expected a number in (0, 8], found 9")
    }

    @Test func negativeSizes() {
        expectDiagnostic(problem(minimalScenario().replacingOccurrences(of: "rowHeight: 50", with: "rowHeight: -50")),
                         path: "scene.list.rowHeight", line: 4, column: 31, message: "expected a number > 0, found -50")
        expectDiagnostic(problem(minimalScenario().replacingOccurrences(of: "width: 390", with: "width: -390")),
                         path: "viewport.width", line: 1, column: 19, message: "expected a number > 0, found -390")
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: 0, resize: {width: -1, height: 5}}\n")),
                         path: "gestures[0].resize.width", line: 6, column: 29, message: "expected a number > 0, found -1")
        expectDiagnostic(problem(minimalScenario().replacingOccurrences(of: "{width: 390, height: 844}", with: "{width: 390, height: 844, safeArea: {top: -1}}")),
                         path: "viewport.safeArea.top", line: 1, column: 53, message: "expected a number ≥ 0, found -1")
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: -1, tap: [1, 1]}\n")),
                         path: "gestures[0].at", line: 6, column: 10, message: "expected a number ≥ 0, found -1")
        expectDiagnostic(problem(ScenarioErrorTests.sheetScenario.replacingOccurrences(of: "height: 120", with: "height: -120")),
                         path: "scene.sheet.detents[0].height", line: 5, column: 35, message: "expected a number > 0, found -120")
    }

    @Test func tooManyRows() {
        expectDiagnostic(problem(minimalScenario().replacingOccurrences(of: "rows: 10", with: "rows: 1000001")),
                         path: "scene.list.rows", line: 4, column: 16,
                         message: "expected a whole number in 0...1000000, found 1000001")
        let sections = minimalScenario().replacingOccurrences(
            of: "{rows: 10, rowHeight: 50}", with: "{rowHeight: 50, sections: [{title: a, rows: 600000}, {title: b, rows: 600000}]}")
        expectDiagnostic(problem(sections), path: "scene.list", line: 4, column: 9,
                         message: "the sections hold 1200000 rows; the limit is 1000000")
        let disagreeing = minimalScenario().replacingOccurrences(
            of: "{rows: 10, rowHeight: 50}", with: "{rows: 4, rowHeight: 50, sections: [{title: a, rows: 1}, {title: b, rows: 2}]}")
        expectDiagnostic(problem(disagreeing), path: "scene.list.rows", line: 4, column: 16,
                         message: "rows is 4 but the sections hold 3")
    }

    @Test func overlappingGesturesNameBoth() {
        let text = minimalScenario("""
            gestures:
              - {at: 0.1, drag: {from: [1, 1], to: [1, 100], duration: 0.5}}
              - {at: 1.0, tap: [5, 5]}
              - {at: 0.3, tap: [5, 5]}
            """)
        expectDiagnostic(problem(text), path: "gestures[2]", line: 8, column: 5,
                         message: "this tap at 0.3 s overlaps gestures[0] (drag from 0.1 s to 0.6 s); one finger cannot do both")
        // Touching ends do not overlap.
        #expect(throws: Never.self) {
            try decodeScenario(minimalScenario("""
                gestures:
                  - {at: 0.1, drag: {from: [1, 1], to: [1, 100], duration: 0.5, hold: 0.2}}
                  - {at: 0.8, tap: [5, 5]}
                """))
        }
    }

    @Test func gestureAfterTheEnd() {
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: 0.5, tap: [1, 1]}\n  - {at: 3, tap: [5, 5]}\n")),
                         path: "gestures[1].at", line: 7, column: 10,
                         message: "starts at 3 s, after the scenario ends (duration 2 s)")
    }

    @Test func gestureShape() {
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: 0.5, tap: [1, 1], drag: {}}\n")),
                         path: "gestures[0]", line: 6, column: 5, message: "expected one action, found tap, drag")
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: 0.5}\n")),
                         path: "gestures[0]", line: 6, column: 5, message: "expected one of drag, touches, tap, resize")
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: 0.5, tap: [1, 2, 3]}\n")),
                         path: "gestures[0].tap", line: 6, column: 20, message: "expected a point [x, y], found a list of 3")
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: 0, touches: [[0, 1, 1], [0.2, 1, 1], [0.1, 1, 1]]}\n")),
                         path: "gestures[0].touches[2][0]", line: 6, column: 48,
                         message: "sample times must not decrease: 0.1 s comes after 0.2 s")
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: 0, touches: [[0, 1]]}\n")),
                         path: "gestures[0].touches[0]", line: 6, column: 23, message: "expected a sample [t, x, y], found a list of 2")
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: 0, touches: []}\n")),
                         path: "gestures[0].touches", line: 6, column: 22, message: "expected at least 1 item, found 0")
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: 0, drag: {from: [1, 1], to: [2, 2], duration: 0.1, curve: bouncy}}\n")),
                         path: "gestures[0].drag.curve", line: 6, column: 68,
                         message: "expected one of linear, easeIn, easeOut, easeInOut, found bouncy")
        // A misspelt word gets the nearest one.
        expectDiagnostic(problem(minimalScenario("gestures:\n  - {at: 0, drag: {from: [1, 1], to: [2, 2], duration: 0.1, curve: easeInOt}}\n")),
                         path: "gestures[0].drag.curve", line: 6, column: 68,
                         message: "expected one of linear, easeIn, easeOut, easeInOut, found easeInOt (did you mean easeInOut?)")
    }

    @Test func initialNamesNoDetent() {
        let text = Self.sheetScenario.replacingOccurrences(of: "initial: half", with: "initial: middle")
        expectDiagnostic(problem(text), path: "scene.sheet.initial", line: 6, column: 14,
                         message: "no detent is named \"middle\"; detents: full, half, tip")
    }

    @Test func dimmingNamesNoDetent() {
        let text = Self.sheetScenario + "    dimming: {from: half, to: top}\n"
        expectDiagnostic(problem(text), path: "scene.sheet.dimming.to", line: 8, column: 31,
                         message: "no detent is named \"top\"; detents: full, half, tip")
    }

    @Test func tracksNamesNoScrollView() {
        let text = Self.sheetScenario + "    tracks: songs\n"
        expectDiagnostic(problem(text), path: "scene.sheet.tracks", line: 8, column: 13,
                         message: "no scroll view has the id \"songs\"; scroll views: list")
        let good = Self.sheetScenario.replacingOccurrences(of: "{rows: 10,", with: "{id: songs, rows: 10,") + "    tracks: songs\n"
        #expect(throws: Never.self) { try decodeScenario(good) }
    }

    @Test func duplicateIds() {
        let text = """
            viewport: {width: 390, height: 844}
            duration: 1
            scene:
              stack:
                children:
                  - {height: 100, list: {id: notes, rows: 1, rowHeight: 10}}
                  - {height: 100, list: {id: notes, rows: 1, rowHeight: 10}}
            """
        expectDiagnostic(problem(text), path: "scene.stack.children[1].list.id", line: 7, column: 34,
                         message: "id \"notes\" is already the name of the scroll view at scene.stack.children[0].list")
        // An id may not take the automatic name of a scroll view without one either.
        let clash = text.replacingOccurrences(of: "{id: notes, rows: 1, rowHeight: 10}}\n      - {height: 100, list: {id: notes,",
                                              with: "{rows: 1, rowHeight: 10}}\n      - {height: 100, list: {id: list,")
        expectDiagnostic(problem(clash), path: "scene.stack.children[1].list.id", line: 7, column: 34,
                         message: "id \"list\" is already the name of the scroll view at scene.stack.children[0].list")
    }

    @Test func yamlSyntaxError() {
        expectDiagnostic(problem(minimalScenario("gestures: [{at: 1, tap: [1, 2]}\nfps: 3\n")), path: "", line: 6, column: 1,
                         message: "syntax error: did not find expected ',' or ']' (while parsing a flow sequence at line 5, column 11)")
        expectDiagnostic(problem("viewport: {width: 390, height: 844}\n  duration: 2\n"), path: "", line: 2, column: 3,
                         message: "syntax error: did not find expected key (while parsing a block mapping at line 1, column 1)")
        expectDiagnostic(problem(minimalScenario("fps: 1: 2\n")), path: "", line: 5, column: 7,
                         message: "syntax error: mapping values are not allowed in this context")
        expectDiagnostic(problem(minimalScenario("fps: \"60\n")), path: "", line: 6, column: 1,
                         containing: ["syntax error: found unexpected end of stream", "line 5, column 6"])
        expectDiagnostic(problem(minimalScenario("fps: *rate\n")), path: "", line: 5, column: 6,
                         message: "syntax error: found undefined alias")
        // A tab where YAML reads indentation: libyaml's words, then what to do.
        expectDiagnostic(problem("viewport: {width: 390, height: 844}\nscene:\n\tlist: {rows: 3, rowHeight: 50}\n"), path: "", line: 3, column: 1,
                         message: "syntax error: found character that cannot start any token (while scanning for the next token at line 3, column 1); a tab cannot indent YAML: indent with spaces")
    }

    @Test func jsonSyntaxError() {
        let text = """
            {
              "viewport": {"width": 390, "height": 844},
              "duration": 2
              "scene": {"list": {"rows": 10, "rowHeight": 50}}
            }
            """
        expectDiagnostic(problem(text, file: "t.json"), path: "", line: 4, column: 10,
                         containing: ["syntax error: did not find expected ',' or '}'", "line 1, column 1"], file: "t.json")
        expectDiagnostic(problem(#"{"viewport": {"width": 390,, "height": 844}}"#, file: "t.json"), path: "", line: 1, column: 28,
                         containing: ["syntax error: did not find expected node content"], file: "t.json")
    }

    @Test func emptyFile() {
        for text in ["", "\n\n   \n", "# only a comment\n", "---\n", "--- # nothing\n...\n"] {
            expectDiagnostic(problem(text), path: "", line: nil, column: nil, message: "the file is empty")
        }
        expectDiagnostic(problem("just words"), path: "", line: 1, column: 1,
                         containing: ["expected a mapping with keys name, viewport,", "found just words"])
    }

    @Test func notUTF8() {
        var data = Data("fps: 60\nname: caf".utf8)
        data.append(contentsOf: [0xE9, 0x0A])
        expectDiagnostic(problems(data).first, path: "", line: 2, column: 10,
                         message: "is not UTF-8 text (byte 0xE9 at byte offset 17)")
        #expect(problems(data).count == 1)
    }

    @Test func controlCharacterIsPlaced() {
        expectDiagnostic(problem(minimalScenario("name: a\u{7}b\n")), path: "", line: 5, column: 8,
                         message: "syntax error: control characters are not allowed")
    }

    @Test func unsupportedExtensionMissingFileAndFolder() throws {
        let text = try ScenarioFiles.temporary("scenario.txt", Data(minimalScenario().utf8))
        defer { ScenarioFiles.remove(text) }
        do {
            _ = try ScenarioDecoder.load(path: text)
            Issue.record("a .txt file was read")
        } catch {
            expectDiagnostic(error.diagnostics.first, path: "", line: nil, column: nil,
                             message: "unsupported file type \".txt\"; scenario files end in .json, .yaml or .yml", file: text)
        }
        let missing = (text as NSString).deletingLastPathComponent + "/missing.yaml"
        do {
            _ = try ScenarioDecoder.load(path: missing)
            Issue.record("a missing file was read")
        } catch {
            expectDiagnostic(error.diagnostics.first, path: "", line: nil, column: nil, message: "no such file", file: missing)
        }
        let nothing = (text as NSString).deletingLastPathComponent + "/nope/sheet-handoff"
        do {
            _ = try ScenarioDecoder.load(path: nothing)
            Issue.record("a missing path was read")
        } catch {
            expectDiagnostic(error.diagnostics.first, path: "", line: nil, column: nil, message: "no such file or folder", file: nothing)
        }
        let folder = (text as NSString).deletingLastPathComponent + "/folder.yaml"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            _ = try ScenarioDecoder.load(path: folder)
            Issue.record("a folder was read")
        } catch {
            expectDiagnostic(error.diagnostics.first, path: "", line: nil, column: nil,
                             message: "is a directory, not a scenario file", file: folder)
        }
        // A folder without a scenario's extension is named as a folder too, not as an unsupported file type.
        let plain = (text as NSString).deletingLastPathComponent + "/outputs"
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
        do {
            _ = try ScenarioDecoder.load(path: plain)
            Issue.record("a folder was read")
        } catch {
            expectDiagnostic(error.diagnostics.first, path: "", line: nil, column: nil,
                             message: "is a directory, not a scenario file", file: plain)
        }
    }

    @Test func oneComponentInScene() {
        let two = minimalScenario().replacingOccurrences(of: "  list:", with: "  pager: {pages: [{title: a}]}\n  list:")
        expectDiagnostic(problem(two), path: "scene", line: 4, column: 3, message: "expected one component, found 2: pager, list")
        expectDiagnostic(problem("viewport: {width: 390, height: 844}\nduration: 2\nscene: {background: map}\n"),
                         path: "scene", line: 3, column: 8, message: "expected one component: list, pager, stack, sheet, carousel, navigationBar")
        let nestedSheet = """
            viewport: {width: 390, height: 844}
            duration: 2
            scene:
              stack: {children: [{height: 100, sheet: {detents: [{name: a, height: 10}], initial: a, content: {list: {rows: 1, rowHeight: 1}}}}]}
            """
        expectDiagnostic(problem(nestedSheet), path: "scene.stack.children[0].sheet", line: 4, column: 43,
                         message: "a sheet can only be the scene's root component")
    }

    @Test func everyIndependentProblemIsReported() {
        let text = """
            viewport: {width: 390, height: -844}
            fps: "60"
            duration: 3
            theme: sepia
            scene:
              sheet:
                detents: [{name: tip, height: 120}, {name: half, fraction: 1.5}]
                initial: tip
                dimmming: {from: tip, to: half}
                content: {list: {rows: 10, rowHeight: 0}}
            gestures:
              - {at: 0.1, drag: {from: [1, 1], to: [1, 100], duration: 0.5}}
              - {at: 0.3, tap: [5, 5]}
              - {at: 4, tap: [5, 5]}
            """
        let found = problems(text)
        #expect(found.map(\.path) == ["viewport.height", "fps", "theme", "scene.sheet.dimmming", "scene.sheet.detents[1].fraction",
                                      "scene.sheet.content.list.rowHeight", "gestures[2].at"])
        #expect(found.map(\.line) == [1, 2, 4, 9, 7, 10, 14])
        #expect(found.allSatisfy { $0.file == "test.yaml" && $0.column != nil })
        #expect(found[3].message.contains("did you mean \"dimming\"?"))
        #expect(found[6].message == "starts at 4 s, after the scenario ends (duration 3 s)")
    }

    @Test func complexKeysAreRefused() {
        expectDiagnostic(problem(minimalScenario("? [a, b]\n: 1\n")), path: "", line: 5, column: 1,
                         containing: ["'?'", "complex key"])
        expectDiagnostic(problem(minimalScenario("gestures: [{at: 0, tap: [1, 2]}, ? x]\n")), path: "", line: 5, column: 34,
                         containing: ["complex key"])
        // A question mark inside a text is fine.
        #expect(throws: Never.self) { try decodeScenario(minimalScenario("theme: light # why? dark is darker\n")) }
        let titled = ScenarioErrorTests.sheetScenario + "    header: {height: 40, title: Why? Because that's why ?}\n"
        #expect(throws: Never.self) { try decodeScenario(titled) }
    }

    @Test func aliasesCannotBeKeys() {
        expectDiagnostic(problem(minimalScenario("extra: &k fps\n*k : 30\n")), path: "", line: 6, column: 1,
                         message: "an alias (*k) cannot be a key: keys are plain names")
        expectDiagnostic(problem(minimalScenario("extra: &k fps\nother: {[*k]: 30}\n")), path: "other", line: 6, column: 9,
                         message: "keys must be strings, found a list holding an alias")
    }

    @Test func problemsAreCapped() {
        let gestures = (0..<1000).map { "  - \($0)\n" }.joined()
        let found = problems(minimalScenario("gestures:\n" + gestures))
        #expect(found.count == NodeReader.maximumDiagnostics + 1)
        expectDiagnostic(found.first, path: "gestures[0]", line: 6, column: 5,
                         message: "expected a mapping with keys at, drag, touches, tap, resize, found 0")
        expectDiagnostic(found.last, path: "", line: nil, column: nil,
                         message: "more problems were found; only the first 100 are reported")
    }

    @Test func longValuesAreShortenedInMessages() {
        let long = String(repeating: "x", count: 5000)
        let found = problem(minimalScenario("name: \(long)\n"))
        #expect(found?.path == "name")
        #expect((found?.message.count ?? .max) < 200)
        let number = String(repeating: "9", count: 100_000)
        let huge = problem(minimalScenario("fps: \(number)\n"))
        expectDiagnostic(huge, path: "fps", line: 5, column: 6,
                         message: "expected a number in 1...240, found \(String(repeating: "9", count: 40))… (numbers must be finite)")
    }
}
