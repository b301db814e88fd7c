import Foundation
import Testing
import FlickPhysics
@testable import FlickCore

// The format as the decoder reads it: one key per component kind, ids on every component, defaults taken from the
// model, the carousel.

@Suite struct ScenarioFormatTests {
    /// A scene of one component of each kind that may be a root, keyed by the kind's key.
    static let minimalComponents: [ComponentKey: String] = [
        .list: "list: {rows: 3, rowHeight: 40}",
        .pager: "pager: {pages: [{title: A}]}",
        .stack: "stack: {children: [{height: 100, list: {rows: 1, rowHeight: 10}}]}",
        .sheet: "sheet: {detents: [{name: a, height: 100}], initial: a, content: {list: {rows: 1, rowHeight: 10}}}",
        .carousel: "carousel: {cards: [{title: A}], cardWidth: 300}",
        .navigationBar: "navigationBar: {title: A, content: {list: {rows: 3, rowHeight: 40}}}",
    ]

    @Test(arguments: ComponentKey.allCases)
    func everyComponentKeyDecodesToItsKind(_ key: ComponentKey) throws {
        let text = try #require(Self.minimalComponents[key])
        let scenario = try decodeScenario("viewport: {width: 390, height: 844}\nduration: 1\nscene: {\(text)}\n")
        #expect(scenario.scene.root.kind.name == key.rawValue)
        #expect(ComponentKey(scenario.scene.root.kind) == key)
        #expect(scenario.scene.root.key == key.rawValue)
    }

    @Test func everyComponentKindTakesAnId() throws {
        for (key, text) in Self.minimalComponents {
            let withId = text.replacingOccurrences(of: "\(key.rawValue): {", with: "\(key.rawValue): {id: main, ")
            let scenario = try decodeScenario("viewport: {width: 390, height: 844}\nduration: 1\nscene: {\(withId)}\n")
            #expect(scenario.scene.root.id == "main" && scenario.scene.root.key == "main", "\(key)")
        }
    }

    @Test func idsAreUniqueAcrossKinds() {
        let text = """
            viewport: {width: 390, height: 844}
            duration: 1
            scene:
              sheet:
                id: panel
                detents: [{name: a, height: 100}]
                initial: a
                content: {stack: {id: panel, children: [{height: 10, list: {rows: 1, rowHeight: 10}}]}}
            """
        expectDiagnostic(problem(text), path: "scene.sheet.content.stack.id", line: 8, column: 27,
                         message: "id \"panel\" is already the name of the sheet at scene.sheet")
        // A stack or a sheet without an id has an automatic name too.
        let clash = text.replacingOccurrences(of: "    id: panel\n", with: "").replacingOccurrences(of: "id: panel", with: "id: sheet")
        expectDiagnostic(problem(clash), path: "scene.sheet.content.stack.id", line: 7, column: 27,
                         message: "id \"sheet\" is already the name of the sheet at scene.sheet")
    }

    @Test func tracksMustNameAScrollView() throws {
        let base = """
            viewport: {width: 390, height: 844}
            duration: 1
            scene:
              sheet:
                detents: [{name: a, height: 100}]
                initial: a
                dismissible: true
                content: {stack: {id: both, children: [{height: 100, carousel: {id: cards, cards: [{title: A}], cardWidth: 200}}, {height: 10, list: {rows: 1, rowHeight: 10}}]}}

            """
        let tracksStack = base + "    tracks: both\n"
        expectDiagnostic(problem(tracksStack), path: "scene.sheet.tracks", line: 9, column: 13,
                         message: "no scroll view has the id \"both\"; scroll views: cards, list")
        guard case .sheet(let sheet) = try decodeScenario(base + "    tracks: cards\n").scene.root.kind else {
            Issue.record("no sheet")
            return
        }
        #expect(sheet.tracks == "cards")
    }

