import BreweryCore
import BreweryTestSupport
import Testing

@Suite struct CatalogueTests {
    let catalogue = Fixtures.catalogue

    @Test(arguments: [("hello my name is zoe", 3), ("ab:99", 4), ("#hashtag 2031", 5), ("SINK THE SHIP!", 6), ("5", 5), ("lantern lager", 1)])
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
}
