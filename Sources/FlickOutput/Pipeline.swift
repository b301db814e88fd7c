import Foundation

/// The one engine that runs work on several threads: items numbered 0, 1, 2, … are made by `jobs` worker threads
/// and handed to one consumer in the order of their numbers. Render, sweep video, bench, `check`, `test`, `fuzz`,
/// `diff` and `review` all run on it (`Parallel` is its map).
///
/// - **Ordered**: `deliver(i, output)` is called for 0, 1, 2, … in turn, one call at a time, from whichever worker
///   finished the next item; a worker that finishes early leaves its output for it.
/// - **Bounded**: at most `window` items are in flight (submitted and not yet delivered). A thread that stalls on
///   an early item (or a slow consumer) holds the others back instead of letting outputs pile up, so memory stays
///   flat however many items there are.
/// - **Cancellable**: the workers ask `cancellation` before they take each item, and the feed before it submits
///   one. Once it is raised no item starts; those already started finish and are delivered, then `run` throws
///   `RenderCancelled`.
/// - **Errors carried**: the first error thrown by `worker`, `work`, `deliver` or the feed stops everything at
///   once (no item starts, nothing more is delivered) and `run` throws it once every worker has stopped.
///
/// Each output passes from the worker that made it to the one delivering it and is never shared, so it need not
/// be `Sendable` (an image drawn on one thread and encoded on another).
///
/// The workers are threads of their own started by `run` (never a shared queue): they inherit the signal mask
/// of the thread that calls `run` (`Signals.hold()`), and `run` returns only when they have all ended.
public struct Pipeline: Sendable {
    /// Worker threads.
    public let jobs: Int
    /// Items in flight at most.
    public let window: Int
    public let cancellation: Cancellation?
    /// Each worker's stack: drawing a frame recurses through a scenario's views.
    public var stackSize = 1 << 22

    /// A pipeline of `jobs` threads (at least 1) holding at most `window` items (default `4 × jobs`).
    public init(jobs: Int, window: Int? = nil, cancellation: Cancellation? = nil) {
        self.jobs = max(1, jobs)
        self.window = max(1, window ?? 4 * max(1, jobs))
        self.cancellation = cancellation
    }

    /// Makes items `0..<count`: `work(state, i)` on the workers, each with its own `worker()` state (scratch
    /// buffers, a renderer), and `deliver(i, output)` in order. No more threads than items are started.
    public func run<Worker, Output>(
        count: Int, worker: @Sendable () throws -> Worker, work: @Sendable (Worker, Int) throws -> Output,
        deliver: @Sendable (Int, Output) throws -> Void
    ) throws {
        guard count > 0 else { return }
        try run(threads: min(jobs, count), feed: { submit in
            for _ in 0..<count where !submit(()) { return }
        }, worker: worker, work: { state, i, _ in try work(state, i) }, deliver: deliver)
    }

    /// Makes one item of each input that `feed` submits, in the order submitted: `feed` runs on the calling thread
    /// and calls `submit(input)` for each; `submit` waits while `window` items are in flight and returns false once
    /// the pipeline has stopped (an error, or the cancellation), when `feed` should return. `work(state, i, input)`
    /// runs on the workers and `deliver(i, output)` as above.
    public func run<Input: Sendable, Worker, Output>(
        feed: (_ submit: (Input) -> Bool) throws -> Void, worker: @Sendable () throws -> Worker,
        work: @Sendable (Worker, Int, Input) throws -> Output, deliver: @Sendable (Int, Output) throws -> Void
    ) throws {
        try run(threads: jobs, feed: feed, worker: worker, work: work, deliver: deliver)
    }

