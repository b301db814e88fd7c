import Foundation
import FlickPhysics

extension NumberRule {
    /// A size on screen.
    static let length = NumberRule.positive.upTo(ScenarioDecoder.maximumLength)
    /// An inset, a radius or a gap.
    static let margin = NumberRule.nonNegative.upTo(ScenarioDecoder.maximumLength)
    static let coordinate = NumberRule.finite.within(-ScenarioDecoder.maximumLength, ScenarioDecoder.maximumLength)
    static let offset = NumberRule.finite.within(-ScenarioDecoder.maximumContentLength, ScenarioDecoder.maximumContentLength)
    static let rowHeight = NumberRule.positive.within(ScenarioDecoder.minimumRowHeight, ScenarioDecoder.maximumLength)
    static let seconds = NumberRule.range(0, 600, lowOpen: true, highOpen: false)
    static let openUnit = NumberRule.range(0, 1, lowOpen: true, highOpen: true)
}

/// The model's own defaults, read from values made with the public initialisers' defaults: the decoder states none.
/// Each kind adds its spec's in its folder (`Components/<Kind>/<Kind>Format.swift`).
enum Defaults {
    static let placeholder = Component.stack(StackSpec(children: []))
    static let scenario = Scenario(name: "", duration: 1, scene: Scene(root: placeholder))
}

/// The scenario file format as the decoder reads it (docs/scenario-format.md): each key once, with its kind of
/// value, its default and its meaning.
final class ScenarioFormat {
    let defaultName: String
    let names = ComponentNames()
    /// Values made once per depth rather than once per page (a file may hold thousands); they hold `self`, so
    /// `read` drops them when it is done.
    private var contentValues: [Int: Value<Component>] = [:]
    private var componentValues: [Int: Value<Component>] = [:]

    init(defaultName: String) { self.defaultName = defaultName }

    /// Reads a whole document.
    func read(_ root: Field) -> Scenario? {
        defer { (contentValues, componentValues) = ([:], [:]) }
        return scenario.read(root)
    }

    var scenario: Value<Scenario> {
        .object("scenario", "A scenario: a scene, the gestures performed on it, and how to sample it.") { m in
            let d = Defaults.scenario
            let name = m.optional("name", Self.name, "Names the output folder. Default: the file's name without its extension.")
            let viewport = m.required("viewport", self.viewport, "The screen.")
            let fps = m.value("fps", .number(.closed(1, 240)), default: d.fps, "Frames per second of the sampled sequence.")
            let duration = m.required("duration", .number(.seconds), "Seconds; frames are at t = i/fps for i = 0 … round(duration·fps).")
            let touchRate = m.value("touchRate", .number(.closed(1, 1000)), default: d.touchRate,
                                    "Touch samples per second fed to the velocity tracker.")
            let physics = m.value("physics", self.physics, default: d.physics, Self.physicsDoc)
            let theme = m.value("theme", .choice, default: d.theme, "The colours.")
            let statusBar = m.value("statusBar", .choice, default: d.statusBar,
                                    "The status bar's text and icons: `dark`, `light`, or `auto`, black or white by the mean luminance of what is drawn under the bar (as the home indicator's).")
            let font = m.optional("font", Self.font, "A font file of your own for the scene's text. Default: DejaVu Sans, the same on every machine.")
            let scene = m.required("scene", self.scene, "What is on screen: one root component over a background.")
            var frames = fps.flatMap { fps in duration.map { Int(($0 * fps).rounded()) + 1 } }
            if let count = frames, let fps, let duration, count > ScenarioDecoder.maximumFrames {
                m.fail("duration", "duration \(say(duration)) s at \(say(fps)) fps gives \(count) frames; the limit is \(ScenarioDecoder.maximumFrames)")
                frames = nil
            }
            let gestures = m.value("gestures", self.gestures(duration: duration, touchRate: touchRate, viewport: viewport),
                                   default: d.gestures, "What the finger (or the window) does; one finger, so they may not overlap.")
            let references = m.value("reference", self.references, default: [],
                                     "Motion recorded on a device for state paths: `flick states` measures the residual, the motion plot draws it, `flick fit` fits the physics to it (docs/scenario-format.md, \"References\").")
            let expect = m.value("expect", self.expectations(duration: duration, fps: fps, references: references?.map(\.reference)),
                                 default: [], "Checks on the simulated states, run by `flick test`.")
            let goldens = m.optional("goldens", self.goldens(frameCount: frames, viewport: viewport, gestures: gestures),
                                      "What `flick test` compares with stored goldens: frames as images, states as numbers.")
            let sweep = m.value("sweep", Self.sweep, default: [],
                                "Variants of this scenario that `flick render` and `flick states` run side by side (docs/sweeps.md); `--set` adds keys or replaces their values.")
            // Every frame holds every tab (a CSV column each, a golden's path each): bound tabs × frames before anything runs.
            if let scene, let count = frames {
                let tabs = scene.root.allComponents.reduce(0) { $0 + $1.tabStates }
                if tabs * count > ScenarioDecoder.maximumTabFrames {
                    m.fail("duration", "\(tabs) tabs over \(count) frames would make \(tabs * count) tab states (every frame holds every tab: a CSV column each); "
                        + "the limit is \(ScenarioDecoder.maximumTabFrames): shorten duration, lower fps or use fewer pages")
                }
            }
            let namesOK = self.names.check()
            guard !m.failed, namesOK, let viewport, let fps, let duration, let touchRate, let physics, let theme, let statusBar, let scene,
                  let gestures, let expect, let sweep, let references else { return nil }
            var scenario = Scenario(name: name ?? self.defaultName, viewport: viewport, fps: fps, duration: duration,
                                    touchRate: touchRate, physics: physics, theme: theme, scene: scene, gestures: gestures,
                                    expectations: expect.map(\.located), goldens: goldens?.located)
            scenario.sweep = sweep.map(\.axis)
            scenario.references = references.map(\.reference)
            scenario.font = font
            scenario.statusBar = statusBar
            // Decoding runs no simulation: the runner checks each expectation's, reference's and states golden's
            // path on the scene's first frame (FlickRunner's ExpectationPaths), with the place recorded here.
            return scenario
        }
    }

