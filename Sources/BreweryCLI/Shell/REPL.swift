import ArgumentParser
import BreweryCompletion
import BreweryCore
import BreweryStore
import BreweryViews
import Foundation

/// The interactive shell: readline on a terminal, plain lines from a pipe.
///
/// Every one-shot command runs here with the same words, through the same parser
/// (`BreweryCommand.parseAsRoot`), against one session that keeps the catalogue loaded.
struct REPL {
    var global: GlobalOptions
    var bail: Bool

    /// Runs until `quit`, Ctrl-D or end of input; returns the exit status.
    func run() -> Int32 {
        let env = ProcessInfo.processInfo.environment
        let terminal = Terminal.current(environment: env, color: global.color)
        let session = Session(environment: env, output: Output(terminal: terminal))
        session.inShell = true
        let interactive = terminal.stdinIsTTY
        session.catalogueOverride = global.catalogue
        // A catalogue first read from its JSON answers (or shows the prompt) while its
        // snapshot is written; the shell ends once it is.
        session.snapshots.timing = .beside
        defer { session.snapshots.finish(waiting: true) }
        // `brewery shell --json` (or `--format`, `-x`) sets how every line prints, as
        // `set format` and `set expanded` would; a line's own option still wins.
        if let format = global.requestedFormat { session.defaultFormat = format }
        if global.expanded { session.expanded = .on }
        // A script piped in is never paged, even when its output is a terminal.
        let pager = global.noPager || !terminal.stdinIsTTY ? nil : Pager.from(environment: env)
        session.output.pager = pager
        var state = State(session: session, global: global, pager: pager)
        var history = History(environment: env, useReadline: interactive)
        defer { if interactive { history.truncate() } }

        if interactive {
            let catalogue = try? session.catalogue(global)
            // The user's own beers complete first where a command acts on them.
            let kept: @Sendable (CommandGrammar.KeptList, [String: String]) -> [TastedBeer] = { [session] in
                session.keptBeers($0, taste: $1["--taste"])
            }
            LineEditor.install(
                completer: Completer(grammar: CommandLanguage.standard.grammar, catalogue: catalogue?.catalogue, kept: kept),
                promptsToStderr: !terminal.stdoutIsTTY)
            // A catalogue loaded later (a fetch, a change on disk) completes its own names.
            session.onLoad = { loaded in
                LineEditor.completer = Completer(
                    grammar: CommandLanguage.standard.grammar, catalogue: loaded.catalogue, kept: kept)
            }
            // Hints need a terminal that draws grey: on by default with colour, never on a
            // dumb terminal or when the output is piped.
            if terminal.stdoutIsTTY && env["TERM"] != "dumb" {
                LineEditor.installHints()
                state.hintsAvailable = true
                if terminal.color { LineEditor.hints = state.hints }
            }
            session.cancelled = { LineEditor.interruptPending() }
            // Ctrl-C inside the pager is the pager's (less stops a search), not a cancel.
            session.output.afterPaging = { _ = LineEditor.takeInterrupt() }
            let what =
                catalogue.map { "\($0.catalogue.count) beers from \($0.metadata?.source ?? $0.path)" }
                ?? "no catalogue yet (try 'fetch --from FILE|URL')"
            let banner = "Brewery — \(what). Type 'help' for commands, TAB to complete, Ctrl-D to leave."
            for line in TextLayout.wrap(banner, width: terminal.width) { session.output.note(line) }
        }
        // A piped script's documents are JSON Lines: one compact document per line.
        session.jsonLines = !interactive
        var failures = 0
        var lineNumber = 0
        var piped = InputLines()
        // A question a command asks (`taste quiz`) is answered on the next line typed or read.
        session.interactive = interactive
        if interactive {
            session.ask = { [output = session.output] question in
                guard let line = LineEditor.readLine(prompt: question) else {
                    // Ctrl-D: end the question's line, as at the shell's prompt.
                    output.note("")
                    return nil
                }
                return line
            }
        } else {
            session.ask = Session.asking {
                guard case .text(let text)? = piped.next() else { return nil }
                return text
            }
        }
        while true {
            let line: String?
            if interactive {
                _ = LineEditor.takeInterrupt()
                line = LineEditor.readLine(prompt: "brewery> ")
            } else {
                lineNumber += 1
                session.output.scriptLine = lineNumber
                switch piped.next() {
                case .text(let text)?: line = text
                case .tooLong(let bytes)?:
                    session.output.error(InputLimits.problem(lineBytes: bytes) ?? "the line is too long")
                    failures += 1
                    if bail { return ExitStatus.failure }
                    continue
                case nil: line = nil
                }
            }
            guard let line else {
                if interactive { session.output.note("") }
                break
            }
            // The window may have been resized since the last command (SIGWINCH).
            if terminal.stdoutIsTTY {
                session.output.terminal.width = Terminal.width(environment: env, isTTY: true)
            }
            // Only what a person typed is history: not a piped script, not a pasted blob.
            if interactive && line.count <= History.longestLine { history.add(line, useReadline: true) }
            let outcome = state.handle(line, history: history)
            session.snapshots.finish(waiting: false)
            if let code = session.output.takeFailure() {
                // Output cannot be written (a full disk, or the reader went away).
                if code == EPIPE || !interactive { return ExitStatus.failure }
                failures += 1
            }
            switch outcome {
            case .ok: continue
            case .failed:
                failures += 1
                if bail && !interactive { return ExitStatus.failure }
            case .quit:
                return interactive || failures == 0 ? ExitStatus.ok : ExitStatus.failure
            }
        }
        return interactive || failures == 0 ? ExitStatus.ok : ExitStatus.failure
    }

