import BreweryCore
import BreweryTestSupport
import Testing

@Suite struct SimilarityTests {
    /// Sort every beer by the single-beer score: the reference the scan must equal.
    func reference(_ c: Catalogue, _ q: Int, _ w: ScoringWeights, k: Int, filter: BeerFilter = BeerFilter()) -> [ScoredBeer] {
        let s = SimilarityScorer(catalogue: c)
        return (0..<c.count).filter { $0 != q && filter.passes($0, c.features) }
            .map { ScoredBeer(index: Int32($0), id: c.ids[$0], score: s.score($0, like: q, weights: w)) }
            .sorted(by: >).prefix(k).map { $0 }
    }

    /// Sort every beer by the combined score of `query`: the reference for several beers.
    func reference(_ c: Catalogue, _ query: LikeQuery, k: Int, filter: BeerFilter = BeerFilter()) -> [ScoredBeer] {
        let s = SimilarityScorer(catalogue: c)
        return (0..<c.count).filter { !query.beers.contains($0) && filter.passes($0, c.features) }
            .map { ScoredBeer(index: Int32($0), id: c.ids[$0], score: s.score($0, query)) }
            .sorted(by: >).prefix(k).map { $0 }
    }

    /// Weights that exercise every part alone and together.
    static let weightSets: [ScoringWeights] = [
        .standard, ScoringWeights(abv: 1, ibu: 0, ebc: 2, food: 0), ScoringWeights(abv: 0, ibu: 0, ebc: 0, food: 1),
        ScoringWeights(abv: 0, ibu: 0, ebc: 0, yeast: 1), ScoringWeights(abv: 0, ibu: 0, ebc: 0, hops: 1, malt: 1),
        ScoringWeights(abv: 1, ibu: 1, ebc: 1, method: 2),
    ]

    /// Both ways of summing token weights: the portable lane masks, and the AVX-512
    /// masked adds where this processor has them (elsewhere the portable path twice).
    static let maskedSums = [false, SimilarityScorer.processorHasMaskedSums]

