import ArgumentParser
import BreweryCore
import BreweryViews

/// `list [--page N] [--per-page N] [--sort abv] [--reverse]`: the catalogue in pages, like
/// the Punk API, in id order or another.
struct ListBeers: SessionCommand, TakesGlobalOptions, PagedCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the catalogue, a page at a time.")

    static let options =
        GlobalOptions.described + FilterOptions.described + [
            .value("--page"), .value("--per-page"), .value("--limit"), .value("--sort", BeerOrder.allCases.map(\.rawValue)),
            .flag("--reverse"),
        ]

    @OptionGroup var global: GlobalOptions
    @OptionGroup var filters: FilterOptions

    @Option(help: ArgumentHelp("Page number, from 1.", valueName: "n"))
    var page: Int = 1

    /// `--limit` too, as every other listing takes; 0 puts every beer on one page, as
    /// `--limit 0` gives every result in the other listings. Without it, the shell's `set
    /// limit`, else 25.
    @Option(
        name: [.customLong("per-page"), .customLong("limit")],
        help: ArgumentHelp(
            "Beers per page (default 25, or the shell's 'set limit'; 0 for all on one page; --limit is the same).", valueName: "n"
        ))
    var perPage: Int?

    @Option(
        help: ArgumentHelp(
            "Order the beers by id (the default), name, abv, ibu or ebc (-abv: highest first); beers missing the value come last.",
            valueName: "order"))
    var sort = SortArgument(.id)

    @Flag(help: "Highest first (Z to A for names).")
    var reverse = false

    /// Beers to skip, instead of a page number: what `more` adds.
    @Option(help: .hidden)
    var offset: Int?

    func validate() throws {
        guard page >= 1 else { throw ValidationError("--page must be 1 or more") }
        if let perPage, perPage < 0 { throw ValidationError("--per-page (or --limit) must be 0 (all) or more") }
        if let offset, offset < 0 { throw ValidationError("--offset must be 0 or more") }
    }

    func execute(in session: Session) throws(BreweryError) {
        let catalogue = try session.catalogue(global).catalogue
        let filter = try filters.filter(catalogue, note: session.output.note)
        // With filters, the pages are of the beers that pass them, in catalogue order or
        // the order asked for.
        var passing = filter.isEmpty ? nil : catalogue.beers.indices.filter { filter.passes($0, catalogue.features) }
        let total = passing?.count ?? catalogue.beers.count
        let asked = perPage ?? session.chosenLimit ?? 25
        let perPage = asked == 0 ? max(total, 1) : asked
        // Pages past the end are empty, however large the number.
        let byPage = (page - 1).multipliedReportingOverflow(by: perPage)
        let start = offset ?? (byPage.overflow ? Int.max : byPage.partialValue)
        let shownPage = offset.map { $0 / perPage + 1 } ?? page
        let descending = reverse != sort.descending
        if sort.order != .id || descending {
            // Only as far as this page ends.
            let end = start.addingReportingOverflow(perPage)
            passing = sort.order.sorted(
                passing ?? Array(catalogue.beers.indices), in: catalogue, descending: descending,
                first: end.overflow ? total : min(end.partialValue, total))
        }
        session.show(
            ListPageView(
                catalogue: catalogue, page: shownPage, start: start, perPage: perPage, only: passing, total: total,
                filters: filter.summary, order: sort.order.summary(descending: descending)),
            global)
    }
}
