import BreweryCore
import BreweryTestSupport
import Testing

@Suite struct SimilarityTests {
    /// Sort every beer by the single-beer score: the reference the scan must equal.
    func reference(_ c: Catalogue, _ q: Int, _ w: ScoringWeights, k: Int) -> [ScoredBeer] {
        let s = SimilarityScorer(catalogue: c)
        return (0..<c.count).filter { $0 != q }
            .map { ScoredBeer(index: Int32($0), id: c.ids[$0], score: s.score($0, like: q, weights: w)) }
            .sorted(by: >).prefix(k).map { $0 }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func parallelEqualsSerialEqualsReference(seed: UInt64) {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 3_003, seed: seed))
        var rng = SplitMix64(seed: seed)
        let scorer = SimilarityScorer(catalogue: c, chunkSize: 100, parallelThreshold: 0)  // chunks end mid-vector
        for weights in [ScoringWeights.standard, ScoringWeights(abv: 1, ibu: 0, ebc: 2, food: 0)] {
            for _ in 0..<5 {
                let q = Int(rng.next() % UInt64(c.count))
                let serial = scorer.topK(like: q, weights: weights, k: 25, excluding: q, execution: .serial)
                let parallel = scorer.topK(like: q, weights: weights, k: 25, excluding: q, execution: .parallel)
                #expect(serial == parallel)
                // Same beers and bit-identical scores: the vector lanes, the scalar tail and
                // `explain` do the same operations in the same order.
                #expect(serial == reference(c, q, weights, k: 25))
            }
        }
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

    @Test func topKBreaksTiesByID() {
        var t = TopK(k: 2)
        for id in [5, 3, 9, 1] { t.offer(ScoredBeer(index: Int32(id), id: Int32(id), score: 1)) }
        #expect(t.sorted().map(\.id) == [1, 3])
    }

    @Test func weightsParseAndRejectNonsense() throws {
        #expect(try ScoringWeights(parsing: "abv=2,food=0") == ScoringWeights(abv: 2, ibu: 1, ebc: 1, food: 0))
        #expect(throws: ScoringError.self) { try ScoringWeights(parsing: "hops=1") }
        #expect(throws: ScoringError.self) { try ScoringWeights(parsing: "abv=-1") }
    }

    @Test func syntheticCataloguesAreDeterministic() {
        let a = SyntheticCatalogue.beers(count: 500, seed: 7), b = SyntheticCatalogue.beers(count: 500, seed: 7)
        #expect(a == b)
        #expect(Set(a.map(\.name)).count == 500)
        #expect(a != SyntheticCatalogue.beers(count: 500, seed: 8))
    }
}
