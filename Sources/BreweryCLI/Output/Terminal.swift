import Foundation

/// What the process is writing to: whether a terminal, how wide, whether colour is wanted.
package struct Terminal: Sendable {
    /// stdout is a terminal.
    package var stdoutIsTTY: Bool
    /// stdin is a terminal.
    package var stdinIsTTY: Bool
    /// Columns to fit human output into.
    package var width: Int
    /// Colour in human output (never in JSON).
    package var color: Bool

    /// Reads the real terminal and environment. Colour: `--color always|never` decides;
    /// else `FORCE_COLOR` (set, not `0`) turns it on; else `NO_COLOR` (set, non-empty) or
    /// `TERM=dumb` turn it off; else it is on only on a terminal.
    static func current(environment env: [String: String], color choice: ColorChoice? = nil) -> Terminal {
        let outTTY = isatty(STDOUT_FILENO) == 1
        let width = Self.width(environment: env, isTTY: outTTY)
        let force = env["FORCE_COLOR"].map { !$0.isEmpty && $0 != "0" } ?? false
        let noColor = !(env["NO_COLOR"] ?? "").isEmpty || env["TERM"] == "dumb"
        let color: Bool
        switch choice {
        case .always?: color = true
        case .never?: color = false
        case .auto?, nil: color = force || (outTTY && !noColor)
        }
        return Terminal(stdoutIsTTY: outTTY, stdinIsTTY: isatty(STDIN_FILENO) == 1, width: width, color: color)
    }

    /// The columns to fit output into now: the terminal's (asked each time, so a resized
    /// window is followed), else `$COLUMNS`, else 100 on a terminal and 200 in a pipe;
    /// never under 40.
    static func width(environment env: [String: String], isTTY: Bool) -> Int {
        var ws = winsize()
        var width = 0
        if isTTY, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0 { width = Int(ws.ws_col) }
        if width <= 0, let c = env["COLUMNS"].flatMap(Int.init), c > 0 { width = c }
        if width <= 0 { width = isTTY ? 100 : 200 }
        return max(width, 40)
    }

    /// The terminal's rows, when stdout is a terminal that says.
    static func height() -> Int? {
        var ws = winsize()
        guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_row > 0 else { return nil }
        return Int(ws.ws_row)
    }
}
