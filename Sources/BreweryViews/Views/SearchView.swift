import BreweryCore

/// What `search` shows: the beers whose names match, best first, with how each matched.
package struct SearchView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        package var query: String
        package var results: [NameRow]
        /// Names that matched in all.
        package var total: Int
    }

    package let document: Document
    package let window: ResultWindow?
    let list: RankedList

    /// The view of `hits`, the matches from rank `offset + 1` on, of `total` in all.
    package init(
        catalogue: Catalogue, query: String, hits: [NameSearch.Hit], offset: Int, total: Int,
        moreHint: String = MoreHint.oneShot
    ) {
        let rows = hits.enumerated().map { i, h in
            NameRow(rank: offset + i + 1, beer: catalogue.beers.basics(at: h.index), match: h.kind.label)
        }
        document = Document(query: query, results: rows, total: total)
        let left = total - offset - rows.count
        list = RankedList(
            columns: RankedList.beerColumns(nameMinWidth: 12, [.init(header: "match")]),
            rows: rows.map {
                RankedList.beerCells(rank: $0.rank, id: $0.id, name: $0.name, abv: $0.abv, ibu: $0.ibu, ebc: $0.ebc)
                    + [$0.match ?? ""]
            },
            empty: offset > 0 && total > 0 ? "No more results." : "No beer name matches '\(excerpt(query))'.",
            footer: left > 0 ? ["\(left) more; \(moreHint)"] : [])
        window = ResultWindow(offset: offset, shown: rows.count, more: left > 0)
    }

    package func lines(width: Int, style: Style) -> [String] { list.lines(width: width, style: style) }
    package var csv: CSVTable { list.csv }
    package var listShape: ListShape? { list.shape }
}

extension SearchView {
    /// The view of `page` for `query`.
    package init(catalogue: Catalogue, query: String, page: SearchPage, moreHint: String) {
        self.init(
            catalogue: catalogue, query: query, hits: page.hits, offset: page.offset, total: page.total, moreHint: moreHint)
    }
}