    private func run<Input: Sendable, Worker, Output>(
        threads: Int, feed: ((Input) -> Bool) throws -> Void, worker: @Sendable () throws -> Worker,
        work: @Sendable (Worker, Int, Input) throws -> Output, deliver: @Sendable (Int, Output) throws -> Void
    ) throws {
        let flow = Locked(Flow<Input, Output>())
        let window = self.window, cancellation = self.cancellation
        withoutActuallyEscaping(worker) { worker in
            withoutActuallyEscaping(work) { work in
                withoutActuallyEscaping(deliver) { deliver in
                    var started: [pthread_t] = []
                    for _ in 0..<threads {
                        let thread = Self.start(stackSize: stackSize) {
                            Self.workerLoop(flow, cancellation: cancellation, worker: worker, work: work, deliver: deliver)
                        }
                        guard let thread else {
                            flow.withLock { $0.fail(RenderError("cannot start a worker thread: \(FileSystem.reason(errno))")) }
                            break
                        }
                        started.append(thread)
                    }
                    do {
                        try feed { input in
                            if cancellation?.isCancelled == true { flow.withLock { $0.cancelled = true } }
                            return flow.withLock(when: { $0.stopped || $0.submitted < $0.delivered + window }) { flow in
                                guard !flow.stopped else { return false }
                                flow.inputs[flow.submitted] = input
                                flow.submitted += 1
                                return true
                            }
                        }
                    } catch {
                        flow.withLock { $0.fail(error) }
                    }
                    flow.withLock { $0.closed = true }
                    // The closures stop escaping here: every worker thread has ended.
                    for thread in started { pthread_join(thread, nil) }
                }
            }
        }
        let (failure, cancelled) = flow.withLock { ($0.failure, $0.cancelled) }
        if let failure { throw failure }
        if cancelled { throw RenderCancelled() }
    }

    private static func workerLoop<Input, Worker, Output>(
        _ flow: Locked<Flow<Input, Output>>, cancellation: Cancellation?, worker: () throws -> Worker,
        work: (Worker, Int, Input) throws -> Output, deliver: (Int, Output) throws -> Void
    ) {
        let state: Worker
        do { state = try worker() } catch { return flow.withLock { $0.fail(error) } }
        while true {
            if cancellation?.isCancelled == true { flow.withLock { $0.cancelled = true } }
            let claimed = flow.withLock(when: { $0.stopped || $0.claimed < $0.submitted || $0.closed }) { flow -> (Int, Input)? in
                guard !flow.stopped, flow.claimed < flow.submitted else { return nil }
                flow.claimed += 1
                return (flow.claimed - 1, flow.inputs.removeValue(forKey: flow.claimed - 1)!)
            }
            guard let item = claimed else { return }
            let (index, input) = item
            let output: Output
            do { output = try work(state, index, input) } catch { return flow.withLock { $0.fail(error) } }
            // Leave the output for the worker delivering, or become it.
            var next = flow.withLock { flow in
                flow.finished[index] = output
                return flow.delivering ? nil : flow.takeNext()
            }
            while let item = next {
                let (i, ready) = item
                do {
                    try deliver(i, ready)
                } catch {
                    flow.withLock { flow in
                        flow.fail(error)
                        flow.delivering = false
                    }
                    return
                }
                next = flow.withLock { flow in
                    flow.delivered += 1
                    flow.delivering = false
                    return flow.takeNext()
                }
            }
        }
    }
}

extension Pipeline {
    /// Starts a thread running `body` (it inherits the calling thread's signal mask); nil when none can be started.
    private static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Glibc) || canImport(Musl)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, &attributes, { context in
            // The closure (and what it holds) is released before the thread ends, so before `pthread_join` returns.
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, box)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            errno = status
            return nil
        }
        #if canImport(Glibc) || canImport(Musl)
        return thread
        #else
        return thread!
        #endif
    }
}

private final class Body {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// Where a pipeline's items are, shared by its threads under one lock.
private struct Flow<Input, Output> {
    /// Inputs submitted and not yet taken by a worker, by number.
    var inputs: [Int: Input] = [:]
    /// Outputs made and not yet delivered, by number.
    var finished: [Int: Output] = [:]
    var submitted = 0
    var claimed = 0
    var delivered = 0
    /// A worker is delivering: the others leave their outputs in `finished`.
    var delivering = false
    /// The feed has ended.
    var closed = false
    var failure: Error?
    var cancelled = false

    /// No item is taken or submitted any more.
    var stopped: Bool { failure != nil || cancelled }

    mutating func fail(_ error: Error) {
        if failure == nil { failure = error }
        inputs = [:]
        finished = [:]
    }

    /// The next output to deliver, if it is ready and nothing failed; marks the caller as the one delivering.
    mutating func takeNext() -> (Int, Output)? {
        guard failure == nil, let output = finished.removeValue(forKey: delivered) else { return nil }
        delivering = true
        return (delivered, output)
    }
}
