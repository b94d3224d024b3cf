import ArgumentParser
import Foundation

/// A command that runs against a ``Session``, so the REPL can run it too.
protocol SessionCommand: ParsableCommand {
    func execute(in session: Session) throws(BreweryError)
}

extension SessionCommand {
    /// One-shot run: a fresh session, errors printed as one line, mapped to an exit code.
    mutating func run() throws {
        let env = ProcessInfo.processInfo.environment
        let color = (self as? any TakesGlobalOptions)?.global.color
        let session = Session(environment: env, output: Output(terminal: .current(environment: env, color: color)))
        session.output.pager = Pager.from(environment: env)
        // The process ends after this command: freeing a large catalogue read from JSON
        // (every string, one by one) is work its exit does at once.
        // Held by a global, it is still reachable there (no leak for a leak checker).
        oneShotSession = session
        // A first run on a large JSON catalogue answers, then writes the snapshot that
        // makes the next runs fast (success or not: the catalogue was read either way);
        // `serve` writes it once it listens.
        session.snapshots.timing = .whenAsked
        defer { session.snapshots.writePending() }
        do {
            try checkFormat()
            try execute(in: session)
        } catch {
            session.output.error(error.description)
            throw ExitCode(error.exitCode)
        }
        if session.output.takeFailure() != nil { throw ExitCode(ExitStatus.failure) }
    }
}

/// The session of the one-shot command being run, kept until the process ends.
nonisolated(unsafe) private var oneShotSession: Session?
