/// One page of a name search: the page's matches, where they start, and how many matched.
public struct SearchPage: Sendable, Equatable {
    /// The page's matches, best first.
    public var hits: [NameSearch.Hit]
    /// The rank of the first match, less one.
    public var offset: Int
    /// Names that matched in all.
    public var total: Int

    /// Matches `rows` (of the page's) as a page of their own.
    public func part(_ rows: Range<Int>) -> SearchPage {
        SearchPage(hits: Array(hits[rows]), offset: offset + rows.lowerBound, total: total)
    }
}

extension NameSearch {
    /// The page `window` of the beers whose names match `text`, among those `filter` passes.
    ///
    /// - Complexity: selects the page among the matches without sorting all of them.
    /// - Parameters:
    ///   - text: a name or part of one, as typed.
    ///   - filter: which beers may be listed.
    ///   - window: the rows wanted, as an offset and a limit.
    /// - Returns: the page's matches, where they start, and how many matched in all.
    public func page(_ text: String, filter: BeerFilter = BeerFilter(), window: PageWindow) -> SearchPage {
        let features = catalogue.features
        let found = search(text, limit: window.end(count: catalogue.count)) { filter.passes($0, features) }
        let start = min(window.start(count: found.total), found.hits.count)
        return SearchPage(hits: Array(found.hits[start...]), offset: start, total: found.total)
    }
}
