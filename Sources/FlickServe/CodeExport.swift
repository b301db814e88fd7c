import FlickCore
import FlickPhysics
import FlickOutput
import Foundation

/// The physics a run simulated, as code for the frameworks people ship in (docs/review-page.md, "Export").
///
/// It exports what the simulation used: the preset's rules with the scenario's overrides
/// (`PhysicsSettings.rules`), for the components the scene has: the lists' deceleration, each pager's or carousel's
/// paging motion, the first sheet's spring and detents. A value is converted into each library's parameters; the
/// spring conversions are FlickPhysics' (`SpringConversions.swift`, which cites each formula), FloatingPanel's
/// `springDecelerationRate` is the rate whose damping ratio `NumericSpringAnimator` computes as the spring's
/// (scenee/FloatingPanel `Sources/Core.swift`: `ζ = ln(rate) / (−2π·(1/response)·0.001)`).
public enum CodeExport {
    /// What is exported, read from the scenario and its rules.
    public struct Physics: Sendable {
        /// The preset's rules with the overrides, at the device's scale.
        public var rules: PhysicsPreset
        /// Whether the scene has a scroll view that does not page (a list).
        public var hasList: Bool
        /// Each paging scroll view (pager, carousel): its key, its width along the paging axis, and its settle.
        public var pagers: [(key: String, width: Double)]
        /// The first sheet.
        public var sheet: SheetSpec?
        public var viewportHeight: Double

        public init(_ scenario: Scenario) {
            rules = scenario.physics.rules(scale: scenario.viewport.deviceScale)
            viewportHeight = scenario.viewport.height
            var pagers: [(String, Double)] = []
            let components = scenario.scene.root.allComponents
            // The components that page (a pager's tabs, a carousel's cards) are those with page titles.
            let paging = components.filter { $0.pageTitles != nil }
            if !paging.isEmpty {
                // The width UIKit's paging constants depend on is the scroll view's, as laid out at the start.
                let start = Simulation(scenario: scenario).state(at: 0)
                for component in paging {
                    let width = start.scrollView(component.key)?.frame.width ?? scenario.viewport.width
                    pagers.append((component.key, width))
                }
            }
            // The lists are the scroll views that do not page: they decelerate freely. The sheet is the first
            // component presented over the scene.
            hasList = components.contains { $0.scrollAxis != nil && $0.pageTitles == nil }
            sheet = components.lazy.compactMap(\.presentedSheet).first
            self.pagers = pagers
        }

        /// The spring a released page settles with, and whether it is the system's own paging motion (UIKit's
        /// `isPagingEnabled`, Flutter's `PageScrollPhysics`) rather than a spring of the scenario's.
        public func pagingSpring(width: Double) -> (spring: Spring, native: Bool) {
            switch rules.paging.settle {
            case .uikit: (UIKitPaging(width: width).spring, true)
            case .spring(let spring, _): (spring, false)
            case .flutterSpring(let spring, _): (spring, true)
            }
        }

        /// The spring that settles the sheet: its own with `physics.sheetSpring` over it (`uikit`); FloatingPanel's
        /// attraction after a fast release (response `springResponseTime`, the damping ratio its rate gives); nil
        /// for Flutter's snapping, which is no spring.
        public var sheetSpring: Spring? {
            guard let sheet else { return nil }
            switch rules.sheet.target {
            case .uikit:
                return Spring(response: rules.sheet.springResponse ?? sheet.spring.response,
                              dampingRatio: rules.sheet.springDampingRatio ?? sheet.spring.dampingRatio)
            case .floatingPanel(let behavior):
                return Spring(response: behavior.springResponseTime,
                              dampingRatio: CodeExport.floatingPanelRatio(rate: behavior.springDecelerationRate,
                                                                          response: behavior.springResponseTime))
            case .flutterSnapping:
                return nil
            }
        }

        /// FloatingPanel's behaviour for the sheet: the preset's own under `floatingpanel`, else the sheet spring's
        /// response and ratio as FloatingPanel's spring, with FloatingPanel's other defaults.
        public var floatingPanel: FloatingPanelBehavior? {
            if case .floatingPanel(let behavior) = rules.sheet.target { return behavior }
            guard let spring = sheetSpring else { return nil }
            var behavior = FloatingPanelBehavior.default
            behavior.springResponseTime = spring.response
            behavior.springDecelerationRate = CodeExport.floatingPanelRate(dampingRatio: spring.dampingRatio,
                                                                           response: spring.response)
            return behavior
        }
    }

    /// `NumericSpringAnimator`'s damping ratio after a fast release: `ln(rate) / (−2π·(1/response)·0.001)`.
    public static func floatingPanelRatio(rate: Double, response: Double) -> Double {
        log(rate) / (-2 * Double.pi / response * NumericSpringAnimator.rateInterval)
    }

