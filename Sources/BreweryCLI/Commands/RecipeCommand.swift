import ArgumentParser

/// `recipe <id|name>`: a beer's recipe alone, as `show --recipe` (homebrewers look for
/// the word).
struct RecipeCommand: SessionCommand, TakesGlobalOptions, DescribedCommand, WritesBrewingFormats {
    static let configuration = CommandConfiguration(
        commandName: "recipe",
        abstract: "Show a beer's recipe, by id or name (the same as 'show --recipe').",
        discussion: """
            --batch scales it to another batch size (10l, 23 litres, 5gal, or 2x the recipe's): malts, hops and volumes \
            scale; yeast, temperatures, times and gravities stay as written. --format beerxml or \
            beerjson writes it for a brewing app (BeerSmith, Brewfather, Brewer's Friend…), with \
            what the record lacks estimated and what it gets wrong put right, both listed in its notes.
            """)

    static let options = GlobalOptions.described + RecipeOptions.described
    static let argument: (valueName: String, values: [String])? = RecipeOptions.argument

    @OptionGroup var global: GlobalOptions

    @OptionGroup var options: RecipeOptions

    func execute(in session: Session) throws(BreweryError) {
        guard !options.batchAndBeer.words.isEmpty else { throw .usage("recipe needs a beer id or name, e.g. 'recipe 192'") }
        try Show.show(options, recipe: true, global: global, in: session)
    }
}