    @Test func defaultsAreTheModels() throws {
        let scenario = try decodeScenario("""
            viewport: {width: 390, height: 844}
            duration: 1
            scene:
              sheet:
                detents: [{name: a, height: 100}]
                initial: a
                dismiss: {}
                spring: {}
                dimming: {from: a, to: a}
                content: {pager: {pages: [{title: A}], tabBar: {}}}
            gestures: [{at: 0, drag: {from: [1, 1], to: [2, 2], duration: 0.1}}]
            """)
        guard case .sheet(let sheet) = scenario.scene.root.kind, case .pager(let pager) = sheet.content.kind,
              case .drag(_, _, _, let curve, let hold) = scenario.gestures.first?.action else {
            Issue.record("not the scene written")
            return
        }
        let model = SheetSpec(detents: [], initial: "", content: sheet.content)
        #expect(sheet.spring == model.spring && sheet.spring == Spring.standard)
        #expect(sheet.dismiss == model.dismiss && sheet.cornerRadius == model.cornerRadius && sheet.grabber == model.grabber)
        #expect(sheet.dimming?.alpha == DimmingSpec.defaultAlpha)
        #expect(pager.tabBar == TabBarSpec() && pager.paging == PagerSpec(pages: []).paging)
        #expect(curve == .named(Gesture.defaultCurve) && hold == Gesture.defaultHold)
        #expect(scenario.fps == Scenario.defaultFPS && scenario.touchRate == Scenario.defaultTouchRate)
        #expect(scenario.viewport.scale == Viewport.defaultScale)
    }

    // MARK: Carousel

    @Test func carouselValues() throws {
        let scenario = try decodeScenario("""
            viewport: {width: 390, height: 844}
            duration: 1
            scene:
              carousel:
                id: featured
                cards: [{title: One, subtitle: First, color: "#FF0000"}, {title: Two}, {title: Three}]
                cardWidth: 300
                spacing: 16
                initialCard: 1
                paging: {snap: 0.5}
                pageControl: false
                cornerRadius: 20
            """)
        guard case .carousel(let carousel) = scenario.scene.root.kind else {
            Issue.record("root is \(scenario.scene.root.kind)")
            return
        }
        #expect(scenario.scene.root.key == "featured")
        #expect(carousel.cards == [Card(title: "One", subtitle: "First", color: "#ff0000"), Card(title: "Two"), Card(title: "Three")])
        #expect(carousel.cardWidth == 300 && carousel.spacing == 16 && carousel.pageWidth == 316)
        #expect(carousel.initialCard == 1 && carousel.paging == .snap(0.5) && !carousel.pageControl && carousel.cornerRadius == 20)
    }

    @Test func carouselDefaults() throws {
        let scenario = try decodeScenario("viewport: {width: 390, height: 844}\nduration: 1\nscene: {carousel: {cards: [{title: A}], cardWidth: 300}}\n")
        guard case .carousel(let carousel) = scenario.scene.root.kind else { return }
        let model = CarouselSpec(cards: [], cardWidth: 300)
        #expect(carousel.spacing == CarouselSpec.defaultSpacing && carousel.cornerRadius == CarouselSpec.defaultCornerRadius)
        #expect(carousel.initialCard == model.initialCard && carousel.paging == model.paging && carousel.pageControl == model.pageControl)
    }

    @Test func carouselProblems() {
        func carousel(_ body: String) -> String {
            "viewport: {width: 390, height: 844}\nduration: 1\nscene:\n  carousel: \(body)\n"
        }
        expectDiagnostic(problem(carousel("{cards: [], cardWidth: 300}")), path: "scene.carousel.cards", line: 4, column: 21,
                         message: "expected at least 1 item, found 0")
        expectDiagnostic(problem(carousel("{cards: [{title: A}], cardWidth: 0}")), path: "scene.carousel.cardWidth", line: 4,
                         column: 46, message: "expected a number > 0, found 0")
        expectDiagnostic(problem(carousel("{cards: [{title: A}], cardWidth: 2001}")), path: "scene.carousel.cardWidth", line: 4,
                         column: 46, message: "expected a number > 0 up to 2000, found 2001")
        expectDiagnostic(problem(carousel("{cards: [{title: A}, {title: B}], cardWidth: 300, initialCard: 2}")),
                         path: "scene.carousel.initialCard", line: 4, column: 76,
                         message: "card 2 does not exist; the carousel has 2 cards (0...1)")
        // One typo, one error: the missing cardWidth is the suggestion, not said again.
        expectDiagnostic(problem(carousel("{cards: [{title: A}], cardWith: 300}")), path: "scene.carousel.cardWith", line: 4, column: 35,
                         message: "unknown key \"cardWith\" (did you mean \"cardWidth\"?); expected one of: id, cards, cardWidth, spacing, initialCard, paging, pageControl, cornerRadius")
        expectDiagnostic(problem(carousel("{cards: [{title: A, colour: red}], cardWidth: 300}")), path: "scene.carousel.cards[0].colour",
                         line: 4, column: 33, message: "unknown key \"colour\" (did you mean \"color\"?); expected one of: title, subtitle, color")
    }

