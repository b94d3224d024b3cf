import ArgumentParser
import BreweryCompletion
import BreweryCore
import BreweryViews

/// A command as it describes itself to Brewery's command language (completion, hints,
/// `help`, `more`), in Brewery's own words rather than read out of the parser.
///
/// Invariant: the options and argument are those the command's parser takes, in its help's
/// order; `CommandLanguageTests` holds every command to the parser's own dump.
protocol DescribedCommand: ParsableCommand {
    /// Its options, with their dashes, as completion offers them.
    static var options: [CommandGrammar.Option] { get }
    /// Its first positional argument: the value name (an ``ArgumentKind``) and the values
    /// that complete; nil when it takes none.
    static var argument: (valueName: String, values: [String])? { get }
    /// The user's list whose beers complete first as its beer argument, if it acts on
    /// them (`unrate`: the ratings).
    static var kept: CommandGrammar.KeptList? { get }
}

extension DescribedCommand {
    static var options: [CommandGrammar.Option] { [] }
    static var argument: (valueName: String, values: [String])? { nil }
    static var kept: CommandGrammar.KeptList? { nil }

    /// The name that calls it (set in every configuration).
    static var name: String {
        guard let name = configuration.commandName else { preconditionFailure("\(Self.self) names no command") }
        return name
    }
}

/// A command whose results come in pages, so `more` continues it.
protocol PagedCommand: DescribedCommand {}

extension CommandGrammar.Option {
    /// An option that takes a value, completed from `values`.
    static func value(_ name: String, _ values: [String] = [], ingredients: IngredientIndex.Kind? = nil) -> Self {
        .init(name, takesValue: true, values: values, ingredients: ingredients)
    }

    /// A flag.
    static func flag(_ name: String) -> Self { .init(name) }
}

extension GlobalOptions {
    /// The global options, as every command taking them describes them.
    /// `--format` takes the brewing apps' formats on every command (one option group), and
    /// the commands that write no recipe refuse them with a pointer to those that do.
    static let described: [CommandGrammar.Option] = [
        .value("--catalogue"), .value("--format", FormatChoice.allCases.map(\.rawValue)), .flag("--json"), .flag("--expanded"),
        .value("--color", ColorChoice.allCases.map(\.rawValue)), .flag("--no-pager"),
    ]
}

extension PagingOptions {
    static let described: [CommandGrammar.Option] = [.value("--limit", limitChoices)]
}

extension FilterOptions {
    static let described: [CommandGrammar.Option] = [
        .value("--abv-gt"), .value("--abv-lt"), .value("--ibu-gt"), .value("--ibu-lt"), .value("--ebc-gt"), .value("--ebc-lt"),
        .value("--hops", ingredients: .hops), .value("--malt", ingredients: .malt), .value("--yeast", ingredients: .yeast),
        .value("--food"), .value("--name"), .value("--brewed-before"), .value("--brewed-after"), .value("--ids"),
        .value("--style", FilterOptions.styleChoices),
    ]
}

extension RecommendOptions {
    static let described = PagingOptions.described + FilterOptions.described + [.flag("--explain")]
}

extension LikeQueryOptions {
    static let described: [CommandGrammar.Option] = [
        .value("--weights", ScoringWeights.presets.map(\.name)), .value("--not"), .value("--exclude"),
    ]
}

extension RecipeOptions {
    static let described: [CommandGrammar.Option] = [.value("--batch"), .value("--units", UnitSystem.allCases.map(\.rawValue))]
    static let argument = (valueName: ArgumentKind.beer, values: [String]())
}
