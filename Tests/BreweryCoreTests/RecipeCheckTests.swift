import BreweryCore
import BreweryTestSupport
import Foundation
import Testing

/// The record problems a brewing app would carry over, flagged one line each, and counted
/// over a catalogue.
@Suite struct RecipeCheckTests {
    static func recipeBeer(id: Int, _ change: (inout Beer) -> Void) -> Beer {
        var b = Fixtures.everyField
        b.id = id
        change(&b)
        return b
    }

    static func checks(_ b: Beer) -> [RecipeCheck] { RecipeCheck.checks(b) }

    @Test func aSoundRecordPassesEveryCheck() {
        var b = Fixtures.everyField
        b.abv = BrewersNumbers.abv(og: 1.0685, fg: 1.012)
        #expect(Self.checks(b).isEmpty, "\(Self.checks(b))")
    }

    @Test func eachProblemIsFlaggedInOneLine() {
        let cases: [(RecipeCheck.Kind, String, (inout Beer) -> Void)] = [
            (.gravitiesSwapped, "FG above OG: swapped in the export", { $0.targetFG = 1080 }),
            (.colourScales, "EBC 160 is 4× SRM 40 (about 2× is usual)", { $0.ebc = 160 }),
            (.implausibleIBU, "IBU 1085 is not plausible", { $0.ibu = 1085 }),
            (
                .implausibleGrainBill, "535 kg of grain for 20 l is not plausible",
                { $0.ingredients?.malt = [Beer.Malt(name: "Pale Ale", amount: Beer.Amount(value: 535, unit: "kilograms"))] }
            ),
            (
                .adjunctsAsHops, "2 hop entries are no hop (Honey, Ground Coffee): moved in the export",
                {
                    $0.ingredients?.hops += [
                        Beer.Hop(name: "Honey", amount: Beer.Amount(value: 100, unit: "grams"), add: "end", attribute: nil),
                        Beer.Hop(
                            name: "Ground Coffee", amount: Beer.Amount(value: 50, unit: "grams"), add: "end", attribute: nil),
                    ]
                }
            ),
            (.abvFromGravities, "ABV 12% but OG and FG give 7.4%", { $0.abv = 12 }),
        ]
        for (kind, message, change) in cases {
            var b = Self.recipeBeer(id: 1, change)
            if kind != .abvFromGravities && kind != .gravitiesSwapped { b.abv = BrewersNumbers.abv(og: 1.0685, fg: 1.012) }
            let found = Self.checks(b)
            #expect(found.contains { $0.kind == kind && $0.message == message }, "\(kind): \(found.map(\.message))")
        }
    }

    @Test func theTallyCountsEachBeerOnceAndParallelEqualsOneByOne() {
        var beers = (0..<3000).map { i in
            Self.recipeBeer(id: i + 1) { b in
                b.abv = BrewersNumbers.abv(og: 1.0685, fg: 1.012)
                if i % 3 == 0 { b.targetFG = 1090 }
                if i % 7 == 0 { b.ibu = 2000 }
            }
        }
        beers.append(Beer(id: 99_999, name: "No recipe"))
        let tally = RecipeCheckTally(Catalogue(beers: beers))
        #expect(tally.checked == 3000)
        let counts = Dictionary(uniqueKeysWithValues: tally.counts.map { ($0.kind, $0.beers) })
        #expect(counts[.gravitiesSwapped] == 1000)
        #expect(counts[.implausibleIBU] == 429)
        #expect(counts[.colourScales] == 0)
        // The same beers one by one.
        let serial = beers.filter { !Recipe(beer: $0).isEmpty }.flatMap(Self.checks).filter { $0.kind == .abvFromGravities }
        #expect(counts[.abvFromGravities] == serial.count)
    }
}
