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
    /// (`--batch 5 gal`, which leaves "gal" first or last among the beer's words) joined
    /// to it.
    var batchAndBeer: (batch: String?, beer: [String]) {
        func isUnit(_ word: String?) -> Bool { word.map { BatchVolume.isUnit($0) || $0.lowercased() == "x" } ?? false }
        guard let batch, Double(batch) != nil else { return (batch, beer) }
        if isUnit(beer.first) { return (batch + beer[0], Array(beer.dropFirst())) }
        if isUnit(beer.last) { return (batch + beer[beer.count - 1], Array(beer.dropLast())) }
        return (batch, beer)
    }
}
