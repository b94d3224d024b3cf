import BreweryViews
import Foundation

/// Writes to stdout and stderr.
final class Output: @unchecked Sendable {
    var terminal: Terminal
    var style: Style { Style(enabled: terminal.color) }

    init(terminal: Terminal) { self.terminal = terminal }

    func line(_ s: String = "") {
        write(s + "\n")
    }

    /// Writes `text` to stdout as it is.
    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func error(_ s: String) {
        let errTTY = isatty(STDERR_FILENO) == 1
        let styled = terminal.color && errTTY ? Style(enabled: true).error("error:") : "error:"
        FileHandle.standardError.write(Data("brewery: \(styled) \(s)\n".utf8))
    }

    func note(_ s: String) {
        FileHandle.standardError.write(Data("\(s)\n".utf8))
    }
}
