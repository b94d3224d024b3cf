import Synchronization

/// Reads ahead what explaining a page of results reads, so the cache misses of different
/// results overlap instead of waiting on each other.
///
/// At a million beers each result's numbers, recipe tokens, pairing concepts and record
/// are far apart in memory: explaining ten results one by one waits for about five
/// misses each, one after the other (an offset, then what it points to). Reading every
/// result's first values before any result's second lets the processor have the misses
/// of all the results in flight at once.
enum HitPrefetch {
    /// Where the sum of what was read goes, so the reads are not optimised away.
    private static let sink = Atomic<Int>(0)

    /// Reads, for each of `beers`, one value from each place
    /// ``SimilarityScorer/similarity(_:_:)`` and ``SimilarityScorer/explain(_:like:computed:)``
    /// read: first the values at the beer's index, then what their offsets point to.
    static func read(_ beers: [Int], in c: Catalogue) {
        guard beers.count > 1 else { return }
        let f = c.features
        let r = c.recipe
        let food = c.food
        var sum = 0
        // First: the values at each beer's index (independent of each other).
        for i in beers {
            sum &+= Int(f.scaled[0][i].bitPattern) &+ Int(f.scaled[1][i].bitPattern) &+ Int(f.scaled[2][i].bitPattern)
            sum &+= Int(f.mask[i]) &+ Int(r.methodMask[i]) &+ Int(r.fermentation[i].bitPattern)
            sum &+= Int(r.dryHopRate[i].bitPattern) &+ Int(food.inverseNorm[i].bitPattern)
            sum &+= Int(r.inverseNorm[0][i].bitPattern) &+ Int(r.inverseNorm[1][i].bitPattern)
            sum &+= Int(r.inverseNorm[2][i].bitPattern)
            sum &+= food.beerConceptStart[i] &+ Int(r.tokenStart[i]) &+ c.beers.recordStart(i)
        }
        // Then what those offsets point to: the concepts, the tokens, the record's first
        // lines (id, name, the texts before abv/ibu/ebc).
        for i in beers {
            let concepts = food.concepts(ofBeer: i)
            if let first = concepts.first { sum &+= Int(first) }
            let tokens = r.tokens(ofBeer: i)
            if let first = tokens.first { sum &+= Int(first) }
            if tokens.count > 16 { sum &+= Int(tokens[tokens.startIndex + 16]) }
            sum &+= c.beers.recordLines(i)
        }
        sink.store(sum, ordering: .relaxed)
    }
}
