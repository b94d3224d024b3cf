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

    @Option(
        name: .long,
        help: "Output format: table (for people), json or csv; for recipes also beerxml or beerjson (brewing apps).")
    var format: FormatChoice?

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

    /// The format asked for here, if any (`--format` wins over `--json`); nil for a
    /// brewing app's format, which only recipes are written in.
    var requestedFormat: OutputFormat? {
        guard let format else { return json ? .json : nil }
        return format.output
    }

    /// The brewing app's format asked for, if any.
    var brewingFormat: BrewingFormat? { format?.brewing }
}

/// What `--format` takes: one of the output formats, or a brewing app's recipe format.
enum FormatChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case table, json, csv, beerxml, beerjson

    var output: OutputFormat? { OutputFormat(rawValue: rawValue) }
    var brewing: BrewingFormat? { BrewingFormat(rawValue: rawValue) }
}

/// A command that writes recipes in a brewing app's format (`--format beerxml`).
protocol WritesBrewingFormats {}

extension SessionCommand {
    /// Refuses a brewing app's format for a command that writes no recipe.
    func checkFormat() throws(BreweryError) {
        guard !(self is any WritesBrewingFormats), let f = (self as? any TakesGlobalOptions)?.global.brewingFormat else { return }
        throw .usage(
            "--format \(f.rawValue) is for recipes: 'recipe 192 --format \(f.rawValue)', or 'export --format \(f.rawValue) --out FILE' for many"
        )
    }
}

/// When to colour human output (`--color`).
enum ColorChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case auto, always, never
}

/// A command that takes the global options; its `--color` reaches the one-shot output.
protocol TakesGlobalOptions {
    var global: GlobalOptions { get }
}
