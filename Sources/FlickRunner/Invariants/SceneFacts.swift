import FlickCore
import FlickPhysics
import Foundation

// MARK: - The parts that move

/// A sheet or a scroll view on its scrolling axis, in nested-scroll delta space: positive is forward (content
/// offset growing, a sheet rising), so a finger moving up or left moves every part forward.
struct MovingPart {
    var path: String
    var velocityPath: String
    var axis: Axis
    /// Shown position in delta space (contentOffset, or −top for a sheet).
    var position: Double
    /// Velocity in delta space.
    var velocity: Double
    var tracking: Bool
    /// The position before the rubber band: what the finger moves 1:1.
    var raw: Double
    /// d(shown)/d(raw) here: 1 inside the limits, the rubber band's slope beyond them.
    var slope: Double
    /// Whether it is at one of its edges or past it (within the position tolerance): where a clamping rule stops it and
    /// Flutter's resistance slows it.
    var atEdge = false
    /// Whether it is past an edge further than the rubber band can show (its whole length): no raw position shows
    /// it, and a finger that catches it holds the rest as an excess (`RubberBand.caught`).
    var beyondReach = false
    /// A scroll view's resting range of contentOffset and its length on the axis (nil for a sheet).
    var scrollLimits: ClosedRange<Double>? = nil
    var dimension = 0.0
    /// The space a refresh control holds in the range's leading end (its height while refreshing, else 0): it
    /// changes at a lift, so the lift's raw position is read against the range the drag had.
    var heldInset = 0.0
    /// Whether it is a paging scroll view (a pager, a carousel).
    var pages = false
}

extension ScrollRule.Overscroll {
    /// The raw position for a shown one and the slope there (the overshoot past the edge of `limits` measured from
    /// the shown position), where the rule makes the raw position a function of the shown one. Flutter's resistance
    /// depends on the drag's path and a clamped edge loses the finger's excess: for those the shown position is
    /// the best estimate, and `exact` is false.
    func undo(shown x: Double, limits: ClosedRange<Double>, dimension: Double)
        -> (raw: Double, slope: Double, exact: Bool, beyondReach: Bool) {
        let past = x < limits.lowerBound ? limits.lowerBound - x : x > limits.upperBound ? x - limits.upperBound : 0
        switch self {
        case .rubberBand(let c):
            return (RubberBand(coefficient: c, dimension: dimension).raw(forDisplayed: x, limits: limits),
                    SceneFacts.slope(overshoot: past, dimension: dimension, coefficient: c), true,
                    dimension > 0 && past >= dimension)
        case .follow: return (x, 1, true, false)
        case .clamp: return (x, 1, false, false)
        case .resistance(let physics):
            return (x, past > 0 && dimension > 0 ? physics.frictionFactor(past / dimension) : 1, false, false)
        }
    }
}

/// What the checker needs to know of the scene beyond the states.
struct SceneFacts {
    var scrollAxis: [String: Axis] = [:]
    /// Sheets a pull past their lowest detent dismisses.
    var dismissible: Set<String> = []
    /// Pagers whose tabs have given widths (their indicator interpolates between tab origins).
    var customTabWidths: Set<String> = []
    /// Lists' refresh controls, by the list's key.
    var refreshSpecs: [String: RefreshSpec] = [:]
    /// The rules of the scenario's physics preset: how the parts track a finger past their edges.
    var rules: PhysicsPreset = .uikit

    init(_ scene: Scene, rules: PhysicsPreset = .uikit) {
        self.rules = rules
        for component in scene.root.allComponents {
            scrollAxis[component.key] = component.scrollAxis
            // The facts of the kinds that have rules of their own (GeometryRules, the sheet's parts below).
            if component.hasGivenTabWidths { customTabWidths.insert(component.key) }
            if component.isDismissible { dismissible.insert(component.key) }
            if let refresh = component.attachment(of: RefreshSpec.self) { refreshSpecs[component.key] = refresh }
        }
    }

    func parts(of state: FrameState) -> [MovingPart] {
        var parts: [MovingPart] = []
        for view in state.scrollViews {
            let axis = scrollAxis[view.key] ?? .vertical
            let low = -view.adjustedContentInset.leading(axis)
            let high = max(low, view.contentSize[axis] + view.adjustedContentInset.trailing(axis) - view.frame.size[axis])
            let x = view.contentOffset[axis]
            let undone = rules.list.overscroll.undo(shown: x, limits: low...high, dimension: view.frame.size[axis])
            let name = axis == .horizontal ? "x" : "y"
            parts.append(MovingPart(
                path: "\(view.key).contentOffset.\(name)", velocityPath: "\(view.key).velocity.\(name)", axis: axis,
                position: x, velocity: view.velocity[axis], tracking: view.phase == .tracking,
                raw: undone.raw, slope: undone.slope, atEdge: Self.atEdge(x, low...high), beyondReach: undone.beyondReach,
                scrollLimits: low...high, dimension: view.frame.size[axis],
                heldInset: state.refreshControl(view.key)?.phase == .refreshing ? refreshSpecs[view.key]?.height ?? 0 : 0,
                pages: state.pagePosition(view.key) != nil))
        }
        for (i, sheet) in state.sheets.enumerated() {
            let tops = sheet.detents.map(\.top)
            guard let highest = tops.min(), let lowest = tops.max() else { continue }
            // A card follows the finger 1:1 below its lowest detent.
            let limits = highest...(dismissible.contains(sheet.key) ? .infinity : lowest)
            let undone = rules.sheet.overscroll.undo(shown: sheet.top, limits: limits, dimension: state.viewport.height)
            let prefix = i == 0 ? "sheet" : "sheets.\(sheet.key)"
            parts.append(MovingPart(
                path: "\(prefix).top", velocityPath: "\(prefix).velocity", axis: .vertical,
                position: -sheet.top, velocity: -sheet.velocity, tracking: sheet.phase == .tracking, raw: -undone.raw,
                slope: undone.slope, atEdge: Self.atEdge(sheet.top, limits), beyondReach: undone.beyondReach))
        }
        return parts
    }

    /// A scroll view's raw position as if its refresh control held `heldInset` instead of its own (what it held
    /// when the drag began).
    func raw(of part: MovingPart, holding heldInset: Double) -> Double {
        guard let limits = part.scrollLimits, heldInset != part.heldInset else { return part.raw }
        let low = limits.lowerBound + part.heldInset - heldInset
        return rules.list.overscroll.undo(shown: part.position, limits: low...max(low, limits.upperBound),
                                          dimension: part.dimension).raw
    }

    /// Whether the caught parts together follow the finger exactly (their overscroll rules can be undone); else
    /// they follow it at most (a clamped edge stops them, Flutter's resistance moves them less).
    var tracksFingerExactly: Bool {
        for rule in [rules.list.overscroll, rules.sheet.overscroll] {
            switch rule {
            case .rubberBand, .follow: continue
            case .clamp, .resistance: return false
            }
        }
        return true
    }

    /// Whether `x` is at an edge of `limits` or beyond it.
    static func atEdge(_ x: Double, _ limits: ClosedRange<Double>) -> Bool {
        x <= limits.lowerBound + InvariantChecker.positionTolerance
            || x >= limits.upperBound - InvariantChecker.positionTolerance
    }

    /// The rubber band's slope at a shown overshoot `y`: c·(1 − y/D)².
    static func slope(overshoot y: Double, dimension d: Double, coefficient c: Double) -> Double {
        guard y > 0, d > 0 else { return 1 }
        let u = max(0, 1 - y / d)
        return c * u * u
    }
}
