import Foundation

/// A task executor with threads of its own, taking jobs first come, first served.
///
/// Swift Testing starts every test at once on the shared pool, which on Linux is
/// Dispatch's global queues: one thread per core, none added when one blocks. A test that
/// blocks its thread (waiting for a process) takes one of them; a test's next step waits
/// behind every test not yet started. On a two-core machine both together once held a
/// 1 s timeout for over a minute. Tests given threads of their own
/// (``Trait/onThreadsOfItsOwn(_:)``, ``Trait/blockingWork``) neither take the shared
/// threads nor wait behind them (blocking helpers of their own use `OwnThreads`).
///
/// The threads live as long as the process; jobs never run on any other thread.
public final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    /// Jobs not yet started, oldest first; read and written with `condition` held.
    private var queue: [UnownedJob] = []
    private var head = 0

    /// The threads' ids; written once each, with `condition` held.
    private var threadIDs: [pthread_t] = []

    /// Starts `threads` threads.
    public init(threads: Int) {
        for _ in 0..<max(threads, 1) {
            Thread { [self] in
                condition.withLock { threadIDs.append(pthread_self()) }
                work()
            }.start()
        }
    }

    /// Whether the calling thread is one of this executor's.
    public var runsTheCallingThread: Bool {
        let me = pthread_self()
        return condition.withLock { threadIDs.contains { pthread_equal($0, me) != 0 } }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        queue.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while head == queue.count { condition.wait() }
            let job = queue[head]
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
