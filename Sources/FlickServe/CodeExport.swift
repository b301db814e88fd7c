import FlickCore
import FlickPhysics
import Foundation

/// The physics of a run as code for the frameworks people ship in: the sheet's spring (the first sheet's own,
/// with `physics.sheetSpring` over it), the deceleration rate, and the sheet's detents. The spring conversions
/// are FlickPhysics' (`SpringConversions.swift`, which cites each formula).
public enum CodeExport {
    /// One snippet per framework, in a fixed order.
    public static func snippets(for scenario: Scenario) -> [(framework: String, code: String)] {
        let spring = sheetSpring(of: scenario)
        let rate = scenario.physics.decelerationRate.rawValue
        let detents = sheet(in: scenario.scene.root)?.detents ?? []
        let k = n(spring.stiffness), c = n(spring.damping), m = n(spring.mass)
        let response = n(spring.response), ratio = n(spring.dampingRatio)
        let detentLines = detents.map { "// \($0.name): \(anchor($0))" }.joined(separator: "\n")
        let swiftUI = """
        // SwiftUI
        .spring(response: \(response), dampingFraction: \(ratio))
        // or, iOS 17: Spring(duration: \(n(spring.swiftUIDuration)), bounce: \(n(spring.swiftUIBounce)))
        .interpolatingSpring(mass: \(m), stiffness: \(k), damping: \(c))
        """
        let uiKit = """
        // UIKit
        scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: \(n(rate)))
        let timing = UISpringTimingParameters(mass: \(m), stiffness: \(k), damping: \(c), initialVelocity: .zero)
        let animator = UIViewPropertyAnimator(duration: 0, timingParameters: timing)
        """
        let floatingPanel = """
        // scenee/FloatingPanel: a FloatingPanelBehavior
        class SheetBehavior: FloatingPanelBehavior {
            let springDecelerationRate: CGFloat = \(n(rate))
            let springResponseTime: CGFloat = \(response)
        }
        \(detentLines)
        """
        let flutter = """
        // Flutter
        const spring = SpringDescription(mass: \(m), stiffness: \(k), damping: \(c));
        // = SpringDescription.withDampingRatio(mass: \(m), stiffness: \(k), ratio: \(ratio))
        """
        let origami = """
        // Origami / Rebound (tension and friction)
        SpringConfig.fromOrigamiTensionAndFriction(\(n(spring.origamiTension)), \(n(spring.origamiFriction)))
        """
        return [("SwiftUI", swiftUI), ("UIKit", uiKit), ("FloatingPanel", floatingPanel), ("Flutter", flutter), ("Origami", origami)]
    }

    /// The spring that settles the scenario's first sheet: its own, with `physics.sheetSpring`'s fields over it.
    public static func sheetSpring(of scenario: Scenario) -> Spring {
        let own = sheet(in: scenario.scene.root)?.spring ?? .standard
        let override = scenario.physics.sheetSpring
        return Spring(response: override?.response ?? own.response, dampingRatio: override?.dampingRatio ?? own.dampingRatio)
    }

    static func sheet(in component: Component) -> SheetSpec? {
        for c in component.allComponents {
            if case .sheet(let spec) = c.kind { return spec }
        }
        return nil
    }

    /// The FloatingPanel layout anchor of a detent (FloatingPanelLayoutAnchor, reference guide the superview).
    static func anchor(_ detent: Detent) -> String {
        switch detent.measure {
        case .height(let h): "FloatingPanelLayoutAnchor(absoluteInset: \(n(h)), edge: .bottom, referenceGuide: .superview)"
        case .fraction(let f): "FloatingPanelLayoutAnchor(fractionalInset: \(n(f)), edge: .bottom, referenceGuide: .superview)"
        case .top(let t): "FloatingPanelLayoutAnchor(absoluteInset: \(n(t)), edge: .top, referenceGuide: .superview)"
        }
    }

    /// A number with at most 4 decimals, without trailing zeros.
    static func n(_ x: Double) -> String {
        var s = String(format: "%.4f", x)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }
}
