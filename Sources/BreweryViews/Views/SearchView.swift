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
            let name = catalogue.beers.name(at: h.index)
            return NameRow(rank: offset + i + 1, id: catalogue.idIndex.ids[h.index], name: name, match: h.kind.label)
        }
        document = Document(query: query, results: rows, total: total)
        let left = total - offset - rows.count
        list = RankedList(
            columns: [
                .init(header: "#", rightAligned: true), .init(header: "id", rightAligned: true),
                .init(header: "name", flexible: true, minWidth: 12), .init(header: "match"),
            ],
            rows: rows.map { [String($0.rank), String($0.id), $0.name, $0.match ?? ""] },
            empty: offset > 0 && total > 0 ? "No more results." : "No beer name matches '\(excerpt(query))'.",
            footer: left > 0 ? ["\(left) more; \(moreHint)"] : [])
        window = ResultWindow(offset: offset, shown: rows.count, more: left > 0)
    }

    package func lines(width: Int, style: Style) -> [String] { list.lines(width: width, style: style) }
    package var csv: CSVTable { list.csv }
}
