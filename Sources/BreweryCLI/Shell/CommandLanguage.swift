import ArgumentParser
import BreweryCompletion
import BreweryCore
import BreweryViews
import Foundation

/// Brewery's command language — the one-shot commands (``BreweryCommand``) and the
/// shell's own (``ShellCommands``) as each describes itself (``DescribedCommand``) — for
/// completion, the shell's help, `more` and "did you mean".
struct CommandLanguage: Sendable {
    /// A command as it describes itself.
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
        /// The user's list whose beers complete first, if it acts on them.
        var kept: CommandGrammar.KeptList?
        /// Whether `more` continues it.
        var paged: Bool
        /// Whether it exists only in the shell.
        var shellOnly: Bool
        /// The name and its aliases.
        var words: [String] { [name] + aliases }
    }

    /// The top-level commands, one-shot ones first.
    let commands: [Command]

    /// The language of this build.
    static let standard = CommandLanguage(
        oneShot: BreweryCommand.configuration.subcommands.filter { $0 != Shell.self },
        shell: ShellCommands.configuration.subcommands)

    /// Reads the commands' descriptions. Every command takes `--help`; the one-shot ones
    /// `--version` too, as the root has a version.
    init(oneShot: [any ParsableCommand.Type], shell: [any ParsableCommand.Type]) {
        func read(_ type: any ParsableCommand.Type, shellOnly: Bool) -> Command {
            guard let described = type as? any DescribedCommand.Type else {
                preconditionFailure("\(type) does not describe itself (DescribedCommand)")
            }
            let c = type.configuration
            let standard: [CommandGrammar.Option] = shellOnly ? [.flag("--help")] : [.flag("--version"), .flag("--help")]
            return Command(
                name: described.name, aliases: c.aliases, abstract: c.abstract, discussion: c.discussion,
                subcommands: c.subcommands.map { read($0, shellOnly: shellOnly) }, options: described.options + standard,
                argument: described.argument, kept: described.kept, paged: type is any PagedCommand.Type,
                shellOnly: shellOnly)
        }
        commands = oneShot.map { read($0, shellOnly: false) } + shell.map { read($0, shellOnly: true) }
    }

    /// The command `word` names (by name or alias).
    func command(_ word: String) -> Command? { commands.first { $0.words.contains(word) } }

    /// The command `words` start with, and its sub-command when the second word names one.
    func named(_ words: [String]) -> (command: Command, subcommand: Command?)? {
        guard let first = words.first, let c = command(first) else { return nil }
        return (c, words.count > 1 ? c.subcommands.first { $0.words.contains(words[1]) } : nil)
    }

    /// Whether `more` continues the command `words` start with.
    func isPaged(_ words: [String]) -> Bool {
        guard let (c, sub) = named(words) else { return false }
        return c.paged || (sub?.paged ?? false)
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
                case ArgumentKind.beer: argument = c.kept.map { .kept($0) } ?? .beer
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

    /// The command and sub-command `words` start with, as `help` takes them ("recommend
    /// food"); the first word alone when the second names no sub-command.
    func helpTopic(of words: [String]) -> String {
        guard let first = words.first else { return "" }
        return named(words)?.subcommand == nil ? first : first + " " + words[1]
    }

    /// The options of the command `words` name (its sub-command's, when the second word
    /// names one), or nil when the first names no command.
    func options(of words: [String]) -> [String]? {
        named(words).map { ($0.subcommand ?? $0.command).options.map(\.name) }
    }

    /// Options other tools name so, and the one Brewery takes for them.
    static let optionSynonyms = [
        "--scale": "--batch", "--size": "--batch", "--volume": "--batch", "--top": "--limit", "--max": "--limit",
        "-n": "--limit", "--output": "--out", "-o": "--out", "--page-size": "--per-page",
    ]

    /// Words other tools bound a number with, and Brewery's `lt` or `gt` for them.
    static let boundWords = [
        "max": "lt", "maximum": "lt", "below": "lt", "under": "lt", "less": "lt", "lte": "lt", "upto": "lt",
        "min": "gt", "minimum": "gt", "above": "gt", "over": "gt", "more": "gt", "gte": "gt", "from": "gt",
    ]

    /// The option a bound written as other tools write it stands for: `--abv-max`,
    /// `--max-abv` and `--abv_max` are `--abv-lt`; nil for anything else. The parser's own
    /// suggestion, the nearest by spelling, would say `--abv-gt`, the opposite bound.
    static func boundSynonym(_ option: String) -> String? {
        let words = option.lowercased().split { $0 == "-" || $0 == "_" }.map(String.init)
        guard words.count == 2 else { return nil }
        if let bound = boundWords[words[1]] { return "--\(words[0])-\(bound)" }
        if let bound = boundWords[words[0]] { return "--\(words[1])-\(bound)" }
        return nil
    }

    /// A parse error that names an unknown option of the command `words` name
    /// ("Unknown option '--scale'"), with the option meant: what other tools call one of
    /// its options, else ArgumentParser's own suggestion, else its nearest option.
    func withOptionHint(_ message: String, words: [String]) -> String {
        let lead = "Unknown option '"
        guard message.hasPrefix(lead), let known = options(of: words),
            let close = message.dropFirst(lead.count).firstIndex(of: "'")
        else { return message }
        let option = String(message[message.index(message.startIndex, offsetBy: lead.count)..<close])
        let unknown = String(message[...close])
        if let synonym = Self.optionSynonyms[option.lowercased()] ?? Self.boundSynonym(option), known.contains(synonym) {
            return unknown + " — did you mean '\(synonym)'?"
        }
        guard message == unknown else { return message }
        let bare = option.drop { $0 == "-" }
        let named = Dictionary(known.map { ($0.drop { $0 == "-" }.lowercased(), $0) }) { first, _ in first }
        guard bare.count >= 3, let near = Self.suggestion(for: String(bare), among: Array(named.keys)), let meant = named[near]
        else { return message }
        return unknown + " — did you mean '\(meant)'?"
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
}
