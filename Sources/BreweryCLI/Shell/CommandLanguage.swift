import ArgumentParser
import BreweryCore
import BreweryViews
import Foundation

/// Brewery's command language, read off the ArgumentParser command trees — the
/// one-shot commands (``BreweryCommand``) and the shell's own (``ShellCommands``) — so
/// that completion, the shell's help, `more` and "did you mean" cannot drift from what
/// the parser accepts.
struct CommandLanguage: Sendable {
    /// A command as the tree describes it.
    struct Command: Sendable {
        var name: String
        var aliases: [String]
        var abstract: String
        var discussion: String
        var subcommands: [Command]
        /// Options: name with dashes, whether it takes a value, values to complete.
        var options: [CommandGrammar.Option]
        /// The positional argument's value name and the values it takes, if any.
        var argument: (valueName: String, values: [String])?
        /// Whether `more` continues it.
        var paged: Bool
        /// Whether it exists only in the shell.
        var shellOnly: Bool
        /// The name and its aliases.
        var words: [String] { [name] + aliases }
    }

    /// The top-level commands, one-shot ones first.
    let commands: [Command]

    /// The language of this build, options and arguments included (the shell's).
    static let standard = CommandLanguage(
        oneShot: BreweryCommand.self, shell: ShellCommands.self,
        paged: [Search.self, ListBeers.self, Ingredients.self, Recommend.Like.self, Recommend.Food.self])

    /// The command names only, read without reflecting every command's arguments: what a
    /// one-shot run needs to check its words, at no cost to its start-up.
    static let names = CommandLanguage(
        oneShot: BreweryCommand.self, shell: ShellCommands.self, paged: [], details: false)

    /// Reads both trees; `paged` names the command types that `more` continues. Without
    /// `details`, only names, aliases and abstracts are read.
    init(
        oneShot: any ParsableCommand.Type, shell: any ParsableCommand.Type, paged: [any ParsableCommand.Type],
        details: Bool = true
    ) {
        let pagedNames = Set(paged.map { $0._commandName })
        guard details else {
            func read(_ type: any ParsableCommand.Type, shellOnly: Bool) -> Command {
                let c = type.configuration
                return Command(
                    name: type._commandName, aliases: c.aliases, abstract: c.abstract, discussion: c.discussion,
                    subcommands: c.subcommands.map { read($0, shellOnly: shellOnly) }, options: [], argument: nil,
                    paged: false, shellOnly: shellOnly)
            }
            commands =
                oneShot.configuration.subcommands.filter { $0._commandName != "shell" }.map { read($0, shellOnly: false) }
                + shell.configuration.subcommands.map { read($0, shellOnly: true) }
            return
        }
        func read(_ info: DumpedCommand, shellOnly: Bool) -> Command {
            var options: [CommandGrammar.Option] = []
            var argument: (String, [String])?
            for a in info.arguments ?? [] where a.shouldDisplay {
                switch a.kind {
                case "positional" where argument == nil:  // completion knows the first
                    argument = (a.valueName ?? "", a.values)
                case "positional":
                    break
                default:
                    for n in a.names ?? [] where n.kind == "long" {
                        let ingredients: IngredientIndex.Kind? =
                            switch a.valueName {
                            case ArgumentKind.hop: .hops
                            case ArgumentKind.malt: .malt
                            case ArgumentKind.yeast: .yeast
                            default: nil
                            }
                        options.append(
                            .init("--" + n.name, takesValue: a.kind == "option", values: a.values, ingredients: ingredients))
                    }
                }
            }
            return Command(
                name: info.commandName, aliases: info.aliases ?? [], abstract: info.abstract ?? "",
                discussion: info.discussion ?? "",
                subcommands: (info.subcommands ?? []).filter { $0.commandName != "help" }.map { read($0, shellOnly: shellOnly) },
                options: options, argument: argument, paged: pagedNames.contains(info.commandName), shellOnly: shellOnly)
        }
        let main = Self.dump(oneShot).subcommands ?? []
        let shell = Self.dump(shell).subcommands ?? []
        commands =
            main.filter { $0.commandName != "help" && $0.commandName != "shell" }.map { read($0, shellOnly: false) }
            + shell.filter { !Self.isGeneratedHelp($0) }.map { read($0, shellOnly: true) }
    }

    /// ArgumentParser's own `help` sub-command (the shell has its own).
    static func isGeneratedHelp(_ c: DumpedCommand) -> Bool {
        c.commandName == "help" && !(c.arguments ?? []).contains { $0.valueName == ArgumentKind.command }
    }

    /// The command `word` names (by name or alias).
    func command(_ word: String) -> Command? { commands.first { $0.words.contains(word) } }

