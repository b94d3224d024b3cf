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
    /// Where in a piped script the line running is (`line 2`), said with its errors.
    var scriptLine: Int?
    /// Whether the command running was interrupted (Ctrl-C in the shell): its output is
    /// then dropped, and a long output stops within a chunk.
    var cancelled: @Sendable () -> Bool = { false }
    /// Output taller than the terminal goes through this pager (nil: never).
    var pager: Pager?
    /// Called after the pager has run (the shell forgets a Ctrl-C meant for the pager).
    var afterPaging: () -> Void = {}

    init(terminal: Terminal) { self.terminal = terminal }

    func line(_ s: String = "") {
        write(s + "\n")
    }

    /// Writes `text` to stdout as it is, in chunks, stopping when the command is
    /// interrupted (nothing more of it is written).
    func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var done = 0
            while done < bytes.count, failure == nil, !cancelled() {
                let chunk = UnsafeBufferPointer(rebasing: bytes[done..<min(done + Self.chunk, bytes.count)])
                if let code = FileDescriptorWriter.write(chunk, to: STDOUT_FILENO) {
                    failure = code
                    // A reader that went away (`brewery list | head`) is no error worth a line.
                    if code != EPIPE { error("cannot write the output: \(FileDescriptorWriter.describe(code))") }
                }
                done += chunk.count
            }
        }
    }

    /// Bytes written between checks for an interruption: a terminal shows 64 KiB in
    /// well under the 100 ms a Ctrl-C should take to stop a listing.
    static let chunk = 64 * 1024

    /// Writes a command's whole output: through the pager when it is taller than the
    /// terminal, else as ``write(_:)``.
    func show(_ text: String, paging: Bool = true) {
        guard !cancelled() else { return }
        if paging, let pager, terminal.stdoutIsTTY, let rows = Terminal.height(), Pager.isTaller(text, than: rows),
            pager.page(text)
        {
            afterPaging()
            return
        }
        write(text)
    }

    /// The write failure, if any, cleared for the next command.
    func takeFailure() -> Int32? {
        defer { failure = nil }
        return failure
    }

    func error(_ s: String) {
        let errTTY = isatty(STDERR_FILENO) == 1
        let styled = terminal.color && errTTY ? Style(enabled: true).error("error:") : "error:"
        let at = scriptLine.map { "line \($0): " } ?? ""
        _ = FileDescriptorWriter.write("brewery: \(styled) \(at)\(TerminalText.safe(advice(s)))\n", to: STDERR_FILENO)
    }

    func note(_ s: String) {
        _ = FileDescriptorWriter.write("\(TerminalText.safe(advice(s)))\n", to: STDERR_FILENO)
    }

    /// `s` with commands it advises written as the shell takes them.
    private func advice(_ s: String) -> String {
        inShell ? s.replacingOccurrences(of: "'brewery ", with: "'") : s
    }
}
