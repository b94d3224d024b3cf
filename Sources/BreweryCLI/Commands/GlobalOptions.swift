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

    /// The format asked for here, if any (`--format` wins over `--json`).
    var requestedFormat: OutputFormat? { format ?? (json ? .json : nil) }
}

extension OutputFormat: ExpressibleByArgument {}