    /// What one line did.
    enum Outcome { case ok, failed, quit }

    /// The session's mutable state and line dispatch.
    struct State {
        let session: Session
        let global: GlobalOptions
        var timing = false
        /// The last paged command and the part of its ranking it showed, for `more`.
        var lastPaged: (words: [String], window: ResultWindow?)?
        let language = CommandLanguage.standard
        /// Parses kept for lines that differ only in their leading words.
        var templates = ParsedTemplates()
        /// The pager `set pager on` turns back on (nil: none was found).
        let pager: Pager?
        /// Whether this terminal can show hints (`set hints on`).
        var hintsAvailable = false
        /// The hints `set hints on` shows.
        let hints = ShellHints(language: .standard, completer: { LineEditor.completer })

        init(session: Session, global: GlobalOptions, pager: Pager?) {
            self.session = session
            self.global = global
            self.pager = pager
        }

        mutating func handle(_ line: String, history: History) -> Outcome {
            if let problem = InputLimits.problem(lineBytes: line.utf8.count) {
                session.output.error(problem)
                return .failed
            }
            let words: [String]
            do { words = try LineSplitter.split(line) } catch {
                session.output.error("\(error)")
                return .failed
            }
            if let problem = InputLimits.problem(words: words.count) {
                session.output.error(problem)
                return .failed
            }
            // Blank lines and `# comments` do nothing, as in sqlite3 and psql scripts.
            guard let first = words.first, !first.hasPrefix("#") else { return .ok }
            let start = ContinuousClock.now
            session.lastQueryDuration = nil
            session.lastLoadDuration = nil
            defer { if timing { reportTime(since: start) } }
            do { try language.checkCommandWords(words) } catch {
                session.output.error(error.description + " (type 'help')")
                return .failed
            }
            guard let command = language.command(first), command.shellOnly else {
                return run(words, paged: language.isPaged(words))
            }
            let parsed: any ParsableCommand
            do { parsed = try ShellCommands.parseAsRoot(words) } catch {
                return reportParseError(error, words)
            }
            switch parsed {
            case is ShellCommands.Quit: return .quit
            case let h as ShellCommands.Help: return help(h.topic)
            case is ShellCommands.History:
                for (i, l) in history.lines.enumerated() {
                    session.output.line(String(format: "%5d  ", i + 1) + TerminalText.safe(l))
                }
                return .ok
            case let t as ShellCommands.Timing:
                timing = t.state.map { $0 == .on } ?? !timing
                session.output.line("Timing is \(timing ? "on" : "off").")
                return .ok
            case let s as ShellCommands.SetSetting: return set(s.setting, s.value)
            case is ShellCommands.More: return more()
            case is ShellCommands.Clear:
                // Home, erase the screen and the scrollback, as clear(1) does.
                if session.output.terminal.stdoutIsTTY { session.output.write("\u{1B}[H\u{1B}[2J\u{1B}[3J") }
                return .ok
            default: return .ok
            }
        }

