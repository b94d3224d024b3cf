/// The cold-start quiz: a few beers far apart (one style family each where it can, each
/// least like those already asked), whose yes or no tells `recommend for me` where to
/// start.
public enum TasteQuiz {
    /// The most questions a quiz asks.
    public static let maximumQuestions = 8
    /// The rating a "yes" stores.
    public static let yes = 4.0
    /// The rating a "no" stores.
    public static let no = 1.0
    /// The beers considered: spread evenly over the catalogue, so a large one costs no more.
    static let candidates = 600

    /// Up to `count` beers to ask about, none of them in `rated`: ordinary beers (abv, ibu
    /// and ebc stated, abv 3–12 %), the first of the most common style family, then each
    /// the least like every beer chosen before it, a new family while any is left.
    /// Deterministic for a catalogue.
    public static func questions(_ catalogue: Catalogue, rated: Set<Int>, count: Int = maximumQuestions) -> [Int] {
        let n = catalogue.count
        guard n > 0, count > 0 else { return [] }
        let step = max(1, n / candidates)
        let pool = stride(from: 0, to: n, by: step).filter { i in
            guard !rated.contains(i) else { return false }
            let b = catalogue.beers.basics(at: i)
            guard let abv = b.abv, b.ibu != nil, b.ebc != nil else { return false }
            return (3...12).contains(abv)
        }
        guard !pool.isEmpty else { return [] }
        let families = pool.map { catalogue.recipe.style(ofBeer: $0) }
        var tally: [BeerStyle: Int] = [:]
        for f in families.compactMap({ $0 }) { tally[f, default: 0] += 1 }
        let common = tally.max { $0.value != $1.value ? $0.value < $1.value : $0.key.rawValue > $1.key.rawValue }?.key
        let scorer = LikeRecommender(catalogue: catalogue).scorer
        var chosen = [pool.indices.first { families[$0] == common } ?? 0]
        // Each candidate's highest similarity to a chosen beer, kept up to date.
        var closest = [Float](repeating: -1, count: pool.count)
        while chosen.count < min(count, pool.count) {
            let plan = QueryPlan(pool[chosen[chosen.count - 1]], weights: .standard, catalogue: catalogue)
            for c in pool.indices {
                closest[c] = max(closest[c], scorer.similarity(pool[c], plan, recording: false).score)
            }
            let asked = Set(chosen.map { families[$0] })
            let fresh = pool.indices.contains { !chosen.contains($0) && !asked.contains(families[$0]) }
            var best: Int?
            for c in pool.indices where !chosen.contains(c) && (!fresh || !asked.contains(families[c])) {
                if let b = best, closest[b] <= closest[c] { continue }
                best = c
            }
            guard let best else { break }
            chosen.append(best)
        }
        return chosen.map { pool[$0] }
    }
}
