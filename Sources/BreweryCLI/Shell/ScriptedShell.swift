import ArgumentParser
import BreweryViews
import Foundation

/// The shell without a terminal, for a driver that feeds it lines (the fuzzer): the same
/// parsing and dispatch as `brewery` reading a pipe, with no history saved.
package final class ScriptedShell {
    private var state: REPL.State
    private let history: History

    /// A shell over the catalogue at `catalogue`; `environment` as the process would
    /// see it (the snapshot cache folder, say).
    package init(catalogue: String, environment: [String: String]) throws {
        let output = Output(terminal: Terminal(stdoutIsTTY: false, stdinIsTTY: false, width: 80, color: false))
        let session = Session(environment: environment, output: output)
        session.inShell = true
        session.catalogueOverride = catalogue
        // Nothing answers a command's questions (`taste quiz`): it ends at once.
        session.ask = { _ in nil }
        state = REPL.State(session: session, global: try GlobalOptions.parse(["--catalogue", catalogue]), pager: nil)
        history = History(environment: ["BREWERY_HISTORY": ""], useReadline: false)
    }

    /// Runs one line; whether it went well (false for a failed command, and for `quit`).
    @discardableResult
    package func run(_ line: String) -> Bool {
        let outcome = state.handle(line, history: history)
        _ = state.session.output.takeFailure()
        return outcome == .ok
    }
}
