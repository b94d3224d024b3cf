import BreweryTestSupport
import Foundation
import Testing

@testable import BreweryCore

/// The two synthetic generators: drawn field by field, and cloned from seed records.
@Suite struct SyntheticCatalogueTests {
    /// Invented seeds with recipes (some fields missing, as real records have some).
    static let seeds: [Beer] =
        SyntheticCatalogue.beers(count: 7, seed: 3, recipes: true)
        + [Beer(id: 99, name: "Bare Seed", abv: nil, ibu: nil, ebc: nil, foodPairing: [])]

    @Test func clonesCopyTheirSeedWholeWithNumbersNudgedAndNewIdsAndNames() throws {
        let clones = ClonedCatalogue.beers(count: 400, seed: 5, from: Self.seeds)
        #expect(clones.map(\.id) == Array(1...400))
        #expect(Set(clones.map(\.name)).count == 400)
        var nudged = 0
        for clone in clones {
            let suffix = " No. \(clone.id)"
            #expect(clone.name.hasSuffix(suffix))
            let seed = try #require(Self.seeds.first { $0.name == String(clone.name.dropLast(suffix.count)) })
            // Texts, pairings, yeast and the hop and malt names are the seed's.
            #expect(clone.description == seed.description && clone.tagline == seed.tagline)
            #expect(clone.foodPairing == seed.foodPairing)
            #expect(clone.ingredients?.yeast == seed.ingredients?.yeast)
            #expect(clone.ingredients?.malt.map(\.name) == seed.ingredients?.malt.map(\.name))
            #expect(clone.ingredients?.hops.map(\.add) == seed.ingredients?.hops.map(\.add))
            // Numbers stay near the seed's (within 5 σ) and missing ones stay missing.
            #expect((clone.abv == nil) == (seed.abv == nil) && (clone.ebc == nil) == (seed.ebc == nil))
            if let a = clone.abv, let s = seed.abv {
                #expect(abs(log(a / s)) <= 0.25 + 0.1 / s)
                if a != s { nudged += 1 }
            }
            if let e = clone.ebc { #expect(clone.srm == (e / 1.97 * 10).rounded() / 10) }
        }
        #expect(nudged > 200)  // of the ~350 with an abv; rounding to 0.1 leaves some as they were
        #expect(ClonedCatalogue.beers(count: 400, seed: 5, from: Self.seeds) == clones)
        #expect(ClonedCatalogue.beers(count: 400, seed: 6, from: Self.seeds) != clones)
    }

    @Test func oneMaltOneHopKeepsOneOfEachInBothGenerators() {
        let clones = ClonedCatalogue.beers(count: 50, seed: 1, from: Self.seeds, oneMaltOneHop: true)
        let drawn = SyntheticCatalogue.beers(count: 50, seed: 1, recipes: true, oneMaltOneHop: true)
        for beer in clones + drawn {
            guard let ingredients = beer.ingredients else { continue }
            #expect(ingredients.malt.count == 1 && ingredients.hops.count == 1)
        }
        #expect(drawn.allSatisfy { $0.ingredients != nil })
        // Without the flag, the drawn recipes have more than one hop addition on the whole.
        #expect(SyntheticCatalogue.beers(count: 50, seed: 1, recipes: true).contains { $0.ingredients!.hops.count > 1 })
    }

    @Test func aCompactFileReadsBackAsThePrettyOne() throws {
        let beers = ClonedCatalogue.beers(count: 30, seed: 2, from: Self.seeds)
        let compact = try CatalogueDecoder.encode(beers, layout: .compact)
        let pretty = try CatalogueDecoder.encode(beers, layout: .pretty)
        #expect(!compact.contains(UInt8(ascii: "\n")) && pretty.contains(UInt8(ascii: "\n")))
        #expect(compact.count < pretty.count)
        #expect(try CatalogueDecoder.decodeArray(compact, source: "compact") == beers)
        #expect(try CatalogueDecoder.decodeArray(pretty, source: "pretty") == beers)
    }
}
