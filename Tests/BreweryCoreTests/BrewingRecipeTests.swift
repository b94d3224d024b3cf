import BreweryCore
import BreweryTestSupport
import Foundation
import Testing

/// Recipes as brewing apps take them: estimates from the tables, corrections of the
/// record's known problems, the brewer's numbers, on invented beers.
@Suite struct BrewingRecipeTests {
    static func amount(_ v: Double, _ unit: String) -> Beer.Amount { Beer.Amount(value: v, unit: unit) }

    /// An invented IPA with every problem the DIY Dog records have: gravities swapped,
    /// honey and orange peel among the hops, an unknown hop and malt, a dry hop.
    static let troubled: Beer = {
        var b = Beer(id: 7, name: "Test <IPA> & Co", abv: 6.0, ibu: 50, targetFG: 1060, targetOG: 1012, ebc: 20, srm: 10)
        b.volume = amount(20, "litres")
        b.boilVolume = amount(25, "litres")
        b.method = Beer.Method(
            mashTemp: [Beer.MashStep(temp: amount(66, "celsius"), duration: 75)],
            fermentation: Beer.Fermentation(temp: amount(19, "celsius")))
        b.ingredients = Beer.Ingredients(
            malt: [
                Beer.Malt(name: "Maris Otter Extra Pale", amount: amount(5, "kilograms")),
                Beer.Malt(name: "Caramalt", amount: amount(0.25, "kilograms")),
                Beer.Malt(name: "Mystery Grain", amount: amount(0.1, "kilograms")),
                Beer.Malt(name: "Sweet Orange Peel", amount: amount(0.02, "kilograms")),
            ],
            hops: [
                Beer.Hop(name: "Magnum", amount: amount(20, "grams"), add: "start", attribute: "bitter"),
                Beer.Hop(name: "NZ Nelson Sauvin", amount: amount(30, "grams"), add: "middle", attribute: "flavour"),
                Beer.Hop(name: "Honey", amount: amount(500, "grams"), add: "end", attribute: "flavour"),
                Beer.Hop(name: "Lemon Peel", amount: amount(15, "grams"), add: "end", attribute: "flavour"),
                Beer.Hop(name: "Zappa", amount: amount(40, "grams"), add: "Whirlpool", attribute: "aroma"),
                Beer.Hop(name: "Citra", amount: amount(50, "grams"), add: "dry hop", attribute: "aroma"),
            ],
            yeast: "Wyeast 1056 - American Ale™")
        return b
    }()

    @Test func swappedGravitiesAreSetRightAndSaid() {
        let r = BrewingRecipe(beer: Self.troubled, recipe: Recipe(beer: Self.troubled))
        #expect(r.originalGravity == 1.060)
        #expect(r.finalGravity == 1.012)
        #expect(r.corrections.contains { $0.hasPrefix("FG 1.060 was above OG 1.012: swapped") })
    }

    @Test func adjunctsListedAsHopsOrMaltsMoveAndAreNamed() {
        let r = BrewingRecipe(beer: Self.troubled, recipe: Recipe(beer: Self.troubled))
        #expect(r.hops.map(\.name) == ["Magnum", "NZ Nelson Sauvin", "Zappa", "Citra"])
        // Honey is a fermentable (added in the kettle), the peels are spices.
        let honey = try? #require(r.fermentables.first { $0.name == "Honey" })
        #expect(honey?.facts.type == "honey")
        #expect(honey?.kilograms == 0.5)
        #expect(r.miscs.map(\.name) == ["Sweet Orange Peel", "Lemon Peel"])
        #expect(r.miscs.map(\.type) == ["spice", "spice"])
        #expect(r.miscs.map(\.use) == [.mash, .boil])
        #expect(r.corrections.contains("listed as hops, moved to the other ingredients or fermentables: Honey, Lemon Peel"))
        #expect(r.corrections.contains("listed as malts, moved to the other ingredients: Sweet Orange Peel"))
    }

