import FlickOutput
import Foundation
import Testing

/// The one engine: outputs delivered in order, at most `window` items in flight, a cancellation that starts no more
/// items and delivers the started ones, and the first error carried to the caller. Nothing here is timed: a consumer
/// that blocks waits for a count to be reached, not for a while.
@Suite("Pipeline")
struct PipelineTests {
    private struct Failure: Error, Equatable { var index: Int }

    @Test("Every item is made once and delivered in order, one call at a time")
    func order() throws {
        let made = Locked<[Int]>([]), delivered = Locked<[Int]>([]), delivering = Locked(0), overlapping = Locked(false)
        try Pipeline(jobs: 4).run(count: 500, worker: { () }) { _, i in
            made.withLock { $0.append(i) }
            return i * i
        } deliver: { i, square in
            if delivering.withLock({ $0 += 1; return $0 }) > 1 { overlapping.withLock { $0 = true } }
            #expect(square == i * i)
            delivered.withLock { $0.append(i) }
            delivering.withLock { $0 -= 1 }
        }
        #expect(made.current.sorted() == Array(0..<500))
        #expect(delivered.current == Array(0..<500))
        #expect(!overlapping.current)
    }

    @Test("Each worker thread makes its state once; no more threads than items")
    func workerState() throws {
        for (jobs, count, threads) in [(3, 100, 3), (8, 2, 2), (1, 10, 1)] {
            let states = Locked(0), used = Locked<Set<ObjectIdentifier>>([])
            try Pipeline(jobs: jobs).run(count: count, worker: { () -> Scratch in
                states.withLock { $0 += 1 }
                return Scratch()
            }) { scratch, _ in
                scratch.uses += 1
                used.withLock { _ = $0.insert(ObjectIdentifier(scratch)) }
            } deliver: { _, _ in }
            #expect(states.current == threads, "jobs \(jobs), \(count) items")
            #expect(used.current.count <= threads)
        }
    }

    @Test("No item starts before the one `window` places earlier was delivered; a blocked consumer lets exactly `window` in")
    func bound() throws {
        let window = 3, started = Locked(0), delivered = Locked(0), mostInFlight = Locked(0), early = Locked<[Int]>([])
        try Pipeline(jobs: 5, window: window).run(count: 200, worker: { () }) { _, i in
            let done = delivered.current
            if i >= done + window { early.withLock { $0.append(i) } }
            mostInFlight.withLock { $0 = max($0, i - done + 1) }
            started.withLock { $0 += 1 }
        } deliver: { i, _ in
            // The consumer holds the first item until the workers have started all they may.
            if i == 0 { #expect(waitFor(started, atLeast: window)) }
            delivered.withLock { $0 += 1 }
        }
        #expect(early.current.isEmpty, "started too early: \(early.current)")
        #expect(mostInFlight.current == window)
        #expect(started.current == 200)
    }

    @Test("A cancellation starts no more items; those started are delivered; run throws RenderCancelled")
    func cancellation() throws {
        let jobs = 3, window = 6
        let stop = Cancellation(), started = Locked<[Int]>([]), delivered = Locked<[Int]>([])
        #expect(throws: RenderCancelled.self) {
            try Pipeline(jobs: jobs, window: window, cancellation: stop).run(count: 1_000, worker: { () }) { _, i in
                started.withLock { $0.append(i) }
                if i == 20 { stop.cancel() }
            } deliver: { i, _ in
                delivered.withLock { $0.append(i) }
            }
        }
        let made = started.current.sorted()
        #expect(delivered.current == made, "every item started is delivered, in order")
        #expect(made == Array(0..<made.count))
        // Besides the items in flight when it was raised, each thread may have taken one more as it was raised.
        #expect(made.count <= 20 + window + jobs, "\(made.count) items started")
    }

