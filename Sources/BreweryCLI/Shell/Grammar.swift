import BreweryCore

/// The command language as completion sees it. `ShellGrammarTests` checks that every
/// option listed here parses, so this cannot drift from the commands.
enum ShellGrammar {
    static let global: [CommandGrammar.Option] = [.init("--json"), .init("--catalogue", takesValue: true), .init("--help")]
    static let recommendOptions: [CommandGrammar.Option] = [
        .init("--limit", takesValue: true, values: ["5", "10", "20", "0"]),
        .init("--abv-gt", takesValue: true), .init("--abv-lt", takesValue: true),
        .init("--ibu-gt", takesValue: true), .init("--ibu-lt", takesValue: true),
        .init("--ebc-gt", takesValue: true), .init("--ebc-lt", takesValue: true),
        .init("--explain"),
    ] + global

    /// REPL-only words.
    static let replCommands = ["help", "more", "history", "timing", "set", "quit", "exit"]

    static let grammar = CommandGrammar(commands: [
        .init("recommend", subcommands: [
            .init("like", options: recommendOptions + [.init("--weights", takesValue: true, values: ["abv=1,ibu=1,ebc=1,food=0.5"])], argument: .beer),
            .init("food", options: recommendOptions, argument: .food),
        ]),
        .init("show", options: global, argument: .beer),
        .init("search", options: global + [.init("--limit", takesValue: true)], argument: .text),
        .init("list", options: global + [.init("--page", takesValue: true), .init("--per-page", takesValue: true)]),
        .init("stats", options: global),
        .init("fetch", options: global + [.init("--from", takesValue: true)]),
        .init("synth", options: global + [.init("--count", takesValue: true), .init("--seed", takesValue: true), .init("--out", takesValue: true)]),
        .init("help", argument: .choice(["recommend", "show", "search", "list", "stats", "fetch", "synth", "more", "history", "timing", "set", "quit"])),
        .init("more"),
        .init("history"),
        .init("timing", argument: .choice(["on", "off"])),
        .init("set", argument: .choice(["limit", "color", "format"])),
        .init("quit"),
        .init("exit"),
    ])
}