    private static var name: Value<String> {
        Value.text(maxLength: 128).map { name, field in
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
            guard !name.isEmpty, !name.hasPrefix("."), name.unicodeScalars.allSatisfy({ allowed.contains($0) && $0.isASCII }) else {
                field.fail("expected a name of letters, digits, '-', '_' and '.' (it names the output folder), found \"\(Field.truncated(name))\"")
                return nil
            }
            return name
        }
    }

    // MARK: Viewport and settings

    private var viewport: Value<Viewport> {
        .object("viewport", "The screen: its size in points, pixels per point and safe area, or a device's.") { m in
            let device = m.optional("device", Self.device, "A device whose size, scale and safe area this takes (`flick devices` lists them); the other keys override them.")?.viewport
            let width = m.required("width", .number(.length), "Points.", orElse: device?.width, unless: "device")
            let height = m.required("height", .number(.length), "Points.", orElse: device?.height, unless: "device")
            let scale = m.value("scale", .number(.range(0, 8, lowOpen: true, highOpen: false)), default: device?.scale ?? Viewport.defaultScale,
                                "Pixels per point of the device (the device's, with a device): the images' unless a render draws at another `--scale`, and always the physics' pixel, at half of which motion comes to rest.")
            let safeArea = m.value("safeArea", Self.insets, default: device?.safeArea ?? .zero,
                                   "Insets kept clear of content: status bar, home indicator (the device's, with a device).")
            guard !m.failed, let width, let height, let scale, let safeArea else { return nil }
            if let problem = ScenarioDecoder.imageProblem(Size(width: width, height: height), scale: scale) {
                m.fail(problem)
            } else if safeArea.top + safeArea.bottom >= height || safeArea.left + safeArea.right >= width {
                m.fail("safeArea", "the safe area leaves no room inside a \(say(width))×\(say(height)) viewport")
            }
            return Viewport(width: width, height: height, scale: scale, safeArea: safeArea)
        }
    }

    private static var device: Value<DevicePreset> {
        Value(shape: .words(DevicePreset.all.map(\.name)), read: { field in
            guard let name = field.string(maxLength: ScenarioDecoder.maximumTextLength) else { return nil }
            if let device = DevicePreset.named(name) { return device }
            let suggestion = closest(to: name, in: DevicePreset.all.map(\.name)).map { " (did you mean \"\($0)\"?)" } ?? ""
            field.fail("no device is named \"\(Field.truncated(name))\"\(suggestion); flick devices lists them")
            return nil
        })
    }

