import BreweryCompletion
import BreweryCore
import BreweryViews
import CReadline
import Foundation
import Synchronization

/// Set by the SIGINT handler (a lock-free atomic store is async-signal-safe), read and
/// cleared by the REPL. One definition for the whole program.
private let interruptFlag = Atomic<Int32>(0)
/// Set by the SIGTSTP handler while a line is read (Ctrl-Z), cleared when acted on.
private let suspendFlag = Atomic<Int32>(0)

/// The readline glue: prompts, completion marshalling, Ctrl-C. Nothing else lives here;
/// what to complete comes from ``Completer`` in the core.
enum LineEditor {
    /// The completer readline's C callbacks reach (they cannot capture context).
    nonisolated(unsafe) static var completer: Completer?
    /// What to list on the next display request.
    nonisolated(unsafe) static var pendingDisplay: [String] = []

    /// Installs readline's hooks and the SIGINT flag handler. Call once, on the main thread.
    static func install(completer: Completer, promptsToStderr: Bool) {
        self.completer = completer
        brewery_unblock_signals()
        interruptFlag.store(0, ordering: .relaxed)  // initialised before the handler can run
        brewery_install_sigint { _ in interruptFlag.store(1, ordering: .relaxed) }
        brewery_rl_install(completeLine, displayMatches, onSignalEvent)
        if promptsToStderr { brewery_rl_output_to_stderr() }
    }

    /// Greyed hints after the cursor (nil: none); see ``ShellHints``.
    nonisolated(unsafe) static var hints: ShellHints?
    /// The hint on screen now, and its width in columns (0: none).
    nonisolated(unsafe) static var shownHint: (hint: ShellHints.Hint, columns: Int)?
    /// Where the last redisplay of the line being read left the cursor (columns from the
    /// prompt's start) and the terminal's width then; nil before the first.
    nonisolated(unsafe) static var drawn: (columns: Int, width: Int)?

    /// Takes over readline's redisplay to draw hints, Enter to clear the hint before the
    /// line is accepted, and → to accept it. Call once, after ``install(completer:promptsToStderr:)``.
    static func installHints() {
        brewery_rl_install_hints(redisplayWithHint, acceptLine, forwardOrAcceptHint)
    }

    /// The prompt's width in columns.
    static let promptColumns = 9

    /// Reads a line; nil at end of input (Ctrl-D on an empty line).
    static func readLine(prompt: String) -> String? {
        drawn = nil
        // Ctrl-Z is handled only while a line is read (a running command stops as usual);
        // one that came as the last line was returned is dropped, not acted on later: the
        // signals are let in again (below) before the handler is taken away.
        suspendFlag.store(0, ordering: .relaxed)
        brewery_handle_sigtstp { _ in suspendFlag.store(1, ordering: .relaxed) }
        defer { brewery_handle_sigtstp(nil) }
        // Let in only while readline waits for a key (see `brewery_rl_getc`).
        brewery_block_reading_signals()
        defer { brewery_unblock_signals() }
        guard let raw = readline(prompt) else { return nil }
        defer { free(raw) }
        return String(decoding: UnsafeRawBufferPointer(start: raw, count: strlen(raw)), as: UTF8.self)
    }

    /// Whether Ctrl-C was pressed since the last call (clears it).
    static func takeInterrupt() -> Bool { interruptFlag.exchange(0, ordering: .relaxed) != 0 }

    /// Whether Ctrl-C was pressed (does not clear it); a command's cancellation token.
    static func interruptPending() -> Bool { interruptFlag.load(ordering: .relaxed) != 0 }
}

/// readline's attempted-completion callback: the whole line up to the cursor is the word.
private func completeLine(_ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32) -> UnsafeMutablePointer<
    UnsafeMutablePointer<CChar>?
>? {
    brewery_rl_completion_over()
    guard let linePtr = brewery_rl_line_to_point() else { return nil }
    let line = String(cString: linePtr)
    free(linePtr)
    guard let completion = LineEditor.completer?.complete(line), !completion.candidates.isEmpty else {
        LineEditor.pendingDisplay = []
        return nil
    }
    LineEditor.pendingDisplay = completion.display.map(TerminalText.safe)
    // One candidate that adds nothing (`show 300`, an id typed whole) is listed, as
    // several are, so TAB shows which beer it is: two matches with that line as their
    // common start make readline list the display strings on the second TAB.
    let complete = completion.candidates == [line] && !completion.display.isEmpty
    let items = complete ? [line, line + " "] : completion.candidates.count == 1 ? [] : completion.candidates
    let count = items.count + 2
    guard let raw = malloc(MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * count) else { return nil }
    let array = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: count)
    array[0] = strdup(completion.commonPrefix)
    for (i, c) in items.enumerated() { array[i + 1] = strdup(c) }
    array[items.count + 1] = nil
    return array
}

