import ArgumentParser
import BreweryCompletion
import Foundation

extension BreweryCommand {
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
        if let type = helpTopic(words) { exit(withError: CleanExit.helpRequest(type)) }
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
                let known = words.first.map { language.command($0) != nil } ?? false
                let command = known ? " " + language.helpTopic(of: words) : ""
                Output(terminal: .current(environment: ProcessInfo.processInfo.environment)).error(
                    language.withOptionHint(message, words: words) + " (see 'brewery\(command) --help')")
            }
            Foundation.exit(code.rawValue)
        }
    }

    /// The command whose help `words` (after the leading global options) ask for when
    /// global options come between it and `--help`: the root for `--json --help`, a
    /// group for `ratings --json --help`. ArgumentParser would take the options for its
    /// default subcommand's and print that one's help (the shell's, `ratings list`'s),
    /// so the list of commands would not show. Nil otherwise.
    static func helpTopic(_ words: [String]) -> (any ParsableCommand.Type)? {
        guard let last = words.last, last == "--help" || last == "-h" else { return nil }
        if words.count == 1 { return self }
        let group = configuration.subcommands.first {
            !$0.configuration.subcommands.isEmpty
                && ([$0.configuration.commandName] + $0.configuration.aliases).contains(words[0])
        }
        guard let group else { return nil }
        let between = Array(words.dropFirst().dropLast())
        return leadingGlobalOptions(between) == between ? group : nil
    }
}