    @Test func carouselNestsInASheet() throws {
        let scenario = try decodeScenario("""
            viewport: {width: 390, height: 844}
            duration: 1
            scene:
              sheet:
                detents: [{name: half, fraction: 0.5}]
                initial: half
                content: {carousel: {cards: [{title: A}, {title: B}], cardWidth: 280}}
            """)
        guard case .sheet(let sheet) = scenario.scene.root.kind, case .carousel(let carousel) = sheet.content.kind else {
            Issue.record("no carousel in the sheet")
            return
        }
        #expect(carousel.cards.count == 2 && sheet.content.key == "carousel")
    }
}

@Suite struct ScenarioNewKeysTests {
    @Test func tabBarScrollsAndPagerKeepsItsPage() throws {
        let base = "viewport: {width: 390, height: 844}\nduration: 1\nscene:\n  pager: {pages: [{title: A}, {title: B}]"
        guard case .pager(let automatic) = try decodeScenario(base + "}\n").scene.root.kind else { return }
        #expect(automatic.tabBar.scrollable == nil && automatic.keepsPageOnResize == PagerSpec(pages: []).keepsPageOnResize)
        guard case .pager(let set) = try decodeScenario(base + ", tabBar: {scrollable: true}, keepsPageOnResize: false}\n").scene.root.kind else {
            Issue.record("no pager")
            return
        }
        #expect(set.tabBar.scrollable == true && !set.keepsPageOnResize)
    }

    @Test func animatedResize() throws {
        let scenario = try decodeScenario(minimalScenario("""
            gestures:
              - {at: 0.5, resize: {width: 600, height: 844, duration: 0.4, curve: easeOut}}
              - {at: 1, resize: {width: 390, height: 844}}
            """))
        guard case .resize(let size, let duration, let curve) = scenario.gestures[0].action,
              case .resize(_, let instant, let defaultCurve) = scenario.gestures[1].action else {
            Issue.record("no resizes")
            return
        }
        #expect(size == Size(width: 600, height: 844) && duration == 0.4 && curve == .easeOut)
        #expect(instant == Gesture.defaultResizeDuration && defaultCurve == .named(Gesture.defaultResizeCurve))
    }
}

@Suite struct ScenarioKeyMessagesTests {
    @Test func mergeKeysSayWhatTheyAre() {
        let text = minimalScenario().replacingOccurrences(of: "duration: 2", with: "duration: 2\nbase: &base {rows: 10}")
            .replacingOccurrences(of: "{rows: 10, rowHeight: 50}", with: "{<<: *base, rowHeight: 50}")
        let found = problems(text)
        expectDiagnostic(found.first, path: "base", line: 3, column: 1, containing: ["unknown key \"base\""])
        expectDiagnostic(found.dropFirst().first, path: "scene.list.<<", line: 5, column: 10,
                         message: "YAML merge keys (<<) are not read: write the keys out, or make the whole mapping an alias")
        #expect(found.allSatisfy { !$0.message.contains("did you mean \"id\"") })
    }

    @Test(arguments: [("fsp", "fps"), ("detent", "detents"), ("dimmming", "dimming"), ("rowheight", "rowHeight"),
                      ("tuochRate", "touchRate")])
    func suggestions(_ typed: String, _ meant: String) {
        #expect(closest(to: typed, in: ["fps", "detents", "dimming", "rowHeight", "touchRate", "id"]) == meant)
    }

    @Test(arguments: ["<<", "xy", "palette", "idx2"])
    func noSuggestionForFarKeys(_ typed: String) {
        #expect(closest(to: typed, in: ["id", "color2", "name", "viewport", "fps"]) == nil)
    }
}

@Suite struct DevicePresetTests {
    func viewport(_ text: String) throws -> Viewport {
        try decodeScenario("viewport: \(text)\nduration: 1\nscene: {list: {rows: 1, rowHeight: 10}}\n").viewport
    }

