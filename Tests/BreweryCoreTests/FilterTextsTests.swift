import BreweryCore
import BreweryTestSupport
import Testing

/// The text filters' indexes give exactly what a plain pass over every beer gives.
@Suite struct FilterTextsTests {
    static let catalogue: Catalogue = {
        var beers = Fixtures.beers
        beers.append(Beer(id: 9, name: "Ça Alors! 5am Ünïcode", abv: 5, foodPairing: ["Chicken TACOS", "Crème brûlée"]))
        beers.append(Beer(id: 10, name: "p-u-n-k (No. 7)", abv: 5, foodPairing: ["chicken tacos", "Fish tacos with lime"]))
        return Catalogue(beers: beers)
    }()

    @Test func namesNarrowedByTheirLettersMatchAsEveryNameChecked() {
        let c = Self.catalogue
        let letters = NameLetters(names: c.names)
        var patterns = ["punk", "lntrn", "tokyo*", "zoe", "ca alors", "çà", "5am", "no. 7", "p-u", "(", "", "zzz", "ünï", "a a"]
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnoprstuyz 0123456789.-*!")
        for _ in 0..<300 {
            patterns.append(String((0..<Int.random(in: 1...4, using: &rng)).map { _ in alphabet.randomElement()! }))
        }
        for p in patterns {
            let folded = Array(TextFolding.fold(p))
            let want = c.foldedNames.indices.filter { Subsequence.matches(folded, in: c.foldedNames[$0]) }
            #expect(letters.beers(matching: p, names: c.names, foldedNames: c.foldedNames) == want, "\(p)")
        }
    }

    @Test func distinctPairingsGiveEveryBeerWithAPairingHoldingTheText() {
        let c = Self.catalogue
        let text = PairingText(pairings: { c.beers.foodPairing(at: $0) }, count: c.count)
        for q in ["chicken", "CHICKEN TACOS", "tacos", "crème", "lime", "o", "zz", "s\nx", "cake with"] {
            let want = c.beers.indices.filter { i in
                !q.contains("\n") && c.beers.foodPairing(at: i).contains { $0.lowercased().contains(q.lowercased()) }
            }
            #expect(text.beers(containing: q) == want, "\(q)")
        }
    }
}
