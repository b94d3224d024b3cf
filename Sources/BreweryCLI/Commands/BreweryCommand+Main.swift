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
}
