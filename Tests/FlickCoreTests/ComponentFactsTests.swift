@testable import FlickCore
import Foundation
import Testing

/// The facts a kind answers about itself through its spec (docs/architecture.md: kinds are asked, never cast), which
/// the invariant checker and `flick examples` read.
@Suite("Component facts")
struct ComponentFactsTests {
    func scene(_ yaml: String) throws -> Scene {
        try ScenarioDecoder.decode(data: Data(("viewport: {width: 390, height: 844}\nfps: 60\nduration: 1\n" + yaml).utf8),
                                   file: "facts.yaml", defaultName: "facts").scene
    }

    @Test("A pager answers whether its tabs have given widths; a list its refresh control; a card that it is dismissible")
    func facts() throws {
        let pager = try scene("""
            scene:
              pager:
                pages:
                  - {title: A, content: {list: {id: a, rows: 3, rowHeight: 44, refresh: {refreshEnds: 0.5, height: 70}}}}
                  - {title: B, content: {list: {id: b, rows: 3, rowHeight: 44}}}
                tabBar: {widths: [100, 120]}
            """)
        let byKey = Dictionary(uniqueKeysWithValues: pager.root.allComponents.map { ($0.key, $0) })
        #expect(byKey["pager"]?.hasGivenTabWidths == true)
        #expect(byKey["a"]?.hasGivenTabWidths == false)
        #expect(byKey["a"]?.attachment(of: RefreshSpec.self)?.height == 70)
        #expect(byKey["b"]?.attachment(of: RefreshSpec.self) == nil)
        #expect(byKey["pager"]?.attachment(of: RefreshSpec.self) == nil)
        #expect(byKey["a"]?.attachment(of: KeyboardSpec.self) == nil)
        // Each behaviour is found by its own spec type, whatever else the list has attached.
        let both = try scene("scene:\n  list: {rows: 3, rowHeight: 44, refresh: {height: 60}, keyboard: {dismissMode: none}}\n")
        #expect(both.root.attachment(of: RefreshSpec.self)?.height == 60)
        #expect(both.root.attachment(of: KeyboardSpec.self)?.dismissMode == KeyboardSpec.DismissMode.none)
        #expect(both.root.attachment(of: Double.self) == nil)
        #expect(pager.root.allComponents.allSatisfy { !$0.isDismissible })
        #expect(pager.root.briefDescription == "a pager")

        let equalTabs = try scene("scene:\n  pager:\n    pages: [{title: A}, {title: B}]\n")
        #expect(equalTabs.root.hasGivenTabWidths == false)

        let card = try scene("scene:\n  sheet:\n    detents: [{name: card, fraction: 0.9}]\n    initial: card\n    dismissible: true\n    content: {list: {rows: 4, rowHeight: 44}}\n")
        #expect(card.root.isDismissible)
        #expect(card.root.briefDescription == "a sheet")
        let sheet = try scene("scene:\n  sheet:\n    detents: [{name: card, fraction: 0.9}]\n    initial: card\n    content: {list: {rows: 4, rowHeight: 44}}\n")
        #expect(!sheet.root.isDismissible)
        // A sheet answers how it is presented; nothing else is presented (the status bar and the code export ask).
        #expect(sheet.root.presentedSheet?.detents.map(\.name) == ["card"] && card.root.presentedSheet?.dismissible == true)
        #expect(sheet.root.allComponents.dropFirst().allSatisfy { $0.presentedSheet == nil })
        #expect(pager.root.allComponents.allSatisfy { $0.presentedSheet == nil })
        // A list's behaviours: which it has, read through the generic store.
        #expect(byKey["a"]?.kind.spec is ListSpec)
        let list = try scene("scene:\n  list: {rows: 4, rowHeight: 44, keyboard: {height: 300}}\n").root
        guard case .list(let spec) = list.kind else { Issue.record("not a list"); return }
        #expect(spec.has(.keyboard) && !spec.has(.refresh) && spec.keyboard?.height == 300 && spec.refresh == nil)
    }

    @Test("A list describes itself by its axis and rows")
    func listDescription() throws {
        #expect(try scene("scene:\n  list: {rows: 40, rowHeight: 44}\n").root.briefDescription == "a vertical list of 40 rows")
        #expect(try scene("scene:\n  list: {rows: 12, rowHeight: 44, axis: horizontal}\n").root.briefDescription == "a horizontal list of 12 rows")
    }
}