    @Test(arguments: [UInt64(1), 2, 3], maskedSums)
    func parallelEqualsSerialEqualsReference(seed: UInt64, maskedSums: Bool) {
        // With recipes from seed 2 on: every part counts, and slots are dropped part by part.
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 3_003, seed: seed, recipes: seed != 1))
        var rng = SplitMix64(seed: seed)
        // 3 groups of 16 blocks: stripes that skip between their groups.
        let scorer = SimilarityScorer(catalogue: c, parallelThreshold: 0, maskedSums: maskedSums)
        var strong = BeerFilter()
        strong.greaterThan[.abv] = 9
        for weights in Self.weightSets {
            for filter in [BeerFilter(), strong] {
                for k in [1, 25] {
                    let q = Int(rng.next() % UInt64(c.count))
                    let serial = scorer.topK(like: q, weights: weights, k: k, filter: filter, excluding: q, execution: .serial)
                    let parallel = scorer.topK(
                        like: q, weights: weights, k: k, filter: filter, excluding: q, execution: .parallel)
                    #expect(serial == parallel)
                    // Same beers and bit-identical scores: the skipped blocks could not have
                    // entered, and `explain` does the block loops' operations in their order.
                    #expect(serial == reference(c, q, weights, k: k, filter: filter))
                }
            }
        }
    }

    @Test(arguments: [UInt64(4), 5], maskedSums)
    func severalBeersAndDislikesAreExactToo(seed: UInt64, maskedSums: Bool) {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 3_003, seed: seed, recipes: seed == 5))
        var rng = SplitMix64(seed: seed)
        let scorer = SimilarityScorer(catalogue: c, parallelThreshold: 0, maskedSums: maskedSums)
        func pick() -> Int { Int(rng.next() % UInt64(c.count)) }
        for weights in Self.weightSets {
            for query in [
                LikeQuery(liked: [pick(), pick(), pick()], weights: weights),
                LikeQuery(liked: [pick()], disliked: [pick()], weights: weights),
                LikeQuery(liked: [pick(), pick()], disliked: [pick(), pick()], weights: weights),
            ] {
                let serial = scorer.topK(query, k: 20, excluding: query.beers, execution: .serial)
                let parallel = scorer.topK(query, k: 20, excluding: query.beers, execution: .parallel)
                #expect(serial == parallel)
                #expect(serial == reference(c, query, k: 20))
                let bounds = scorer.blockBounds(query)
                for b in 0..<c.blocks.blockCount {
                    for beer in c.blocks.beers(inBlock: b) where scorer.score(beer, query) > bounds[b] {
                        Issue.record("beer \(beer) scores above its block's bound for \(query.liked) not \(query.disliked)")
                    }
                }
            }
        }
    }

    @Test(arguments: [false, true])
    func dislikeFloorsAreNeverAboveTheSimilarities(recipes: Bool) {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 2_000, seed: 13, recipes: recipes))
        let scorer = SimilarityScorer(catalogue: c)
        var rng = SplitMix64(seed: 7)
        var above = 0
        var positive = 0
        for weights in Self.weightSets {
            let liked = Int(rng.next() % UInt64(c.count))
            let disliked = [Int(rng.next() % UInt64(c.count)), Int(rng.next() % UInt64(c.count))]
            let floors = scorer.dislikeFloors(LikeQuery(liked: [liked], disliked: disliked, weights: weights))
            for b in 0..<c.blocks.blockCount {
                for beer in c.blocks.beers(inBlock: b) {
                    for (j, d) in disliked.enumerated() {
                        if floors[b][j] > 0 { positive += 1 }
                        if scorer.score(beer, like: d, weights: weights) < floors[b][j] { above += 1 }
                    }
                }
            }
        }
        #expect(above == 0)
        // The floors say something: most beers have one above 0.
        #expect(positive > 2_000)
    }

    @Test(arguments: [false, true], maskedSums)
    func blockBoundsAreNeverBelowTheirScores(recipes: Bool, maskedSums: Bool) {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 2_000, seed: 11, recipes: recipes))
        let scorer = SimilarityScorer(catalogue: c, maskedSums: maskedSums)
        let blocks = c.blocks
        var rng = SplitMix64(seed: 5)
        for weights in Self.weightSets {
            for _ in 0..<3 {
                let q = Int(rng.next() % UInt64(c.count))
                let bounds = scorer.blockBounds(like: q, weights: weights)
                #expect(bounds.count == blocks.blockCount)
                var below = 0
                for b in 0..<blocks.blockCount {
                    for beer in blocks.beers(inBlock: b) where scorer.score(beer, like: q, weights: weights) > bounds[b] {
                        below += 1
                    }
                }
                #expect(below == 0)
                let groups = scorer.groupBounds(like: q, weights: weights)
                for g in groups.indices {
                    let members = g * FeatureBlocks.groupWidth..<min((g + 1) * FeatureBlocks.groupWidth, blocks.blockCount)
                    #expect(members.allSatisfy { bounds[$0] <= groups[g] })
                }
            }
        }
    }

    @Test(arguments: [false, true], maskedSums)
    func theFilterNeverStopsABlockWithABeerThatReaches(recipes: Bool, maskedSums: Bool) {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 5_000, seed: 21, recipes: recipes))
        let scorer = SimilarityScorer(catalogue: c, maskedSums: maskedSums)
        var rng = SplitMix64(seed: 9)
        var stopped = 0
        for weights in Self.weightSets {
            let q = Int(rng.next() % UInt64(c.count))
            let scores = (0..<c.count).map { scorer.score($0, like: q, weights: weights) }
            let tenth = scores.sorted(by: >)[10]
            for threshold in [tenth, tenth * 0.9, 0.5] {
                let (gathered, read) = scorer.filterPasses(like: q, weights: weights, threshold: threshold)
                // The words gathered a group at a time are the words read block by block.
                #expect(gathered == read)
                for b in 0..<c.blocks.blockCount where c.blocks.beers(inBlock: b).contains(where: { scores[$0] >= threshold }) {
                    #expect(gathered[b], "block \(b) stopped for beer \(q) at \(threshold) with \(weights)")
                }
                stopped += gathered.filter { !$0 }.count
            }
        }
        // And it stops blocks: the test would pass for a filter that stops none.
        #expect(stopped > c.blocks.blockCount)
    }

    @Test func boundsRuleOutMostBlocksOfALargeCatalogue() {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 40_000, seed: 12))
        let scorer = SimilarityScorer(catalogue: c)
        // Numeric only: a box bound assumes a perfect food match, so it says little for
        // the combined score (which the per-block numeric check then filters).
        let weights = ScoringWeights(abv: 1, ibu: 1, ebc: 1, food: 0)
        for q in [7, 20_000, 39_999] {
            let bounds = scorer.blockBounds(like: q, weights: weights)
            let kth = scorer.topK(like: q, weights: weights, k: 10, excluding: q).last!.score
            let kept = bounds.filter { $0 >= kth }.count
            #expect(kept * 8 < bounds.count, "\(kept) of \(bounds.count) blocks kept for beer \(q)")
            let groups = scorer.groupBounds(like: q, weights: weights)
            #expect(groups.filter { $0 >= kth }.count * 2 < groups.count)
        }
    }

    @Test func aBlockSharingNoQueryTokenIsBoundedAtNothingForThatPart() {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 6_000, seed: 15, recipes: true))
        let scorer = SimilarityScorer(catalogue: c)
        var checked = 0
        // One set part alone: the bound of a block none of whose beers shares a query token is
        // (padded) 0, and of any block at most what its shared tokens can give.
        for (weights, tokens) in [
            (ScoringWeights(abv: 0, ibu: 0, ebc: 0, food: 1), { (b: Int) in Set(c.food.concepts(ofBeer: b)) }),
            (
                ScoringWeights(abv: 0, ibu: 0, ebc: 0, hops: 1),
                { (b: Int) in Set(c.recipe.tokens(ofBeer: b).filter { c.recipe.kinds[Int($0)].part == .hops }) }
            ),
        ] {
            for q in [3, 2_500, 5_999] {
                let bounds = scorer.blockBounds(like: q, weights: weights)
                let mine = tokens(q)
                for b in 0..<c.blocks.blockCount
                where c.blocks.beers(inBlock: b).allSatisfy({ tokens($0).isDisjoint(with: mine) }) {
                    checked += 1
                    #expect(bounds[b] < 1e-3, "block \(b) bounded at \(bounds[b]) for beer \(q)")
                }
            }
        }
        #expect(checked > 0)
    }

    @Test func blocksHoldEveryBeerOnceWithOneMask() {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 5_000, seed: 3))
        let blocks = c.blocks
        var seen = [Int](repeating: 0, count: c.count)
        for b in 0..<blocks.blockCount {
            let beers = blocks.beers(inBlock: b)
            #expect(!beers.isEmpty)
            #expect(Set(beers.map { c.features.mask[$0] }).count == 1)
            for beer in beers { seen[beer] += 1 }
        }
        #expect(seen.allSatisfy { $0 == 1 })
    }

    @Test func blocksHoldOneYeastEachUnlessTheirYeastsAreRare() {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 6_000, seed: 13, recipes: true))
        let yeast = (0..<c.count).map { Array(c.recipe.yeastTokens(ofBeer: $0)) }
        var uses: [[Int32]: Int] = [:]
        for y in yeast { uses[y, default: 0] += 1 }
        #expect(uses.values.filter { $0 >= FeatureBlocks.width }.count >= 3)
        var mixed = 0
        for b in 0..<c.blocks.blockCount {
            let lists = Set(c.blocks.beers(inBlock: b).map { yeast[$0] })
            guard lists.count > 1 else { continue }
            mixed += 1
            // Only yeasts too rare to fill a block are pooled.
            #expect(lists.allSatisfy { uses[$0]! < FeatureBlocks.width }, "block \(b) mixes common yeasts")
        }
        #expect(mixed * 10 < c.blocks.blockCount)
    }

    @Test func groupsOfAnUnrelatedYeastAreRuledOutWhole() {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 20_000, seed: 14, recipes: true))
        let scorer = SimilarityScorer(catalogue: c)
        let yeast = (0..<c.count).map { Set(c.recipe.yeastTokens(ofBeer: $0)) }
        // Weights where the yeast counts for much: a group of another yeast then cannot
        // reach the k-th best.
        let weights = ScoringWeights(abv: 1, ibu: 1, ebc: 1, food: 1, yeast: 3, hops: 0.25, malt: 0.5, method: 0.25)
        var checked = 0
        for q in [5, 10_000, 19_999] {
            let kth = scorer.topK(like: q, weights: weights, k: 10, excluding: q).last!.score
            let groups = scorer.groupBounds(like: q, weights: weights)
            for g in groups.indices {
                let beers = (g * FeatureBlocks.groupWidth..<min((g + 1) * FeatureBlocks.groupWidth, c.blocks.blockCount))
                    .flatMap { c.blocks.beers(inBlock: $0) }
                // Every beer has one yeast, sharing no token with the query's.
                guard let one = beers.first.map({ yeast[$0] }), !one.isEmpty, one.isDisjoint(with: yeast[q]),
                    beers.allSatisfy({ yeast[$0] == one })
                else { continue }
                checked += 1
                #expect(groups[g] < kth, "group \(g) kept for beer \(q)")
            }
        }
        #expect(checked > 0)
    }

    @Test func missingValuesAreSkippedNotZero() {
        let c = Fixtures.catalogue
        let s = SimilarityScorer(catalogue: c)
        let b = s.explain(2, like: 6, weights: .standard)  // beer 3 has no ibu
        #expect(b.axes[1].scaledDifference == nil)
        #expect(b.axes[0].scaledDifference != nil)
    }

    @Test func twinsAreCappedAndSelfIsExcluded() {
        var beers: [Beer] = (1...6).map { Beer(id: $0, name: "Twin \($0)", abv: 5, ibu: 30, ebc: 10) }
        beers.append(Beer(id: 7, name: "Cousin", abv: 5.2, ibu: 32, ebc: 11))
        let c = Catalogue(beers: beers)
        let r = LikeRecommender(catalogue: c, maxTwins: 2).recommend(like: 0, limit: 5)
        let ids = r.hits.map { c.beers[$0.index].id }
        #expect(!ids.contains(1))
        #expect(ids.filter { $0 <= 6 }.count == 2)
        #expect(ids.contains(7))
        #expect(r.hiddenTwins == 3)
    }

    @Test func twinsBelowTheListAreNotCountedAsLeftOut() {
        // The liked beer's twins share no food with it, so four beers sharing its tacos
        // rank above them: a list of two holds no twin, and none was held back.
        var beers = [Beer(id: 1, name: "Liked", abv: 5, ibu: 30, ebc: 10, foodPairing: ["Chicken tacos"])]
        beers += (2...4).map { Beer(id: $0, name: "Twin \($0)", abv: 5, ibu: 30, ebc: 10, foodPairing: ["Haggis"]) }
        beers += (5...8).map {
            Beer(id: $0, name: "Taco \($0)", abv: 5 + Double($0) / 100, ibu: 30, ebc: 10, foodPairing: ["Chicken tacos"])
        }
        let c = Catalogue(beers: beers)
        let short = LikeRecommender(catalogue: c, maxTwins: 2).recommend(like: 0, limit: 2)
        #expect(short.hits.map { c.beers[$0.index].id } == [5, 6])
        #expect(short.hiddenTwins == 0)
        // A list long enough to reach them holds two and says the third was left out.
        let long = LikeRecommender(catalogue: c, maxTwins: 2).recommend(like: 0, limit: 7)
        #expect(long.hits.map { c.beers[$0.index].id } == [5, 6, 7, 8, 2, 3])
        #expect(long.hiddenTwins == 1)
    }

    @Test func topKBreaksTiesByID() {
        var t = TopK(k: 2)
        for id in [5, 3, 9, 1] { t.offer(ScoredBeer(index: Int32(id), id: Int32(id), score: 1)) }
        #expect(t.sorted().map(\.id) == [1, 3])
    }

    @Test func weightsParseAndRejectNonsense() throws {
        var expected = ScoringWeights.standard
        expected.abv = 2
        expected.food = 0
        #expect(try ScoringWeights(parsing: "abv=2,food=0") == expected)
        #expect(try ScoringWeights(parsing: "numeric,food=1") == ScoringWeights(abv: 1, ibu: 1, ebc: 1, food: 1))
        #expect(try ScoringWeights(parsing: "yeast=1,hops=2,malt=0,method=4").hops == 2)
        #expect(throws: ScoringError.self) { try ScoringWeights(parsing: "hopz=1") }
        #expect(throws: ScoringError.self) { try ScoringWeights(parsing: "yeast=1,numeric") }
        #expect(throws: ScoringError.self) { try ScoringWeights(parsing: "recipe,yeast=0,hops=0,malt=0,method=0") }
        #expect(throws: ScoringError.self) { try ScoringWeights(parsing: "abv=-1") }
    }

    @Test func syntheticCataloguesAreDeterministic() {
        let a = SyntheticCatalogue.beers(count: 500, seed: 7)
        let b = SyntheticCatalogue.beers(count: 500, seed: 7)
        #expect(a == b)
        #expect(Set(a.map(\.name)).count == 500)
        #expect(a != SyntheticCatalogue.beers(count: 500, seed: 8))
    }
}

