import FlickCore
import Foundation

extension Run {
    // MARK: Refresh controls

    /// Each refresh control's own rules (`RefreshState.problems`, in FlickCore's `Components/Refresh/RefreshProblems.swift`),
    /// reported under `InvariantRule.refresh` at the control's key path.
    mutating func checkRefreshes(_ state: FrameState) {
        for (i, refresh) in state.refreshControls.enumerated() {
            guard let view = state.scrollView(refresh.key), let spec = facts.refreshSpecs[refresh.key] else { continue }
            let prefix = i == 0 ? "refreshControl" : "refreshControls.\(refresh.key)"
            count(.refresh)
            for problem in refresh.problems(spec: spec, view: view, touch: state.touch,
                                            positionTolerance: InvariantChecker.positionTolerance) {
                report(.refresh, at: state.time, "\(prefix).\(problem.path)", problem.detail)
            }
        }
    }
}
