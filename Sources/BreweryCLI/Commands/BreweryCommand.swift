import ArgumentParser
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
            """,
        subcommands: [
            Shell.self, Show.self, Search.self, ListBeers.self, Stats.self, Ingredients.self, Recommend.self, Fetch.self,
            Synth.self,
        ],
        defaultSubcommand: Shell.self
    )

    package init() {}

    /// Runs the command line, after moving global options given before the subcommand
    /// (`brewery --catalogue X show 192`) to after it, where the subcommand parses them.
    package static func runMain() -> Never {
        let given = Array(CommandLine.arguments.dropFirst())
        let args = hoistGlobalOptions(given)
        let words = Array(given.dropFirst(leadingGlobalOptions(given).count))
        if let first = words.first, !first.hasPrefix("-"), !["help", "shell"].contains(first) {
            do { try CommandLanguage.names.checkCommandWords(words) } catch {
                Output(terminal: .current(environment: ProcessInfo.processInfo.environment)).error(error.description)
                Foundation.exit(ExitStatus.usage)
            }
        }
        do {
            var command = try parseAsRoot(args)
            try command.run()
            exit(withError: nil)
        } catch {
            exit(withError: error)
        }
    }

    /// The global options given before the subcommand (`--catalogue X`, `--format F`,
    /// `--json`, `--bail`).
    static func leadingGlobalOptions(_ args: [String]) -> [String] {
        var leading: [String] = []
        var i = 0
        while i < args.count, args[i].hasPrefix("--") {
            if args[i] == "--catalogue" || args[i] == "--format", i + 1 < args.count {
                leading += [args[i], args[i + 1]]
                i += 2
            } else if args[i].hasPrefix("--catalogue=") || args[i].hasPrefix("--format=") || args[i] == "--json"
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
        let language = CommandLanguage.names
        guard let first = rest.first, first == "shell" || language.oneShotNames.contains(first) else { return rest + leading }
        // recommend like/food: put options after the sub-subcommand.
        if let command = language.command(first), rest.count > 1, command.subcommands.contains(where: { $0.name == rest[1] }) {
            return Array(rest[0...1]) + leading + Array(rest[2...])
        }
        return [first] + leading + Array(rest.dropFirst())
    }
}