    @Test("A cancellation raised before the run starts nothing")
    func cancelledBefore() {
        let stop = Cancellation(), started = Locked(0)
        stop.cancel()
        #expect(throws: RenderCancelled.self) {
            try Pipeline(jobs: 2, cancellation: stop).run(count: 10, worker: { () }) { _, _ in
                started.withLock { $0 += 1 }
            } deliver: { _, _ in }
        }
        #expect(started.current == 0)
    }

    @Test("The first error of a worker is thrown; nothing at or after it is delivered, and the workers stop")
    func workError() throws {
        let jobs = 4, window = 8, started = Locked(0), delivered = Locked<[Int]>([])
        #expect(throws: Failure(index: 7)) {
            try Pipeline(jobs: jobs, window: window).run(count: 10_000, worker: { () }) { _, i in
                started.withLock { $0 += 1 }
                if i == 7 { throw Failure(index: i) }
            } deliver: { i, _ in
                delivered.withLock { $0.append(i) }
            }
        }
        #expect(delivered.current == Array(0..<delivered.current.count))
        #expect(delivered.current.count <= 7)
        #expect(started.current <= 7 + window + jobs, "\(started.current) items started")
    }

    @Test("An error of the consumer is thrown and ends the deliveries")
    func deliverError() throws {
        let delivered = Locked<[Int]>([])
        #expect(throws: Failure(index: 5)) {
            try Pipeline(jobs: 3).run(count: 1_000, worker: { () }) { _, i in i } deliver: { i, _ in
                delivered.withLock { $0.append(i) }
                if i == 5 { throw Failure(index: i) }
            }
        }
        #expect(delivered.current == Array(0...5))
    }

    @Test("An error making a worker's state is thrown")
    func workerError() {
        let started = Locked(0)
        #expect(throws: Failure(index: -1)) {
            try Pipeline(jobs: 2).run(count: 10, worker: { () throws -> Void in throw Failure(index: -1) }) { _, _ in
                started.withLock { $0 += 1 }
            } deliver: { _, _ in }
        }
        // The other thread may have made its state and begun before the error stopped it; never all ten.
        #expect(started.current < 10)
    }

    @Test("A fed pipeline: inputs in the order submitted; submit says false once it stopped; the feed's error is thrown")
    func feed() throws {
        let out = Locked<[String]>([])
        try Pipeline(jobs: 3).run(feed: { submit in
            for word in ["a", "b", "c", "d", "e"] { #expect(submit(word)) }
        }, worker: { () }, work: { _, i, word in "\(i)\(word)" }, deliver: { _, text in out.withLock { $0.append(text) } })
        #expect(out.current == ["0a", "1b", "2c", "3d", "4e"])

        let refused = Locked(-1)
        #expect(throws: Failure(index: 3)) {
            try Pipeline(jobs: 2, window: 2).run(feed: { submit in
                for i in 0..<1_000 where !submit(i) {
                    refused.withLock { $0 = i }
                    return
                }
            }, worker: { () }, work: { _, _, i in if i == 3 { throw Failure(index: 3) } }, deliver: { _, _ in })
        }
        // Item 3 fails before more than two items past the last delivered one are submitted.
        #expect((4...5).contains(refused.current), "refused at \(refused.current)")

        #expect(throws: Failure(index: 99)) {
            try Pipeline(jobs: 2).run(feed: { submit in
                _ = submit(1)
                throw Failure(index: 99)
            }, worker: { () }, work: { _, _, _ in }, deliver: { _, _ in })
        }
    }

    @Test("Locked: a waiter wakes when another thread changes the value")
    func lockedWaits() {
        let value = Locked(0)
        let thread = Thread { for _ in 0..<5 { value.withLock { $0 += 1 } } }
        thread.start()
        let seen = value.withLock(when: { $0 == 5 }) { $0 }
        #expect(seen == 5)
    }
}

private final class Scratch {
    var uses = 0
}

/// Waits until `count` reaches `least`; false if it did not within a minute (the test then fails instead of hanging).
private func waitFor(_ count: Locked<Int>, atLeast least: Int) -> Bool {
    let limit = Date().addingTimeInterval(60)
    while count.current < least {
        if Date() > limit { return false }
        usleep(1_000)
    }
    return true
}