    @Test func whatTheRecordLacksIsEstimatedFromTheTablesAndSaid() {
        let r = BrewingRecipe(beer: Self.troubled, recipe: Recipe(beer: Self.troubled))
        let nelson = r.hops[1]
        #expect(nelson.knownVariety && nelson.alphaPercent == 12.5)
        let zappa = r.hops[2]
        #expect(!zappa.knownVariety && zappa.alphaPercent == BrewingRecipe.unknownAlpha)
        #expect(zappa.use == .aroma && zappa.whirlpool && zappa.minutes == 0)
        #expect(r.hops[0].use == .boil && r.hops[0].minutes == 60)
        #expect(r.hops[1].minutes == 30)
        #expect(r.hops[3].use == .dryHop && r.hops[3].minutes == 3 * 1440)
        #expect(r.fermentables.first { $0.name == "Caramalt" }?.facts.lovibond == 13)
        #expect(r.fermentables.first { $0.name == "Mystery Grain" }?.facts.lovibond == 3)
        #expect(r.estimates.contains { $0.contains("not in the table: Zappa") })
        #expect(r.estimates.contains { $0.contains("not in the table: Mystery Grain") })
        #expect(r.estimates.contains { $0.hasPrefix("dry hops: 3 days") })
        // The efficiency is what makes the stated OG of this grain bill (and sugar).
        let points = (5 * 0.81 + 0.25 * 0.74 + 0.1 * 0.75) * 384
        let expected = ((0.060 * 1000 * 20) - 0.5 * 0.75 * 384) / points * 100
        #expect(abs(r.efficiencyPercent - expected) < 0.06)
        #expect(r.cultures.count == 1)
        #expect(r.cultures[0].producer == "Wyeast" && r.cultures[0].productID == "1056" && r.cultures[0].name == "American Ale")
        #expect(r.cultures[0].form == "liquid" && r.cultures[0].type == "ale")
    }

    @Test func theBrewersNumbersFollowTheirFormulas() {
        #expect(abs(BrewersNumbers.abv(og: 1.056, fg: 1.010) - 6.0375) < 1e-9)
        // Tinseth: 28 g of 10 % hops for 60 minutes in 20 l at 1.050 is about 28.6 IBU.
        let t = BrewersNumbers.tinseth(grams: 28, alphaPercent: 10, minutes: 60, litres: 20, boilGravity: 1.050)
        #expect(abs(t - 32.35) < 0.1)
        #expect(BrewersNumbers.tinseth(grams: 28, alphaPercent: 10, minutes: 0, litres: 20, boilGravity: 1.050) == 0)
        // Rager at 60 minutes uses about 30.6 %; above 1.050 it gives less.
        let r = BrewersNumbers.rager(grams: 28, alphaPercent: 10, minutes: 60, litres: 20, boilGravity: 1.050)
        #expect(abs(r - 28 * 0.3056 * 0.1 * 1000 / 20) < 0.5)
        #expect(BrewersNumbers.rager(grams: 28, alphaPercent: 10, minutes: 60, litres: 20, boilGravity: 1.090) < r)
        // Morey: 5 kg of 3 °L malt in 20 l.
        let mcu = 5 * 2.20462262 * 3 / (20 / 3.785411784)
        #expect(abs((BrewersNumbers.morey([(5, 3)], litres: 20) ?? 0) - 1.4922 * pow(mcu, 0.6859)) < 1e-9)
        #expect(BrewersNumbers.morey([], litres: 20) == nil)
    }

