import BreweryCore
import BreweryServer
import BreweryTestScheduling
import Foundation
import Testing

/// The threads these tests and the tasks they start run on: the queries' callers wait
/// for nothing else in the test run, so their timings measure the pool alone.
private let callers = DedicatedThreadExecutor(threads: 2)

/// The query threads: bounded, never running a query whose client left, resuming every
/// caller once.
@Suite(.on(callers)) struct QueryPoolTests {
    /// A gate the pool's work waits on, so a test decides when queries end.
    final class Gate: @unchecked Sendable {
        let condition = NSCondition()
        var open = false
        var running = 0
        var most = 0
        var ran = 0

        func pass() {
            condition.lock()
            running += 1
            most = max(most, running)
            while !open { condition.wait() }
            running -= 1
            ran += 1
            condition.unlock()
        }

        func release() {
            condition.lock()
            open = true
            condition.broadcast()
            condition.unlock()
        }

        var runningNow: Int { condition.withLock { running } }

        /// Waits (without holding a thread) until `n` queries run, at most 10 s.
        func waitUntilRunning(_ n: Int) async {
            for _ in 0..<1000 where runningNow < n { try? await Task.sleep(for: .milliseconds(10)) }
        }
    }

    @Test func atMostItsThreadsRunAndAFullQueueSaysSo() async {
        let pool = QueryPool(threads: 2, maximumWaiting: 3)
        let gate = Gate()
        await withTaskGroup(of: Int?.self) { group in
            for i in 0..<2 {
                group.addTask {
                    await pool.run {
                        gate.pass()
                        return i
                    }
                }
            }
            await gate.waitUntilRunning(2)
            for i in 2..<5 {
                group.addTask {
                    await pool.run {
                        gate.pass()
                        return i
                    }
                }
            }
            // Two run and three wait: the next is refused at once (released after a while
            // if it was not, so a failing pool cannot hang the suite).
            try? await Task.sleep(for: .milliseconds(200))
            let refused = Task(executorPreference: callers) { await pool.run { 99 } }
            let late = Task(executorPreference: callers) {
                try? await Task.sleep(for: .seconds(5))
                gate.release()
            }
            #expect(await refused.value == nil)
            late.cancel()
            gate.release()
            var answered: [Int] = []
            for await value in group { if let value { answered.append(value) } }
            #expect(answered.sorted() == [0, 1, 2, 3, 4])
        }
        #expect(gate.most == 2)
    }

    @Test func aQueryWhoseCallerWasCancelledBeforeItStartedNeverRuns() async {
        let pool = QueryPool(threads: 1, maximumWaiting: 8)
        let gate = Gate()
        let blocker = Task(executorPreference: callers) { await pool.run { gate.pass() } }
        await gate.waitUntilRunning(1)
        let waiting = Task(executorPreference: callers) {
            await pool.run {
                gate.pass()
                return 1
            }
        }
        try? await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        #expect(await waiting.value == nil)
        gate.release()
        _ = await blocker.value
        #expect(gate.ran == 1, "the cancelled query ran")
        #expect(await pool.run { 7 } == 7)
    }

    @Test func aRunningQueryIsToldWhenItsCallerIsCancelledAndFreesItsThread() async {
        let pool = QueryPool(threads: 1, maximumWaiting: 4)
        let gate = Gate()
        let task = Task(executorPreference: callers) {
            await pool.run { () -> Bool in
                let cancellation = QueryCancellation.current
                gate.condition.withLock { gate.running += 1 }
                // Works until told to stop (10 s at most, so a failing pool cannot hang the suite).
                let end = Date().addingTimeInterval(10)
                while cancellation?.isCancelled != true && Date() < end { usleep(1_000) }
                return cancellation?.isCancelled == true
            }
        }
        await gate.waitUntilRunning(1)
        let asked = Date()
        task.cancel()
        #expect(await task.value == true, "the running query never saw its cancellation")
        #expect(await pool.run { 7 } == 7)
        #expect(Date().timeIntervalSince(asked) < 5, "the pool's thread stayed taken")
    }
}
