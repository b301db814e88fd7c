import Foundation
import FlickPhysics

// The keys of the component (docs/scenario-format.md): they drive the decoder, the JSON Schema and the docs.
extension ScenarioFormat {
    func sheet(_ m: Mapping, depth: Int) -> SheetSpec? {
        let d = Defaults.sheet
        let detents = m.required("detents", .list(of: detent, minCount: 1), "The sheet's resting heights, each with a name.")
        let initial = m.required("initial", .text(), "The name of the detent it starts at.")
        let header = m.optional("header", header, "A header above the content; dragging it moves the sheet.")
        let image = m.optional("image", Self.picture, "A PNG or SVG file, relative to the scenario file, scaled to fill the sheet under its content.")
        let content = m.required("content", content(depth: depth), "The sheet's component.", orElse: Defaults.placeholder, unless: "image")
        let dismissible = m.value("dismissible", .bool, default: d.dismissible, "A card: dragged down past its lowest detent, it leaves.")
        let dismiss = m.value("dismiss", dismiss, default: d.dismiss, "When a released card leaves.")
        let tracks = m.optional("tracks", .text(), "The id of the scroll view a card watches for dismissal. Default: the first inside it.")
        let spring = m.value("spring", spring, default: d.spring, "The spring that settles the sheet at a detent.")
        let dimming = m.optional("dimming", dimming, "Dims the background as the sheet rises.")
        let cornerRadius = m.value("cornerRadius", .number(.margin), default: d.cornerRadius, "Points.")
        let grabber = m.value("grabber", .bool, default: d.grabber, "Draws the grabber at the top.")
        let across = m.value("projectsAcrossDetents", .bool, default: d.projectsAcrossDetents,
                             "Lifts the rule that a release moves at most one detent past the segment the sheet is in when the finger lifts.")
        let presentation = m.value("presentation", .choice, default: d.presentation,
                                   "What is drawn behind it: plain, or deck (DeckTransition's look behind a card: the background scaled down over black; needs dismissible).")
        // Names are checked once the detents are all right: saying no detent has a name would only repeat a problem.
        var names: [String: Field] = [:]
        for (detent, item) in zip(detents ?? [], m.field("detents")?.items ?? []) {
            if let first = names[detent.name] {
                item.value(forKey: "name")?.fail("duplicate detent name \"\(Field.truncated(detent.name))\" (first at \(first.path))")
            } else {
                names[detent.name] = item
            }
        }
        let checked = detents != nil && names.count == detents?.count
        func check(_ name: String?, _ field: Field?) -> Bool {
            guard checked, let name, names[name] == nil else { return true }
            field?.fail("no detent is named \"\(Field.truncated(name))\"; detents: \(names.keys.sorted().joined(separator: ", "))")
            return false
        }
        let dimmingField = m.field("dimming")
        let namesOK = [check(dimming?.from, dimmingField?.value(forKey: "from")) && check(dimming?.to, dimmingField?.value(forKey: "to")),
                       check(initial, m.field("initial"))]
        guard !namesOK.contains(false), !m.failed, checked, let detents, let initial, let content, let dismissible, let dismiss, let spring, let cornerRadius,
              let grabber, let across, let presentation else { return nil }
        if presentation == .deck && !dismissible {
            m.fail("presentation", "deck is the look behind a card; add `dismissible: true` or use `presentation: plain`")
            return nil
        }
        if let tracks, let field = m.field("tracks") { self.names.expectTrack(tracks, field: field) }
        var spec = SheetSpec(detents: detents, initial: initial, header: header, content: content, dismissible: dismissible,
                             dismiss: dismiss, tracks: tracks, spring: spring, dimming: dimming, cornerRadius: cornerRadius,
                             grabber: grabber, projectsAcrossDetents: across, presentation: presentation)
        spec.image = image
        return spec
    }

    var detent: Value<Detent> {
        .object("detent", "A resting height of a sheet: `height`, `fraction` or `top`.") { m in
            let name = m.required("name", .text(), "Named by `initial`, `dimming` and the sheet's state.")
            let height = m.optional("height", .number(.length), "Points of sheet visible above the viewport's bottom edge.")
            let fraction = m.optional("fraction", .number(.range(0, 1, lowOpen: true, highOpen: false)),
                                      "The visible height as a fraction of the viewport's height.")
            let top = m.optional("top", .number(.length), "Points from the viewport's top edge down to the sheet's top.")
            m.exactlyOne([["height"], ["fraction"], ["top"]])
            let given = ["height", "fraction", "top"].filter(m.has)
            if given.count != 1 {
                m.fail(given.isEmpty ? "expected height, fraction or top" : "expected one of height, fraction, top, not \(given.joined(separator: " and "))")
            }
            guard let name, let measure = height.map(Detent.Measure.height) ?? fraction.map(Detent.Measure.fraction)
                    ?? top.map(Detent.Measure.top) else { return nil }
            return Detent(name: name, measure)
        }
    }

    var header: Value<SheetHeader> {
        .object("header", "A sheet's header.") { m in
            let height = m.required("height", .number(.margin), "Points.")
            let title = m.value("title", .text(), default: SheetHeader(height: 0).title, "Drawn in the header.")
            let buttons = m.value("buttons", .list(of: .text()), default: SheetHeader(height: 0).buttons,
                                  "Titles of buttons drawn at the header's trailing edge, in order (`[Filters]`); none by default.")
            guard let height, let title, let buttons else { return nil }
            return SheetHeader(height: height, title: title, buttons: buttons)
        }
    }

    var dismiss: Value<DismissSettings> {
        .object("dismiss", "When a released card leaves.") { m in
            let d = DismissSettings()
            let distance = m.value("distance", .number(.length), default: d.distance, "Released this far (points) below its lowest detent.")
            let velocity = m.value("velocity", .number(.length), default: d.velocity, "Released faster than this downwards (points per second).")
            guard let distance, let velocity else { return nil }
            return DismissSettings(distance: distance, velocity: velocity)
        }
    }

    var spring: Value<Spring> {
        .object("spring", "A spring by its response and damping ratio (SwiftUI's parameters).") { m in
            let rule = NumberRule.range(0, 10, lowOpen: true, highOpen: false)
            let response = m.value("response", .number(rule), default: Spring.standard.response, "The period of the undamped spring, in seconds.")
            let ratio = m.value("dampingRatio", .number(rule), default: Spring.standard.dampingRatio, "1 is critical damping; below 1 it overshoots.")
            guard let response, let ratio else { return nil }
            return Spring(response: response, dampingRatio: ratio)
        }
    }

    var dimming: Value<DimmingSpec> {
        .object("dimming", "Dims the background between two detents.") { m in
            let from = m.required("from", .text(), "The detent at which dimming is 0.")
            let to = m.required("to", .text(), "The detent at which dimming reaches `alpha`.")
            let alpha = m.value("alpha", .number(.closed(0, 1)), default: DimmingSpec(from: "", to: "").alpha, "The darkest dimming.")
            guard let from, let to, let alpha else { return nil }
            return DimmingSpec(from: from, to: to, alpha: alpha)
        }
    }
}

extension Defaults {
    static let sheet = SheetSpec(detents: [], initial: "", content: Defaults.placeholder)
}
