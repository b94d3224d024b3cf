import BreweryCore

/// What `recommend like` shows: the query beer, then the ranked beers with reasons (and,
/// with `--explain`, each score's parts).
package struct LikeView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        package var query: BeerSummary
        /// The weights used, as `--weights` takes them.
        package var weights: String
        /// The filters, in words; empty for none.
        package var filters: String
        package var results: [RecommendationRow]
        /// Beers with exactly the query's abv/ibu/ebc left out of the list.
        package var hiddenTwins: Int

        enum CodingKeys: String, CodingKey {
            case query, weights, filters, results
            case hiddenTwins = "hidden_twins"
        }
    }

    package let document: Document
    package let window: ResultWindow?
    let list: RankedList

    /// The view of `result`, whose hits start at rank `offset + 1`; `more` tells whether
    /// the ranking went on past them.
    package init(
        catalogue: Catalogue, result: LikeRecommender.Result, weights: ScoringWeights, filter: BeerFilter,
        offset: Int, more: Bool, explain: Bool
    ) {
        let q = catalogue.beers[result.query]
        let n = NumberFormat.short
        let hits = result.hits.map { (hit: $0, beer: catalogue.beers[$0.index]) }
        var rows: [RecommendationRow] = []
        var cells: [[String]] = []
        var details: [[String]] = []
        for (i, (h, b)) in hits.enumerated() {
            let b: Beer = b
            let rank = offset + i + 1
            let why = Reasons.like(h.breakdown)
            rows.append(
                RecommendationRow(
                    rank: rank, id: b.id, name: b.name, abv: b.abv, ibu: b.ibu, ebc: b.ebc,
                    score: NumberFormat.rounded(Double(h.score), places: 4), reason: why,
                    sharedFoods: h.breakdown.sharedFoods, closeAxes: h.breakdown.axes.filter(\.isClose).map(\.axis.name),
                    breakdown: explain ? .like(LikeBreakdown(h.breakdown)) : nil))
            cells.append(
                RankedList.beerCells(rank: rank, id: b.id, name: b.name, abv: b.abv, ibu: b.ibu, ebc: b.ebc)
                    + [NumberFormat.fixed(Double(h.score), 3), why])
            if explain { details.append(Self.explanation(h)) }
        }
        document = Document(
            query: BeerSummary(id: q.id, name: q.name, abv: q.abv, ibu: q.ibu, ebc: q.ebc),
            weights: weights.description, filters: filter.summary, results: rows, hiddenTwins: result.hiddenTwins)
        let twins = result.hiddenTwins
        list = RankedList(
            heading: [
                StyledText([
                    .plain("Beers like "), .bold(q.name),
                    .plain(
                        " (#\(q.id): abv \(n(q.abv, 1)), ibu \(n(q.ibu, 1)), ebc \(n(q.ebc, 1)))"
                            + (filter.isEmpty ? "" : " where \(filter.summary)")),
                ])
            ],
            columns: RankedList.beerColumns([
                .init(header: "score", rightAligned: true), .init(header: "why", flexible: true, minWidth: 10),
            ]),
            rows: cells, details: details, empty: "No beer passes the filters.",
            footer: twins > 0
                ? ["\(twins) more beer\(twins == 1 ? "" : "s") with exactly the same abv/ibu/ebc left out (at most 2 are listed)"]
                : [])
        window = ResultWindow(offset: offset, shown: rows.count, more: more)
    }

    /// The `--explain` lines under one hit.
    static func explanation(_ h: LikeRecommender.Hit) -> [String] {
        let n = NumberFormat.short
        let f = NumberFormat.fixed
        let b = h.breakdown
        var lines = b.axes.map { a in
            let d = a.scaledDifference.map { NumberFormat.signed(Double($0), 2) } ?? "skipped (missing)"
            return
                "      \(a.axis.name): \(n(a.query, 1)) vs \(n(a.other, 1)), scaled difference \(d), weight \(n(Double(a.weight), 2))"
        }
        let shared = b.sharedFoods.isEmpty ? "none" : b.sharedFoods.joined(separator: ", ")
        lines.append(
            "      numeric \(f(Double(b.numeric), 3)) × \(f(Double(b.numericWeight), 2)) + food \(f(Double(b.food), 3)) × \(f(Double(b.foodWeight), 2)) (shared: \(shared)) → \(f(Double(h.score), 3))"
        )
        return lines
    }

    package func lines(width: Int, style: Style) -> [String] { list.lines(width: width, style: style) }
    package var csv: CSVTable { list.csv }
}
