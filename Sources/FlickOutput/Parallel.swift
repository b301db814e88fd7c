import Foundation

/// Independent pieces of work on several threads with the results handed back in order: the `Pipeline` of
/// `flick check`, `test`, `fuzz`, `diff` and `review`, as a map.
public enum Parallel {
    /// `body(items[i])` for every item on up to `jobs` threads. `inOrder` is called once per result, in the
    /// order of `items` (as soon as a result and all before it are ready), one call at a time, so output
    /// printed from it is deterministic however the threads interleave.
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], jobs: Int, _ body: @Sendable (Item) -> Result,
        inOrder: @Sendable (Int, Result) -> Void = { _, _ in }
    ) -> [Result] {
        map(items, jobs: jobs, cancellation: nil, worker: { () }, { _, item in body(item) }, inOrder: inOrder)
            .map { $0! }
    }

    /// `body(state, items[i])` for every item on up to `jobs` threads, each thread with its own `worker()` state
    /// (scratch buffers reused from one item to the next). Once `cancellation` is raised no further item is
    /// started: the items not run are nil. `inOrder` is called as in `map(_:jobs:_:inOrder:)`, for the items run.
    public static func map<Item: Sendable, Worker, Result: Sendable>(
        _ items: [Item], jobs: Int, cancellation: Cancellation?, worker: @Sendable () -> Worker,
        _ body: @Sendable (Worker, Item) -> Result, inOrder: @Sendable (Int, Result) -> Void = { _, _ in }
    ) -> [Result?] {
        let results = Locked<[Result?]>(Array(repeating: nil, count: items.count))
        // Only a cancellation stops it (nothing here throws): what was started is delivered, the rest stays nil.
        try? Pipeline(jobs: jobs, cancellation: cancellation).run(count: items.count, worker: worker) { state, i in
            body(state, items[i])
        } deliver: { i, result in
            results.withLock { $0[i] = result }
            inOrder(i, result)
        }
        return results.withLock { $0 }
    }

    /// `body(i)` for every `i` in `0..<count` on up to `jobs` threads, each result handed to `inOrder` in the order
    /// of `i` (one call at a time) and then dropped: memory stays flat however large `count` is (`flick fuzz
    /// --count 1000000`), holding only the results in flight, at most `4 × jobs` of them.
    public static func forEach<Result: Sendable>(
        count: Int, jobs: Int, _ body: @Sendable (Int) -> Result, inOrder: @Sendable (Int, Result) -> Void
    ) {
        try? Pipeline(jobs: jobs).run(count: count, worker: { () }, work: { _, i in body(i) }, deliver: inOrder)
    }
}