    @Test func scalingScalesEveryAmountAndNothingElse() throws {
        let written = Recipe(beer: Self.troubled)
        let r = BrewingRecipe(beer: Self.troubled, recipe: written)
        let s = BrewingRecipe(beer: Self.troubled, recipe: try written.scaled(toLitres: 5 * BatchVolume.litresPerGallon))
        let factor = 5 * BatchVolume.litresPerGallon / 20
        #expect(abs(s.batchLitres - 20 * factor) < 1e-9)
        for (a, b) in zip(r.fermentables, s.fermentables) { #expect(abs(a.kilograms * factor - b.kilograms) < 1e-9) }
        for (a, b) in zip(r.hops, s.hops) {
            #expect(abs(a.grams * factor - b.grams) < 1e-9)
            #expect(a.minutes == b.minutes && a.alphaPercent == b.alphaPercent)
        }
        for (a, b) in zip(r.miscs, s.miscs) { #expect(abs((a.grams ?? 0) * factor - (b.grams ?? 0)) < 1e-9) }
        #expect(abs(r.efficiencyPercent - s.efficiencyPercent) < 0.11)
        #expect(r.originalGravity == s.originalGravity)
    }

    @Test func aRecordWithNoMashOrBatchGetsTheUsualOnesSaidAsEstimates() {
        var b = Beer(id: 9, name: "Bare", targetFG: 1010, targetOG: 1050)
        b.ingredients = Beer.Ingredients(malt: [Beer.Malt(name: "Pilsner", amount: Self.amount(4, "kilograms"))])
        let r = BrewingRecipe(beer: b, recipe: Recipe(beer: b))
        #expect(r.batchLitres == 20 && r.boilLitres == 25)
        #expect(r.mash.count == 1 && r.mash[0].celsius == 65 && r.mash[0].minutes == 60)
        #expect(r.estimates.contains { $0.hasPrefix("batch size: 20 litres") })
        #expect(r.estimates.contains { $0.hasPrefix("mash: one rest at 65 °C") })
        #expect(r.cultures.isEmpty)
    }

    @Test func theTablesReadWholeWithNoProblemAndFindLongestNamesFirst() {
        let t = BrewingTables.standard
        #expect(t.problems.isEmpty, "\(t.problems)")
        #expect(t.fermentables.row(for: "Maris Otter Extra Pale")?.name == "Maris Otter Extra Pale")
        #expect(t.fermentables.row(for: "Organic Munich")?.name == "Munich")
        #expect(t.fermentables.row(for: "Chocolate Wheat")?.name == "Chocolate Wheat")
        #expect(t.hops.row(for: "Bramling Cross/ First Gold")?.name == "Bramling Cross")
        #expect(t.hops.row(for: "Hallertauer Mittelfrüh")?.name == "Hallertauer Mittelfruh")
        #expect(t.hops.row(for: "Columbus Extract")?.value.isExtract == true)
        #expect(t.adjuncts.row(for: "Vanilla Extract")?.value.type == "spice")
        #expect(t.adjuncts.row(for: "Sour Cherry Puree")?.value.type == "flavor")
        #expect(t.hops.row(for: "Coffee") == nil)
        let bad = BrewingTables(hops: "Ok: 5\nBroken line\nNo: x", fermentables: "", adjuncts: "Odd: plastic")
        #expect(bad.problems.count == 3)
    }
}

/// Every real recipe exports with what the formats require, and what was estimated is
/// counted: the tables cover the catalogue's hops and malts but for a few named ones.
@Suite(.enabled(if: SharedData.shouldRun("v2"), "../shared/punkapi is not beside the repository"))
struct RealCatalogueBrewingTests {
    @Test func whatIsEstimatedIsCountedAndTheTablesCoverNearlyEverything() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.punkAPI("v2")))
        let beers = try CatalogueDecoder.decodeArray(data, source: "v2")
        var estimated: [String: Int] = [:]
        var hops = 0
        var unknownHops = 0
        var malts = 0
        var unknownMalts = 0
        for beer in beers {
            let recipe = Recipe(beer: beer)
            guard !recipe.isEmpty else { continue }
            let r = BrewingRecipe(beer: beer, recipe: recipe)
            // What the formats require is there for every recipe.
            #expect(r.hops.allSatisfy { $0.alphaPercent > 0 && $0.grams >= 0 }, "\(beer.id)")
            #expect(r.fermentables.allSatisfy { $0.facts.yieldPercent > 0 || !$0.facts.isGrain }, "\(beer.id)")
            #expect(!r.mash.isEmpty && r.mash.allSatisfy { $0.celsius != nil && $0.minutes != nil }, "\(beer.id)")
            #expect(r.efficiencyPercent >= 40 && r.efficiencyPercent <= 100, "\(beer.id)")
            if let og = r.originalGravity, let fg = r.finalGravity { #expect(og >= fg, "\(beer.id)") }
            for e in r.estimates { estimated[String(e.prefix { $0 != ":" && $0 != "(" }), default: 0] += 1 }
            hops += r.hops.count
            unknownHops += r.hops.filter { !$0.knownVariety }.count
            malts += r.fermentables.count
            unknownMalts += r.estimates.first { $0.contains("malts not in the table") }.map { _ in 1 } ?? 0
        }
        // Said, for the record of what an export of the catalogue estimates.
        print(
            "estimated, beers: "
                + estimated.sorted { $0.key < $1.key }.map { "\($0.key.trimmingCharacters(in: .whitespaces)) \($0.value)" }
                .joined(separator: "; "))
        print(
            "hops \(hops), of varieties the table lacks \(unknownHops); fermentables \(malts); beers with an unknown malt \(unknownMalts)"
        )
        #expect(Double(unknownHops) < Double(hops) * 0.02)
        #expect(unknownMalts <= 3)
        #expect(estimated["hop alpha acids"] ?? 0 >= 300)
        #expect(estimated["efficiency"] == beers.filter { !Recipe(beer: $0).isEmpty }.count)
    }
}
