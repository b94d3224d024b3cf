import BreweryCore
import BreweryTestSupport
import Testing

@Suite struct CatalogueTests {
    let catalogue = Fixtures.catalogue

    @Test(arguments: [
        ("hello my name is zoe", 3), ("ab:99", 4), ("#hashtag 2031", 5), ("SINK THE SHIP!", 6), ("5", 5), ("lantern lager", 1),
    ])
    func lookupByIdOrFoldedName(_ text: String, _ id: Int) throws {
        #expect(catalogue.beers[try catalogue.lookup(text)].id == id)
    }

    @Test func unknownIdAndNameSuggest() {
        #expect { try catalogue.lookup("999") } throws: { "\($0)".contains("no beer with id 999") }
        #expect { try catalogue.lookup("lanter lagr") } throws: { "\($0)".contains("Lantern Lager") }
    }

    @Test func sharedNamesAreAmbiguous() {
        let c = Catalogue(beers: [Beer(id: 6, name: "Paradox"), Beer(id: 226, name: "Paradox")])
        #expect { try c.lookup("paradox") } throws: { "\($0)".contains("6 Paradox") && "\($0)".contains("226 Paradox") }
    }

    @Test func searchRanksExactPrefixWordSubstringThenFuzzy() {
        let s = NameSearch(catalogue: catalogue)
        #expect(s.search("lantern lager").map(\.kind) == [.exact, .prefix])
        #expect(s.search("lager").first?.kind == .wordPrefix)
        #expect(s.search("orter").first?.kind == .substring)
        #expect(s.search("lantrn lagr").first?.kind == .fuzzy)
        #expect(s.search("zzzzzz").isEmpty)
    }

    @Test func aLargeCatalogueBuiltOnTwoThreadsHasEveryIndexRight() throws {
        // 40k beers: over the threshold where the food index and the rest build side by side.
        let beers = SyntheticCatalogue.beers(count: 40_000, seed: 21)
        let c = Catalogue(beers: beers)
        #expect(c.foldedNames == beers.map { TextFolding.fold($0.name) })
        #expect(c.food.beerCount == beers.count)
        for i in stride(from: 0, to: beers.count, by: 997) {
            #expect(c.index(ofID: beers[i].id) == i)
            #expect(c.ids[i] == Int32(beers[i].id))
            #expect(c.features.raw[0][i] == Float(beers[i].abv!))
            #expect(!c.food.concepts(ofBeer: i).isEmpty)  // every synthetic beer has pairings
        }
        #expect(try c.lookup(beers[12_345].name) == 12_345)
    }
}