    @Test func aDeviceGivesSizeScaleAndSafeArea() throws {
        #expect(try viewport("{device: iPhone 15 Pro}") == Viewport(width: 393, height: 852, scale: 3, safeArea: EdgeInsets(top: 59, bottom: 34)))
        #expect(try viewport("{device: iPhone 15 Pro landscape}")
                == Viewport(width: 852, height: 393, scale: 3, safeArea: EdgeInsets(left: 59, bottom: 21, right: 59)))
        #expect(try viewport("{device: ipad pro 11-inch}") == Viewport(width: 834, height: 1210, scale: 2, safeArea: EdgeInsets(top: 24, bottom: 20)))
        #expect(try viewport("{device: iPhone SE}") == Viewport(width: 375, height: 667, scale: 2, safeArea: EdgeInsets(top: 20)))
        // The model's default viewport is the iPhone 15's.
        #expect(DevicePreset.named("iPhone 15")?.viewport == Viewport())
    }

    /// The 2025 phones Flick lists, with the numbers their sources give; landscape by Flick's rule
    /// (docs/scenario-format.md, "Viewport and devices").
    @Test func the2025iPhones() throws {
        #expect(try viewport("{device: iPhone Air}") == Viewport(width: 420, height: 912, scale: 3, safeArea: EdgeInsets(top: 68, bottom: 34)))
        #expect(try viewport("{device: iPhone Air landscape}")
                == Viewport(width: 912, height: 420, scale: 3, safeArea: EdgeInsets(left: 68, bottom: 21, right: 68)))
        #expect(try viewport("{device: iPhone 17 Pro Max}") == Viewport(width: 440, height: 956, scale: 3, safeArea: EdgeInsets(top: 62, bottom: 34)))
        #expect(try viewport("{device: iPhone 17 Pro Max landscape}")
                == Viewport(width: 956, height: 440, scale: 3, safeArea: EdgeInsets(left: 62, bottom: 21, right: 62)))
        for name in ["iPhone 17", "iPhone 17 Pro"] {
            #expect(try viewport("{device: \(name)}") == Viewport(width: 402, height: 874, scale: 3, safeArea: EdgeInsets(top: 62, bottom: 34)))
            #expect(try viewport("{device: \(name) landscape}")
                    == Viewport(width: 874, height: 402, scale: 3, safeArea: EdgeInsets(left: 62, bottom: 21, right: 62)))
        }
    }

    @Test func explicitKeysOverrideTheDevice() throws {
        #expect(try viewport("{device: iPhone 16 Pro, scale: 1}") == Viewport(width: 402, height: 874, scale: 1, safeArea: EdgeInsets(top: 62, bottom: 34)))
        #expect(try viewport("{device: iPhone 16 Pro, height: 700, safeArea: {}}") == Viewport(width: 402, height: 700, scale: 3, safeArea: .zero))
    }

    @Test func unknownDevice() {
        let found = problems("viewport: {device: iPhone 15 Pr}\nduration: 1\nscene: {list: {rows: 1, rowHeight: 10}}\n")
        #expect(found.count == 1)
        expectDiagnostic(found.first, path: "viewport.device", line: 1, column: 20,
                         message: "no device is named \"iPhone 15 Pr\" (did you mean \"iPhone 15 Pro\"?); flick devices lists them")
        expectDiagnostic(problem("viewport: {device: Pixel 8}\nduration: 1\nscene: {list: {rows: 1, rowHeight: 10}}\n"),
                         path: "viewport.device", line: 1, column: 20, message: "no device is named \"Pixel 8\"; flick devices lists them")
        let missing = problems("viewport: {scale: 2}\nduration: 1\nscene: {list: {rows: 1, rowHeight: 10}}\n")
        #expect(missing.map(\.message) == ["missing required key \"width\"", "missing required key \"height\""])
    }

    @Test func everyPresetIsAValidViewportInBothOrientations() {
        #expect(DevicePreset.all.count == 46)
        #expect(Set(DevicePreset.all.map(\.name)).count == DevicePreset.all.count)
        for device in DevicePreset.all {
            let v = device.viewport
            #expect(ScenarioDecoder.imageProblem(v.size, scale: v.scale) == nil, "\(device.name)")
            if device.name.hasSuffix(" landscape") {
                let portrait = DevicePreset.named(String(device.name.dropLast(" landscape".count)))?.viewport
                #expect(portrait?.width == v.height && portrait?.height == v.width && portrait?.scale == v.scale, "\(device.name)")
                #expect(v.width > v.height)
            } else {
                #expect(v.height > v.width, "\(device.name)")
            }
        }
    }
}
