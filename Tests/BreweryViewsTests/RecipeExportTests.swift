import BreweryCore
import BreweryViews
import Testing

/// An export made a run at a time on every core is the document of all its recipes, in
/// order, with the beers that have no recipe left out.
@Suite struct RecipeExportTests {
    static let catalogue: Catalogue = {
        var beers = SyntheticCatalogue.beers(count: 300, seed: 3, recipes: true)
        for i in stride(from: 0, to: beers.count, by: 7) {
            beers[i].ingredients = nil
            beers[i].method = nil
            beers[i].volume = nil
            beers[i].boilVolume = nil
        }
        return Catalogue(beers: beers)
    }()

    func exported(_ format: BrewingFormat, batch: BatchSize? = nil, run: Int) -> (text: String, count: Int) {
        var text = format.head
        var count = 0
        let all = Array(Self.catalogue.beers.indices)
        var start = 0
        while start < all.count {
            let end = min(start + run, all.count)
            for element in RecipeExport.elements(all[start..<end], of: Self.catalogue, as: format, scaledTo: batch) {
                guard let element else { continue }
                text += (count > 0 ? format.separator : "") + element
                count += 1
            }
            start = end
        }
        return (text + format.tail, count)
    }

    func whole(batch: BatchSize? = nil) -> [BrewingRecipe] {
        Self.catalogue.beers.indices.compactMap { i in
            let beer = Self.catalogue.beers[i]
            var recipe = Recipe(beer: beer)
            guard !recipe.isEmpty else { return nil }
            if let litres = batch?.litres(writtenFor: recipe.batchLitres) {
                recipe = (try? recipe.scaled(toLitres: litres)) ?? recipe
            }
            return BrewingRecipe(beer: beer, recipe: recipe)
        }
    }

    @Test(arguments: [1, 50, 4_096])
    func theDocumentIsThatOfAllItsRecipesInOrder(run: Int) {
        let recipes = whole()
        #expect(recipes.count > 200 && recipes.count < 300)
        let xml = exported(.beerxml, run: run)
        #expect(xml.count == recipes.count && xml.text == BeerXMLDocument(recipes: recipes).text)
        let json = exported(.beerjson, run: run)
        #expect(json.count == recipes.count && json.text == BeerJSONDocument(recipes: recipes).text)
        for batch in [BatchSize.volume(BatchVolume(litres: 19)), .multiple(2)] {
            #expect(exported(.beerjson, batch: batch, run: run).text == BeerJSONDocument(recipes: whole(batch: batch)).text)
        }
        #expect(BeerJSONDocument(recipes: whole(batch: .multiple(2))).text != json.text)
    }
}
