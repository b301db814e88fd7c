import FlickPhysics
import Foundation

/// DeckTransition's look behind a card (`presentation: deck`), from the library's `Constants.swift`,
/// `ManualLayout.swift` and `DeckPresentationController.swift`: the presenting view (Flick's background) is scaled
/// about its centre by 1 − 2·inset/H, so its top sits at the inset and its bottom `inset` above the viewport's
/// bottom; it shows at alpha 0.8 over black (the library lays black at 0.2 over it) with rounded top corners; the
/// card rests 8 pt below the presenting view's top. While the card moves from its lowest detent down to the
/// viewport's bottom the presenting view goes back to full size, opaque and square-cornered in proportion (the
/// library's dismissal animates the same properties from those values to identity alongside the card).
public enum DeckPresentation {
    /// `Constants.cornerRadius`: the presenting view's corner radius before scaling (shown at 8 × scale).
    public static let cornerRadius = 8.0
    /// `Constants.alphaForPresentingView`.
    public static let presentingAlpha = 0.8
    /// `Constants.insetForPresentedView`: the card's top is this far below the presenting view's top.
    public static let presentedInset = 8.0

    /// `ManualLayout.presentingViewTopInset` for a status bar as tall as the safe area's top: 8 without a status bar
    /// (landscape iPhone), 20 under the double-height (40 pt) bar, else the bar's height.
    public static func topInset(statusBarHeight: Double) -> Double {
        switch statusBarHeight {
        case 0: 8
        case 40: 20
        default: statusBarHeight
        }
    }

    /// `scaleForPresentingView`: 1 − 2·inset/H.
    public static func restingScale(topInset: Double, viewportHeight: Double) -> Double {
        viewportHeight > 0 ? 1 - 2 * topInset / viewportHeight : 1
    }

    /// Where DeckTransition's card rests (`frameOfPresentedViewInContainerView`): the inset plus 8 pt.
    public static func cardTop(statusBarHeight: Double) -> Double {
        topInset(statusBarHeight: statusBarHeight) + presentedInset
    }

    /// The presenting view when the card is `progress` of the way from its lowest detent (0) to gone (1).
    public static func presenting(progress: Double, viewport: Size, statusBarHeight: Double) -> PresentingState {
        let p = min(max(progress, 0), 1)
        let inset = topInset(statusBarHeight: statusBarHeight)
        let rest = restingScale(topInset: inset, viewportHeight: viewport.height)
        let scale = rest + (1 - rest) * p
        let width = viewport.width * scale, height = viewport.height * scale
        return PresentingState(scale: scale,
                               frame: Rect(x: (viewport.width - width) / 2, y: (viewport.height - height) / 2,
                                           width: width, height: height),
                               alpha: presentingAlpha + (1 - presentingAlpha) * p,
                               cornerRadius: cornerRadius * rest * (1 - p))
    }
}
