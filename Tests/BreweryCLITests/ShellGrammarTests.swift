import ArgumentParser
@testable import BreweryCLI
import BreweryCore
import Testing

/// The completion grammar and the command tree must not drift apart.
@Suite struct ShellGrammarTests {
    /// Every command path of the grammar that the command tree parses (REPL-only words excluded).
    static var paths: [([String], [CommandGrammar.Option])] {
        var out: [([String], [CommandGrammar.Option])] = []
        for c in ShellGrammar.grammar.commands where !ShellGrammar.replCommands.contains(c.name) {
            if c.subcommands.isEmpty {
                out.append(([c.name], c.options))
            } else {
                for s in c.subcommands { out.append(([c.name, s.name], s.options)) }
            }
        }
        return out
    }

    @Test func everyListedOptionIsInTheCommandsHelp() throws {
        #expect(Self.paths.count == 8)
        for (words, options) in Self.paths {
            var help = ""
            // As the REPL does: parse, run the help command, read the help it throws.
            do {
                var command = try BreweryCommand.parseAsRoot(words + ["--help"])
                try command.run()
            } catch {
                help = BreweryCommand.fullMessage(for: error)
            }
            #expect(!help.isEmpty, "no help for \(words)")
            for option in options {
                #expect(help.contains(option.name), "'\(words.joined(separator: " "))' has no \(option.name)")
            }
        }
    }

    @Test func everyCommandOfTheTreeCanBeCompleted() {
        let completed = Set(ShellGrammar.grammar.commands.map(\.name))
        #expect(BreweryCommand.subcommandNames.subtracting(["shell"]).isSubset(of: completed))
    }
}
