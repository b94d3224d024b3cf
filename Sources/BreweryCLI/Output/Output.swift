import BreweryViews
import Foundation

/// Writes to stdout and stderr. A write that fails (a full disk, a closed pipe) is said
/// once on stderr and remembered in ``failure``, so the command ends with status 1
/// instead of a crash.
final class Output: @unchecked Sendable {
    var terminal: Terminal
    var style: Style { Style(enabled: terminal.color) }
    /// Why writing to stdout failed, since the last ``takeFailure()``.
    private(set) var failure: Int32?
    /// In the shell, commands are typed without the program name: advice such as "run
    /// 'brewery fetch'" is shown as "run 'fetch'".
    var inShell = false

    init(terminal: Terminal) { self.terminal = terminal }

    func line(_ s: String = "") {
        write(s + "\n")
    }

    /// Writes `text` to stdout as it is.
    func write(_ text: String) {
        guard failure == nil else { return }
        if let code = FileDescriptorWriter.write(text, to: STDOUT_FILENO) {
            failure = code
            // A reader that went away (`brewery list | head`) is no error worth a line.
            if code != EPIPE { error("cannot write the output: \(FileDescriptorWriter.describe(code))") }
        }
    }

    /// The write failure, if any, cleared for the next command.
    func takeFailure() -> Int32? {
        defer { failure = nil }
        return failure
    }

    func error(_ s: String) {
        let errTTY = isatty(STDERR_FILENO) == 1
        let styled = terminal.color && errTTY ? Style(enabled: true).error("error:") : "error:"
        _ = FileDescriptorWriter.write("brewery: \(styled) \(TerminalText.safe(advice(s)))\n", to: STDERR_FILENO)
    }

    func note(_ s: String) {
        _ = FileDescriptorWriter.write("\(TerminalText.safe(advice(s)))\n", to: STDERR_FILENO)
    }

    /// `s` with commands it advises written as the shell takes them.
    private func advice(_ s: String) -> String {
        inShell ? s.replacingOccurrences(of: "'brewery ", with: "'") : s
    }
}
