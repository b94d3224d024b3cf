import BreweryCore

/// What `ratings` shows: the user's ratings, with the beers this catalogue does not have
/// marked.
package struct RatingsView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        package struct Row: Encodable, Sendable, Equatable {
            package var beer: TastedBeerRow
            package var score: Double
            @Nullable package var note: String?
            package var ratedAt: String

            enum CodingKeys: String, CodingKey {
                case beer, score, note
                case ratedAt = "rated_at"
            }
        }
        /// How the rows are ordered: `date`, `score` or `name`.
        package var sort: String
        package var results: [Row]
        /// Ratings whose beer this catalogue does not have.
        package var notFound: Int

        enum CodingKeys: String, CodingKey {
            case sort, results
            case notFound = "not_found"
        }
    }

    /// How `ratings` orders its rows.
    package enum Order: String, CaseIterable, Sendable {
        /// Latest first.
        case date
        /// Best first, then latest.
        case score
        /// By name.
        case name
    }

    package let document: Document
    let list: RankedList

    /// The view of `ratings` on `catalogue` in `order`.
    package init(_ ratings: [BeerRating], catalogue: Catalogue, order: Order) {
        let sorted: [BeerRating] =
            switch order {
            case .date: ratings.sorted { ($0.ratedAt, $1.beer.key) > ($1.ratedAt, $0.beer.key) }
            case .score: ratings.sorted { ($0.score, $0.ratedAt, $1.beer.key) > ($1.score, $1.ratedAt, $0.beer.key) }
            case .name: ratings.sorted { $0.beer.key < $1.beer.key }
            }
        let rows = sorted.map {
            Document.Row(beer: TastedBeerRow($0.beer, catalogue: catalogue), score: $0.score, note: $0.note, ratedAt: $0.ratedAt)
        }
        let missing = rows.filter { $0.beer.id == nil }.count
        document = Document(sort: order.rawValue, results: rows, notFound: missing)
        list = RankedList(
            columns: [
                .init(header: "#", rightAligned: true), .init(header: "id", rightAligned: true),
                .init(header: "name", flexible: true, minWidth: 12), .init(header: "rating"), .init(header: "rated"),
                .init(header: "note", flexible: true, minWidth: 8, wraps: true),
            ],
            rows: rows.enumerated().map { n, r in
                [
                    String(n + 1), r.beer.idCell, r.beer.name, BeerRating.stars(r.score), String(r.ratedAt.prefix(10)),
                    r.note ?? "",
                ]
            },
            empty: "No ratings yet: rate a beer with 'rate <beer> <0.5-5>', e.g. rate 192 4.5.",
            footer: missing == 0
                ? []
                : [
                    "\(missing) rated beer\(missing == 1 ? " is" : "s are") not in this catalogue (id –); kept for the catalogue that has them"
                ])
    }

    package func lines(width: Int, style: Style) -> [String] { list.lines(width: width, style: style) }
    package var csv: CSVTable {
        CSVTable(
            header: ["id", "stored_id", "name", "score", "rated_at", "note"],
            rows: document.results.map {
                [
                    $0.beer.id.map(String.init) ?? "", String($0.beer.storedID), $0.beer.name, String($0.score), $0.ratedAt,
                    $0.note ?? "",
                ]
            })
    }
}
