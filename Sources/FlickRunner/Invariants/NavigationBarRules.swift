import FlickCore
import Foundation

extension Run {
    // MARK: Large-title navigation bars

    /// A large-title bar rides on its list: its bottom edge is the top of the list's content (less the list's own
    /// `contentInset.top`), never above the inline bar's bottom, never below the expanded bar's unless stretched;
    /// its fractions and alphas stay in their ranges, and the two titles' alphas add up to 1.
    mutating func checkNavigationBars(_ state: FrameState) {
        let tolerance = 1e-6
        for bar in state.navigationBars {
            count(.navigationBar)
            let prefix = "navigationBars.\(bar.key)"
            guard let view = state.scrollView(bar.tracks) else {
                report(.navigationBar, at: state.time, "\(prefix).tracks",
                       "the bar tracks \"\(bar.tracks)\", which is no scroll view of this frame")
                continue
            }
            let inlineBottom = bar.largeTitleClip.minY
            let riding = view.frame.minY - view.contentOffset.y - view.contentInset.top
            let expanded = inlineBottom + NavigationBarGeometry.largeTitleExtension + bar.stretch
            let expected = min(max(inlineBottom, riding), expanded)
            if abs(bar.frame.maxY - expected) > InvariantChecker.positionTolerance {
                report(.navigationBar, at: state.time, "\(prefix).frame",
                       "the bar's bottom is at \(Self.number(bar.frame.maxY)); riding on \(bar.tracks)'s content it "
                       + "belongs at \(Self.number(expected)) (content top \(Self.number(riding)), inline bar's bottom "
                       + "\(Self.number(inlineBottom)))")
            }
            for (name, value) in [("collapse", bar.collapse), ("backgroundAlpha", bar.backgroundAlpha),
                                  ("titleAlpha", bar.titleAlpha), ("largeTitleAlpha", bar.largeTitleAlpha)]
                where !(-tolerance...(1 + tolerance)).contains(value) {
                report(.navigationBar, at: state.time, "\(prefix).\(name)", "\(Self.number(value)) is outside 0...1")
            }
            if abs(bar.titleAlpha + bar.largeTitleAlpha - 1) > tolerance {
                report(.navigationBar, at: state.time, "\(prefix).titleAlpha+\(prefix).largeTitleAlpha",
                       "the titles' alphas add up to \(Self.number(bar.titleAlpha + bar.largeTitleAlpha)), not 1")
            }
            if !((1 - tolerance)...(NavigationBarGeometry.maximumTitleScale + tolerance)).contains(bar.largeTitleScale) {
                report(.navigationBar, at: state.time, "\(prefix).largeTitleScale",
                       "scale \(Self.number(bar.largeTitleScale)) is outside 1...\(Self.number(NavigationBarGeometry.maximumTitleScale))")
            }
        }
    }
}