    /// Whether `more` continues the command `words` start with.
    func isPaged(_ words: [String]) -> Bool {
        guard let first = words.first, let c = command(first) else { return false }
        if c.paged { return true }
        guard words.count > 1 else { return false }
        return c.subcommands.first { $0.words.contains(words[1]) }?.paged ?? false
    }

    /// Every word that starts a command.
    var commandWords: [String] { commands.flatMap(\.words) }

    /// The one-shot commands' names, for moving global options behind them.
    var oneShotNames: Set<String> { Set(commands.filter { !$0.shellOnly }.map(\.name)) }

    /// The grammar completion walks.
    var grammar: CommandGrammar {
        let names = commands.map(\.name)
        func convert(_ c: Command) -> CommandGrammar.Command {
            let argument: CommandGrammar.Argument
            switch c.argument {
            case nil: argument = .none
            case (_, let values)? where !values.isEmpty: argument = .choice(values)
            case (let name, _)?:
                switch name {
                case ArgumentKind.beer: argument = .beer
                case ArgumentKind.food: argument = .food
                case ArgumentKind.command: argument = .choice(names)
                default: argument = .text
                }
            }
            return .init(c.name, subcommands: c.subcommands.map(convert), options: c.options, argument: argument)
        }
        return CommandGrammar(
            commands: commands.flatMap { c in
                c.words.map { w in
                    var g = convert(c)
                    g.name = w
                    return g
                }
            })
    }

    /// Checks that `words` start with a known command and sub-command; the error says
    /// which word is unknown and the nearest known one.
    func checkCommandWords(_ words: [String]) throws(BreweryError) {
        guard let first = words.first else { return }
        guard let command = command(first) else {
            throw .usage(Self.unknown("command", first, among: commandWords))
        }
        guard !command.subcommands.isEmpty, words.count > 1, !words[1].hasPrefix("-") else { return }
        if !command.subcommands.contains(where: { $0.words.contains(words[1]) }) {
            throw .usage(Self.unknown("\(first) sub-command", words[1], among: command.subcommands.flatMap(\.words)))
        }
    }

    /// "unknown command 'x' — did you mean 'y'?"
    static func unknown(_ what: String, _ word: String, among known: [String]) -> String {
        "unknown \(what) '\(excerpt(TerminalText.safe(word), limit: 40))'"
            + (suggestion(for: word, among: known).map { " — did you mean '\($0)'?" } ?? "")
    }

    /// The nearest known word, for "did you mean".
    static func suggestion(for word: String, among known: [String]) -> String? {
        let w = word.lowercased()
        let sorted = Set(known).sorted()
        if w.count >= 2, let p = sorted.first(where: { $0.hasPrefix(w) }) { return p }
        return sorted.compactMap { k in EditDistance.distance(w, k, limit: 2).map { (k, $0) } }
            .min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    // MARK: The tree as ArgumentParser dumps it

    static func dump(_ type: any ParsableCommand.Type) -> DumpedCommand {
        struct Tool: Decodable { var command: DumpedCommand }
        // The dump is ArgumentParser's own description of the tree; it cannot fail to decode
        // short of a change in its format, which the grammar tests would catch.
        return (try? JSONDecoder().decode(Tool.self, from: Data(type._dumpHelp().utf8)).command)
            ?? DumpedCommand(commandName: type._commandName)
    }

    /// The parts of ArgumentParser's `--experimental-dump-help` that the language reads.
    struct DumpedCommand: Decodable {
        var commandName: String
        var aliases: [String]?
        var abstract: String?
        var discussion: String?
        var subcommands: [DumpedCommand]?
        var arguments: [DumpedArgument]?
    }

    struct DumpedArgument: Decodable {
        struct Name: Decodable {
            var kind: String
            var name: String
        }
        var kind: String
        var shouldDisplay: Bool
        var names: [Name]?
        var valueName: String?
        var allValues: [String]?
        var completionKind: [String: [String: [String]]]?
        /// Values to complete: an enum's cases, or a `completion: .list([...])`.
        var values: [String] { allValues ?? completionKind?["list"]?["values"] ?? [] }

        enum CodingKeys: String, CodingKey { case kind, shouldDisplay, names, valueName, allValues, completionKind }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            kind = try c.decode(String.self, forKey: .kind)
            shouldDisplay = try c.decodeIfPresent(Bool.self, forKey: .shouldDisplay) ?? true
            names = try c.decodeIfPresent([Name].self, forKey: .names)
            valueName = try c.decodeIfPresent(String.self, forKey: .valueName)
            allValues = try c.decodeIfPresent([String].self, forKey: .allValues)
            completionKind = try? c.decodeIfPresent([String: [String: [String]]].self, forKey: .completionKind)
        }
    }
}