    static var insets: Value<EdgeInsets> {
        let value = Value<EdgeInsets>.object("insets", "Distances from the four edges, in points.") { m in
            let z = EdgeInsets.zero
            let top = m.value("top", .number(.margin), default: z.top, "Points.")
            let left = m.value("left", .number(.margin), default: z.left, "Points.")
            let bottom = m.value("bottom", .number(.margin), default: z.bottom, "Points.")
            let right = m.value("right", .number(.margin), default: z.right, "Points.")
            guard let top, let left, let bottom, let right else { return nil }
            return EdgeInsets(top: top, left: left, bottom: bottom, right: right)
        }
        return Value(shape: value.shape, read: value.read, encode: { i in
            .object([("top", .number(i.top)), ("left", .number(i.left)), ("bottom", .number(i.bottom)), ("right", .number(i.right))])
        })
    }

    private var physics: Value<PhysicsSettings> {
        .object("physics", Self.physicsDoc) { m in
            let d = Defaults.scenario.physics
            let preset = m.value("preset", .choice, default: d.preset,
                                 "Whose rules lists, pagers and sheets follow: uikit, floatingpanel (sheets), flutter-ios, flutter-android or android (docs/physics.md, \"Presets\").")
            let refreshRate = m.value("refreshRate", .number(.closed(1, 480)), default: d.refreshRate,
                                      "Display refreshes per second: FloatingPanel steps its spring once per refresh (60 on older phones).")
            let rate = m.value("decelerationRate", Self.decelerationRate, default: d.decelerationRate,
                               "UIScrollView's rate: normal (0.998), fast (0.99), or the factor velocity keeps every millisecond (uikit and floatingpanel lists, snapped pagers; it also shortens the edge bounce). UIKit's sheets project with their own 0.99.")
            let rubberBand = m.optional("rubberBand", .number(.range(0, 10, lowOpen: true, highOpen: false)),
                                        "The rubber band's coefficient (0.55) where the preset rubber-bands. Default: the preset's.")
            let friction = m.optional("friction", .number(.openUnit),
                                      "The fling's friction of flutter-android (ClampingScrollSimulation) and android (OverScroller), 0.015. Default: the preset's.")
            let minFling = m.optional("minFlingVelocity", .number(.nonNegative.upTo(ScenarioDecoder.maximumLength)),
                                      "The slowest release that counts as a fling, pt/s, for the presets with a fling gate (Flutter 100 or 50, Android 50). Default: the preset's.")
            let sheetSpring = m.optional("sheetSpring", Self.sheetSpring,
                                         "The spring that settles sheets: uikit replaces each sheet's `spring`; floatingpanel its attraction spring. Default: the preset's.")
            let redirect = m.optional("redirectionalProgress", .number(.closed(0, 1)),
                                      "FloatingPanel's redirectionalProgress (0.5): how far towards the next detent a release must project to go there.")
            let removal = m.optional("removalVelocity", .number(.positive.upTo(ScenarioDecoder.maximumLength)),
                                     "FloatingPanel's removalInteractionVelocityThreshold (5.5 per second): velocity ÷ distance to hidden that removes a card.")
            let bounce = m.optional("bounce", .number(.range(0, 1000, lowOpen: true, highOpen: false)),
                                    "The rate k (1/s) at which UIKit's edge bounce draws the overshoot back (uikit and floatingpanel lists, pagers, carousels). Default: UIKit's at the refreshRate, 9.997 at 60 Hz and 10.037 at 120 Hz, as device recordings fit it.")
            let pagingSpring = m.optional("pagingSpring", Self.sheetSpring,
                                          "A spring that settles a uikit page in place of UIKit's width-dependent paging motion (a field left out is response 0.3 s or dampingRatio 1). Default: UIKit's paging motion.")
            guard !m.failed, let preset, let refreshRate, let rate else { return nil }
            return PhysicsSettings(preset: preset, refreshRate: refreshRate, decelerationRate: rate, rubberBand: rubberBand,
                                   friction: friction, minFlingVelocity: minFling, sheetSpring: sheetSpring,
                                   redirectionalProgress: redirect, removalVelocity: removal, bounceRate: bounce,
                                   pagingSpring: pagingSpring)
        }
    }

