import ArgumentParser
import BreweryCore

/// The beer and how to show its recipe, for `show` and `recipe`.
struct RecipeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Scale the recipe to this batch size, e.g. 10l, 5gal, or 2x the recipe's.", valueName: "volume"))
    var batch: String?

    @Option(help: "Units of the recipe: metric (kg, g, l, °C) or us (lb, oz, gal, °F).")
    var units: UnitSystem = .metric

    @Argument(
        help: ArgumentHelp("The beer's id or name (case, accents and dashes do not matter).", valueName: ArgumentKind.beer),
        completion: ShellCompletions.beers)
    var beer: [String] = []

    /// The batch and the beer's words, with a unit typed apart from the batch's number
    /// joined to it (``BatchArgument``).
    var batchAndBeer: (batch: String?, words: [String]) { BatchArgument.joined(batch, words: beer) }
}
