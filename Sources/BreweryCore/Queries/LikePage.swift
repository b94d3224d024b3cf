/// One page of a `recommend like` ranking: what the shell, the server and the web page
/// show of it.
///
/// The ranking is made at once; each row's reasons are worked out only when asked for
/// (``result(rows:)``), so a long page is explained a part at a time as it is written.
public struct LikePage: Sendable {
    /// The query ranked.
    public var query: LikeQuery { prepared.query }
    /// The rank of the first row, less one.
    public let offset: Int
    /// Whether the ranking goes on after this page.
    public let more: Bool
    /// Beers with exactly a liked beer's abv/ibu/ebc held back by the twins cap.
    public let hiddenTwins: Int
    /// The beers left out on request, each once, by index.
    public let excluded: [Int]
    /// The rows, best first.
    let ranked: ArraySlice<ScoredBeer>
    let prepared: LikeRecommender.PreparedQuery
    let recommender: LikeRecommender

    /// The number of rows.
    public var count: Int { ranked.count }

    /// Rows `rows` (of `0..<count`) with their reasons.
    public func result(rows: Range<Int>) -> LikeRecommender.Result {
        let part = ranked[(ranked.startIndex + rows.lowerBound)..<(ranked.startIndex + rows.upperBound)]
        return LikeRecommender.Result(query: query, hits: recommender.hits(part, prepared), hiddenTwins: hiddenTwins)
    }

    /// Every row with its reasons.
    public var result: LikeRecommender.Result { result(rows: 0..<count) }
}

extension LikeRecommender {
    /// The page `window` of the beers best for `query` among those `filter` passes,
    /// leaving out the query's beers and `excluding`.
    ///
    /// - Complexity: ranks only as far as the window ends.
    /// - Parameters:
    ///   - query: the liked and disliked beers (catalogue indexes) and the weights.
    ///   - filter: which beers may be recommended.
    ///   - excluding: beers never to recommend (already tried), by index.
    ///   - window: the rows wanted, as an offset and a limit.
    /// - Returns: the page's rows, whether more follow, and how many twins were held back.
    public func page(_ query: LikeQuery, filter: BeerFilter = BeerFilter(), excluding: [Int] = [], window: PageWindow)
        -> LikePage
    {
        let count = scorer.catalogue.count
        let end = window.end(count: count)
        let ranking = ranking(query, filter: filter, excluding: excluding, limit: end)
        let start = min(window.start(count: count), ranking.ranked.count)
        // A full window may have more after it; a short one has not.
        let left = Set(query.beers + excluding).count
        let more = ranking.ranked.count == end && end < count - left
        return LikePage(
            offset: start, more: more, hiddenTwins: ranking.hiddenTwins, excluded: Array(Set(excluding)).sorted(),
            ranked: ranking.ranked[start...],
            prepared: ranking.prepared, recommender: self)
    }
}
