import Foundation
import FlickPhysics

/// A component of the scene tree: one kind (one key of the scenario file) with its spec, and the name its
/// states go by.
public struct Component: Sendable {
    /// The `id` given in the scenario, if any.
    public var id: String?
    /// The name of its states in the frame document: its `id`, else its kind numbered in document order among
    /// the components of that kind without an id (`list`, `list2`, …). Set by `Scene`.
    public internal(set) var key: String
    public var kind: ComponentKind

    public init(_ kind: ComponentKind, id: String? = nil) {
        self.kind = kind
        self.id = id
        self.key = id ?? kind.name
    }

    /// The components directly inside this one, in document order.
    public var children: [Component] { kind.spec.components }

    /// Calls `body` on each direct child, in document order, letting it change the child.
    mutating func updateChildren(_ body: (inout Component) -> Void) {
        var spec = kind.spec
        spec.updateChildren(body)
        kind = spec.kind
    }

    mutating func assignKeys(counts: inout [String: Int]) {
        if let id {
            key = id
        } else {
            let n = (counts[kind.name] ?? 0) + 1
            counts[kind.name] = n
            key = n == 1 ? kind.name : "\(kind.name)\(n)"
        }
        updateChildren { $0.assignKeys(counts: &counts) }
    }

    /// This component and every one inside it, in document order.
    public var allComponents: [Component] { [self] + children.flatMap(\.allComponents) }
}

/// What a component is: one case per key of the scenario file, holding the kind's spec.
///
/// The kinds are listed here and in `ComponentKey`, and nowhere else: every layer asks a kind about itself
/// through its spec's `ComponentSpec` conformance (in the kind's folder), which `spec` hands out. A new case makes
/// the compiler point to `spec`, and to the one switch of each layer that draws it (FlickRender's
/// `ComponentDrawing`).
public indirect enum ComponentKind: Sendable {
    case list(ListSpec)
    case pager(PagerSpec)
    case stack(StackSpec)
    case sheet(SheetSpec)
    case carousel(CarouselSpec)
    case navigationBar(NavigationBarSpec)

    /// The spec, which answers for its kind: FlickCore's one switch over the kinds.
    var spec: any ComponentSpec {
        switch self {
        case .list(let spec): spec
        case .pager(let spec): spec
        case .stack(let spec): spec
        case .sheet(let spec): spec
        case .carousel(let spec): spec
        case .navigationBar(let spec): spec
        }
    }

    /// The key that introduces this component in a scenario file.
    public var name: String { type(of: spec).key.rawValue }
}

/// The keys that introduce a component, one for each case of `ComponentKind`: what the decoder offers before it
/// has read a spec.
enum ComponentKey: String, CaseIterable {
    case list, pager, stack, sheet, carousel, navigationBar

    /// The spec type that reads the key and answers for the kind.
    var spec: any ComponentSpec.Type {
        switch self {
        case .list: ListSpec.self
        case .pager: PagerSpec.self
        case .stack: StackSpec.self
        case .sheet: SheetSpec.self
        case .carousel: CarouselSpec.self
        case .navigationBar: NavigationBarSpec.self
        }
    }

    init(_ kind: ComponentKind) { self = type(of: kind.spec).key }

    /// Whether it scrolls (and so a sheet's `tracks` may name it).
    var isScrollView: Bool { spec.isScrollView }
    var doc: String { spec.doc }
    /// Whether a frame has a state under its key (a scroll view's or its kind's own); a stack has none.
    var hasState: Bool { spec.hasState }
}

/// What a kind of component is, for every layer: its key and how it is read, what it holds, its node in the
/// simulation, and the facts the review, the renderer and the checker read of it. Each kind's spec conforms in
/// the kind's folder (`Components/<Kind>/<Kind>Kind.swift`); nothing asks a kind by casting or by its name.
protocol ComponentSpec: Sendable {
    /// The key that introduces it in a scenario file.
    static var key: ComponentKey { get }
    /// What it is, in docs/scenario-format.md and the JSON Schema.
    static var doc: String { get }
    /// Whether it scrolls itself (a sheet's `tracks` may name it; an id taken from it is a scroll view's).
    static var isScrollView: Bool { get }
    /// Whether it may only be the scene's root (a sheet), with the reason the decoder gives elsewhere.
    static var onlyAtRoot: String? { get }
    /// Whether a frame has a state under its key (`scrollViews.KEY` or its kind's collection); true unless it only
    /// lays out its children.
    static var hasState: Bool { get }
    /// Reads its keys from `m`, a component nested `depth` deep (docs/scenario-format.md); nil after reporting
    /// a problem.
    static func read(_ m: Mapping, depth: Int, format: ScenarioFormat) -> Self?

    /// This spec as a component kind.
    var kind: ComponentKind { get }
    /// The components directly inside it, in document order.
    var components: [Component] { get }
    /// Calls `body` on each direct child, in document order, letting it change the child.
    mutating func updateChildren(_ body: (inout Component) -> Void)
    /// Its node in the simulation, named `key`.
    func node(key: String, builder: SceneBuilder) -> ComponentNode

