import BreweryTestScheduling
import Testing

/// The trait the fetcher's timing tests rely on: a suite's tests, their awaits and their
/// child tasks run on its own threads, never on the shared pool.
/// The suite's one thread.
private let ownThread = DedicatedThreadExecutor(threads: 1)

@Suite(.on(ownThread)) struct ThreadsOfTheirOwnTests {
    @Test func aSynchronousTestRunsOnTheSuitesThread() {
        #expect(ownThread.runsTheCallingThread)
    }

    @Test func awaitsAndChildTasksStayOnTheSuitesThread() async throws {
        try await Task.sleep(for: .milliseconds(5))
        #expect(ownThread.runsTheCallingThread)
        let children = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<3 { group.addTask { ownThread.runsTheCallingThread } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(children == [true, true, true])
    }
}

@Suite struct TestsWithoutTheTraitTests {
    @Test func runOnTheSharedPool() {
        #expect(!ownThread.runsTheCallingThread)
    }
}
