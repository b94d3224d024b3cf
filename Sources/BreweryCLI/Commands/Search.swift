import ArgumentParser
import BreweryCore
import BreweryViews

/// `search <text>`: beers by name.
struct Search: SessionCommand, TakesGlobalOptions, PagedCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find beers by name: exact, prefix, word prefix, substring, then typo-tolerant.")

    static let options = GlobalOptions.described + PagingOptions.described + FilterOptions.described
    static let argument: (valueName: String, values: [String])? = (ArgumentKind.text, [])

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
        let page = session.timedQuery {
            NameSearch(catalogue: catalogue).page(query, filter: filter, window: paging.window(session))
        }
        session.showRows(count: page.hits.count, global) { rows in
            SearchView(catalogue: catalogue, query: query, page: page.part(rows), moreHint: session.moreHint)
        }
    }
}
