import Foundation

/// Tells long work to stop: raised by `cancel()` from any thread, or whenever `check` says so (the command
/// line asks whether a signal is waiting). Renders, diffs and state documents look at it between frames and
/// once more just before committing their output, so a request that comes after the last frame still stops
/// the commit.
public final class Cancellation: Sendable {
    private let cancelled = Locked(false)
    private let check: (@Sendable () -> Bool)?

    public init(check: (@Sendable () -> Bool)? = nil) {
        self.check = check
    }

    public func cancel() {
        cancelled.withLock { $0 = true }
    }

    public var isCancelled: Bool {
        if cancelled.current { return true }
        return check?() ?? false
    }
}

/// Thrown when a `Cancellation` was raised: what was written has been removed and nothing was committed.
public struct RenderCancelled: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "interrupted; the partial output was removed" }
}
