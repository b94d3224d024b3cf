/// The weights `recommend for me`, and `recommend like` with several beers, score with:
/// the standard `like` weights, with each part besides the numbers scaled by how much the
/// liked beers agree on it.
///
/// Three liked imperial IPAs that share their style words and hops but not their yeast say
/// that style and hops are what the user likes; a part on which the liked beers differ as
/// much as any two beers of the catalogue says little. So a part's weight is multiplied
/// by (a + 0.05) / (c + 0.05), clamped to ``lowest``…``highest``, where a is the mean
/// similarity on that part over the ordered pairs of liked beers that both have it and
/// c the same mean over a fixed sample of the catalogue's pairs. The numeric part keeps
/// its weight (strength, bitterness and colour always count). With fewer than two liked
/// beers, or a part no pair of them shares, the standard weight stays.
///
/// Depends only on the liked beers and the catalogue, so the same beers always get the
/// same weights, and the search stays exact (the weights are the query's, as `--weights`
/// are).
public enum TasteWeights {
    /// The smallest multiplier of a part's weight.
    public static let lowest: Float = 0.25
    /// The largest multiplier of a part's weight.
    public static let highest: Float = 8
    /// Added to both means, so parts rarely shared (food, hops) are not scaled by noise.
    static let smoothing: Float = 0.05
    /// How many catalogue beers the sample starts from, and how many partners each has.
    static let sampleAnchors = 64
    static let samplePartners = 16
    /// The parts whose weight is fitted.
    static let fitted: [SimilarityPart] = [.method, .food, .yeast, .hops, .malt, .style]

    /// The weights for the beers that pull in `signals`, on `catalogue`.
    public static func weights(for signals: TasteSignals, catalogue: Catalogue) -> ScoringWeights {
        weights(liked: signals.pulls.map(\.index), catalogue: catalogue)
    }

    /// The weights for the beers `liked` (catalogue indexes, each once), on `catalogue`.
    public static func weights(liked beers: [Int], catalogue: Catalogue) -> ScoringWeights {
        var weights = ScoringWeights.standard
        guard beers.count >= 2 else { return weights }
        let liked = meanSimilarities(pairs(among: beers), catalogue: catalogue)
        let usual = catalogue.typicalPartSimilarities
        for part in fitted {
            guard let a = liked[part.rawValue], let c = usual[part.rawValue] else { continue }
            let m = min(highest, max(lowest, (a + smoothing) / (c + smoothing)))
            weights.scale(part, by: m)
        }
        return weights
    }

    /// Every ordered pair of distinct beers of `beers`, grouped by the first.
    static func pairs(among beers: [Int]) -> [(beer: Int, others: [Int])] {
        beers.map { b in (b, beers.filter { $0 != b }) }
    }

    /// The mean similarity on each part (by ``SimilarityPart`` raw value) over the pairs
    /// that both have the part; nil for a part no pair shares.
    static func meanSimilarities(_ pairs: [(beer: Int, others: [Int])], catalogue: Catalogue) -> [Float?] {
        let scorer = SimilarityScorer(catalogue: catalogue)
        var sums = [Float](repeating: 0, count: SimilarityPart.allCases.count)
        var counts = [Int](repeating: 0, count: SimilarityPart.allCases.count)
        for (beer, others) in pairs where !others.isEmpty {
            let plan = QueryPlan(beer, weights: .standard, catalogue: catalogue)
            for other in others {
                for (p, s) in scorer.similarity(other, plan).parts.enumerated() {
                    guard let s else { continue }
                    sums[p] += s
                    counts[p] += 1
                }
            }
        }
        return zip(sums, counts).map { $1 > 0 ? $0 / Float($1) : nil }
    }

    /// The mean similarity on each part over a fixed sample of the catalogue's pairs:
    /// ``sampleAnchors`` beers spread evenly over it, each against ``samplePartners`` others
    /// spread evenly from it.
    static func catalogueMeans(_ catalogue: Catalogue) -> [Float?] {
        let n = catalogue.count
        guard n >= 2 else { return [Float?](repeating: nil, count: SimilarityPart.allCases.count) }
        let anchors = Set((0..<min(n, sampleAnchors)).map { $0 * n / min(n, sampleAnchors) }).sorted()
        let partners = min(n - 1, samplePartners)
        let pairs = anchors.map { a in
            (beer: a, others: (1...partners).map { (a + $0 * (n - 1) / partners) % n }.filter { $0 != a })
        }
        return meanSimilarities(pairs, catalogue: catalogue)
    }
}
