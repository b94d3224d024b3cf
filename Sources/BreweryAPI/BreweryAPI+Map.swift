import BreweryCore
import BreweryViews

/// The routes the web page draws from beyond the Punk API's: `/v2/map` (every beer by
/// strength and bitterness, the filter's beers marked) and `/v2/beers/{id}/recipe` (the
/// recipe as `recipe --json` shows it, scaled and in the units asked for).
extension BreweryAPI {
    /// The map of the catalogue with the beers the filter parameters pass marked.
    func map(_ q: QueryParameters) throws(APIError) -> BeerMap {
        let filter = try PunkAPIFilter.pagingFilter(q, catalogue: catalogue, texts: texts)
        let features = catalogue.features
        guard !filter.filter.isEmpty || !filter.names.isEmpty else { return wholeMap.value }
        return BeerMap(catalogue: catalogue, order: byID) { filter.passes($0, features) }
    }

    /// The recipe of the beer at `index`: scaled to `batch` (`10l`, `5gal`, `2x`) and in `units`
    /// (`metric` or `us`) when given, with its nearest BJCP style and the brewer's numbers.
    package func recipeView(_ index: Int, _ q: QueryParameters) throws(APIError) -> RecipeView {
        var units = UnitSystem.metric
        if let text = q["units"] {
            guard let u = UnitSystem(rawValue: text.lowercased()) else {
                throw .badRequest("units takes metric or us, not '\(PunkAPIFilter.printable(text))'")
            }
            units = u
        }
        let page = try recipePage(index, q)
        return RecipeView(
            beer: page.beer, recipe: page.recipe, units: units, writtenFor: page.writtenFor, style: page.style)
    }

    /// The recipe page of the beer at `index`, scaled to the `batch` parameter when given;
    /// not found for a beer without a recipe (before the batch is looked at).
    func recipePage(_ index: Int, _ q: QueryParameters) throws(APIError) -> RecipePage {
        let beer = catalogue.beers[index]
        let written = Recipe(beer: beer)
        guard !written.isEmpty else { throw .notFound("Beer \(beer.id) has no recipe in the catalogue") }
        let page: RecipePage
        do { page = try RecipePage(beer: beer, written: written, batch: q["batch"]) } catch {
            switch error {
            case .badBatch(let text):
                throw .badRequest("batch: \(BatchSize.complaint(about: PunkAPIFilter.printable(text)))")
            case .noBatchVolume: throw .badRequest("Beer \(beer.id)'s recipe gives no batch volume to scale from")
            }
        }
        return page
    }
}
