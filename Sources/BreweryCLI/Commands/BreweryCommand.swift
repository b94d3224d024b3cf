import ArgumentParser
import Foundation

/// The root command: `brewery <subcommand>`, or the REPL with no subcommand.
public struct BreweryCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "brewery",
        abstract: "Beer recommendations from BrewDog's DIY Dog catalogue, offline.",
        discussion: """
            With no subcommand, starts an interactive shell (REPL) over the catalogue.
            The catalogue is read from --catalogue PATH, else $BREWERY_CATALOGUE, else
            ~/.local/share/brewery/catalogue.json (fill it with 'brewery fetch').
            """,
        subcommands: [
            Shell.self, Show.self, Search.self, ListBeers.self, Stats.self, Recommend.self, Fetch.self, Synth.self,
        ],
        defaultSubcommand: Shell.self
    )

    public init() {}

    /// Runs the command line, after moving global options given before the subcommand
    /// (`brewery --catalogue X show 192`) to after it, where the subcommand parses them.
    public static func runMain() -> Never {
        let args = hoistGlobalOptions(Array(CommandLine.arguments.dropFirst()))
        do {
            var command = try parseAsRoot(args)
            try command.run()
            exit(withError: nil)
        } catch {
            exit(withError: error)
        }
    }

    /// The words of the command tree, for moving global options behind the subcommand.
    static let subcommandNames: Set<String> = ["shell", "show", "search", "list", "stats", "recommend", "fetch", "synth"]

    static func hoistGlobalOptions(_ args: [String]) -> [String] {
        var leading: [String] = []
        var i = 0
        while i < args.count, args[i].hasPrefix("--") {
            if args[i] == "--catalogue", i + 1 < args.count {
                leading += [args[i], args[i + 1]]
                i += 2
            } else if args[i].hasPrefix("--catalogue=") || args[i] == "--json" {
                leading.append(args[i])
                i += 1
            } else if args[i] == "--bail" {
                leading.append(args[i])
                i += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty else { return args }
        let rest = Array(args[i...])
        guard let first = rest.first, subcommandNames.contains(first) else { return rest + leading }
        // recommend like/food: put options after the sub-subcommand.
        if first == "recommend", rest.count > 1, ["like", "food"].contains(rest[1]) {
            return Array(rest[0...1]) + leading + Array(rest[2...])
        }
        return [first] + leading + Array(rest.dropFirst())
    }
}
