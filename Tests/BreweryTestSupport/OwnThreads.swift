import Foundation

/// Runs blocking work on threads of its own, never on Dispatch's global queues.
///
/// On Linux, Swift's tasks run on Dispatch's global queues, which do not add threads
/// when one blocks: a test waiting there for a process (reading its output to the end)
/// or for another shell holds a thread every task of the test run needs, and enough of
/// them stop every task, timers included. So tests block on these threads instead.
public enum OwnThreads {
    /// Runs `body(0)`, …, `body(count - 1)` each on a new thread, and returns when all
    /// have returned.
    public static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let started = (0..<count).map { i in start { body(i) } }
        for done in started { done.wait() }
    }

    /// Starts `body` on a new thread; `wait()` on the result returns once it has returned.
    public static func start(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        return done
    }
}
