import Testing

@testable import BreweryCore

@Suite struct CountedNounTests {
    @Test func oneIsSingularAndEveryOtherCountPlural() {
        #expect(CountedNoun.phrase(1, "rating") == "1 rating")
        #expect(CountedNoun.phrase(0, "rating") == "0 ratings")
        #expect(CountedNoun.phrase(2, "wished-for beer") == "2 wished-for beers")
        #expect(CountedNoun.phrase(3, "entry", plural: "entries") == "3 entries")
    }
}