    private static let physicsDoc = "Whose physics the components follow, and single constants that replace the preset's (each applies to the presets that have it)."

    private static var sheetSpring: Value<PhysicsSettings.SpringOverride> {
        .object("springOverride", "Either field of a spring that replaces the preset's (sheetSpring, pagingSpring).") { m in
            let rule = NumberRule.range(0, 10, lowOpen: true, highOpen: false)
            let response = m.optional("response", .number(rule), "The period of the undamped spring, in seconds.")
            let ratio = m.optional("dampingRatio", .number(rule), "1 is critical damping; below 1 it overshoots.")
            guard !m.failed else { return nil }
            return PhysicsSettings.SpringOverride(response: response, dampingRatio: ratio)
        }
    }

    private static var decelerationRate: Value<DecelerationRate> {
        Value(shape: .anyOf([.words(["normal", "fast"]), .number(.openUnit)]), read: { field in
            // The words in any style (`fast`, `"fast"`, `'fast'`: JSON has only quoted strings); a number plain.
            switch field.scalarText {
            case "normal":
                _ = field.reader.visit(field.path, field.mark)
                return .normal
            case "fast":
                _ = field.reader.visit(field.path, field.mark)
                return .fast
            default:
                guard let text = field.plainScalar, let value = Double(text), value.isFinite, NumberRule.openUnit.domainAdmits(value) else {
                    field.fail(expected: "normal, fast or a number in (0, 1)")
                    return nil
                }
                _ = field.reader.visit(field.path, field.mark)
                return DecelerationRate(value)
            }
        }, encode: { $0 == .normal ? .string("normal") : $0 == .fast ? .string("fast") : .number($0.rawValue) })
    }

    // MARK: Scene and components

    private var scene: Value<Scene> {
        .object("scene", "One root component over a background.") { m in
            let background = m.value("background", Self.background, default: Defaults.scenario.scene.background,
                                     "map, plain, a colour \"#rrggbb\" (also written {color: \"#rrggbb\"}), or {image: path} for a PNG or SVG file scaled to fill the viewport.")
            let root = self.component(in: m, depth: 1, allowSheet: true)
            guard let background, let root else { return nil }
            return Scene(background: background, root: root)
        }
    }

    private static var background: Value<Background> {
        let mapped = Value<Background>.object("backgroundColor", "A solid background colour.") { m in
            m.required("color", .color, "\"#rrggbb\".").map(Background.color)
        }
        let imaged = Value<Background>.object("backgroundImage", "A picture as the background, scaled to fill the viewport.") { m in
            m.required("image", Self.picture, "A PNG or SVG file, relative to the scenario file.").map(Background.image)
        }
        return Value(shape: .anyOf([.words(["map", "plain"]), Value.color.shape, mapped.shape, imaged.shape]), read: { field in
            switch field.node {
            case .scalar(let s) where s.string == "map": return .map
            case .scalar(let s) where s.string == "plain": return .plain
            case .scalar(let s) where s.string.hasPrefix("#"): return Value.color.read(field).map(Background.color)
            case .mapping where field.value(forKey: "image") != nil: return imaged.read(field)
            case .mapping: return mapped.read(field)
            default:
                field.fail(expected: "map, plain, a colour \"#rrggbb\" or {color: \"#rrggbb\"}")
                return nil
            }
        }, encode: {
            switch $0 {
            case .map: .string("map")
            case .plain: .string("plain")
            case .color(let c): .string(c)
            case .image(let path): .object([("image", .string(path))])
            }
        })
    }

    /// The components a content may hold: any but those only the root may be (a sheet).
    private static let contentKeys = ComponentKey.allCases.filter { $0.spec.onlyAtRoot == nil }
    private static let refusedInContent = Dictionary(uniqueKeysWithValues: ComponentKey.allCases.compactMap { key in
        key.spec.onlyAtRoot.map { (key.rawValue, $0) }
    })

