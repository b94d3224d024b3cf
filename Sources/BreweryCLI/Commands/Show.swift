import ArgumentParser
import BreweryCore
import BreweryViews

/// `show <id|name>`: a beer's card and recipe.
struct Show: SessionCommand, TakesGlobalOptions, DescribedCommand, WritesBrewingFormats {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a beer's card and its recipe, by id or name.",
        discussion: """
            --batch scales the recipe to another batch size (10l, 23 litres, 5gal, or 2x the recipe's): malts, hops and \
            volumes scale; yeast, temperatures, times and gravities stay as written. With --json, \
            show prints the beer as the Punk API did; with --recipe, --batch or --units it prints \
            the recipe's own document.
            """)

    static let options = GlobalOptions.described + [.flag("--recipe")] + RecipeOptions.described
    static let argument: (valueName: String, values: [String])? = RecipeOptions.argument

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Show only the recipe.")
    var recipe = false

    @OptionGroup var options: RecipeOptions

    func execute(in session: Session) throws(BreweryError) {
        guard !options.batchAndBeer.words.isEmpty else { throw .usage("show needs a beer id or name, e.g. 'show 192'") }
        try Self.show(options, recipe: recipe, global: global, in: session)
    }

    /// Shows the beer `options` names: its card, or with `recipe` (or a batch or units
    /// outside a table) its recipe alone.
    static func show(_ options: RecipeOptions, recipe: Bool, global: GlobalOptions, in session: Session)
        throws(BreweryError)
    {
        let ((batch, beer), units) = (options.batchAndBeer, options.units)
        let catalogue = try session.catalogue(global).catalogue
        let b = catalogue.beers[try session.lookup(beer, in: catalogue)]
        let page: RecipePage
        do { page = try RecipePage(beer: b, batch: batch) } catch {
            switch error {
            case .badBatch(let text):
                throw .usage("--batch: \(BatchSize.complaint(about: text))")
            case .noBatchVolume: throw .recipe(.noBatchVolume)
            }
        }
        let (written, shown, style) = (page.written, page.recipe, page.style)
        if let format = global.brewingFormat {
            guard !written.isEmpty else { throw .failure("\(b.name) (\(b.id)) has no recipe in the catalogue to export") }
            let brewing = BrewingRecipe(beer: b, recipe: shown)
            session.output.show(format.document([brewing]), paging: !global.noPager)
            return
        }
        let view = RecipeView(beer: b, recipe: shown, units: units, writtenFor: page.writtenFor, style: style)
        let recipeOnly =
            recipe || ((batch != nil || units != .metric) && (global.requestedFormat ?? session.defaultFormat) != .table)
        if recipeOnly {
            session.show(view, global)
        } else {
            session.show(BeerCardView(beer: b, recipe: written.isEmpty ? nil : view, style: style), global)
        }
    }
}

extension UnitSystem: ExpressibleByArgument {}