        /// Prints `Time: …` for `timing on`: the whole command, then the query alone, and
        /// the wait for the catalogue when the command had to read it.
        func reportTime(since start: ContinuousClock.Instant) {
            var text = "Time: " + Self.milliseconds(ContinuousClock.now - start)
            // The query alone, as the benchmarks measure it; the rest is parsing the line,
            // writing the answer and, for a first command, reading the catalogue.
            let parts =
                (session.lastQueryDuration.map { ["query \(Self.milliseconds($0))"] } ?? [])
                + (session.lastLoadDuration.map { ["catalogue read \(Self.milliseconds($0))"] } ?? [])
            if !parts.isEmpty { text += " (" + parts.joined(separator: ", ") + ")" }
            if session.output.terminal.stdoutIsTTY { session.output.line(text) } else { session.output.note(text) }
        }

        static func milliseconds(_ d: Duration) -> String {
            let parts = d.components
            return NumberFormat.fixed(Double(parts.seconds) * 1e3 + Double(parts.attoseconds) / 1e15, 3) + " ms"
        }

        /// Parses `words` with the one-shot command tree and runs the command here.
        mutating func run(_ words: [String], paged: Bool) -> Outcome {
            session.lastWindow = nil
            do {
                let joined = BreweryCommand.joinNegativeValues(words)
                let parsed = try templates.parse(joined) ?? BreweryCommand.parseAsRoot(joined)
                if let command = parsed as? any SessionCommand {
                    try command.checkFormat()
                    try command.execute(in: session)
                } else {
                    // Help requests and command groups ("recommend" alone) print their help.
                    var other = parsed
                    try other.run()
                }
                if paged { lastPaged = (words, session.lastWindow) }
                if session.cancelled() { session.output.note("cancelled") }
                return .ok
            } catch {
                return reportParseError(error, words)
            }
        }

        /// Reports a failed command: Brewery's own errors as they are, ArgumentParser's
        /// by their first line with a pointer to the help; a help request is printed.
        func reportParseError(_ error: any Error, _ words: [String]) -> Outcome {
            if BreweryCommand.exitCode(for: error) == .success {
                let text = BreweryCommand.fullMessage(for: error, columns: session.output.terminal.width)
                session.output.line(Self.shellHelp(text))
                return .ok
            }
            if case .cancelled(let message)? = error as? BreweryError {
                session.output.note(message)
                return .ok
            }
            if let error = error as? BreweryError {
                session.output.error(error.description)
            } else {
                let message = BreweryCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "bad command"
                let hinted = CommandLanguage.standard.withOptionHint(message, words: words)
                session.output.error(hinted + " (see 'help \(CommandLanguage.standard.helpTopic(of: words))')")
            }
            return .failed
        }

        /// `more`: the last paged command again, from where its page ended.
        mutating func more() -> Outcome {
            guard let (words, window) = lastPaged else {
                session.output.error("nothing to continue; 'more' follows list, search or recommend")
                return .failed
            }
            guard let next = window?.next else {
                session.output.line("No more results.")
                return .ok
            }
            return run(Self.words(words, offset: next), paged: true)
        }

        /// `words` with `--offset` set to `offset`.
        static func words(_ words: [String], offset: Int) -> [String] {
            var out: [String] = []
            var i = 0
            while i < words.count {
                if words[i] == "--offset" {
                    i += 2
                    continue
                }
                if !words[i].hasPrefix("--offset=") { out.append(words[i]) }
                i += 1
            }
            return out + ["--offset", String(offset)]
        }

