import Testing

@testable import BreweryCore

/// `recommend like` on how beers are brewed, and on several liked and disliked beers,
/// with beers invented for the purpose.
@Suite struct RecipeSimilarityTests {
    static func beer(
        _ id: Int, yeast: String?, hops: [(String, String)] = [], malts: [String] = [], fermentation: Double? = 19,
        abv: Double = 5, ibu: Double = 40, ebc: Double = 20
    ) -> Beer {
        let ingredients =
            yeast == nil && hops.isEmpty && malts.isEmpty
            ? nil
            : Beer.Ingredients(
                malt: malts.map { Beer.Malt(name: $0, amount: Beer.Amount(value: 4, unit: "kilograms")) },
                hops: hops.map {
                    Beer.Hop(
                        name: $0.0, amount: Beer.Amount(value: 25, unit: "grams"), add: $0.1,
                        attribute: $0.1 == "start" ? "bitter" : "aroma")
                }, yeast: yeast)
        return Beer(
            id: id, name: "Brew \(id)", abv: abv, ibu: ibu, ebc: ebc, volume: Beer.Amount(value: 20, unit: "litres"),
            method: fermentation.map {
                Beer.Method(fermentation: Beer.Fermentation(temp: Beer.Amount(value: $0, unit: "celsius")))
            },
            ingredients: ingredients)
    }

    static let beers: [Beer] = [
        beer(1, yeast: "Wyeast 1056 - American Ale™", hops: [("Citra", "dry hop")], malts: ["Maris Otter"]),
        beer(2, yeast: "WLP001 - California Ale", hops: [("Citra", "dry hop")], malts: ["Maris Otter"]),
        beer(3, yeast: "Wyeast 1056 - American Ale™", hops: [("Citra", "start")], malts: ["Crystal 150"]),
        beer(4, yeast: "Saflager W-34/70", hops: [("Saaz", "start")], malts: ["Pilsner"], fermentation: 10),
        beer(5, yeast: "Wyeast 2124 - Bohemian Lager™", hops: [("Saaz", "end")], malts: ["Pilsner"], fermentation: 11),
        beer(6, yeast: nil, fermentation: nil),
        beer(7, yeast: "Wyeast 3333 - German Wheat™", malts: ["Wheat", "Dark Crystal"], fermentation: 20),
    ]

    let catalogue = Catalogue(beers: beers)
    var scorer: SimilarityScorer { SimilarityScorer(catalogue: catalogue) }

