import ArgumentParser
import BreweryCore
import Foundation

/// The root command: `brewery <subcommand>`, or the REPL with no subcommand.
package struct BreweryCommand: ParsableCommand {

    package static let configuration = CommandConfiguration(
        commandName: "brewery",
        abstract: "Beer recommendations from BrewDog's DIY Dog catalogue, offline.",
        discussion: """
            With no subcommand, starts an interactive shell (REPL) over the catalogue.
            The catalogue is read from --catalogue PATH, else $BREWERY_CATALOGUE, else
            ~/.local/share/brewery/catalogue.json (fill it with 'brewery fetch').

            GLOBAL OPTIONS (before or after the command):
              --catalogue <path>      The catalogue JSON file.
              --format <format>       table (for people), json or csv.
              --json                  Short for --format json.
              --color <when>          auto, always or never (NO_COLOR, FORCE_COLOR).

            Shell completion: brewery --generate-completion-script bash|zsh|fish
            """,
        version: BreweryVersion.current,
        subcommands: [
            Shell.self, Show.self, RecipeCommand.self, Search.self, ListBeers.self, Stats.self, Ingredients.self, Recommend.self,
            Fetch.self,
            Serve.self, Synth.self,
        ],
        defaultSubcommand: Shell.self
    )

    package init() {}

    /// Runs the command line, after moving global options given before the subcommand
    /// (`brewery --catalogue X show 192`) to after it, where the subcommand parses them.
    package static func runMain() -> Never {
        let given = Array(CommandLine.arguments.dropFirst())
        let bytes = given.reduce(0) { $0 + $1.utf8.count + 1 }
        if let problem = InputLimits.problem(words: given.count) ?? InputLimits.problem(lineBytes: bytes) {
            Output(terminal: .current(environment: ProcessInfo.processInfo.environment)).error(problem)
            Foundation.exit(ExitStatus.usage)
        }
        let args = hoistGlobalOptions(joinNegativeValues(given))
        let words = Array(given.dropFirst(leadingGlobalOptions(given).count))
        if words.first == "help", words.count > 1, CommandLanguage.standard.command(words[1]) == nil {
            Output(terminal: .current(environment: ProcessInfo.processInfo.environment)).error(
                CommandLanguage.unknown("help topic", words[1], among: CommandLanguage.standard.commandWords))
            Foundation.exit(ExitStatus.usage)
        }
        if let first = words.first, !first.hasPrefix("-"), !["help", "shell"].contains(first) {
            do { try CommandLanguage.standard.checkCommandWords(words) } catch {
                Output(terminal: .current(environment: ProcessInfo.processInfo.environment)).error(error.description)
                Foundation.exit(ExitStatus.usage)
            }
        }
        do {
            var command = try parseAsRoot(args)
            try command.run()
            exit(withError: nil)
        } catch {
            let code = exitCode(for: error)
            // Help and --version print as ArgumentParser words them.
            if code == .success { exit(withError: error) }
            // A parsing error is one line, as Brewery's own are, with where to read more.
            let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? ""
            if !message.isEmpty {
                let language = CommandLanguage.standard
                var command = ""
                if let first = words.first, let c = language.command(first) {
                    command = " " + first
                    if words.count > 1, c.subcommands.contains(where: { $0.words.contains(words[1]) }) {
                        command += " " + words[1]
                    }
                }
                Output(terminal: .current(environment: ProcessInfo.processInfo.environment)).error(
                    message + " (see 'brewery\(command) --help')")
            }
            Foundation.exit(code.rawValue)
        }
    }

    /// `--limit -1` as `--limit=-1`: an option's value that starts with a minus sign
    /// would otherwise read as another option ("Missing value"), when it is a number that
    /// the option's own check should judge.
    static func joinNegativeValues(_ words: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < words.count {
            let w = words[i]
            if w.hasPrefix("--"), !w.contains("="), i + 1 < words.count, let next = words[i + 1].first, next == "-",
                words[i + 1].dropFirst().first.map({ $0.isNumber || $0 == "." }) ?? false
            {
                out.append(w + "=" + words[i + 1])
                i += 2
            } else {
                out.append(w)
                i += 1
            }
        }
        return out
    }

    /// The global options given before the subcommand (`--catalogue X`, `--format F`,
    /// `--color C`, `--json`, `--bail`).
    static func leadingGlobalOptions(_ args: [String]) -> [String] {
        var leading: [String] = []
        var i = 0
        while i < args.count, args[i].hasPrefix("--") {
            if ["--catalogue", "--format", "--color"].contains(args[i]), i + 1 < args.count {
                leading += [args[i], args[i + 1]]
                i += 2
            } else if args[i].hasPrefix("--catalogue=") || args[i].hasPrefix("--format=") || args[i].hasPrefix("--color=")
                || args[i] == "--json"
                || args[i] == "--bail"
            {
                leading.append(args[i])
                i += 1
            } else {
                break
            }
        }
        return leading
    }

    /// `args` with the leading global options moved behind the subcommand.
    static func hoistGlobalOptions(_ args: [String]) -> [String] {
        let leading = leadingGlobalOptions(args)
        guard !leading.isEmpty else { return args }
        let rest = Array(args[leading.count...])
        // Help reads no catalogue and prints in one format: the options have nothing to do.
        if rest.first == "help" { return rest }
        let language = CommandLanguage.standard
        guard let first = rest.first, first == "shell" || language.oneShotNames.contains(first) else { return rest + leading }
        // recommend like/food: put options after the sub-subcommand.
        if let command = language.command(first), rest.count > 1, command.subcommands.contains(where: { $0.name == rest[1] }) {
            return Array(rest[0...1]) + leading + Array(rest[2...])
        }
        return [first] + leading + Array(rest.dropFirst())
    }
}