/// What two beers share in food, as the query beer's pairings say it.
@Suite struct SharedFoodPhraseTests {
    let catalogue = Catalogue(beers: [
        Beer(id: 1, name: "One", foodPairing: ["Spicy carne asada with a pico de gallo sauce", "Lemon cheesecake"]),
        Beer(id: 2, name: "Two", foodPairing: ["Carne asada burrito", "Pico de gallo", "Cheesecake"]),
        Beer(id: 3, name: "Three", foodPairing: ["Spicy carne asada with a pico de gallo sauce"]),
    ])

    func phrases(_ a: Int, _ b: Int) -> [String] {
        let shared = Array(Set(catalogue.food.concepts(ofBeer: a)).intersection(catalogue.food.concepts(ofBeer: b)))
        let pairings = catalogue.beers[a].foodPairing
        return SharedFoodPhrases(pairings: pairings, vocabulary: catalogue.food.vocabulary).phrases(shared)
    }

    /// Words next to each other in a pairing stay one phrase, in the pairing's order,
    /// stop words between them kept ("carne asada", "pico de gallo", not "asada, carne").
    @Test func neighbouringWordsFormOnePhrase() {
        #expect(phrases(0, 1) == ["carne asada", "pico de gallo", "cheesecake"])
    }

    /// A pairing both beers have whole is named as it is written.
    @Test func aWholeSharedPairingIsNamedAsWritten() {
        #expect(phrases(0, 2) == ["Spicy carne asada with a pico de gallo sauce"])
    }
}
