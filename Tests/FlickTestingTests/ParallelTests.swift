import FlickOutput
import FlickRunner
import Foundation
import Testing

/// A result that counts how many of its kind are alive.
private final class Tracked: @unchecked Sendable {
    static let lock = NSLock()
    nonisolated(unsafe) static var alive = 0
    nonisolated(unsafe) static var most = 0
    let index: Int
    init(_ index: Int) {
        self.index = index
        Tracked.lock.withLock {
            Tracked.alive += 1
            Tracked.most = max(Tracked.most, Tracked.alive)
        }
    }
    deinit { Tracked.lock.withLock { Tracked.alive -= 1 } }
}

private final class Seen: @unchecked Sendable {
    var order: [Int] = []
}

@Suite struct ParallelTests {
    /// `flick fuzz --count 1000000` used 746 MB: every result was kept to the end. Each is now dropped once reported.
    @Test func forEachReportsInOrderAndKeepsNoResult() {
        let seen = Seen()
        let jobs = 4, count = 20_000
        Parallel.forEach(count: count, jobs: jobs, { Tracked($0) }) { i, result in
            #expect(result.index == i)
            seen.order.append(i)
        }
        #expect(seen.order == Array(0..<count))
        #expect(Tracked.alive == 0)
        // Only results waiting for an earlier one are held: a few per thread, never thousands.
        #expect(Tracked.most < 200, "\(Tracked.most) results alive at once")
    }
}
