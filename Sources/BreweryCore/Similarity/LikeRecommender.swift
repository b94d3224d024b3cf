/// `recommend like`: the beers most similar to one beer, with reasons.
///
/// Wraps ``SimilarityScorer`` with what a user expects of a list: the query beer itself
/// is left out, and beers with exactly the query's abv, ibu and ebc (a recipe series such
/// as the Punk IPA variants) are capped at ``maxTwins`` so they cannot crowd out
/// everything else; how many were held back is reported.
public struct LikeRecommender: Sendable {
    /// One recommended beer.
    public struct Hit: Sendable, Equatable {
        public var index: Int
        public var score: Float
        public var breakdown: SimilarityBreakdown
    }

    /// The recommendation.
    public struct Result: Sendable, Equatable {
        /// The query beer's index.
        public var query: Int
        public var hits: [Hit]
        /// Beers with the query's exact abv/ibu/ebc left out by the cap.
        public var hiddenTwins: Int
    }

    /// The scorer used.
    package let scorer: SimilarityScorer
    /// At most this many beers with the query's exact abv/ibu/ebc are listed.
    public var maxTwins: Int

    /// Creates a recommender.
    public init(catalogue: Catalogue, maxTwins: Int = 2) {
        scorer = SimilarityScorer(catalogue: catalogue)
        self.maxTwins = maxTwins
    }

    /// The `limit` beers most like beer `index`, best first.
    public func recommend(
        like index: Int, weights: ScoringWeights = .standard, filter: BeerFilter = BeerFilter(), limit: Int = 10
    ) -> Result {
        recommend(like: index, weights: weights, filter: filter, limit: limit, execution: .automatic)
    }

    /// The same, scored serially or in parallel as `execution` says.
    package func recommend(
        like index: Int, weights: ScoringWeights, filter: BeerFilter, limit: Int, execution: SimilarityScorer.Execution
    ) -> Result {
        let catalogue = scorer.catalogue
        precondition(catalogue.beers.indices.contains(index), "query beer index out of range")
        let limit = max(0, min(limit, catalogue.count))
        var extra = 8
        while true {
            let k = min(limit + extra, catalogue.count)
            let top = scorer.topK(like: index, weights: weights, k: k, filter: filter, excluding: index, execution: execution)
            var hits: [Hit] = []
            var twins = 0
            var hidden = 0
            for s in top {
                let i = Int(s.index)
                if isTwin(i, of: index) {
                    twins += 1
                    if twins > maxTwins {
                        hidden += 1
                        continue
                    }
                }
                if hits.count < limit {
                    hits.append(Hit(index: i, score: s.score, breakdown: scorer.explain(i, like: index, weights: weights)))
                }
            }
            if hits.count >= limit || top.count < k || k >= catalogue.count {
                return Result(query: index, hits: hits, hiddenTwins: hidden)
            }
            extra *= 4
        }
    }

    /// Whether two beers have identical abv, ibu and ebc (all present).
    public func isTwin(_ a: Int, of b: Int) -> Bool {
        // Equal values have equal single-precision features: most pairs are told apart
        // there, without decoding either beer.
        let f = scorer.catalogue.features
        if f.mask[a] == 7, f.mask[b] == 7, !(0..<3).allSatisfy({ f.raw[$0][a] == f.raw[$0][b] }) { return false }
        let x: Beer = scorer.catalogue.beers[a]
        let y: Beer = scorer.catalogue.beers[b]
        guard let abv = x.abv, let ibu = x.ibu, let ebc = x.ebc else { return false }
        return abv == y.abv && ibu == y.ibu && ebc == y.ebc
    }
}
