import BreweryCore

/// What `ingredients hops|malt|yeast` shows: the catalogue's ingredients of one kind with
/// how many beers use each, most used first.
package struct IngredientListView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        package struct Row: Encodable, Sendable, Equatable {
            package var rank: Int
            package var name: String
            /// Beers using it.
            package var beers: Int
        }
        /// `hops`, `malt` or `yeast`.
        package var kind: String
        @Nullable package var query: String?
        package var results: [Row]
        /// Ingredients that matched in all.
        package var total: Int
        /// When none matched: those a mistyped query may have meant.
        package var suggestions: [String]
    }

    package let document: Document
    package let window: ResultWindow?
    let list: RankedList

    /// Rows `offset + 1…` of the ingredients in `rows` (name, beers), `total` in all;
    /// `suggestions` when none matched `query`.
    package init(
        kind: String, query: String?, rows: [(name: String, beers: Int)], offset: Int, total: Int,
        suggestions: [String] = [], moreHint: String = MoreHint.oneShot
    ) {
        let results = rows.enumerated().map {
            Document.Row(rank: offset + $0.offset + 1, name: $0.element.name, beers: $0.element.beers)
        }
        document = Document(kind: kind, query: query, results: results, total: total, suggestions: suggestions)
        let meant = suggestions.isEmpty ? "" : " Did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?"
        let left = total - offset - results.count
        list = RankedList(
            columns: [
                .init(header: "#", rightAligned: true), .init(header: kind, flexible: true, minWidth: 12),
                .init(header: "beers", rightAligned: true),
            ],
            rows: results.map { [String($0.rank), $0.name, String($0.beers)] },
            empty: offset > 0 && total > 0
                ? "No more results." : "No \(kind == "hops" ? "hop" : kind) matches '\(excerpt(query ?? ""))'." + meant,
            footer: left > 0 ? ["\(left) more; \(moreHint)"] : [])
        window = ResultWindow(offset: offset, shown: results.count, more: left > 0)
    }

    package func lines(width: Int, style: Style) -> [String] { list.lines(width: width, style: style) }
    package var csv: CSVTable { list.csv }
}
