/// One page of a `recommend food` ranking: the ranker's result with only the page's hits,
/// and where they start.
public struct FoodPage: Sendable, Equatable {
    /// The result; `hits` are the page's, `totalMatches` counts every match.
    public var result: FoodRanker.Result
    /// The rank of the first hit, less one.
    public var offset: Int

    /// Hits `rows` (of the page's) as a result of their own, starting at `offset + rows.lowerBound`.
    public func part(_ rows: Range<Int>) -> FoodPage {
        var part = result
        part.hits = Array(result.hits[rows])
        return FoodPage(result: part, offset: offset + rows.lowerBound)
    }
}

extension FoodRanker {
    /// The page `window` of the beers for `text` among those `filter` passes.
    ///
    /// - Throws: ``ScoringError`` for a query with no food words or too many.
    /// - Parameters:
    ///   - text: the dish as typed (`"spicy chicken tacos"`).
    ///   - filter: which beers may be recommended.
    ///   - window: the rows wanted, as an offset and a limit.
    /// - Returns: the page's hits, where they start, and how the query was read.
    public func page(_ text: String, filter: BeerFilter = BeerFilter(), window: PageWindow) throws(ScoringError)
        -> FoodPage
    {
        var result = try rank(text, filter: filter, limit: window.end(count: catalogue.count))
        let start = min(window.start(count: catalogue.count), result.hits.count)
        result.hits.removeFirst(start)
        return FoodPage(result: result, offset: start)
    }
}
