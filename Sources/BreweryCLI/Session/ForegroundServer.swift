import BreweryServer
import Foundation

/// Runs a ``BreweryServer`` for a synchronous caller (a one-shot command, or a line of
/// the shell): the calling thread waits until the server stops (SIGINT, SIGTERM), and
/// does the caller's own work once the server listens, while it serves.
struct ForegroundServer {
    let server: BreweryServer

    init(_ server: BreweryServer) { self.server = server }

    /// Serves until stopped. `onReady` gets the port bound (on the server's side);
    /// `whileServing` runs on the calling thread once listening, or not at all if the
    /// server never listens (a port in use).
    func run(onReady: @escaping @Sendable (Int) -> Void, whileServing: () -> Void) -> Result<Void, ServerError> {
        let listening = DispatchSemaphore(value: 0)
        let stopped = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        let server = server
        Task.detached {
            do throws(ServerError) {
                try await server.run { port in
                    onReady(port)
                    outcome.listened()
                    listening.signal()
                }
            } catch {
                outcome.failed(error)
            }
            stopped.signal()
            listening.signal()  // for a server that ended without listening
        }
        listening.wait()
        if outcome.hasListened { whileServing() }
        stopped.wait()
        return outcome.result
    }

    /// How the server's task went, read by the waiting thread.
    private final class Outcome: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var error: ServerError?
        nonisolated(unsafe) private var listenedOnce = false

        func listened() { lock.withLock { listenedOnce = true } }
        func failed(_ e: ServerError) { lock.withLock { error = e } }
        var hasListened: Bool { lock.withLock { listenedOnce } }
        var result: Result<Void, ServerError> { lock.withLock { error.map { .failure($0) } ?? .success(()) } }
    }
}
