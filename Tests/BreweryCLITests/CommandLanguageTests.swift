import ArgumentParser
import BreweryAPI
import BreweryCompletion
import BreweryCore
import BreweryTestScheduling
import Foundation
import Testing

@testable import BreweryCLI

/// The command language is Brewery's own description of its commands; these hold it to
/// what the parser takes, in both directions, and check what is derived from it
/// (completion, suggestions, `more`).
@Suite(.blockingWork) struct CommandLanguageTests {
    let language = CommandLanguage.standard

    @Test func everyOneShotCommandHasTheShellsFastParse() throws {
        for c in language.commands where !c.shellOnly {
            for path in c.subcommands.isEmpty ? [[c.name]] : c.subcommands.map({ [c.name, $0.name] }) {
                #expect(CommandTypes.byPath[path] != nil, "\(path)")
            }
        }
        // The same command, with the same values, as parsed from the root.
        for line in [
            ["recommend", "like", "192", "--limit", "3", "--not", "106"], ["show", "punk", "ipa"], ["list", "--page", "2"],
        ] {
            let fast = try #require(CommandTypes.parse(line))
            let root = try BreweryCommand.parseAsRoot(line)
            #expect(type(of: fast) == type(of: root))
            #expect(String(describing: fast) == String(describing: root))
        }
        // Help and mistakes are left to the root, whose messages name the whole command.
        #expect(CommandTypes.parse(["recommend", "like", "--help"]) == nil)
        #expect(CommandTypes.parse(["recommend", "like", "192", "--limit"]) == nil)
    }

    @Test func aLineParsedFromItsShapeEqualsTheFullParse() throws {
        var templates = ParsedTemplates()
        // Each shape twice: the first line fills the cache, the second reuses it.
        let shapes: [(heads: [[String]], path: [String], tail: [String])] = [
            ([["192"], ["106", "Dead Pony Club"]], ["recommend", "like"], []),
            ([["192"], ["2"]], ["recommend", "like"], ["--limit", "3", "--not", "106", "--weights", "numeric,food=1"]),
            ([[], ["5"]], ["recommend", "like"], ["--limit", "3", "7"]),
            ([["tacos"], ["grilled", "mango"]], ["recommend", "food"], ["--abv-gt", "5", "--explain"]),
            ([["punk", "ipa"], ["192"]], ["show"], []),
            ([["punk"], ["dead", "pony"]], ["search"], ["--limit", "2"]),
            ([["192"], ["1"]], ["recommend", "like"], ["--json"]),
        ]
        for shape in shapes {
            for head in shape.heads {
                let line = shape.path + head + shape.tail
                let parsed = templates.parse(line)
                let fast = try #require(parsed, "\(line)")
                let root = try BreweryCommand.parseAsRoot(line)
                #expect(type(of: fast) == type(of: root), "\(line)")
                #expect(String(describing: fast) == String(describing: root), "\(line)")
            }
        }
        // Help and mistakes still go to the root.
        for mistake in [
            ["recommend", "like", "192", "--help"], ["recommend", "like", "192", "--limit"], ["show", "1", "--no-such"],
        ] {
            let parsed = templates.parse(mistake)
            #expect(parsed == nil, "\(mistake)")
        }
        // A word that may ask for help is parsed as the root parses it.
        let help = ["recommend", "like", "help"]
        if let fast = templates.parse(help) {
            #expect(String(describing: fast) == String(describing: try BreweryCommand.parseAsRoot(help)))
        }
    }

    /// Every command path of the language: (words, options).
    var paths: [([String], [CommandGrammar.Option], Bool)] {
        language.commands.flatMap { c in
            c.subcommands.isEmpty
                ? [([c.name], c.options, c.shellOnly)]
                : c.subcommands.map { ([c.name, $0.name], $0.options, c.shellOnly) }
        }
    }

