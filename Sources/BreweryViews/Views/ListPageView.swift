import BreweryCore

/// What `list` shows: one page of the catalogue in id order, as the Punk API paged it, or
/// in another order.
package struct ListPageView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        package var results: [NameRow]
        package var page: Int
        package var perPage: Int
        package var pages: Int
        /// Beers in the catalogue.
        package var total: Int

        enum CodingKeys: String, CodingKey {
            case results, page, pages, total
            case perPage = "per_page"
        }
    }

    package let document: Document
    package let window: ResultWindow?
    let list: RankedList

    /// Page `page`: the `perPage` beers from position `start` of the catalogue, or of
    /// `only` (beer indexes, when filters chose them or another order; `filters` says
    /// which filters, `order` which order). `only` may end with this page, when `total`
    /// says how many beers the list has in all.
    ///
    /// - Precondition: `perPage` ≥ 1; `only` holds the list up to this page's end.
    package init(
        catalogue: Catalogue, page: Int, start: Int, perPage: Int, only: [Int]? = nil, total: Int? = nil,
        filters: String = "", order: String? = nil
    ) {
        let count = total ?? only?.count ?? catalogue.count
        let pages = max(count / perPage + (count % perPage == 0 ? 0 : 1), 1)
        let lo = min(start, count)
        let hi = lo + min(perPage, count - lo)
        let beers = (lo..<hi).map { catalogue.beers.basics(at: only?[$0] ?? $0) }
        document = Document(
            results: beers.enumerated().map { NameRow(rank: lo + $0.offset + 1, beer: $0.element) },
            page: page, perPage: perPage, pages: pages, total: count)
        let beersWord = CountedNoun.phrase(count, "beer")
        let what = (filters.isEmpty ? beersWord : "\(beersWord) where \(filters)") + (order.map { ", \($0)" } ?? "")
        list = RankedList(
            columns: RankedList.beerColumns(rank: false, nameMinWidth: 12),
            rows: beers.map { RankedList.beerCells(rank: nil, id: $0.id, name: $0.name, abv: $0.abv, ibu: $0.ibu, ebc: $0.ebc) },
            empty: count == 0
                ? "No beer passes the filters (\(filters))."
                : "Page \(page) is past the end: there are \(pages) pages of \(perPage).",
            footer: ["page \(page) of \(pages) (\(what), \(perPage) per page)"])
        window = ResultWindow(offset: lo, shown: hi - lo, more: hi < count)
    }

    package func lines(width: Int, style: Style) -> [String] { list.lines(width: width, style: style) }
    package var csv: CSVTable { list.csv }
}
