import ArgumentParser
import BreweryCore
import BreweryViews

/// `show <id|name>`: a beer's card and recipe.
struct Show: SessionCommand, TakesGlobalOptions {
    static let configuration = CommandConfiguration(
        abstract: "Show a beer's card and its recipe, by id or name.",
        discussion: """
            --batch scales the recipe to another batch size (10l, 23 litres, 5gal): malts, hops and
            volumes scale; yeast, temperatures, times and gravities stay as written. With --json,
            show prints the beer as the Punk API did; with --recipe, --batch or --units it prints
            the recipe's own document.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Show only the recipe.")
    var recipe = false

    @Option(help: ArgumentHelp("Scale the recipe to this batch size, e.g. 10l or 5gal.", valueName: "volume"))
    var batch: String?

    @Option(help: "Units of the recipe: metric (kg, g, l, °C) or us (lb, oz, gal, °F).")
    var units: UnitSystem = .metric

    @Argument(
        help: ArgumentHelp("The beer's id or name (case, accents and dashes do not matter).", valueName: ArgumentKind.beer),
        completion: ShellCompletions.beers)
    var beer: [String] = []

    func execute(in session: Session) throws(BreweryError) {
        guard !beer.isEmpty else { throw .usage("show needs a beer id or name, e.g. 'show 192'") }
        try Self.show(beer, recipe: recipe, batch: batch, units: units, global: global, in: session)
    }

    /// Shows the beer `beer` names: its card, or with `recipe` (or a batch or units
    /// outside a table) its recipe alone.
    static func show(
        _ beer: [String], recipe: Bool, batch: String?, units: UnitSystem, global: GlobalOptions, in session: Session
    ) throws(BreweryError) {
        let catalogue = try session.catalogue(global).catalogue
        let b = catalogue.beers[try session.lookup(beer, in: catalogue)]
        let written = Recipe(beer: b)
        var shown = written
        if let batch {
            guard let volume = BatchVolume(parsing: batch) else {
                throw .usage(
                    "--batch takes a volume from 0.1 l, such as 10l, 23 litres or 5gal (US gallons), not '\(batch.prefix(40))'")
            }
            shown = try BreweryError.lifting(BreweryError.recipe) { () throws(RecipeError) in
                try written.scaled(toLitres: volume.litres)
            }
        }
        let view = RecipeView(beer: b, recipe: shown, units: units, writtenFor: batch == nil ? nil : written.batchLitres)
        let recipeOnly =
            recipe || ((batch != nil || units != .metric) && (global.requestedFormat ?? session.defaultFormat) != .table)
        if recipeOnly {
            session.show(view, global)
        } else {
            session.show(BeerCardView(beer: b, recipe: written.isEmpty ? nil : view), global)
        }
    }
}

/// `recipe <id|name>`: a beer's recipe alone, as `show --recipe` (homebrewers look for
/// the word).
struct RecipeCommand: SessionCommand, TakesGlobalOptions {
    static let configuration = CommandConfiguration(
        commandName: "recipe",
        abstract: "Show a beer's recipe, by id or name (the same as 'show --recipe').",
        discussion: """
            --batch scales it to another batch size (10l, 23 litres, 5gal): malts, hops and volumes
            scale; yeast, temperatures, times and gravities stay as written.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Scale the recipe to this batch size, e.g. 10l or 5gal.", valueName: "volume"))
    var batch: String?

    @Option(help: "Units of the recipe: metric (kg, g, l, °C) or us (lb, oz, gal, °F).")
    var units: UnitSystem = .metric

    @Argument(
        help: ArgumentHelp("The beer's id or name (case, accents and dashes do not matter).", valueName: ArgumentKind.beer),
        completion: ShellCompletions.beers)
    var beer: [String] = []

    func execute(in session: Session) throws(BreweryError) {
        guard !beer.isEmpty else { throw .usage("recipe needs a beer id or name, e.g. 'recipe 192'") }
        try Show.show(beer, recipe: true, batch: batch, units: units, global: global, in: session)
    }
}

extension UnitSystem: ExpressibleByArgument {}