        mutating func set(_ setting: ShellCommands.SetSetting.Setting?, _ value: String?) -> Outcome {
            switch (setting, value) {
            case (.limit?, let v?) where Int(v).map { $0 >= 1 } ?? false:
                session.chosenLimit = Int(v) ?? session.chosenLimit
            case (.color?, let v?) where ["on", "off"].contains(v):
                session.output.terminal.color = v == "on"
            case (.format?, let v?) where OutputFormat(rawValue: v) != nil:
                session.defaultFormat = OutputFormat(rawValue: v) ?? .table
            case (.expanded?, let v?) where ExpandedDisplay.Mode(rawValue: v) != nil:
                session.expanded = ExpandedDisplay.Mode(rawValue: v) ?? .off
            case (.pager?, "on"?):
                guard let pager else {
                    session.output.error("no pager to use: set PAGER, or install less")
                    return .failed
                }
                session.output.pager = pager
            case (.pager?, "off"?):
                session.output.pager = nil
            case (.hints?, "on"?):
                guard hintsAvailable else {
                    session.output.error("hints need a terminal (not a pipe, not TERM=dumb)")
                    return .failed
                }
                LineEditor.hints = hints
            case (.hints?, "off"?):
                LineEditor.hints = nil
            case (nil, _):
                let pager = session.output.pager.map { "on (\($0.command))" } ?? "off"
                session.output.line(
                    "limit \(session.defaultLimit)\ncolor \(session.output.terminal.color ? "on" : "off")\n"
                        + "format \(session.defaultFormat.rawValue)\nexpanded \(session.expanded.rawValue)\npager \(pager)\n"
                        + "hints \(LineEditor.hints == nil ? "off" : "on")")
                return .ok
            default:
                session.output.error(
                    "set takes: limit N (N ≥ 1) | color on|off | format table|json|csv | expanded on|off|auto | pager on|off | hints on|off"
                )
                return .failed
            }
            return .ok
        }

        func help(_ args: [String]) -> Outcome {
            if let topic = args.first {
                guard let command = language.command(topic) else {
                    session.output.error(CommandLanguage.unknown("help topic", topic, among: language.commandWords))
                    return .failed
                }
                if command.shellOnly {
                    let text =
                        Self.usage(command) + " — " + command.abstract
                        + (command.discussion.isEmpty ? "" : " " + command.discussion)
                    for line in TextLayout.wrap(text, width: session.output.terminal.width) { session.output.line(line) }
                    return .ok
                }
                var s = self
                return s.run(args + ["--help"], paged: false)
            }
            let o = session.output
            let columns = o.terminal.width
            let intro = TextLayout.wrap("Commands (the same as on the command line, without 'brewery'):", width: columns)
            o.line(o.style.bold("Commands") + intro[0].dropFirst("Commands".count))
            for line in intro.dropFirst() { o.line(line) }
            let rows = language.commands.flatMap { c in
                c.subcommands.isEmpty
                    ? [(Self.usage(c), c.abstract)] : c.subcommands.map { ("\(c.name) " + Self.usage($0), $0.abstract) }
            }
            // In a narrow window each abstract goes under its usage, indented.
            let column = min(rows.map(\.0.count).max() ?? 0, 32) + 2
            let width = columns - column - 2 >= 24 ? column : 2
            for (usage, abstract) in rows {
                // A usage longer than the column goes on its own line; the abstract wraps
                // at words, under its column, within the window.
                let head = "  " + usage
                let text = TextLayout.wrap(Self.firstSentence(abstract), width: columns - width - 2)
                if usage.count + 2 > width || text.isEmpty {
                    for line in TextLayout.fit([head], width: columns) { o.line(line) }
                } else {
                    o.line(head.padding(toLength: width + 2, withPad: " ", startingAt: 0) + text[0])
                }
                let rest = usage.count + 2 > width ? text[...] : text.dropFirst()
                for line in rest { o.line(String(repeating: " ", count: width + 2) + line) }
            }
            for line in TextLayout.wrap(
                "TAB completes commands, options, beer names and food words; Ctrl-C clears the line; Ctrl-R searches "
                    + "history; Ctrl-L clears the screen.", width: columns)
            {
                o.line(line)
            }
            return .ok
        }

        /// A command's help as the shell shows it: its usage lines without the program
        /// name (commands are typed without `brewery` here) and without the program-wide
        /// `--version`.
        static func shellHelp(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("  --version ") }
                .map { line in
                    guard line.hasPrefix("USAGE: brewery ") || line.hasPrefix("       brewery ") else { return String(line) }
                    return line.replacingOccurrences(of: " brewery ", with: " ", options: [], range: line.range(of: " brewery "))
                }
                .joined(separator: "\n")
        }

        /// `name <argument>` as help lists a command; an argument of one value is that
        /// word ("recommend for me").
        static func usage(_ c: CommandLanguage.Command) -> String {
            guard let argument = c.argument else { return c.name }
            if argument.values.count == 1 { return "\(c.name) \(argument.values[0])" }
            return "\(c.name) <\(argument.values.isEmpty ? argument.valueName : argument.values.joined(separator: "|"))>"
        }

        static func firstSentence(_ s: String) -> String {
            s.components(separatedBy: ": ").first.map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ". ")) } ?? s
        }
    }
}
