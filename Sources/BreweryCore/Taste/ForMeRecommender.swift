/// `recommend for me`: the catalogue ranked for the user's taste.
///
/// A beer's score is the best, over the beers that pull (``TasteSignals/pulls``), of the
/// pull's weight times the beer's `like` score against it with the poorly rated beers as
/// `--not`: a beer close to one well-rated beer ranks high even when unlike the others
/// (tastes are several), and one close to a disliked beer is pushed down as `like --not`
/// pushes it. The `like` scores weigh most what the pulling beers agree on
/// (``TasteWeights``). Tried beers are left out unless asked for.
///
/// Exact: each pull's own search returns its best `end` beers, and a beer in the overall
/// best `end` is among the best `end` of the pull that gives it its score (every beer
/// above it there scores at least as much overall). The pulls are searched strongest
/// first, each only for beers that could still enter the best `end`: once `end` beers
/// score T, a pull of weight w looks only at like scores from T / w (less a margin for
/// rounding), which rules out most of the catalogue's blocks.
public struct ForMeRecommender: Sendable {
    /// A row names another pull besides the one that scored when the beer's weighted
    /// score against it is at least this share of the row's score.
    public static let alsoCloseShare: Float = 0.9

    /// The catalogue ranked.
    public let catalogue: Catalogue
    let like: LikeRecommender

    /// A recommender over `catalogue`.
    public init(catalogue: Catalogue) {
        self.catalogue = catalogue
        like = LikeRecommender(catalogue: catalogue)
    }

    /// The page `window` of the beers best for `signals` among those `filter` passes,
    /// scored with `weights` (by default those fitted to the pulls, ``TasteWeights``).
    ///
    /// - Precondition: `signals` has at least one pull.
    public func page(
        _ signals: TasteSignals, filter: BeerFilter = BeerFilter(), includeTried: Bool = false,
        weights: ScoringWeights? = nil, window: PageWindow
    ) -> ForMePage {
        precondition(!signals.pulls.isEmpty, "recommend for me needs a beer that pulls")
        let weights = weights ?? TasteWeights.weights(for: signals, catalogue: catalogue)
        let end = window.end(count: catalogue.count)
        let excluded = includeTried ? [] : signals.tried.sorted()
        let disliked = signals.pushes.map(\.index)
        var best: [Int32: (score: ScoredBeer, pull: Int)] = [:]
        var prepared: [LikeRecommender.PreparedQuery] = []
        // The `end`-th best weighted score so far: what a beer must reach to enter (for a
        // page of a few thousand at most; a longer one is ranked whole).
        let pruning = end <= 4_096
        var entry = TopK(k: max(end, 1))
        for (p, pull) in signals.pulls.enumerated() {
            let query = LikeQuery(liked: [pull.index], disliked: disliked, weights: weights)
            var minimum = -Float.infinity
            if pruning, pull.weight > 0, let t = entry.threshold { minimum = t.score / pull.weight * 0.999 }
            let ranking = like.ranking(query, filter: filter, excluding: excluded, limit: end, minimumScore: minimum)
            prepared.append(ranking.prepared)
            for s in ranking.ranked {
                let weighted = ScoredBeer(index: s.index, id: s.id, score: pull.weight * s.score)
                if let b = best[s.index], b.score >= weighted { continue }
                best[s.index] = (weighted, p)
            }
            if pruning {
                entry = TopK(k: max(end, 1))
                for b in best.values { _ = entry.offer(b.score) }
            }
        }
        let ranked = best.values.sorted { $0.score > $1.score }
        let start = min(window.start(count: catalogue.count), ranked.count)
        let shown = ranked[start..<min(end, ranked.count)]
        let rows = shown.map { b in
            // The other pulls it is close to, each scored for this beer alone, so a row
            // names the same pulls on any page.
            let beer = Int(b.score.index)
            let close = b.score.score * Self.alsoCloseShare
            var pulls: [(pull: Int, score: Float)] = [(b.pull, b.score.score)]
            for p in prepared.indices where p != b.pull {
                let weighted: Float = signals.pulls[p].weight * like.score(beer, prepared[p])
                if weighted >= close { pulls.append((p, weighted)) }
            }
            pulls[1...].sort { $0.score != $1.score ? $0.score > $1.score : $0.pull < $1.pull }
            let hit = like.hits([ScoredBeer(index: b.score.index, id: b.score.id, score: b.score.score)][...], prepared[b.pull])[
                0]
            return ForMePage.Row(index: Int(b.score.index), score: b.score.score, pulls: pulls.map(\.pull), hit: hit)
        }
        return ForMePage(signals: signals, weights: weights, offset: start, more: ranked.count > end, rows: rows)
    }
}