    /// The `springDecelerationRate` that gives `dampingRatio` with `response` (the inverse of `floatingPanelRatio`).
    public static func floatingPanelRate(dampingRatio: Double, response: Double) -> Double {
        exp(-2 * Double.pi / response * NumericSpringAnimator.rateInterval * dampingRatio)
    }

    /// One snippet per framework, in a fixed order; a framework with nothing to say for this scene is left out.
    public static func snippets(for scenario: Scenario) -> [(framework: String, code: String)] {
        let physics = Physics(scenario)
        return [("SwiftUI", swiftUI(physics)), ("UIKit", uiKit(physics)), ("FloatingPanel", floatingPanel(physics)),
                ("Flutter", flutter(physics)), ("Origami", origami(physics))]
            .compactMap { name, code in code.map { (name, $0) } }
    }

    // MARK: Frameworks

    private static func swiftUI(_ p: Physics) -> String? {
        var lines: [String] = []
        for pager in p.pagers {
            let (spring, native) = p.pagingSpring(width: pager.width)
            lines.append("// \(pager.key), \(n(pager.width)) pt wide: "
                         + (native ? "\(pagingName(p)); as a spring" : "pages settle with physics.pagingSpring"))
            if native, case .uikit = p.rules.paging.settle { lines.append(".scrollTargetBehavior(.paging)") }
            lines += swiftUISpring(spring)
        }
        if let spring = p.sheetSpring, let sheet = p.sheet {
            lines.append("// sheet" + (p.floatingPanelNote.map { " (\($0))" } ?? ""))
            lines += swiftUISpring(spring)
            lines.append(".presentationDetents([\(sheet.detents.map { swiftUIDetent($0, p.viewportHeight) }.joined(separator: ", "))])")
        }
        guard !lines.isEmpty else { return nil }
        return (["// SwiftUI"] + lines).joined(separator: "\n")
    }

    private static func swiftUISpring(_ spring: Spring) -> [String] {
        [".spring(response: \(n(spring.response)), dampingFraction: \(n(spring.dampingRatio)))",
         "// or, iOS 17: Spring(duration: \(n(spring.swiftUIDuration)), bounce: \(n(spring.swiftUIBounce)))",
         ".interpolatingSpring(mass: \(n(spring.mass)), stiffness: \(n(spring.stiffness)), damping: \(n(spring.damping)))"]
    }

    private static func uiKit(_ p: Physics) -> String? {
        var lines: [String] = []
        if p.hasList {
            if case .uikit(let rate) = p.rules.list.momentum {
                lines.append("scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: \(n(rate.rawValue)))")
            } else {
                lines.append("// lists: \(p.rules.system.rawValue)'s fling has no UIScrollView equivalent (see Flutter)")
            }
        }
        for pager in p.pagers {
            let (spring, native) = p.pagingSpring(width: pager.width)
            if native, case .uikit = p.rules.paging.settle {
                lines.append("// \(pager.key), \(n(pager.width)) pt wide: UIKit's paging motion (a spring of this stiffness and damping)")
                lines.append("scrollView.isPagingEnabled = true")
            } else {
                lines.append("// \(pager.key), \(n(pager.width)) pt wide: animate to the page with")
            }
            lines.append("let paging = " + uiKitSpring(spring))
        }
        if let spring = p.sheetSpring {
            lines.append("// sheet" + (p.floatingPanelNote.map { " (\($0))" } ?? ""))
            lines.append("let timing = " + uiKitSpring(spring))
            lines.append("let animator = UIViewPropertyAnimator(duration: 0, timingParameters: timing)")
        }
        guard !lines.isEmpty else { return nil }
        return (["// UIKit"] + lines).joined(separator: "\n")
    }

    private static func uiKitSpring(_ spring: Spring) -> String {
        "UISpringTimingParameters(mass: \(n(spring.mass)), stiffness: \(n(spring.stiffness)), damping: \(n(spring.damping)), initialVelocity: .zero)"
    }

    private static func floatingPanel(_ p: Physics) -> String? {
        guard let sheet = p.sheet, let behavior = p.floatingPanel else { return nil }
        var lines = ["// scenee/FloatingPanel: a FloatingPanelBehavior"]
        if case .uikit = p.rules.sheet.target {
            lines.append("// the sheet's spring as FloatingPanel's attraction after a release faster than 300 pt/s (slower ones are critically damped)")
        }
        lines += ["class SheetBehavior: FloatingPanelBehavior {",
                  "    let springDecelerationRate: CGFloat = \(n(behavior.springDecelerationRate, digits: 6))",
                  "    let springResponseTime: CGFloat = \(n(behavior.springResponseTime))",
                  "    let momentumProjectionRate: CGFloat = \(n(behavior.momentumProjectionRate))"]
        if sheet.dismissible {
            lines.append("    let removalInteractionVelocityThreshold: CGFloat = \(n(behavior.removalVelocityThreshold))")
        }
        lines += ["    func redirectionalProgress(_ fpc: FloatingPanelController, from: FloatingPanelState, to: FloatingPanelState) -> CGFloat { \(n(behavior.redirectionalProgress)) }",
                  "}"]
        lines += sheet.detents.map { "// \($0.name): \(anchor($0))" }
        return lines.joined(separator: "\n")
    }

