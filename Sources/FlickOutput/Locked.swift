import Foundation

/// A value shared by several threads, reached only inside `withLock`: the one lock of the project (counters,
/// caches, first errors, progress). A thread may also wait, inside the lock, until the value is ready
/// (`withLock(when:_:)`); every `withLock` wakes the threads that wait, which look again.
///
/// The value never leaves the lock by reference: `body` gets it `inout` and returns what the caller needs.
/// Its users need no unchecked conformance of their own: this type is the one that is checked by hand.
public final class Locked<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value, one thread at a time.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&value)
    }

    /// Waits until `ready(value)` holds (each change made through `withLock` wakes the waiters), then runs `body`
    /// on the value, still inside the lock.
    public func withLock<Result>(when ready: (Value) -> Bool, _ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        while !ready(value) { condition.wait() }
        return try body(&value)
    }

    /// The value now (a copy).
    public var current: Value { withLock { $0 } }
}