    /// The one component key of a mapping (a scene, a sheet's or a page's content, a stack child).
    func component(in m: Mapping, depth: Int, allowSheet: Bool) -> Component? {
        let keys = allowSheet ? ComponentKey.allCases : Self.contentKeys
        return m.one(of: keys, { self.component($0, depth: depth) }, doc: { $0.doc },
                     none: "expected one component: \(keys.map { $0.rawValue }.joined(separator: ", "))",
                     several: { "expected one component, found \($0.count): \($0.joined(separator: ", "))" },
                     refusing: allowSheet ? [:] : Self.refusedInContent) { field in
            guard depth <= ScenarioDecoder.maximumComponentDepth else {
                field.fail("components nest more than \(ScenarioDecoder.maximumComponentDepth) deep")
                return false
            }
            return true
        }
    }

    func content(depth: Int) -> Value<Component> {
        if let value = contentValues[depth] { return value }
        let value = Value<Component>.object("content", "Holds one component (not a sheet).") { m in
            self.component(in: m, depth: depth + 1, allowSheet: false)
        }
        contentValues[depth] = value
        return value
    }

    private func component(_ key: ComponentKey, depth: Int) -> Value<Component> {
        let index = depth * 16 + (ComponentKey.allCases.firstIndex(of: key) ?? 0)
        if let value = componentValues[index] { return value }
        let value = Value<Component>.object(key.rawValue, key.doc) { m in
            let slot = self.names.open(key, path: m.path)
            let id = m.optional("id", Self.identifier, "Names its states in the frame document (and for `tracks`). Default: its kind, numbered in document order among those without an id (list, list2, …).")
            let kind = key.spec.read(m, depth: depth, format: self)?.kind
            self.names.name(slot, id: id, field: m.field("id"))
            return kind.map { Component($0, id: id) }
        }
        componentValues[index] = value
        return value
    }

    private static var identifier: Value<String> {
        let value = Value.text().map { id, field -> String? in
            guard !id.isEmpty, id.count <= 64,
                  id.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }) else {
                field.fail("expected an id of letters, digits, '-' and '_', found \"\(Field.truncated(id))\"")
                return nil
            }
            return id
        }
        return Value(shape: .string(maxLength: 64, pattern: "^[A-Za-z0-9_-]+$"), read: value.read)
    }
}

/// Every component's name in the frame document as `Scene` gives it (its id, else its kind numbered in document
/// order among those without one), with where it is in the file: ids must not clash, and `tracks` must name a scroll
/// view.
final class ComponentNames {
    private struct Slot {
        var key: ComponentKey
        var path: String
        var id: String?
        var idField: Field?
    }
    private var slots: [Slot] = []
    private var tracks: [(String, Field)] = []

    /// A component begins (in document order, before the components inside it).
    func open(_ key: ComponentKey, path: String) -> Int {
        slots.append(Slot(key: key, path: path))
        return slots.count - 1
    }

    func name(_ slot: Int, id: String?, field: Field?) { (slots[slot].id, slots[slot].idField) = (id, field) }

    func expectTrack(_ id: String, field: Field) { tracks.append((id, field)) }

    /// Reports ids used twice (or taking the name of a component without one) and `tracks` naming no scroll view;
    /// false when it reported any.
    func check() -> Bool {
        var ok = true
        var owners: [String: Slot] = [:]
        var counts: [ComponentKey: Int] = [:]
        for slot in slots where slot.id == nil {
            let n = (counts[slot.key] ?? 0) + 1
            counts[slot.key] = n
            let name = n == 1 ? slot.key.rawValue : "\(slot.key.rawValue)\(n)"
            owners[name] = owners[name] ?? slot
        }
        for slot in slots {
            guard let id = slot.id, let field = slot.idField else { continue }
            if let owner = owners[id] {
                let noun = owner.key.isScrollView ? "scroll view" : owner.key.rawValue
                field.fail("id \"\(id)\" is already the name of the \(noun) at \(owner.path.isEmpty ? "the root" : owner.path)")
                ok = false
            }
            owners[id] = slot
        }
        let scrollViews = owners.filter { $0.value.key.isScrollView }.keys.sorted()
        for (id, field) in tracks where !scrollViews.contains(id) {
            field.fail("no scroll view has the id \"\(Field.truncated(id))\"; scroll views: \(scrollViews.isEmpty ? "none" : scrollViews.joined(separator: ", "))")
            ok = false
        }
        return ok
    }
}
