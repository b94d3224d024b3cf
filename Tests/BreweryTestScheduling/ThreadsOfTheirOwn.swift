import Foundation
import Testing

/// Runs each test of a suite on a ``DedicatedThreadExecutor`` instead of the shared
/// cooperative pool (the executor is preferred by the test's task and its child tasks;
/// an unstructured `Task` started by a test runs on the shared pool as usual).
public struct ThreadsOfTheirOwn: SuiteTrait, TestTrait, TestScoping {
    let executor: DedicatedThreadExecutor

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope is left alone; each of its test cases gets the executor.
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(executor) { try await function() }
    }

    /// The executor tests that block their thread (waiting for a process) share: as many
    /// threads as cores, so they run as many at once as before, but off the shared pool.
    static let blocking = DedicatedThreadExecutor(threads: ProcessInfo.processInfo.activeProcessorCount)
}

extension Trait where Self == ThreadsOfTheirOwn {
    /// For tests that block their thread: they share threads set aside for such tests.
    public static var blockingWork: Self { ThreadsOfTheirOwn(executor: ThreadsOfTheirOwn.blocking) }

    /// For tests that measure time: `threads` threads for this suite alone, so its awaits
    /// resume when ready, not behind every other test. Each use makes new threads.
    public static func onThreadsOfItsOwn(_ threads: Int = 2) -> Self { on(DedicatedThreadExecutor(threads: threads)) }

    /// Runs the tests on `executor`'s threads.
    public static func on(_ executor: DedicatedThreadExecutor) -> Self { ThreadsOfTheirOwn(executor: executor) }
}
