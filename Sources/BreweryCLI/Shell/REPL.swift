import ArgumentParser
import BreweryCore
import BreweryStore
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
        let terminal = Terminal.current(environment: env)
        let session = Session(environment: env, output: Output(terminal: terminal), interactive: terminal.stdinIsTTY)
        let interactive = terminal.stdinIsTTY
        session.catalogueOverride = global.catalogue
        var state = State(session: session, global: global)
        var history = History(environment: env, useReadline: interactive)
        defer { history.truncate() }

        if interactive {
            let catalogue = try? session.catalogue(global)
            LineEditor.install(
                completer: Completer(grammar: ShellGrammar.grammar, catalogue: catalogue?.catalogue),
                promptsToStderr: !terminal.stdoutIsTTY)
            session.cancelled = { LineEditor.interruptPending() }
            let what = catalogue.map { "\($0.catalogue.count) beers from \($0.metadata?.source ?? $0.path)" }
                ?? "no catalogue yet (try 'fetch --from FILE|URL')"
            session.output.note("Brewery — \(what). Type 'help' for commands, TAB to complete, Ctrl-D to leave.")
        }
        var failures = 0
        while true {
            let line: String?
            if interactive {
                _ = LineEditor.takeInterrupt()
                line = LineEditor.readLine(prompt: "brewery> ")
            } else {
                line = Swift.readLine(strippingNewline: true)
            }
            guard let line else {
                if interactive { session.output.note("") }
                break
            }
            history.add(line, useReadline: interactive)
            switch state.handle(line, history: history) {
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
        /// The last paged command, for `more`.
        var lastPaged: [String]?

        init(session: Session, global: GlobalOptions) {
            self.session = session
            self.global = global
        }

        mutating func handle(_ line: String, history: History) -> Outcome {
            let words: [String]
            do { words = try LineSplitter.split(line) } catch {
                session.output.error("\(error)")
                return .failed
            }
            guard let first = words.first else { return .ok }
            let start = DispatchTime.now()
            session.lastQueryDuration = nil
            defer {
                if timing {
                    let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
                    var text = String(format: "Time: %.3f ms", ms)
                    if let query = session.lastQueryDuration {
                        // The query alone, as the benchmarks measure it; the rest is parsing
                        // the line and writing the answer.
                        let parts = query.components
                        text += String(format: " (query %.3f ms)", Double(parts.seconds) * 1e3 + Double(parts.attoseconds) / 1e15)
                    }
                    if session.output.terminal.stdoutIsTTY { session.output.line(text) } else { session.output.note(text) }
                }
            }
            switch first {
            case "quit", "exit", "\\q": return .quit
            case "help", "?": return help(Array(words.dropFirst()))
            case "history":
                for (i, l) in history.lines.enumerated() { session.output.line(String(format: "%5d  ", i + 1) + l) }
                return .ok
            case "timing":
                switch words.dropFirst().first {
                case "on": timing = true
                case "off": timing = false
                case nil: timing.toggle()
                default:
                    session.output.error("timing takes 'on' or 'off'")
                    return .failed
                }
                session.output.line("Timing is \(timing ? "on" : "off").")
                return .ok
            case "set": return set(Array(words.dropFirst()))
            case "more":
                guard let last = lastPaged else {
                    session.output.error("nothing to continue; 'more' follows list, search or recommend")
                    return .failed
                }
                return run(Self.nextPage(of: last), paged: true)
            case "shell":
                session.output.error("already in the shell")
                return .failed
            default:
                let known = BreweryCommand.subcommandNames.union(ShellGrammar.replCommands)
                if !known.contains(first) {
                    let hint = Self.suggestion(for: first, among: known.subtracting(["shell"]))
                    session.output.error("unknown command '\(Self.printable(first))'" + (hint.map { " — did you mean '\($0)'?" } ?? "") + " (type 'help')")
                    return .failed
                }
                return run(words, paged: ["list", "search", "recommend"].contains(first))
            }
        }

        /// Parses `words` with the one-shot command tree and runs the command here.
        mutating func run(_ words: [String], paged: Bool) -> Outcome {
            do {
                let parsed = try BreweryCommand.parseAsRoot(words)
                if let command = parsed as? any SessionCommand {
                    try command.execute(in: session)
                } else {
                    // Help requests and command groups ("recommend" alone) print their help.
                    var other = parsed
                    try other.run()
                }
                if paged { lastPaged = words }
                if session.cancelled() { session.output.note("cancelled") }
                return .ok
            } catch let error where BreweryCommand.exitCode(for: error) == .success {
                session.output.line(BreweryCommand.fullMessage(for: error, columns: session.output.terminal.width))
                return .ok
            } catch {
                if let message = ExitStatus.message(for: error) {
                    session.output.error(message)
                } else {
                    // ArgumentParser's own: keep its first line, point at the help.
                    let message = BreweryCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "bad command"
                    session.output.error(message + " (see 'help \(words[0])')")
                }
            }
            return .failed
        }

        /// The words of the next page of a paged command.
        static func nextPage(of words: [String]) -> [String] {
            var w = words
            if words.first == "list" {
                if let i = w.firstIndex(of: "--page"), i + 1 < w.count, let p = Int(w[i + 1]) {
                    w[i + 1] = String(p + 1)
                } else {
                    w += ["--page", "2"]
                }
                return w
            }
            let step: Int = {
                if let i = w.firstIndex(of: "--limit"), i + 1 < w.count, let l = Int(w[i + 1]), l > 0 { return l }
                return 10
            }()
            if let i = w.firstIndex(of: "--offset"), i + 1 < w.count, let o = Int(w[i + 1]) {
                w[i + 1] = String(o + step)
            } else {
                w += ["--offset", String(step)]
            }
            return w
        }

        mutating func set(_ args: [String]) -> Outcome {
            switch (args.first, args.dropFirst().first) {
            case let ("limit", v?) where Int(v).map { $0 >= 1 } ?? false:
                session.defaultLimit = Int(v)!
            case let ("color", v?) where ["on", "off"].contains(v):
                session.output.terminal.color = v == "on"
            case let ("colour", v?) where ["on", "off"].contains(v):
                session.output.terminal.color = v == "on"
            case let ("format", v?) where ["json", "table"].contains(v):
                session.jsonByDefault = v == "json"
            case (nil, _):
                session.output.line("limit \(session.defaultLimit)\ncolor \(session.output.terminal.color ? "on" : "off")\nformat \(session.jsonByDefault ? "json" : "table")")
                return .ok
            default:
                session.output.error("set takes: limit N (N ≥ 1) | color on|off | format table|json")
                return .failed
            }
            return .ok
        }

        func help(_ args: [String]) -> Outcome {
            if let topic = args.first {
                let notes: [String: String] = [
                    "more": "more — the next page of the last list, search or recommend",
                    "history": "history — the commands entered, oldest first (saved in $BREWERY_HISTORY or ~/.local/state/brewery/history)",
                    "timing": "timing on|off — after each command, print how long it took, and its query alone (Time: 0.912 ms (query 0.301 ms))",
                    "set": "set limit N | set color on|off | set format table|json — session settings",
                    "quit": "quit, exit, or Ctrl-D — leave the shell",
                ]
                if let note = notes[topic] {
                    session.output.line(note)
                    return .ok
                }
                var s = self
                return s.run(args + ["--help"], paged: false)
            }
            let o = session.output
            o.line(o.style.bold("Commands") + " (the same as on the command line, without 'brewery'):")
            for (c, d) in [
                ("recommend like <id|name>", "beers most like a beer"), ("recommend food <words>", "beers for a food"),
                ("show <id|name>", "a beer's card"), ("search <text>", "find beers by name"),
                ("list [--page N]", "the catalogue in pages"), ("stats", "counts, missing values, source"),
                ("fetch [--from SOURCE]", "fill the local catalogue"), ("more", "the next page of the last listing"),
                ("history", "commands entered"), ("timing on|off", "show each command's time"),
                ("set limit|color|format", "session settings"), ("help <command>", "a command's options"),
                ("quit", "leave (or Ctrl-D)"),
            ] {
                o.line("  " + c.padding(toLength: 26, withPad: " ", startingAt: 0) + d)
            }
            o.line("TAB completes commands, options, beer names and food words; Ctrl-C clears the line; Ctrl-R searches history.")
            return .ok
        }

        /// The nearest known word, for "did you mean".
        static func suggestion(for word: String, among known: Set<String>) -> String? {
            let w = word.lowercased()
            if let p = known.sorted().first(where: { $0.hasPrefix(w) && w.count >= 2 }) { return p }
            return known.compactMap { k in EditDistance.distance(w, k, limit: 2).map { (k, $0) } }
                .min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
        }

        /// A word with control characters made visible, for messages.
        static func printable(_ s: String) -> String {
            let shown = s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "^" + String(UnicodeScalar(($0.value + 0x40) & 0x7F)!) : String($0) }.joined()
            return excerpt(shown, limit: 40)
        }
    }
}

