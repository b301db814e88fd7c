import Foundation

/// Runs independent pieces of work on several threads and hands the results back in order: the one worker pool
/// of `flick check`, `test`, `fuzz`, `diff` and `review`.
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
        let slots = Slots<Result>(count: items.count)
        let workers = min(max(1, jobs), max(1, items.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let state = worker()
            while cancellation?.isCancelled != true, let index = slots.claim() {
                slots.store(body(state, items[index]), at: index, inOrder: inOrder)
            }
        }
        return slots.values
    }
}

extension Parallel {
    /// `body(i)` for every `i` in `0..<count` on up to `jobs` threads, each result handed to `inOrder` in the order
    /// of `i` (one call at a time) and then dropped: memory stays flat however large `count` is (`flick fuzz
    /// --count 1000000`), holding only the results that wait for an earlier one, at most `4 × jobs` of them.
    public static func forEach<Result: Sendable>(
        count: Int, jobs: Int, _ body: @Sendable (Int) -> Result, inOrder: @Sendable (Int, Result) -> Void
    ) {
        let workers = min(max(1, jobs), max(1, count))
        let queue = Pending<Result>(count: count, window: 4 * workers)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = queue.claim() {
                queue.store(body(index), at: index, inOrder: inOrder)
            }
        }
    }
}

/// The results that finished before an earlier one, by index; each is removed once reported. No index more than
/// `window` past the next one to report is handed out: a thread that stalls on an early item (descheduled on a busy
/// machine) holds the others back instead of letting finished results pile up, so memory stays flat.
private final class Pending<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let window: Int
    private var waiting: [Int: Value] = [:]
    private var next = 0
    private var reported = 0

    init(count: Int, window: Int) {
        self.count = count
        self.window = max(1, window)
    }

    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while next < count && next >= reported + window { condition.wait() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ value: Value, at index: Int, inOrder: (Int, Value) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        waiting[index] = value
        let before = reported
        while let ready = waiting.removeValue(forKey: reported) {
            inOrder(reported, ready)
            reported += 1
        }
        if reported != before { condition.broadcast() }
    }
}

/// One slot per item, filled from several threads; `claim` hands out the next unclaimed index.
private final class Slots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]
    private var next = 0
    private var reported = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func claim() -> Int? {
        lock.withLock {
            guard next < slots.count else { return nil }
            next += 1
            return next - 1
        }
    }

    func store(_ value: Value, at index: Int, inOrder: (Int, Value) -> Void) {
        lock.withLock {
            slots[index] = value
            while reported < slots.count, let ready = slots[reported] {
                inOrder(reported, ready)
                reported += 1
            }
        }
    }

    var values: [Value?] { lock.withLock { slots } }
}