    private static func flutter(_ p: Physics) -> String? {
        var lines: [String] = []
        if p.hasList {
            switch p.rules.list.momentum {
            case .flutterBouncing: lines.append("physics: const BouncingScrollPhysics(),")
            case .flutterClamping, .androidSpline: lines.append("physics: const ClampingScrollPhysics(),")
            case .uikit(let rate):
                lines.append("// lists: UIScrollView's deceleration at \(n(rate.rawValue)); Flutter's iOS list is BouncingScrollPhysics (0.998)")
            }
        }
        for pager in p.pagers {
            let (spring, native) = p.pagingSpring(width: pager.width)
            if native, case .flutterSpring = p.rules.paging.settle {
                lines.append("// \(pager.key): PageView's own PageScrollPhysics, whose spring is")
            } else {
                lines.append("// \(pager.key), \(n(pager.width)) pt wide: a PageScrollPhysics subclass with")
            }
            lines.append("@override SpringDescription get spring => const SpringDescription(mass: \(n(spring.mass)), stiffness: \(n(spring.stiffness)), damping: \(n(spring.damping)));")
        }
        if let sheet = p.sheet {
            if let spring = p.sheetSpring {
                lines.append("// sheet" + (p.floatingPanelNote.map { " (\($0))" } ?? ""))
                lines.append("const spring = SpringDescription(mass: \(n(spring.mass)), stiffness: \(n(spring.stiffness)), damping: \(n(spring.damping)));")
                lines.append("// = SpringDescription.withDampingRatio(mass: \(n(spring.mass)), stiffness: \(n(spring.stiffness)), ratio: \(n(spring.dampingRatio)))")
            } else {
                let sizes = sheet.detents.map { n($0.height(viewportHeight: p.viewportHeight) / p.viewportHeight) }
                lines.append("DraggableScrollableSheet(snap: true, snapSizes: [\(sizes.joined(separator: ", "))], builder: …)")
            }
        }
        guard !lines.isEmpty else { return nil }
        return (["// Flutter"] + lines).joined(separator: "\n")
    }

    private static func origami(_ p: Physics) -> String? {
        var lines: [String] = []
        for pager in p.pagers {
            let spring = p.pagingSpring(width: pager.width).spring
            lines.append("// \(pager.key)")
            lines.append("SpringConfig.fromOrigamiTensionAndFriction(\(n(spring.origamiTension)), \(n(spring.origamiFriction)))")
        }
        if let spring = p.sheetSpring {
            lines.append("// sheet")
            lines.append("SpringConfig.fromOrigamiTensionAndFriction(\(n(spring.origamiTension)), \(n(spring.origamiFriction)))")
        }
        guard !lines.isEmpty else { return nil }
        return (["// Origami / Rebound (tension and friction)"] + lines).joined(separator: "\n")
    }

    private static func pagingName(_ p: Physics) -> String {
        switch p.rules.paging.settle {
        case .uikit: "UIKit's paging motion"
        case .spring: "physics.pagingSpring"
        case .flutterSpring: "Flutter's PageScrollPhysics"
        }
    }

    /// The SwiftUI detent of a detent: its visible height, or its fraction of the screen.
    static func swiftUIDetent(_ detent: Detent, _ viewportHeight: Double) -> String {
        switch detent.measure {
        case .fraction(let f): ".fraction(\(n(f)))"
        case .height, .top: ".height(\(n(detent.height(viewportHeight: viewportHeight))))"
        }
    }

    /// The FloatingPanel layout anchor of a detent (FloatingPanelLayoutAnchor, reference guide the superview).
    static func anchor(_ detent: Detent) -> String {
        switch detent.measure {
        case .height(let h): "FloatingPanelLayoutAnchor(absoluteInset: \(n(h)), edge: .bottom, referenceGuide: .superview)"
        case .fraction(let f): "FloatingPanelLayoutAnchor(fractionalInset: \(n(f)), edge: .bottom, referenceGuide: .superview)"
        case .top(let t): "FloatingPanelLayoutAnchor(absoluteInset: \(n(t)), edge: .top, referenceGuide: .superview)"
        }
    }

    /// A number with at most `digits` decimals (4 unless told), without trailing zeros.
    static func n(_ x: Double, digits: Int = 4) -> String {
        NumberText.short(x, digits: digits, rounding: .printf)
    }
}

extension CodeExport.Physics {
    /// Under `floatingpanel`, the exported spring is its attraction after a fast release.
    var floatingPanelNote: String? {
        guard case .floatingPanel = rules.sheet.target else { return nil }
        return "FloatingPanel's attraction after a release faster than 300 pt/s; slower ones are critically damped"
    }
}
