import BreweryCore
import BreweryTestSupport
import Testing

/// The page use cases every front end calls: a page is the same rows as the whole
/// ranking cut at the window, and says whether more follow.
@Suite struct QueryPageTests {
    static let catalogue = Catalogue(beers: Fixtures.beers)

    @Test func aWindowNeverPassesTheEndNorOverflows() {
        #expect(PageWindow(offset: 2, limit: 3).end(count: 8) == 5)
        #expect(PageWindow(offset: 6, limit: 3).end(count: 8) == 8)
        #expect(PageWindow(offset: 20, limit: 3).start(count: 8) == 8)
        #expect(PageWindow(offset: 20, limit: 3).end(count: 8) == 8)
        #expect(PageWindow(offset: 1, limit: 0).end(count: 8) == 8)
        #expect(PageWindow(offset: 1, limit: nil).end(count: 8) == 8)
        #expect(PageWindow(offset: 1, limit: .max).end(count: 8) == 8)
        #expect(PageWindow(page: 3, perPage: 3) == PageWindow(offset: 6, limit: 3))
        #expect(PageWindow(page: .max, perPage: 80).start(count: 8) == 8)
    }

    @Test func aLikePageIsTheRankingCutAtTheWindow() {
        let recommender = LikeRecommender(catalogue: Self.catalogue)
        let query = LikeQuery(liked: [0])
        let all = recommender.recommend(query, limit: 8).hits.map(\.index)
        #expect(all.count == 7)
        for offset in 0..<9 {
            for limit in 1..<5 {
                let page = recommender.page(query, window: PageWindow(offset: offset, limit: limit))
                let want = Array(all.dropFirst(offset).prefix(limit))
                #expect(page.result.hits.map(\.index) == want, "offset \(offset) limit \(limit)")
                #expect(page.offset == min(offset, all.count))
                #expect(page.more == (offset + limit < all.count), "offset \(offset) limit \(limit)")
                if page.count > 1 { #expect(page.result(rows: 1..<page.count).hits.map(\.index) == Array(want.dropFirst())) }
            }
        }
        let excluding = recommender.page(query, excluding: [1, 1, 2], window: PageWindow(limit: nil))
        #expect(excluding.excluded == [1, 2])
        #expect(!excluding.result.hits.contains { [0, 1, 2].contains($0.index) })
        #expect(!excluding.more)
    }

    @Test func foodAndSearchPagesAreTheirRankingsCutAtTheWindow() throws {
        let ranker = FoodRanker(catalogue: Self.catalogue)
        let all = try ranker.rank("chocolate", limit: nil).hits.map(\.index)
        #expect(all.count >= 3)
        let food = try ranker.page("chocolate", window: PageWindow(offset: 1, limit: 2))
        #expect(food.result.hits.map(\.index) == Array(all[1..<3]))
        #expect(food.offset == 1)
        #expect(food.part(1..<2).offset == 2 && food.part(1..<2).result.hits.map(\.index) == [all[2]])

        let names = NameSearch(catalogue: Self.catalogue)
        let found = names.search("lantern").map(\.index)
        let page = names.page("lantern", window: PageWindow(offset: 1, limit: 5))
        #expect(page.hits.map(\.index) == Array(found.dropFirst()) && page.total == found.count && page.offset == 1)
        #expect(names.page("lantern", window: PageWindow(offset: 9, limit: 5)).hits.isEmpty)
    }

    @Test func aRecipePageIsTheRecipeAsWrittenOrScaledToTheBatchAsked() throws {
        let written = try RecipePage(beer: Fixtures.everyField)
        #expect(written.recipe == written.written && written.writtenFor == nil)
        #expect(written.style == StyleGuide.bjcp2021.nearest(to: Fixtures.everyField))
        let half = try RecipePage(beer: Fixtures.everyField, batch: "10 litres")
        #expect(half.recipe == (try written.written.scaled(toLitres: 10)))
        #expect(half.writtenFor == 20 && half.written == written.written)
        #expect((try RecipePage(beer: Fixtures.everyField, batch: "0.5x")).recipe == half.recipe)
        #expect(throws: RecipePage.Failure.badBatch("0.001x")) { try RecipePage(beer: Fixtures.everyField, batch: "0.001x") }
        #expect(throws: RecipePage.Failure.noBatchVolume) { try RecipePage(beer: Beer(id: 1, name: "Bare"), batch: "2x") }
        #expect(throws: RecipePage.Failure.badBatch("ten pints")) {
            try RecipePage(beer: Fixtures.everyField, batch: "ten pints")
        }
        #expect(throws: RecipePage.Failure.noBatchVolume) { try RecipePage(beer: Beer(id: 1, name: "Bare"), batch: "5gal") }
        #expect((try RecipePage(beer: Beer(id: 1, name: "Bare"))).written.isEmpty)
    }

    @Test func argumentsAndListedPartsNameBeersAsTheShellAndTheAPIRead() throws {
        let c = Self.catalogue
        #expect(try c.lookup(arguments: ["1", "7"]) == [0, 6])
        #expect(try c.lookup(arguments: ["Lantern", "Lager", "Reserve"]) == [1])
        #expect(try c.lookup(arguments: ["1", "Tokyo* Dreams"]) == [0, 6])
        let error = #expect(throws: BeerReferenceError.self) { try c.lookup(arguments: ["1", "zzqqxx"]) }
        #expect(error == .notOneBeer(words: "1 zzqqxx", word: "zzqqxx"))
        // Ids written as a list, as users write several beers.
        #expect(try c.lookup(arguments: ["1,7"]) == [0, 6])
        #expect(try c.lookup(arguments: ["#1 | #7", "8"]) == [0, 6, 7])
        #expect(Catalogue.ids(inList: "1,7,") == nil && Catalogue.ids(inList: "17") == nil)
        #expect(Catalogue.ids(inList: "1,Tokyo") == nil)
        #expect(throws: BeerReferenceError.self) { try c.lookup(arguments: ["1,999"]) }
        #expect(try c.lookup(listed: "Tokyo*_Dreams") == 6)
        #expect(try c.lookup(listed: "8") == 7)
        #expect(throws: CatalogueError.self) { try c.lookup(listed: "zzqqxx") }
    }
}
