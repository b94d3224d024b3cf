import BreweryCore

/// What `recommend for me` shows: beers for the user's taste, each with the rated beers
/// it is like and why.
package struct ForMeView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        /// A beer that pulled (rated well or wished for), as ranked for.
        package struct Pull: Encodable, Sendable, Equatable {
            package var id: Int
            package var name: String
            /// The rating; null for a wished-for beer.
            @Nullable package var rating: Double?
        }
        /// The beers that pull, strongest first.
        package var liked: [Pull]
        /// The beers rated poorly, pushing beers like them down.
        package var disliked: [Pull]
        /// Ratings that found their beer in this catalogue.
        package var rated: Int
        /// Whether beers already rated or in the cellar may be listed.
        package var includeTried: Bool
        /// The weights the beers were scored with (fitted to what the liked beers share),
        /// as `--weights` takes them.
        package var weights: String
        /// The filters, in words; empty for none.
        package var filters: String
        package var results: [RecommendationRow]
        /// Stored beers this catalogue does not have, as stored.
        package var notFound: [String]

        enum CodingKeys: String, CodingKey {
            case liked, disliked, rated, weights, filters, results
            case includeTried = "include_tried"
            case notFound = "not_found"
        }
    }

    package let document: Document
    package let window: ResultWindow?
    let list: RankedList

    /// The view of `page` on `catalogue`.
    package init(catalogue: Catalogue, page: ForMePage, filter: BeerFilter, includeTried: Bool, explain: Bool) {
        let signals = page.signals
        func pull(_ i: Int, _ rating: Double?) -> Document.Pull {
            Document.Pull(id: catalogue.beers[i].id, name: catalogue.beers.name(at: i), rating: rating)
        }
        func named(_ p: TasteSignals.Pull) -> String {
            catalogue.beers.name(at: p.index) + (p.rating.map { " " + BeerRating.stars($0) } ?? " (wished for)")
        }
        var rows: [RecommendationRow] = []
        var cells: [[String]] = []
        var details: [[String]] = []
        for (n, r) in page.rows.enumerated() {
            let b = catalogue.beers.basics(at: r.index)
            let rank = page.offset + n + 1
            let pulls = r.pulls.prefix(2).map { named(signals.pulls[$0]) }
            var why = "like " + pulls.joined(separator: " and ") + ": " + Reasons.like(r.hit.breakdown)
            if let d = r.hit.closestDisliked, d.score >= (r.hit.likedScores.max() ?? 0),
                let push = signals.pushes.first(where: { $0.index == d.index })
            {
                why += "; pushed down: like \(catalogue.beers.name(at: d.index)) \(BeerRating.stars(push.rating))"
            }
            let bd = r.hit.breakdown
            rows.append(
                RecommendationRow(
                    rank: rank, id: b.id, name: b.name, abv: b.abv, ibu: b.ibu, ebc: b.ebc,
                    score: NumberFormat.rounded(Double(r.score), places: 4), match: MatchScale.like(r.score), reason: why,
                    sharedFoods: bd.sharedFoods, closeAxes: bd.axes.filter(\.isClose).map(\.axis.name), sameYeast: bd.sameYeast,
                    sharedHops: bd.sharedHops, sharedMalts: bd.sharedMalts))
            cells.append(
                RankedList.beerCells(rank: rank, id: b.id, name: b.name, abv: b.abv, ibu: b.ibu, ebc: b.ebc)
                    + [String(MatchScale.like(r.score)), why])
            if explain {
                let p = signals.pulls[r.pulls[0]]
                details.append(
                    [
                        "score \(NumberFormat.rounded(Double(r.score), places: 4)) = weight \(NumberFormat.rounded(Double(p.weight), places: 2)) (\(p.rating.map { BeerRating.stars($0) } ?? "wished for")) × like score \(NumberFormat.rounded(Double(r.hit.score), places: 4)) against \(catalogue.beers.name(at: p.index))"
                    ]
                        + LikeView.explanation(
                            r.hit, catalogue: catalogue,
                            query: LikeQuery(liked: [p.index], disliked: signals.pushes.map(\.index), weights: page.weights)
                        ))
            }
        }
        let missing = signals.missing.map { "\($0.name) (#\($0.id))" }
        document = Document(
            liked: signals.pulls.map { pull($0.index, $0.rating) }, disliked: signals.pushes.map { pull($0.index, $0.rating) },
            rated: signals.ratedCount, includeTried: includeTried, weights: page.weights.description,
            filters: filter.summary, results: rows, notFound: missing)
        var heading = "For you, from " + CountedNoun.phrase(signals.ratedCount, "rating")
        let wished = signals.pulls.filter { $0.rating == nil }.count
        if wished > 0 { heading += " and " + CountedNoun.phrase(wished, "wished-for beer") }
        heading += includeTried ? "" : " (beers you rated or keep are left out)"
        if !filter.isEmpty { heading += " where \(filter.summary)" }
        var footer: [String] = []
        if signals.ratedCount < 3 {
            footer.append("Rate at least 3 beers for better picks ('rate <beer> <0.5-5>', or 'taste quiz').")
        }
        if explain, page.weights != .standard {
            footer.append(FittedWeightsNote.line(page.weights, whose: "your liked beers"))
        }
        if !missing.isEmpty {
            footer.append(
                "Not in this catalogue, so not used: " + missing.prefix(5).joined(separator: ", ")
                    + (missing.count > 5 ? "…" : ""))
        }
        list = RankedList(
            heading: [StyledText([.plain(heading)])],
            columns: RankedList.beerColumns([
                .init(header: "match", rightAligned: true), .init(header: "why", flexible: true, minWidth: 10, wraps: true),
            ]),
            rows: cells, details: details, empty: "No beer passes the filters.", footer: footer)
        window = ResultWindow(offset: page.offset, shown: rows.count, more: page.more)
    }

    package func lines(width: Int, style: Style) -> [String] { list.lines(width: width, style: style) }
    package var csv: CSVTable { list.csv }
    package var listShape: ListShape? { list.shape }
}