    /// The axis it scrolls along; nil when it does not scroll itself.
    var scrollAxis: Axis? { get }
    /// The names of its pages (a pager's tabs, a carousel's cards); nil when it does not page.
    var pageTitles: [String]? { get }
    /// How many tab states each frame of its state holds (a pager's tabs; 0 by default): what the decoder bounds.
    var tabStates: Int { get }
    /// Every icon it and the components inside it name, in document order, with its key path in the scenario
    /// file (`path` is the component's own, `scene.pager`).
    func icons(at path: String) -> [(name: String, keyPath: String)]
    /// Every picture file it and the components inside it name, in document order, with its key path in the
    /// scenario file (`path` is the component's own, `scene.pager`): `scene.pager.pages[1].image`.
    func pictures(at path: String) -> [(file: String, keyPath: String)]
    /// Every text it and the components inside it draw from the scenario (titles, rows read from a file), in
    /// document order, with its key path in the scenario file (`path` is the component's own, `scene.pager`).
    func texts(at path: String) -> [(text: String, keyPath: String)]

    /// Whether a pull past its lowest detent dismisses it (a dismissible sheet, a card; false by default).
    var isDismissible: Bool { get }
    /// What the keys of the behaviours attached to it hold, by key (a list's `attachmentSpecs`; none by default):
    /// each behaviour's folder names its own spec type, which `Component.attachment(of:)` looks for.
    var attachmentSpecs: [String: any Sendable] { get }
    /// How it is presented over the scene's background (a sheet: its detents, spring and dismissal); nil when it is
    /// not presented but fills its frame with content.
    var presentedSheet: SheetSpec? { get }
    /// Whether its tabs have widths given in the file (a pager's `tabBar.widths`), so that its tab indicator
    /// interpolates between the tabs' origins; false by default.
    var hasGivenTabWidths: Bool { get }
    /// What it is, in a few words for a scenario's one-line description (`flick examples`): "a sheet" by default,
    /// "a vertical list of 40 rows".
    var briefDescription: String { get }
}

extension ComponentSpec {
    static var onlyAtRoot: String? { nil }
    static var hasState: Bool { true }
    var components: [Component] { [] }
    mutating func updateChildren(_ body: (inout Component) -> Void) {}
    var scrollAxis: Axis? { nil }
    var pageTitles: [String]? { nil }
    var tabStates: Int { 0 }
    func icons(at path: String) -> [(name: String, keyPath: String)] { [] }
    func pictures(at path: String) -> [(file: String, keyPath: String)] { [] }
    func texts(at path: String) -> [(text: String, keyPath: String)] { [] }
    var isDismissible: Bool { false }
    var attachmentSpecs: [String: any Sendable] { [:] }
    var presentedSheet: SheetSpec? { nil }
    var hasGivenTabWidths: Bool { false }
    var briefDescription: String { "a \(Self.key.rawValue)" }
}

extension Component {
    /// The axis it scrolls along; nil when it does not scroll itself.
    public var scrollAxis: Axis? { kind.spec.scrollAxis }
    /// The names of its pages (a pager's tabs, a carousel's cards); nil when it does not page.
    public var pageTitles: [String]? { kind.spec.pageTitles }
    /// How many tab states each frame of its state holds (a pager's tabs).
    var tabStates: Int { kind.spec.tabStates }
    /// Whether a pull past its lowest detent dismisses it (a dismissible sheet, a card).
    public var isDismissible: Bool { kind.spec.isDismissible }
    /// What it has attached of the behaviour whose spec type is `Spec` (the `ListAttachment.Spec` its behaviour's folder
    /// declares); nil when it has none. Each behaviour's spec type is its own, so at most one matches.
    public func attachment<Spec: Sendable>(of type: Spec.Type) -> Spec? {
        kind.spec.attachmentSpecs.sorted { $0.key < $1.key }.lazy.compactMap { $0.value as? Spec }.first
    }
    /// How it is presented over the scene's background (a sheet: its detents, spring and dismissal); nil when it is
    /// not presented but fills its frame with content.
    public var presentedSheet: SheetSpec? { kind.spec.presentedSheet }
    /// Whether its tabs have widths given in the file (a pager's `tabBar.widths`).
    public var hasGivenTabWidths: Bool { kind.spec.hasGivenTabWidths }
    /// What it is, in a few words: "a sheet", "a vertical list of 40 rows".
    public var briefDescription: String { kind.spec.briefDescription }
    /// Every icon named in it and the components inside it, in document order, with its key path in the
    /// scenario file (`parent` is the path of the mapping that holds it: `scene`).
    public func icons(at parent: String) -> [(name: String, keyPath: String)] {
        kind.spec.icons(at: "\(parent).\(kind.name)")
    }
    /// Every picture file named in it and the components inside it, in document order, with its key path in the
    /// scenario file (`parent` is the path of the mapping that holds it: `scene`).
    public func pictures(at parent: String) -> [(file: String, keyPath: String)] {
        kind.spec.pictures(at: "\(parent).\(kind.name)")
    }
    /// Every text from the scenario that it and the components inside it draw, in document order, with its key
    /// path in the scenario file (`parent` is the path of the mapping that holds it: `scene`).
    public func texts(at parent: String) -> [(text: String, keyPath: String)] {
        kind.spec.texts(at: "\(parent).\(kind.name)")
    }
}
