import Foundation
import FlickPhysics

public struct Detent: Hashable, Sendable {
    public enum Measure: Hashable, Sendable {
        /// Points of sheet visible above the viewport's bottom edge.
        case height(Double)
        /// A fraction of the viewport height.
        case fraction(Double)
        /// Points from the viewport's top edge down to the sheet's top (a DeckTransition card rests 8 pt below the
        /// presenting view's top inset).
        case top(Double)
    }
    public var name: String
    public var measure: Measure

    public init(name: String, _ measure: Measure) {
        self.name = name
        self.measure = measure
    }

    public static func height(_ name: String, _ points: Double) -> Detent { Detent(name: name, .height(points)) }
    public static func fraction(_ name: String, _ fraction: Double) -> Detent { Detent(name: name, .fraction(fraction)) }
    public static func top(_ name: String, _ top: Double) -> Detent { Detent(name: name, .top(top)) }

    /// Visible height for a viewport of `viewportHeight` points.
    public func height(viewportHeight: Double) -> Double {
        switch measure {
        case .height(let h): h
        case .fraction(let f): f * viewportHeight
        case .top(let top): viewportHeight - top
        }
    }
}

public struct SheetHeader: Hashable, Sendable {
    public var height: Double
    public var title: String
    /// Titles of the buttons at the trailing edge, leading to trailing; none by default.
    public var buttons: [String]

    public init(height: Double, title: String = "", buttons: [String] = []) {
        self.height = height
        self.title = title
        self.buttons = buttons
    }
}

public struct DismissSettings: Hashable, Sendable {
    /// Released this far below the lowest detent (pt), the card leaves: default 240.
    public var distance: Double
    /// Released faster than this downwards (pt/s), the card leaves: default 1000.
    public var velocity: Double

    public init(distance: Double = 240, velocity: Double = 1000) {
        self.distance = distance
        self.velocity = velocity
    }
}

public struct DimmingSpec: Hashable, Sendable {
    /// The detent at which dimming is 0.
    public var from: String
    /// The detent at which dimming reaches `alpha`.
    public var to: String
    public var alpha: Double
    public static let defaultAlpha = 0.4

    public init(from: String, to: String, alpha: Double = DimmingSpec.defaultAlpha) {
        self.from = from
        self.to = to
        self.alpha = alpha
    }
}

/// What is drawn behind a sheet.
public enum SheetPresentation: String, Hashable, Sendable, CaseIterable {
    /// The background as it is, under the sheet.
    case plain
    /// DeckTransition's card look: the background (the presenting view) scaled down over black, translucent, with
    /// rounded top corners, growing back to full size as the card is pulled down (`DeckPresentation`).
    case deck
}

/// A `sheet`: a panel with detents over the background, holding one content component (a card when dismissible).
public struct SheetSpec: Sendable {
    public var detents: [Detent]
    public var initial: String
    /// A PNG or SVG file (absolute path) scaled to fill the sheet's body, under its content.
    public var image: String? = nil
    public var header: SheetHeader?
    public var content: Component
    public var dismissible: Bool
    public var dismiss: DismissSettings
    /// The key of the scroll view a card watches for dismissal.
    public var tracks: String?
    public var spring: Spring
    public var dimming: DimmingSpec?
    public var cornerRadius: Double
    public var grabber: Bool
    /// Lifts the rule that a release moves at most one detent from the one the sheet was last at.
    public var projectsAcrossDetents: Bool
    /// What is drawn behind it: `.deck` only for a card (dismissible).
    public var presentation: SheetPresentation

    public static let defaultCornerRadius = 10.0

    public init(detents: [Detent], initial: String, header: SheetHeader? = nil, content: Component,
                dismissible: Bool = false, dismiss: DismissSettings = DismissSettings(), tracks: String? = nil,
                spring: Spring = .standard, dimming: DimmingSpec? = nil,
                cornerRadius: Double = SheetSpec.defaultCornerRadius, grabber: Bool = true,
                projectsAcrossDetents: Bool = false, presentation: SheetPresentation = .plain) {
        self.detents = detents
        self.initial = initial
        self.header = header
        self.content = content
        self.dismissible = dismissible
        self.dismiss = dismiss
        self.tracks = tracks
        self.spring = spring
        self.dimming = dimming
        self.cornerRadius = cornerRadius
        self.grabber = grabber
        self.projectsAcrossDetents = projectsAcrossDetents
        self.presentation = presentation
    }
}
