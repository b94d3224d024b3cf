import BreweryCore
import Testing

@Suite struct TextTests {
    @Test(arguments: [
        ("Punk IPA 2007 – 2010", "punk ipa 2007 - 2010"),
        ("Hello My Name Is Ze\u{301}", "hello my name is ze"),
        ("Hello My Name Is Zé", "hello my name is ze"),
        ("  B-Sides:  Bowman’s Beard ", "b-sides: bowman's beard"),
        ("ABC", "abc"),
    ])
    func folding(_ input: String, _ expected: String) {
        #expect(TextFolding.fold(input) == expected)
    }

    @Test func foodWordsDropStopWordsPossessivesAndAccents() {
        #expect(FoodText.words("Mum's Crème brûlée with a cherry") == ["mum", "creme", "brulee", "cherry"])
    }

    @Test func editDistanceCountsTranspositionsAndHonoursTheLimit() {
        #expect(EditDistance.distance("chocloate", "chocolate", limit: 2) == 1)
        #expect(EditDistance.distance("venisson", "venison", limit: 1) == 1)
        #expect(EditDistance.distance("tacos", "pizza", limit: 2) == nil)
    }
}