/// Lists the display strings (names only) instead of the whole-line candidates.
private func displayMatches(_ matches: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ n: Int32, _ maxLength: Int32) {
    let items = LineEditor.pendingDisplay
    guard !items.isEmpty else { return }
    let count = items.count + 2
    let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: count)
    argv[0] = strdup("")
    var longest = 0
    for (i, s) in items.enumerated() {
        argv[i + 1] = strdup(s)
        longest = max(longest, s.count)
    }
    argv[items.count + 1] = nil
    brewery_rl_display(argv, Int32(items.count), Int32(longest))
    for i in 0..<(items.count + 1) { free(argv[i]) }
    argv.deallocate()
}

/// Runs outside signal context when readline's wait is interrupted: on Ctrl-C, discard
/// the line and show a fresh prompt.
private func onSignalEvent() -> Int32 {
    if LineEditor.takeInterrupt() {
        clearHint()
        brewery_rl_discard_line()
    }
    if suspendFlag.exchange(0, ordering: .relaxed) != 0 {
        clearHint()
        brewery_rl_suspend()
    }
    return 0
}

/// readline's redisplay, then the hint for the line (when the cursor is at its end and
/// the hint fits on the terminal's line): greyed, the cursor moved back before it.
///
/// After a resize, readline redraws an application's display from wherever the cursor is,
/// as if it were at the start of a line (the prompt was drawn twice on one line): the
/// cursor goes back to where the prompt starts, and what is below is cleared, first.
private func redisplayWithHint() {
    let width = Int(brewery_rl_screen_width())
    if let drawn = LineEditor.drawn, drawn.width != width, drawn.width > 0 {
        let up = drawn.columns / drawn.width
        brewery_rl_write((up > 0 ? "\u{1B}[\(up)A" : "") + "\r\u{1B}[J")
        LineEditor.shownHint = nil
    }
    brewery_rl_redisplay()
    let point = Int(brewery_rl_point())
    let end = Int(brewery_rl_end())
    guard let raw = brewery_rl_line() else { return }
    let line = String(cString: raw)
    free(raw)
    let beforePoint = String(decoding: line.utf8.prefix(max(point, 0)), as: UTF8.self).count
    LineEditor.drawn = (LineEditor.promptColumns + beforePoint, width)
    if LineEditor.shownHint != nil {
        // readline knows nothing of the hint: what is left of it goes now.
        if point == end {
            brewery_rl_write("\u{1B}[K")
        } else {
            let after = String(decoding: Array(line.utf8)[min(point, line.utf8.count)...], as: UTF8.self).count
            brewery_rl_write(after > 0 ? "\u{1B}7\u{1B}[\(after)C\u{1B}[K\u{1B}8" : "\u{1B}[K")
        }
        LineEditor.shownHint = nil
    }
    guard point == end, brewery_rl_busy() == 0, let hints = LineEditor.hints, let hint = hints.hint(for: line) else { return }
    let text = TerminalText.safe(hint.text)
    let columns = text.count
    guard LineEditor.promptColumns + line.count + columns < Int(brewery_rl_screen_width()) else { return }
    brewery_rl_write("\u{1B}[90m" + text + "\u{1B}[0m\u{1B}[\(columns)D")
    LineEditor.shownHint = (hint, columns)
}

/// Clears the hint from the screen (the cursor is at the line's end when one shows).
private func clearHint() {
    guard LineEditor.shownHint != nil else { return }
    brewery_rl_write("\u{1B}[K")
    LineEditor.shownHint = nil
}

/// Enter: the hint goes before the line is accepted, so it is not left in the scrollback.
private func acceptLine(_ count: Int32, _ key: Int32) -> Int32 {
    clearHint()
    return brewery_rl_newline(count, key)
}

/// →: at the end of the line, takes the hinted completion; elsewhere moves as usual.
private func forwardOrAcceptHint(_ count: Int32, _ key: Int32) -> Int32 {
    if brewery_rl_point() == brewery_rl_end(), let line = LineEditor.shownHint?.hint.line {
        clearHint()
        brewery_rl_replace(line)
        return 0
    }
    return brewery_rl_forward(count, key)
}
