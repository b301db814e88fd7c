import FlickOutput
import Foundation
import Testing

/// The one worker pool: results in the items' order, one state per thread, and a stop that starts no more items.
@Suite("Parallel map")
struct ParallelTests {
    @Test("Results come back in the order of the items, and inOrder sees them in that order")
    func order() {
        let seen = Box()
        let results = Parallel.map(Array(0..<200), jobs: 4, { $0 * $0 }) { index, value in seen.append(index, value) }
        #expect(results == (0..<200).map { $0 * $0 })
        #expect(seen.indices == Array(0..<200))
    }

    @Test("Each thread gets its own state, made once per thread")
    func workerState() {
        let made = Box()
        let results = Parallel.map(Array(0..<50), jobs: 3, cancellation: nil, worker: { () -> Counter in
            made.append(0, 0)
            return Counter()
        }) { counter, item in
            counter.count += 1
            return item + 1
        }
        #expect(results.map { $0! } == Array(1...50))
        #expect((1...3).contains(made.indices.count))
    }

    @Test("Once the cancellation is raised no further item starts; those items are nil")
    func cancellation() {
        let stop = Cancellation()
        let results = Parallel.map(Array(0..<100), jobs: 1, cancellation: stop, worker: { () }) { _, item -> Int in
            if item == 9 { stop.cancel() }
            return item
        }
        #expect(results.prefix(10).map { $0 } == (0..<10).map { Optional($0) })
        #expect(results.dropFirst(10).allSatisfy { $0 == nil })
    }
}

private final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var pairs: [(Int, Int)] = []
    func append(_ index: Int, _ value: Int) { lock.withLock { pairs.append((index, value)) } }
    var indices: [Int] { lock.withLock { pairs.map(\.0) } }
}

private final class Counter {
    var count = 0
}
