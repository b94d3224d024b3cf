import ArgumentParser

/// `--limit` and the hidden `--offset` of every command that ranks beers: the one paging
/// mechanism behind `--limit`, `more` and a recommender's "N more" line.
struct PagingOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("Most results (default 10, or the shell's 'set limit'; 0 for all).", valueName: "n"),
        completion: .list(["5", "10", "20", "0"]))
    var limit: Int?

    /// Results to skip: what `more` adds to show the next page.
    @Option(help: .hidden)
    var offset: Int = 0

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        if offset < 0 { throw ValidationError("--offset must be 0 or more") }
    }

    /// Where the page starts among `count` results: the offset, at most `count`.
    func start(count: Int) -> Int { min(max(offset, 0), count) }

    /// How many ranked results to ask for so that this page can be shown: the results up
    /// to the end of the page, never more than `count` (a limit above the catalogue's
    /// size means all of it, and no sum can overflow).
    func end(_ session: Session, count: Int) -> Int {
        let limit = max(limit ?? session.defaultLimit, 0)
        let start = start(count: count)
        return limit == 0 ? count : start + min(limit, count - start)
    }
}
