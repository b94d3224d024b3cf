/// `recommend like`: the beers most similar to one or more beers, with reasons.
///
/// Wraps ``SimilarityScorer`` with what a user expects of a list: the query beers (liked
/// and disliked) and any excluded beers are left out, and beers with exactly a liked
/// beer's abv, ibu and ebc (a recipe series such as the Punk IPA variants) are capped at
/// ``maxTwins`` so they cannot crowd out everything else; how many were held back is
/// reported.
public struct LikeRecommender: Sendable {
    /// One recommended beer.
    public struct Hit: Sendable, Equatable {
        /// The beer's index in the catalogue.
        public var index: Int
        /// Its score in [0, 1] (see ``LikeQuery``).
        public var score: Float
        /// The breakdown against the liked beer it is most like.
        public var breakdown: SimilarityBreakdown
        /// That liked beer's index.
        public var closestLiked: Int
        /// Its similarity to each liked beer, in the query's order.
        public var likedScores: [Float]
        /// The disliked beer it is most like and its similarity to it, if any were given.
        public var closestDisliked: (index: Int, score: Float)?

        public static func == (a: Hit, b: Hit) -> Bool {
            a.index == b.index && a.score == b.score && a.breakdown == b.breakdown && a.closestLiked == b.closestLiked
                && a.likedScores == b.likedScores && a.closestDisliked?.index == b.closestDisliked?.index
                && a.closestDisliked?.score == b.closestDisliked?.score
        }
    }

    /// The recommendation.
    public struct Result: Sendable, Equatable {
        /// The query.
        public var query: LikeQuery
        /// The recommended beers, best first; ties by catalogue order.
        public var hits: [Hit]
        /// Beers with a liked beer's exact abv/ibu/ebc left out by the cap.
        public var hiddenTwins: Int

        /// A result of `hits` for `query`.
        package init(query: LikeQuery, hits: [Hit], hiddenTwins: Int) {
            self.query = query
            self.hits = hits
            self.hiddenTwins = hiddenTwins
        }
    }

    /// The scorer used.
    package let scorer: SimilarityScorer
    /// At most this many beers with a liked beer's exact abv/ibu/ebc are listed.
    public var maxTwins: Int

    /// The twins listed by default: a series brewed from one recipe with one thing changed
    /// (a yeast, a hop) is what a drinker of one compares first, yet it should not fill a
    /// list of ten (nine beers share Hello My Name Is Helga's numbers).
    public static let defaultMaxTwins = 4

    /// Creates a recommender.
    public init(catalogue: Catalogue, maxTwins: Int = defaultMaxTwins) {
        scorer = SimilarityScorer(catalogue: catalogue)
        self.maxTwins = maxTwins
    }

    /// The query for the beers `liked` and `disliked` (catalogue indexes): with `weights`
    /// when given; else, for several liked beers, the standard weights fitted to what they
    /// share (``TasteWeights``), and for one, the standard weights. (A query of more than
    /// ``LikeQuery/maximumBeers`` beers, which front ends refuse, is not fitted.)
    public func query(liked: [Int], disliked: [Int] = [], weights: ScoringWeights?) -> LikeQuery {
        var query = LikeQuery(liked: liked, disliked: disliked, weights: weights ?? .standard)
        if weights == nil, query.liked.count >= 2, query.beers.count <= LikeQuery.maximumBeers {
            query.weights = TasteWeights.weights(liked: query.liked, catalogue: scorer.catalogue)
            query.weightsFitted = true
        }
        return query
    }

    /// The `limit` beers most like beer `index`, best first.
    ///
    /// - Parameters:
    ///   - index: the liked beer's catalogue index.
    ///   - weights: how much each part of the similarity counts.
    ///   - filter: which beers may be recommended.
    ///   - limit: the most hits returned.
    /// - Returns: the hits with their reasons.
    public func recommend(
        like index: Int, weights: ScoringWeights = .standard, filter: BeerFilter = BeerFilter(), limit: Int = 10
    ) -> Result {
        recommend(LikeQuery(liked: [index], weights: weights), filter: filter, limit: limit)
    }

    /// The `limit` beers best for `query`, best first, leaving out the query's beers and
    /// `excluding`.
    ///
    /// - Parameters:
    ///   - query: the liked and disliked beers (catalogue indexes) and the weights.
    ///   - filter: which beers may be recommended.
    ///   - excluding: beers never to recommend, by index.
    ///   - limit: the most hits returned.
    /// - Returns: the hits with their reasons, and how many twins were held back.
    public func recommend(
        _ query: LikeQuery, filter: BeerFilter = BeerFilter(), excluding: [Int] = [], limit: Int = 10
    ) -> Result {
        recommend(query, filter: filter, excluding: excluding, limit: limit, execution: .automatic)
    }

    /// The same, scored serially or in parallel as `execution` says.
    package func recommend(
        _ query: LikeQuery, filter: BeerFilter, excluding: [Int] = [], limit: Int, execution: SimilarityScorer.Execution
    ) -> Result {
        let r = ranking(query, filter: filter, excluding: excluding, limit: limit, execution: execution)
        return Result(query: query, hits: hits(r.ranked[...], r.prepared), hiddenTwins: r.hiddenTwins)
    }

