import ArgumentParser
import BreweryCore
import BreweryViews

/// `search <text>`: beers by name.
struct Search: SessionCommand, TakesGlobalOptions, PagedCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find beers by name: exact, prefix, word prefix, substring, then typo-tolerant.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var paging: PagingOptions
    @OptionGroup var filters: FilterOptions

    @Argument(help: ArgumentHelp("Text to look for in beer names.", valueName: ArgumentKind.text))
    var text: [String] = []

    func execute(in session: Session) throws(BreweryError) {
        let query = text.joined(separator: " ")
        guard !query.allSatisfy(\.isWhitespace) else { throw .usage("search needs some text, e.g. 'search hazy'") }
        let catalogue = try session.catalogue(global).catalogue
        let filter = try filters.filter(catalogue, note: session.output.note)
        let end = paging.end(session, count: catalogue.count)
        let found = session.timedQuery {
            NameSearch(catalogue: catalogue).search(query, limit: end) { filter.passes($0, catalogue.features) }
        }
        let start = min(paging.start(count: found.total), found.hits.count)
        let shown = found.hits[start...]
        session.showRows(count: shown.count, global) { range in
            SearchView(
                catalogue: catalogue, query: query, hits: Array(shown[(start + range.lowerBound)..<(start + range.upperBound)]),
                offset: start + range.lowerBound, total: found.total, moreHint: session.moreHint)
        }
    }
}
