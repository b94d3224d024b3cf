/// Which results of a ranking a front end shows: those from `offset` on, `limit` of them.
///
/// The one paging rule behind the shell's `--limit`/`more` and the API's `page`/`limit`:
/// a window past the end is empty, a limit past the end means the rest, and no sum of
/// the two can overflow.
public struct PageWindow: Sendable, Equatable {
    /// Results skipped before the first shown (0 or more).
    public var offset: Int
    /// Most results shown; nil (or 0) for every result from `offset` on.
    public var limit: Int?

    /// The window of `limit` results after the first `offset`.
    public init(offset: Int = 0, limit: Int?) {
        self.offset = max(offset, 0)
        self.limit = limit.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The window of page `page` (from 1) of `perPage` results.
    public init(page: Int, perPage: Int) {
        let skip = (max(page, 1) - 1).multipliedReportingOverflow(by: max(perPage, 1))
        self.init(offset: skip.overflow ? Int.max : skip.partialValue, limit: perPage)
    }

    /// Where the window starts among `count` results: the offset, at most `count`.
    public func start(count: Int) -> Int { min(offset, count) }

    /// How many ranked results a ranking of `count` must give for the window to be shown:
    /// the results up to its end, never more than `count`.
    public func end(count: Int) -> Int {
        let start = start(count: count)
        guard let limit else { return count }
        return start + min(limit, count - start)
    }
}