    @Test func eachResultIsExplainedAsTheScorerExplainsOneBeer() {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 3_000, seed: 4, recipes: true))
        let query = LikeQuery(liked: [10, 700], disliked: [1_500], weights: .standard)
        let recommender = LikeRecommender(catalogue: c)
        let scorer = SimilarityScorer(catalogue: c)
        let result = recommender.recommend(query, limit: 40)
        #expect(result.hits.count == 40)
        for h in result.hits {
            #expect(h.likedScores == query.liked.map { scorer.score(h.index, like: $0) })
            #expect(h.breakdown == scorer.explain(h.index, like: h.closestLiked))
            #expect(h.closestDisliked?.score == scorer.score(h.index, like: 1_500))
            #expect(h.score == scorer.score(h.index, query))
        }
    }

    @Test func yeastFamiliesAreOneStrainAndKindsRelateStrains() {
        #expect(YeastStrain(name: "WLP001 - California Ale").key == "wyeast 1056")
        #expect(YeastStrain(name: "Safale US-05").key == "wyeast 1056")
        #expect(YeastStrain(name: "Safale US-05").words == YeastStrain(name: "Wyeast 1056 - American Ale™").words)
        #expect(YeastStrain(name: "Saflager W-34/70").key == YeastStrain(name: "Wyeast 2124 - Bohemian Lager™").key)
        let wheat = YeastStrain(name: "Wyeast 3333 - German Wheat™")
        #expect(wheat.key == "wyeast 3333" && wheat.words == ["german", "wheat"])
        #expect(YeastStrain(name: "Saflager S189").words == ["lager"])
        #expect(YeastStrain(name: "Champagne").key == "champagne")
        #expect(YeastStrain.strains(inLine: "Wyeast 1056 - American Ale™ & Wyeast 1272 - American Ale II™").count == 2)
    }

    @Test func sharedYeastHopsAndMaltsAreNamed() {
        let b = scorer.explain(1, like: 0)
        #expect(b.sameYeast == ["Wyeast 1056"])
        #expect(b.sharedHops == ["Citra"] && b.sharedLateHops == ["Citra"])
        #expect(b.sharedMalts == ["Maris Otter"])
        #expect(abs(b.part(.yeast).similarity! - 1) < 1e-5)
        // Citra at the start of the boil is not a late addition.
        let early = scorer.explain(2, like: 0)
        #expect(early.sameYeast == ["Wyeast 1056"] && early.sharedHops == ["Citra"] && early.sharedLateHops.isEmpty)
        #expect(early.part(.hops).similarity! < b.part(.hops).similarity!)
        // Two lager strains under different names are one.
        #expect(scorer.explain(4, like: 3).sameYeast.count == 1)
    }

    @Test func aMissingRecipeIsLeftOutNotReadAsZero() {
        // Beer 6 has the same abv/ibu/ebc as beer 1 and no recipe or method at all: only
        // the numeric part counts, and it is a perfect match.
        let b = scorer.explain(5, like: 0)
        #expect(b.part(.yeast).similarity == nil && b.part(.hops).similarity == nil && b.part(.method).similarity == nil)
        #expect(b.part(.numeric).similarity == 1)
        #expect(abs(b.score - 1) < 1e-6)
    }

    @Test func fermentationTemperatureSeparatesLagersFromAles() {
        let lager = scorer.explain(4, like: 3).part(.method).similarity!
        let ale = scorer.explain(0, like: 3).part(.method).similarity!
        #expect(lager > 0.9 && ale < 0.5)
        // With the method alone, the other lager comes first.
        let w = ScoringWeights(abv: 0, ibu: 0, ebc: 0, method: 1)
        #expect(LikeRecommender(catalogue: catalogue).recommend(like: 3, weights: w, limit: 1).hits.first?.index == 4)
    }

    @Test func severalLikedBeersRewardBeingCloseToAll() {
        let beers = [
            Beer(id: 1, name: "Light", abv: 4, ibu: 20, ebc: 8),
            Beer(id: 2, name: "Strong", abv: 9, ibu: 90, ebc: 80),
            Beer(id: 3, name: "Light Twin", abv: 4.1, ibu: 21, ebc: 8),
            Beer(id: 4, name: "Between", abv: 6, ibu: 42, ebc: 25),
        ]
        let c = Catalogue(beers: beers)
        let numeric = ScoringWeights(abv: 1, ibu: 1, ebc: 1)
        let r = LikeRecommender(catalogue: c).recommend(LikeQuery(liked: [0, 1], weights: numeric), limit: 5)
        #expect(r.hits.map { c.beers[$0.index].id } == [4, 3])
        #expect(r.hits[1].closestLiked == 0 && r.hits[1].likedScores.count == 2)
    }

    @Test func aDislikedBeerPushesItsLookalikesDownAndExcludedBeersGo() {
        let beers = [
            Beer(id: 1, name: "Liked", abv: 5, ibu: 40, ebc: 20),
            Beer(id: 2, name: "Disliked", abv: 5.6, ibu: 46, ebc: 23),
            Beer(id: 3, name: "Near Disliked", abv: 5.4, ibu: 44, ebc: 22),
            Beer(id: 4, name: "Other Side", abv: 4.5, ibu: 35, ebc: 17),
            Beer(id: 5, name: "Far", abv: 12, ibu: 100, ebc: 150),
        ]
        let c = Catalogue(beers: beers)
        let numeric = ScoringWeights(abv: 1, ibu: 1, ebc: 1)
        let recommender = LikeRecommender(catalogue: c)
        let plain = recommender.recommend(LikeQuery(liked: [0], weights: numeric), limit: 4).hits.map { c.beers[$0.index].id }
        #expect(plain.prefix(2) == [3, 2])
        let not = recommender.recommend(LikeQuery(liked: [0], disliked: [1], weights: numeric), limit: 4)
        let ids = not.hits.map { c.beers[$0.index].id }
        #expect(ids.first == 4 && !ids.contains(2) && !ids.contains(1))
        #expect(not.hits.first { c.beers[$0.index].id == 3 }?.closestDisliked?.index == 1)
        let excluded = recommender.recommend(LikeQuery(liked: [0], weights: numeric), excluding: [2], limit: 4)
        #expect(!excluded.hits.contains { $0.index == 2 } && excluded.hits.count == 3)
    }
}

/// The search with disliked beers against every beer scored one by one.
@Suite struct DislikedSearchExactnessTests {
    @Test(arguments: [UInt64(21), 22, 23])
    func oneLikedAndSeveralDislikedFindTheBestExactly(seed: UInt64) {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 4_000, seed: seed, recipes: true))
        let scorer = SimilarityScorer(catalogue: c)
        var rng = SplitMix64(seed: seed)
        func pick() -> Int { Int(rng.next() % UInt64(c.count)) }
        for dislikes in 1...4 {
            let query = LikeQuery(liked: [pick()], disliked: (0..<dislikes).map { _ in pick() })
            let found = scorer.topK(query, k: 10, excluding: query.beers)
            let all = c.beers.indices.filter { !query.beers.contains($0) }
                .map { ScoredBeer(index: Int32($0), id: Int32(c.beers[$0].id), score: scorer.score($0, query)) }
            #expect(found == Array(all.sorted(by: >).prefix(10)), "\(query.liked) not \(query.disliked)")
        }
    }
}