    @Test func everyOptionOfTheLanguageIsInItsCommandsHelp() throws {
        #expect(paths.filter { !$0.2 }.count == 28)
        for (words, options, shellOnly) in paths where !shellOnly {
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

    @Test func everyCommandOfTheTreesIsInTheLanguage() {
        func names(_ type: any ParsableCommand.Type) -> [[String]] {
            type.configuration.subcommands.flatMap { sub -> [[String]] in
                let name = sub.configuration.commandName ?? "?"
                let nested = sub.configuration.subcommands
                return nested.isEmpty ? [[name]] : nested.map { [name, $0.configuration.commandName ?? "?"] }
            }
        }
        let known = Set(paths.map(\.0))
        for path in names(BreweryCommand.self) + names(ShellCommands.self) where path != ["shell"] {
            #expect(known.contains(path), "\(path) is missing from the language")
        }
        #expect(language.grammar.commands.contains { $0.name == "exit" }, "aliases complete too")
    }

    @Test func argumentsAreReadFromTheirValueNames() {
        let grammar = language.grammar
        func argument(_ words: String...) -> CommandGrammar.Argument? {
            var command = grammar.commands.first { $0.name == words[0] }
            if words.count > 1 { command = command?.subcommands.first { $0.name == words[1] } }
            return command?.argument
        }
        #expect(argument("recommend", "like") == .beer)
        #expect(argument("recommend", "food") == .food)
        #expect(argument("show") == .beer)
        #expect(argument("search") == .text)
        #expect(argument("timing") == .choice(["on", "off"]))
        #expect(argument("set") == .choice(["limit", "color", "format", "expanded", "pager", "hints"]))
        if case .choice(let topics)? = argument("help") {
            #expect(topics.contains("recommend") && topics.contains("more"))
        } else {
            Issue.record("help completes no topics")
        }
        let limit = grammar.commands.first { $0.name == "search" }?.options.first { $0.name == "--limit" }
        #expect(limit?.takesValue == true && limit?.values == ["5", "10", "20", "0"])
        #expect(
            grammar.commands.first { $0.name == "search" }?.options.contains { $0.name == "--offset" } == false,
            "hidden options stay hidden")
    }

    /// The parts of the parser's `--experimental-dump-help` compared with the language.
    struct Dumped: Decodable {
        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }
            var kind: String
            var shouldDisplay: Bool?
            var names: [Name]?
            var valueName: String?
            var allValues: [String]?
            var completionKind: CompletionKind?
        }
        struct CompletionKind: Decodable {
            struct List: Decodable { var values: [String] }
            var list: List?
        }
        var commandName: String
        var aliases: [String]?
        var abstract: String?
        var subcommands: [Dumped]?
        var arguments: [Argument]?
    }

    @Test func theOneShotCommandsAreDescribedAsTheParserTakesThem() throws {
        let run = try BinaryRunner().run(["--experimental-dump-help"])
        struct Tool: Decodable { var command: Dumped }
        let root = try JSONDecoder().decode(Tool.self, from: Data(run.stdout.utf8)).command
        func check(_ dumped: Dumped, _ described: CommandLanguage.Command?) {
            guard let described else {
                Issue.record("\(dumped.commandName) is not described")
                return
            }
            let shown = (dumped.arguments ?? []).filter { $0.shouldDisplay ?? true }
            let options = shown.filter { $0.kind != "positional" }.flatMap { a in
                (a.names ?? []).filter { $0.kind == "long" }.map {
                    CommandGrammar.Option(
                        "--" + $0.name, takesValue: a.kind == "option",
                        values: a.allValues ?? a.completionKind?.list?.values ?? [])
                }
            }
            #expect(
                described.options.map { [$0.name, "\($0.takesValue)", $0.values.joined(separator: "|")] }
                    == options.map {
                        [$0.name, "\($0.takesValue)", $0.values.joined(separator: "|")]
                    }, "\(dumped.commandName)")
            let positional = shown.first { $0.kind == "positional" }
            #expect(described.argument?.valueName == positional?.valueName, "\(dumped.commandName)")
            #expect(described.argument?.values ?? [] == positional?.allValues ?? positional?.completionKind?.list?.values ?? [])
            #expect(described.aliases == dumped.aliases ?? [] && described.abstract == dumped.abstract ?? "")
            let subcommands = (dumped.subcommands ?? []).filter { $0.commandName != "help" }
            #expect(described.subcommands.map(\.name) == subcommands.map(\.commandName))
            for sub in subcommands { check(sub, described.subcommands.first { $0.name == sub.commandName }) }
        }
        let commands = (root.subcommands ?? []).filter { !["help", "shell"].contains($0.commandName) }
        #expect(language.commands.filter { !$0.shellOnly }.map(\.name) == commands.map(\.commandName))
        for c in commands { check(c, language.command(c.commandName)) }
    }

    @Test func theShellsCommandsAreDescribedAsTheirHelpSaysThem() {
        for case let type as any DescribedCommand.Type in ShellCommands.configuration.subcommands {
            let help = ShellCommands.helpMessage(for: type)
            let options = help.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
                line.split(separator: " ").filter { $0.hasPrefix("--") }.map(String.init)
            }
            #expect(language.command(type.name)?.options.map(\.name) == options, "\(type.name)")
        }
    }

    @Test func hintsOfferACommandsOwnOptionsBeforeTheSharedOnes() {
        let hints = ShellHints(language: language, completer: { nil })
        #expect(hints.usage("ingredients ") == "<hops|malt|yeast> [--limit …] [--catalogue …] …")
        #expect(hints.usage("recommend like ")?.hasPrefix("<id|name> [--limit …] [--explain]") == true)
        #expect(hints.usage("stats ")?.contains("--version") == false)
    }

    /// A word being typed is hinted with its first completion; a word not begun yet (after
    /// a dish's words, say) with nothing, not the alphabetically first food word.
    @Test func hintsCompleteAWordBegunAndNoneNotBegun() {
        let catalogue = Catalogue(beers: [Beer(id: 1, name: "Alpha", foodPairing: ["Added chilli", "Bar snacks"])])
        let hints = ShellHints(language: language, completer: { Completer(grammar: language.grammar, catalogue: catalogue) })
        #expect(hints.hint(for: "recommend food ba")?.text == "r")
        #expect(hints.hint(for: "recommend food bar snacks ") == nil)
        #expect(hints.hint(for: "recommend ")?.text.hasPrefix("<") == true)
    }

    /// What docs/commands.md says TAB does with the first letters of a command.
    @Test func theFirstLettersOfACommandCompleteAsTheDocsSay() {
        let completer = Completer(grammar: language.grammar, catalogue: nil)
        #expect(completer.complete("rec").candidates == ["recipe", "recommend"])
        #expect(completer.complete("recom").candidates == ["recommend"])
    }

    /// `--style` completes the words people write for a style as well as its BJCP name.
    @Test func aStyleCompletesFromItsWordsAndName() {
        let completer = Completer(grammar: language.grammar, catalogue: nil)
        #expect(completer.complete("list --style trip").candidates == ["list --style tripel", "list --style triple"])
        #expect(completer.complete("list --style neip").candidates == ["list --style neipa"])
        #expect(completer.complete("list --style \"belgian tri").candidates == ["list --style \"belgian tripel\""])
    }

    @Test func theVersionIsTheOpenAPIDocumentsToo() throws {
        let doc = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes)) as? [String: Any]
        #expect((doc?["info"] as? [String: Any])?["version"] as? String == BreweryVersion.current)
    }

    @Test func moreContinuesTheRankingCommandsOnly() {
        #expect(language.isPaged(["search", "x"]) && language.isPaged(["list"]))
        #expect(language.isPaged(["recommend", "like", "1"]) && language.isPaged(["recommend", "food", "x"]))
        #expect(!language.isPaged(["show", "1"]) && !language.isPaged(["stats"]) && !language.isPaged(["recommend"]))
    }

    @Test func typosInCommandsAndSubcommandsGetSuggestions() {
        #expect(throws: BreweryError.usage("unknown command 'recomend' — did you mean 'recommend'?")) {
            try language.checkCommandWords(["recomend", "like", "1"])
        }
        #expect(throws: BreweryError.usage("unknown recommend sub-command 'lik' — did you mean 'like'?")) {
            try language.checkCommandWords(["recommend", "lik", "192"])
        }
        #expect(throws: Never.self) { try language.checkCommandWords(["recommend", "--help"]) }
        #expect(throws: Never.self) { try language.checkCommandWords(["exit"]) }
    }

    /// An unknown option gets the command's nearest option, or the one other tools name so.
    @Test func unknownOptionsGetTheOptionMeant() {
        func hint(_ option: String, _ words: [String], said: String = "") -> String {
            language.withOptionHint("Unknown option '\(option)'" + said, words: words)
        }
        #expect(hint("--limt", ["recommend", "like", "1", "--limt", "3"]) == "Unknown option '--limt' — did you mean '--limit'?")
        #expect(hint("--scale", ["recipe", "192", "--scale", "2"]) == "Unknown option '--scale' — did you mean '--batch'?")
        // ArgumentParser's own "Did you mean" gives way to the option other tools name so.
        #expect(
            hint("--top", ["search", "hazy", "--top", "3"], said: ". Did you mean '--hops'?")
                == "Unknown option '--top' — did you mean '--limit'?")
        #expect(hint("--lim", ["list"], said: ". Did you mean '--limit'?") == "Unknown option '--lim'. Did you mean '--limit'?")
        #expect(hint("--scale", ["list", "--scale", "2"]) == "Unknown option '--scale' — did you mean '--style'?")
        #expect(hint("--zzzzzz", ["list"]) == "Unknown option '--zzzzzz'")
        // A bound as other tools write it is the bound meant, not the nearest spelling.
        #expect(
            hint("--abv-max", ["list", "--abv-max", "5"], said: ". Did you mean '--abv-gt'?")
                == "Unknown option '--abv-max' — did you mean '--abv-lt'?")
        #expect(hint("--min-ibu", ["recommend", "like", "1"]) == "Unknown option '--min-ibu' — did you mean '--ibu-gt'?")
        #expect(hint("--max-zzz", ["list"]) == "Unknown option '--max-zzz'")
        #expect(hint("--limt", ["nosuchcommand"]) == "Unknown option '--limt'")
        #expect(language.withOptionHint("Missing expected argument", words: ["list"]) == "Missing expected argument")
    }

    @Test func aPositionalsCompletionListIsOfferedAsItsChoices() {
        // `ingredients`' kind is words checked by the command (so a hop typed there gets
        // the command that lists it), completed from its `.list`.
        #expect(language.command("ingredients")?.argument?.1 == ["hops", "malt", "yeast"])
    }

    @Test func helpDiscussionsAreParagraphsTheParserCanWrap() {
        // ArgumentParser wraps each line of a discussion at 80 columns on its own: a longer
        // line followed by more of its paragraph shows ragged ("malts,\nhops and\nvolumes").
        // Paragraphs are one line (`\` continuations) or lines that fit.
        for (path, type) in CommandTypes.byPath.map({ ($0.key, $0.value) }) + [([], BreweryCommand.self)] {
            let lines = type.configuration.discussion.split(separator: "\n", omittingEmptySubsequences: false)
            for (line, next) in zip(lines, lines.dropFirst()) where line.count > 80 {
                #expect(next.isEmpty, "\(path): '\(line)' breaks mid-paragraph")
            }
        }
    }
}
