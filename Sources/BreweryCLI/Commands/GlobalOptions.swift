import ArgumentParser
import BreweryViews

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The catalogue JSON file (default: $BREWERY_CATALOGUE, else ~/.local/share/brewery/catalogue.json).",
            valueName: "path"))
    var catalogue: String?

    @Option(name: .long, help: "Output format: table (for people), json or csv.")
    var format: OutputFormat?

    @Flag(name: .long, help: "Print machine-readable JSON (short for --format json).")
    var json = false

    @Flag(name: [.customShort("x"), .long], help: "Show each record expanded, one field per line (as psql's \\x).")
    var expanded = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Colour: auto (on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it), always or never.",
            valueName: "when"))
    var color: ColorChoice?

    @Flag(name: .long, help: "Never page long output (on a terminal it goes through $PAGER, else less -FRX).")
    var noPager = false

    /// The format asked for here, if any (`--format` wins over `--json`).
    var requestedFormat: OutputFormat? { format ?? (json ? .json : nil) }
}

extension OutputFormat: ExpressibleByArgument {}

/// When to colour human output (`--color`).
enum ColorChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case auto, always, never
}

/// A command that takes the global options; its `--color` reaches the one-shot output.
protocol TakesGlobalOptions {
    var global: GlobalOptions { get }
}
