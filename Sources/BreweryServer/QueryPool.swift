import BreweryCore
import Foundation

/// The threads that answer queries (rankings, text filters): a fixed few, apart from
/// Swift's cooperative pool and SwiftNIO's event loops, so a request for one beer or a
/// page never waits behind a ranking, whatever the rankings do.
///
/// Invariants: at most `threads` queries run at once and at most `maximumWaiting` wait;
/// a query whose request was cancelled (its client went away) before it started is
/// never run, and its caller is resumed at once; one cancelled while it runs is told
/// through its ``QueryCancellation`` (its search stops between runs of blocks); each
/// caller is resumed exactly once.
package final class QueryPool: Sendable {
    private final class Job: Sendable {
        let work: @Sendable () -> Void
        let skip: @Sendable () -> Void
        /// Set by the request's cancellation: read by the thread that takes the job, and
        /// by the query's search while it runs.
        let cancellation = QueryCancellation()

        init(work: @escaping @Sendable () -> Void, skip: @escaping @Sendable () -> Void) {
            self.work = work
            self.skip = skip
        }
    }

    private let condition = NSCondition()
    nonisolated(unsafe) private var waiting: [Job] = []
    private let maximumWaiting: Int

    /// Starts `threads` threads taking queries; at most `maximumWaiting` wait for them.
    package init(threads: Int = max(ProcessInfo.processInfo.activeProcessorCount, 2), maximumWaiting: Int = 64) {
        self.maximumWaiting = maximumWaiting
        for n in 0..<max(threads, 1) {
            let thread = Thread { [self] in takeJobs() }
            thread.name = "brewery.query-\(n)"
            thread.start()
        }
    }

    /// `work`'s value, computed on one of the pool's threads; nil when too many queries
    /// wait already (the caller answers 503) or the calling task was cancelled before it
    /// started.
    package func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T? {
        let box = JobBox()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
                let job = Job(work: { continuation.resume(returning: work()) }, skip: { continuation.resume(returning: nil) })
                box.set(job)
                condition.lock()
                let admitted = waiting.count < maximumWaiting && !Task.isCancelled
                if admitted {
                    waiting.append(job)
                    condition.signal()
                }
                condition.unlock()
                if !admitted { job.skip() }
            }
        } onCancel: {
            cancel(box)
        }
    }

    /// Marks the job of `box` cancelled; one still waiting leaves the queue and its caller
    /// is resumed now (its client is gone: nothing waits for a thread on its behalf); one
    /// running is told to stop.
    private func cancel(_ box: JobBox) {
        condition.lock()
        let job = box.cancel()
        var removed = false
        if let job, let i = waiting.firstIndex(where: { $0 === job }) {
            waiting.remove(at: i)
            removed = true
        }
        condition.unlock()
        if removed { job?.skip() }
    }

    private func takeJobs() {
        while true {
            condition.lock()
            while waiting.isEmpty { condition.wait() }
            let job = waiting.removeFirst()
            let cancelled = job.cancellation.isCancelled
            condition.unlock()
            if cancelled {
                job.skip()
            } else {
                QueryCancellation.$current.withValue(job.cancellation) { job.work() }
            }
        }
    }

    /// The job of one call, for its cancellation handler (which may run before the job exists).
    private final class JobBox: @unchecked Sendable {
        private let lock = NSLock()
        private var job: Job?
        private var cancelledEarly = false

        func set(_ job: Job) {
            lock.withLock {
                self.job = job
                if cancelledEarly { job.cancellation.cancel() }
            }
        }

        /// Marks the job (or the job to come) cancelled; the job, if made already. Called
        /// with the pool's condition locked.
        func cancel() -> Job? {
            lock.withLock {
                cancelledEarly = true
                job?.cancellation.cancel()
                return job
            }
        }
    }
}
