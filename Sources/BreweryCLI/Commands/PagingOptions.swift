import ArgumentParser
import BreweryCore

/// `--limit` and the hidden `--offset` of every command that ranks beers: the one paging
/// mechanism behind `--limit`, `more` and a recommender's "N more" line.
struct PagingOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("Most results (default 10, or the shell's 'set limit'; 0 for all).", valueName: "n"),
        completion: .list(limitChoices))
    var limit: Int?

    /// The limits completion offers.
    static let limitChoices = ["5", "10", "20", "0"]

    /// Results to skip: what `more` adds to show the next page.
    @Option(help: .hidden)
    var offset: Int = 0

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        if offset < 0 { throw ValidationError("--offset must be 0 or more") }
    }

    /// The results to show: from the offset, the limit or the session's (`set limit`);
    /// 0 for all.
    func window(_ session: Session) -> PageWindow { PageWindow(offset: offset, limit: limit ?? session.defaultLimit) }
}