    /// A query's beers made ready once (their plans), for its search and for explaining
    /// its results.
    package struct PreparedQuery: Sendable {
        /// The query.
        package let query: LikeQuery
        /// The query beers' plans, liked first.
        let plans: [QueryPlan]

        init(_ query: LikeQuery, catalogue: Catalogue) {
            self.query = query
            plans = query.beers.map { QueryPlan($0, weights: query.weights, catalogue: catalogue) }
        }
    }

    /// The ranking alone, best first: beer indexes and scores, no breakdowns, with at
    /// most ``maxTwins`` twins of a liked beer (how many more were left out is
    /// `hiddenTwins`), and the query made ready, with which a long result is explained
    /// a part at a time (``hits(_:_:)``).
    /// With a `minimumScore`, beers below it are not looked for (a caller that needs only
    /// those above it: `recommend for me`).
    package func ranking(
        _ query: LikeQuery, filter: BeerFilter, excluding: [Int] = [], limit: Int,
        execution: SimilarityScorer.Execution = .automatic, minimumScore: Float = -.infinity
    ) -> (ranked: [ScoredBeer], hiddenTwins: Int, prepared: PreparedQuery) {
        let catalogue = scorer.catalogue
        precondition(
            !query.liked.isEmpty && query.beers.allSatisfy { catalogue.beers.indices.contains($0) },
            "query beer index out of range")
        let prepared = PreparedQuery(query, catalogue: catalogue)
        let left = Set(query.beers + excluding).filter { catalogue.beers.indices.contains($0) }
        let limit = max(0, min(limit, catalogue.count - left.count))
        // The top `limit` first: only when twins beyond ``maxTwins`` were held back out of
        // it is the search run again for more (a larger k lowers the k-th best score, so
        // every query asking for spares would search more blocks).
        var extra = 0
        while true {
            let k = min(limit + extra, catalogue.count)
            let top = scorer.topK(
                query, k: k, filter: filter, excluding: Array(left), execution: execution, plans: prepared.plans,
                minimumScore: minimumScore)
            var ranked: [ScoredBeer] = []
            var twins = 0
            var hidden = 0
            for s in top {
                let i = Int(s.index)
                if query.liked.contains(where: { isTwin(i, of: $0) }) {
                    twins += 1
                    if twins > maxTwins {
                        hidden += 1
                        continue
                    }
                }
                if ranked.count < limit { ranked.append(s) }
            }
            if ranked.count >= limit || top.count < k || k >= catalogue.count { return (ranked, hidden, prepared) }
            extra = max(extra * 4, 8)
        }
    }

    /// The details of ranked beers (part of a ``ranking(_:filter:excluding:limit:execution:)``),
    /// with the query the ranking made ready.
    package func hits(_ ranked: ArraySlice<ScoredBeer>, _ prepared: PreparedQuery) -> [Hit] {
        // Each query beer's plan and record are made once for all the results.
        let catalogue = scorer.catalogue
        let query = prepared.query
        let liked = zip(query.liked, prepared.plans).map {
            SimilarityScorer.Explained($0, weights: query.weights, plan: $1, catalogue: catalogue)
        }
        let disliked = prepared.plans[query.liked.count...]
        HitPrefetch.read(ranked.map { Int($0.index) }, in: catalogue)
        return ranked.map { s in
            let i = Int(s.index)
            // Each liked beer's score; then the closest one's parts, which explain the result.
            let likedScores =
                liked.count == 1 ? [] : liked.map { scorer.similarity(i, $0.plan, recording: false).score }
            // The first of the most similar liked beers.
            let best =
                likedScores.indices.max {
                    likedScores[$0] != likedScores[$1] ? likedScores[$0] < likedScores[$1] : $0 > $1
                } ?? 0
            let closest = scorer.similarity(i, liked[best].plan)
            let dislikedScores = zip(query.disliked, disliked).map {
                ($0, scorer.similarity(i, $1, recording: false).score)
            }
            let worst = dislikedScores.max { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 > $1.0 }
            return Hit(
                index: i, score: s.score, breakdown: scorer.explain(i, like: liked[best], computed: closest),
                closestLiked: query.liked[best],
                likedScores: liked.count == 1 ? [closest.score] : likedScores,
                closestDisliked: worst.map { (index: $0.0, score: $0.1) })
        }
    }

    /// The score of the beer at `index` for a prepared query, as its search scores it.
    package func score(_ index: Int, _ prepared: PreparedQuery) -> Float {
        scorer.score(index, prepared.query, plans: prepared.plans)
    }

    /// Whether two beers have identical abv, ibu and ebc (all present).
    public func isTwin(_ a: Int, of b: Int) -> Bool {
        // Equal values have equal single-precision features: most pairs are told apart
        // there, without decoding either beer.
        let f = scorer.catalogue.features
        if f.mask[a] == 7, f.mask[b] == 7, !(0..<3).allSatisfy({ f.raw[$0][a] == f.raw[$0][b] }) { return false }
        let x = scorer.catalogue.beers.basics(at: a)
        let y = scorer.catalogue.beers.basics(at: b)
        guard let abv = x.abv, let ibu = x.ibu, let ebc = x.ebc else { return false }
        return abv == y.abv && ibu == y.ibu && ebc == y.ebc
    }
}
