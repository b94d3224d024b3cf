import BreweryCore

/// What `cellar` shows: what the user keeps, soonest best-before first, those past it
/// marked.
package struct CellarView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        package struct Row: Encodable, Sendable, Equatable {
            package var beer: TastedBeerRow
            package var count: Int
            /// `MM-YYYY`.
            @Nullable package var bestBefore: String?
            /// Whether the best-before month has ended.
            package var past: Bool
            @Nullable package var place: String?
            package var addedAt: String

            enum CodingKeys: String, CodingKey {
                case beer, count, past, place
                case bestBefore = "best_before"
                case addedAt = "added_at"
            }
        }
        package var results: [Row]
        /// Bottles and cans in all.
        package var total: Int
    }

    package let document: Document
    let list: RankedList

    /// The view of `entries` on `catalogue`, `today` being the month it is.
    package init(_ entries: [CellarEntry], catalogue: Catalogue, today: BestBefore) {
        let rows = CellarEntry.ordered(entries).map {
            Document.Row(
                beer: TastedBeerRow($0.beer, catalogue: catalogue), count: $0.count, bestBefore: $0.bestBefore?.description,
                past: $0.bestBefore.map { $0 < today } ?? false, place: $0.place, addedAt: $0.addedAt)
        }
        let total = rows.reduce(0) { $0 + $1.count }
        document = Document(results: rows, total: total)
        let past = rows.filter(\.past).count
        list = RankedList(
            columns: [
                .init(header: "id", rightAligned: true), .init(header: "name", flexible: true, minWidth: 12),
                .init(header: "count", rightAligned: true), .init(header: "best before"),
                .init(header: "where", flexible: true, minWidth: 6),
            ],
            rows: rows.map {
                [
                    $0.beer.idCell, $0.beer.name, String($0.count), ($0.bestBefore ?? "") + ($0.past ? " (past)" : ""),
                    $0.place ?? "",
                ]
            },
            empty: "The cellar is empty: add bottles with 'cellar add <beer> [--count N] [--best-before MM-YYYY]'.",
            footer: ["\(total) in all" + (past > 0 ? "; \(past) past best-before" : "")])
    }

    package func lines(width: Int, style: Style) -> [String] { list.lines(width: width, style: style) }
    package var csv: CSVTable {
        CSVTable(
            header: ["id", "stored_id", "name", "count", "best_before", "past", "where", "added_at"],
            rows: document.results.map {
                [
                    $0.beer.id.map(String.init) ?? "", String($0.beer.storedID), $0.beer.name, String($0.count),
                    $0.bestBefore ?? "",
                    String($0.past), $0.place ?? "", $0.addedAt,
                ]
            })
    }
}
