import BreweryCore

/// What `wishlist` shows: the beers the user wants to try, first wished first.
package struct WishlistView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        package struct Row: Encodable, Sendable, Equatable {
            package var beer: TastedBeerRow
            package var addedAt: String

            enum CodingKeys: String, CodingKey {
                case beer
                case addedAt = "added_at"
            }
        }
        package var results: [Row]
    }

    package let document: Document
    let list: RankedList

    /// The view of `wishes` on `catalogue`.
    package init(_ wishes: [WishedBeer], catalogue: Catalogue) {
        let rows = wishes.map { Document.Row(beer: TastedBeerRow($0.beer, catalogue: catalogue), addedAt: $0.addedAt) }
        document = Document(results: rows)
        list = RankedList(
            columns: [
                .init(header: "#", rightAligned: true), .init(header: "id", rightAligned: true),
                .init(header: "name", flexible: true, minWidth: 12), .init(header: "added"),
            ],
            rows: rows.enumerated().map { n, r in [String(n + 1), r.beer.idCell, r.beer.name, String(r.addedAt.prefix(10))] },
            empty: "The wishlist is empty: add a beer with 'wish <beer>'.")
    }

    package func lines(width: Int, style: Style) -> [String] { list.lines(width: width, style: style) }
    package var csv: CSVTable {
        CSVTable(
            header: ["id", "stored_id", "name", "added_at"],
            rows: document.results.map {
                [$0.beer.id.map(String.init) ?? "", String($0.beer.storedID), $0.beer.name, $0.addedAt]
            })
    }
}
