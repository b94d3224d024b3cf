import ArgumentParser
import BreweryCore
import BreweryViews

/// `list [--page N] [--per-page N]`: the catalogue in pages, like the Punk API.
struct ListBeers: SessionCommand, TakesGlobalOptions, PagedCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the catalogue, a page at a time.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var filters: FilterOptions

    @Option(help: ArgumentHelp("Page number, from 1.", valueName: "n"))
    var page: Int = 1

    /// `--limit` too, as every other listing takes.
    @Option(
        name: [.customLong("per-page"), .customLong("limit")],
        help: ArgumentHelp("Beers per page (1–1000; --limit is the same).", valueName: "n"))
    var perPage: Int = 25

    /// Beers to skip, instead of a page number: what `more` adds.
    @Option(help: .hidden)
    var offset: Int?

    func validate() throws {
        guard page >= 1 else { throw ValidationError("--page must be 1 or more") }
        guard (1...1000).contains(perPage) else { throw ValidationError("--per-page must be between 1 and 1000") }
        if let offset, offset < 0 { throw ValidationError("--offset must be 0 or more") }
    }

    func execute(in session: Session) throws(BreweryError) {
        let catalogue = try session.catalogue(global).catalogue
        let filter = try filters.filter(catalogue)
        // With filters, the pages are of the beers that pass them, in catalogue order.
        let passing = filter.isEmpty ? nil : catalogue.beers.indices.filter { filter.passes($0, catalogue.features) }
        // Pages past the end are empty, however large the number.
        let byPage = (page - 1).multipliedReportingOverflow(by: perPage)
        let start = offset ?? (byPage.overflow ? Int.max : byPage.partialValue)
        let shownPage = offset.map { $0 / perPage + 1 } ?? page
        session.show(
            ListPageView(
                catalogue: catalogue, page: shownPage, start: start, perPage: perPage, only: passing, filters: filter.summary),
            global)
    }
}
